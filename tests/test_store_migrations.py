"""Migrations of the progress file: a learner's progress written by an older release is kept, in place.

``tests/data/progress-v1.sqlite3`` was written by the version-1 store (``trainer/store.py`` as of commit 01fa619),
run from a scratch script that did, in order::

    store.complete_step("board", 0, first_try=True)
    store.complete_step("board", 1, first_try=False)
    store.complete_step("board", 3, first_try=True)
    store.set_resume_step("board", 4)
    store.complete_step("hitting", 2, first_try=True)
    store.set_resume_step("hitting", 3)
    store.set_setting("theme", "textual-light")
    store.record_puzzle_attempt("forced-01", "forced? no", correct=False, seconds=4.5)
    store.record_puzzle_attempt("forced-01", "forced? yes", correct=True, seconds=2.25)
    store.record_puzzle_attempt("forced-01", "24/18 13/10", correct=True, seconds=7.0)
    store.record_puzzle_attempt("bearoff-02", "6/2 5/1", correct=False, seconds=12.5)
    store.record_puzzle_attempt("bearoff-02", "after the solution: 6/off", correct=True, seconds=30.75)

``tests/data/progress-v2.sqlite3`` was written by the version-2 store (``trainer/store/`` as of commit bfd5096, the
release before migration 4) from a scratch script that did, in order::

    store.complete_step("board", 0, first_try=True)
    store.complete_step("board", 1, first_try=True)
    store.complete_step("board", 2, first_try=False)
    store.set_resume_step("board", 3)
    store.complete_step("moving", 1, first_try=False)
    store.set_resume_step("moving", 2)
    store.set_setting("theme", "textual-light")
    store.record_puzzle_attempt("forced-0001", "no", correct=False, seconds=3.5, question="forced")
    store.record_puzzle_attempt("forced-0001", "yes", correct=True, seconds=1.25, question="forced")
    store.record_puzzle_attempt("forced-0001", "bar/21 4/2", correct=True, seconds=6.0)
    store.record_puzzle_attempt("bearoff-0002", "6/2 5/1", correct=False, seconds=11.5)
    store.record_puzzle_attempt("bearoff-0002", "6/off", correct=True, seconds=20.75, revealed=True)
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from trainer.store import DATABASE_NAME, LessonProgress, ProgressStore, migrations
from trainer.store.migrations import LATEST_VERSION, MIGRATIONS, Migration

VERSION_1_FILE = Path(__file__).parent / "data" / "progress-v1.sqlite3"
VERSION_2_FILE = Path(__file__).parent / "data" / "progress-v2.sqlite3"
PRACTICE_TABLES = {"rating_history", "puzzle_rating", "review_card", "review_log", "drill_run"}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def copy_version_1(folder: Path) -> Path:
    path = folder / DATABASE_NAME
    shutil.copyfile(VERSION_1_FILE, path)
    return path


def layout(path: Path) -> dict[str, list[tuple[str, str, int]]]:
    """Each table's columns (name, type, not null) in a database file."""
    connection = sqlite3.connect(path)
    try:
        tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            table: [(info[1], info[2], info[3]) for info in connection.execute(f"PRAGMA table_info({table})")]
            for table in tables
        }
    finally:
        connection.close()


def header(path: Path) -> tuple[int, int]:
    """``(application_id, user_version)`` of a database file."""
    connection = sqlite3.connect(path)
    try:
        return (
            connection.execute("PRAGMA application_id").fetchone()[0],
            connection.execute("PRAGMA user_version").fetchone()[0],
        )
    finally:
        connection.close()


def dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def test_a_version_1_file_is_migrated_in_place_and_keeps_every_record(data_dir: Path) -> None:
    path = copy_version_1(data_dir)
    assert header(path) == (0, 0)
    store = ProgressStore(data_dir)
    assert store.notice is None
    assert store.persistent
    assert sorted(p.name for p in data_dir.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [DATABASE_NAME]
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION)
    for _ in range(2):  # as migrated, then as read back from the file
        assert store.lessons.lesson_progress("board") == LessonProgress(
            completed={0, 1, 3}, first_try={0, 3}, resume_step=4
        )
        assert store.lessons.lesson_progress("hitting") == LessonProgress(completed={2}, first_try={2}, resume_step=3)
        assert store.settings.setting("theme") == "textual-light"
        forced = store.puzzles.puzzle_history("forced-01")
        assert [(a.question, a.answer, a.correct, a.seconds, a.revealed) for a in forced] == [
            ("forced", "no", False, 4.5, False),
            ("forced", "yes", True, 2.25, False),
            ("play", "24/18 13/10", True, 7.0, False),
        ]
        bearoff = store.puzzles.puzzle_history("bearoff-02")
        assert [(a.question, a.answer, a.correct, a.seconds, a.revealed) for a in bearoff] == [
            ("play", "6/2 5/1", False, 12.5, False),
            ("play", "6/off", True, 30.75, True),
        ]
        assert all(a.attempted_at > 1.7e9 for a in forced + bearoff)
        assert store.puzzles.puzzle_attempts("forced-01")[0] == ("no", False, 4.5)
        # Only the play of forced-01 was found before the solution was shown.
        assert store.puzzles.solved_puzzles() == {"forced-01"}
        store.close()
        store = ProgressStore(data_dir)
        assert store.notice is None
    store.puzzles.record_puzzle_attempt("bearoff-02", "6/off", correct=True, seconds=3.0)
    store.close()
    store = ProgressStore(data_dir)
    assert store.puzzles.solved_puzzles() == {"forced-01", "bearoff-02"}
    assert len(store.puzzles.puzzle_history("bearoff-02")) == 3
    store.close()


def test_a_fresh_file_and_a_migrated_version_1_file_have_the_same_layout(tmp_path: Path) -> None:
    versions = [migration.version for migration in MIGRATIONS]
    assert versions == list(range(1, LATEST_VERSION + 1))  # numbered 1, 2, 3... in order, none skipped
    ProgressStore(tmp_path / "fresh").close()
    (tmp_path / "old").mkdir()
    ProgressStore(copy_version_1(tmp_path / "old").parent).close()
    fresh, migrated = tmp_path / "fresh" / DATABASE_NAME, tmp_path / "old" / DATABASE_NAME
    assert header(fresh) == header(migrated) == (migrations.APPLICATION_ID, LATEST_VERSION)
    assert layout(fresh) == layout(migrated)
    assert [column for column, _, _ in layout(fresh)["puzzle_attempt"]][-2:] == ["question", "revealed"]


def failing_second_migration(connection: sqlite3.Connection) -> None:
    """A migration that trips over the learner's rows (an empty database goes through)."""
    connection.execute("ALTER TABLE puzzle_attempt ADD COLUMN question TEXT NOT NULL DEFAULT 'play'")
    if connection.execute("UPDATE puzzle_attempt SET answer = 'overwritten'").rowcount:
        raise RuntimeError("disk on fire")


def test_a_failed_migration_rolls_back_every_migration_of_its_transaction(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_version_1(data_dir)
    before = dump(path)
    monkeypatch.setattr(migrations, "MIGRATIONS", (MIGRATIONS[0], Migration(2, "breaks", failing_second_migration)))
    connection = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(migrations.MigrationError, match=r"migration 2 \(breaks\) failed: disk on fire"):
        migrations.upgrade(connection)
    assert not connection.in_transaction
    connection.close()
    # Migration 1 ran in the same transaction, and was undone with it.
    assert header(path) == (0, 0)
    assert dump(path) == before


def test_a_store_whose_migration_fails_leaves_the_file_as_it_was_and_keeps_the_session_going(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_version_1(data_dir)
    original = path.read_bytes()
    monkeypatch.setattr(migrations, "MIGRATIONS", (MIGRATIONS[0], Migration(2, "breaks", failing_second_migration)))
    store = ProgressStore(data_dir)
    assert not store.persistent
    assert store.notice is not None and "disk on fire" in store.notice and "left as it was" in store.notice
    store.lessons.complete_step("board", 5, first_try=True)
    assert store.lessons.lesson_progress("board").completed == {5}
    store.close()
    assert path.read_bytes() == original
    assert [p.name for p in data_dir.iterdir()] == [DATABASE_NAME]


def test_a_file_from_a_newer_bgtrainer_is_read_but_never_changed(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    store.lessons.complete_step("board", 2, first_try=True)
    store.lessons.set_resume_step("board", 3)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=2.0)
    store.settings.set_setting("theme", "textual-light")
    store.close()
    path = data_dir / DATABASE_NAME
    connection = sqlite3.connect(path, isolation_level=None)
    # What a later release might do: a new table, a new column, and its own version number.
    connection.execute("CREATE TABLE future_record (id INTEGER PRIMARY KEY, moves TEXT NOT NULL)")
    connection.execute("ALTER TABLE puzzle_attempt ADD COLUMN hint_used INTEGER NOT NULL DEFAULT 0")
    connection.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    connection.close()
    original = path.read_bytes()

    store = ProgressStore(data_dir)
    assert not store.persistent
    assert store.notice is not None and "newer bgtrainer" in store.notice
    assert store.lessons.lesson_progress("board") == LessonProgress(completed={2}, first_try={2}, resume_step=3)
    assert store.puzzles.puzzle_attempts("p") == [("24/18", True, 2.0)]
    assert store.settings.setting("theme") == "textual-light"
    store.lessons.complete_step("board", 4, first_try=False)
    assert store.lessons.lesson_progress("board").completed == {2, 4}
    store.close()
    assert path.read_bytes() == original
    assert [p.name for p in data_dir.iterdir()] == [DATABASE_NAME]


# --- version 2 to the practice tables (migration 4) ----------------------------------------------------------


def copy_version_2(folder: Path) -> Path:
    path = folder / DATABASE_NAME
    shutil.copyfile(VERSION_2_FILE, path)
    return path


def rows(path: Path, table: str, columns: int | None = None) -> list[tuple[object, ...]]:
    """Every row of ``table`` (only its first ``columns`` columns: those of an older layout, later ones added)."""
    connection = sqlite3.connect(path)
    try:
        found = connection.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    finally:
        connection.close()
    return found if columns is None else [row[:columns] for row in found]


def test_a_version_2_file_gains_the_practice_tables_in_place_and_keeps_every_record(data_dir: Path) -> None:
    path = copy_version_2(data_dir)
    assert header(path) == (migrations.APPLICATION_ID, 2)
    before = {table: rows(path, table) for table in ("meta", "lesson_step", "lesson_position", "puzzle_attempt")}
    assert len(before["puzzle_attempt"]) == 5 and len(before["lesson_step"]) == 4
    store = ProgressStore(data_dir)
    assert store.notice is None
    assert store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION)
    assert set(layout(path)) >= PRACTICE_TABLES
    # Every row of the old tables is still there, unchanged.
    for table, old_rows in before.items():
        assert rows(path, table) == old_rows, table
    for _ in range(2):  # as migrated, then as read back from the file
        assert store.lessons.lesson_progress("board") == LessonProgress(
            completed={0, 1, 2}, first_try={0, 1}, resume_step=3
        )
        assert store.lessons.lesson_progress("moving") == LessonProgress(completed={1}, first_try=set(), resume_step=2)
        assert store.lessons.resume_steps() == {"board": 3, "moving": 2}
        assert [(s.lesson_id, s.step, s.first_try) for s in store.lessons.lesson_steps()] == [
            ("board", 0, True),
            ("board", 1, True),
            ("board", 2, False),
            ("moving", 1, False),
        ]
        assert store.settings.setting("theme") == "textual-light"
        attempts = store.puzzles.all_puzzle_attempts()
        assert [(a.puzzle_id, a.question, a.answer, a.correct, a.seconds, a.revealed) for a in attempts] == [
            ("forced-0001", "forced", "no", False, 3.5, False),
            ("forced-0001", "forced", "yes", True, 1.25, False),
            ("forced-0001", "play", "bar/21 4/2", True, 6.0, False),
            ("bearoff-0002", "play", "6/2 5/1", False, 11.5, False),
            ("bearoff-0002", "play", "6/off", True, 20.75, True),
        ]
        assert store.puzzles.solved_puzzles() == {"forced-0001"}
        # The new records start empty.
        assert (
            store.ratings.learner_rating() is None
            and store.ratings.rating_history() == []
            and store.ratings.puzzle_ratings() == {}
        )
        assert store.reviews.review_cards() == [] and store.reviews.review_log() == []
        assert store.drills.drill_runs() == [] and store.drills.drill_best("streak") == 0
        store.close()
        store = ProgressStore(data_dir)
        assert store.notice is None
    # The new tables take records, and they are kept.
    store.ratings.record_rating((1550.0, 300.0, 0.06), puzzle_id="forced-0001", puzzle=(1450.0, 240.0, 0.06), score=1.0)
    store.drills.record_drill_run("storm", 17, mistakes=2, seconds=180.0)
    store.close()
    store = ProgressStore(data_dir)
    assert store.ratings.learner_rating() is not None and store.ratings.puzzle_rating("forced-0001") is not None
    assert store.drills.drill_best("storm") == 17
    assert len(store.puzzles.all_puzzle_attempts()) == 5


# ``tests/data/progress-v2-games.sqlite3`` was written by the version-2 store (``trainer/store`` as of commit bfd5096,
# before migration 3), from a scratch script that did, in order:
#
#     store.complete_step("board", 0, first_try=True)
#     store.complete_step("board", 2, first_try=False)
#     store.set_resume_step("board", 3)
#     store.set_setting("theme", "textual-light")
#     store.record_puzzle_attempt("forced-s1-0001", "yes", correct=True, seconds=3.5, question="forced")
#     store.record_puzzle_attempt("forced-s1-0001", "24/18 13/10", correct=False, seconds=8.25)
#     store.record_puzzle_attempt("bearoff-s1-0002", "6/off", correct=True, seconds=12.0, revealed=True)
VERSION_2_GAMES_FILE = Path(__file__).parent / "data" / "progress-v2-games.sqlite3"


def test_a_version_2_file_gains_the_games_table_and_keeps_every_record(data_dir: Path) -> None:
    path = data_dir / DATABASE_NAME
    shutil.copyfile(VERSION_2_GAMES_FILE, path)
    assert header(path) == (migrations.APPLICATION_ID, 2)
    assert "game" not in layout(path)
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION) and LATEST_VERSION >= 3
    assert [name for name, _, _ in layout(path)["game"]][:2] == ["id", "record"]
    for _ in range(2):  # as migrated, then as read back from the file
        assert store.lessons.lesson_progress("board") == LessonProgress(completed={0, 2}, first_try={0}, resume_step=3)
        assert store.settings.setting("theme") == "textual-light"
        forced = store.puzzles.puzzle_history("forced-s1-0001")
        assert [(a.question, a.answer, a.correct, a.seconds) for a in forced] == [
            ("forced", "yes", True, 3.5),
            ("play", "24/18 13/10", False, 8.25),
        ]
        assert [(a.answer, a.revealed) for a in store.puzzles.puzzle_history("bearoff-s1-0002")] == [("6/off", True)]
        assert store.games.games() == []
        store.close()
        store = ProgressStore(data_dir)
    store.games.save_game("abc123", '{"record": 1}', match_length=3, level="strong", learner_score=1, version=1)
    store.close()
    store = ProgressStore(data_dir)
    (game,) = store.games.unfinished_games()
    assert (game.id, game.record, game.kind, game.level, game.learner_score) == (
        "abc123",
        '{"record": 1}',
        "3-point match",
        "strong",
        1,
    )
    store.close()


@pytest.mark.parametrize(
    "older", ["progress-v2.sqlite3", "progress-v5.sqlite3", "progress-v6.sqlite3", "progress-v7.sqlite3"]
)
def test_a_fresh_file_and_a_migrated_older_file_have_the_same_layout(tmp_path: Path, older: str) -> None:
    ProgressStore(tmp_path / "fresh").close()
    (tmp_path / "old").mkdir()
    shutil.copyfile(Path(__file__).parent / "data" / older, tmp_path / "old" / DATABASE_NAME)
    ProgressStore(tmp_path / "old").close()
    fresh, migrated = tmp_path / "fresh" / DATABASE_NAME, tmp_path / "old" / DATABASE_NAME
    assert header(fresh) == header(migrated) == (migrations.APPLICATION_ID, LATEST_VERSION)
    assert layout(fresh) == layout(migrated)


def test_a_failed_migration_4_leaves_a_version_2_file_as_it_was(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_version_2(data_dir)
    original = path.read_bytes()

    (fourth,) = [migration for migration in MIGRATIONS if migration.version == 4]

    def breaks(connection: sqlite3.Connection) -> None:
        """Migration 4, then a failure on the learner's rows (an empty database goes through)."""
        fourth.apply(connection)
        if connection.execute("SELECT count(*) FROM puzzle_attempt").fetchone()[0]:
            raise RuntimeError("disk on fire")

    broken = tuple(Migration(4, "breaks", breaks) if migration is fourth else migration for migration in MIGRATIONS)
    monkeypatch.setattr(migrations, "MIGRATIONS", broken)
    store = ProgressStore(data_dir)
    assert not store.persistent
    assert store.notice is not None and "disk on fire" in store.notice
    assert "migration 4" in store.notice  # after 3 had run: it is undone with the rest
    store.drills.record_drill_run("streak", 4)  # the session goes on, in memory
    assert store.drills.drill_best("streak") == 4
    store.close()
    assert path.read_bytes() == original


# --- migration 5: lessons finished in an earlier edition ----------------------------------------------------------

# ``tests/data/progress-v1-finished-lesson.sqlite3`` was written by the version-1 store (``trainer/store.py`` as of
# commit 01fa619, bgtrainer 0.1) from a scratch script that finished that release's lesson "winning" (every graded
# step: 1, 3, 5, 6, 7, 9 and 10, five of them right at the first try, then resume step 0) and started "the-bar"
# (steps 1, 3 and 4 done, resume step 5).
FINISHED_LESSON_FILE = Path(__file__).parent / "data" / "progress-v1-finished-lesson.sqlite3"


def test_a_lesson_finished_in_the_first_edition_is_recorded_as_finished(data_dir: Path) -> None:
    path = data_dir / DATABASE_NAME
    shutil.copyfile(FINISHED_LESSON_FILE, path)
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    finished = store.lessons.finished_lessons()
    assert list(finished) == ["winning"]  # "the-bar" was only started
    (winning,) = finished["winning"]
    assert (winning.edition, winning.graded, winning.first_try, winning.stars) == (1, 7, 5, 2)
    # The first edition's own rows stay as they were, under the plain ids.
    assert store.lessons.lesson_progress("the-bar") == LessonProgress(
        completed={1, 3, 4}, first_try={1, 3, 4}, resume_step=5
    )
    store.close()
    store = ProgressStore(data_dir)
    assert store.lessons.finished_lessons()["winning"] == [winning]  # kept in the file
    store.close()


def test_migration_5_finds_nothing_finished_in_a_file_without_lessons(data_dir: Path) -> None:
    store = ProgressStore(data_dir)
    assert store.lessons.finished_lessons() == {}
    store.lessons.record_lesson_finished("hitting", 2, graded=10, first_try=9, at=100.0)
    store.lessons.record_lesson_finished(
        "hitting", 2, graded=10, first_try=4, at=200.0
    )  # the best first tries are kept
    (record,) = store.lessons.finished_lessons()["hitting"]
    assert (record.edition, record.first_try, record.stars) == (2, 9, 3)
    store.close()


# --- migration 6: numbered saves of games, and every local game kept -----------------------------------------------

# ``tests/data/progress-v5.sqlite3`` was written by the layout-5 store (``trainer/store/`` as of commit b49e535) from a
# scratch script that did, in order:
#
#     store.complete_step("board", 0, first_try=True, at=1_700_000_000.0)
#     store.complete_step("board", 1, first_try=False, at=1_700_000_060.0)
#     store.set_resume_step("board", 2)
#     store.record_lesson_finished("hitting", 2, graded=10, first_try=8, at=1_700_000_100.0)
#     store.set_setting("theme", "textual-light")
#     store.record_puzzle_attempt("forced-0001", "24/18 13/10", correct=True, seconds=6.5)
#     store.record_puzzle_attempt("bearoff-0002", "6/off", correct=False, seconds=12.25)
#     store.record_rating((1550.0, 300.0, 0.06), puzzle_id="forced-0001", puzzle=(1450.0, 240.0, 0.06), score=1.0)
#     store.save_review_card(after_miss(None, "puzzle:bearoff-0002", 1_700_000_200.0), correct=False,
#                            at=1_700_000_200.0)
#     store.record_drill_run("streak", 7, mistakes=1, seconds=95.0)
#     session = Session.new(3, "beginner", seed=11, evaluator=CheapEvaluator(), tutor=False)
#     for each of 12 steps: the computer's turn, a roll or the first legal play, then
#         store.save_game(**asdict(session.save_info()))
#     store.set_setting("play:local", LocalGame.new("acey-deucey", "two", 0, seed=5).record.to_json())
VERSION_5_FILE = Path(__file__).parent / "data" / "progress-v5.sqlite3"
VERSION_5_TABLES = (
    "lesson_step",
    "lesson_position",
    "lesson_finished",
    "puzzle_attempt",
    "rating_history",
    "puzzle_rating",
    "review_card",
    "review_log",
    "drill_run",
)
LOCAL_ID = "91f6c7724671"


def copy_version_5(folder: Path) -> Path:
    path = folder / DATABASE_NAME
    shutil.copyfile(VERSION_5_FILE, path)
    return path


def set_local_setting(path: Path, value: str, *others: tuple[str, str]) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("UPDATE meta SET value = ? WHERE key = 'setting:play:local'", (value,))
    connection.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", others)
    connection.close()


def test_a_version_5_file_numbers_its_games_saves_and_moves_its_local_game_keeping_every_record(
    data_dir: Path,
) -> None:
    from trainer.play import LocalGame

    path = copy_version_5(data_dir)
    assert header(path) == (migrations.APPLICATION_ID, 5)
    before = {table: rows(path, table) for table in (*VERSION_5_TABLES, "game", "meta")}
    assert all(before[table] for table in before), "the file has rows of every kind"
    local_record = dict(before["meta"])["setting:play:local"]
    assert json.loads(local_record)["id"] == LOCAL_ID
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION) and LATEST_VERSION >= 6
    for table in VERSION_5_TABLES:
        assert rows(path, table, len(before[table][0])) == before[table], table
    # Every game keeps its row, its saves so far counted as one.
    assert [row[:-1] for row in rows(path, "game")] == before["game"]
    assert [row[-1] for row in rows(path, "game")] == [1]
    # The local game moved from the settings to a table of its own; the other settings stay.
    assert rows(path, "meta") == [row for row in before["meta"] if row[0] != "setting:play:local"]
    last_activity = max(row[8] for row in before["game"])  # the game was saved last, just before the local game
    assert rows(path, "local_game") == [(LOCAL_ID, local_record, last_activity, last_activity, None, 1)]
    assert [name for name, _, _ in layout(path)["game"]][-1] == "version"
    for _ in range(2):  # as migrated, then as read back from the file
        assert store.settings.setting("play:local") is None and store.settings.setting("theme") == "textual-light"
        (local,) = store.local_games.unfinished_local_games()
        assert (local.id, local.record, local.version, local.finished) == (LOCAL_ID, local_record, 1, False)
        assert LocalGame.resume(local.record).id == LOCAL_ID
        (game,) = store.games.unfinished_games()
        assert (game.match_length, game.level, game.version) == (3, "beginner", 1)
        assert store.lessons.lesson_progress("board") == LessonProgress(completed={0, 1}, first_try={0}, resume_step=2)
        assert list(store.lessons.finished_lessons()) == ["hitting"]
        assert [(a.puzzle_id, a.correct) for a in store.puzzles.all_puzzle_attempts()] == [
            ("forced-0001", True),
            ("bearoff-0002", False),
        ]
        assert store.ratings.learner_rating() is not None and store.ratings.puzzle_rating("forced-0001") is not None
        assert [card.item_id for card in store.reviews.review_cards()] == ["puzzle:bearoff-0002"]
        assert store.drills.drill_best("streak") == 7
        store.close()
        store = ProgressStore(data_dir)
        assert store.notice is None
    # Both go on, as the next save of each (the in-memory copy and the file agree on the migrated rows).
    store.local_games.save_local_game(LOCAL_ID, local_record, version=2)
    store.games.save_game(game.id, game.record, match_length=3, level="beginner", version=2)
    store.close()
    store = ProgressStore(data_dir)
    assert [local.version for local in store.local_games.unfinished_local_games()] == [2]
    assert [game.version for game in store.games.games()] == [2]
    store.close()


@pytest.mark.parametrize(
    "damaged", ['{"format": "bgtrainer-local"', '{"id": "has spaces"}', '["id"]', '{"id": 12}', "{" * 100_000]
)
def test_a_local_game_setting_that_is_no_record_with_an_id_is_kept_aside(data_dir: Path, damaged: str) -> None:
    path = copy_version_5(data_dir)
    set_local_setting(path, damaged, ("setting:play:local:damaged-1", "kept before"))
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert store.local_games.unfinished_local_games() == []
    assert store.settings.setting("play:local:damaged-1") == "kept before"
    assert store.settings.setting("play:local:damaged-2") == damaged
    assert not store.settings.setting("play:local")
    store.close()


def test_an_empty_local_game_setting_moves_nothing(data_dir: Path) -> None:
    path = copy_version_5(data_dir)
    set_local_setting(path, "")
    store = ProgressStore(data_dir)
    assert store.notice is None and store.local_games.unfinished_local_games() == []
    assert [key for key, _ in rows(path, "meta") if "damaged" in key] == []
    store.close()


# --- migration 7: the learner's rating per kind, and the bests per drill --------------------------------------------

# ``tests/data/progress-v6.sqlite3`` was written by the layout-6 store (``trainer/store/`` as of commit d44a250): the
# version-5 file above opened by that store (so migrated to layout 6 by it), then, by the same store:
#
#     store.record_puzzle_attempt("best-0001", "13/8 6/5", correct=False, seconds=21.0, at=1_700_000_300.0)
#     store.record_rating((1520.0, 290.0, 0.06), puzzle_id="best-0001", puzzle=(1530.0, 240.0, 0.06), score=0.0,
#                         at=1_700_000_300.0)
#     store.record_drill_run("storm", 12, mistakes=3, seconds=180.0, at=1_700_000_400.0)
VERSION_6_FILE = Path(__file__).parent / "data" / "progress-v6.sqlite3"


def test_a_version_6_file_keeps_its_single_rating_as_the_rules_one_and_its_runs_as_the_recognition_drills(
    data_dir: Path,
) -> None:
    path = data_dir / DATABASE_NAME
    shutil.copyfile(VERSION_6_FILE, path)
    assert header(path) == (migrations.APPLICATION_ID, 6)
    tables = (*VERSION_5_TABLES, "game", "local_game", "meta")
    before = {table: rows(path, table) for table in tables}
    assert len(before["rating_history"]) == 2 and len(before["drill_run"]) == 2
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION) and LATEST_VERSION >= 7
    for table in tables:
        assert rows(path, table, len(before[table][0]) if before[table] else None) == before[table], table
    assert [record.kind for record in store.ratings.rating_history()] == ["rules", "rules"]
    latest = store.ratings.learner_rating("rules")
    assert latest is not None and (latest.rating, latest.puzzle_id) == (1520.0, "best-0001")
    assert store.ratings.learner_rating("best") is None and store.ratings.learner_rating("cube") is None
    assert [(run.mode, run.score, run.drill) for run in store.drills.drill_runs()] == [
        ("streak", 7, "recognition"),
        ("storm", 12, "recognition"),
    ]
    assert (store.drills.drill_best("storm"), store.drills.drill_best("storm", "best")) == (12, 0)
    assert store.personal.personal_puzzles() == []  # a table of its own, empty until a game's mistakes are drilled
    assert store.personal.add_personal_puzzles([("mine-1", "{}", "game 1"), ("mine-1", "{}", "again")], at=5.0) == [
        "mine-1"
    ]
    assert store.personal.add_personal_puzzles([("mine-1", "{}", "game 1")]) == []
    assert [(p.id, p.source, p.created_at) for p in store.personal.personal_puzzles()] == [("mine-1", "game 1", 5.0)]
    # The kinds apart from now on.
    store.ratings.record_rating((1480.0, 300.0, 0.06), puzzle_id="best-0002", puzzle=(1560.0, 240.0, 0.06), kind="best")
    store.drills.record_drill_run("streak", 3, drill="best")
    latest_best = store.ratings.learner_rating("best")
    assert latest_best is not None and latest_best.rating == 1480.0
    assert store.ratings.learner_rating("rules") == latest
    assert (store.drills.drill_best("streak"), store.drills.drill_best("streak", "best")) == (7, 3)
    with pytest.raises(ValueError, match="unknown kind of rating 'chess'"):
        store.ratings.record_rating((1500.0, 350.0, 0.06), kind="chess")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown drill 'race'"):
        store.drills.record_drill_run("storm", 1, drill="race")  # type: ignore[arg-type]
    store.close()


# --- migration 8: the knowledge drills' answers ---------------------------------------------------------------------

# ``tests/data/progress-v7.sqlite3`` was written by the layout-7 store (``trainer/store/`` as of commit 02daedd) on a
# fresh data folder:
#
#     store.lessons.complete_step("board", 0, first_try=True)
#     store.puzzles.record_puzzle_attempt("shots-0001", "11", correct=True, seconds=4.5, at=1_700_000_000.0)
#     store.puzzles.record_puzzle_attempt("pips-0001", "160", correct=False, seconds=9.25, at=1_700_000_100.0)
#     store.drills.record_drill_run("streak", 4, mistakes=1, seconds=60.0, at=1_700_000_200.0, drill="best")
VERSION_7_FILE = Path(__file__).parent / "data" / "progress-v7.sqlite3"


def test_a_version_7_file_gains_the_knowledge_answers_and_keeps_every_record(data_dir: Path) -> None:
    path = data_dir / DATABASE_NAME
    shutil.copyfile(VERSION_7_FILE, path)
    assert header(path) == (migrations.APPLICATION_ID, 7)
    tables = (*VERSION_5_TABLES, "personal_puzzle", "game", "local_game", "meta")
    before = {table: rows(path, table) for table in tables}
    assert len(before["puzzle_attempt"]) == 2 and len(before["drill_run"]) == 1
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION) and LATEST_VERSION >= 8
    for table in tables:
        assert rows(path, table) == before[table], table
    assert [(a.puzzle_id, a.correct, a.seconds) for a in store.puzzles.all_puzzle_attempts()] == [
        ("shots-0001", True, 4.5),
        ("pips-0001", False, 9.25),
    ]
    assert store.knowledge.knowledge_answers() == []
    store.knowledge.record_knowledge_answer("met", "3-5", "65", correct=True, seconds=3.5, at=1_700_000_300.0)
    store.knowledge.record_knowledge_answer("keith", "cube-race-0001", "72 double-take", correct=False, seconds=20.0)
    with pytest.raises(ValueError, match="unknown drill 'race'"):
        store.knowledge.record_knowledge_answer("race", "1", "1", correct=True, seconds=1.0)  # type: ignore[arg-type]
    store.close()
    reopened = ProgressStore(data_dir)
    try:
        answers = reopened.knowledge.knowledge_answers()
        assert [(a.drill, a.question, a.answer, a.correct) for a in answers] == [
            ("met", "3-5", "65", True),
            ("keith", "cube-race-0001", "72 double-take", False),
        ]
        assert answers[0].seconds == 3.5 and answers[0].answered_at == 1_700_000_300.0
        assert [a.question for a in reopened.knowledge.knowledge_answers("keith")] == ["cube-race-0001"]
        assert reopened.knowledge.answer_days(0.0) >= {1_700_000_300 // 86_400}
    finally:
        reopened.close()


# --- migration 9: the equity lost per theme of the games reviewed ---------------------------------------------------

# ``tests/data/progress-v8.sqlite3`` was written by the layout-8 store (``trainer/store/`` as of commit ffb7dd0): a
# layout-7 file (the version-6 file above opened by the layout-7 store, then given, by that store:
#
#     store.ratings.record_rating((1480.0, 300.0, 0.06), puzzle_id="best-0002", puzzle=(1560.0, 240.0, 0.06),
#                                 kind="best", at=1_700_000_500.0)
#     store.drills.record_drill_run("streak", 3, drill="best", at=1_700_000_600.0)
#     store.personal.add_personal_puzzles([("mine-0123456789ab", '{"kind": "best"}', "game 1, move 4")],
#                                         at=1_700_000_700.0)
#
# ) opened by the layout-8 store (so migrated to layout 8 by it), then, by the same store:
#
#     store.knowledge.record_knowledge_answer("met", "3-5", "65", correct=True, seconds=3.5, at=1_700_000_800.0)
VERSION_8_FILE = Path(__file__).parent / "data" / "progress-v8.sqlite3"


def test_a_version_8_file_gains_the_theme_losses_and_keeps_every_record(data_dir: Path) -> None:
    path = data_dir / DATABASE_NAME
    shutil.copyfile(VERSION_8_FILE, path)
    assert header(path) == (migrations.APPLICATION_ID, 8)
    tables = (*VERSION_5_TABLES, "game", "local_game", "meta", "personal_puzzle", "knowledge_answer")
    before = {table: rows(path, table) for table in tables}
    assert len(before["rating_history"]) == 3 and len(before["personal_puzzle"]) == 1
    assert len(before["knowledge_answer"]) == 1
    store = ProgressStore(data_dir)
    assert store.notice is None and store.persistent
    assert header(path) == (migrations.APPLICATION_ID, LATEST_VERSION) and LATEST_VERSION >= 9
    for table in tables:
        assert rows(path, table) == before[table], table
    assert [record.kind for record in store.ratings.rating_history()] == ["rules", "rules", "best"]
    assert store.themes.theme_loss_totals() == []  # a table of its own, empty until a game is reviewed
    store.themes.save_theme_losses("game:a", [("timing", 0.25, 4), ("racing", 0.0, 6)], at=5.0)
    store.themes.save_theme_losses("game:b", [("timing", 0.5, 2)], at=6.0)
    store.themes.save_theme_losses("game:a", [("timing", 0.125, 3)], at=7.0)  # reviewed again: replaced
    totals = [(total.theme, total.loss, total.decisions) for total in store.themes.theme_loss_totals()]
    assert totals == [("timing", 0.625, 5)]
    with pytest.raises(ValueError, match="never negative"):
        store.themes.save_theme_losses("game:c", [("racing", -0.1, 1)])
    store.close()
    reopened = ProgressStore(data_dir)
    assert [(total.theme, total.decisions) for total in reopened.themes.theme_loss_totals()] == [("timing", 5)]
    reopened.close()
