"""Tom Keith's count for cube decisions in a pure race, as published by its author (2004).

For each side, start with its pip count and add 2 for each checker beyond one on its 1-point, 1 for each checker
beyond one on its 2-point, 1 for each checker beyond three on its 3-point, and 1 for each empty point among its
4-, 5- and 6-points. The side on roll then adds one seventh of its count, **rounded down**. With the difference
``roller's count - opponent's count``:

- the side on roll should double if the difference is at most 4 (:data:`DOUBLE_WITHIN`), redouble (owning the cube)
  if it is at most 3 (:data:`REDOUBLE_WITHIN`);
- the opponent should take if the difference is at least 2 (:data:`TAKE_FROM`), else pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from trainer.engine.position import Position

DOUBLE_WITHIN: Final = 4
"""The side on roll doubles while its count exceeds the opponent's by no more than this."""
REDOUBLE_WITHIN: Final = 3
"""The side on roll, owning the cube, redoubles while its count exceeds the opponent's by no more than this."""
TAKE_FROM: Final = 2
"""The opponent takes while the roller's count exceeds its own by at least this."""
SEVENTH: Final = 7
"""The roller adds its count divided by this, rounded down."""


class KeithVerdict(Enum):
    """What the count says: no double, double and take, double and pass."""

    NO_DOUBLE = "no-double"
    DOUBLE_TAKE = "double-take"
    DOUBLE_PASS = "double-pass"


@dataclass(frozen=True, slots=True)
class KeithSide:
    """One side's Keith count, its adjustments apart."""

    pips: int
    crowded_one: int
    """Checkers beyond one on the 1-point (2 each)."""
    crowded_two: int
    """Checkers beyond one on the 2-point (1 each)."""
    crowded_three: int
    """Checkers beyond three on the 3-point (1 each)."""
    gaps: tuple[int, ...]
    """The empty points among the 4-, 5- and 6-points (1 each)."""

    @property
    def added(self) -> int:
        """What the adjustments add to the pip count."""
        return 2 * self.crowded_one + self.crowded_two + self.crowded_three + len(self.gaps)

    @property
    def count(self) -> int:
        """The pip count with the adjustments (before the roller's seventh)."""
        return self.pips + self.added


def keith_side(side: tuple[int, ...]) -> KeithSide:
    """The Keith count of one side of a position (its 26 counts in its own numbering: 0 off, 25 the bar)."""
    pips = sum(point * side[point] for point in range(1, 26))
    return KeithSide(
        pips=pips,
        crowded_one=max(side[1] - 1, 0),
        crowded_two=max(side[2] - 1, 0),
        crowded_three=max(side[3] - 3, 0),
        gaps=tuple(point for point in (4, 5, 6) if side[point] == 0),
    )


@dataclass(frozen=True, slots=True)
class KeithCount:
    """The Keith count of a race, the player on roll (X) thinking of doubling (or redoubling, owning the cube)."""

    roller: KeithSide
    opponent: KeithSide
    redouble: bool
    """Whether the roller owns the cube (a redouble) rather than the cube being in the middle."""

    @property
    def seventh(self) -> int:
        """One seventh of the roller's count, rounded down."""
        return self.roller.count // SEVENTH

    @property
    def roller_count(self) -> int:
        """The roller's count with its seventh added: the count the side on roll gives."""
        return self.roller.count + self.seventh

    @property
    def difference(self) -> int:
        """How much the roller's count exceeds the opponent's (negative if it is lower)."""
        return self.roller_count - self.opponent.count

    @property
    def double_within(self) -> int:
        """The largest difference at which the roller (re)doubles."""
        return REDOUBLE_WITHIN if self.redouble else DOUBLE_WITHIN

    @property
    def double(self) -> bool:
        """Whether the roller should double (or redouble)."""
        return self.difference <= self.double_within

    @property
    def take(self) -> bool:
        """Whether the opponent should take a double."""
        return self.difference >= TAKE_FROM

    @property
    def verdict(self) -> KeithVerdict:
        """No double, double and take, or double and pass."""
        if not self.double:
            return KeithVerdict.NO_DOUBLE
        return KeithVerdict.DOUBLE_TAKE if self.take else KeithVerdict.DOUBLE_PASS


def keith_count(position: Position, *, redouble: bool = False) -> KeithCount:
    """The Keith count of ``position`` (a race), the player on roll to decide on a double, or on a redouble if
    ``redouble`` (owning the cube)."""
    return KeithCount(keith_side(position.player), keith_side(position.opponent), redouble)
