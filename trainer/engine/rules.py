"""The rules of one checker move by one die: whether it is allowed right now (and why not), and making it.

Sides are 26 counts in each side's own numbering (0 off, 1-24 points, 25 bar); ``me`` is the side moving and
may hold a 27th count, its checkers waiting to enter (acey-deucey), moved from slot 26
(:data:`~trainer.engine.position.WAITING`) as if from the bar, though they need not come in first.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine import wording
from trainer.engine.position import BAR, OFF, WAITING


def step_problem(me: Sequence[int], opponent: Sequence[int], source: int, die: int, emptied_by: str = "") -> str | None:
    """Why moving one checker from ``source`` (25 = bar, 26 = waiting) by ``die`` is illegal right now, or ``None``
    if it is legal.

    ``emptied_by``: the earlier moves of the same play, in notation, that took checkers from ``source`` when it
    held some before the play; an empty ``source`` is then said to have none left after them.
    """
    waiting = me[WAITING] if len(me) > WAITING else 0
    if source != BAR and me[BAR]:
        return wording.enter_first(me[BAR])
    if not (waiting if source == WAITING else me[source]):
        return _empty_source(source, emptied_by)
    target = min(source, BAR) - die
    if target > 0:
        count = opponent[25 - target]
        if count >= 2:
            return wording.point_closed(target, count)
        return None
    if me[BAR]:
        return wording.no_bear_off_from_the_bar()
    if waiting:
        return wording.no_bear_off_while_waiting(waiting)
    outside = [point for point in range(24, 6, -1) if me[point]]
    if outside:
        return wording.no_bear_off_from_outside(outside[0])
    if target < 0:
        higher = [point for point in range(6, source, -1) if me[point]]
        if higher:
            return wording.bear_off_from_the_highest(source, die, higher[0])
    return None


def _empty_source(source: int, emptied_by: str) -> str:
    """Why no checker can move from ``source``: it has none, or none left after the moves ``emptied_by``."""
    if source == WAITING:
        return wording.none_left_waiting(emptied_by) if emptied_by else wording.no_checker_waiting()
    if source == BAR:
        return wording.none_left_on_bar(emptied_by) if emptied_by else wording.no_checker_on_bar()
    return wording.none_left_on_point(source, emptied_by) if emptied_by else wording.no_checker_on_point(source)


def apply_step(me: list[int], opponent: list[int], source: int, die: int) -> bool:
    """Move one checker in place (legality already checked); returns whether it hit a blot."""
    target = max(min(source, BAR) - die, OFF)
    me[source] -= 1
    me[target] += 1
    if target != OFF and opponent[25 - target] == 1:
        opponent[25 - target] = 0
        opponent[BAR] += 1
        return True
    return False
