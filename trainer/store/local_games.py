"""Local games: acey-deucey against the computer and games between two players at one keyboard, each kept under
its own id (its record is JSON text written and read by :mod:`trainer.play`, opaque here) until it is over, however
many are under way. Saves have versions, as games against the computer do (:mod:`~trainer.store.saves`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from trainer.store import wording
from trainer.store.database import Records
from trainer.store.saves import Finishable, GameTable, check_version, sane_time, save_versioned

_COLUMNS_SQL = "id, record, started_at, updated_at, finished_at, version"
_INSERT_SQL = f"INSERT INTO local_game ({_COLUMNS_SQL}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"
_UPDATE_SQL = (
    "UPDATE local_game SET record = ?, updated_at = ?, "
    "finished_at = CASE WHEN ? THEN coalesce(finished_at, ?) ELSE NULL END, version = ? "
    "WHERE id = ? AND version = ? AND updated_at = ?"
)
_TABLE: GameTable = "local_game"


@dataclass(frozen=True)
class StoredLocalGame(Finishable):
    """One saved local game; ``version`` is the number of its last save (1 for the first)."""

    id: str
    record: str
    started_at: float
    updated_at: float
    finished_at: float | None
    version: int


class LocalGameRecords(Records):
    """Saving and reading local games."""

    def save_local_game(self, game_id: str, record: str, *, finished: bool = False, version: int) -> None:
        """Save a local game's record under ``game_id`` as its save number ``version`` (1 for its first);
        ``finished`` marks it over.

        :raises GameChangedError: if another bgtrainer saved, finished or deleted it since this save's previous one;
            nothing is written then.
        :raises ValueError: for an empty id or record, or a version that is not a whole number from 1.
        """
        if not game_id or not record:
            raise ValueError(wording.game_without_id_or_record())
        check_version(version)
        now = time.time()
        save_versioned(
            self._db,
            _TABLE,
            game_id,
            version,
            insert=(_INSERT_SQL, (game_id, record, now, now, now if finished else None, version)),
            update=(_UPDATE_SQL, (record, now, finished, now, version, game_id)),
            now=now,
        )

    def local_game(self, game_id: str, *, fresh: bool = False) -> StoredLocalGame | None:
        """The saved local game with this id, or ``None``. ``fresh``: as the file has it now (another bgtrainer may
        have saved since), where it can be read."""
        if fresh:
            self._db.refresh(_TABLE, "id = ?", (game_id,))
        rows = self._db.execute_read(f"SELECT {_COLUMNS_SQL} FROM local_game WHERE id = ?", (game_id,))
        games = self._usable(rows)
        return games[0] if games else None

    def unfinished_local_games(self, *, fresh: bool = False) -> list[StoredLocalGame]:
        """The local games still under way, the one saved last first. ``fresh``: as the file has them now."""
        if fresh:
            self._db.refresh(_TABLE)
        rows = self._db.execute_read(
            f"SELECT {_COLUMNS_SQL} FROM local_game WHERE finished_at IS NULL ORDER BY updated_at DESC, id"
        )
        return self._usable(rows)

    def delete_local_game(self, game_id: str) -> None:
        """Forget a local game (an abandoned one)."""
        self._db.execute_write(("DELETE FROM local_game WHERE id = ?", (game_id,)))

    def _usable(self, rows: list[tuple[Any, ...]]) -> list[StoredLocalGame]:
        """The games of ``rows`` that can be; the damaged ones are said once."""
        damaged = [str(row[0]) for row in rows if not _sane(row)]
        if damaged:
            self._db.report_damaged_games(f"{_TABLE}:{game_id}" for game_id in damaged)
        return [StoredLocalGame(*row) for row in rows if _sane(row)]


def _sane(row: tuple[object, ...]) -> bool:
    """Whether a row of ``local_game`` can be: its times from 1970 to the year 9999, its version from 1."""
    _, _, started, updated, finished, version = row
    times = sane_time(started) and sane_time(updated) and (finished is None or sane_time(finished))
    return times and isinstance(version, int) and version >= 1
