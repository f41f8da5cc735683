"""Error classes of the rules engine, split by cause. Every one is an :class:`EngineError`, itself a
:class:`ValueError`."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine import wording


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidPositionError(EngineError):
    """A position (or its text, Position ID or XGID) describes no legal board."""


class InvalidDiceError(EngineError):
    """Dice that cannot be read or are not two numbers from 1 to 6."""


class GameStateError(EngineError):
    """An action that the game's current phase does not allow (rolling twice, playing before rolling, ...)."""


class CubeError(EngineError):
    """A doubling-cube action the rules do not allow now (doubling twice, a pass with no double offered, a double
    in the Crawford game...), or a cube that cannot be (a value that is not a power of two up to 64)."""


class MatchError(EngineError):
    """A match score that cannot be (a negative score, a Crawford game in money play...), or an action on a
    finished match."""


class NotBearOffError(EngineError):
    """A bear-off question about a position that is not a pure bear-off (or lies outside a table)."""


class TableError(EngineError):
    """A shipped data table is missing or damaged (rebuild it with ``python -m trainer.authoring.bearoff_build``)."""


class PlayError(EngineError):
    """A play written in notation that cannot be matched to one legal play.

    The message quotes the text, the dice and the Position ID (the text form when checkers wait to enter, which
    no Position ID can hold); :attr:`reason` alone is the explanation in words.
    """

    def __init__(self, text: str, position_id: str, dice: Sequence[int], reason: str) -> None:
        self.text = text
        self.position_id = position_id
        self.dice = dice
        self.reason = reason
        super().__init__(wording.play_error(text, dice, position_id, reason))


class InvalidNotationError(PlayError):
    """A play written in notation that cannot be read at all."""


class IllegalPlayError(PlayError):
    """A readable play that the rules do not allow with this position and roll.

    :attr:`reason` names the first rule it breaks without giving away a right answer ("a play that uses both dice
    exists"); :attr:`example`, when the rule is about using more of the roll, is a legal play that does. The
    message (``str``) names the example too, for tools where it is no secret.
    """

    def __init__(
        self, text: str, position_id: str, dice: Sequence[int], reason: str, example: str | None = None
    ) -> None:
        self.example = example
        super().__init__(text, position_id, dice, reason)
        if example is not None:
            self.args = (wording.with_example(self.args[0], example),)

    @property
    def detail(self) -> str:
        """The reason with the example play, if there is one."""
        return self.reason if self.example is None else wording.with_example(self.reason, self.example)


class AmbiguousPlayError(PlayError):
    """A readable play that matches more than one legal play; :attr:`candidates` holds their notation."""

    def __init__(
        self, text: str, position_id: str, dice: Sequence[int], reason: str, candidates: tuple[str, ...]
    ) -> None:
        self.candidates = candidates
        super().__init__(text, position_id, dice, reason)
