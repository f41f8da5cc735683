"""The progress file's layouts, as numbered migrations keyed by ``PRAGMA user_version``.

A fresh file runs every migration; an older file runs the ones it lacks, all in one transaction, so that a failure
leaves it as it was. Files written before migrations existed (version 1: ``meta.schema_version = '1'`` and
``user_version`` 0) are recognised and taken up by migration 1, which only marks them as bgtrainer's.

To change the layout, append a migration (never edit a released one) and test it on a file written by the release
before it.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from trainer.i18n import N_
from trainer.store import wording

APPLICATION_ID = 0x62677472  # "bgtr": PRAGMA application_id of every bgtrainer progress file

_VERSION_1_LAYOUT = {
    "meta": ("key", "value"),
    "lesson_step": ("lesson_id", "step", "first_try", "completed_at"),
    "lesson_position": ("lesson_id", "step", "updated_at"),
    "puzzle_attempt": ("id", "puzzle_id", "answer", "correct", "seconds", "attempted_at"),
}


class NotProgressFileError(sqlite3.DatabaseError):
    """The database belongs to another application, or has a layout bgtrainer never wrote."""


class NewerFileError(sqlite3.DatabaseError):
    """The file was written by a newer bgtrainer, whose layout this one doesn't know."""

    def __init__(self, version: int) -> None:
        super().__init__(wording.newer_layout(version, LATEST_VERSION))
        self.version = version


class MigrationError(Exception):
    """A migration failed; the transaction it ran in was rolled back."""


@dataclass(frozen=True)
class Migration:
    """One step of the layout: ``apply`` turns a file at ``version - 1`` into one at ``version``."""

    version: int
    summary: str
    apply: Callable[[sqlite3.Connection], None]


def _script(*statements: str) -> Callable[[sqlite3.Connection], None]:
    """A migration made of SQL statements, run one by one (``executescript`` would commit the transaction)."""

    def apply(connection: sqlite3.Connection) -> None:
        for statement in statements:
            connection.execute(statement)

    return apply


_PRACTICE_TABLES_SQL = (
    """CREATE TABLE rating_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        puzzle_id TEXT,
        score REAL,
        rated_at REAL NOT NULL
    )""",
    """CREATE TABLE puzzle_rating (
        puzzle_id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        attempts INTEGER NOT NULL,
        updated_at REAL NOT NULL
    )""",
    """CREATE TABLE review_card (
        item_id TEXT PRIMARY KEY,
        state INTEGER NOT NULL,
        step INTEGER,
        stability REAL,
        difficulty REAL,
        due REAL NOT NULL,
        last_review REAL,
        reps INTEGER NOT NULL,
        lapses INTEGER NOT NULL,
        created_at REAL NOT NULL
    )""",
    """CREATE TABLE review_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id TEXT NOT NULL,
        correct INTEGER NOT NULL,
        reviewed_at REAL NOT NULL
    )""",
    """CREATE TABLE drill_run (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        mode TEXT NOT NULL,
        score INTEGER NOT NULL,
        mistakes INTEGER NOT NULL,
        seconds REAL NOT NULL,
        finished_at REAL NOT NULL
    )""",
)
"""Migration 4: the learner's rating history and each puzzle's rating, review cards (FSRS state as plain columns)
with their log, and drill runs (Streak and Storm). Version 3 is kept for the games records."""

FIRST_EDITION_GRADED_STEPS: dict[str, tuple[int, ...]] = {
    "board": (2, 3, 5, 6, 8, 10, 12, 14),
    "opening-and-moving": (1, 2, 3, 5, 6, 8, 9, 10, 11),
    "dice-and-doubles": (1, 2, 4, 5, 7, 8, 10, 11),
    "hitting": (1, 2, 4, 5, 6, 8, 10, 11, 12),
    "the-bar": (1, 3, 4, 5, 7, 9, 10, 11, 13),
    "must-use": (1, 3, 5, 6, 8, 10, 11, 12),
    "bearing-off": (1, 3, 5, 7, 9, 11, 12, 14, 15),
    "winning": (1, 3, 5, 6, 7, 9, 10),
}
"""The graded steps of the lessons bgtrainer 0.1 shipped (their first edition), by lesson id: a fact of that release,
for telling which of its lessons a learner finished."""


def _lesson_editions(connection: sqlite3.Connection) -> None:
    """Migration 5: lessons that were finished are recorded as such, so a lesson rebuilt in a later edition (whose
    steps are new, its progress kept apart) still shows it was done. Finishing a first-edition lesson meant every
    graded step of it done; the record keeps how many were right at the first try, for its stars."""
    connection.execute(
        """CREATE TABLE lesson_finished (
            lesson_id TEXT NOT NULL,
            edition INTEGER NOT NULL,
            graded INTEGER NOT NULL,
            first_try INTEGER NOT NULL,
            finished_at REAL NOT NULL,
            PRIMARY KEY (lesson_id, edition)
        )"""
    )
    for lesson_id, graded in FIRST_EDITION_GRADED_STEPS.items():
        rows = connection.execute(
            "SELECT step, first_try, completed_at FROM lesson_step WHERE lesson_id = ?", (lesson_id,)
        ).fetchall()
        done = {step: (first, at) for step, first, at in rows if step in graded}
        if len(done) == len(graded):
            first_tries = sum(1 for first, _ in done.values() if first)
            connection.execute(
                "INSERT INTO lesson_finished (lesson_id, edition, graded, first_try, finished_at) "
                "VALUES (?, 1, ?, ?, ?)",
                (lesson_id, len(graded), first_tries, max(at for _, at in done.values())),
            )


_LAYOUT_1_SQL = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS lesson_step (
                lesson_id TEXT NOT NULL,
                step INTEGER NOT NULL,
                first_try INTEGER NOT NULL,
                completed_at REAL NOT NULL,
                PRIMARY KEY (lesson_id, step)
            )""",
    """CREATE TABLE IF NOT EXISTS lesson_position (
                lesson_id TEXT PRIMARY KEY,
                step INTEGER NOT NULL,
                updated_at REAL NOT NULL
            )""",
    """CREATE TABLE IF NOT EXISTS puzzle_attempt (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                puzzle_id TEXT NOT NULL,
                answer TEXT NOT NULL,
                correct INTEGER NOT NULL,
                seconds REAL NOT NULL,
                attempted_at REAL NOT NULL
            )""",
    # The version now lives in PRAGMA user_version.
    "DELETE FROM meta WHERE key = 'schema_version'",
    f"PRAGMA application_id = {APPLICATION_ID}",
)
"""Migration 1: the version-1 layout (kept as it was, for files that predate it), marked as bgtrainer's."""
_QUESTIONS_SQL = (
    "ALTER TABLE puzzle_attempt ADD COLUMN question TEXT NOT NULL DEFAULT 'play'",
    "ALTER TABLE puzzle_attempt ADD COLUMN revealed INTEGER NOT NULL DEFAULT 0",
    # Version 1 kept both in the answer text, as prefixes.
    "UPDATE puzzle_attempt SET revealed = 1, answer = substr(answer, 21) "
    "WHERE substr(answer, 1, 20) = 'after the solution: '",
    "UPDATE puzzle_attempt SET question = 'forced', answer = substr(answer, 9) WHERE substr(answer, 1, 8) = 'forced? '",
)
"""Migration 2: what was asked, and whether after the solution was shown, as columns."""
_GAMES_SQL = (
    """CREATE TABLE game (
                id TEXT PRIMARY KEY,
                record TEXT NOT NULL,
                match_length INTEGER NOT NULL,
                level TEXT NOT NULL,
                learner_score INTEGER NOT NULL,
                computer_score INTEGER NOT NULL,
                result TEXT,
                started_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                finished_at REAL
            )""",
    "CREATE INDEX game_started ON game (started_at)",
)
"""Migration 3: games and matches against the computer."""

_LOCAL_GAMES_SQL = (
    "ALTER TABLE game ADD COLUMN version INTEGER NOT NULL DEFAULT 1",
    """CREATE TABLE local_game (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        started_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        finished_at REAL,
        version INTEGER NOT NULL
    )""",
)
LOCAL_GAME_SETTING = "setting:play:local"
"""Where layouts up to 5 kept the one unfinished local game (its record, or nothing)."""
_RECORD_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A record's id, as :mod:`trainer.play` writes them."""
_LAST_ACTIVITY_SQL = " UNION ALL ".join(
    f"SELECT {column} AS moment FROM {table} WHERE typeof({column}) IN ('real', 'integer') "
    f"AND {column} BETWEEN 0 AND 253402300799"
    for table, column in (
        ("game", "updated_at"),
        ("lesson_position", "updated_at"),
        ("lesson_step", "completed_at"),
        ("puzzle_attempt", "attempted_at"),
        ("rating_history", "rated_at"),
        ("review_log", "reviewed_at"),
        ("drill_run", "finished_at"),
    )
)


def _versions_and_local_games(connection: sqlite3.Connection) -> None:
    """Migration 6: each game's saves are numbered (``version``, 1 for the saves made before), so that a save never
    replaces a newer one; local games get a table of their own, every unfinished one kept. The one a layout-5 file
    kept in its settings moves there, saved at the file's last recorded activity (the same whenever the file is
    migrated); a setting that is no readable record with an id is kept aside under a new key, never dropped."""
    for statement in _LOCAL_GAMES_SQL:
        connection.execute(statement)
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (LOCAL_GAME_SETTING,)).fetchone()
    if row is None or not row[0]:
        return
    value = row[0]
    game_id = _local_record_id(value)
    if game_id is None:
        taken = {key for (key,) in connection.execute("SELECT key FROM meta WHERE key LIKE 'setting:%'")}
        number = 1
        while f"{LOCAL_GAME_SETTING}:damaged-{number}" in taken:
            number += 1
        connection.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?)", (f"{LOCAL_GAME_SETTING}:damaged-{number}", value)
        )
        connection.execute("UPDATE meta SET value = '' WHERE key = ?", (LOCAL_GAME_SETTING,))
        return
    (moment,) = connection.execute(f"SELECT coalesce(max(moment), 0.0) FROM ({_LAST_ACTIVITY_SQL})").fetchone()
    connection.execute(
        "INSERT INTO local_game (id, record, started_at, updated_at, finished_at, version) "
        "VALUES (?, ?, ?, ?, NULL, 1)",
        (game_id, value, float(moment), float(moment)),
    )
    connection.execute("DELETE FROM meta WHERE key = ?", (LOCAL_GAME_SETTING,))


def _local_record_id(value: object) -> str | None:
    """The id of a local game's record (JSON text with an ``"id"``), or ``None`` if it is no such record."""
    if not isinstance(value, str):
        return None
    try:
        document = json.loads(value)
    except (ValueError, RecursionError):
        return None
    game_id = document.get("id") if isinstance(document, dict) else None
    return game_id if isinstance(game_id, str) and _RECORD_ID.fullmatch(game_id) else None


_RATING_KINDS_SQL = (
    "ALTER TABLE rating_history ADD COLUMN kind TEXT NOT NULL DEFAULT 'rules'",
    "ALTER TABLE drill_run ADD COLUMN drill TEXT NOT NULL DEFAULT 'recognition'",
    """CREATE TABLE personal_puzzle (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        source TEXT NOT NULL,
        created_at REAL NOT NULL
    )""",
)
"""Migration 7: the learner's rating kept per kind of puzzle (``rules``, ``best``, ``cube``), drill runs per drill
(``recognition``, ``best``), and personal puzzles (mistakes of the learner's games, to drill). The ratings and runs
stored before stay as they were: the single rating becomes the ``rules`` one (the forced-move, bear-off and
recognition puzzles it was built on), every run a recognition drill's."""

_KNOWLEDGE_SQL = (
    """CREATE TABLE knowledge_answer (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        drill TEXT NOT NULL,
        question TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL,
        seconds REAL NOT NULL,
        answered_at REAL NOT NULL
    )""",
)
"""Migration 8: the answers to the timed knowledge drills (match equity, take points, the Keith count), whose
questions are drawn at random rather than shipped: each with its drill, the question asked, the answer, whether it
was right and how long it took."""

_THEME_LOSSES_SQL = (
    """CREATE TABLE theme_loss (
        review TEXT NOT NULL,
        theme TEXT NOT NULL,
        loss REAL NOT NULL,
        decisions INTEGER NOT NULL,
        reviewed_at REAL NOT NULL,
        PRIMARY KEY (review, theme)
    )""",
)
"""Migration 9: the equity the learner lost in each theme of a game reviewed (the themes read from the positions of
its decisions), one row per game reviewed and theme, so that a game reviewed again replaces its figures."""


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        N_("lessons, puzzle attempts and settings (the version-1 layout), marked as a bgtrainer file"),
        _script(*_LAYOUT_1_SQL),
    ),
    Migration(
        2,
        N_("puzzle attempts: which question was answered, and whether after the solution was shown, as columns"),
        _script(*_QUESTIONS_SQL),
    ),
    Migration(
        3,
        N_("games and matches against the computer: each session's record, its score and whether it is over"),
        _script(*_GAMES_SQL),
    ),
    Migration(4, N_("ratings, review cards and drill runs"), _script(*_PRACTICE_TABLES_SQL)),
    Migration(5, N_("finished lessons, by edition, so a rebuilt lesson still shows it was done"), _lesson_editions),
    Migration(6, N_("saves of games numbered, and every unfinished local game kept"), _versions_and_local_games),
    Migration(
        7,
        N_("the learner's rating per kind of puzzle, the bests per drill, and personal puzzles"),
        _script(*_RATING_KINDS_SQL),
    ),
    Migration(
        8, N_("answers to the knowledge drills: match equity, take points, the Keith count"), _script(*_KNOWLEDGE_SQL)
    ),
    Migration(9, N_("the equity lost in each theme of the games reviewed"), _script(*_THEME_LOSSES_SQL)),
)
LATEST_VERSION = MIGRATIONS[-1].version


def file_version(connection: sqlite3.Connection) -> int:
    """The layout version of a bgtrainer progress file: 0 for an empty database or a version-1 file.

    :raises NotProgressFileError: if the database is another application's.
    """
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if application_id == APPLICATION_ID:
        return int(version)
    if application_id:
        raise NotProgressFileError(wording.another_application(application_id))
    tables = _tables(connection)
    if not tables and not version:
        return 0
    if not version and _is_version_1(connection, tables):
        return 0
    raise NotProgressFileError(wording.foreign_tables(sorted(tables)))


def upgrade(connection: sqlite3.Connection) -> None:
    """Bring a progress file to :data:`LATEST_VERSION` in one transaction (nothing to do if it is there).

    :raises NewerFileError: if the file is newer than this bgtrainer.
    :raises MigrationError: if a migration fails; the file is left as it was.
    :raises sqlite3.OperationalError: if the file is locked or can't be written; the file is left as it was.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        upgrade_in_transaction(connection)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def upgrade_in_transaction(connection: sqlite3.Connection) -> None:
    """Run the migrations the file lacks, inside the caller's transaction (which must hold the write lock).

    :raises NewerFileError: if the file is newer than this bgtrainer.
    :raises MigrationError: if a migration fails.
    """
    version = file_version(connection)
    if version > LATEST_VERSION:
        raise NewerFileError(version)
    for migration in MIGRATIONS:
        if migration.version <= version:
            continue
        try:
            migration.apply(connection)
        except sqlite3.OperationalError as error:
            if is_busy(error):
                raise
            raise MigrationError(wording.migration_failed(migration.version, migration.summary, error)) from error
        except Exception as error:
            raise MigrationError(wording.migration_failed(migration.version, migration.summary, error)) from error
        connection.execute(f"PRAGMA user_version = {migration.version}")


def is_busy(error: sqlite3.Error) -> bool:
    """Whether ``error`` means another connection holds a lock (and trying again later may work)."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _tables(connection: sqlite3.Connection) -> set[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return {name for (name,) in rows}


def _is_version_1(connection: sqlite3.Connection, tables: set[str]) -> bool:
    if tables != set(_VERSION_1_LAYOUT):
        return False
    for table, columns in _VERSION_1_LAYOUT.items():
        if tuple(info[1] for info in connection.execute(f"PRAGMA table_info({table})")) != columns:
            return False
    row = connection.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return row is not None and row[0] == "1"
