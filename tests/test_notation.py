"""parse_play: every way of writing a play, GNU Backgammon's notation for 5,000 reference cases, and the errors."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import legal_cases

from trainer.engine import (
    AmbiguousPlayError,
    EngineError,
    IllegalPlayError,
    InvalidNotationError,
    Play,
    PlayError,
    Position,
    Turn,
    legal_plays,
    parse_play,
)

START = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
# X has a checker on the bar and O's whole home board (X's points 19-24) is closed.
SHUT_OUT = "X: bar 13x5 8x3 6x5 / O: 19x2 20x2 21x2 22x2 23x2 24x2"
# An O blot on X's 18-point and nothing on X's 19-point: with 6-5, 24/13 can hit on the way or not.
BLOT_ON_18 = "X: 24x2 13x5 8x3 6x5 / O: 20x5 18 17x3 12x4 1x2"
# O blots on both X's 18- and 19-points: with 6-5, 24/13 hits on one of them, and the text must say which.
BLOTS_ON_18_AND_19 = "X: 24x2 13x5 8x3 6x5 / O: 20x5 19 18 17x3 12x3 1x2"


def pos(text: str) -> Position:
    return Position.from_text(text)


def parse(position_text: str, dice: tuple[int, int], play: str) -> Play:
    return parse_play(pos(position_text), dice, play)


# --- every notation form maps to the right legal play ------------------------------------------------

# (position, dice, what the learner writes, the position the play must leave: written independently of the
# engine's own notation, as the board after the play)
FORMS = [
    pytest.param(START, (6, 5), "24/18 13/8", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="two-checkers"),
    pytest.param(START, (6, 5), "13/8 24/18", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="any-order"),
    pytest.param(START, (5, 6), "24/18 13/8", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="dice-order"),
    pytest.param(START, (6, 5), "  24 / 18   13/8 ", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="spacing"),
    pytest.param(START, (6, 5), "24/18, 13/8", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="comma"),
    pytest.param(START, (6, 5), "24/18,13/8,", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="commas"),
    pytest.param(START, (6, 5), "24-18 13-8", "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2", id="hyphens"),
    pytest.param(START, (6, 5), "24/13", "X: 24 13x6 8x3 6x5 / O: 19x5 17x3 12x5 1x2", id="one-checker-both-dice"),
    pytest.param(START, (6, 5), "24/18/13", "X: 24 13x6 8x3 6x5 / O: 19x5 17x3 12x5 1x2", id="written-stop"),
    pytest.param(START, (6, 5), "24/13 ", "X: 24 13x6 8x3 6x5 / O: 19x5 17x3 12x5 1x2", id="trailing-space"),
    pytest.param(
        "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2",
        (6, 2),
        "13/7*/5",
        "X: 24x2 13x4 8x3 6x5 5 / O: bar 19x5 17x3 12x4 1x2",
        id="intermediate-hit",
    ),
    pytest.param(
        "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2",
        (6, 2),
        "13/5",
        "X: 24x2 13x4 8x3 6x5 5 / O: 19x5 17x3 12x4 7 1x2",
        id="unmarked-path-is-the-one-that-does-not-hit",
    ),
    pytest.param(
        "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2",
        (6, 2),
        "13/7 * / 5",
        "X: 24x2 13x4 8x3 6x5 5 / O: bar 19x5 17x3 12x4 1x2",
        id="spaced-hit-mark",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 22 19x4 17x3 12x5 1x2",
        (3, 1),
        "bar/22* 24/23",
        "X: 23 22 13x5 8x3 6x5 / O: bar 19x4 17x3 12x5 1x2",
        id="enter-hitting",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 22 19x4 17x3 12x5 1x2",
        (3, 1),
        "bar/22 24/23",
        "X: 23 22 13x5 8x3 6x5 / O: bar 19x4 17x3 12x5 1x2",
        id="enter-hitting-star-left-out",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (3, 1),
        "bar/22 24/23",
        "X: 23 22 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        id="enter",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (3, 1),
        "25/22 24/23",
        "X: 23 22 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        id="25-is-the-bar",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (3, 1),
        "BAR/22 24/23",
        "X: 23 22 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        id="upper-case-bar",
    ),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (3, 1),
        "bar/21",
        "X: 24 21 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        id="enter-and-continue",
    ),
    pytest.param("X: 6x2 5x3 4x5 / O: 19x5", (6, 5), "6/off 5/off", "X: 6 5x2 4x5 / O: 19x5", id="bear-off"),
    pytest.param("X: 6x2 5x3 4x5 / O: 19x5", (6, 5), "6/0 5/0", "X: 6 5x2 4x5 / O: 19x5", id="0-is-off"),
    pytest.param("X: 6x2 5x3 4x5 / O: 19x5", (6, 5), "6/OFF 5/Off", "X: 6 5x2 4x5 / O: 19x5", id="upper-case-off"),
    pytest.param("X: 6x2 5x3 4x5 / O: 19x5", (6, 5), "5/off 6/off", "X: 6 5x2 4x5 / O: 19x5", id="off-any-order"),
    pytest.param("X: 6 / O: 19x5", (6, 1), "6/off", "X: - / O: 19x5", id="off-with-both-dice"),
    pytest.param("X: 6 / O: 19x5", (6, 1), "6/5/off", "X: - / O: 19x5", id="off-with-written-stop"),
    pytest.param("X: 3x2 2 / O: 19x5", (6, 5), "3/off(2)", "X: 2 / O: 19x5", id="off-from-below-the-dice"),
    pytest.param(START, (3, 3), "8/5(2) 6/3(2)", "X: 24x2 13x5 8 6x3 5x2 3x2 / O: 19x5 17x3 12x5 1x2", id="count"),
    pytest.param(
        START, (3, 3), "6/3(2) 8/5(2)", "X: 24x2 13x5 8 6x3 5x2 3x2 / O: 19x5 17x3 12x5 1x2", id="counts-any-order"
    ),
    pytest.param(START, (3, 3), "8/5 6/3 8/5 6/3", "X: 24x2 13x5 8 6x3 5x2 3x2 / O: 19x5 17x3 12x5 1x2", id="repeated"),
    pytest.param(
        START, (3, 3), "8/5 (2) 6/3 ( 2 )", "X: 24x2 13x5 8 6x3 5x2 3x2 / O: 19x5 17x3 12x5 1x2", id="count-spaced"
    ),
    pytest.param(START, (2, 2), "13/5", "X: 24x2 13x4 8x3 6x5 5 / O: 19x5 17x3 12x5 1x2", id="one-checker-4-dice"),
    pytest.param(
        START, (3, 3), "24/21(2) 13/10(2)", "X: 21x2 13x3 10x2 8x3 6x5 / O: 19x5 17x3 12x5 1x2", id="two-counts"
    ),
    pytest.param(SHUT_OUT, (6, 5), "pass", SHUT_OUT, id="pass"),
    pytest.param(SHUT_OUT, (6, 5), "PASS", SHUT_OUT, id="pass-upper"),
    pytest.param(SHUT_OUT, (6, 5), "no  play", SHUT_OUT, id="no-play"),
]


@pytest.mark.parametrize(("position", "dice", "text", "after"), FORMS)
def test_every_notation_form_gives_the_right_legal_play(
    position: str, dice: tuple[int, int], text: str, after: str
) -> None:
    play = parse(position, dice, text)
    assert play.result == pos(after)
    assert play in legal_plays(pos(position), dice)
    assert play.position == pos(position)


def test_pass_play_is_the_empty_play() -> None:
    play = parse(SHUT_OUT, (6, 5), "pass")
    assert play.is_pass and play.dice_used == 0 and str(play) == "pass"


def test_hits_are_recorded_on_the_play() -> None:
    assert parse("X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2", (6, 2), "13/7*/5").hit_points() == {7}
    assert parse("X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2", (6, 2), "13/5").hits == 0
    assert parse(BLOT_ON_18, (6, 5), "24/18* 13/8").hit_points() == {18}
    # The star is optional when the move can only hit.
    assert parse(BLOT_ON_18, (6, 5), "24/18 13/8").hit_points() == {18}


# --- combined moves past a blot: '*' says which way -----------------------------------------------------


def test_combined_move_past_one_blot_follows_gnubg_notation() -> None:
    """24/13 is not ambiguous here: GNU Backgammon writes the play that passes 19 as ``24/13`` and the one that
    hits as ``24/18*/13`` (hundreds of such pairs in the reference data), and ``str(play)`` must parse back to
    its play. So an unmarked path means the play that hits nothing."""
    position = pos(BLOT_ON_18)
    by_text = {str(play): play for play in legal_plays(position, (6, 5))}
    assert by_text["24/18*/13"].hit_points() == {18}
    assert by_text["24/13"].hits == 0
    assert parse_play(position, (6, 5), "24/18*/13") == by_text["24/18*/13"]
    assert parse_play(position, (6, 5), "24/19/13") == by_text["24/13"]
    assert parse_play(position, (6, 5), "24/13") == by_text["24/13"]


def test_combined_move_that_must_hit_on_one_of_two_blots_is_ambiguous() -> None:
    position = pos(BLOTS_ON_18_AND_19)
    with pytest.raises(AmbiguousPlayError) as caught:
        parse_play(position, (6, 5), "24/13")
    error = caught.value
    assert set(error.candidates) == {"24/18*/13", "24/19*/13"}
    assert "mark the hit" in error.reason
    assert "24/18*/13" in error.reason and "24/19*/13" in error.reason
    resolved = {parse_play(position, (6, 5), text) for text in error.candidates}
    assert len(resolved) == 2
    assert parse_play(position, (6, 5), "24/18*/13").hit_points() == {18}
    assert parse_play(position, (6, 5), "24/19*/13").hit_points() == {19}
    assert isinstance(error, ValueError) and isinstance(error, PlayError)
    assert repr("24/13") in str(error) and position.position_id() in str(error)


# --- written intermediate points must be honoured ----------------------------------------------------------
# parse_play compares only where the checkers end up, so a stop the text names is never checked. These tests
# state what the text says; they fail on the current engine (reported).


def test_written_stop_on_a_blot_hits_it() -> None:
    # 24/18/13 stops on 18, where O has a blot: that hits. The engine returns 24/19/13 (no hit) instead.
    assert parse(BLOT_ON_18, (6, 5), "24/18/13") == parse(BLOT_ON_18, (6, 5), "24/18*/13")
    assert parse(BLOT_ON_18, (6, 5), "24/18 18/13").hit_points() == {18}
    blot_on_7 = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x4 7 1x2"
    assert parse(blot_on_7, (6, 2), "13/7/5").hit_points() == {7}


def test_written_stop_on_a_closed_point_is_illegal() -> None:
    # O holds X's 18-point: 24/18/13 is illegal even though 24/19/13 is not.
    position = "X: 24x2 13x5 8x3 6x5 / O: 20x3 18x2 17x3 12x5 1x2"
    with pytest.raises(IllegalPlayError) as caught:
        parse(position, (6, 5), "24/18/13")
    assert "point 18 is closed" in caught.value.reason


@pytest.mark.parametrize(
    ("dice", "text"),
    [((6, 5), "24/20/13"), ((6, 5), "24/14/13"), ((6, 5), "24/23/22/13"), ((3, 3), "8/4/2 6/3(2)")],
)
def test_written_stop_no_die_reaches_is_illegal(dice: tuple[int, int], text: str) -> None:
    with pytest.raises(IllegalPlayError):
        parse(START, dice, text)


# --- GNU Backgammon's notation for the 5,000 reference cases -------------------------------------------------

SAMPLE_PER_CASE = 10  # every play of a case with up to 10 plays, else 10 spread over its list (about 24,000 plays)


def _spread(count: int, most: int) -> list[int]:
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


@cache
def _parse_cached(position_id: str, dice: tuple[int, int], text: str) -> Play | AmbiguousPlayError:
    try:
        return parse_play(Position.from_position_id(position_id), dice, text)
    except AmbiguousPlayError as error:
        return error


def test_every_gnubg_play_parses_to_its_reference_result() -> None:
    checked = ambiguous = 0
    wrong = []
    for case, answer in legal_cases():
        dice = (case["dice"][0], case["dice"][1])
        for index in _spread(len(answer["plays"]), SAMPLE_PER_CASE):
            text, expected = answer["plays"][index], answer["results"][index]
            text = text or "pass"  # GNU Backgammon writes an empty string for a roll with no legal play
            try:
                outcome = _parse_cached(case["position"], dice, text)
            except PlayError as error:
                wrong.append((case["id"], text, f"{type(error).__name__}: {error.reason}"))
                continue
            checked += 1
            if isinstance(outcome, AmbiguousPlayError):
                # GNU Backgammon's notation can be ambiguous (6/off with 6-1 may mean 6/5/off): the reference
                # result must then be one of the candidates, and each candidate must name one play.
                ambiguous += 1
                position = Position.from_position_id(case["position"])
                results = {parse_play(position, dice, other).result.position_id() for other in outcome.candidates}
                if expected not in results or len(results) != len(outcome.candidates):
                    wrong.append((case["id"], text, f"ambiguous between {outcome.candidates}"))
            elif outcome.result.position_id() != expected:
                wrong.append((case["id"], text, str(outcome)))
    assert wrong == [], f"{len(wrong)} reference plays misread, first: {wrong[:10]}"
    assert checked > 20_000
    assert ambiguous <= checked // 100


def test_str_of_every_legal_play_parses_back_to_that_play() -> None:
    checked = 0
    wrong = []
    for case, _ in legal_cases():
        dice = (case["dice"][0], case["dice"][1])
        position = Position.from_position_id(case["position"])
        plays = sorted(legal_plays(position, dice), key=lambda play: play.result.position_id())
        for index in _spread(len(plays), SAMPLE_PER_CASE):
            play = plays[index]
            try:
                outcome = _parse_cached(case["position"], dice, str(play))
            except PlayError as error:
                wrong.append((case["id"], str(play), f"{type(error).__name__}: {error.reason}"))
                continue
            checked += 1
            if outcome != play:
                wrong.append((case["id"], str(play), str(outcome)))
    assert wrong == [], f"{len(wrong)} plays do not round-trip, first: {wrong[:10]}"
    assert checked > 20_000


def test_every_play_of_the_opening_rolls_round_trips() -> None:
    position = Position.start()
    for high in range(1, 7):
        for low in range(1, high + 1):
            for play in legal_plays(position, (high, low)):
                assert parse_play(position, (high, low), str(play)) == play
                assert parse_play(position, (low, high), str(play)).result == play.result


# --- unreadable text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("hello", "cannot read 'hello'"),
        ("24/", "cannot read '24/'"),
        ("24//18", "cannot read '24//18'"),
        ("30/24", "names point 30"),
        ("off/5", "'off' can only be where a move ends"),
        ("5/bar", "the bar can only be where a move starts"),
        ("24*/18", "'*' marks a hit where a checker lands"),
        ("8/5(9)", "repeats a move 9 times"),
        ("8/5(0)", "repeats a move 0 times"),
        ("24/18 13", "cannot read '13'"),
        ("6/off/3", "'off' can only be where a move ends"),
        ("24.18", "cannot read"),
        ("24/18 13/8 x", "cannot read 'x'"),
    ],
)
def test_unreadable_text_raises_invalid_notation(text: str, phrase: str) -> None:
    position = Position.start()
    with pytest.raises(InvalidNotationError) as caught:
        parse_play(position, (6, 5), text)
    error = caught.value
    assert phrase in error.reason
    assert isinstance(error, ValueError) and isinstance(error, EngineError) and isinstance(error, PlayError)
    assert error.text == text and error.dice == (6, 5) and error.position_id == position.position_id()
    assert str(error).startswith(repr(text)) and position.position_id() in str(error) and "6-5" in str(error)


# --- readable but illegal: the reason in words ------------------------------------------------------------------

ILLEGAL = [
    pytest.param(
        "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x2 5x3 1x2",
        (3, 1),
        "8/5 6/5",
        ["point 5 is closed: O has 3 checkers there"],
        id="closed-point",
    ),
    pytest.param(SHUT_OUT, (6, 5), "bar/20", ["point 20 is closed: O has 2 checkers there"], id="closed-entry"),
    pytest.param(
        "X: bar 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (6, 5),
        "13/7 13/8",
        ["you have a checker on the bar: enter it first"],
        id="bar-first",
    ),
    pytest.param(
        "X: bar bar 13x5 8x3 6x3 / O: 19x5 17x3 12x5 1x2",
        (6, 5),
        "13/7 13/8",
        ["you have 2 checkers on the bar: enter them first"],
        id="bar-first-two",
    ),
    pytest.param(SHUT_OUT, (6, 5), "13/7 13/8", ["you have a checker on the bar: enter it first"], id="bar-shut"),
    pytest.param(
        "X: 8 6x5 5x5 4x4 / O: 19x5 17x3 12x5 1x2",
        (6, 2),
        "6/off 6/4",
        ["you can't bear off while a checker is on your 8-point"],
        id="bear-off-with-checker-outside",
    ),
    pytest.param(
        START,
        (6, 5),
        "24/18",
        ["this uses only one die, but a play that uses both dice exists: you must use both dice when you can"],
        id="one-die-of-two",
    ),
    pytest.param(
        "X: 6x3 5x2 / O: 19x5",
        (6, 1),
        "6/off",
        ["this uses only one die, but a play that uses both dice exists"],
        id="one-die-of-two-bearing-off",
    ),
    pytest.param(
        "X: 13 / O: 19x5 2x2",
        (6, 5),
        "13/8",
        ["only one die can be played, so it must be the higher one (6)"],
        id="higher-die",
    ),
    pytest.param(
        START,
        (6, 6),
        "24/18(2)",
        ["this plays two of your four 6s, but four of them can be played: you must play as many as you can"],
        id="partial-double",
    ),
    pytest.param(
        START, (6, 5), "6/8 13/8", ["checkers move from higher to lower points: 6/8 goes backwards"], id="back"
    ),
    pytest.param(START, (6, 5), "20/14 13/8", ["you have no checker on point 20"], id="empty-start"),
    pytest.param(
        START,
        (6, 5),
        "13/10 24/18",
        ["13/10 moves 3 pips, but your dice are 6 and 5 (11 for one checker with both)"],
        id="distance-matches-no-die",
    ),
    pytest.param(START, (3, 3), "24/22 13/10", ["with 3-3 every move is 3 pips"], id="distance-matches-no-die-double"),
    pytest.param(
        START, (6, 5), "24/18 13/7", ["13/7 needs the 6, but the 6 is already used (you rolled 6-5)"], id="die-twice"
    ),
    pytest.param(
        START,
        (6, 5),
        "24/18 24/13",
        ["needs both dice, but one of them is already used"],
        id="both-dice-after-one",
    ),
    pytest.param(
        START, (6, 6), "24/18(2) 13/7(3)", ["13/7 needs another die, but the roll 6-6 is used up"], id="five-sixes"
    ),
    pytest.param(
        "X: 6x2 3 / O: 19x5",
        (5, 1),
        "3/off 6/5",
        [
            "you can't bear off from your 3-point with a 5 while a checker is on your 6-point",
            "a higher number bears off only from the highest point",
        ],
        id="bear-off-lower-point-with-higher-die",
    ),
    pytest.param(
        "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2",
        (6, 5),
        "24/18 13/8*",
        ["there is no O blot to hit on point 8"],
        id="hit-where-no-blot",
    ),
    pytest.param(
        START,
        (6, 5),
        "pass",
        ["you must play when you can, and this roll can be played"],
        id="pass-when-a-move-exists",
    ),
    pytest.param(START, (6, 5), "pass", ["you must play when you can"], id="pass-when-a-move-exists"),
]


@pytest.mark.parametrize(("position", "dice", "text", "phrases"), ILLEGAL)
def test_illegal_play_names_the_rule_it_breaks(
    position: str, dice: tuple[int, int], text: str, phrases: list[str]
) -> None:
    board = pos(position)
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(board, dice, text)
    error = caught.value
    for phrase in phrases:
        assert phrase in error.reason, f"{phrase!r} not in {error.reason!r}"
    assert isinstance(error, ValueError) and isinstance(error, PlayError)
    assert error.text == text and error.dice == dice and error.position_id == board.position_id()
    assert str(error) == f"{text!r} with {dice[0]}-{dice[1]} in {board.position_id()}: {error.detail}"


@pytest.mark.parametrize(
    ("position", "dice", "text"),
    [
        (START, (6, 5), "24/18"),
        ("X: 6x3 5x2 / O: 19x5", (6, 1), "6/off"),
        (START, (6, 6), "24/18(2)"),
        ("X: 13 / O: 19x5 2x2", (6, 5), "13/8"),
    ],
)
def test_a_rule_about_using_more_of_the_roll_keeps_its_example_apart(
    position: str, dice: tuple[int, int], text: str
) -> None:
    """The reason says the rule without naming a right answer (lessons and puzzles show it as feedback); the
    example play is kept apart for tools where it is no secret, and it is a legal play that does use the roll."""
    board = pos(position)
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(board, dice, text)
    error = caught.value
    legal = {str(play): play for play in legal_plays(board, dice)}
    assert error.example in legal
    assert all(notation not in error.reason for notation in legal), error.reason
    assert error.detail == f"{error.reason} (for example {error.example})"
    assert str(error).endswith(f"(for example {error.example})")


def test_a_rule_about_a_single_move_has_no_example() -> None:
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(Position.start(), (6, 5), "24/19")
    assert caught.value.example is None
    assert caught.value.detail == caught.value.reason == "point 19 is closed: O has 5 checkers there"


def test_combined_move_with_both_stops_closed_says_it_needs_an_open_point_on_the_way() -> None:
    # O holds X's 18- and 19-points: 24/13 with 6-5 has nowhere to stop.
    with pytest.raises(IllegalPlayError) as caught:
        parse("X: 24x2 13x5 8x3 6x5 / O: 19x5 18x2 17x3 12x3 1x2", (6, 5), "24/13")
    reason = caught.value.reason
    assert "open point" in reason and "along the way" in reason, reason
    assert "18" in reason and "19" in reason, reason


def test_combined_move_to_a_closed_point_names_the_landing_point_not_the_way() -> None:
    # 18 and 19 are open; only the landing point 13 is closed: the reason must not blame the way there.
    with pytest.raises(IllegalPlayError) as caught:
        parse("X: 24x2 14x5 8x3 6x5 / O: 20x5 17x3 13x3 1x2 2x2", (6, 5), "24/13")
    reason = caught.value.reason
    assert "point 13 is closed: O has 3 checkers there" in reason
    assert "along the way" not in reason, reason


def test_illegal_play_is_rejected_whatever_the_order_of_the_dice() -> None:
    for dice in ((6, 5), (5, 6)):
        with pytest.raises(IllegalPlayError, match="higher one"):
            parse("X: 13 / O: 19x5 2x2", dice, "13/8")


@pytest.mark.parametrize("text", ["", "   ", ",", " ; "])
def test_empty_text_is_not_a_pass(text: str) -> None:
    """An empty answer is refused as unreadable, even when the roll can't be played: "pass" must be said."""
    for position in (Position.start(), Position.from_text("X: bar 13x5 8x3 6x5 / O: 19x2 20x2 21x2 22x2 23x2 24x2")):
        with pytest.raises(InvalidNotationError, match="write a play"):
            parse_play(position, (6, 5), text)


# X has a single checker on its 18-point (and on the bar or waiting to enter, in the positions below).
ONE_ON_18 = "X: 24 18 13x4 8x4 6x5 / O: 19x5 17x3 12x5 1x2"


@pytest.mark.parametrize(
    ("position", "dice", "text", "reason"),
    [
        pytest.param(ONE_ON_18, (5, 4), "18/13 18/14", "you have no checker left on point 18 after 18/13", id="point"),
        pytest.param(ONE_ON_18, (5, 4), "18/14 18/13", "you have no checker left on point 18 after 18/14", id="order"),
        pytest.param(ONE_ON_18, (5, 3), "18/13(2)", "you have no checker left on point 18 after 18/13", id="repeat"),
        pytest.param(ONE_ON_18, (5, 3), "18/13 18/10", "you have no checker left on point 18 after 18/13", id="both"),
        pytest.param(ONE_ON_18, (5, 4), "18/13/9 18/14", "you have no checker left on point 18 after 18/13", id="stop"),
        pytest.param(
            "X: 24 13x5 8x3 6x5 18 / O: 19x5 17x3 12x5 1x2",
            (4, 4),
            "24/16 24/20",
            "you have no checker left on point 24 after 24/16",
            id="route",
        ),
        pytest.param(
            "X: 8x2 6x5 / O: 19x5",
            (3, 3),
            "8/5(3)",
            "you have no checker left on point 8 after 8/5(2)",
            id="two-emptied",
        ),
        pytest.param(
            "X: bar 13x5 8x3 6x4 / O: 19x2 20x2 21x2",
            (3, 5),
            "bar/22 bar/20",
            "you have no checker left on the bar after bar/22",
            id="bar",
        ),
        pytest.param(
            "X: wait 24 13x5 8x3 6x5 / O: waitx15",
            (3, 5),
            "in/22 in/20",
            "you have no checker left waiting to enter after in/22",
            id="waiting",
        ),
        pytest.param(START, (6, 5), "20/14 13/8", "you have no checker on point 20", id="never-there"),
    ],
)
def test_a_move_from_a_point_an_earlier_move_emptied_says_none_is_left_there(
    position: str, dice: tuple[int, int], text: str, reason: str
) -> None:
    """A second move from a point whose only checkers the play has already moved: the checker was there, and the
    reason says which moves took it, not that the learner never had one."""
    with pytest.raises(IllegalPlayError) as caught:
        parse(position, dice, text)
    assert caught.value.reason == reason


def test_a_turn_says_an_earlier_move_emptied_the_point() -> None:
    turn = Turn(pos(ONE_ON_18), (5, 4)).move(18, 13)
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(18, 14)
    assert caught.value.reason == "you have no checker left on point 18 after 18/13"
    assert turn.why_stuck(18) == "you have no checker left on point 18 after 18/13"
    entered = Turn(pos("X: bar 13x5 8x3 6x4 / O: 19x2 20x2 21x2"), (3, 4)).move(25, 22)
    assert entered.why_stuck(25) == "you have no checker left on the bar after bar/22"
