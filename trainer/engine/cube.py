"""The doubling cube as a value: what it shows, who owns it, who may turn it next.

A game starts with the cube in the middle at 1. A player may double at the start of their own turn, before
rolling, when the cube is in the middle or on their side; the opponent takes (and owns the cube at twice the
value) or passes (and loses the game at the value before the double). The cube stops at 64.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine import wording
from trainer.engine.errors import CubeError
from trainer.engine.side import Side

MAX_CUBE = 64
CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube: ``value`` (1, 2, 4 ... 64) and ``owner``, the side that may turn it next (``None`` while
    it is in the middle and either side may).

    :raises CubeError: for a value that is not a power of two from 1 to 64, or an owner that is not a side.
    """

    value: int = 1
    owner: Side | None = None

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or self.value not in CUBE_VALUES:
            raise CubeError(wording.no_such_cube(self.value, MAX_CUBE))
        if self.owner is not None:
            if self.owner not in (Side.X, Side.O):
                raise CubeError(wording.no_such_cube_owner(self.owner))
            object.__setattr__(self, "owner", Side(self.owner))

    @property
    def is_centered(self) -> bool:
        """Whether the cube is in the middle (never turned): either side may double."""
        return self.owner is None

    @property
    def is_turned(self) -> bool:
        """Whether someone has doubled this game (the cube has an owner)."""
        return self.owner is not None

    def double_problem(self, side: Side) -> str | None:
        """Why ``side`` may not turn this cube, or ``None`` if the cube alone allows it (the phase of the game and
        the match score are checked elsewhere)."""
        if self.owner is side.other:
            return wording.opponent_owns_the_cube(side)
        if self.value >= MAX_CUBE:
            return wording.cube_at_its_highest(MAX_CUBE)
        return None

    def may_double(self, side: Side) -> bool:
        """Whether the cube alone lets ``side`` double."""
        return self.double_problem(side) is None

    def doubled(self, taker: Side) -> Cube:
        """The cube after a double is taken: twice the value, on the taker's side.

        :raises CubeError: if the cube is already at 64.
        """
        if self.value >= MAX_CUBE:
            raise CubeError(wording.cube_at_its_highest(MAX_CUBE))
        return Cube(self.value * 2, taker)

    def __str__(self) -> str:
        return wording.cube_text(self.value, self.owner)
