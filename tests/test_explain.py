"""explain(): what the rules force about a roll, checked against GNU Backgammon's tags and in words."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import legal_cases

from trainer.engine import Constraint, InvalidDiceError, Move, Position, explain, legal_plays

# Constraints that say why fewer than all the dice are played (or none): a roll has at most one of them.
SHORTFALLS = {
    Constraint.NO_PLAY,
    Constraint.ONE_DIE,
    Constraint.HIGHER_DIE,
    Constraint.PARTIAL_ENTRY,
    Constraint.PARTIAL_DOUBLE,
}
ONE_DIE_KINDS = {Constraint.ONE_DIE, Constraint.HIGHER_DIE, Constraint.PARTIAL_ENTRY}


def _played_with(move: Move, die: int) -> bool:
    """Whether ``move`` can be a move of ``die`` (a bear-off may use a die larger than the distance)."""
    return move.start - move.end == die or (move.end == 0 and move.start <= die)


def test_constraints_agree_with_the_reference_tags_for_all_5000_cases() -> None:
    """The exact relations, found in the data and the code:

    - ``pass`` <-> NO_PLAY <-> ``no_play`` <-> no dice used; ``single`` <-> ONLY_ONE_PLAY (never with a pass);
      ``forced`` <-> ``single`` or ``pass`` (a pass is forced too, one empty play).
    - ``higher_die`` <-> HIGHER_DIE.
    - ``one_die`` <-> exactly one of ONE_DIE, HIGHER_DIE, PARTIAL_ENTRY <-> a non-double with one die used.
    - ``doubles_partial`` <-> PARTIAL_DOUBLE <-> a double with 1-3 dice used. PARTIAL_ENTRY never comes with a
      double: a double that enters one checker enters up to four, so either the bar empties or all four dice
      are used.
    - PARTIAL_ENTRY -> tag ``bar`` and at least two checkers on the bar, every play leaving some there.
    """
    tally: Counter[str] = Counter()
    wrong = []
    for case, answer in legal_cases():
        tags = set(case["tags"])
        position = Position.from_position_id(case["position"])
        dice = (case["dice"][0], case["dice"][1])
        explanation = explain(position, dice)
        constraints = explanation.constraints
        doubles = dice[0] == dice[1]
        used = explanation.dice_used
        facts = {
            "pass": (
                ("pass" in tags)
                == (Constraint.NO_PLAY in constraints)
                == explanation.no_play
                == answer["forced_pass"]
                == (used == 0)
            ),
            "single": ("single" in tags)
            == (Constraint.ONLY_ONE_PLAY in constraints)
            == (len(explanation.plays) == 1 and not explanation.no_play),
            "forced": explanation.forced == bool(tags & {"single", "pass"}) == (answer["n"] == 1),
            "count": len(explanation.plays) == answer["n"] and used == answer["dice_used"],
            "higher_die": ("higher_die" in tags) == (Constraint.HIGHER_DIE in constraints),
            "one_die": ("one_die" in tags) == (len(constraints & ONE_DIE_KINDS) == 1) == (not doubles and used == 1),
            "doubles_partial": ("doubles_partial" in tags)
            == (Constraint.PARTIAL_DOUBLE in constraints)
            == (doubles and 1 <= used <= 3),
            "at_most_one_shortfall": len(constraints & SHORTFALLS) <= 1,
            "full_roll_has_no_shortfall": used < (4 if doubles else 2) or not constraints & SHORTFALLS,
            "partial_entry": Constraint.PARTIAL_ENTRY not in constraints
            or (
                "bar" in tags
                and not doubles
                and position.player_bar >= 2
                and all(play.result.player_bar for play in explanation.plays)
            ),
            # HIGHER_DIE: every play moves one checker with the higher die; ONE_DIE names the die its plays use.
            "higher_die_played": Constraint.HIGHER_DIE not in constraints
            or all(_played_with(play.moves[0], max(dice)) for play in explanation.plays),
            "one_die_named": Constraint.ONE_DIE not in constraints
            or any(
                f"Only the {die} can be played" in explanation.text
                and all(_played_with(play.moves[0], die) for play in explanation.plays)
                for die in dice
            ),
        }
        for name, holds in facts.items():
            if not holds:
                wrong.append((case["id"], name, sorted(c.name for c in constraints), sorted(tags)))
        tally.update(tags & {"pass", "single", "one_die", "higher_die", "doubles_partial"})
        tally.update(constraint.name for constraint in constraints)
    assert wrong == [], f"{len(wrong)} disagreements, first: {wrong[:10]}"
    # The README's counts, so the relations above are not tested on an empty set.
    assert tally["pass"] == tally["NO_PLAY"] == 456
    assert tally["single"] == tally["ONLY_ONE_PLAY"] == 1715
    assert tally["one_die"] == tally["ONE_DIE"] + tally["HIGHER_DIE"] + tally["PARTIAL_ENTRY"] == 675
    assert tally["higher_die"] == tally["HIGHER_DIE"] == 241
    assert tally["doubles_partial"] == tally["PARTIAL_DOUBLE"] == 292
    assert tally["PARTIAL_ENTRY"] > 0 and tally["ONE_DIE"] > 0


def test_the_text_opens_with_forced_or_not_forced_for_all_5000_cases() -> None:
    wrong = []
    for case, answer in legal_cases():
        position = Position.from_position_id(case["position"])
        explanation = explain(position, (case["dice"][0], case["dice"][1]))
        text = explanation.text
        if answer["forced_pass"]:
            good = text.startswith("No legal play") and "passes" in text
        elif answer["n"] == 1:
            good = text.startswith(f"Forced: {explanation.plays[0].notation(stops=True)} is the only legal play.")
        else:
            good = text.startswith(f"Not forced: there are {answer['n']} different legal plays.")
        if not good or str(explanation) != text:
            wrong.append((case["id"], text))
    assert wrong == [], wrong[:5]


def test_the_order_of_the_dice_does_not_matter() -> None:
    for case, _ in legal_cases()[::5]:
        position = Position.from_position_id(case["position"])
        high, low = case["dice"]
        one, other = explain(position, (high, low)), explain(position, (low, high))
        assert one.constraints == other.constraints, case["id"]
        assert {play.result for play in one.plays} == {play.result for play in other.plays}, case["id"]


# --- the words, in hand-made positions ------------------------------------------------------------------------


def words(position: str, dice: tuple[int, int]) -> tuple[frozenset[Constraint], str]:
    explanation = explain(Position.from_text(position), dice)
    return explanation.constraints, explanation.text


def test_no_legal_play_from_the_bar_names_the_closed_entry_points() -> None:
    constraints, text = words("X: bar 13x5 8x3 6x5 / O: 19x2 20x2 21x2 22x2 23x2 24x2", (6, 5))
    assert constraints == {Constraint.NO_PLAY}
    assert text.startswith("No legal play: you have 1 checker on the bar")
    assert "both entry points for 6-5 are closed" in text
    assert "point 19 (O has 2)" in text and "point 20 (O has 2)" in text
    assert "the turn passes" in text


def test_no_legal_play_from_the_bar_with_a_double_names_its_one_entry_point() -> None:
    constraints, text = words("X: bar bar 13x5 8x3 6x3 / O: 21x3 19x5 17x3 12x4", (4, 4))
    assert constraints == {Constraint.NO_PLAY}
    assert "2 checkers on the bar" in text
    assert "the entry point for 4-4 is closed: point 21 (O has 3)" in text


def test_no_legal_play_without_the_bar_says_why() -> None:
    constraints, text = words("X: 6x2 / O: 5x2 4x2 19x5", (2, 1))
    assert constraints == {Constraint.NO_PLAY}
    assert "a 2 or a 1 would land on a closed point" in text
    constraints, text = words("X: 24x2 / O: 23x2 22x2 19x5", (2, 1))
    assert constraints == {Constraint.NO_PLAY}
    assert "would land on a closed point" in text


def test_no_legal_play_names_the_rule_that_stops_a_bear_off() -> None:
    # All but one checker are home, the last one is stuck on the 7-point: the 6s could only bear off.
    constraints, text = words("X: 7 3x14 / O: 1x2", (6, 6))
    assert constraints == {Constraint.NO_PLAY}
    assert "You can't bear off while a checker is on your 7-point" in text
    assert "Every other move lands on a closed point" in text


def test_no_legal_play_is_forced_but_not_only_one_play() -> None:
    explanation = explain(Position.from_text("X: bar 13x5 8x3 6x5 / O: 19x2 20x2 21x2 22x2 23x2 24x2"), (6, 5))
    assert explanation.forced and explanation.no_play and explanation.dice_used == 0
    assert len(explanation.plays) == 1 and explanation.plays[0].is_pass
    assert Constraint.ONLY_ONE_PLAY not in explanation.constraints


def test_partial_entry_says_how_many_checkers_can_enter() -> None:
    # Two on the bar, 6-5, X's 19-point closed: one checker enters on 20, the 6 is lost.
    constraints, text = words("X: bar bar 13x5 8x3 6x3 / O: 19x2 21x2 22x2 23x2 24x2", (6, 5))
    assert constraints == {Constraint.PARTIAL_ENTRY, Constraint.ONLY_ONE_PLAY}
    assert "Forced: bar/20 is the only legal play." in text
    assert "Only 1 of your 2 checkers on the bar can enter" in text and "point 20 open" in text
    constraints, text = words("X: bar bar bar 13x5 8x3 6x4 / O: 19x2 21x2 22x2 23x2 24x2", (6, 5))
    assert Constraint.PARTIAL_ENTRY in constraints
    assert "Only 1 of your 3 checkers on the bar can enter" in text


def test_partial_entry_with_a_choice_of_entry_points() -> None:
    # Three on the bar, 6-5, both entry points open: two enter (all dice used), so no constraint.
    constraints, _ = words("X: bar bar bar 13x5 8x3 6x4 / O: 21x2 22x2 23x2 24x2", (6, 5))
    assert not constraints & SHORTFALLS


@pytest.mark.parametrize("dice", [(6, 5), (5, 6)])
def test_only_the_five_can_be_played(dice: tuple[int, int]) -> None:
    # One checker on 13: 13/7 lands on O's point, and after 13/8 the 6 lands on O's 2-point.
    constraints, text = words("X: 13 / O: 7x2 2x2 19x5", dice)
    assert constraints == {Constraint.ONE_DIE, Constraint.ONLY_ONE_PLAY}
    assert "Forced: 13/8 is the only legal play." in text
    assert "Only the 5 can be played" in text and "the 6 is lost" in text


@pytest.mark.parametrize("dice", [(6, 5), (5, 6)])
def test_higher_die_sentence(dice: tuple[int, int]) -> None:
    # 13/7 and 13/8 are each open, but 13/2 (either way) lands on O's 2-point: the 6 must be played.
    constraints, text = words("X: 13 / O: 2x2 19x5", dice)
    assert constraints == {Constraint.HIGHER_DIE, Constraint.ONLY_ONE_PLAY}
    assert text == (
        "Forced: 13/7 is the only legal play. "
        "You can play the 6 or the 5, but not both, so you must play the higher one (6)."
    )


def test_partial_double_sentence() -> None:
    constraints, text = words("X: 13 6x5 5x5 4x4 / O: 1x2 19x5", (6, 6))
    assert constraints == {Constraint.PARTIAL_DOUBLE, Constraint.ONLY_ONE_PLAY}
    assert text == (
        "Forced: 13/7 is the only legal play. Only one of your four 6s can be played; the rest of the roll is lost."
    )


def test_forced_sentence_for_a_full_roll() -> None:
    constraints, text = words("X: 6x2 5x2 / O: 1x5 2x2 3x2 4x2 19x2", (6, 5))
    assert constraints == {Constraint.ONLY_ONE_PLAY}
    assert text == "Forced: 6/off 5/off is the only legal play."


@pytest.mark.parametrize(
    ("position", "dice", "written", "gnubg"),
    [
        ("X: 11 6x5 5x2 3x3 2x4 / O: 24x2 23x2 21x2 17x2 12x2 9x3 1x2", (6, 5), "11/5/off", "11/off"),
        ("X: 5 / O: 19x5", (3, 2), "5/2/off", "5/off"),
        ("X: 4 / O: 19x5", (1, 1), "4/3/2/1/off", "4/off"),
    ],
)
def test_a_checker_borne_off_with_several_dice_is_written_with_its_stops(
    position: str, dice: tuple[int, int], written: str, gnubg: str
) -> None:
    explanation = explain(Position.from_text(position), dice)
    assert explanation.text == f"Forced: {written} is the only legal play."
    # The play itself keeps GNU Backgammon's short form, which the command line lists.
    assert str(explanation.plays[0]) == gnubg


@pytest.mark.parametrize(
    ("dice", "count"),
    [((6, 5), 7), ((6, 6), 11), ((4, 4), 52), ((3, 3), 73), ((2, 1), 15), ((1, 1), 42)],
)
def test_not_forced_sentence_counts_the_plays(dice: tuple[int, int], count: int) -> None:
    explanation = explain(Position.start(), dice)
    assert not explanation.forced and not explanation.constraints
    assert explanation.text == f"Not forced: there are {count} different legal plays."
    assert len(explanation.plays) == count == len(legal_plays(Position.start(), dice))


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (1,), (1, 2, 3)])
def test_bad_dice_are_rejected(dice: tuple[int, ...]) -> None:
    with pytest.raises(InvalidDiceError):
        explain(Position.start(), dice)
