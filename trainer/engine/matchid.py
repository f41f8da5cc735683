"""GNU Backgammon's Match ID: the cube, score and turn of a position in 12 characters, written after the Position
ID as ``POSID:MATCHID`` (e.g. ``4HPwATDgc/ABMA:cAkAAAAAAAAA``).

The Match ID is the base64 form of a 66-bit key (9 bytes, the first bit the lowest bit of the first byte):
the cube's log2 (4 bits), the cube owner (2: 0 or 1 for a player, 3 in the middle), the player on roll (1),
the Crawford flag (1), the game state (3: no game, playing, over, resigned, ended by a pass), the player to
decide next (1), a double offered (1), a resignation offered (2: none, single, gammon, backgammon), the two dice
(3 each, 0 when not rolled, the higher first), the match length (15, 0 for money) and the two scores (15 each).
GNU Backgammon's builds since 2011 add a 67th bit, set when the Jacoby rule is off; older IDs leave it 0. In a
match it means nothing and is written 0.

Player 0 is O (the top side) and player 1 is X (the bottom side). The Position ID beside it is seen from the
player on roll.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from enum import Enum

from trainer.engine import wording
from trainer.engine.cube import MAX_CUBE, Cube
from trainer.engine.dice import Dice
from trainer.engine.errors import EngineError, InvalidPositionError
from trainer.engine.match import MatchScore
from trainer.engine.position import Position
from trainer.engine.side import Side
from trainer.engine.state import GameState, Phase, WinKind

MATCH_ID_LENGTH = 12
_FIELDS = (  # name, first bit, width
    ("cube", 0, 4),
    ("owner", 4, 2),
    ("on_roll", 6, 1),
    ("crawford", 7, 1),
    ("stage", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resigned", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("no_jacoby", 66, 1),
)


class GameStage(Enum):
    """The state of the game a Match ID describes."""

    NONE = 0  # no game started
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4  # ended by a pass


def _player(side: Side) -> int:
    return 1 if side is Side.X else 0


def _side(player: int) -> Side:
    return Side.X if player else Side.O


@dataclass(frozen=True, slots=True)
class MatchId:
    """The fields of a Match ID as engine values.

    ``on_roll`` is the side on roll (or that just rolled); ``turn`` the side to decide next (the opponent while a
    double or a resignation is offered; ``None`` means the side on roll). ``resigned`` is the size of a
    resignation on offer; ``jacoby`` the Jacoby rule of money play (always off in a match).

    :raises EngineError: for fields that cannot go together (a double offered with dice rolled...).
    """

    match: MatchScore = field(default_factory=MatchScore)
    cube: Cube = field(default_factory=Cube)
    on_roll: Side = Side.X
    turn: Side | None = None
    dice: Dice | None = None
    doubled: bool = False
    resigned: WinKind | None = None
    stage: GameStage = GameStage.PLAYING
    jacoby: bool = False

    def __post_init__(self) -> None:
        if self.turn is None:
            offer = self.doubled or self.resigned is not None
            object.__setattr__(self, "turn", self.on_roll.other if offer else self.on_roll)
        if self.dice is not None:
            object.__setattr__(self, "dice", Dice.of(self.dice))
        if self.jacoby and not self.match.is_money:
            raise EngineError(wording.jacoby_in_a_match(self.match.length))
        if self.doubled and self.dice is not None:
            raise EngineError(wording.double_with_dice())

    @property
    def decider(self) -> Side:
        """The side to decide next."""
        assert self.turn is not None
        return self.turn

    def match_id(self) -> str:
        """The 12-character Match ID."""
        values = {
            "cube": self.cube.value.bit_length() - 1,
            "owner": 3 if self.cube.owner is None else _player(self.cube.owner),
            "on_roll": _player(self.on_roll),
            "crawford": int(self.match.crawford),
            "stage": self.stage.value,
            "turn": _player(self.decider),
            "doubled": int(self.doubled),
            "resigned": 0 if self.resigned is None else self.resigned.value,
            "die1": 0 if self.dice is None else self.dice.high,
            "die2": 0 if self.dice is None else self.dice.low,
            "length": self.match.length,
            "score0": self.match.o,
            "score1": self.match.x,
            "no_jacoby": int(self.match.is_money and not self.jacoby),
        }
        key = 0
        for name, first, _ in _FIELDS:
            key |= values[name] << first
        return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")

    @classmethod
    def from_match_id(cls, text: str) -> MatchId:
        """Read a Match ID (12 base64 characters).

        :raises InvalidPositionError: naming the field that cannot be read or that breaks a rule.
        """
        stripped = text.strip()
        if not re.fullmatch(r"[A-Za-z0-9+/]{12}", stripped):
            raise InvalidPositionError(wording.not_a_match_id(text))
        try:
            raw = base64.b64decode(stripped, validate=True)
        except (binascii.Error, ValueError) as error:  # pragma: no cover - the pattern above rules this out
            raise InvalidPositionError(wording.not_a_match_id(text, str(error))) from None
        key = int.from_bytes(raw, "little")
        field = {name: key >> first & ((1 << width) - 1) for name, first, width in _FIELDS}
        if key >> 67:
            raise InvalidPositionError(wording.match_id_stray_bits(text))

        def bad(reason: str) -> InvalidPositionError:
            return InvalidPositionError(wording.in_match_id(stripped, reason))

        if field["owner"] == 2:
            raise bad(wording.match_id_owner_bits())
        if field["stage"] > 4:
            raise bad(wording.match_id_game_state(field["stage"]))
        dice = field["die1"], field["die2"]
        if any(die > 6 for die in dice) or (0 in dice and dice != (0, 0)):
            raise bad(wording.match_id_dice(*dice))
        if 1 << field["cube"] > MAX_CUBE:
            raise bad(wording.match_id_cube(1 << field["cube"], MAX_CUBE))
        try:
            match = MatchScore(field["length"], field["score1"], field["score0"], crawford=bool(field["crawford"]))
            return cls(
                match=match,
                cube=Cube(1 << field["cube"], None if field["owner"] == 3 else _side(field["owner"])),
                on_roll=_side(field["on_roll"]),
                turn=_side(field["turn"]),
                dice=None if dice == (0, 0) else Dice(*dice),
                doubled=bool(field["doubled"]),
                resigned=None if not field["resigned"] else WinKind(field["resigned"]),
                stage=GameStage(field["stage"]),
                jacoby=not field["length"] and not field["no_jacoby"],
            )
        except EngineError as error:
            raise bad(str(error)) from None

    @classmethod
    def from_state(cls, state: GameState) -> MatchId:
        """The Match ID of a game at one moment (the side on roll is the one whose view the position has)."""
        on_roll = Side.X if state.turn is None else state.turn
        stage = {
            Phase.OPENING: GameStage.NONE,
            Phase.OVER: GameStage.DROPPED if state.result is not None and state.result.passed else GameStage.OVER,
        }.get(state.phase, GameStage.PLAYING)
        return cls(
            match=state.match,
            cube=state.doubling_cube,
            on_roll=on_roll,
            # A beaver waits for the doubler's answer (a raccoon for the beaverer's): still a double on offer.
            turn=state.deciding or on_roll,
            dice=state.dice,
            doubled=state.phase in (Phase.DOUBLED, Phase.BEAVERED),
            stage=stage,
            jacoby=state.options.jacoby,
        )


def gnubg_id(position: Position, match_id: MatchId) -> str:
    """The combined ``POSID:MATCHID`` form (``position`` seen from the side on roll)."""
    return f"{position.position_id()}:{match_id.match_id()}"
