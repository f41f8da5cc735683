"""The two sides of a game: X and O."""

from __future__ import annotations

from enum import IntEnum

from trainer.engine import wording
from trainer.engine.errors import EngineError


class Side(IntEnum):
    """A player. ``X`` is the bottom side of a diagram and of an XGID (``1``), ``O`` the top side (``-1``).

    Who moves first is decided by the opening roll, not by the name.
    """

    X = 1
    O = -1  # noqa: E741 - the traditional name of the second side

    @property
    def other(self) -> Side:
        """The opponent of this side."""
        return Side(-self.value)

    @classmethod
    def from_name(cls, name: str) -> Side:
        """The side called ``name`` (``"X"`` or ``"O"``, any case).

        :raises EngineError: for any other name.
        """
        try:
            return cls[name.strip().upper()]
        except KeyError:
            raise EngineError(wording.no_such_side(name)) from None

    def __str__(self) -> str:
        return self.name
