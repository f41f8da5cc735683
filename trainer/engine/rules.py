"""The rules of one checker move by one die: whether it is allowed right now (and why not), and making it.

Sides are 26 counts in each side's own numbering (0 off, 1-24 points, 25 bar); ``me`` is the side moving.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.position import BAR, OFF


def step_problem(me: Sequence[int], opponent: Sequence[int], source: int, die: int) -> str | None:
    """Why moving one checker from ``source`` (25 = bar) by ``die`` is illegal right now, or ``None`` if it is legal."""
    if source != BAR and me[BAR]:
        if me[BAR] == 1:
            return "you have a checker on the bar: enter it first"
        return f"you have {me[BAR]} checkers on the bar: enter them first"
    if not me[source]:
        return "you have no checker on the bar" if source == BAR else f"you have no checker on point {source}"
    target = source - die
    if target > 0:
        count = opponent[25 - target]
        if count >= 2:
            return f"point {target} is closed: O has {count} checkers there"
        return None
    if me[BAR]:
        return "you can't bear off while a checker is on the bar"
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
    target = max(source - die, OFF)
    me[source] -= 1
    me[target] += 1
    if target != OFF and opponent[25 - target] == 1:
        opponent[25 - target] = 0
        opponent[BAR] += 1
        return True
    return False
