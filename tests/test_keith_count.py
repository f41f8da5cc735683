"""Tom Keith's count of a race, worked by hand: each side's pips and adjustments, the roller's seventh (rounded
down), and the verdict's thresholds (double within 4, redouble within 3, take from 2)."""

from __future__ import annotations

from trainer.engine.keith import (
    DOUBLE_WITHIN,
    REDOUBLE_WITHIN,
    TAKE_FROM,
    KeithSide,
    KeithVerdict,
    keith_count,
    keith_side,
)
from trainer.engine.position import Position

SMOOTH = {6: 3, 5: 3, 4: 3, 3: 4, 2: 1, 1: 1}
"""60 pips; the 3-point's fourth checker adds 1: a count of 61, 69 on roll (61 // 7 = 8)."""


def test_the_published_thresholds() -> None:
    assert (DOUBLE_WITHIN, REDOUBLE_WITHIN, TAKE_FROM) == (4, 3, 2)


def test_each_adjustment_of_a_crowded_board_with_gaps() -> None:
    # 1-point 4 (3 beyond one: 6), 2-point 4 (3 beyond one: 3), 3-point 5 (2 beyond three: 2), the 5- and 6-points
    # empty (2): 35 pips and 13 more.
    position = Position.from_points({4: 2, 3: 5, 2: 4, 1: 4}, SMOOTH)
    side = keith_side(position.player)
    assert side == KeithSide(pips=35, crowded_one=3, crowded_two=3, crowded_three=2, gaps=(5, 6))
    assert (side.added, side.count) == (13, 48)
    count = keith_count(position)
    assert (count.seventh, count.roller_count) == (6, 54)  # 48 / 7 = 6.86, rounded down
    assert count.opponent.count == 61 and count.difference == -7
    assert count.verdict is KeithVerdict.DOUBLE_PASS


def test_no_adjustment_for_one_checker_low_or_three_on_the_3_point() -> None:
    side = keith_side(Position.from_points({6: 5, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1}, SMOOTH).player)
    assert (side.pips, side.added, side.count) == (65, 0, 65)
    assert keith_side(Position.from_points(SMOOTH, SMOOTH).player).count == 61


def test_even_counts_no_double() -> None:
    count = keith_count(Position.from_points(SMOOTH, SMOOTH))
    assert (count.roller.count, count.seventh, count.roller_count, count.opponent.count) == (61, 8, 69, 61)
    assert count.difference == 8 and not count.double and count.verdict is KeithVerdict.NO_DOUBLE


def test_double_take_and_the_redouble_threshold() -> None:
    # O at 65 (no adjustment): 69 - 65 = 4, a double (within 4) and a take (2 or more), but no redouble (over 3).
    position = Position.from_points(SMOOTH, {6: 5, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1})
    assert keith_count(position).difference == 4
    assert keith_count(position).verdict is KeithVerdict.DOUBLE_TAKE
    assert keith_count(position, redouble=True).verdict is KeithVerdict.NO_DOUBLE
    # O at 67: 69 - 67 = 2, still a take; a redouble too.
    closer = Position.from_points(SMOOTH, {8: 1, 6: 4, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1})
    assert keith_count(closer).difference == 2
    assert keith_count(closer, redouble=True).verdict is KeithVerdict.DOUBLE_TAKE


def test_a_difference_below_two_is_a_pass() -> None:
    # O at 68: 8 + 7 + 18 + 15 + 8 + 9 + 2 + 1 pips, no adjustment; 69 - 68 = 1.
    position = Position.from_points(SMOOTH, {8: 1, 7: 1, 6: 3, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1})
    count = keith_count(position)
    assert (count.opponent.count, count.difference) == (68, 1)
    assert count.double and not count.take and count.verdict is KeithVerdict.DOUBLE_PASS


def test_borne_off_checkers_count_nothing() -> None:
    # Ten checkers off: 5 on the 6-point (30 pips); the 4- and 5-points empty (2 gaps), the low points add nothing.
    side = keith_side(Position.from_points({6: 5}, SMOOTH).player)
    assert (side.pips, side.gaps, side.count) == (30, (4, 5), 32)
