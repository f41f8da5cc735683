"""Computer opponents by level: which play to make and what to do with the cube.

- ``beginner`` judges at 1 ply and plays reasonable but imperfect moves: it draws among the plays within
  :attr:`Level.window` of the best, a play's weight falling by a factor e for each :attr:`Level.temperature`
  of equity it gives up; its cube judgement is off by a random error of :attr:`Level.cube_noise` (standard
  deviation), so it misses close doubles and takes.
- ``intermediate`` makes the best play and cube decision at 1 ply.
- ``strong`` does the same at 2 plies.

Every random choice comes from the ``random.Random`` passed in: seed one per game and the game replays the same.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from trainer.analysis import wording
from trainer.analysis.basics import DEFAULT_LEVEL, LEVEL_PLIES
from trainer.analysis.results import (
    AnalysisError,
    CubeDecision,
    CubeOwner,
    Evaluator,
    GameContext,
    RankedPlay,
    check_plies,
)
from trainer.engine import Dice, Position


@dataclass(frozen=True, slots=True)
class Level:
    """How a computer player chooses: evaluation depth and how far it strays from the best."""

    name: str
    plies: int
    window: float = 0.0
    temperature: float = 0.0
    cube_noise: float = 0.0

    def __post_init__(self) -> None:
        check_plies(self.plies)
        if self.window < 0 or self.temperature < 0 or self.cube_noise < 0:
            raise AnalysisError(wording.bad_level_numbers(self.name))
        if self.window > 0 and self.temperature == 0:
            raise AnalysisError(wording.level_needs_temperature(self.name))


LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", plies=LEVEL_PLIES["beginner"], window=0.15, temperature=0.04, cube_noise=0.08),
    "intermediate": Level("intermediate", plies=LEVEL_PLIES["intermediate"]),
    "strong": Level("strong", plies=LEVEL_PLIES["strong"]),
}


def get_level(name: str) -> Level:
    """The level called ``name`` (``beginner``, ``intermediate`` or ``strong``).

    :raises AnalysisError: for any other name.
    """
    try:
        return LEVELS[name]
    except KeyError:
        raise AnalysisError(wording.unknown_level(name, list(LEVELS))) from None


def pick(ranked: list[RankedPlay], level: Level, rng: random.Random) -> RankedPlay:
    """The play a player of ``level`` makes among ``ranked`` (best first): the best, or a draw within the window.

    Draws only when there are at least two plays to draw from, so forced plays use no randomness; a level
    without a window takes the first of ``ranked``, ties included.
    """
    if not ranked:
        raise AnalysisError(wording.no_play_to_choose())
    if level.window == 0:
        return ranked[0]
    candidates = [item for item in ranked if -item.difference <= level.window]
    if len(candidates) < 2:
        return ranked[0]
    weights = [math.exp(item.difference / level.temperature) for item in candidates]
    return rng.choices(candidates, weights=weights)[0]


def choose_play(
    evaluator: Evaluator,
    position: Position,
    dice: Dice,
    level: Level,
    rng: random.Random,
    *,
    cube: CubeOwner = "centered",
    context: GameContext | None = None,
) -> RankedPlay:
    """The play a computer player of ``level`` makes with ``dice`` (always one of the legal plays)."""
    if context is None:
        return pick(evaluator.rank_plays(position, dice, level.plies, cube=cube), level, rng)
    return pick(evaluator.rank_plays(position, dice, level.plies, cube=cube, context=context), level, rng)


def _noise(level: Level, rng: random.Random) -> float:
    return rng.gauss(0.0, level.cube_noise) if level.cube_noise else 0.0


def offers_double(decision: CubeDecision, level: Level, rng: random.Random) -> bool:
    """Whether a player of ``level`` doubles, given the cube decision of its position."""
    return min(decision.double_take, decision.double_pass) + _noise(level, rng) > decision.no_double


def takes_double(decision: CubeDecision, level: Level, rng: random.Random) -> bool:
    """Whether a doubled player of ``level`` takes; ``decision`` is the doubler's, before its roll."""
    return decision.double_take + _noise(level, rng) <= decision.double_pass


class ComputerPlayer:
    """A computer opponent: one level, one evaluator, one seeded random source for the whole game.

    ``seed`` makes a game replay the same (the same positions and dice give the same choices in the same order).
    """

    def __init__(self, evaluator: Evaluator, level: Level | str = DEFAULT_LEVEL, *, seed: int = 0) -> None:
        self.evaluator = evaluator
        self.level = get_level(level) if isinstance(level, str) else level
        self.rng = random.Random(seed)

    def choose_play(self, position: Position, dice: Dice, *, cube: CubeOwner = "centered") -> RankedPlay:
        """The play to make with ``dice`` in ``position`` (the computer on roll)."""
        return choose_play(self.evaluator, position, dice, self.level, self.rng, cube=cube)

    def offers_double(self, position: Position, *, cube: CubeOwner = "centered") -> bool:
        """Whether to double before rolling in ``position`` (the computer on roll; the cube centered or its own)."""
        if cube == "opponent":
            return False
        decision = self.evaluator.cube_decision(position, self.level.plies, cube=cube)
        return offers_double(decision, self.level, self.rng)

    def takes_double(self, position: Position, *, cube: CubeOwner = "centered") -> bool:
        """Whether to take a double; ``position`` is seen from the doubler, on roll, and ``cube`` is who held the
        cube before the double (centered, or the doubler for a redouble)."""
        decision = self.evaluator.cube_decision(position, self.level.plies, cube=cube)
        return takes_double(decision, self.level, self.rng)
