"""The computer's decisions in a game: whether to double, how to answer a double, which play to make.

A :class:`Computer` plays one side at one level. Its checker plays come from the evaluator's ranking at the
level's depth (the beginner draws among the plays near the best); its cube decisions come from a
:class:`~trainer.play.cube.CubeJudge` (exact in short bear-offs, 1 ply elsewhere, deeper only when close), with
the beginner's random error added. Every random choice uses the ``random.Random`` passed in, so a caller that
seeds one per decision gets the same game again from the same dice.
"""

from __future__ import annotations

import random
from typing import Literal

from trainer.analysis import CubeOwner, Evaluator, GameContext, Level, RankedPlay, get_level, offers_double, pick
from trainer.engine import GameState, Phase, Side
from trainer.engine.doubling import beaver_problem, double_problem
from trainer.play.cube import CubeJudge, CubeJudgement

Answer = Literal["take", "pass", "beaver"]


def cube_owner(state: GameState, side: Side) -> CubeOwner:
    """Who holds the cube, seen from ``side``."""
    if state.cube_owner is None:
        return "centered"
    return "player" if state.cube_owner is side else "opponent"


def context_of(state: GameState, side: Side) -> GameContext:
    """The context of ``side``'s decision in ``state``: cube value, match score, money options."""
    return GameContext.of(state.match, side, cube_value=state.cube, options=state.options)


def doubler_judgement(
    judge: CubeJudge, state: GameState, plies: int, question: Literal["double", "answer"]
) -> CubeJudgement:
    """The cube decision of the side on roll before the double now on offer (or being considered), from its view:
    with the cube as it was before the double."""
    assert state.turn is not None
    side = state.turn
    owner = cube_owner(state, side)
    if state.phase is Phase.BEAVERED:
        raise AssertionError("after a beaver the cube has moved: ask before the beaver")
    return judge.decide(state.position, owner, context_of(state, side), plies, question)


class Computer:
    """A computer player of ``level`` judging with ``evaluator`` (cube decisions through ``judge``, shared with the
    tutor so that each position is judged once)."""

    def __init__(self, evaluator: Evaluator, level: Level | str, judge: CubeJudge | None = None) -> None:
        self.evaluator = evaluator
        self.level = get_level(level) if isinstance(level, str) else level
        self.judge = CubeJudge(evaluator) if judge is None else judge

    def wants_to_double(self, state: GameState, rng: random.Random) -> bool:
        """Whether the side on roll in ``state`` doubles (never when the rules forbid it)."""
        if double_problem(state) is not None:
            return False
        judgement = doubler_judgement(self.judge, state, self.level.plies, "double")
        return offers_double(judgement.decision, self.level, rng)

    def answer(self, state: GameState, rng: random.Random) -> Answer:
        """The doubled side's answer to the double waiting in ``state``: take, pass or (when allowed and the taker
        is the favourite) beaver."""
        decision = doubler_judgement(self.judge, state, self.level.plies, "answer").decision
        noise = rng.gauss(0.0, self.level.cube_noise) if self.level.cube_noise else 0.0
        if decision.double_take + noise > decision.double_pass:
            return "pass"
        if _beaver_allowed(state) and decision.double_take + noise < 0:
            return "beaver"
        return "take"

    def answer_beaver(self, state: GameState, rng: random.Random, before: CubeJudgement) -> Literal["take", "pass"]:
        """The doubler's answer to a beaver: take the redouble unless it loses more than passing (2 per unit of the
        cube before the double); ``before`` is the doubler's cube decision before doubling."""
        noise = rng.gauss(0.0, self.level.cube_noise) if self.level.cube_noise else 0.0
        return "take" if 2 * before.decision.double_take + noise >= -2 * before.decision.double_pass else "pass"

    def choose_play(self, state: GameState, rng: random.Random, ranked: list[RankedPlay] | None = None) -> RankedPlay:
        """The play the side on roll makes with the dice of ``state`` (``ranked``: the ranking at the level's
        depth, if already known)."""
        assert state.turn is not None and state.dice is not None
        if ranked is None:
            ranked = self.rank(state)
        return pick(ranked, self.level, rng)

    def rank(self, state: GameState, plies: int | None = None) -> list[RankedPlay]:
        """Every legal play of the side on roll, best first, at ``plies`` (default: the level's depth)."""
        assert state.turn is not None and state.dice is not None
        side = state.turn
        return self.evaluator.rank_plays(
            state.position,
            state.dice,
            self.level.plies if plies is None else plies,
            cube=cube_owner(state, side),
            context=context_of(state, side),
        )


def _beaver_allowed(state: GameState) -> bool:
    return beaver_problem(state) is None
