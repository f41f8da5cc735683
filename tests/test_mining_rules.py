"""The rules a mined record is settled, themed and selected by: the rollout rule for each play, the themes of what
the plays do and of who answers a cube question, the shares the shipped files keep, and the market losers seen
from the doubler's side."""

from __future__ import annotations

from typing import Any

import pytest

from trainer.authoring.corpus import NEAR_EDGE, capped, near_and_far, resettled
from trainer.authoring.mine_records import best_themes, cube_themes, finish
from trainer.authoring.mine_tasks import MIN_GAP, STAND_IN_GAP, judge
from trainer.content.position_themes import PositionTheme, position_themes
from trainer.content.puzzle_lines import BEST_FIELDS, CUBE_FIELDS, puzzle_fields
from trainer.engine import Position


def test_a_rolled_out_play_is_judged_by_its_standard_error() -> None:
    assert judge(0.01, 0.01, 0.01, rolled_out=True)[0] == "accept"  # within the combined error
    assert judge(0.05, 0.005, 0.005, rolled_out=True)[0] == "reject"  # 0.04 and 3 errors behind
    assert judge(0.05, 0.02, 0.02, rolled_out=True)[0] == "open"  # 0.04 behind, but not 3 errors
    assert judge(MIN_GAP - 0.001, 0.001, 0.001, rolled_out=True)[0] == "open"  # 3 errors, but under 0.04


def test_a_play_the_rollout_left_out_must_be_as_far_behind_as_a_stand_in() -> None:
    assert judge(0.06, 0.005, None, rolled_out=True)[0] == "open"  # no error to go by: 0.06 is not enough
    assert judge(STAND_IN_GAP, 0.005, None, rolled_out=True)[0] == "reject"
    assert judge(0.06, None, None, rolled_out=False)[0] == "open"
    assert judge(STAND_IN_GAP, None, None, rolled_out=False)[0] == "reject"


def _best_record(plays: list[tuple[str, float, float | None]], answers: list[str], method: str) -> dict[str, Any]:
    listed = [{"play": name, "result": name, "equity": equity, "se": se} for name, equity, se in plays]
    return {"plays": listed, "answers": answers, "verified": {"method": method}}


def test_a_record_mined_under_the_earlier_rule_is_held_to_todays() -> None:
    settled = [("a", 0.30, 0.01), ("b", 0.29, 0.01), ("c", 0.20, 0.01), ("d", 0.10, None)]
    again = resettled(_best_record(settled, ["a", "b"], "rollout"))
    assert again is not None and again["verified"]["gap"] == pytest.approx(0.10)
    assert again["verified"]["se"] == pytest.approx(0.0141, abs=1e-4)
    unrolled_close = [("a", 0.30, 0.005), ("c", 0.24, 0.005), ("d", 0.25, None)]  # d only 0.05 behind, no error
    assert resettled(_best_record(unrolled_close, ["a"], "rollout")) is None
    assert resettled(_best_record(settled, ["a"], "rollout")) is None  # b is within the error: it must be accepted
    accepted_below = [("a", 0.30, 0.005), ("c", 0.25, 0.005), ("e", 0.24, 0.04)]  # e within its large error
    assert resettled(_best_record(accepted_below, ["a", "e"], "rollout")) is None
    assert resettled(_best_record([("a", 0.30, None), ("c", 0.10, 0.005)], ["a"], "rollout")) is None
    unrolled_first = [("a", 0.30, 0.005), ("d", 0.21, None), ("c", 0.20, 0.005)]
    again = resettled(_best_record(unrolled_first, ["a"], "rollout"))
    assert again is not None and again["verified"]["se"] == 0.0  # the first left out has no error to combine


POSITION_OF_HITS = "wtvBYBDg88EBAw"
"""6-5 here: the three best plays all hit (13/2*, 8/3 8/2*, 8/2* 6/1)."""
POSITION_OF_A_CHOICE = "s5nBAQngOXjAQQ"
"""5-5 here: the best play does not hit, the second does (bar/15 20/15 13/8, bar/20 13/3* 8/3, ...)."""


def _plays_of(*names: str) -> list[dict[str, Any]]:
    return [{"play": name, "result": "", "equity": 0.0, "se": None, "chances": []} for name in names]


def test_hit_or_not_needs_a_choice_between_hitting_and_not() -> None:
    all_hit = {"kind": "best", "position": POSITION_OF_HITS, "dice": [6, 5]}
    all_hit["plays"] = _plays_of("13/2*", "8/3 8/2*", "8/2* 6/1")
    assert "hit-or-not" not in best_themes(all_hit)
    choice = {"kind": "best", "position": POSITION_OF_A_CHOICE, "dice": [5, 5]}
    choice["plays"] = _plays_of("bar/15 20/15 13/8", "bar/20 13/3* 8/3", "bar/15 20/15 6/1")
    assert "hit-or-not" in best_themes(choice)


def _cube_record(position: str, question: str, answer: str, **figures: float) -> dict[str, Any]:
    base = {"no_double": 0.5, "double_take": 0.6, "double_pass": 1.0, "win": 0.7}
    base |= {"win_gammon": 0.1, "lose_gammon": 0.02}
    return {"kind": "cube", "position": position, "question": question, "answers": [answer], "figures": base | figures}


TOO_GOOD = "W9uABUB3mwOCAA"
TAKER_HOLDS = "1jxgBgOzuQODAA"
"""The taker (not the doubler) holds an anchor of a holding game here."""


def test_a_position_too_good_to_double_is_not_also_not_yet() -> None:
    themes = cube_themes(_cube_record(TOO_GOOD, "double", "no double", no_double=1.2, double_take=1.5, win=0.9))
    assert themes[0] == "too-good"
    assert "not-yet" not in themes
    assert cube_themes(_cube_record(TOO_GOOD, "double", "double"))[-1] == "double-now"
    assert cube_themes(_cube_record(TOO_GOOD, "double", "no double"))[-1] == "not-yet"


def test_a_take_question_is_themed_from_the_takers_side() -> None:
    position = Position.from_position_id(TAKER_HOLDS)
    assert PositionTheme.HOLDING_GAME not in position_themes(position)
    assert PositionTheme.HOLDING_GAME in position_themes(position.swap())
    assert "holding-game" in cube_themes(_cube_record(TAKER_HOLDS, "take", "take"))
    assert "holding-game" not in cube_themes(_cube_record(TAKER_HOLDS, "double", "double"))


def _records(count: int, question: str = "double") -> list[dict[str, Any]]:
    return [{"n": number, "question": question} for number in range(count)]


def test_the_obvious_share_holds_in_what_ships_after_themes_are_placed() -> None:
    records = _records(100)
    obvious = {id(record) for record in records[:40]}

    def place(kept: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str]]:
        return [(record, "t") for record in kept if record["n"] % 3]  # a third find no theme with room

    placed = capped(records, obvious, 0.10, place)
    shipped_obvious = sum(1 for record, _theme in placed if id(record) in obvious)
    assert 0 < shipped_obvious <= 0.10 * len(placed)


def test_far_cube_questions_are_no_more_than_near_ones_per_question() -> None:
    records = _records(30) + _records(30, "take")
    edges = {id(record): (0.05 if record["n"] < 8 else NEAR_EDGE + 0.2) for record in records}
    placed = near_and_far(records, edges, lambda kept: [(record, "t") for record in kept])
    for question in ("double", "take"):
        shipped = [record for record, _theme in placed if record["question"] == question]
        near = sum(1 for record in shipped if edges[id(record)] <= NEAR_EDGE)
        assert near == 8 and len(shipped) - near <= near


def test_a_finished_record_holds_only_the_fields_a_puzzle_file_reads() -> None:
    record = _cube_record(TAKER_HOLDS, "take", "take", no_double_se=0.01, double_take_se=0.01)
    record |= {"cube_owner": "centered", "verified": {"method": "3-ply", "trials": 0, "gap": 0.1, "se": 0.0}}
    record |= {"race": False, "market_losers": 0.2, "source": {"seed": 1, "game": 1, "turn": 5}}
    puzzle = finish(record, "cube-x-0001")
    assert set(puzzle) <= set(CUBE_FIELDS)
    fields, problems = puzzle_fields(puzzle)
    assert problems == [] and fields["id"] == "cube-x-0001"
    assert set(BEST_FIELDS) >= {"why", "verified"}


@pytest.fixture(scope="module")
def sage() -> Any:
    from trainer.analysis.sage import SageEvaluator

    return SageEvaluator()


MARKET_LOSER = "4HPwgEIzzsGAMA"
"""The side on roll attacks a blot with its opponent on the bar: many of its next rolls would make a take wrong."""


def test_market_losers_are_counted_for_the_side_on_roll(sage: Any) -> None:
    position = Position.from_position_id(MARKET_LOSER)
    assert sage.market_losers(position) >= 0.30
    assert sage.market_losers(position.swap()) == 0.0  # the side under attack loses no market by waiting


def test_a_rollout_seed_of_any_size_is_folded_into_bgsages(sage: Any) -> None:
    from trainer.engine import Dice

    position = Position.from_position_id("4HPwATDgc/ABMA")
    for seed in (2**40 + 7, -3):
        ranked = sage.rollout_plays(position, Dice(3, 1), trials=36, seed=seed)
        assert ranked[0].std_error is not None
