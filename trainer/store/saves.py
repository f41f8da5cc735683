"""Saves that never replace a newer record: games against the computer (:mod:`~trainer.store.games`) and local games
(:mod:`~trainer.store.local_games`) are saved with a version, the number of the save (1 for a game's first).

Two bgtrainers may have the same game open. A save is applied only over the save it follows, as the file has it now
(read afresh, not from the in-memory copy made at start, which another bgtrainer's saves never reach): the file's
record must be at ``version - 1`` (or absent for version 1), the very save this copy knows at that number, and not
finished (unless this copy saw it finished: a take-back of the decision that ended it). Otherwise
:class:`GameChangedError` is raised and nothing is written. The write itself is conditional in SQL too, on the
version and the time of the save it follows, so that another bgtrainer's save between the check and the commit is
never overwritten. Where the file can't be read (locked, read-only...), the in-memory copy's record is the one
followed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from trainer.store import wording
from trainer.store.database import Database, Statement

MAX_TIME = 253_402_300_799.0
"""The last second of the year 9999 (seconds since the epoch): a saved time beyond it, or before 1970, is damage."""

Change = Literal["over", "further", "gone"]
"""How the file's record differs from the one a save follows: finished, saved further, or deleted."""
GameTable = Literal["game", "local_game"]
_STATE_SQL = "SELECT version, updated_at, finished_at FROM {table} WHERE id = ?"


class GameChangedError(ValueError):
    """Another bgtrainer saved (or finished, or deleted) this game since it was opened here; the save was not
    applied. ``change`` says which."""

    def __init__(self, game_id: str, change: Change) -> None:
        super().__init__(wording.game_changed(change))
        self.game_id = game_id
        self.change = change


class Finishable:
    """A stored game's end: when it was marked over, if it was."""

    finished_at: float | None

    @property
    def finished(self) -> bool:
        """Whether the game or match is over."""
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class _Saved:
    """What a save is checked against: a record's version, the time of its save and whether it is over."""

    version: int
    updated_at: float
    finished: bool


def sane_time(moment: object) -> bool:
    """Whether a saved time can be: a number from 1970 to the end of the year 9999."""
    return isinstance(moment, int | float) and math.isfinite(moment) and 0.0 <= moment <= MAX_TIME


def check_version(version: object) -> int:
    """A save's version, checked.

    :raises ValueError: unless it is a whole number from 1.
    """
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(wording.bad_version(version))
    return version


def save_versioned(
    db: Database, table: GameTable, game_id: str, version: int, *, insert: Statement, update: Statement, now: float
) -> None:
    """Apply save number ``version`` of the record ``game_id`` of ``table``, made at ``now``: ``insert`` (which must
    do nothing if the id is taken) for the first, ``update`` for a later one (its statement ends with ``AND version =
    ? AND updated_at = ?``, whose two parameters, the save it follows, are added here).

    :raises GameChangedError: if the file's record is not the one this save follows (nothing is written then).
    """
    query = _STATE_SQL.format(table=table)
    in_file = db.execute_read_file(query, (game_id,))
    mine = _saved(db.execute_read(query, (game_id,)))
    current = mine if in_file is None else _saved(in_file)
    change = _change(current, mine, version)
    if in_file is not None and (change is not None or current != mine):
        db.refresh(table, "id = ?", (game_id,))  # the copy takes the file's record: the one followed, or the newer
    if change is not None:
        raise GameChangedError(game_id, change)
    if current is None:
        db.execute_write(insert)
    else:
        sql, parameters = update
        db.execute_write((sql, (*parameters, current.version, current.updated_at)))
    after = db.execute_read_file(query, (game_id,))
    saved = None if after is None else _saved(after)
    if after is not None and (saved is None or (saved.version, saved.updated_at) != (version, now)):
        db.refresh(table, "id = ?", (game_id,))  # another bgtrainer's save came between the check and the commit
        raise GameChangedError(game_id, "gone" if saved is None else "over" if saved.finished else "further")


def _saved(rows: list[tuple[object, ...]]) -> _Saved | None:
    if not rows:
        return None
    version, updated_at, finished_at = rows[0]
    return _Saved(
        version if isinstance(version, int) else -1,
        float(updated_at) if isinstance(updated_at, int | float) else math.nan,
        finished_at is not None,
    )


def _change(current: _Saved | None, mine: _Saved | None, version: int) -> Change | None:
    """How ``current`` (the record as the file has it) keeps save ``version`` from following it, if it does;
    ``mine`` is the record as this copy knows it."""
    if current is None:
        return None if version == 1 else "gone"
    seen = mine is not None and (mine.version, mine.updated_at) == (current.version, current.updated_at)
    another = mine is not None and mine.version == current.version and not seen  # saved at that number elsewhere
    if current.version != version - 1 or another:
        return "over" if current.finished else "further"
    if current.finished and not seen:
        return "over"
    return None
