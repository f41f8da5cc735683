"""The SQLite progress store: what persists, and how it survives corrupt, foreign, damaged, locked, read-only and
unwritable databases without losing progress."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.store import DATABASE_NAME, LessonProgress, ProgressStore, database, default_data_dir
from trainer.store.database import Records
from trainer.store.drills import DrillRecords
from trainer.store.games import GameRecords
from trainer.store.knowledge import KnowledgeRecords
from trainer.store.lessons import LessonRecords
from trainer.store.local_games import LocalGameRecords
from trainer.store.migrations import LATEST_VERSION
from trainer.store.personal import PersonalRecords
from trainer.store.puzzles import PuzzleRecords
from trainer.store.ratings import RatingRecords
from trainer.store.reviews import ReviewRecords
from trainer.store.settings import SettingRecords
from trainer.store.themes import ThemeLossRecords

LOCK_WATCHDOG_SECONDS = 2.5
VERSION_1_FILE = Path(__file__).parent / "data" / "progress-v1.sqlite3"


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def reopen(store: ProgressStore) -> ProgressStore:
    store.close()
    return ProgressStore(store.data_dir)


def make_database(folder: Path, puzzle_rows: int = 0) -> bytes:
    """A real progress database with some rows in ``folder``; returns its bytes."""
    store = ProgressStore(folder)
    store.lessons.complete_step("hitting", 2, first_try=True)
    store.lessons.set_resume_step("hitting", 3)
    for index in range(puzzle_rows):
        store.puzzles.record_puzzle_attempt(
            f"puzzle-{index % 7}", "x" * 200, correct=bool(index % 2), seconds=float(index)
        )
    store.close()
    return (folder / DATABASE_NAME).read_bytes()


def moved_aside(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if ".unreadable-" in path.name)


class Locker:
    """A second connection to the database holding ``BEGIN EXCLUSIVE``, as another bgtrainer would."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.connection.execute("BEGIN EXCLUSIVE")
        self.held = True
        self.released_by_watchdog = False
        self._mutex = threading.Lock()
        self._timer: threading.Timer | None = None

    def release(self) -> None:
        with self._mutex:
            if self.held:
                self.connection.execute("ROLLBACK")
                self.held = False

    def arm_watchdog(self, seconds: float) -> None:
        """Release the lock after ``seconds`` so that a store that waits for it forever cannot hang the tests."""

        def fire() -> None:
            with self._mutex:
                was_held = self.held
            if was_held:
                self.released_by_watchdog = True
                self.release()

        self._timer = threading.Timer(seconds, fire)
        self._timer.daemon = True
        self._timer.start()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.release()
        self.connection.close()


@pytest.fixture
def lock_database() -> Iterator[list[Locker]]:
    lockers: list[Locker] = []
    yield lockers
    for locker in lockers:
        locker.close()


# --- what persists ------------------------------------------------------------------------------------------


def test_a_new_store_creates_its_folder_and_database(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "er" / "data"
    store = ProgressStore(folder)
    assert store.persistent
    assert store.notice is None
    assert (folder / DATABASE_NAME).is_file()
    assert store.lessons.lesson_progress("board") == LessonProgress()
    store.close()


def test_the_store_is_made_of_one_part_per_kind_of_record(data_dir: Path) -> None:
    """Each kind of record is read and written through its part, not the store itself; the store keeps what is
    store-wide (opening, notices, closing)."""
    store = ProgressStore(data_dir)
    parts = {name: type(value) for name, value in vars(store).items() if isinstance(value, Records)}
    assert parts == {
        "lessons": LessonRecords,
        "puzzles": PuzzleRecords,
        "ratings": RatingRecords,
        "reviews": ReviewRecords,
        "drills": DrillRecords,
        "knowledge": KnowledgeRecords,
        "games": GameRecords,
        "local_games": LocalGameRecords,
        "personal": PersonalRecords,
        "settings": SettingRecords,
        "themes": ThemeLossRecords,
    }
    assert {name for name in dir(store) if not name.startswith("_")} - set(parts) == {
        "close",
        "closing_notice",
        "data_dir",
        "notice",
        "on_notice",
        "path",
        "persistent",
    }
    store.close()


def test_completed_steps_and_resume_step_persist_across_reopening(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 2, first_try=True)
    store.lessons.complete_step("board", 3, first_try=False)
    store.lessons.complete_step("hitting", 1, first_try=True)
    store.lessons.set_resume_step("board", 4)
    store = reopen(store)
    board = store.lessons.lesson_progress("board")
    assert board.completed == {2, 3}
    assert board.first_try == {2}
    assert board.resume_step == 4
    hitting = store.lessons.lesson_progress("hitting")
    assert hitting.completed == {1}
    assert hitting.first_try == {1}
    assert hitting.resume_step == 0
    assert store.lessons.lesson_progress("never-opened") == LessonProgress()
    store.close()


def test_the_resume_step_is_overwritten(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.set_resume_step("board", 4)
    store.lessons.set_resume_step("board", 7)
    store.lessons.set_resume_step("board", 2)
    store = reopen(store)
    assert store.lessons.lesson_progress("board").resume_step == 2
    store.close()


def test_first_try_is_kept_once_earned(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 5, first_try=True)
    store.lessons.complete_step("board", 5, first_try=False)
    assert store.lessons.lesson_progress("board").first_try == {5}
    store = reopen(store)
    store.lessons.complete_step("board", 5, first_try=False)
    progress = store.lessons.lesson_progress("board")
    assert progress.completed == {5}
    assert progress.first_try == {5}
    store.close()


def test_a_step_never_right_first_time_is_completed_but_not_first_try(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=False)
    store.lessons.complete_step("board", 1, first_try=False)
    store = reopen(store)
    progress = store.lessons.lesson_progress("board")
    assert progress.completed == {1}
    assert progress.first_try == set()
    store.close()


def test_reset_lesson_forgets_only_that_lesson_and_persists(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.lessons.set_resume_step("board", 2)
    store.lessons.complete_step("hitting", 3, first_try=True)
    store.lessons.set_resume_step("hitting", 4)
    store.lessons.reset_lesson("board")
    assert store.lessons.lesson_progress("board") == LessonProgress()
    store = reopen(store)
    assert store.lessons.lesson_progress("board") == LessonProgress()
    hitting = store.lessons.lesson_progress("hitting")
    assert hitting.completed == {3}
    assert hitting.resume_step == 4
    store.close()


def test_lesson_status_goes_from_new_to_started_to_done(data_dir: Path) -> None:
    graded, count = [1, 3, 4], 6
    store = ProgressStore(data_dir)
    assert store.lessons.lesson_progress("board").status(graded, count) == "new"
    store.lessons.set_resume_step("board", 1)
    assert store.lessons.lesson_progress("board").status(graded, count) == "started"
    store.lessons.complete_step("board", 1, first_try=True)
    store.lessons.complete_step("board", 3, first_try=False)
    assert store.lessons.lesson_progress("board").status(graded, count) == "started"
    store.lessons.complete_step("board", 4, first_try=False)
    store = reopen(store)
    assert store.lessons.lesson_progress("board").status(graded, count) == "done"
    store.lessons.reset_lesson("board")
    assert store.lessons.lesson_progress("board").status(graded, count) == "new"
    store.close()


@pytest.mark.parametrize(
    ("progress", "status"),
    [
        (LessonProgress(), "new"),
        (LessonProgress(resume_step=0), "new"),
        (LessonProgress(resume_step=2), "started"),
        (LessonProgress(completed={0}), "started"),
        (LessonProgress(completed={1, 3}, first_try={1}), "started"),
        (LessonProgress(completed={1, 3, 4}), "done"),
        (LessonProgress(completed={0, 1, 2, 3, 4, 5}, resume_step=5), "done"),
    ],
)
def test_lesson_progress_status(progress: LessonProgress, status: str) -> None:
    assert progress.status([1, 3, 4], 6) == status


def test_a_lesson_without_graded_steps_is_never_done() -> None:
    assert LessonProgress(completed={0, 1}).status([], 2) == "started"
    assert LessonProgress().status([], 2) == "new"


def test_puzzle_attempts_are_read_back_in_order_and_persist(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    assert store.puzzles.puzzle_attempts("p1") == []
    store.puzzles.record_puzzle_attempt("p1", "8/5 6/5", correct=False, seconds=12.5)
    store.puzzles.record_puzzle_attempt("p2", "24/18", correct=True, seconds=3.0)
    store.puzzles.record_puzzle_attempt("p1", "13/10 6/5", correct=False, seconds=4.25)
    store.puzzles.record_puzzle_attempt("p1", "8/5 6/5", correct=True, seconds=1.0)
    expected = [("8/5 6/5", False, 12.5), ("13/10 6/5", False, 4.25), ("8/5 6/5", True, 1.0)]
    assert store.puzzles.puzzle_attempts("p1") == expected
    store = reopen(store)
    assert store.puzzles.puzzle_attempts("p1") == expected
    assert store.puzzles.puzzle_attempts("p2") == [("24/18", True, 3.0)]
    assert all(isinstance(correct, bool) for _, correct, _ in store.puzzles.puzzle_attempts("p1"))
    store.close()


def test_only_a_play_found_before_the_solution_was_shown_solves_a_puzzle(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.puzzles.record_puzzle_attempt("asked", "yes", correct=True, seconds=1.0, question="forced")
    store.puzzles.record_puzzle_attempt("shown", "6/off", correct=True, seconds=9.0, revealed=True)
    store.puzzles.record_puzzle_attempt("missed", "6/2", correct=False, seconds=3.0)
    store.puzzles.record_puzzle_attempt("found", "6/off", correct=True, seconds=4.0)
    assert store.puzzles.solved_puzzles() == {"found"}
    store = reopen(store)
    assert store.puzzles.solved_puzzles() == {"found"}
    (asked,) = store.puzzles.puzzle_history("asked")
    assert (asked.question, asked.answer, asked.correct, asked.revealed) == ("forced", "yes", True, False)
    (shown,) = store.puzzles.puzzle_history("shown")
    assert (shown.question, shown.answer, shown.revealed) == ("play", "6/off", True)
    assert store.puzzles.puzzle_attempts("shown") == [("6/off", True, 9.0)]
    store.close()


def test_an_unknown_question_is_refused(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    with pytest.raises(ValueError, match="unknown question 'double'"):
        store.puzzles.record_puzzle_attempt("p", "take", correct=True, seconds=1.0, question="double")  # type: ignore[arg-type]
    assert store.puzzles.puzzle_attempts("p") == []
    store.close()


# --- where the data lives -----------------------------------------------------------------------------------


def test_default_data_dir_honours_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BGTRAINER_DATA_DIR", str(tmp_path / "custom"))
    assert default_data_dir() == tmp_path / "custom"
    store = ProgressStore()
    assert store.data_dir == tmp_path / "custom"
    store.lessons.complete_step("board", 1, first_try=True)
    store.close()
    assert (tmp_path / "custom" / DATABASE_NAME).is_file()


def test_default_data_dir_expands_the_home_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("BGTRAINER_DATA_DIR", "~/bg")
    assert default_data_dir() == tmp_path / "bg"


def test_default_data_dir_without_the_variable_is_a_user_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BGTRAINER_DATA_DIR", raising=False)
    folder = default_data_dir()
    assert folder.is_absolute()
    assert "bgtrainer" in folder.parts[-1]
    monkeypatch.setenv("BGTRAINER_DATA_DIR", "")
    assert default_data_dir() == folder


# --- corrupt databases --------------------------------------------------------------------------------------


def assert_recovered(folder: Path, original: bytes, store: ProgressStore) -> None:
    aside = moved_aside(folder)
    assert len(aside) == 1, [path.name for path in folder.iterdir()]
    assert aside[0].name.startswith(DATABASE_NAME + ".unreadable-")
    assert aside[0].read_bytes() == original
    assert store.persistent
    assert store.notice is not None
    assert aside[0].name in store.notice
    assert "could not be read" in store.notice or "unreadable" in store.notice
    # The fresh database works and persists.
    assert store.lessons.lesson_progress("hitting") == LessonProgress()
    store.lessons.complete_step("board", 1, first_try=True)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=2.0)
    store = reopen(store)
    assert store.notice is None
    assert store.lessons.lesson_progress("board").completed == {1}
    assert store.puzzles.puzzle_attempts("p") == [("24/18", True, 2.0)]
    assert moved_aside(folder) == aside
    assert aside[0].read_bytes() == original
    store.close()


@pytest.mark.parametrize(
    "garbage",
    [
        b"this is not a database at all\n" * 40,
        bytes(range(256)) * 16,
        b"SQLite format 3\x00" + b"\xff" * 5000,
    ],
    ids=["text", "binary", "bad-header"],
)
def test_a_garbage_database_is_moved_aside_and_a_fresh_one_started(data_dir: Path, garbage: bytes) -> None:
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).write_bytes(garbage)
    store = ProgressStore(data_dir)
    assert_recovered(data_dir, garbage, store)


@pytest.fixture(scope="module")
def full_database(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return make_database(tmp_path_factory.mktemp("full"), puzzle_rows=300)


@pytest.mark.parametrize("keep", [50, 100, 4096, 3 * 4096, 20_000])
def test_a_truncated_database_is_moved_aside_and_a_fresh_one_started(
    data_dir: Path, full_database: bytes, keep: int
) -> None:
    data = full_database
    assert len(data) > keep
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).write_bytes(data[:keep])
    store = ProgressStore(data_dir)
    assert_recovered(data_dir, data[:keep], store)


def test_a_second_unreadable_database_gets_its_own_name(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).write_bytes(b"first garbage" * 100)
    ProgressStore(data_dir).close()
    (data_dir / DATABASE_NAME).write_bytes(b"second garbage" * 100)
    store = ProgressStore(data_dir)
    aside = moved_aside(data_dir)
    assert len(aside) == 2
    assert {path.read_bytes() for path in aside} == {b"first garbage" * 100, b"second garbage" * 100}
    assert store.notice is not None
    newest = next(path for path in aside if path.read_bytes().startswith(b"second"))
    assert newest.name in store.notice
    store.close()


def test_an_empty_database_file_is_simply_used(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).write_bytes(b"")
    store = ProgressStore(data_dir)
    assert store.persistent
    assert store.notice is None
    assert moved_aside(data_dir) == []
    store.close()


def sqlite_tables(path: Path) -> set[str]:
    connection = sqlite3.connect(path)
    try:
        return {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        connection.close()


@pytest.mark.parametrize(
    "setup",
    [
        "PRAGMA application_id = 1297302600",
        "PRAGMA user_version = 7",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ],
    ids=["application-id", "user-version", "lookalike-table"],
)
def test_another_applications_database_is_moved_aside_not_taken_over(data_dir: Path, setup: str) -> None:
    data_dir.mkdir()
    connection = sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)
    connection.execute("CREATE TABLE contact (name TEXT, phone TEXT)")
    connection.execute("INSERT INTO contact VALUES ('Ann', '555-0100')")
    connection.execute(setup)
    connection.close()
    original = (data_dir / DATABASE_NAME).read_bytes()
    store = ProgressStore(data_dir)
    (aside,) = moved_aside(data_dir)
    assert aside.read_bytes() == original
    assert "contact" in sqlite_tables(aside) and "lesson_step" not in sqlite_tables(aside)
    assert store.notice is not None
    assert "not a bgtrainer progress file" in store.notice and aside.name in store.notice
    assert store.persistent
    store.lessons.complete_step("board", 1, first_try=True)
    store = reopen(store)
    assert store.notice is None
    assert store.lessons.lesson_progress("board").completed == {1}
    store.close()


# --- damaged records ----------------------------------------------------------------------------------------


def test_records_that_cannot_be_decoded_are_skipped_and_saving_goes_on(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.lessons.set_resume_step("board", 2)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=2.0)
    store.settings.set_setting("theme", "textual-light")
    store.close()
    connection = sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)
    damaged = [
        # Text that isn't UTF-8, a step that isn't a number, seconds stored as a blob.
        "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at) "
        "VALUES ('p', CAST(x'ff2f3138' AS TEXT), 1, 1.0, 0)",
        "INSERT INTO lesson_step (lesson_id, step, first_try, completed_at) VALUES ('board', 'three', 1, 0)",
        "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at) "
        "VALUES ('q', '6/off', 1, x'00', 0)",
        "INSERT INTO meta (key, value) VALUES ('setting:sound', CAST(x'c3' AS TEXT))",
    ]
    for statement in damaged:
        connection.execute(statement)
    connection.close()

    store = ProgressStore(data_dir)
    assert store.persistent
    assert store.notice is not None and "4 damaged records" in store.notice
    assert store.lessons.lesson_progress("board") == LessonProgress(completed={1}, first_try={1}, resume_step=2)
    assert store.puzzles.puzzle_attempts("p") == [("24/18", True, 2.0)]
    assert store.puzzles.puzzle_attempts("q") == []
    assert store.settings.setting("theme") == "textual-light"
    assert store.settings.setting("sound") is None
    store.lessons.complete_step("board", 3, first_try=False)
    store.puzzles.record_puzzle_attempt("q", "6/off", correct=True, seconds=4.0)
    store = reopen(store)
    assert store.lessons.lesson_progress("board").completed == {1, 3}
    assert store.puzzles.puzzle_attempts("q") == [("6/off", True, 4.0)]
    store.close()
    # The damaged rows are still in the file: nothing was deleted.
    connection = sqlite3.connect(data_dir / DATABASE_NAME)
    assert connection.execute("SELECT count(*) FROM lesson_step WHERE step = 'three'").fetchone() == (1,)
    assert connection.execute("SELECT count(*) FROM puzzle_attempt").fetchone() == (4,)
    connection.close()


def copies_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The row-by-row copies of a read file into a new in-memory copy from now on (each a number of tables)."""
    calls: list[int] = []
    copy_rows = database._copy_rows

    def counted(source: sqlite3.Connection, target: sqlite3.Connection) -> dict[str, int]:
        damaged = copy_rows(source, target)
        calls.append(len(damaged))
        return damaged

    monkeypatch.setattr(database, "_copy_rows", counted)
    return calls


def every_row(store: ProgressStore) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of the store's in-memory copy, in order."""
    memory = store._db._memory
    tables = [name for (name,) in memory.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {table: memory.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall() for table in tables}


def test_a_sound_file_at_this_layout_is_read_as_it_is_with_every_record(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_database(data_dir, puzzle_rows=50)
    store = ProgressStore(data_dir)
    store.ratings.record_rating((1510.0, 80.0, 0.06), puzzle_id="p", puzzle=(1490.0, 90.0, 0.06), score=1.0, at=5)
    store.drills.record_drill_run("streak", 7, at=6)
    store.settings.set_setting("theme", "textual-light")
    store.close()
    copied = ProgressStore(data_dir)  # read with a copy of each row, as every damaged file is
    copied._db._memory.close()
    with contextlib.closing(sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)) as file:
        copied._db._memory = database._new_memory()
        assert database._copy_rows(file, copied._db._memory) == {}
    calls = copies_counted(monkeypatch)
    store = ProgressStore(data_dir)
    assert calls == [], "a sound file is not copied row by row"
    assert store.notice is None
    assert every_row(store) == every_row(copied)
    assert len(store.puzzles.all_puzzle_attempts()) == 50
    assert store.lessons.lesson_progress("hitting").resume_step == 3
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=1.0)
    store = reopen(store)
    assert len(store.puzzles.all_puzzle_attempts()) == 51
    assert calls == []
    copied.close()
    store.close()


def test_a_file_whose_layout_differs_is_copied_into_this_layout_and_left_as_it_is(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_database(data_dir, puzzle_rows=3)
    with contextlib.closing(sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)) as file:
        file.execute("ALTER TABLE puzzle_attempt ADD COLUMN note TEXT")
        file.execute("CREATE INDEX attempt_answer ON puzzle_attempt (answer)")
    calls = copies_counted(monkeypatch)
    store = ProgressStore(data_dir)
    assert calls == [0] and store.notice is None
    assert len(store.puzzles.all_puzzle_attempts()) == 3
    assert "note" not in {name for name, _, _ in database._columns(store._db._memory, "puzzle_attempt")}
    store.close()
    with contextlib.closing(sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)) as file:
        assert file.execute("SELECT count(note) FROM puzzle_attempt").fetchone() == (0,)  # the column is still there


def test_halves_of_a_broken_character_in_two_records_are_two_damaged_records(data_dir: Path) -> None:
    make_database(data_dir, puzzle_rows=20)
    with contextlib.closing(sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)) as file:
        for answer in ("x'3234c3'", "x'a92f3138'"):  # "24é/18" cut in the middle of its "é"
            file.execute(
                "INSERT INTO puzzle_attempt (puzzle_id, answer, correct, seconds, attempted_at) "
                f"VALUES ('p', CAST({answer} AS TEXT), 1, 1.0, 0)"
            )
    store = ProgressStore(data_dir)
    assert store.notice is not None and "2 damaged records" in store.notice
    assert len(store.puzzles.all_puzzle_attempts()) == 20
    store.close()


def test_records_that_break_a_constraint_of_this_layout_are_skipped_one_by_one(data_dir: Path) -> None:
    make_database(data_dir)
    with contextlib.closing(
        sqlite3.connect(data_dir / DATABASE_NAME, isolation_level=None)
    ) as file:  # a table without its primary key, holding a key twice
        file.execute("DROP TABLE lesson_position")
        file.execute("CREATE TABLE lesson_position (lesson_id TEXT, step INTEGER NOT NULL, updated_at REAL NOT NULL)")
        file.executemany("INSERT INTO lesson_position VALUES (?, ?, 0)", [("board", 2), ("board", 5), ("hitting", 4)])
    store = ProgressStore(data_dir)
    assert store.notice is not None and "1 damaged record in" in store.notice
    assert store.lessons.resume_steps() == {"board": 2, "hitting": 4}
    store.close()


# --- files that can't be written ----------------------------------------------------------------------------


NOBODY = 65534


def act_as_ordinary_user(monkeypatch: pytest.MonkeyPatch) -> None:
    """For root, make ``os.access`` answer from the permission bits, as the kernel does for any other user (the
    store decides from it whether to open the file read-only; root could read and write anything)."""
    if os.geteuid() != 0:
        return

    def access(path: str | os.PathLike[str], mode: int, **kwargs: object) -> bool:
        status = os.stat(path)
        if status.st_uid == os.geteuid():
            bits = status.st_mode >> 6
        elif status.st_gid in {os.getegid(), *os.getgroups()}:
            bits = status.st_mode >> 3
        else:
            bits = status.st_mode
        wanted = (4 if mode & os.R_OK else 0) | (2 if mode & os.W_OK else 0) | (1 if mode & os.X_OK else 0)
        return bits & wanted == wanted

    monkeypatch.setattr(os, "access", access)


def test_a_read_only_progress_file_is_read_and_left_unchanged(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.lessons.set_resume_step("board", 2)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=2.0)
    store.close()
    path = data_dir / DATABASE_NAME
    original = path.read_bytes()
    path.chmod(0o444)
    act_as_ordinary_user(monkeypatch)
    store = ProgressStore(data_dir)
    assert not store.persistent
    assert store.notice is not None
    assert "can't be written (it is read-only)" in store.notice and "won't be saved" in store.notice
    assert store.lessons.lesson_progress("board") == LessonProgress(completed={1}, first_try={1}, resume_step=2)
    assert store.puzzles.puzzle_attempts("p") == [("24/18", True, 2.0)]
    store.lessons.complete_step("board", 2, first_try=True)
    assert store.lessons.lesson_progress("board").completed == {1, 2}
    store.close()
    assert path.read_bytes() == original
    assert moved_aside(data_dir) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
@pytest.mark.parametrize("mode", [0o644, 0o600], ids=["readable", "unreadable"])
def test_a_progress_file_of_another_user_is_read_if_it_can_be_and_left_alone(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, mode: int
) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.close()
    path = data_dir / DATABASE_NAME
    os.chown(path, NOBODY, NOBODY)
    path.chmod(mode)
    original = path.read_bytes()
    act_as_ordinary_user(monkeypatch)
    store = ProgressStore(data_dir)
    assert not store.persistent
    assert store.notice is not None and "won't be saved" in store.notice
    if mode == 0o644:
        assert "can't be written (it belongs to another user)" in store.notice
        assert store.lessons.lesson_progress("board").completed == {1}
    else:
        assert "can't be read (it belongs to another user)" in store.notice
        assert store.lessons.lesson_progress("board").completed == set()
    store.lessons.complete_step("board", 5, first_try=True)
    assert 5 in store.lessons.lesson_progress("board").completed
    store.close()
    assert path.read_bytes() == original
    assert moved_aside(data_dir) == []


# --- privacy ------------------------------------------------------------------------------------------------


def test_the_data_folder_and_the_database_are_private_to_the_user(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    folder = tmp_path / "shared" / "data"
    old_umask = os.umask(0)
    try:
        store = ProgressStore(folder)
        store.lessons.complete_step("board", 1, first_try=True)
        files = [path for path in folder.iterdir() if path.name.startswith(DATABASE_NAME)]
        modes = {path.name: path.stat().st_mode & 0o777 for path in files}
        store.close()
    finally:
        os.umask(old_umask)
    assert folder.stat().st_mode & 0o777 == 0o700
    assert folder.parent.stat().st_mode & 0o777 == 0o700  # a missing parent too
    assert tmp_path.stat().st_mode & 0o777 == 0o755  # a folder that existed is left as it was
    assert modes[DATABASE_NAME] == 0o600
    assert set(modes.values()) == {0o600}, modes  # the write-ahead log too


def journal_modes(folder: Path) -> dict[str, int]:
    """The permission bits of the progress file and of each journal file beside it."""
    return {
        path.name: stat.S_IMODE(path.stat().st_mode)
        for path in folder.iterdir()
        if path.name in {DATABASE_NAME, *(DATABASE_NAME + suffix for suffix in ("-wal", "-shm", "-journal"))}
    }


def test_a_progress_file_others_may_read_is_made_private_with_its_journals_whatever_the_umask(
    data_dir: Path,
) -> None:
    """SQLite gives the journal files it makes the database's permissions (not the umask's): an older progress file
    readable by everyone would have its write-ahead log readable by everyone too."""
    make_database(data_dir)
    path = data_dir / DATABASE_NAME
    path.chmod(0o644)
    for suffix in ("-wal", "-shm"):  # journals an earlier session left behind, readable by everyone
        journal = data_dir / (DATABASE_NAME + suffix)
        journal.touch()
        journal.chmod(0o664)
    old_umask = os.umask(0o022)
    try:
        store = ProgressStore(data_dir)
        store.lessons.complete_step("board", 1, first_try=True)
        modes = journal_modes(data_dir)
        store.close()
    finally:
        os.umask(old_umask)
    assert set(modes) == {DATABASE_NAME, f"{DATABASE_NAME}-wal", f"{DATABASE_NAME}-shm"}
    assert set(modes.values()) == {0o600}, modes
    store = ProgressStore(data_dir)
    assert store.notice is None and store.lessons.lesson_progress("hitting").completed == {2}
    store.close()


def test_a_read_only_progress_file_keeps_its_permissions(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_database(data_dir)
    path = data_dir / DATABASE_NAME
    path.chmod(0o444)
    act_as_ordinary_user(monkeypatch)
    store = ProgressStore(data_dir)
    assert not store.persistent
    store.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


# --- locked databases ---------------------------------------------------------------------------------------

SHORT_WAIT = 0.3  # the store's busy timeout in these tests, so that a lock held for longer shows quickly


def test_writes_to_a_file_locked_for_longer_than_the_busy_timeout_are_kept_and_saved_once_it_is_free(
    data_dir: Path, lock_database: list[Locker]
) -> None:
    store = ProgressStore(data_dir, busy_timeout=SHORT_WAIT)
    store.lessons.complete_step("board", 1, first_try=True)
    locker = Locker(data_dir / DATABASE_NAME)
    lock_database.append(locker)
    locker.arm_watchdog(LOCK_WATCHDOG_SECONDS)
    store.lessons.complete_step("board", 2, first_try=False)
    store.lessons.set_resume_step("board", 3)
    store.puzzles.record_puzzle_attempt("p", "8/5 6/5", correct=True, seconds=2.0)
    assert not locker.released_by_watchdog, "a write waited for the lock well past the store's busy timeout"
    assert not store.persistent
    assert store.notice is not None and "can't be saved right now" in store.notice
    assert store.notice.count("can't be saved") == 1, "the learner is told once"
    assert store.lessons.lesson_progress("board") == LessonProgress(completed={1, 2}, first_try={1}, resume_step=3)
    assert store.puzzles.puzzle_attempts("p") == [("8/5 6/5", True, 2.0)]
    locker.release()
    store.lessons.complete_step("board", 4, first_try=True)
    assert store.persistent
    assert "can be written again" in store.notice
    store = reopen(store)
    assert store.notice is None
    assert store.lessons.lesson_progress("board") == LessonProgress(
        completed={1, 2, 4}, first_try={1, 4}, resume_step=3
    )
    assert store.puzzles.puzzle_attempts("p") == [("8/5 6/5", True, 2.0)]
    store.close()


def test_writes_still_waiting_for_a_lock_are_saved_on_closing(data_dir: Path, lock_database: list[Locker]) -> None:
    store = ProgressStore(data_dir, busy_timeout=SHORT_WAIT)
    locker = Locker(data_dir / DATABASE_NAME)
    lock_database.append(locker)
    store.lessons.complete_step("board", 1, first_try=True)
    assert not store.persistent
    locker.release()
    store = reopen(store)
    assert store.lessons.lesson_progress("board").completed == {1}
    store.close()


def test_a_file_locked_while_opening_is_read_and_written_once_it_is_free(
    data_dir: Path, lock_database: list[Locker]
) -> None:
    # A version-1 file uses a rollback journal: a writer's exclusive lock keeps readers out too.
    data_dir.mkdir()
    shutil.copyfile(VERSION_1_FILE, data_dir / DATABASE_NAME)
    locker = Locker(data_dir / DATABASE_NAME)
    lock_database.append(locker)
    locker.arm_watchdog(LOCK_WATCHDOG_SECONDS)
    store = ProgressStore(data_dir, busy_timeout=SHORT_WAIT)
    assert not locker.released_by_watchdog, "opening waited for the lock well past the store's busy timeout"
    assert not store.persistent
    assert store.notice is not None and "in use by another program" in store.notice
    assert moved_aside(data_dir) == [], "a locked file is not unreadable and must not be moved aside"
    store.lessons.complete_step("board", 7, first_try=True)
    store.lessons.complete_step("board", 8, first_try=True)
    assert store.lessons.lesson_progress("board").completed == {7, 8}
    assert store.notice.count("in use") == 1, "the learner is told once"
    locker.release()
    store.lessons.set_resume_step("board", 9)
    assert store.persistent
    # Once open, the file's progress (migrated) and this session's are both there.
    both = LessonProgress(completed={0, 1, 3, 7, 8}, first_try={0, 3, 7, 8}, resume_step=9)
    assert store.lessons.lesson_progress("board") == both
    assert store.settings.setting("theme") == "textual-light"
    store = reopen(store)
    assert store.notice is None
    assert store.lessons.lesson_progress("board") == both
    assert [a.question for a in store.puzzles.puzzle_history("forced-01")] == ["forced", "forced", "play"]
    store.close()


def test_reading_progress_from_a_database_locked_after_opening_does_not_raise(
    data_dir: Path, lock_database: list[Locker]
) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=False, seconds=1.0)
    lock_database.append(Locker(data_dir / DATABASE_NAME))
    assert store.lessons.lesson_progress("board").completed == {1}
    assert store.puzzles.puzzle_attempts("p") == [("24/18", False, 1.0)]
    store.close()


def kept(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{DATABASE_NAME}.kept-*.json"))


def close_while_locked(data_dir: Path, lock_database: list[Locker]) -> ProgressStore:
    """A store whose last writes meet a lock that another connection holds until after the store is closed."""
    store = ProgressStore(data_dir, busy_timeout=SHORT_WAIT)
    store.lessons.complete_step("board", 1, first_try=True)
    locker = Locker(data_dir / DATABASE_NAME)
    lock_database.append(locker)
    store.lessons.complete_step("board", 2, first_try=False)
    store.puzzles.record_puzzle_attempt("p", "8/5 6/5", correct=True, seconds=2.0)
    store.settings.set_setting("theme", "textual-light")
    assert not store.persistent
    store.close()
    locker.release()
    return store


def test_writes_a_lock_keeps_out_past_closing_are_kept_and_saved_once_at_the_next_start(
    data_dir: Path, lock_database: list[Locker]
) -> None:
    store = close_while_locked(data_dir, lock_database)
    (kept_file,) = kept(data_dir)
    assert store.closing_notice is not None and str(kept_file) in store.closing_notice
    assert "3 changes were kept" in store.closing_notice and "the next time it starts" in store.closing_notice
    assert os.stat(kept_file).st_mode & 0o777 == 0o600
    copy = kept_file.read_bytes()
    store = ProgressStore(data_dir)
    assert store.notice is not None and "3 changes to your progress" in store.notice and "saved now" in store.notice
    assert kept(data_dir) == []
    expected = (LessonProgress(completed={1, 2}, first_try={1}), [("8/5 6/5", True, 2.0)], "textual-light")
    assert (
        store.lessons.lesson_progress("board"),
        store.puzzles.puzzle_attempts("p"),
        store.settings.setting("theme"),
    ) == expected
    store.close()
    kept_file.write_bytes(copy)  # as if the last start stopped after saving them, before deleting the file
    store = ProgressStore(data_dir)
    assert store.notice is None and kept(data_dir) == []
    assert (
        store.lessons.lesson_progress("board"),
        store.puzzles.puzzle_attempts("p"),
        store.settings.setting("theme"),
    ) == expected
    store.close()


def test_writes_kept_for_later_go_before_the_new_sessions(data_dir: Path, lock_database: list[Locker]) -> None:
    close_while_locked(data_dir, lock_database)  # kept: the light theme
    locker = Locker(data_dir / DATABASE_NAME)
    lock_database.append(locker)
    store = ProgressStore(data_dir, busy_timeout=SHORT_WAIT)  # can't save the kept writes yet
    store.settings.set_setting("theme", "textual-dark")
    locker.release()
    store.lessons.complete_step("board", 5, first_try=True)
    assert store.persistent and kept(data_dir) == []
    assert store.settings.setting("theme") == "textual-dark" and store.lessons.lesson_progress("board").completed == {
        1,
        2,
        5,
    }
    store = reopen(store)
    assert store.settings.setting("theme") == "textual-dark" and store.lessons.lesson_progress("board").completed == {
        1,
        2,
        5,
    }
    store.close()


def test_writes_that_cannot_even_be_kept_are_said_to_be_lost(
    data_dir: Path, lock_database: list[Locker], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(database, "write_kept", refuse)
    store = close_while_locked(data_dir, lock_database)
    notice = store.closing_notice
    assert notice is not None and "3 changes to your progress could not be saved" in notice
    assert "Permission denied" in notice and kept(data_dir) == []


def test_a_damaged_file_of_kept_writes_is_moved_aside_with_a_notice(data_dir: Path) -> None:
    ProgressStore(data_dir).close()
    damaged = data_dir / f"{DATABASE_NAME}.kept-00000000000000000001-abcd.json"
    damaged.write_text('{"format": "bgtrainer-kept-writes", "version": 1, "transactions": [[["DROP', "utf-8")
    store = ProgressStore(data_dir)
    assert store.notice is not None and f"Changes an earlier session kept in {damaged}" in store.notice
    assert "can't be saved (it is not JSON text); it was moved to" in store.notice
    assert kept(data_dir) == [] and len(list(data_dir.glob(f"{damaged.name}.unreadable-*"))) == 1
    assert store.persistent
    store.close()


def test_a_pipe_named_like_kept_writes_is_moved_aside_without_waiting_on_it(data_dir: Path) -> None:
    ProgressStore(data_dir).close()
    os.mkfifo(data_dir / f"{DATABASE_NAME}.kept-00000000000000000001-abcd.json")
    notice = notice_on_opening(data_dir)
    assert notice is not None and "can't be saved (it is not a file); it was moved to" in notice


@pytest.mark.parametrize(
    "transactions",
    [[[["DROP TABLE lesson_step", []]]], [[["INSERT INTO meta (key, value) VALUES (?, ?)", [["a list"], "x"]]]]],
    ids=["not-a-write", "bad-parameter"],
)
def test_kept_writes_the_store_never_makes_are_refused(data_dir: Path, transactions: list[object]) -> None:
    ProgressStore(data_dir).close()
    document = {"format": "bgtrainer-kept-writes", "version": 1, "layout": LATEST_VERSION, "transactions": transactions}
    (data_dir / f"{DATABASE_NAME}.kept-00000000000000000001-abcd.json").write_text(json.dumps(document), "utf-8")
    store = ProgressStore(data_dir)
    assert store.notice is not None and "can't be saved" in store.notice
    assert "lesson_step" in sqlite_tables(data_dir / DATABASE_NAME)
    store.close()


# --- unwritable folders -------------------------------------------------------------------------------------


def test_a_data_dir_under_a_regular_file_gives_an_in_memory_store(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("I am a file\n")
    folder = blocker / "data"
    store = ProgressStore(folder)
    assert not store.persistent
    assert store.notice
    assert str(folder) in store.notice
    store.lessons.complete_step("board", 1, first_try=True)
    store.lessons.set_resume_step("board", 2)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=1.5)
    assert store.lessons.lesson_progress("board") == LessonProgress(completed={1}, first_try={1}, resume_step=2)
    assert store.puzzles.puzzle_attempts("p") == [("24/18", True, 1.5)]
    store.close()
    assert blocker.read_text() == "I am a file\n"


def test_a_data_dir_that_is_a_regular_file_gives_an_in_memory_store(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"\x00\x01")
    store = ProgressStore(blocker)
    assert not store.persistent
    assert store.notice
    store.lessons.complete_step("board", 1, first_try=False)
    assert store.lessons.lesson_progress("board").completed == {1}
    store.close()
    assert blocker.read_bytes() == b"\x00\x01"


def test_an_existing_folder_where_no_file_can_be_created_gives_an_in_memory_store() -> None:
    # /proc/self is a folder that exists, but no one, not even root, can create a file in it.
    folder = Path("/proc/self")
    if not folder.is_dir():
        pytest.skip("needs Linux /proc")
    store = ProgressStore(folder)
    assert not store.persistent
    assert store.notice
    store.lessons.complete_step("board", 1, first_try=True)
    assert store.lessons.lesson_progress("board").completed == {1}
    store.close()
    assert not (folder / DATABASE_NAME).exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores folder permissions")
def test_a_read_only_data_dir_gives_an_in_memory_store(tmp_path: Path) -> None:
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        store = ProgressStore(folder)
        assert not store.persistent
        assert store.notice
        store.lessons.complete_step("board", 1, first_try=True)
        assert store.lessons.lesson_progress("board").completed == {1}
        store.close()
    finally:
        folder.chmod(0o700)


def test_a_setting_set_aside_is_kept_under_a_new_name_never_over_an_earlier_one(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    assert store.settings.set_aside_setting("play:local") is None
    store.settings.set_setting("play:local", "first damaged record")
    assert store.settings.set_aside_setting("play:local") == "play:local:damaged-1"
    store.settings.set_setting("play:local", "second damaged record")
    assert store.settings.set_aside_setting("play:local") == "play:local:damaged-2"
    store = reopen(store)
    assert store.settings.setting("play:local") == ""
    assert store.settings.setting("play:local:damaged-1") == "first damaged record"
    assert store.settings.setting("play:local:damaged-2") == "second damaged record"
    store.close()


def notice_on_opening(data_dir: Path, seconds: float = 20.0) -> str | None:
    """The notice of a store opened (and closed) in a thread, failing rather than hanging the tests if that takes
    longer than ``seconds``."""
    notices: list[str | None] = []

    def open_and_close() -> None:
        store = ProgressStore(data_dir)
        notices.append(store.notice)
        store.close()

    thread = threading.Thread(target=open_and_close, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "opening the store waits on the file"
    return notices[0]


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_pipe_or_folder_at_the_progress_path_is_moved_aside_without_waiting_on_it(data_dir: Path, kind: str) -> None:
    data_dir.mkdir()
    path = data_dir / DATABASE_NAME
    if kind == "pipe":
        os.mkfifo(path)
    else:
        path.mkdir()
        (path / "kept.txt").write_text("something of the learner's", "utf-8")
    try:
        notice = notice_on_opening(data_dir)
    finally:
        if kind == "pipe":  # a reader stuck on the pipe (if the store waited) is let go
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert notice is not None and f"is a {kind}, not a bgtrainer progress file" in notice
    (aside,) = moved_aside(data_dir)
    assert aside.name in notice and "a new one started" in notice
    if kind == "pipe":
        assert stat.S_ISFIFO(os.stat(aside).st_mode)
    else:
        assert (aside / "kept.txt").read_text("utf-8") == "something of the learner's"
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    store.lessons.complete_step("board", 2, first_try=True)
    store = reopen(store)
    assert store.notice is None and store.lessons.lesson_progress("board").completed == {2}
    store.close()


def test_a_pipe_where_the_journal_goes_is_moved_aside_and_the_progress_kept(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.close()
    journal = data_dir / f"{DATABASE_NAME}-wal"
    os.mkfifo(journal)
    notice = notice_on_opening(data_dir)
    assert notice is not None and "-wal was a pipe, not one of SQLite's; it was moved to" in notice
    (aside,) = moved_aside(data_dir)
    assert aside.name.startswith(f"{DATABASE_NAME}-wal.unreadable-") and stat.S_ISFIFO(os.stat(aside).st_mode)
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent and store.lessons.lesson_progress("board").completed == {1}
    store.lessons.complete_step("board", 2, first_try=True)
    store = reopen(store)
    assert store.lessons.lesson_progress("board").completed == {1, 2}
    store.close()
    assert not journal.exists()


# --- symbolic links: never written through -------------------------------------------------------------------------


def test_a_progress_file_that_is_a_symbolic_link_is_moved_aside_and_its_progress_copied_into_a_private_file(
    tmp_path: Path,
) -> None:
    elsewhere, data_dir = tmp_path / "elsewhere", tmp_path / "data"
    make_database(elsewhere, puzzle_rows=3)
    target = elsewhere / DATABASE_NAME
    target.chmod(0o644)  # readable by everyone: what writing through the link would leave the learner's data in
    before = target.read_bytes()
    data_dir.mkdir(mode=0o700)
    link = data_dir / DATABASE_NAME
    link.symlink_to(target)
    store = ProgressStore(data_dir)
    assert store.notice is not None and f"{link} is a symbolic link to {target}" in store.notice
    assert "never writes through" in store.notice and "--data-dir" in store.notice
    (aside,) = moved_aside(data_dir)
    assert aside.name in store.notice and "was copied into the new one, private to you" in store.notice
    assert aside.is_symlink() and aside.resolve() == target  # the link itself, untouched
    assert store.persistent and store.lessons.lesson_progress("hitting").resume_step == 3
    assert len(store.puzzles.all_puzzle_attempts()) == 3
    store.lessons.complete_step("hitting", 4, first_try=True)
    store.close()
    assert not link.is_symlink() and stat.S_IMODE(os.stat(link).st_mode) == 0o600
    assert target.read_bytes() == before and stat.S_IMODE(os.stat(target).st_mode) == 0o644
    store = ProgressStore(data_dir)
    assert store.notice is None and store.lessons.lesson_progress("hitting").completed == {2, 4}
    store.close()


def test_the_progress_a_symbolic_link_leads_to_is_copied_without_making_anything_beside_it(tmp_path: Path) -> None:
    """Its progress is read from a private copy of its bytes: SQLite, opening the target itself, would leave its
    journal files beside it with the target's permissions. What another bgtrainer has written to the target and
    is still only in its write-ahead log is copied too."""
    elsewhere, data_dir = tmp_path / "elsewhere", tmp_path / "data"
    make_database(elsewhere)
    target = elsewhere / DATABASE_NAME
    target.chmod(0o644)
    other = ProgressStore(elsewhere)  # another bgtrainer, still open: its writes wait in the log
    other.lessons.complete_step("hitting", 5, first_try=True)
    assert (elsewhere / f"{DATABASE_NAME}-wal").stat().st_size > 0
    before = {path.name: (path.read_bytes(), path.stat().st_mode) for path in elsewhere.iterdir()}
    data_dir.mkdir(mode=0o700)
    (data_dir / DATABASE_NAME).symlink_to(target)
    old_umask = os.umask(0o022)
    try:
        store = ProgressStore(data_dir)
    finally:
        os.umask(old_umask)
    assert store.notice is not None and "was copied into the new one, private to you" in store.notice
    assert store.lessons.lesson_progress("hitting").completed == {2, 5}
    store.lessons.complete_step("hitting", 6, first_try=True)
    modes = journal_modes(data_dir)
    store.close()
    assert {path.name: (path.read_bytes(), path.stat().st_mode) for path in elsewhere.iterdir()} == before
    assert set(modes.values()) == {0o600} and f"{DATABASE_NAME}-wal" in modes, modes
    (aside,) = moved_aside(data_dir)
    left = {path.name for path in data_dir.iterdir()} - {aside.name}
    assert left <= {DATABASE_NAME, f"{DATABASE_NAME}-wal", f"{DATABASE_NAME}-shm"}, left  # no copy left behind
    other.close()


@pytest.mark.parametrize("target_kind", ["missing", "garbage", "pipe", "foreign"])
def test_a_symbolic_link_to_no_progress_file_is_moved_aside_and_a_fresh_file_started(
    tmp_path: Path, target_kind: str
) -> None:
    data_dir, target = tmp_path / "data", tmp_path / "target"
    if target_kind == "garbage":
        target.write_bytes(b"not a database at all" * 100)
    elif target_kind == "pipe":
        os.mkfifo(target)
    elif target_kind == "foreign":
        connection = sqlite3.connect(target)
        connection.execute("CREATE TABLE invoices (id INTEGER)")
        connection.close()
    before = target.read_bytes() if target_kind in ("garbage", "foreign") else None
    data_dir.mkdir()
    (data_dir / DATABASE_NAME).symlink_to(target)
    notice = notice_on_opening(data_dir)
    assert notice is not None and "is a symbolic link to" in notice and "a new one started" in notice
    assert f"The progress in {target} could not be copied (" in notice
    (aside,) = moved_aside(data_dir)
    assert aside.is_symlink()
    if before is not None:
        assert target.read_bytes() == before
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent and store.lessons.lesson_steps() == []
    store.close()


def test_a_journal_that_is_a_symbolic_link_is_moved_aside_and_the_progress_kept(data_dir: Path, tmp_path: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 1, first_try=True)
    store.close()
    elsewhere = tmp_path / "elsewhere-wal"
    elsewhere.write_bytes(b"")
    elsewhere.chmod(0o644)
    journal = data_dir / f"{DATABASE_NAME}-wal"
    journal.symlink_to(elsewhere)
    store = ProgressStore(data_dir)
    assert store.notice is not None and "-wal was a symbolic link, not one of SQLite's; it was moved to" in store.notice
    store.lessons.complete_step("board", 2, first_try=True)
    store = reopen(store)
    assert store.lessons.lesson_progress("board").completed == {1, 2}
    store.close()
    assert elsewhere.read_bytes() == b"" and not journal.is_symlink()
