"""Evaluation on top of the rules engine: ranked plays, cube decisions and computer opponents by level.

The app talks to the :class:`Evaluator` protocol; :class:`trainer.analysis.sage.SageEvaluator` implements it
with bgsage, the Open Sage neural-network engine. This package is the only place that imports bgsage, and only
``trainer.analysis.sage`` does, so importing this package does not load it::

    from trainer.analysis.sage import SageEvaluator
    from trainer.engine import Position

    ranked = SageEvaluator().rank_plays(Position.start(), (3, 1))   # best first
    print(ranked[0].play, ranked[0].equity, ranked[0].chances.win)
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trainer.analysis.basics import DEFAULT_LEVEL
    from trainer.analysis.board import from_board, to_board
    from trainer.analysis.levels import (
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

_HOMES = {
    "AnalysisError": "trainer.analysis.basics",
    "CUBE_OWNERS": "trainer.analysis.basics",
    "Chances": "trainer.analysis.results",
    "ComputerPlayer": "trainer.analysis.levels",
    "CubeAction": "trainer.analysis.results",
    "CubeDecision": "trainer.analysis.results",
    "CubeOwner": "trainer.analysis.basics",
    "DEFAULT_LEVEL": "trainer.analysis.basics",
    "Evaluator": "trainer.analysis.results",
    "GameContext": "trainer.analysis.results",
    "LEVELS": "trainer.analysis.levels",
    "Level": "trainer.analysis.levels",
    "MAX_PLIES": "trainer.analysis.basics",
    "MIN_PLIES": "trainer.analysis.basics",
    "RankedPlay": "trainer.analysis.results",
    "check_cube": "trainer.analysis.results",
    "check_plies": "trainer.analysis.results",
    "choose_play": "trainer.analysis.levels",
    "from_board": "trainer.analysis.board",
    "get_level": "trainer.analysis.levels",
    "offers_double": "trainer.analysis.levels",
    "pick": "trainer.analysis.levels",
    "takes_double": "trainer.analysis.levels",
    "to_board": "trainer.analysis.board",
}
"""Where each name of the package lives: a module is imported when one of its names is first asked for."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    return getattr(import_module(home), name)


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
