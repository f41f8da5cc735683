"""The rules of backgammon: positions, legal plays, explanations and game flow (standard library only).

The board is always seen from the player on roll (X); see :mod:`trainer.engine.position` for the numbering.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from trainer.engine.explanation import Constraint, Explanation, explain
    from trainer.engine.game import Game, Match
    from trainer.engine.match import MatchScore, MoneyOptions
    from trainer.engine.matchid import GameStage, MatchId, gnubg_id
    from trainer.engine.moves import Move, Play, legal_plays, play_order, sorted_plays
    from trainer.engine.notation import parse_play
    from trainer.engine.position import BAR, CHECKERS, OFF, WAITING, Position
    from trainer.engine.reading import PositionRecord, read_position, read_record
    from trainer.engine.shots import ShotCount, blot_points, count_shots
    from trainer.engine.side import Side
    from trainer.engine.state import GameResult, GameState, OpeningRoll, Phase, WinKind, win_kind
    from trainer.engine.turn import Turn
    from trainer.engine.variants import Variant
    from trainer.engine.variants.acey_deucey import AceyDeucey, playable_doubles
    from trainer.engine.xgid import Xgid

_HOMES = {
    "AceyDeucey": "trainer.engine.variants.acey_deucey",
    "AmbiguousPlayError": "trainer.engine.errors",
    "BAR": "trainer.engine.position",
    "CHECKERS": "trainer.engine.position",
    "ChosenDouble": "trainer.engine.dice",
    "Constraint": "trainer.engine.explanation",
    "Cube": "trainer.engine.cube",
    "CubeError": "trainer.engine.errors",
    "Dice": "trainer.engine.dice",
    "EngineError": "trainer.engine.errors",
    "Explanation": "trainer.engine.explanation",
    "Game": "trainer.engine.game",
    "GameResult": "trainer.engine.state",
    "GameStage": "trainer.engine.matchid",
    "GameState": "trainer.engine.state",
    "GameStateError": "trainer.engine.errors",
    "IllegalPlayError": "trainer.engine.errors",
    "InvalidDiceError": "trainer.engine.errors",
    "InvalidNotationError": "trainer.engine.errors",
    "InvalidPositionError": "trainer.engine.errors",
    "MAX_CUBE": "trainer.engine.cube",
    "Match": "trainer.engine.game",
    "MatchError": "trainer.engine.errors",
    "MatchId": "trainer.engine.matchid",
    "MatchScore": "trainer.engine.match",
    "MoneyOptions": "trainer.engine.match",
    "Move": "trainer.engine.moves",
    "NotBearOffError": "trainer.engine.errors",
    "OFF": "trainer.engine.position",
    "OpeningRoll": "trainer.engine.state",
    "Phase": "trainer.engine.state",
    "Play": "trainer.engine.moves",
    "PlayError": "trainer.engine.errors",
    "Position": "trainer.engine.position",
    "PositionRecord": "trainer.engine.reading",
    "ShotCount": "trainer.engine.shots",
    "Side": "trainer.engine.side",
    "TableError": "trainer.engine.errors",
    "Turn": "trainer.engine.turn",
    "Variant": "trainer.engine.variants",
    "WAITING": "trainer.engine.position",
    "WinKind": "trainer.engine.state",
    "Xgid": "trainer.engine.xgid",
    "blot_points": "trainer.engine.shots",
    "check_dice": "trainer.engine.dice",
    "count_shots": "trainer.engine.shots",
    "explain": "trainer.engine.explanation",
    "gnubg_id": "trainer.engine.matchid",
    "legal_plays": "trainer.engine.moves",
    "parse_dice": "trainer.engine.dice",
    "parse_play": "trainer.engine.notation",
    "play_order": "trainer.engine.moves",
    "playable_doubles": "trainer.engine.variants.acey_deucey",
    "read_position": "trainer.engine.reading",
    "read_record": "trainer.engine.reading",
    "sorted_plays": "trainer.engine.moves",
    "win_kind": "trainer.engine.state",
}
"""Where each name of the package lives: a module is imported when one of its names is first asked for, so that a
program that needs a few of the engine's values (the app's first screen) does not load the move generator."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    return getattr(import_module(home), name)


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
    "ShotCount",
    "Side",
    "TableError",
    "Turn",
    "Variant",
    "WinKind",
    "Xgid",
    "blot_points",
    "check_dice",
    "count_shots",
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
