"""Error classes of the rules engine, split by cause. All are :class:`ValueError` subclasses."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidPositionError(EngineError):
    """A position (or its text, Position ID or XGID) describes no legal board."""


class InvalidDiceError(EngineError):
    """Dice that cannot be read or are not two numbers from 1 to 6."""


class InvalidNotationError(EngineError):
    """A play written in notation that cannot be read at all."""


class IllegalPlayError(EngineError):
    """A readable play that the rules do not allow with this position and roll."""


class AmbiguousPlayError(EngineError):
    """A readable play that matches more than one legal play."""
