"""Reasons in words: why the best play beats another (the facts of the board that differ most, every figure computed)
and why a cube answer is right, in English, Portuguese and the pseudo-language; and across the 320 best-play
puzzles, reasons that vary with the position."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from language_support import english_left_in_portuguese

from trainer import i18n
from trainer.content import reason_wording as words
from trainer.content.reason_wording import PointChange
from trainer.content.reasons import (
    Fact,
    PlayOutcome,
    board_after,
    chosen_differences,
    cube_reason,
    differences,
    play_reason,
    take_point,
)
from trainer.engine import Dice, Position, count_shots, parse_play, read_position

BEAR_IN = Position.from_text("X: 13 8x2 6x2 / O: 1x2 2 3")
"""X bears in against O's anchor on X's 1-point, with an O blot on X's 3-point to hit."""
FIVE_TWO = Dice.parse("52")
THREE_ONE = Dice.parse("31")


def outcome(position: Position, dice: Dice, play: str, equity: float, **chances: float) -> PlayOutcome:
    return PlayOutcome(parse_play(position, dice, play), equity, **chances)


def reason(position: Position, dice: Dice, best: str, other: str, **chances: float) -> str:
    """The reason ``best`` beats ``other``, ``best`` worth 0.160 more; ``chances`` prefixed ``best_`` or ``other_``."""
    mine = {key.removeprefix("best_"): value for key, value in chances.items() if key.startswith("best_")}
    theirs = {key.removeprefix("other_"): value for key, value in chances.items() if key.startswith("other_")}
    return play_reason(
        position, dice, outcome(position, dice, best, 0.16, **mine), outcome(position, dice, other, 0.0, **theirs)
    )


def test_a_play_leaving_shots_against_a_safe_play_names_the_shots() -> None:
    other = parse_play(BEAR_IN, FIVE_TWO, "13/8 6/4")
    shots = count_shots(other.result.swap()).total
    assert shots > 20
    said = reason(BEAR_IN, FIVE_TWO, "13/6", "13/8 6/4")
    assert said.startswith(
        "13/6 leaves no shot, keeps your 6-point and leaves 2 checkers outside your home board, "
        f"while 13/8 6/4 leaves {shots} shots, breaks your 6-point and "
    )
    assert said.endswith(".") and said.count(".") == 1


def test_a_point_made_is_named_with_the_play_that_misses_it() -> None:
    said = reason(Position.start(), THREE_ONE, "8/5 6/5", "24/20")
    assert (
        said
        == "8/5 6/5 makes your 5-point and leaves no blot, while 24/20 does not make your 5-point and leaves 2 blots."
    )


def test_a_hit_says_the_pips_it_costs_and_what_the_other_play_does_better() -> None:
    said = reason(BEAR_IN, FIVE_TWO, "8/6 8/3*", "13/6")
    shots = count_shots(parse_play(BEAR_IN, FIVE_TWO, "8/6 8/3*").result.swap()).total
    assert said == (
        f"8/6 8/3* hits (O loses 3 pips), while 13/6 does not hit. 13/6 leaves no shot and keeps your 8-point, where "
        f"8/6 8/3* leaves {shots} shots and breaks your 8-point, but it still ends 0.160 a game behind."
    )


def test_gammon_chances_that_differ_by_five_points_or_more_are_said() -> None:
    chances = {"best_win_gammon": 0.31, "other_win_gammon": 0.12, "best_lose_gammon": 0.05, "other_lose_gammon": 0.07}
    said = reason(Position.start(), THREE_ONE, "8/5 6/5", "8/4", **chances)
    assert said.startswith("8/5 6/5 wins a gammon 31% of the time, leaves no shot and makes your 5-point, while 8/4 ")
    assert "8/4 wins a gammon 12% of the time, leaves 14 shots" in said
    assert "7%" not in said  # the gammons lost differ by 2 points only
    close = {"best_win_gammon": 0.15, "other_win_gammon": 0.12}
    assert "gammon" not in reason(Position.start(), THREE_ONE, "8/5 6/5", "8/4", **close)


def test_the_scores_rank_the_facts_and_one_for_the_best_play_is_always_said() -> None:
    best, other = outcome(BEAR_IN, FIVE_TWO, "8/6 8/3*", 0.2), outcome(BEAR_IN, FIVE_TWO, "13/6", 0.0)
    found = differences(BEAR_IN, best, other)
    assert [difference.score for difference in found] == sorted((d.score for d in found), reverse=True)
    assert found[0].fact is Fact.SHOTS and found[0].favours == -1  # 13/6 is safe: the biggest difference
    chosen = chosen_differences(found, most=2)
    assert [difference.fact for difference in chosen][-1] is Fact.HITS and chosen[-1].favours == 1


def test_plays_alike_in_every_count_are_told_apart_by_their_equity() -> None:
    position = Position.from_text("X: bar 21x2 20x2 8 7 6x2 5x2 3x2 1x2 / O: 24x2 23x3 22x4 19x4 17x2")
    dice = Dice.parse("52")
    best, other = outcome(position, dice, "bar/20 7/5", -0.5), outcome(position, dice, "bar/20 8/6", -0.55)
    assert chosen_differences(differences(position, best, other)) == []
    block = board_after(best.play).block
    said = play_reason(position, dice, best, other)
    assert said == (
        f"bar/20 7/5 leaves no shot and keeps a block of {block} points in a row, just as bar/20 8/6 does; it keeps "
        "more winning chances all the same: 0.050 more a game."
    )
    same = play_reason(position, dice, best, outcome(position, dice, "bar/20 8/6", -0.5))
    assert same.endswith("and the two are worth the same to three decimals.")


def test_a_play_against_itself_or_another_position_is_refused() -> None:
    best = outcome(BEAR_IN, FIVE_TWO, "13/6", 0.1)
    with pytest.raises(ValueError, match="same play"):
        play_reason(BEAR_IN, FIVE_TWO, best, outcome(BEAR_IN, FIVE_TWO, "13/8/6", 0.0))
    with pytest.raises(ValueError, match="not a play"):
        play_reason(Position.start(), FIVE_TWO, best, outcome(Position.start(), FIVE_TWO, "13/8 13/11", 0.0))


# --- cube ----------------------------------------------------------------------------------------------------------

CONTACT = Position.from_text("X: 24x2 9 8x3 7 6x2 5x2 4x2 1x2 / O: bar 20x2 19x4 17x4 12x4")


def test_the_take_point_moves_by_half_the_difference_of_the_gammons() -> None:
    assert take_point(None, None) == 0.25
    assert take_point(0.15, 0.02) == pytest.approx(0.315)
    assert take_point(0.0, 0.2) == pytest.approx(0.15)


def test_a_take_says_its_cost_and_the_takers_chances_against_the_take_point() -> None:
    said = cube_reason(
        CONTACT, "take", "take", no_double=0.8, double_take=0.9, win=0.72, win_gammon=0.15, lose_gammon=0.02
    )
    assert said == (
        "Taking costs O 0.90 points a game, against the 1.00 that passing gives up. O wins only 28% of the games, "
        "not enough: with these gammons a take needs 32% (X wins a gammon 15% of the time, O 2%; without gammons it "
        "would be 25%). Owning the cube after the take makes up the difference."
    )
    plain = cube_reason(
        CONTACT, "take", "take", no_double=0.6, double_take=0.7, win=0.69, win_gammon=None, lose_gammon=None
    )
    assert plain.endswith("O wins 31% of the games, enough: a take needs 25%.")


def test_a_pass_a_double_and_a_no_double_say_the_figures_that_decide() -> None:
    figures = {"win_gammon": None, "lose_gammon": None}
    passed = cube_reason(CONTACT, "take", "pass", no_double=0.9, double_take=1.24, win=0.81, **figures)
    assert passed.startswith("Taking would cost O 1.24 points a game, more than the 1.00 that passing gives up.")
    assert "O wins only 19% of the games, not enough: a take needs 25%." in passed
    cashed = cube_reason(CONTACT, "double", "double", no_double=0.85, double_take=1.13, win=0.8, **figures)
    assert cashed.startswith("Doubling cashes 1.00 a game, more than the +0.85 of playing on, and O should pass")
    assert cashed.endswith("X has lost its market: it should cash the game now.")
    taken = cube_reason(CONTACT, "double", "double", no_double=0.805, double_take=0.956, win=0.713, **figures)
    assert taken.startswith("Doubling is worth +0.96 a game after a take, against +0.81 without doubling: 0.15 more.")
    waited = cube_reason(CONTACT, "double", "no double", no_double=0.32, double_take=0.14, win=0.6, **figures)
    assert waited.startswith("Waiting is worth +0.32 a game, against +0.14 after a double and a take: 0.18 more.")
    good = cube_reason(
        CONTACT, "double", "no double", no_double=1.1, double_take=1.3, win=0.82, win_gammon=0.35, lose_gammon=0.01
    )
    assert good.startswith("X is too good to double: playing on is worth +1.10 a game")
    assert good.endswith("X wins a gammon 35% of the time: playing for it is worth more than cashing.")


def test_a_race_cube_reason_gives_the_pip_counts() -> None:
    race = Position.from_text("X: 6x2 5x2 4x2 3 / O: 19x3 20x2 21x2")
    mine, theirs = race.pip_count()
    said = cube_reason(race, "take", "take", no_double=0.5, double_take=0.6, win=0.7, win_gammon=None, lose_gammon=None)
    assert said.startswith(f"In this race X has {mine} pips to O's {theirs}, {theirs - mine} pips ahead.")


def test_an_answer_the_figures_do_not_give_is_refused() -> None:
    with pytest.raises(ValueError, match="'pass'"):
        cube_reason(CONTACT, "take", "take", no_double=0.9, double_take=1.2, win=0.8, win_gammon=None, lose_gammon=None)


# --- languages -----------------------------------------------------------------------------------------------------

ENGLISH_WORD = re.compile(r"\b(the|is|a|of|and|your|you|not|on|points?|leaves|shots?|while|where|hits|wins|takes?)\b")


def reasons_of_every_kind() -> list[str]:
    """A play's reason with a second sentence, one alike in every count, and every kind of cube reason."""
    alike = Position.from_text("X: bar 21x2 20x2 8 7 6x2 5x2 3x2 1x2 / O: 24x2 23x3 22x4 19x4 17x2")
    five_two = Dice.parse("52")
    race = Position.from_text("X: 6x2 5x2 4x2 3 / O: 19x3 20x2 21x2")
    gammons = {"win_gammon": 0.15, "lose_gammon": 0.02}
    none = {"win_gammon": None, "lose_gammon": None}
    return [
        reason(BEAR_IN, FIVE_TWO, "8/6 8/3*", "13/6"),
        reason(Position.start(), THREE_ONE, "8/5 6/5", "8/4", best_win_gammon=0.3, other_win_gammon=0.1),
        play_reason(
            alike, five_two, outcome(alike, five_two, "bar/20 7/5", 0.1), outcome(alike, five_two, "bar/20 8/6", 0.0)
        ),
        cube_reason(CONTACT, "take", "take", no_double=0.8, double_take=0.9, win=0.72, **gammons),
        cube_reason(race, "take", "pass", no_double=0.9, double_take=1.24, win=0.81, **none),
        cube_reason(CONTACT, "double", "double", no_double=0.85, double_take=1.13, win=0.71, **none),
        cube_reason(CONTACT, "double", "double", no_double=0.805, double_take=0.956, win=0.713, **none),
        cube_reason(CONTACT, "double", "no double", no_double=0.32, double_take=0.14, win=0.6, **none),
        cube_reason(CONTACT, "double", "no double", no_double=1.1, double_take=1.3, win=0.82, **gammons),
    ]


def every_phrase() -> list[str]:
    """Each sentence and phrase of :mod:`trainer.content.reason_wording`, in each of its forms."""
    changes: tuple[PointChange, ...] = ("makes", "keeps", "breaks", "misses")
    safe, exposed, made, missed = words.shots(0), words.shots(11), words.point("makes", 5), words.point("misses", 5)
    hit = words.hits(1, 7)
    phrases = [
        *(words.shots(count, back_aside=aside) for count in (0, 1, 3) for aside in (False, True)),
        *(words.point(change, point) for change in changes for point in (5, 7, 8, 20)),
        *(words.hits(count, pips) for count, pips in ((0, 0), (1, 1), (1, 5), (2, 10))),
        *(words.block(length, before) for length, before in ((1, 0), (4, 3), (3, 3), (2, 3))),
        *(words.race(lead) for lead in (5, 1, 0, -1, -5)),
        *(phrase(count) for count in (0, 1, 3) for phrase in (words.blots, words.back, words.borne_off, words.gaps)),
        *(phrase(count) for count in (0, 1, 3) for phrase in (words.outside_checkers, words.pips_to_bring_home)),
        *(phrase(count) for count in (1, 12) for phrase in (words.timing,)),
        words.rolls_to_bear_off(3.25),
        *(phrase(0.2) for phrase in (words.wins, words.wins_gammons, words.loses_gammons)),
        words.compared("13/5", [safe, made], "13/7 8/7", [exposed, missed]),
        words.conceded("13/7*", [hit], "13/5", [words.hits(0, 0)], 0.12),
        words.worth_more("13/5", 0.05),
        words.alike("13/5", [safe, made], "13/7", 0.01),
        words.alike_and_equal("13/5", [safe], "13/7"),
        *(verdict(cost) for cost in (-0.1, 0.5, 1.2) for verdict in (words.take_verdict, words.pass_verdict)),
        words.double_take_verdict(0.8, 0.95),
        words.double_pass_verdict(0.8, 1.1),
        words.too_good_verdict(1.2),
        words.wait_verdict(0.3, 0.1),
        *(words.taker_chances(chance, 0.25, words.take_need(0.25, None, None)) for chance in (0.2, 0.25, 0.3)),
        words.take_need(0.3, 0.15, 0.05),
        words.doubler_chances(0.7),
        words.doubler_gammons(0.3),
        words.cube_makes_up(),
        words.cube_figures_decide(),
        words.market_lost(),
        words.before_the_market(),
        *(words.race_standing(mine, theirs) for mine, theirs in ((30, 35), (30, 31), (35, 30), (31, 30), (30, 30))),
    ]
    return phrases


@pytest.mark.usefixtures("other_language")
def test_every_phrase_is_translated() -> None:
    for said in every_phrase():
        if i18n.language() == "pt":
            assert english_left_in_portuguese(said) == [], said
        else:
            assert not ENGLISH_WORD.search(said), said


@pytest.mark.usefixtures("other_language")
def test_every_reason_is_translated() -> None:
    for said in reasons_of_every_kind():
        if i18n.language() == "pt":
            assert english_left_in_portuguese(said) == [], said
        else:
            assert not ENGLISH_WORD.search(said), said


def test_portuguese_reasons_read_in_portuguese_with_its_numbers() -> None:
    i18n.use_language("pt")
    shots = count_shots(parse_play(BEAR_IN, FIVE_TWO, "8/6 8/3*").result.swap()).total
    assert reason(BEAR_IN, FIVE_TWO, "8/6 8/3*", "13/6") == (
        f"8/6 8/3* bate (O perde 3 pips), enquanto 13/6 não bate. 13/6 não deixa nenhum tiro e mantém sua casa 8, "
        f"enquanto 8/6 8/3* deixa {shots} tiros e desfaz sua casa 8, mas ainda assim fica 0,160 por jogo atrás."
    )
    said = cube_reason(
        CONTACT, "take", "take", no_double=0.8, double_take=0.9, win=0.72, win_gammon=0.15, lose_gammon=0.02
    )
    assert said.startswith(
        "Aceitar custa a O 0,90 pontos por jogo, contra o 1,00 que se entrega ao recusar. O vence só 28%"
    )


# --- the best-play puzzles -------------------------------------------------------------------------------------


@cache
def puzzle_reasons() -> tuple[tuple[str, str, str], ...]:
    """The reason of each best-play puzzle's best play against each other listed play: (best, other, reason)."""
    with (Path(__file__).parent / "data" / "best-v1.toml").open("rb") as handle:  # 320 earlier best-play puzzles
        puzzles = tomllib.load(handle)["puzzles"]
    found = []
    for puzzle in puzzles:
        position = read_position(puzzle["position"])[0]
        dice = Dice.parse(puzzle["dice"])
        plays = [outcome(position, dice, listed["play"], listed["equity"]) for listed in puzzle["plays"]]
        for other in plays[1:]:
            names = plays[0].play.notation(stops=True), other.play.notation(stops=True)
            found.append((*names, play_reason(position, dice, plays[0], other)))
    return tuple(found)


def skeleton(best: str, other: str, said: str) -> str:
    """A reason's sentence with its plays and its numbers left out: what is said, not of which plays."""
    return re.sub(r"\d+([.,]\d+)?", "N", said.replace(best, "BEST").replace(other, "OTHER"))


def test_the_puzzles_reasons_vary_with_the_position() -> None:
    found = puzzle_reasons()
    assert len(found) > 1000
    sentences = Counter(said for _best, _other, said in found)
    assert sentences.most_common(1)[0][1] < len(found) / 5
    skeletons = Counter(skeleton(*reason) for reason in found)
    assert skeletons.most_common(1)[0][1] < len(found) / 5
    assert len(skeletons) > len(found) / 4, "the sentences take as many forms as the positions"


def test_every_puzzle_reason_names_both_plays_and_a_figure() -> None:
    alike = 0
    for best, other, said in puzzle_reasons():
        assert said.startswith(best) and other in said, said
        assert re.search(r"\d", said.replace(best, "").replace(other, "")), said
        alike += "just as" in said
    assert alike < len(puzzle_reasons()) / 10, "few plays are alike in every count"
