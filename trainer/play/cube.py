"""Cube decisions for play, fast and sound: the exact table where it applies, bgsage elsewhere, deeper only when
the decision is close.

In order:

1. Money play in a pure bear-off of at most six checkers a side: the exact cubeful equities of
   :func:`trainer.engine.bearoff.cube_decision` (bgsage's 1-ply cube is weak there).
2. Otherwise bgsage at 1 ply, which costs well under a millisecond (see :mod:`trainer.analysis.sage`).
3. For a deeper level, the 1-ply answer stands when it is far from the boundary that matters: for the side on roll
   doubling more than :data:`WINDOW` worse than not (or better, when the opponent takes and passes alike), for a
   doubled side taking and passing more than :data:`WINDOW` apart. Only close decisions pay for the deeper search
   (some 40 ms at 2 plies). ``tests/test_play_sage.py`` checks on sample positions that the window never hides a
   2-ply double, take or pass. With no window at all (a match's analysis), every decision goes straight to the depth.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from trainer.analysis import Chances, CubeDecision, CubeOwner, Evaluator, GameContext
from trainer.engine import NotBearOffError, Position, bearoff

WINDOW: Final = 0.2
"""How far (equity per unit of the cube) a 1-ply decision must be from its boundary to skip the deeper search."""

EXACT_SOURCE: Final[Literal["exact bear-off"]] = "exact bear-off"
"""What a decision from the exact bear-off table says it comes from."""
Question = Literal["double", "answer"]
"""What the decision is for: the side on roll doubling or not, or the doubled side taking or passing."""


@dataclass(frozen=True, slots=True)
class CubeJudgement:
    """A cube decision of the side on roll and what gave it (``"exact bear-off"``, ``"1-ply"``, ``"2-ply"``...)."""

    decision: CubeDecision
    source: str


def exact_bearoff(position: Position, owner: CubeOwner, context: GameContext) -> CubeDecision | None:
    """The exact money cube decision of a pure bear-off of up to six checkers a side, or ``None`` outside it."""
    if not context.is_money or owner == "opponent":
        return None
    try:
        exact = bearoff.cube_decision(position, "player" if owner == "player" else "centered")
    except NotBearOffError:
        return None
    chances = Chances(
        win=exact.win_probability, win_gammon=0.0, win_backgammon=0.0, lose_gammon=0.0, lose_backgammon=0.0
    )
    return CubeDecision(
        no_double=exact.no_double,
        double_take=exact.double_take,
        double_pass=exact.double_pass,
        cubeless_equity=exact.cubeless_equity,
        chances=chances,
        plies=1,
        cube=owner,
    )


def is_far(decision: CubeDecision, question: Question, window: float = WINDOW) -> bool:
    """Whether ``decision`` is clear enough that a deeper search would not change the answer to ``question``."""
    if question == "answer":
        return abs(decision.double_take - decision.double_pass) > window
    gain = min(decision.double_take, decision.double_pass) - decision.no_double
    return abs(gain) > window


class CubeJudge:
    """Cube decisions through ``evaluator``, cached by position, cube and context for the judge's lifetime."""

    def __init__(self, evaluator: Evaluator, *, window: float = WINDOW) -> None:
        self.evaluator = evaluator
        self.window = window
        self._cache: dict[tuple[str, CubeOwner, GameContext, int, Question], CubeJudgement] = {}
        self.deep_calls = 0

    def decide(
        self, position: Position, owner: CubeOwner, context: GameContext, plies: int, question: Question = "double"
    ) -> CubeJudgement:
        """The cube decision of the side on roll in ``position`` (which may double: ``owner`` is not
        ``"opponent"``), good enough to answer ``question`` at ``plies``."""
        key = (position.position_id(), owner, context, plies, question)
        known = self._cache.get(key)
        if known is None:
            known = self._cache[key] = self._decide(position, owner, context, plies, question)
        return known

    def _decide(
        self, position: Position, owner: CubeOwner, context: GameContext, plies: int, question: Question
    ) -> CubeJudgement:
        exact = exact_bearoff(position, owner, context)
        if exact is not None:
            return CubeJudgement(exact, EXACT_SOURCE)
        if plies > 1 and self.window == math.inf:  # never far enough: straight to the depth
            self.deep_calls += 1
            decision = self.evaluator.cube_decision(position, plies, cube=owner, context=context)
            return CubeJudgement(decision, f"{plies}-ply")
        first = self.evaluator.cube_decision(position, 1, cube=owner, context=context)
        if plies == 1 or is_far(first, question, self.window):
            return CubeJudgement(first, "1-ply")
        self.deep_calls += 1
        return CubeJudgement(self.evaluator.cube_decision(position, plies, cube=owner, context=context), f"{plies}-ply")
