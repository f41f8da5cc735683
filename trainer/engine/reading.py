"""Reading a position written in any of the supported forms."""

from __future__ import annotations

from trainer.engine.moves import Dice
from trainer.engine.position import Position
from trainer.engine.xgid import Xgid


def read_position(text: str) -> tuple[Position, Dice | None]:
    """A position from a Position ID, an XGID (with its dice, if rolled), the readable text form or ``start``.

    :raises InvalidPositionError: naming what is wrong with the text.
    """
    stripped = text.strip()
    if stripped.lower() in ("start", "opening"):
        return Position.start(), None
    if stripped.upper().startswith("XGID=") or stripped.count(":") >= 3:
        record = Xgid.from_xgid(stripped)
        return record.position, record.dice
    if "/" in stripped and ":" in stripped:
        return Position.from_text(stripped), None
    return Position.from_position_id(stripped), None
