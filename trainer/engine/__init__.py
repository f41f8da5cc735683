"""The rules of backgammon: positions, legal plays, explanations and game flow (standard library only).

The board is always seen from the player on roll (X); see :mod:`trainer.engine.position` for the numbering.
"""

from trainer.engine.cube import MAX_CUBE, Cube
from trainer.engine.dice import ChosenDouble, Dice, check_dice, parse_dice
from trainer.engine.errors import (
    AmbiguousPlayError,
    CubeError,
    EngineError,
    GameStateError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidNotationError,
    InvalidPositionError,
    MatchError,
    NotBearOffError,
    PlayError,
    TableError,
)
from trainer.engine.explain import Constraint, Explanation, explain
from trainer.engine.game import Game, Match
from trainer.engine.match import MatchScore, MoneyOptions
from trainer.engine.matchid import GameStage, MatchId, gnubg_id
from trainer.engine.moves import Move, Play, legal_plays, play_order, sorted_plays
from trainer.engine.notation import parse_play
from trainer.engine.position import BAR, CHECKERS, OFF, WAITING, Position
from trainer.engine.reading import PositionRecord, read_position, read_record
from trainer.engine.side import Side
from trainer.engine.state import GameResult, GameState, OpeningRoll, Phase, WinKind, win_kind
from trainer.engine.turn import Turn
from trainer.engine.variants import Variant
from trainer.engine.variants.acey_deucey import AceyDeucey, playable_doubles
from trainer.engine.xgid import Xgid

__all__ = [
    "BAR",
    "CHECKERS",
    "MAX_CUBE",
    "OFF",
    "WAITING",
    "AceyDeucey",
    "AmbiguousPlayError",
    "ChosenDouble",
    "Constraint",
    "Cube",
    "CubeError",
    "Dice",
    "EngineError",
    "Explanation",
    "Game",
    "GameResult",
    "GameStage",
    "GameState",
    "GameStateError",
    "IllegalPlayError",
    "InvalidDiceError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Match",
    "MatchError",
    "MatchId",
    "MatchScore",
    "MoneyOptions",
    "Move",
    "NotBearOffError",
    "OpeningRoll",
    "Phase",
    "Play",
    "PlayError",
    "Position",
    "PositionRecord",
    "Side",
    "TableError",
    "Turn",
    "Variant",
    "WinKind",
    "Xgid",
    "check_dice",
    "explain",
    "gnubg_id",
    "legal_plays",
    "parse_dice",
    "parse_play",
    "play_order",
    "playable_doubles",
    "read_position",
    "read_record",
    "sorted_plays",
    "win_kind",
]
