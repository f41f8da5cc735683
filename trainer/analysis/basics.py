"""The analysis layer's plain facts and its error, light to import: the command line builds its options from them
before anything is evaluated."""

from __future__ import annotations

from typing import Final, Literal

CubeOwner = Literal["centered", "player", "opponent"]
"""Who holds the cube: nobody (``"centered"``), the player on roll (``"player"``) or the opponent."""

CUBE_OWNERS: Final[tuple[CubeOwner, ...]] = ("centered", "player", "opponent")
MIN_PLIES: Final = 1
MAX_PLIES: Final = 3  # ranking every play takes seconds at 3 plies; bgsage's 4 plies take minutes

LEVEL_PLIES: Final[dict[str, int]] = {"beginner": 1, "intermediate": 1, "strong": 2}
"""The computer's levels, weakest first, with the depth each evaluates at."""
DEFAULT_LEVEL: Final = "intermediate"
ANALYSIS_PLIES: Final = 2
"""The depth a whole match is analysed at by default: bgsage's 2 plies (GNU Backgammon's 1-ply), in about the CPU
time GNU Backgammon's own analysis takes (:mod:`trainer.analysis.sweep`)."""


class AnalysisError(ValueError):
    """A question an evaluator cannot answer (bad depth, a cube the player cannot turn, a finished game); the
    message quotes the input."""
