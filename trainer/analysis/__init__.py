"""Evaluation on top of the rules engine: ranked plays, cube decisions and computer opponents by level.

The app talks to the :class:`Evaluator` protocol; :class:`trainer.analysis.sage.SageEvaluator` implements it
with bgsage, the Open Sage neural-network engine. This package is the only place that imports bgsage, and only
``trainer.analysis.sage`` does, so importing this package does not load it::

    from trainer.analysis.sage import SageEvaluator
    from trainer.engine import Position

    ranked = SageEvaluator().rank_plays(Position.start(), (3, 1))   # best first
    print(ranked[0].play, ranked[0].equity, ranked[0].chances.win)
"""

from trainer.analysis.board import from_board, to_board
from trainer.analysis.levels import (
    DEFAULT_LEVEL,
    LEVELS,
    ComputerPlayer,
    Level,
    choose_play,
    get_level,
    offers_double,
    pick,
    takes_double,
)
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
    GameContext,
    RankedPlay,
    check_cube,
    check_plies,
)

__all__ = [
    "CUBE_OWNERS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_PLIES",
    "MIN_PLIES",
    "AnalysisError",
    "Chances",
    "ComputerPlayer",
    "CubeAction",
    "CubeDecision",
    "CubeOwner",
    "Evaluator",
    "GameContext",
    "Level",
    "RankedPlay",
    "check_cube",
    "check_plies",
    "choose_play",
    "from_board",
    "get_level",
    "offers_double",
    "pick",
    "takes_double",
    "to_board",
]
