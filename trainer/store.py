"""Progress storage in SQLite: which lesson steps are done, which were right at the first try, where to resume.

A database that cannot be read is moved aside (never deleted) and a fresh one started; a database locked by
another process leaves the app running with progress kept in memory. Either way :attr:`ProgressStore.notice`
says what happened, for the app to show.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

DATABASE_NAME = "progress.sqlite3"
FORCED_QUESTION_PREFIX = "forced? "
REVEALED_PREFIX = "after the solution: "
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS lesson_step (
    lesson_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    first_try INTEGER NOT NULL,
    completed_at REAL NOT NULL,
    PRIMARY KEY (lesson_id, step)
);
CREATE TABLE IF NOT EXISTS lesson_position (
    lesson_id TEXT PRIMARY KEY,
    step INTEGER NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_attempt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    puzzle_id TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    attempted_at REAL NOT NULL
);
"""


def default_data_dir() -> Path:
    """Where progress is kept: ``$BGTRAINER_DATA_DIR`` if set, else the user data folder for bgtrainer."""
    override = os.environ.get("BGTRAINER_DATA_DIR")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("bgtrainer", appauthor=False))


@dataclass
class LessonProgress:
    """One lesson's progress: completed steps, steps right at the first try, and the step to resume at."""

    completed: set[int] = field(default_factory=set)
    first_try: set[int] = field(default_factory=set)
    resume_step: int = 0

    def status(self, graded_steps: list[int], step_count: int) -> str:
        """``new``, ``started`` or ``done`` for a lesson with these graded steps."""
        if graded_steps and set(graded_steps) <= self.completed:
            return "done"
        if self.completed or self.resume_step:
            return "started"
        return "new"


class ProgressStore:
    """Lesson and puzzle progress in a SQLite database in ``data_dir``.

    Everything is kept in an in-memory copy that answers every read, and each change is written through to the
    file; if the file becomes unwritable or locked, the session goes on in memory and :attr:`notice` says so.
    """

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir if data_dir is not None else default_data_dir()
        self.path = self.data_dir / DATABASE_NAME
        self.notice: str | None = None
        self._memory = self._connect(":memory:")
        self._file = self._open()
        if self._file is not None:
            self._copy_file_to_memory(self._file)

    @property
    def persistent(self) -> bool:
        """Whether changes still reach the file."""
        return self._file is not None

    # --- opening, recovery ----------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection | None:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notice = f"Progress can't be saved: the folder {self.data_dir} can't be created ({error})."
            return None
        try:
            return self._connect(self.path)
        except sqlite3.DatabaseError as error:
            if _is_locked(error):
                self.notice = (
                    f"The progress file {self.path} is in use by another bgtrainer; this session's progress "
                    "won't be saved."
                )
                return None
            if not self.path.is_file() or not self.path.stat().st_size:
                self.notice = f"Progress can't be saved in {self.data_dir} ({error})."
                return None
            try:
                aside = self._move_aside()
                connection = self._connect(self.path)
            except (OSError, sqlite3.DatabaseError) as second:
                self.notice = (
                    f"The progress file could not be read ({error}) nor replaced ({second}); "
                    "progress won't be saved."
                )
                return None
            self.notice = (
                f"The progress file could not be read ({error}); it was moved to {aside.name} and a new one started."
            )
            return connection

    def _connect(self, path: Path | str) -> sqlite3.Connection:
        connection = sqlite3.connect(path, timeout=0.5, isolation_level=None)
        try:
            check = connection.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check[0] if check else 'no answer'}")
            connection.executescript(_SCHEMA)
            connection.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
            _check_layout(connection)
        except sqlite3.DatabaseError:
            connection.close()
            raise
        return connection

    def _copy_file_to_memory(self, source: sqlite3.Connection) -> None:
        try:
            for table, columns in _COLUMNS.items():
                names = ", ".join(columns)
                rows = source.execute(f"SELECT {names} FROM {table}").fetchall()
                marks = ", ".join("?" * len(columns))
                self._memory.executemany(f"INSERT OR REPLACE INTO {table} ({names}) VALUES ({marks})", rows)
        except sqlite3.DatabaseError as error:
            self._lose_file(error)

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        counter = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{counter}")
            counter += 1
        self.path.rename(aside)
        for suffix in ("-wal", "-shm", "-journal"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.exists():
                companion.rename(aside.with_name(aside.name + suffix))
        return aside

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """Apply ``statements`` to the in-memory copy, then to the file in one transaction."""
        _transaction(self._memory, statements)
        if self._file is None:
            return
        try:
            _transaction(self._file, statements)
        except sqlite3.DatabaseError as error:
            self._lose_file(error)

    def _lose_file(self, error: sqlite3.Error) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        self.notice = f"Progress can no longer be saved ({error}); it is kept until you quit."

    def close(self) -> None:
        """Close the database."""
        if self._file is not None:
            self._file.close()
        self._memory.close()

    # --- lessons ------------------------------------------------------------------------------------

    def lesson_progress(self, lesson_id: str) -> LessonProgress:
        """What the learner has done in a lesson."""
        progress = LessonProgress()
        for step, first_try in self._memory.execute(
            "SELECT step, first_try FROM lesson_step WHERE lesson_id = ?", (lesson_id,)
        ):
            progress.completed.add(step)
            if first_try:
                progress.first_try.add(step)
        row = self._memory.execute("SELECT step FROM lesson_position WHERE lesson_id = ?", (lesson_id,)).fetchone()
        if row:
            progress.resume_step = row[0]
        return progress

    def complete_step(self, lesson_id: str, step: int, *, first_try: bool) -> None:
        """Record a step as done (a first-try success is kept even if the step is done again later)."""
        self._write(
            (
                "INSERT INTO lesson_step (lesson_id, step, first_try, completed_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (lesson_id, step) DO UPDATE SET first_try = max(first_try, excluded.first_try)",
                (lesson_id, step, int(first_try), time.time()),
            )
        )

    def set_resume_step(self, lesson_id: str, step: int) -> None:
        """Remember the step to resume a lesson at."""
        self._write(
            (
                "INSERT INTO lesson_position (lesson_id, step, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (lesson_id) DO UPDATE SET step = excluded.step, updated_at = excluded.updated_at",
                (lesson_id, step, time.time()),
            )
        )

    def reset_lesson(self, lesson_id: str) -> None:
        """Forget a lesson's progress, to take it again from the start."""
        self._write(
            ("DELETE FROM lesson_step WHERE lesson_id = ?", (lesson_id,)),
            ("DELETE FROM lesson_position WHERE lesson_id = ?", (lesson_id,)),
        )

    # --- settings -----------------------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        """A stored preference (such as the theme), or ``None``."""
        row = self._memory.execute("SELECT value FROM meta WHERE key = ?", (f"setting:{key}",)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        """Store a preference."""
        self._write(("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (f"setting:{key}", value)))

    # --- puzzles ------------------------------------------------------------------------------------

    def record_puzzle_attempt(self, puzzle_id: str, answer: str, *, correct: bool, seconds: float) -> None:
        """Store one answer to a puzzle."""
        self._write(
            (
                "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at) VALUES (?, ?, ?, ?, ?)",
                (puzzle_id, answer, int(correct), seconds, time.time()),
            )
        )

    def solved_puzzles(self) -> set[str]:
        """Ids of the puzzles whose play was answered right at least once, before seeing the solution (and not just
        "is it forced?")."""
        rows = self._memory.execute(
            "SELECT DISTINCT puzzle_id FROM puzzle_attempt "
            "WHERE correct = 1 AND answer NOT LIKE ? AND answer NOT LIKE ?",
            (FORCED_QUESTION_PREFIX + "%", REVEALED_PREFIX + "%"),
        )
        return {puzzle_id for (puzzle_id,) in rows}

    def puzzle_attempts(self, puzzle_id: str) -> list[tuple[str, bool, float]]:
        """Every stored answer to a puzzle: ``(answer, correct, seconds)``, oldest first."""
        rows = self._memory.execute(
            "SELECT answer, correct, seconds FROM puzzle_attempt WHERE puzzle_id = ? ORDER BY id", (puzzle_id,)
        )
        return [(answer, bool(correct), seconds) for answer, correct, seconds in rows]


_COLUMNS = {
    "meta": ("key", "value"),
    "lesson_step": ("lesson_id", "step", "first_try", "completed_at"),
    "lesson_position": ("lesson_id", "step", "updated_at"),
    "puzzle_attempt": ("id", "puzzle_id", "answer", "correct", "seconds", "attempted_at"),
}


def _check_layout(connection: sqlite3.Connection) -> None:
    """Refuse a progress file written by another version of the layout, so it is moved aside, not misread.

    :raises sqlite3.DatabaseError: naming what differs.
    """
    row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None or row[0] != str(SCHEMA_VERSION):
        raise sqlite3.DatabaseError(f"unknown progress file version {row[0] if row else None!r}")
    for table, columns in _COLUMNS.items():
        found = tuple(info[1] for info in connection.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            raise sqlite3.DatabaseError(f"table {table} has columns {found}, expected {columns}")


def _transaction(connection: sqlite3.Connection, statements: tuple[tuple[str, tuple[object, ...]], ...]) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        for sql, parameters in statements:
            connection.execute(sql, parameters)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _is_locked(error: sqlite3.Error) -> bool:
    return "locked" in str(error).lower() or "busy" in str(error).lower()
