"""Counting shots (trainer.engine.shots) against hand-counted cases, and the shots and pips steps of lessons."""

from __future__ import annotations

import pytest

from trainer.engine import Dice, Position, count_shots

O_BACK = "O: 1x2 12x5 17x3 19x4"
"""Fourteen O checkers out of the way of the blots below (a blot is added on the point asked)."""


def shots_at(distance: int) -> int:
    """Shots at an O blot ``distance`` pips in front of an X checker on the 23-point, nothing else in between."""
    position = Position.from_text(f"X: 23 6x14 / O: {23 - distance} 24x14")
    return count_shots(position).total


@pytest.mark.parametrize(("distance", "rolls"), [(1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17)])
def test_direct_shots_in_an_open_board(distance: int, rolls: int) -> None:
    assert shots_at(distance) == rolls


def test_an_indirect_shot_eight_away() -> None:
    shots = count_shots(Position.from_text("X: 23 6x14 / O: 15 24x14"))
    assert shots.total == 6
    assert [str(roll) for roll in shots.ordered()] == ["6-2", "2-6", "5-3", "3-5", "4-4", "2-2"]
    assert shots.rolls == ((Dice(6, 2), 2), (Dice(5, 3), 2), (Dice(4, 4), 1), (Dice(2, 2), 1))


def test_a_blocked_point_between_takes_the_combination_away() -> None:
    # 8 away; O holds 17 (6 away): 6-2 still goes through 21, 2-2 (21, 19, 17) is stopped.
    one = count_shots(Position.from_text("X: 23 6x14 / O: 15 17x2 24x12"))
    assert [str(roll) for roll in one.ordered()] == ["6-2", "2-6", "5-3", "3-5", "4-4"]
    # O holds 21 (2 away) too: 6-2 has no open point to touch down on.
    two = count_shots(Position.from_text("X: 23 6x14 / O: 15 17x2 21x2 24x10"))
    assert [str(roll) for roll in two.ordered()] == ["5-3", "3-5", "4-4"]
    assert two.total == 3


def test_a_point_held_on_the_way_blocks_a_double() -> None:
    # 8 away: 4-4 through 19, 2-2 through 21, 19 and 17; O holds 19, so 4-4 and 2-2 cannot get there.
    shots = count_shots(Position.from_text("X: 23 6x14 / O: 15 19x2 24x12"))
    assert [str(roll) for roll in shots.ordered()] == ["6-2", "2-6", "5-3", "3-5"]
    assert shots.total == 4


def test_a_checker_on_the_bar_must_enter_first() -> None:
    # An O blot 2 away from X's checker on 13 (12 rolls in an open board), but X has one on the bar and only a 3
    # enters (O holds 24, 23, 21, 20 and 19): the 2 must wait for the 3 to enter, so only 3-2 and 2-3 hit.
    position = Position.from_text("X: bar 13 6x13 / O: 11 24x2 23x2 21x2 20x2 19x2 1x4")
    assert [str(roll) for roll in count_shots(position).ordered()] == ["3-2", "2-3"]
    assert count_shots(Position.from_text("X: 13 6x14 / O: 11 24x2 23x2 21x2 20x2 19x2 1x4")).total == 12


def test_entering_hits_a_blot_in_the_board() -> None:
    # X on the bar, O blot on X's 20-point (a 5 enters there), nothing else of O's in the way.
    position = Position.from_text("X: bar 6x14 / O: 20 1x14")
    assert count_shots(position).total == 15


def test_two_blots_and_targets() -> None:
    # Blots 6 and 3 away from the X checker on 23: any roll with a 6 or a 3, or making 6 or 3 by combination.
    position = Position.from_text("X: 23 6x14 / O: 17 20 1x13")
    six = count_shots(position, [17]).total
    three = count_shots(position, [20]).total
    both = count_shots(position)
    assert (six, three) == (17, 14)
    # 20 rolls with a 6 or a 3, then 5-1, 4-2, 2-2 (six away) and 2-1, 1-1 (three away): 28
    assert both.total == 28
    assert both == count_shots(position, [17, 20])
    assert count_shots(position, [10]).total == 0


def test_a_point_that_is_not_a_blot_is_never_hit() -> None:
    position = Position.from_text("X: 23 6x14 / O: 17x2 1x13")
    assert count_shots(position).total == 0
    assert count_shots(position, [17]).total == 0
