"""The rules of backgammon: positions, legal plays, explanations and game flow (standard library only).

The board is always seen from the player on roll (X); see :mod:`trainer.engine.position` for the numbering.
"""

from trainer.engine.errors import (
    AmbiguousPlayError,
    EngineError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidNotationError,
    InvalidPositionError,
    PlayError,
)
from trainer.engine.explain import Constraint, Explanation, explain
from trainer.engine.game import Game, GameResult, OpeningRoll, Side, WinKind, win_kind
from trainer.engine.moves import Dice, Move, Play, check_dice, legal_plays, parse_dice
from trainer.engine.notation import parse_play
from trainer.engine.position import BAR, CHECKERS, OFF, Position
from trainer.engine.reading import read_position
from trainer.engine.xgid import Xgid

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "AmbiguousPlayError",
    "Constraint",
    "Dice",
    "EngineError",
    "Explanation",
    "Game",
    "GameResult",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Move",
    "OpeningRoll",
    "Play",
    "PlayError",
    "Position",
    "Side",
    "WinKind",
    "Xgid",
    "check_dice",
    "explain",
    "legal_plays",
    "parse_dice",
    "parse_play",
    "read_position",
    "win_kind",
]
