"""Counting shots: which of the 36 rolls hit an opponent's blot, played by the engine's own rules.

A roll hits when at least one of its legal plays (:func:`~trainer.engine.moves.legal_plays`: entering from the bar
first, blocked points and the rules of using the dice all apply) hits a blot, or, with ``targets``, hits a blot
on one of those points. Of the 36 ways two dice can fall, a double comes one way and any other roll two (6-5 and
5-6), so the count is out of 36.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.dice import Dice
from trainer.engine.moves import legal_plays
from trainer.engine.position import Position

ROLLS: tuple[Dice, ...] = tuple(Dice(high, low) for high in range(6, 0, -1) for low in range(high, 0, -1))
"""The 21 different rolls, higher die first: 6-6, 6-5, ... 1-1."""


@dataclass(frozen=True, slots=True)
class ShotCount:
    """The rolls that hit, each once (higher die first, 6-6 down to 1-1) with the ways it falls (1 for a double,
    2 for any other roll), and the ``total`` out of 36."""

    rolls: tuple[tuple[Dice, int], ...]

    @property
    def total(self) -> int:
        """How many of the 36 rolls hit."""
        return sum(ways for _, ways in self.rolls)

    def ordered(self) -> tuple[Dice, ...]:
        """Every hitting roll as the dice can fall: 6-6, 6-5, 5-6, ... (``total`` of them)."""
        found: list[Dice] = []
        for roll in [roll for roll, _ in self.rolls]:
            found.append(roll)
            if not roll.is_double:
                found.append(Dice(roll.low, roll.high))
        return tuple(found)


def blot_points(position: Position) -> tuple[int, ...]:
    """The points (in the side on roll's numbering) where the opponent has a blot, highest first."""
    return tuple(point for point in range(24, 0, -1) if position.opponent[25 - point] == 1)


def _could_reach(starts: list[int], wanted: frozenset[int], roll: Dice) -> bool:
    """Whether some checker (on ``starts``; 25 is the bar) stands a distance from a wanted point that one checker
    can travel with ``roll``: a die or both (up to four times the number of a double). Necessary for a hit, so a
    roll that fails it needs no search."""
    if roll.is_double:
        distances = {roll.high * times for times in range(1, 5)}
    else:
        distances = {roll.high, roll.low, roll.high + roll.low}
    return any(start - point in distances for start in starts for point in wanted)


def count_shots(position: Position, targets: Iterable[int] | None = None) -> ShotCount:
    """The rolls of the side on roll that hit: that hit any opponent blot, or with ``targets`` (points in the side
    on roll's numbering) a blot on one of those points; a target holding no opponent blot is never hit."""
    wanted = frozenset(blot_points(position) if targets is None else targets)
    starts = [point for point in range(1, 26) if position.player[point]]
    hitting = []
    for roll in ROLLS:
        if not _could_reach(starts, wanted, roll):  # no checker is a distance the roll can go from a target
            continue
        plays = legal_plays(position, roll)
        if any(move.hit and move.end in wanted for play in plays for move in play.moves):
            hitting.append((roll, 1 if roll.is_double else 2))
    return ShotCount(tuple(hitting))
