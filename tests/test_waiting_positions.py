"""Positions with checkers waiting to enter (acey-deucey): counts, the text form, what a Position ID or an XGID
cannot hold, and the diagram."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import CHECKERS, WAITING, InvalidPositionError, Position, Xgid, read_position

EXAMPLE = "X: waitx13 24 23 / O: waitx15"


@st.composite
def waiting_positions(draw: st.DrawFn) -> Position:
    """A legal position where both sides may have checkers waiting, on the bar, on points and off."""
    sides = []
    taken: set[int] = set()  # X's numbering
    for name in ("X", "O"):
        counts = [0] * 26
        waiting = draw(st.integers(0, CHECKERS))
        counts[25] = draw(st.integers(0, CHECKERS - waiting))
        placed = draw(st.integers(0, CHECKERS - waiting - counts[25]))
        free = [point for point in range(1, 25) if point not in taken]
        for point in draw(st.lists(st.sampled_from(free), min_size=placed, max_size=placed)):
            counts[point if name == "X" else 25 - point] += 1
        taken |= {point for point in range(1, 25) if counts[point if name == "X" else 25 - point]}
        counts[0] = CHECKERS - sum(counts) - waiting
        sides.append((counts, waiting))
    (x, x_waiting), (o, o_waiting) = sides
    if x[0] == CHECKERS and o[0] == CHECKERS:
        o[0], o[12] = CHECKERS - 1, 1
    return Position(x, o, player_waiting=x_waiting, opponent_waiting=o_waiting)


def test_the_acey_deucey_start_has_every_checker_waiting() -> None:
    start = Position.acey_deucey_start()
    assert start.player_waiting == start.opponent_waiting == CHECKERS
    assert start.player == start.opponent == (0,) * 26  # nothing on the board, nothing borne off
    assert start.player_off == 0 and start.text() == "X: waitx15 / O: waitx15"
    assert start.swap() == start
    assert start.pip_count() == (375, 375)  # a waiting checker has all 25 pips to go
    assert not start.is_game_over() and not start.is_race() and not start.all_home()


def test_the_text_form_reads_and_writes_waiting_checkers() -> None:
    position = Position.from_text(EXAMPLE)
    assert position.player_waiting == 13 and position.opponent_waiting == 15
    assert position.player[24] == position.player[23] == 1 and position.player_off == 0
    assert position.text() == EXAMPLE
    assert Position.from_text("x: 23, WAITx13 24 / o: waitX15") == position
    one = Position.from_text("X: wait 1x14 / O: 2")
    assert one.player_waiting == 1 and one.text() == "X: wait 1x14 / O: 2"
    assert one.opponent_off == 14


def test_waiting_checkers_count_in_equality_and_hash() -> None:
    waiting = Position.from_text("X: wait 6x14 / O: 19x15")
    borne_off = Position.from_text("X: 6x14 / O: 19x15")
    assert waiting.player[1:] == borne_off.player[1:] and (waiting.player_off, borne_off.player_off) == (0, 1)
    assert waiting != borne_off
    assert waiting == Position.from_points({6: 14}, {6: 15}, player_waiting=1)
    assert hash(waiting) == hash(Position.from_points({6: 14}, {6: 15}, player_waiting=1))
    assert len({waiting, borne_off, waiting.swap().swap()}) == 2
    assert waiting.swap().opponent_waiting == 1 and waiting.swap().player_waiting == 0


def test_the_constructor_and_from_points_take_waiting_counts() -> None:
    player = [0] * 26
    player[24] = 2
    position = Position(player, [0] * 26, player_waiting=13, opponent_waiting=15)
    assert position == Position.from_text("X: waitx13 24x2 / O: waitx15")
    built = Position.from_points({24: 2}, {}, player_bar=0, player_waiting=13, opponent_waiting=15)
    assert built == position and built.player_off == 0


def test_borne_off_is_what_is_neither_on_the_board_nor_waiting() -> None:
    position = Position.from_text("X: waitx3 bar 6x2 / O: waitx10")
    assert position.player_off == CHECKERS - 3 - 1 - 2
    assert position.opponent_off == 5
    assert position.player_bar == 1


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Position([0] * 26, [0] * 26, player_waiting=-1, opponent_waiting=15),
         "X has a negative number of checkers (-1) waiting to enter"),
        (lambda: Position([0] * 26, [0] * 26, player_waiting=15, opponent_waiting=True),
         "O's count of checkers waiting to enter is not a whole number: True"),
        (lambda: Position([0] * 26, [0] * 26, player_waiting=15, opponent_waiting=14),
         "O has 0 checkers in play, 14 waiting to enter and 0 borne off; together they must make 15"),
        (lambda: Position.from_points({6: 10}, {}, player_waiting=6),
         "X has 10 checkers on the board and bar and 6 waiting to enter; a side has only 15"),
        (lambda: Position.from_text("X: waitx10 6x6 / O: waitx15"),
         "X has 16 checkers on the board, on the bar and waiting; a side has only 15"),
        (lambda: Position.from_text("X: waiting / O: waitx15"),
         "cannot read 'waiting'; write a point and a count like '13x5', 'bar', or 'waitx15'"),
    ],
)  # fmt: skip
def test_impossible_waiting_counts_are_refused_in_words(build: object, message: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        build()  # type: ignore[operator]
    assert message in str(caught.value)


def test_a_position_id_or_xgid_cannot_hold_waiting_checkers() -> None:
    position = Position.from_text(EXAMPLE)
    reason = f"cannot hold checkers waiting to enter, as in {EXAMPLE!r}: write the text form instead"
    with pytest.raises(InvalidPositionError, match="a Position ID " + reason):
        position.position_id()
    with pytest.raises(InvalidPositionError, match="an XGID " + reason):
        position.xgid()
    with pytest.raises(InvalidPositionError, match="an XGID"):
        Xgid(position).xgid()
    # The opponent's waiting checkers alone are enough.
    with pytest.raises(InvalidPositionError, match="a Position ID"):
        Position.from_text("X: 24 / O: waitx15").position_id()
    # Messages name such a position by its text form instead.
    assert position.identifier() == EXAMPLE
    assert Position.start().identifier() == Position.start().position_id()
    assert repr(position) == f"Position.from_text({EXAMPLE!r})"
    assert eval(repr(position)) == position


def test_read_position_accepts_the_text_form_with_waiting_checkers() -> None:
    position, dice = read_position(f"  {EXAMPLE} ")
    assert position == Position.from_text(EXAMPLE) and dice is None


def test_the_diagram_shows_waiting_checkers_beside_the_board() -> None:
    lines = Position.from_text(EXAMPLE).diagram().splitlines()
    assert lines[2].endswith("|  O: 15 waiting")  # beside O's side, at the top
    assert lines[-4].endswith("|  X: 13 waiting")  # beside X's side, at the bottom
    assert "waiting" not in Position.start().diagram()


def test_the_waiting_slot_is_26_after_the_bar() -> None:
    assert WAITING == 26


@settings(max_examples=200, deadline=None)
@given(waiting_positions())
def test_text_round_trips_with_waiting_checkers(position: Position) -> None:
    assert Position.from_text(position.text()) == position
    assert Position.from_text(position.text().lower()) == position
    assert Position.from_text(position.swap().text()) == position.swap()
    for waiting, side in ((position.player_waiting, position.player), (position.opponent_waiting, position.opponent)):
        assert waiting + sum(side) == CHECKERS
    if not position.has_waiting():
        assert Position.from_position_id(position.position_id()) == position
