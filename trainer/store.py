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
    """Lesson (and puzzle) progress in a SQLite database in ``data_dir``."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir if data_dir is not None else default_data_dir()
        self.path = self.data_dir / DATABASE_NAME
        self.notice: str | None = None
        self.persistent = True
        self._connection = self._open()

    # --- opening, recovery ----------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return self._in_memory(f"Progress can't be saved: the folder {self.data_dir} can't be created ({error}).")
        try:
            connection = self._connect(self.path)
        except sqlite3.DatabaseError as error:
            if _is_locked(error):
                return self._in_memory(
                    f"The progress file {self.path} is in use by another bgtrainer; this session's progress "
                    "won't be saved."
                )
            aside = self._move_aside()
            try:
                connection = self._connect(self.path)
            except sqlite3.DatabaseError as second:
                return self._in_memory(f"Progress can't be saved: {second}.")
            self.notice = (
                f"The progress file could not be read ({error}); it was moved to {aside.name} and a new one started."
            )
        return connection

    def _connect(self, path: Path | str) -> sqlite3.Connection:
        connection = sqlite3.connect(path, timeout=0.5, isolation_level=None)
        try:
            connection.execute("PRAGMA foreign_keys = ON")
            check = connection.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check[0] if check else 'no answer'}")
            connection.executescript(_SCHEMA)
            connection.execute(
                "INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),)
            )
        except sqlite3.DatabaseError:
            connection.close()
            raise
        return connection

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

    def _in_memory(self, notice: str) -> sqlite3.Connection:
        self.notice = notice
        self.persistent = False
        return self._connect(":memory:")

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        """Run ``statements`` in one transaction; if the file becomes unwritable, go on in memory and say so."""
        try:
            self._transaction(statements)
        except sqlite3.OperationalError as error:
            if not self.persistent:
                raise
            self._switch_to_memory(error)
            self._transaction(statements)

    def _transaction(self, statements: tuple[tuple[str, tuple[object, ...]], ...]) -> None:
        connection = self._connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            for sql, parameters in statements:
                connection.execute(sql, parameters)
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def _switch_to_memory(self, error: sqlite3.Error) -> None:
        memory = self._connect(":memory:")
        try:
            self._connection.backup(memory)
        except sqlite3.Error:
            memory.executescript(_SCHEMA)
        self._connection.close()
        self._connection = memory
        self.persistent = False
        self.notice = f"Progress can no longer be saved ({error}); it is kept until you quit."

    def close(self) -> None:
        """Close the database."""
        self._connection.close()

    # --- lessons ------------------------------------------------------------------------------------

    def lesson_progress(self, lesson_id: str) -> LessonProgress:
        """What the learner has done in a lesson."""
        progress = LessonProgress()
        for step, first_try in self._connection.execute(
            "SELECT step, first_try FROM lesson_step WHERE lesson_id = ?", (lesson_id,)
        ):
            progress.completed.add(step)
            if first_try:
                progress.first_try.add(step)
        row = self._connection.execute("SELECT step FROM lesson_position WHERE lesson_id = ?", (lesson_id,)).fetchone()
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

    # --- puzzles ------------------------------------------------------------------------------------

    def record_puzzle_attempt(self, puzzle_id: str, answer: str, *, correct: bool, seconds: float) -> None:
        """Store one answer to a puzzle."""
        self._write(
            (
                "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at) VALUES (?, ?, ?, ?, ?)",
                (puzzle_id, answer, int(correct), seconds, time.time()),
            )
        )

    def puzzle_attempts(self, puzzle_id: str) -> list[tuple[str, bool, float]]:
        """Every stored answer to a puzzle: ``(answer, correct, seconds)``, oldest first."""
        rows = self._connection.execute(
            "SELECT answer, correct, seconds FROM puzzle_attempt WHERE puzzle_id = ? ORDER BY id", (puzzle_id,)
        )
        return [(answer, bool(correct), seconds) for answer, correct, seconds in rows]


def _is_locked(error: sqlite3.Error) -> bool:
    return "locked" in str(error).lower() or "busy" in str(error).lower()
