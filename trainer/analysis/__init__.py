"""Evaluation on top of the rules engine: ranked plays and cube decisions.

The app talks to the :class:`Evaluator` protocol; :class:`trainer.analysis.sage.SageEvaluator` implements it
with bgsage, the Open Sage neural-network engine. This package is the only place that imports bgsage, and only
``trainer.analysis.sage`` does, so importing this package does not load it::

    from trainer.analysis.sage import SageEvaluator
    from trainer.engine import Position

    ranked = SageEvaluator().rank_plays(Position.start(), (3, 1))   # best first
    print(ranked[0].play, ranked[0].equity, ranked[0].chances.win)
"""

from trainer.analysis.board import from_board, to_board
from trainer.analysis.results import (
    CUBE_OWNERS,
    MAX_PLIES,
    MIN_PLIES,
    AnalysisError,
    Chances,
    CubeAction,
    CubeDecision,
    CubeOwner,
    Evaluator,
    RankedPlay,
    check_cube,
    check_plies,
)

__all__ = [
    "CUBE_OWNERS",
    "MAX_PLIES",
    "MIN_PLIES",
    "AnalysisError",
    "Chances",
    "CubeAction",
    "CubeDecision",
    "CubeOwner",
    "Evaluator",
    "RankedPlay",
    "check_cube",
    "check_plies",
    "from_board",
    "to_board",
]
