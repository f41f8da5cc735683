"""Reading a position written in any of the supported forms."""

from __future__ import annotations

import re

from trainer.engine.dice import Dice
from trainer.engine.errors import InvalidPositionError
from trainer.engine.position import CHECKERS, Position
from trainer.engine.xgid import Xgid


def read_position(text: str, *, allow_finished: bool = True) -> tuple[Position, Dice | None]:
    """A position from a Position ID (a Match ID may follow), an XGID (with its dice, if rolled), the readable
    text form or ``start``. With ``allow_finished=False`` a finished game is refused: there is nothing to play.

    :raises InvalidPositionError: naming what is wrong with the text.
    """
    position, dice = _read(text.strip())
    if not allow_finished and position.is_game_over():
        winner = "X" if position.player_off == CHECKERS else "O"
        raise InvalidPositionError(f"{text.strip()!r}: the game is over: {winner} has borne off all 15 checkers")
    return position, dice


def _read(stripped: str) -> tuple[Position, Dice | None]:
    if stripped.lower() in ("start", "opening"):
        return Position.start(), None
    if re.match(r"[XO]\s*:", stripped, re.IGNORECASE):
        return Position.from_text(stripped), None
    if stripped.upper().startswith("XGID=") or stripped.count(":") >= 3:
        record = Xgid.from_xgid(stripped)
        return record.position, record.dice
    return Position.from_position_id(stripped), None
