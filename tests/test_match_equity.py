"""The match equity table (Kazaross-XG2) as the engine keeps it: every entry as GNU Backgammon ships it
(``tests/data/Kazaross-XG2.xml``, a copy of its ``met/Kazaross-XG2.xml``) and as bgsage reads it, and the take points
it gives at a score, the hard scores among them (a win or a loss that ends the match, the Crawford game,
post-Crawford)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import bgbot_cpp
import pytest

from trainer.engine.errors import CubeError, MatchError
from trainer.engine.match_equity import (
    LONGEST,
    POST_CRAWFORD,
    PRE_CRAWFORD,
    TABLE_NAME,
    Score,
    match_winning_chance,
    take_point,
)

XML = Path(__file__).parent / "data" / "Kazaross-XG2.xml"
AWAY = range(1, LONGEST + 1)


def xml_tables() -> tuple[list[list[float]], list[float]]:
    root = ElementTree.parse(XML).getroot()
    rows = root.find("pre-crawford-table")
    post = root.find("post-crawford-table")
    assert rows is not None and post is not None
    table = [[float(entry.text or "") for entry in row.findall("me")] for row in rows.findall("row")]
    (post_row,) = post.findall("row")
    return table, [float(entry.text or "") for entry in post_row.findall("me")]


def test_the_table_is_kazaross_xg2_as_gnu_backgammon_ships_it() -> None:
    pre, post = xml_tables()
    root = ElementTree.parse(XML).getroot()
    assert TABLE_NAME == "Kazaross-XG2" and "Kazaross XG2" in (root.findtext("info/name") or "")
    assert len(PRE_CRAWFORD) == len(POST_CRAWFORD) == LONGEST == 15
    for player in AWAY:
        assert PRE_CRAWFORD[player - 1] == tuple(pre[player - 1][:LONGEST]), player
    assert tuple(post[:LONGEST]) == POST_CRAWFORD


@pytest.mark.parametrize("player", AWAY)
def test_every_pre_crawford_entry_is_bgsages(player: int) -> None:
    for opponent in AWAY:
        expected = bgbot_cpp.get_met(player, opponent, False)
        assert match_winning_chance(player, opponent) == pytest.approx(expected, abs=5e-5), (player, opponent)


def test_the_post_crawford_row_is_the_trailers_chance_and_bgsages() -> None:
    _pre, post = xml_tables()
    for trailer in AWAY:
        chance = match_winning_chance(trailer, 1, post_crawford=True)
        assert chance == post[trailer - 1]
        assert match_winning_chance(1, trailer, post_crawford=True) == pytest.approx(1 - chance)
        assert chance == pytest.approx(bgbot_cpp.get_met(trailer, 1, True), abs=5e-5)
    assert match_winning_chance(1, 1, post_crawford=True) == match_winning_chance(1, 1) == 0.5
    # 2-away against 1-away: the Crawford game (the pre-Crawford table) is worse for the trailer than post-Crawford.
    assert match_winning_chance(2, 1) == 0.32264 and match_winning_chance(2, 1, post_crawford=True) == 0.48803


def test_a_won_match_is_certain_and_scores_off_the_table_are_refused() -> None:
    assert match_winning_chance(0, 3) == 1.0 and match_winning_chance(4, 0) == 0.0
    with pytest.raises(MatchError):
        match_winning_chance(0, 0)
    with pytest.raises(MatchError, match="16-away"):
        match_winning_chance(16, 3)
    with pytest.raises(MatchError, match="post-Crawford"):
        match_winning_chance(3, 5, post_crawford=True)


def test_a_take_point_is_risk_over_risk_and_gain() -> None:
    # You 4-away, O 2-away, O doubles to 2: passing leaves 4-away, 1-away (the Crawford game); taking plays for the
    # match, lost at once or won to 2-away, 2-away.
    take = take_point(4, 2, 1)
    assert (take.passed, take.lost, take.won) == (Score(4, 1), Score(4, 0), Score(2, 2))
    assert take.passed.crawford and take.lost.over and not take.won.crawford
    assert (take.pass_mwc, take.lose_mwc, take.win_mwc) == (PRE_CRAWFORD[3][0], 0.0, 0.5)
    assert take.risk == pytest.approx(take.pass_mwc) and take.gain == pytest.approx(0.5 - take.pass_mwc)
    assert take.point == pytest.approx(take.risk / (take.risk + take.gain)) == pytest.approx(0.37128)
    # The cube at 2 going to 4: 5-away each, a pass gives O 2 points, a take plays for 4.
    redouble = take_point(5, 5, 2)
    assert (redouble.passed, redouble.lost, redouble.won) == (Score(5, 3), Score(5, 1), Score(1, 5))
    assert redouble.lost.crawford and redouble.won.crawford
    assert redouble.lose_mwc == match_winning_chance(5, 1) and redouble.win_mwc == match_winning_chance(1, 5)


def test_a_take_point_where_either_result_ends_the_match() -> None:
    take = take_point(2, 2, 1)  # double match point after a take
    assert (take.lose_mwc, take.win_mwc) == (0.0, 1.0)
    assert take.point == pytest.approx(take.pass_mwc) == pytest.approx(match_winning_chance(2, 1))


def test_a_post_crawford_take_point_stays_post_crawford() -> None:
    # You lead at 1-away post-Crawford, O at 4-away doubles: a pass leaves O at 3-away, a loss at 2-away, both still
    # post-Crawford; a win ends the match.
    take = take_point(1, 4, 1, post_crawford=True)
    assert (take.passed, take.lost) == (Score(1, 3, True), Score(1, 2, True)) and take.won.over
    assert take.pass_mwc == pytest.approx(1 - POST_CRAWFORD[2]) and take.lose_mwc == pytest.approx(1 - POST_CRAWFORD[1])
    assert take.win_mwc == 1.0 and 0 < take.point < 0.5
    # O at 2-away: a pass makes it 1-away each, double match point.
    assert take_point(1, 2, 1, post_crawford=True).pass_mwc == 0.5


def test_doubles_that_cannot_be_are_refused() -> None:
    with pytest.raises(CubeError, match="Crawford"):
        take_point(1, 4, 1)  # the Crawford game
    with pytest.raises(CubeError, match="Crawford"):
        take_point(5, 1, 1)
    with pytest.raises(CubeError):
        take_point(3, 2, 2)  # O wins the match with the cube at 2 already
    with pytest.raises(CubeError):
        take_point(3, 5, 3)
    with pytest.raises(MatchError, match="post-Crawford"):
        take_point(3, 5, 1, post_crawford=True)
    with pytest.raises(MatchError):
        take_point(0, 5, 1)
