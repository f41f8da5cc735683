"""Writing and reading plays that enter waiting checkers (``in/22``), the reasons given for illegal ones, the
explanation of a roll, and a turn played one checker at a time with checkers waiting (acey-deucey)."""

from __future__ import annotations

import pytest
from conftest import load_jsonl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import NOTATION_ALPHABET, spread
from test_waiting_positions import waiting_positions

from trainer.engine import (
    WAITING,
    AmbiguousPlayError,
    Constraint,
    IllegalPlayError,
    InvalidNotationError,
    Move,
    Position,
    Turn,
    explain,
    legal_plays,
    parse_play,
)

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

START = Position.acey_deucey_start()
EARLY = Position.from_text("X: waitx13 24 23 / O: waitx13 22x2")  # O holds X's 22-point
BAR_AND_WAITING = Position.from_text("X: waitx12 bar 24 13 / O: waitx8 20x2 19 12 6 5 1")
HOME_BUT_ONE = Position.from_text("X: wait 6x2 5x12 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3")

reference_positions = st.sampled_from([str(case["position"]) for case in load_jsonl("acey_cases.jsonl")]).map(
    Position.from_text
)
with_waiting = st.one_of(waiting_positions(), reference_positions)
dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


# --- writing ----------------------------------------------------------------------------------------------


def test_entering_a_waiting_checker_is_written_from_in() -> None:
    assert {str(play) for play in legal_plays(START, (2, 1))} == {"in/24 in/23", "in/22"}
    assert {str(play) for play in legal_plays(START, (5, 5))} == {
        "in/20(4)", "in/15 in/20(2)", "in/15(2)", "in/10 in/20", "in/5",
    }  # fmt: skip
    blot = Position.from_text("X: waitx15 / O: waitx14 22")
    assert {str(play) for play in legal_plays(blot, (3, 1))} == {"in/24 in/22*", "in/22*/21", "in/21"}
    hit = parse_play(blot, (3, 1), "in/22* in/24")
    assert Move(WAITING, 22, True) in hit.moves and hit.result.opponent_bar == 1


def test_a_checker_on_the_bar_is_written_before_one_entering_from_waiting() -> None:
    assert {str(play) for play in legal_plays(BAR_AND_WAITING, (3, 1))} == {
        "bar/22 in/24", "bar/22 24/23", "bar/21", "bar/22 13/12*", "bar/24 13/10",
    }  # fmt: skip


# --- reading ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["in/24 in/23", "in/23 in/24", "IN/24, in / 23", "in-24 in-23"])
def test_in_reads_in_any_order_spacing_and_case(text: str) -> None:
    assert str(parse_play(START, (2, 1), text)) == "in/24 in/23"


def test_26_is_not_written_for_in() -> None:
    with pytest.raises(InvalidNotationError, match="names point 26"):
        parse_play(START, (2, 1), "26/24 in/23")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("24/in", "'in' (entering a waiting checker) can only be where a move starts"),
        ("in*/22", "'*' marks a hit where a checker lands, not where it starts"),
        ("in/22/in", "'in' (entering a waiting checker) can only be where a move starts"),
    ],
)
def test_in_only_starts_a_move(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_play(START, (3, 1), text)
    assert message in caught.value.reason


@pytest.mark.parametrize(
    ("position", "dice", "text", "reason"),
    [
        (EARLY, (3, 1), "in/22 in/24", "point 22 is closed: O has 2 checkers there"),
        (HOME_BUT_ONE, (6, 5), "6/off 5/off", "you can't bear off while a checker still waits to enter"),
        (Position.from_text("X: waitx2 6x2 5x11 / O: 1x15"), (6, 5), "6/off 5/off",
         "you can't bear off while checkers still wait to enter"),
        (BAR_AND_WAITING, (3, 1), "in/22 13/12", "you have a checker on the bar: enter it first"),
        (BAR_AND_WAITING, (3, 1), "bar/22 in/21", "in/21 needs both dice, but one of them is already used"),
        (START, (2, 1), "24/22", "you have no checker on point 24"),
        (Position.from_text("X: 24 / O: waitx15"), (3, 1), "in/22", "you have no checker waiting to enter"),
    ],
)  # fmt: skip
def test_illegal_entering_plays_name_the_rule_they_break(
    position: Position, dice: tuple[int, int], text: str, reason: str
) -> None:
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(position, dice, text)
    assert caught.value.reason == reason
    # A position with waiting checkers has no Position ID: the message quotes its text form.
    assert caught.value.position_id == position.text()
    assert position.text() in str(caught.value)


@PROPERTY
@given(with_waiting, dice_rolls)
def test_notation_round_trips_with_waiting_checkers(position: Position, dice: tuple[int, int]) -> None:
    plays = sorted(legal_plays(position, dice), key=lambda play: play.result.text())
    for play in spread(plays, 20):
        assert parse_play(position, dice, str(play)).result == play.result, str(play)
        assert parse_play(position, (dice[1], dice[0]), str(play)).result == play.result


@PROPERTY
@given(with_waiting, dice_rolls, st.text(alphabet=NOTATION_ALPHABET + "in", max_size=30))
def test_the_parser_raises_only_documented_errors_with_waiting_checkers(
    position: Position, dice: tuple[int, int], text: str
) -> None:
    try:
        play = parse_play(position, dice, text)
    except (InvalidNotationError, IllegalPlayError, AmbiguousPlayError) as error:
        assert error.text == text and error.position_id == position.identifier() and error.reason
        assert "this is not a legal play" not in error.reason, error.reason
        if isinstance(error, AmbiguousPlayError):
            assert len({parse_play(position, dice, other) for other in error.candidates}) == len(error.candidates)
    else:
        assert play in legal_plays(position, dice)


# --- explaining a roll ------------------------------------------------------------------------------------


def test_explain_names_the_closed_entry_points_and_the_waiting_bear_off_rule() -> None:
    explanation = explain(HOME_BUT_ONE, (6, 5))
    assert explanation.no_play and Constraint.NO_PLAY in explanation.constraints
    assert explanation.text == (
        "No legal play with a 6 or a 5: You can't bear off while a checker still waits to enter. "
        "Every other move lands on a closed point. The turn passes."
    )
    forced = explain(Position.from_text("X: waitx3 6x2 5x10 / O: 20x2 21x2 22x2 23x2 24x2 1x5"), (6, 5))
    assert forced.text == "Forced: in/14 is the only legal play."


def test_explain_when_only_one_die_can_enter_a_waiting_checker() -> None:
    position = Position.from_text("X: waitx15 / O: 24x2 23x2 22x2 21x2 19x2 18x2 16x3")
    explanation = explain(position, (5, 4))  # 21 is closed, and a checker entered on 20 cannot go on to 16
    assert [str(play) for play in explanation.plays] == ["in/20"]
    assert Constraint.ONE_DIE in explanation.constraints
    assert "Only the 5 can be played: no checker can move 4, not even after playing the 5" in explanation.text


# --- a turn one checker at a time ---------------------------------------------------------------------------


def test_a_turn_moves_a_waiting_checker_from_slot_26() -> None:
    turn = Turn(EARLY, (2, 1))
    assert turn.movable_points() == frozenset({WAITING, 24, 23})
    assert set(turn.destinations(WAITING)) == {24, 23}
    assert turn.reachable(WAITING) == frozenset({24, 23})  # 22 is closed, so in/22 is not possible
    after = turn.move(WAITING, 23)
    assert after.current.player_waiting == 12 and after.current.player[23] == 2
    assert after.remaining_dice == (1,)
    done = after.move(24, 23)
    assert done.is_complete and done.play is not None
    assert done.play.result == done.current and str(done.play) == "in/23 24/23"
    assert done.undo().undo().current == EARLY


def test_a_turn_refuses_a_waiting_checker_while_one_is_on_the_bar() -> None:
    turn = Turn(BAR_AND_WAITING, (3, 1))
    assert turn.movable_points() == frozenset({25})
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(WAITING, 22)
    assert caught.value.reason == "you have a checker on the bar: enter it first"
    entered = turn.move(25, 22)
    assert WAITING in entered.movable_points() and entered.destinations(WAITING).keys() == {24}
    assert str(entered.move(WAITING, 24).play) == "bar/22 in/24"


def test_a_turn_says_why_an_entering_step_is_refused() -> None:
    turn = Turn(EARLY, (3, 1))
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(WAITING, 22)
    assert caught.value.reason == "point 22 is closed: O has 2 checkers there"
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(WAITING, 20)
    assert caught.value.reason == "in/20 is 5 pips, but a move uses one die: you have 3 and 1 left"
    routed = turn.route(WAITING, 21)  # in/22 is closed: the checker enters on 24 and goes on with the 3
    assert routed is not None and routed.moves == (Move(WAITING, 24), Move(24, 21)) and routed.notation() == "in/21"


@PROPERTY
@given(with_waiting, dice_rolls)
def test_every_legal_play_can_be_made_one_checker_at_a_time(position: Position, dice: tuple[int, int]) -> None:
    for play in spread(list(legal_plays(position, dice)), 4):
        turn = Turn(position, dice)
        for move in play.moves:
            assert move.end in turn.destinations(move.start), (str(play), move)
            turn = turn.move(move.start, move.end)
        assert turn.is_complete and turn.play is not None and turn.play.result == play.result
