"""What an evaluator answers: ranked plays and cube decisions, as frozen values, and the protocol it follows.

Everything here is seen from the player on roll (X), per unit of the cube's current value: money equities by
default, or, given a match :class:`GameContext`, match equities normalised like money ones (GNU Backgammon's EMG:
-1 for losing the cube's value, +1 for winning it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol, runtime_checkable

from trainer.analysis import wording
from trainer.analysis.basics import CUBE_OWNERS, MAX_PLIES, MIN_PLIES, AnalysisError, CubeOwner
from trainer.engine import Dice, MatchScore, MoneyOptions, Play, Position, Side

CubeAction = Literal["no double", "double, take", "double, pass", "too good to double"]
NO_DOUBLE: Final[CubeAction] = "no double"
DOUBLE_TAKE: Final[CubeAction] = "double, take"
DOUBLE_PASS: Final[CubeAction] = "double, pass"
TOO_GOOD: Final[CubeAction] = "too good to double"

__all__ = ["CUBE_OWNERS", "MAX_PLIES", "MIN_PLIES", "AnalysisError", "CubeOwner"]  # at home in basics, kept here


def check_plies(plies: int) -> int:
    """Return ``plies`` after checking it is a whole number from :data:`MIN_PLIES` to :data:`MAX_PLIES`.

    :raises AnalysisError: otherwise.
    """
    if not isinstance(plies, int) or isinstance(plies, bool) or not MIN_PLIES <= plies <= MAX_PLIES:
        raise AnalysisError(wording.bad_plies(MIN_PLIES, MAX_PLIES, plies))
    return plies


def check_cube(cube: str) -> CubeOwner:
    """Return ``cube`` as a :data:`CubeOwner` after checking it names one.

    :raises AnalysisError: otherwise.
    """
    for owner in CUBE_OWNERS:
        if cube == owner:
            return owner
    raise AnalysisError(wording.bad_cube_owner(CUBE_OWNERS, cube))


@dataclass(frozen=True, slots=True)
class GameContext:
    """What an evaluation depends on besides the board and the cube's owner: the cube's value and the score.

    Money play (``player_away`` and ``opponent_away`` both 0, the default) may use the Jacoby rule and beavers; a
    match gives the points each side still needs (the player on roll's first) and whether this is the Crawford game.
    Equities stay per unit of the cube either way.

    :raises AnalysisError: for a score that cannot be (one side at 0 away, a Crawford game nobody is one point from,
        money options in a match, a cube value that is not a power of two up to 64).
    """

    cube_value: int = 1
    player_away: int = 0
    opponent_away: int = 0
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False

    def __post_init__(self) -> None:
        if self.cube_value not in (1, 2, 4, 8, 16, 32, 64) or isinstance(self.cube_value, bool):
            raise AnalysisError(wording.bad_cube_value(self.cube_value))
        aways = (self.player_away, self.opponent_away)
        if any(isinstance(away, bool) or not isinstance(away, int) or away < 0 for away in aways):
            raise AnalysisError(wording.bad_aways(aways))
        if (self.player_away == 0) != (self.opponent_away == 0):
            raise AnalysisError(wording.one_side_money(aways))
        if self.is_money and self.crawford:
            raise AnalysisError(wording.no_crawford_in_money())
        if self.crawford and 1 not in aways:
            raise AnalysisError(wording.crawford_needs_one_away(aways))
        if not self.is_money and (self.jacoby or self.beavers):
            raise AnalysisError(wording.money_options_in_a_match())

    @property
    def is_money(self) -> bool:
        """Whether this is money play."""
        return self.player_away == 0

    @classmethod
    def of(
        cls, score: MatchScore, side: Side, *, cube_value: int = 1, options: MoneyOptions | None = None
    ) -> GameContext:
        """The context of ``side``'s decision at ``score`` (money play: ``options`` apply).

        :raises AnalysisError: if the match is over.
        """
        if score.is_money:
            options = MoneyOptions() if options is None else options
            return cls(cube_value, jacoby=options.jacoby, beavers=options.beavers)
        if score.is_over:
            raise AnalysisError(wording.match_over(score))
        return cls(cube_value, score.away(side), score.away(side.other), score.crawford)

    def swap(self) -> GameContext:
        """The same context seen from the opponent."""
        return GameContext(
            self.cube_value, self.opponent_away, self.player_away, self.crawford, self.jacoby, self.beavers
        )


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
    std_error: float | None = None
    """A rollout's standard error of ``equity`` (``None`` for an evaluation, or a play the rollout left out)."""
    trials: int = 0
    """The games a rollout played for this play (0 for an evaluation)."""


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
    no_double_se: float | None = None
    """A rollout's standard error of ``no_double`` (``None`` for an evaluation)."""
    double_take_se: float | None = None
    """A rollout's standard error of ``double_take`` (``None`` for an evaluation)."""
    trials: int = 0
    """The games a rollout played (0 for an evaluation)."""

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
            return DOUBLE_TAKE if self.should_take else DOUBLE_PASS
        if not self.should_take and self.no_double > self.double_pass:
            return TOO_GOOD
        return NO_DOUBLE


class Evaluator(Protocol):
    """Evaluates positions whose plays the rules engine produced; the app talks only to this.

    ``context`` (the cube's value, the match score or the money options) defaults to the evaluator's own money
    play settings.
    """

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        """Every legal play of ``dice`` in ``position`` (one per :func:`~trainer.engine.legal_plays` play), best
        first.

        :raises AnalysisError: for a bad depth or cube owner, or a finished game.
        """
        ...

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        """The cube decision of the player on roll before rolling, with the cube centered or their own.

        :raises AnalysisError: for a bad depth, a cube the opponent owns, or a finished game.
        """
        ...


@runtime_checkable
class LuckEvaluator(Protocol):
    """An evaluator that can also say how lucky a roll was."""

    def roll_luck(
        self,
        position: Position,
        dice: Dice,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
        opening: bool = False,
    ) -> float:
        """How much ``dice`` gained the side on roll in ``position`` against an average roll (negative: lost), in
        cubeful equity per unit of the cube (money-equivalent in a match), each roll played its best way: as GNU
        Backgammon's luck, from its 0-ply figures. ``opening``: the game's opening roll (no doubles possible).

        :raises AnalysisError: for a finished game.
        """
        ...


@runtime_checkable
class ChoiceEvaluator(Protocol):
    """An evaluator that ranks a roll's plays around the play that was made (a match's analysis)."""

    def rank_choice(
        self,
        position: Position,
        dice: Dice,
        played: Play,
        plies: int,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        """Every legal play of ``dice``, best first, as :meth:`Evaluator.rank_plays` ranks them, with ``played``
        always among the plays judged at the full depth, however it looked at a first glance.

        :raises AnalysisError: as :meth:`Evaluator.rank_plays`.
        """
        ...
