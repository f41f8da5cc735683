"""The rules of one checker move by one die: whether it is allowed right now (and why not), and making it.

Sides are 26 counts in each side's own numbering (0 off, 1-24 points, 25 bar); ``me`` is the side moving and
may hold a 27th count, its checkers waiting to enter (acey-deucey), moved from slot 26
(:data:`~trainer.engine.position.WAITING`) as if from the bar, though they need not come in first.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.position import BAR, OFF, WAITING


def step_problem(me: Sequence[int], opponent: Sequence[int], source: int, die: int) -> str | None:
    """Why moving one checker from ``source`` (25 = bar, 26 = waiting) by ``die`` is illegal right now, or ``None``
    if it is legal."""
    waiting = me[WAITING] if len(me) > WAITING else 0
    if source != BAR and me[BAR]:
        if me[BAR] == 1:
            return "you have a checker on the bar: enter it first"
        return f"you have {me[BAR]} checkers on the bar: enter them first"
    if not (waiting if source == WAITING else me[source]):
        if source == WAITING:
            return "you have no checker waiting to enter"
        return "you have no checker on the bar" if source == BAR else f"you have no checker on point {source}"
    target = min(source, BAR) - die
    if target > 0:
        count = opponent[25 - target]
        if count >= 2:
            return f"point {target} is closed: O has {count} checkers there"
        return None
    if me[BAR]:
        return "you can't bear off while a checker is on the bar"
    if waiting:
        still = "a checker still waits" if waiting == 1 else "checkers still wait"
        return f"you can't bear off while {still} to enter"
    outside = [point for point in range(24, 6, -1) if me[point]]
    if outside:
        return f"you can't bear off while a checker is on your {outside[0]}-point"
    if target < 0:
        higher = [point for point in range(6, source, -1) if me[point]]
        if higher:
            return (
                f"you can't bear off from your {source}-point with a {die} while a checker is on your "
                f"{higher[0]}-point: a higher number bears off only from the highest point"
            )
    return None


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
