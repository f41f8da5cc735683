"""Reading a position written in any of the supported forms, alone (:func:`read_position`) or with everything
the form says about the cube, the score and the turn (:func:`read_record`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, get_args

from trainer.engine import wording
from trainer.engine.cube import Cube
from trainer.engine.dice import Dice
from trainer.engine.errors import EngineError, InvalidPositionError
from trainer.engine.match import MatchScore, MoneyOptions
from trainer.engine.matchid import MatchId
from trainer.engine.position import CHECKERS, Position
from trainer.engine.side import Side
from trainer.engine.xgid import Xgid

Form = Literal["start", "text", "position id", "gnubg id", "xgid"]
"""The forms a position is written in, as :attr:`PositionRecord.form` names them."""
FORMS: tuple[Form, Form, Form, Form, Form] = get_args(Form)
START, TEXT, POSITION_ID, GNUBG_ID, XGID = FORMS


@dataclass(frozen=True, slots=True)
class PositionRecord:
    """Everything a written position says. ``position`` is seen from the side on roll, ``turn``; the cube, score
    and money options are the defaults (a centered cube at 1, money play) when the form has none.

    ``form`` names the form read: ``"start"``, ``"text"``, ``"position id"``, ``"gnubg id"`` (Position ID and
    Match ID) or ``"xgid"``. ``doubled`` is set when a Match ID shows a double on offer.
    """

    position: Position
    form: Form
    turn: Side = Side.X
    dice: Dice | None = None
    cube: Cube = field(default_factory=Cube)
    match: MatchScore = field(default_factory=MatchScore)
    options: MoneyOptions = field(default_factory=MoneyOptions)
    doubled: bool = False


def read_record(text: str) -> PositionRecord:
    """Read a position with its cube, score, turn and dice: a Position ID (optionally ``POSID:MATCHID``), an
    XGID, the readable text form or ``start``.

    :raises InvalidPositionError: naming what is wrong with the text (a cube beyond 64 and a score that cannot
        be included).
    """
    stripped = text.strip()
    form, read = _read(stripped)
    if isinstance(read, Position):
        return PositionRecord(read, form)
    if isinstance(read, Xgid):
        try:
            cube, match = read.cube, read.match
        except EngineError as error:
            raise InvalidPositionError(wording.in_xgid(stripped, str(error))) from None
        return PositionRecord(read.position, form, read.turn, read.dice, cube, match, read.options)
    position, match_id = read
    options = MoneyOptions(jacoby=match_id.jacoby)
    return PositionRecord(
        position, form, match_id.on_roll, match_id.dice, match_id.cube, match_id.match, options, match_id.doubled
    )


@lru_cache(maxsize=1024)
def _read(stripped: str) -> tuple[Form, Position | Xgid | tuple[Position, MatchId]]:
    """What ``stripped`` holds, in which form; remembered for the most recent texts (what it reads are values)."""
    if stripped.lower() in ("start", "opening"):
        return START, Position.start()
    if re.match(r"[XO]\s*:", stripped, re.IGNORECASE):
        return TEXT, Position.from_text(stripped)
    if stripped.upper().startswith("XGID=") or stripped.count(":") >= 3:
        return XGID, Xgid.from_xgid(stripped)
    position = Position.from_position_id(stripped)
    body = stripped[7:].lstrip(" :") if stripped.lower().startswith("gnubgid") else stripped
    if ":" not in body:
        return POSITION_ID, position
    return GNUBG_ID, (position, MatchId.from_match_id(body.split(":", 1)[1]))


def read_position(text: str, *, allow_finished: bool = True) -> tuple[Position, Dice | None]:
    """A position from a Position ID (a Match ID may follow), an XGID (with its dice, if rolled), the readable
    text form or ``start``; a Match ID's dice count as rolled too. With ``allow_finished=False`` a finished game
    is refused: there is nothing to play.

    :raises InvalidPositionError: naming what is wrong with the text.
    """
    _, read = _read(text.strip())
    if isinstance(read, Position):
        position, dice = read, None
    elif isinstance(read, Xgid):
        position, dice = read.position, read.dice
    else:
        position, dice = read[0], read[1].dice
    if not allow_finished and position.is_game_over():
        winner = "X" if position.player_off == CHECKERS else "O"
        raise InvalidPositionError(wording.in_text(text.strip(), wording.game_over_borne_off(winner, CHECKERS)))
    return position, dice
