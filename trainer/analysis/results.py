"""What an evaluator answers: ranked plays and cube decisions, as frozen values, and the protocol it follows.

Everything here is money play, seen from the player on roll (X), and per unit of the cube's current value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

from trainer.engine import Dice, Play, Position

CubeOwner = Literal["centered", "player", "opponent"]
"""Who holds the cube: nobody (``"centered"``), the player on roll (``"player"``) or the opponent."""

CubeAction = Literal["no double", "double, take", "double, pass", "too good to double"]

CUBE_OWNERS: Final[tuple[CubeOwner, ...]] = ("centered", "player", "opponent")
MIN_PLIES: Final = 1
MAX_PLIES: Final = 3  # ranking every play takes seconds at 3 plies; bgsage's 4 plies take minutes


class AnalysisError(ValueError):
    """A question an evaluator cannot answer (bad depth, a cube the player cannot turn, a finished game); the
    message quotes the input."""


def check_plies(plies: int) -> int:
    """Return ``plies`` after checking it is a whole number from :data:`MIN_PLIES` to :data:`MAX_PLIES`.

    :raises AnalysisError: otherwise.
    """
    if not isinstance(plies, int) or isinstance(plies, bool) or not MIN_PLIES <= plies <= MAX_PLIES:
        raise AnalysisError(f"plies must be a whole number from {MIN_PLIES} to {MAX_PLIES}, not {plies!r}")
    return plies


def check_cube(cube: str) -> CubeOwner:
    """Return ``cube`` as a :data:`CubeOwner` after checking it names one.

    :raises AnalysisError: otherwise.
    """
    for owner in CUBE_OWNERS:
        if cube == owner:
            return owner
    raise AnalysisError(f"the cube owner must be one of {', '.join(CUBE_OWNERS)}, not {cube!r}")


@dataclass(frozen=True, slots=True)
class Chances:
    """How a game ends, for one side: each figure a probability from 0 to 1.

    Gammon figures include backgammons (as GNU Backgammon writes them): ``win_gammon`` is the chance of winning
    a gammon or a backgammon.
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        """The chance of losing (any kind of loss)."""
        return 1.0 - self.win

    def as_dict(self) -> dict[str, float]:
        """The six figures by name, losing included (for JSON)."""
        return {
            "win": self.win,
            "win_gammon": self.win_gammon,
            "win_backgammon": self.win_backgammon,
            "lose": self.lose,
            "lose_gammon": self.lose_gammon,
            "lose_backgammon": self.lose_backgammon,
        }


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One legal play with its evaluation, for the player who makes it.

    ``equity`` is the mover's cubeful money equity after the play, with the opponent about to roll, per unit of
    the cube (ranking key); ``cubeless_equity`` the same without the cube. ``chances`` are the mover's, after the
    play. ``difference`` is ``equity`` minus the best play's (0 for the best, negative for the others); ``rank``
    counts from 1 (the best); ``plies`` is the evaluation depth.
    """

    rank: int
    play: Play
    equity: float
    cubeless_equity: float
    chances: Chances
    difference: float
    plies: int


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The money cube decision of the player on roll, before rolling, in equities per unit of the current cube.

    ``no_double``: keep the cube and roll; ``double_take``: double and the opponent takes (and owns the cube at
    twice the value); ``double_pass``: double and the opponent passes (+1). ``action`` is the right one:
    ``"double, take"`` or ``"double, pass"`` when doubling gains, ``"too good to double"`` when the player would
    rather play on for a gammon than cash a point the opponent would pass, else ``"no double"``. ``chances``
    are the player's before rolling; ``cube`` who held the cube when asked.
    """

    no_double: float
    double_take: float
    double_pass: float
    cubeless_equity: float
    chances: Chances
    plies: int
    cube: CubeOwner = "centered"

    @property
    def should_take(self) -> bool:
        """Whether the opponent, once doubled, does better taking than passing."""
        return self.double_take <= self.double_pass

    @property
    def should_double(self) -> bool:
        """Whether doubling gains the player on roll something over keeping the cube."""
        return min(self.double_take, self.double_pass) > self.no_double

    @property
    def action(self) -> CubeAction:
        """The right action: ``"no double"``, ``"double, take"``, ``"double, pass"`` or ``"too good to double"``."""
        if self.should_double:
            return "double, take" if self.should_take else "double, pass"
        if not self.should_take and self.no_double > self.double_pass:
            return "too good to double"
        return "no double"


class Evaluator(Protocol):
    """Evaluates positions whose plays the rules engine produced; the app talks only to this."""

    def rank_plays(
        self, position: Position, dice: Dice, plies: int = 1, *, cube: CubeOwner = "centered"
    ) -> list[RankedPlay]:
        """Every legal play of ``dice`` in ``position`` (one per :func:`~trainer.engine.legal_plays` play), best
        first.

        :raises AnalysisError: for a bad depth or cube owner, or a finished game.
        """
        ...

    def cube_decision(self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered") -> CubeDecision:
        """The cube decision of the player on roll before rolling, with the cube centered or their own.

        :raises AnalysisError: for a bad depth, a cube the opponent owns, or a finished game.
        """
        ...
