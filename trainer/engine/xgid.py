"""XGID, eXtreme Gammon's one-line position format: board, cube, turn, dice and score.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10`` has ten fields: 26 board characters (the top side's
bar, points 1-24 in the bottom side's numbering, the bottom side's bar; ``A``-``P`` count the bottom side's
checkers, ``a``-``p`` the top side's, ``-`` is empty), the cube's log2, the cube owner (1 bottom, -1 top,
0 centred), the side on turn (1 bottom, -1 top), the dice (``00`` not yet rolled), the bottom and top scores,
the rules field (in a match 1 for the Crawford game; in money play 1 for the Jacoby rule, 2 for beavers, 3 for
both), the match length (0 for money play) and the maximum cube's log2.

Here the bottom side is X and the top side O, and :attr:`Xgid.position` is seen from the side on turn.
:attr:`Xgid.cube`, :attr:`Xgid.match` and :attr:`Xgid.options` give the cube, score and money options as engine
values, and :meth:`Xgid.of` builds an XGID from them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from trainer.engine import wording
from trainer.engine.cube import Cube
from trainer.engine.dice import Dice
from trainer.engine.errors import InvalidPositionError
from trainer.engine.match import MatchScore, MoneyOptions
from trainer.engine.position import BAR, CHECKERS, OFF, Position
from trainer.engine.side import Side


@dataclass(frozen=True, slots=True)
class Xgid:
    """The fields of an XGID. ``position`` is seen from the side on turn; ``turn`` says which side that is.

    ``crawford`` belongs to a match, ``jacoby`` and ``beavers`` to money play (the XGID keeps them in one field).

    :raises InvalidPositionError: naming the field that cannot be.
    """

    position: Position
    turn: Side = Side.X
    dice: Dice | None = None
    cube_value: int = 1
    cube_owner: Literal[1, 0, -1] = 0
    score_bottom: int = 0
    score_top: int = 0
    crawford: bool = False
    match_length: int = 0
    max_cube: int = 1024
    jacoby: bool = False
    beavers: bool = False

    def __post_init__(self) -> None:
        if self.turn not in (1, -1):
            raise InvalidPositionError(wording.xgid_turn(self.turn))
        object.__setattr__(self, "turn", Side(self.turn))
        if self.cube_owner not in (1, 0, -1):
            raise InvalidPositionError(wording.xgid_cube_owner(self.cube_owner))
        for maximum, cube in ((False, self.cube_value), (True, self.max_cube)):
            if cube < 1 or cube > 1 << 15 or cube & (cube - 1):
                raise InvalidPositionError(wording.xgid_cube_not_a_power(cube, maximum=maximum))
        numbers: tuple[tuple[Literal["bottom", "top", "length"], int], ...] = (
            ("bottom", self.score_bottom),
            ("top", self.score_top),
            ("length", self.match_length),
        )
        for field, number in numbers:
            if number < 0:
                raise InvalidPositionError(wording.xgid_negative(field, number))
        if self.dice is not None:
            if len(self.dice) != 2 or not all(1 <= die <= 6 for die in self.dice):
                raise InvalidPositionError(wording.xgid_dice(self.dice))
            object.__setattr__(self, "dice", Dice(*self.dice))
        if self.crawford and not self.match_length:
            raise InvalidPositionError(wording.xgid_crawford_in_money_play())
        if self.match_length and (self.jacoby or self.beavers):
            raise InvalidPositionError(wording.xgid_money_options_in_a_match())

    @classmethod
    def of(
        cls,
        position: Position,
        *,
        turn: Side = Side.X,
        dice: Dice | None = None,
        cube: Cube | None = None,
        match: MatchScore | None = None,
        options: MoneyOptions | None = None,
        max_cube: int = 1024,
    ) -> Xgid:
        """An XGID from engine values: ``position`` seen from ``turn``, the cube, the score and the money options.

        :raises InvalidPositionError: if money options are given for a match.
        """
        cube = Cube() if cube is None else cube
        match = MatchScore() if match is None else match
        options = MoneyOptions() if options is None else options
        return cls(
            position=position,
            turn=turn,
            dice=dice,
            cube_value=cube.value,
            cube_owner=0 if cube.owner is None else 1 if cube.owner is Side.X else -1,
            score_bottom=match.x,
            score_top=match.o,
            crawford=match.crawford,
            match_length=match.length,
            max_cube=max_cube,
            jacoby=options.jacoby,
            beavers=options.beavers,
        )

    @property
    def cube(self) -> Cube:
        """The cube as a value (the owner 1 is X, the bottom side; -1 is O).

        :raises CubeError: for a cube above 64, where this engine's cube stops.
        """
        return Cube(self.cube_value, None if self.cube_owner == 0 else Side(self.cube_owner))

    @property
    def match(self) -> MatchScore:
        """The score: X is the bottom side, O the top.

        :raises MatchError: for a score that cannot be (beyond the length, a Crawford game no side is short for).
        """
        return MatchScore(self.match_length, self.score_bottom, self.score_top, crawford=self.crawford)

    @property
    def options(self) -> MoneyOptions:
        """The money-play options (none in a match)."""
        return MoneyOptions(jacoby=self.jacoby, beavers=self.beavers)

    def bottom_and_top(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The bottom side's (X's) and the top side's (O's) counts, each in its own numbering."""
        if self.turn is Side.X:
            return self.position.player, self.position.opponent
        return self.position.opponent, self.position.player

    def xgid(self) -> str:
        """The XGID text, with the ``XGID=`` prefix.

        :raises InvalidPositionError: if checkers wait to enter (acey-deucey): an XGID cannot hold them.
        """
        self.position.refuse_waiting("xgid")
        bottom, top = self.bottom_and_top()
        board = [_char(top[BAR], lower=True)]
        for point in range(1, 25):
            if bottom[point]:
                board.append(_char(bottom[point], lower=False))
            else:
                board.append(_char(top[25 - point], lower=True))
        board.append(_char(bottom[BAR], lower=False))
        dice = f"{self.dice[0]}{self.dice[1]}" if self.dice else "00"
        fields = [
            "".join(board),
            str(self.cube_value.bit_length() - 1),
            str(self.cube_owner),
            str(self.turn.value),
            dice,
            str(self.score_bottom),
            str(self.score_top),
            str(int(self.crawford) if self.match_length else int(self.jacoby) + 2 * int(self.beavers)),
            str(self.match_length),
            str(self.max_cube.bit_length() - 1),
        ]
        return "XGID=" + ":".join(fields)

    @classmethod
    def from_xgid(cls, text: str) -> Xgid:
        """Read an XGID (the ``XGID=`` prefix is optional; fields after the turn may be left out).

        :raises InvalidPositionError: naming the field that cannot be read.
        """
        body = text.strip()
        if body.upper().startswith("XGID="):
            body = body[5:]
        fields = body.split(":")
        board = fields[0]
        if len(board) != 26 or not re.fullmatch(r"[-A-Pa-p]{26}", board):
            raise InvalidPositionError(wording.not_an_xgid(text))
        bottom = [0] * 26
        top = [0] * 26
        for index, char in enumerate(board):
            if char == "-":
                continue
            count = ord(char.lower()) - ord("a") + 1
            if char.isupper():
                bottom[BAR if index == 25 else index] += count
                if index == 0:
                    raise InvalidPositionError(wording.xgid_o_bar_uppercase(text))
            else:
                if index == 25:
                    raise InvalidPositionError(wording.xgid_x_bar_lowercase(text))
                top[BAR if index == 0 else 25 - index] += count
        for name, side in (("X", bottom), ("O", top)):
            total = sum(side)
            if total > CHECKERS:
                raise InvalidPositionError(wording.xgid_too_many_checkers(text, name, total, CHECKERS))
            side[OFF] = CHECKERS - total

        def number(index: int, field: wording.XgidField, default: int) -> int:
            if len(fields) <= index or fields[index] == "":
                return default
            if not re.fullmatch(r"[+-]?\d{1,6}", fields[index]):
                raise InvalidPositionError(wording.xgid_field_not_whole(text, field, fields[index]))
            return int(fields[index])

        cube_log = number(1, "cube", 0)
        owner = number(2, "owner", 0)
        turn = number(3, "turn", 1)
        if owner not in (1, 0, -1):
            raise InvalidPositionError(wording.xgid_cube_owner_field(text, owner))
        if turn not in (1, -1):
            raise InvalidPositionError(wording.xgid_turn_field(text, turn))
        if not 0 <= cube_log <= 15:
            raise InvalidPositionError(wording.xgid_cube_field(text, cube_log))
        dice: Dice | None = None
        if len(fields) > 4 and fields[4] not in ("", "00", "0", "D", "B", "R"):
            if not re.fullmatch(r"[1-6][1-6]", fields[4]):
                raise InvalidPositionError(wording.xgid_dice_field(text, fields[4]))
            dice = Dice(int(fields[4][0]), int(fields[4][1]))
        try:
            position = Position(bottom, top) if turn == 1 else Position(top, bottom)
        except InvalidPositionError as error:
            raise InvalidPositionError(wording.in_xgid(text, str(error))) from None
        max_log = number(9, "maximum", 10)
        if not 0 <= max_log <= 15:
            raise InvalidPositionError(wording.xgid_maximum_cube_field(text, max_log))
        scores = (number(5, "bottom", 0), number(6, "top", 0))
        rules = number(7, "rules", 0)
        match_length = number(8, "length", 0)
        if match_length and rules not in (0, 1):
            raise InvalidPositionError(wording.xgid_crawford_field(text, rules))
        if not match_length and rules not in (0, 1, 2, 3):
            raise InvalidPositionError(wording.xgid_rules_field(text, rules))
        try:
            return cls(
                position=position,
                turn=Side(turn),
                dice=dice,
                cube_value=1 << cube_log,
                cube_owner=1 if owner == 1 else -1 if owner == -1 else 0,
                score_bottom=scores[0],
                score_top=scores[1],
                crawford=bool(match_length and rules),
                match_length=match_length,
                max_cube=1 << max_log,
                jacoby=not match_length and bool(rules & 1),
                beavers=not match_length and bool(rules & 2),
            )
        except InvalidPositionError as error:
            raise InvalidPositionError(wording.in_xgid(text, str(error))) from None


def _char(count: int, *, lower: bool) -> str:
    if count == 0:
        return "-"
    letter = chr(ord("A") + count - 1)
    return letter.lower() if lower else letter
