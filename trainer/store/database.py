"""The progress database: an in-memory copy that answers every read, and the file every write goes through to.

A fresh read (:meth:`Database.execute_read_file`, :meth:`Database.refresh`) asks the file itself, for what another
bgtrainer may have saved since this one read it; where the file can't be read then, the in-memory copy answers.

A write is applied to the in-memory copy, queued, and the queue committed to the file in one transaction (with any
migration the file still lacks). If the file can't take it (locked for longer than the busy timeout, unwritable),
the queue is kept and committed with a later write or on closing, and :attr:`Database.notice` says so once. What
closing can't commit either is written to a file of its own (:mod:`trainer.store.kept`), which the next start
commits before anything else, and :attr:`Database.closing_notice` says so.
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from trainer.store import migrations, wording
from trainer.store.kept import KeptWritesError, kept_files, read_kept, write_kept
from trainer.store.opening import aside_name, open_progress_file, retry_while_busy

Statement = tuple[str, tuple[object, ...]]
BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another program (such as a second bgtrainer) to release the file."""
RETRY_TIMEOUT = 0.05
"""Seconds a write waits while earlier writes are still queued, so a file that stays locked never stalls the app."""
READ_TIMEOUT = 1.0
"""Seconds a fresh read of the file waits for another program's write, before the in-memory copy answers instead."""

_ACCEPTED_TYPES = {"TEXT": {"text"}, "INTEGER": {"integer"}, "REAL": {"real", "integer"}}


class Database:
    """Progress kept in memory and written through to the file at ``path``.

    :attr:`notice` says, in sentences for the learner, whatever kept the file from being read or written.
    """

    def __init__(self, path: Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = path
        self.notice: str | None = None
        self.closing_notice: str | None = None
        """What closing had to do with writes the file couldn't take (kept for the next start, or lost), in
        sentences; ``None`` if every write was saved."""
        self.listeners: list[Callable[[str], None]] = []
        """Called with each sentence said after opening (e.g. the file can't be written any more), to show it."""
        self._busy_timeout = busy_timeout
        self._memory = _new_memory()
        self._file: sqlite3.Connection | None = None
        self._pending: list[tuple[Statement, ...]] = []
        self._saving = True  # writes are meant for the file (not so for a read-only or newer file, or no folder)
        self._opened = False  # the file has been opened and read (not yet if it was locked)
        self._stalled = False  # the learner was told the file can't be written; retries are quick meanwhile
        self._write_ahead_log = False  # the file was switched to write-ahead logging (or can't be)
        self._kept_saved = False  # the writes earlier sessions kept for later have been committed (or set aside)
        self._problem = ""  # why the file couldn't take the last commit
        self._closed = False
        self._damaged: dict[str, int] = {}  # damaged rows skipped in reading the file, by table
        self._skipped: set[str] = set()  # the records found unusable by the record APIs, each said once
        self._open(busy_timeout)
        self._flush(busy_timeout)

    @property
    def persistent(self) -> bool:
        """Whether every change so far has reached the file."""
        return self._file is not None and not self._pending

    def execute_read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query, from the in-memory copy."""
        return self._memory.execute(sql, parameters).fetchall()

    def execute_read_file(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]] | None:
        """The rows of a query, read afresh from the file (another bgtrainer may have changed it since); ``None`` if
        the file can't be read now (locked, read-only, not at this bgtrainer's layout, or with this session's own
        writes still waiting for it)."""
        file = self._file_now()
        if file is None:
            return None
        try:
            return file.execute(sql, parameters).fetchall()
        except sqlite3.Error:
            return None

    def refresh(self, table: str, where: str = "", parameters: tuple[object, ...] = ()) -> bool:
        """Bring the in-memory copy's rows of ``table`` (those of the condition ``where``, e.g. ``"id = ?"``, or all)
        up to date with the file, as another bgtrainer may have changed them; whether the file could be read (if
        not, the copy is left as it was). Damaged rows are skipped, and said once."""
        file = self._file_now()
        if file is None:
            return False
        columns = _columns(self._memory, table)
        condition = f" WHERE {where}" if where else ""
        try:
            rows, damaged = _read_rows(file, table, columns, where, parameters)
        except sqlite3.Error:
            return False
        self._memory.execute("BEGIN IMMEDIATE")
        try:
            self._memory.execute(f"DELETE FROM {table}{condition}", parameters)
            damaged += _insert_rows(self._memory, table, columns, rows)
            self._memory.execute("COMMIT")
        except BaseException:
            if self._memory.in_transaction:
                self._memory.execute("ROLLBACK")
            raise
        if not where and damaged > self._damaged.get(table, 0):
            self._say(wording.damaged_records(damaged - self._damaged.get(table, 0)))
            self._damaged[table] = damaged
        return True

    def report_damaged_games(self, keys: Iterable[str]) -> None:
        """Say that saved games were skipped as damaged (their times or scores can't be): each key (a table and an
        id) once."""
        new = set(keys) - self._skipped
        if new:
            self._skipped |= new
            self._say(wording.damaged_games(len(new)))

    def _file_now(self) -> sqlite3.Connection | None:
        """The file, for a fresh read, once this session's waiting writes are in it; ``None`` if it can't be read
        now."""
        if self._closed or not self._saving:
            return None
        if self._pending:
            self._flush(RETRY_TIMEOUT)
        file = self._file
        if file is None or self._pending:
            return None
        try:
            file.execute(f"PRAGMA busy_timeout = {round(READ_TIMEOUT * 1000)}")
            if migrations.file_version(file) != migrations.LATEST_VERSION:
                return None
        except sqlite3.Error:
            return None
        return file

    def execute_write(self, *statements: Statement) -> None:
        """Apply ``statements`` to the in-memory copy in one transaction, then commit them to the file.

        :raises sqlite3.Error: if the statements themselves are wrong (nothing is changed then).
        """
        _transaction(self._memory, statements)
        if self._saving:
            self._pending.append(statements)
            self._flush(RETRY_TIMEOUT if self._stalled else self._busy_timeout)

    def close(self) -> None:
        """Commit what is still queued (waiting for a lock up to the busy timeout), then close. Writes the file still
        can't take are kept in a file of their own for the next start; :attr:`closing_notice` says so."""
        if self._closed:
            return
        self._flush(self._busy_timeout)
        if self._saving and self._pending:
            self._keep_pending()
        self._stop_saving()
        self._memory.close()
        self._closed = True

    def _keep_pending(self) -> None:
        """Write the queued writes to a kept file, for the next start to commit, and say so (or say they are lost)."""
        count = len(self._pending)
        try:
            kept = write_kept(self.path, self._pending, migrations.LATEST_VERSION)
        except OSError as error:
            sentence = wording.changes_lost(count, self.path, self._problem, error)
        else:
            sentence = wording.changes_kept(count, self.path, self._problem, kept)
        self._pending.clear()
        self.closing_notice = sentence
        self._say(sentence, to_listeners=False)  # closing: nothing is on screen to show it any more

    def _open(self, timeout: float) -> None:
        opened = open_progress_file(self.path, timeout)
        if opened.locked:
            if not self._stalled:
                self._stalled = True
                self._say(*opened.notices)
            return
        self._say(*opened.notices)
        self._opened = True
        self._saving = opened.connection is not None
        if opened.snapshot is None:
            return
        try:
            self._load(opened.snapshot)
        except migrations.MigrationError as error:
            self._say(wording.not_updated(error))
            self._saving = False
            if opened.connection is not None:
                opened.connection.close()
            return
        finally:
            if opened.snapshot is not self._memory:
                opened.snapshot.close()
        self._file = opened.connection

    def _load(self, snapshot: sqlite3.Connection, *, again: bool = False) -> None:
        """Make the in-memory copy from a copy of the file (migrated if it is older), plus this session's writes
        (``again``: the file was read before, and its damaged records have been reported).

        A copy at this bgtrainer's very layout whose every row is sound (the common case) becomes the in-memory copy
        itself (then the caller must not close it); else its sound rows are copied into a new one.

        :raises migrations.MigrationError: if a migration fails.
        """
        if migrations.file_version(snapshot) <= migrations.LATEST_VERSION:
            migrations.upgrade(snapshot)
        memory = _new_memory()
        if _sound_copy(snapshot, memory):
            memory.close()
            memory, damaged = snapshot, {}
        else:
            damaged = _copy_rows(snapshot, memory)
        for statements in self._pending:
            _transaction(memory, statements)
        self._memory.close()
        self._memory = memory
        if not again:
            self._damaged = damaged
            if sum(damaged.values()):
                self._say(wording.damaged_records(sum(damaged.values())))

    def _flush(self, timeout: float) -> None:
        """Migrate the file if it needs it and commit the queued writes; on failure keep them queued."""
        if not self._saving or not (self._pending or self._opened):
            return
        if not self._opened:
            self._open(timeout)
            if not self._opened or not self._saving:
                return
        file = self._file
        assert file is not None  # an opened file is kept exactly while saving
        try:
            if not self._kept_saved:
                self._save_kept(file, timeout)
            if self._pending or migrations.file_version(file) < migrations.LATEST_VERSION:
                retry_while_busy(lambda seconds: self._commit(file, self._pending, seconds), timeout)
        except migrations.NewerFileError as error:
            self._stop_saving()
            self._say(wording.newer_bgtrainer_changed_it(error))
            return
        except (sqlite3.Error, migrations.MigrationError) as error:
            self._problem = str(error)
            if not self._stalled:
                self._stalled = True
                self._say(wording.cannot_save_now(error))
            return
        self._pending.clear()
        if self._stalled:
            self._stalled = False
            self._say(wording.writable_again())
        if not self._write_ahead_log:
            self._write_ahead_log = _use_write_ahead_log(file)

    def _stop_saving(self) -> None:
        self._saving = False
        if self._file is not None:
            self._file.close()
            self._file = None

    def _save_kept(self, file: sqlite3.Connection, timeout: float) -> None:
        """Commit the writes earlier sessions kept for later, oldest first, each exactly once (even if two
        bgtrainers start together), then read the file again; a kept file that can't be used is moved aside.

        :raises sqlite3.OperationalError: if the file is locked (the kept writes go before this session's, so
            nothing is committed until they are).
        """
        saved = 0
        for path in kept_files(self.path):
            try:
                layout, transactions = read_kept(path)
                if layout != migrations.LATEST_VERSION:
                    raise KeptWritesError(wording.kept_for_another_layout(layout))
                commit = functools.partial(self._commit, file, transactions, marker=f"kept:{path.name}")
                if retry_while_busy(commit, timeout):
                    saved += len(transactions)
            except sqlite3.OperationalError as error:
                if migrations.is_busy(error):
                    raise
                self._set_aside_kept(path, str(error))
                continue
            except (KeptWritesError, sqlite3.Error, migrations.MigrationError) as error:
                self._set_aside_kept(path, str(error))
                continue
            with contextlib.suppress(OSError):  # if it stays, its mark in the file keeps it from being saved twice
                path.unlink()
        self._kept_saved = True
        if saved:
            snapshot = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            try:
                file.backup(snapshot)
                self._load(snapshot, again=True)
            finally:
                if snapshot is not self._memory:
                    snapshot.close()
            self._say(wording.kept_changes_saved(saved))

    def _set_aside_kept(self, path: Path, reason: str) -> None:
        try:
            aside = aside_name(path)
            path.rename(aside)
        except OSError:
            self._say(wording.kept_changes_refused(path, reason, None))
        else:
            self._say(wording.kept_changes_refused(path, reason, aside.name))

    @staticmethod
    def _commit(
        file: sqlite3.Connection,
        transactions: Sequence[tuple[Statement, ...]],
        timeout: float,
        marker: str | None = None,
    ) -> bool:
        """Commit ``transactions`` to the file in one transaction, after any migration it lacks; with a ``marker``,
        only if no earlier commit left that mark (it is left by this one). Whether they were committed."""
        file.execute(f"PRAGMA busy_timeout = {round(timeout * 1000)}")
        file.execute("BEGIN IMMEDIATE")
        try:
            migrations.upgrade_in_transaction(file)
            if marker is not None:
                if file.execute("SELECT 1 FROM meta WHERE key = ?", (marker,)).fetchone():
                    file.execute("ROLLBACK")
                    return False
                file.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (marker, str(time.time())))
            for statements in transactions:
                for sql, parameters in statements:
                    file.execute(sql, parameters)
            file.execute("COMMIT")
        except BaseException:
            if file.in_transaction:
                file.execute("ROLLBACK")
            raise
        return True

    def _say(self, *sentences: str, to_listeners: bool = True) -> None:
        for sentence in sentences:
            self.notice = sentence if self.notice is None else f"{self.notice} {sentence}"
            for listener in self.listeners if to_listeners else ():
                listener(sentence)


def day_number_sql(column: str) -> str:
    """SQL for the day of a moment (``column``, seconds since the epoch) in a time zone of a fixed offset from UTC,
    numbered from 1970-01-01; the offset is its one parameter, in seconds (:func:`day_offset`)."""
    day_sql = f"CAST({column} + ? AS INTEGER) / 86400"
    return day_sql


def day_offset(utc_offset: float) -> float:
    """The parameter of :func:`day_number_sql` for a zone ``utc_offset`` seconds ahead of UTC: each moment is taken to
    the microsecond first, as Python's datetime takes it (half a microsecond before midnight is midnight)."""
    return utc_offset + 0.5e-6


class Records:
    """Base of the per-kind parts of :class:`ProgressStore` (its lessons, puzzles, settings...): each reads and
    writes its own tables of the store's one :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _days(self, table: str, column: str, utc_offset: float) -> set[int]:
        """The days of the moments of ``column`` (seconds since the epoch), numbered from 1970-01-01 in a time zone
        ``utc_offset`` seconds ahead of UTC."""
        rows = self._db.execute_read(
            f"SELECT DISTINCT {day_number_sql(column)} FROM {table}", (day_offset(utc_offset),)
        )
        return {day for (day,) in rows}


def _new_memory() -> sqlite3.Connection:
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    migrations.upgrade(memory)
    return memory


def _use_write_ahead_log(file: sqlite3.Connection) -> bool:
    """Switch the file to write-ahead logging, so that readers never wait for a writer and a writer waits only for
    another writer; ``False`` if the file was locked, to try again after the next write."""
    try:
        file.execute("PRAGMA journal_mode = WAL")  # where the file system can't, SQLite keeps its journal mode
    except sqlite3.OperationalError as error:
        if migrations.is_busy(error):
            return False
    return True


Column = tuple[str, str, bool]
"""A column's name, declared type (upper case) and whether it is ``NOT NULL``."""


def _columns(connection: sqlite3.Connection, table: str) -> list[Column]:
    info = connection.execute(f"PRAGMA table_info({table})").fetchall()
    return [(name, str(declared).upper(), bool(not_null)) for _, name, declared, not_null, _, _ in info]


def _sound_copy(source: sqlite3.Connection, fresh: sqlite3.Connection) -> bool:
    """Whether ``source`` has exactly the tables, columns and indexes of ``fresh`` (a new in-memory copy, at this
    bgtrainer's layout) and no damaged row (a value of a type its column refuses, a text that is no UTF-8): then it
    can serve as the in-memory copy as it is, with nothing to leave out."""
    layout_sql = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
    if source.execute(layout_sql).fetchall() != fresh.execute(layout_sql).fetchall():
        return False
    return all(_sound_rows(source, table, _columns(fresh, table)) for table in _tables(fresh))


def _tables(connection: sqlite3.Connection) -> list[str]:
    """The tables of ``connection`` (SQLite's own left out)."""
    rows = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite~_%' ESCAPE '~'"
    )
    return [name for (name,) in rows]


def _copy_rows(source: sqlite3.Connection, target: sqlite3.Connection) -> dict[str, int]:
    """Copy the rows of the target's tables from ``source``, in the columns both have; return how many rows of each
    table were skipped as damaged (text that isn't UTF-8, a value of the wrong type, a broken constraint)."""
    damaged: dict[str, int] = {}
    for table in _tables(target):
        found = {info[1] for info in source.execute(f"PRAGMA table_info({table})")}
        columns = [column for column in _columns(target, table) if column[0] in found]
        if not columns:
            continue
        rows, skipped = _read_rows(source, table, columns)
        skipped += _insert_rows(target, table, columns, rows)
        if skipped:
            damaged[table] = skipped
    return damaged


def _read_rows(
    source: sqlite3.Connection,
    table: str,
    columns: list[Column],
    where: str = "",
    parameters: tuple[object, ...] = (),
) -> tuple[list[tuple[object, ...]], int]:
    """The rows of ``table`` in ``source`` (those of the condition ``where``, or all), in ``columns``, each checked
    against its column's type; and how many were skipped as damaged.

    Where SQLite finds no value of a type its column refuses and every text is UTF-8, the rows are taken as SQLite
    gives them (a large file opens in a moment); else each row is checked on its own (:func:`_decoded`).

    :raises sqlite3.Error: if the source can't be read.
    :raises ValueError: for a column type the check doesn't know (a migration added one: add it to the check).
    """
    condition = f" WHERE {where}" if where else ""
    if _sound_rows(source, table, columns, where, parameters):
        names = ", ".join(name for name, _, _ in columns)
        return source.execute(f"SELECT {names} FROM {table}{condition}", parameters).fetchall(), 0
    selected = ", ".join(f"typeof({name}), {name}" for name, _, _ in columns)
    source.text_factory = bytes  # decoded here, so that a bad row is skipped rather than stopping the read
    try:
        found = source.execute(f"SELECT {selected} FROM {table}{condition}", parameters).fetchall()
    finally:
        source.text_factory = str
    rows = [values for values in (_decoded(columns, row) for row in found) if values is not None]
    return rows, len(found) - len(rows)


def _sound_rows(
    source: sqlite3.Connection, table: str, columns: list[Column], where: str = "", parameters: tuple[object, ...] = ()
) -> bool:
    """Whether no row of ``table`` (of the condition ``where``, or none at all) is damaged in ``columns``: no value
    of a type its column refuses, no text that is no UTF-8.

    :raises sqlite3.Error: if the source can't be read.
    :raises ValueError: for a column type the check doesn't know.
    """
    refused = _refused(columns)
    chosen_sql = f"({where}) AND ({refused})" if where else refused
    if source.execute(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE {chosen_sql})", parameters).fetchone()[0]:
        return False
    texts = [f"group_concat({name}, char(10))" for name, declared, _ in columns if declared == "TEXT"]
    if not texts:
        return True
    condition = f" WHERE {where}" if where else ""
    source.text_factory = bytes  # each column's texts joined by newlines: no two halves of a broken character meet
    try:
        joined = source.execute(f"SELECT {', '.join(texts)} FROM {table}{condition}", parameters).fetchone()
    finally:
        source.text_factory = str
    try:
        for text in joined:
            if text is not None:
                text.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _refused(columns: list[Column]) -> str:
    """An SQL condition: a value of one of ``columns`` is of a type its column refuses.

    :raises ValueError: for a column type the check doesn't know.
    """
    condition_sql = " OR ".join(
        f"typeof({name}) NOT IN ({_allowed_types(declared, not_null)})" for name, declared, not_null in columns
    )
    return condition_sql


def _allowed_types(declared: str, not_null: bool) -> str:
    """The SQLite types (``typeof``) a column declared ``declared`` accepts, as an SQL list.

    :raises ValueError: for a column type the check doesn't know.
    """
    accepted = _ACCEPTED_TYPES.get(declared)
    if accepted is None:
        raise ValueError(wording.unknown_column_type(declared))
    return ", ".join(f"'{kind}'" for kind in sorted(accepted if not_null else {*accepted, "null"}))


def _insert_rows(target: sqlite3.Connection, table: str, columns: list[Column], rows: list[tuple[object, ...]]) -> int:
    """Insert ``rows`` into ``table``, all at once unless one breaks a constraint (then each on its own); how many
    were skipped as breaking one."""
    names = ", ".join(name for name, _, _ in columns)
    marks = ", ".join("?" * len(columns))
    insert_sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
    target.execute("SAVEPOINT copy_rows")
    try:
        target.executemany(insert_sql, rows)
    except sqlite3.IntegrityError:
        target.execute("ROLLBACK TO copy_rows")
    else:
        target.execute("RELEASE copy_rows")
        return 0
    skipped = 0
    try:
        for values in rows:
            try:
                target.execute(insert_sql, values)
            except sqlite3.IntegrityError:
                skipped += 1
    finally:
        target.execute("RELEASE copy_rows")
    return skipped


def _decoded(columns: list[Column], row: tuple[Any, ...]) -> tuple[object, ...] | None:
    """The values of a row of ``(typeof, value)`` pairs, checked against the columns' types; ``None`` if damaged.

    :raises ValueError: for a column type the check doesn't know (a migration added one: add it here).
    """
    values: list[object] = []
    for (_, declared, not_null), type_name, value in zip(columns, row[0::2], row[1::2], strict=True):
        kind = type_name.decode("ascii")  # read as bytes, like all text from the source
        if kind == "null" and not not_null:
            values.append(None)
            continue
        accepted = _ACCEPTED_TYPES.get(declared)
        if accepted is None:
            raise ValueError(wording.unknown_column_type(declared))
        if kind not in accepted:
            return None
        if kind == "text":
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError:
                return None
        elif declared == "REAL":
            value = float(value)
        values.append(value)
    return tuple(values)


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
