"""Positions refused as absurd: boards that games between decent players (almost) never reach, however legal.

Each side is judged in its own numbering (its home board 1-6, the other side's home board 19-24, the bar 25); the
first reason found, in the order of :class:`Absurdity`, is the verdict. The rules are written out in
``puzzles/README.md`` ("Positions refused as absurd").
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from trainer.engine import BAR, OFF, Position

TOWER: Final = 7
"""A point with this many checkers of one side or more is a tower."""
CROWDED_BAR: Final = 5
TOO_MANY_BACK: Final = 6
"""This many of a side's checkers in the other side's home board (the bar not counted) or more."""
BORNE_OFF_BACK: Final = 2
BORNE_OFF_OUTSIDE: Final = 3
BOTH_ON_BAR: Final = 4
DEAD_DEEP: Final = 6
DEAD_OUTSIDE: Final = 8


class Absurdity(Enum):
    """Why a position is refused as absurd (each checked for both sides)."""

    TOWER = "tower"
    """7 or more checkers of one side on one point."""
    CROWDED_BAR = "crowded bar"
    """5 or more checkers of one side on the bar."""
    TOO_MANY_BACK = "too many back"
    """6 or more checkers of one side on the points of the other side's home board."""
    BORNE_OFF_WITH_CHECKERS_BACK = "borne off with checkers back"
    """A side that has borne off has 2 or more checkers back (on the bar or in the other's home board), or 3 or
    more outside its home board: only checkers hit after the bear-off began can be there."""
    BOTH_ON_BAR_MANY = "both sides on the bar, many"
    """Both sides have checkers on the bar, 4 or more together."""
    BOTH_CLOSED_OUT = "both closed out"
    """Each side has a checker on the bar against a closed board (all six home points held by the other)."""
    DEAD_CHECKERS = "dead checkers"
    """A side has 5 or more checkers on its 1- and 2-points while 7 or more of its checkers are still outside its
    home board (on the bar or points 7-24): checkers buried before the game got there."""


def _closed(side: tuple[int, ...]) -> bool:
    return all(side[point] >= 2 for point in range(1, 7))


def _side_absurdity(side: tuple[int, ...], waiting: int) -> Absurdity | None:
    """The first absurdity of one side's own counts, if any (the checks that need only that side)."""
    if max(side[1:25]) >= TOWER:
        return Absurdity.TOWER
    if side[BAR] >= CROWDED_BAR:
        return Absurdity.CROWDED_BAR
    if sum(side[19:25]) >= TOO_MANY_BACK:
        return Absurdity.TOO_MANY_BACK
    back = sum(side[19:26]) + waiting
    outside = sum(side[7:26]) + waiting
    if side[OFF] and (back >= BORNE_OFF_BACK or outside >= BORNE_OFF_OUTSIDE):
        return Absurdity.BORNE_OFF_WITH_CHECKERS_BACK
    return None


def absurdity(position: Position) -> Absurdity | None:
    """Why ``position`` is absurd, or ``None`` if games between decent players reach it. Acey-deucey's checkers
    waiting to enter count as on the bar for the checkers back and outside."""
    me, them = position.player, position.opponent
    found = [
        reason
        for reason in (
            _side_absurdity(me, position.player_waiting),
            _side_absurdity(them, position.opponent_waiting),
        )
        if reason is not None
    ]
    if me[BAR] and them[BAR] and me[BAR] + them[BAR] >= BOTH_ON_BAR:
        found.append(Absurdity.BOTH_ON_BAR_MANY)
    if me[BAR] and them[BAR] and _closed(me) and _closed(them):
        found.append(Absurdity.BOTH_CLOSED_OUT)
    for side, waiting in ((me, position.player_waiting), (them, position.opponent_waiting)):
        if side[1] + side[2] >= DEAD_DEEP and sum(side[7:26]) + waiting >= DEAD_OUTSIDE:
            found.append(Absurdity.DEAD_CHECKERS)
    order = list(Absurdity)
    return min(found, key=order.index, default=None)


def is_realistic(position: Position) -> bool:
    """Whether games between decent players reach ``position`` (no :func:`absurdity`)."""
    return absurdity(position) is None
