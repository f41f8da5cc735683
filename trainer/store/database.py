"""The progress database: an in-memory copy that answers every read, and the file every write goes through to."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from trainer.store import migrations
from trainer.store.opening import open_progress_file

Statement = tuple[str, tuple[object, ...]]
BUSY_TIMEOUT = 0.5
"""Seconds a write waits for another bgtrainer (or any program) holding the file's lock."""


class Database:
    """Progress kept in memory and written through to the file at ``path``.

    :attr:`notice` says, in sentences for the learner, whatever went wrong with the file.
    """

    def __init__(self, path: Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = path
        self.notice: str | None = None
        self._busy_timeout = busy_timeout
        self._memory = _new_memory()
        opened = open_progress_file(path, busy_timeout)
        self._say(*opened.notices)
        self._file = opened.connection
        if opened.snapshot is not None:
            try:
                self._load(opened.snapshot)
            except migrations.MigrationError as error:
                self._say(
                    f"The progress file couldn't be updated for this bgtrainer ({error}); it was left as it was, "
                    "and this session's progress won't be saved."
                )
                self._close_file()
            finally:
                opened.snapshot.close()
        if self._file is not None:
            try:
                migrations.upgrade(self._file)
            except (sqlite3.Error, migrations.MigrationError) as error:
                self._lose_file(error)

    @property
    def persistent(self) -> bool:
        """Whether changes still reach the file."""
        return self._file is not None

    def rows(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query, from the in-memory copy."""
        return self._memory.execute(sql, parameters).fetchall()

    def write(self, *statements: Statement) -> None:
        """Apply ``statements`` to the in-memory copy, then to the file, each in one transaction."""
        _transaction(self._memory, statements)
        if self._file is None:
            return
        try:
            _transaction(self._file, statements)
        except sqlite3.DatabaseError as error:
            self._lose_file(error)

    def close(self) -> None:
        """Close the file and the in-memory copy."""
        self._close_file()
        self._memory.close()

    def _load(self, snapshot: sqlite3.Connection) -> None:
        """Fill the in-memory copy from a copy of the file, migrated to the current layout if it is older.

        :raises migrations.MigrationError: if a migration fails.
        """
        if migrations.file_version(snapshot) <= migrations.LATEST_VERSION:
            migrations.upgrade(snapshot)
        _copy_rows(snapshot, self._memory)

    def _lose_file(self, error: BaseException) -> None:
        self._close_file()
        self._say(f"Progress can no longer be saved ({error}); it is kept until you quit.")

    def _close_file(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _say(self, *sentences: str) -> None:
        for sentence in sentences:
            self.notice = sentence if self.notice is None else f"{self.notice} {sentence}"


class Records:
    """Base of the per-kind record APIs (lessons, puzzles, settings) that :class:`ProgressStore` combines."""

    _db: Database


def _new_memory() -> sqlite3.Connection:
    memory = sqlite3.connect(":memory:", isolation_level=None)
    migrations.upgrade(memory)
    return memory


def _copy_rows(source: sqlite3.Connection, target: sqlite3.Connection) -> None:
    """Copy every row of the target's tables from ``source``, in the columns both have."""
    for (table,) in target.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        found = {info[1] for info in source.execute(f"PRAGMA table_info({table})")}
        names = ", ".join(info[1] for info in target.execute(f"PRAGMA table_info({table})") if info[1] in found)
        if not names:
            continue
        rows = source.execute(f"SELECT {names} FROM {table}").fetchall()
        marks = ", ".join("?" * len(names.split(", ")))
        target.executemany(f"INSERT OR REPLACE INTO {table} ({names}) VALUES ({marks})", rows)


def _transaction(connection: sqlite3.Connection, statements: tuple[Statement, ...]) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        for sql, parameters in statements:
            connection.execute(sql, parameters)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
