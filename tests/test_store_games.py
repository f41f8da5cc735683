"""Saved games against the computer: an unfinished one resumes, finished ones are listed, numbers stay put."""

from __future__ import annotations

import math
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_store import SHORT_WAIT, Locker, lock_database

from trainer.store import DATABASE_NAME, GameChangedError, ProgressStore

__all__ = ["lock_database"]  # a fixture of test_store's, used here


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "data")


def clock_past(moment: float) -> None:
    """Wait until the clock has moved past ``moment`` (so that the next save is later), however coarse it is."""
    deadline = time.monotonic() + 5
    while time.time() <= moment:
        assert time.monotonic() < deadline, "the clock did not move"
        time.sleep(0.001)


def reopen(store: ProgressStore) -> ProgressStore:
    store.close()
    return ProgressStore(store.data_dir)


def test_a_saved_game_persists_and_each_save_replaces_the_last(store: ProgressStore) -> None:
    store.games.save_game("g1", "first", match_length=5, level="intermediate", version=1)
    started = store.games.games()[0].started_at
    clock_past(started)
    store.games.save_game(
        "g1", "second", match_length=5, level="intermediate", learner_score=2, computer_score=1, version=2
    )
    store = reopen(store)
    (game,) = store.games.games()
    assert (game.id, game.number, game.record, game.learner_score, game.computer_score) == ("g1", 1, "second", 2, 1)
    assert game.started_at == started and game.updated_at > started
    assert not game.finished and game.result is None and game.kind == "5-point match"
    assert store.games.unfinished_games() == [game] and store.games.finished_games() == []
    store.close()


def test_finished_games_are_listed_and_the_latest_unfinished_comes_first(store: ProgressStore) -> None:
    for name in ("a", "b", "c"):
        store.games.save_game(name, f"record {name}", match_length=0, level="beginner", version=1)
        clock_past(store.games.game(name).updated_at)  # type: ignore[union-attr]
    store.games.save_game(
        "b", "record b, over", match_length=0, level="beginner", finished=True, result="You won 1 point", version=2
    )
    store.games.mark_finished("a", "You lost 2 points")
    store = reopen(store)
    assert [game.id for game in store.games.games()] == ["a", "b", "c"]
    assert [game.number for game in store.games.games()] == [1, 2, 3]
    assert [game.id for game in store.games.unfinished_games()] == ["c"]
    assert [game.id for game in store.games.finished_games()] == ["a", "b"]
    assert store.games.game("b") is not None and store.games.game("b").result == "You won 1 point"  # type: ignore[union-attr]
    assert (
        store.games.game(3) == store.games.game("c") and store.games.game(4) is None and store.games.game("zz") is None
    )
    store.close()


def test_saving_a_finished_game_unfinished_again_reopens_it(store: ProgressStore) -> None:
    """A take-back of the last decision can undo the end of a game."""
    store.games.save_game("g", "over", match_length=1, level="strong", finished=True, result="won", version=1)
    finished_at = store.games.games()[0].finished_at
    store.games.save_game("g", "over again", match_length=1, level="strong", finished=True, result="won", version=2)
    assert store.games.games()[0].finished_at == finished_at
    store.games.save_game("g", "taken back", match_length=1, level="strong", version=3)
    assert store.games.unfinished_games()[0].record == "taken back"
    store.close()


def test_a_game_can_be_forgotten(store: ProgressStore) -> None:
    store.games.save_game("g", "x", match_length=0, level="beginner", version=1)
    store.games.delete_game("g")
    assert reopen(store).games.games() == []


def test_a_game_needs_an_id_and_a_record(store: ProgressStore) -> None:
    with pytest.raises(ValueError, match="id and its record"):
        store.games.save_game("", "x", match_length=0, level="beginner", version=1)
    store.close()


def test_a_session_saved_in_the_store_resumes_where_it_was(store: ProgressStore) -> None:
    from dataclasses import asdict

    from play_support import CheapEvaluator

    from trainer.play import Session, Waiting

    session = Session.new(3, "beginner", seed=9, evaluator=CheapEvaluator())
    for version in range(1, 13):
        if session.waiting_for is Waiting.COMPUTER:
            session.computer_turn()
        elif session.waiting_for is Waiting.ROLL:
            session.roll()
        elif session.waiting_for is Waiting.MOVE:
            session.play(session.legal_plays()[0])
        store.games.save_game(**asdict(session.save_info()), version=version)
    store = reopen(store)
    (saved,) = store.games.unfinished_games()
    assert saved.id == session.id and saved.kind == "3-point match" and saved.level == "beginner"
    assert saved.version == 12
    resumed = Session.resume(saved.record, evaluator=CheapEvaluator())
    assert resumed.record == session.record and resumed.board == session.board
    assert resumed.waiting_for is session.waiting_for
    store.close()


# --- two bgtrainers on one data folder: a save never replaces a newer one ------------------------------------------


Copy = Callable[..., ProgressStore]
"""Starts a bgtrainer on the test's data folder: its store."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def copy(folder: Path) -> Iterator[Copy]:
    """Start bgtrainers on one data folder (their stores closed when the test ends)."""
    stores: list[ProgressStore] = []

    def start(**options: Any) -> ProgressStore:
        stores.append(ProgressStore(folder, **options))
        return stores[-1]

    yield start
    for store in stores:
        store.close()


def save(store: ProgressStore, record: str, version: int, **info: Any) -> None:
    """Save number ``version`` of the 3-point match ``m``."""
    store.games.save_game("m", record, match_length=3, level="beginner", version=version, **info)


def in_the_file(folder: Path) -> tuple[str, int, bool]:
    """The record, version and finished mark of ``m`` in the progress file, read by a store of its own."""
    store = ProgressStore(folder)
    game = store.games.game("m")
    store.close()
    assert game is not None
    return game.record, game.version, game.finished


def test_a_stale_save_after_another_copys_newer_save_is_refused_and_leaves_it_intact(folder: Path, copy: Copy) -> None:
    first = copy()
    save(first, "open", 1)
    second = copy()  # a second bgtrainer starts: its copy holds the first save
    save(first, "open, roll", 2)
    save(first, "open, roll, play", 3, computer_score=1)
    with pytest.raises(GameChangedError, match="saved by another bgtrainer since you opened it") as caught:
        save(second, "open, roll (the second's)", 2)
    assert caught.value.change == "further" and "further on there" in str(caught.value)
    assert isinstance(caught.value, ValueError) and caught.value.game_id == "m"
    assert in_the_file(folder) == ("open, roll, play", 3, False)
    # The refused save brought the second's copy up to date: it resumes from the first's save, and goes on.
    stored = second.games.game("m")
    assert stored is not None and (stored.record, stored.version, stored.computer_score) == ("open, roll, play", 3, 1)
    save(second, "open, roll, play, roll", 4)
    with pytest.raises(GameChangedError, match="further on there"):
        save(first, "open, roll, play, double", 4)  # now the first is the stale one
    assert in_the_file(folder) == ("open, roll, play, roll", 4, False)


def test_a_stale_save_after_another_copy_finished_the_match_is_refused(folder: Path, copy: Copy) -> None:
    """The newcomer's case: B's Play menu still offered the match A had finished; resuming it and saving over it
    lost every game after the first."""
    first = copy()
    save(first, "game 1", 1, computer_score=1)
    second = copy()
    save(first, "games 1 to 3, over", 2, learner_score=3, computer_score=1, finished=True, result="You won 3-1")
    (stale,) = second.games.unfinished_games()  # what a list from the copy made at start still says
    assert (stale.version, stale.learner_score, stale.computer_score) == (1, 0, 1)
    with pytest.raises(GameChangedError, match="it is over there") as caught:
        save(second, "game 1, game 2 (the second's)", stale.version + 1)  # resumed from that list
    assert caught.value.change == "over"
    assert in_the_file(folder) == ("games 1 to 3, over", 2, True)
    assert second.games.unfinished_games(fresh=True) == []  # read afresh, the list no longer offers it
    finished = second.games.game("m", fresh=True)
    assert finished is not None and finished.finished and finished.result == "You won 3-1"


def test_a_take_back_saves_fewer_actions_as_the_next_version(folder: Path, copy: Copy) -> None:
    first = copy()
    save(first, "open roll play roll play", 1)
    second = copy()
    stored = second.games.game("m", fresh=True)
    assert stored is not None
    save(second, "open roll play", stored.version + 1)  # the second took the last play back
    assert in_the_file(folder) == ("open roll play", 2, False)
    fresh = first.games.game("m", fresh=True)
    assert fresh is not None and (fresh.record, fresh.version) == ("open roll play", 2)
    save(first, "open roll play roll", 3)
    assert in_the_file(folder) == ("open roll play roll", 3, False)


def test_the_copy_that_finished_a_game_may_take_its_last_decision_back(store: ProgressStore) -> None:
    """A pass that ended a money game, taken back: the copy that saw it finished goes on."""
    save(store, "passed", 1, finished=True, result="lost")
    save(store, "the double, not yet answered", 2)
    (game,) = store.games.unfinished_games(fresh=True)
    assert (game.record, game.version, game.finished) == ("the double, not yet answered", 2, False)
    store.close()


def test_a_game_deleted_by_another_copy_is_not_brought_back(copy: Copy) -> None:
    first = copy()
    save(first, "open", 1)
    second = copy()
    second.games.delete_game("m")
    with pytest.raises(GameChangedError, match="deleted by another bgtrainer") as caught:
        save(first, "open, roll", 2)
    assert caught.value.change == "gone" and first.games.games() == []


@pytest.mark.parametrize("version", [0, -1, True, 1.5, "2"])
def test_a_save_needs_a_version_from_1(store: ProgressStore, version: Any) -> None:
    with pytest.raises(ValueError, match="a save's version is a whole number from 1"):
        save(store, "open", version)
    with pytest.raises(GameChangedError):
        save(store, "open", 2)  # the second save of a game never saved
    save(store, "open", 1)
    with pytest.raises(GameChangedError, match="further on there"):
        save(store, "open again", 1)  # a first save over one made before
    assert store.games.games()[0].record == "open"
    store.close()


def test_a_save_that_meets_a_lock_and_then_another_copys_save_never_overwrites_it(
    folder: Path, copy: Copy, lock_database: list[Locker]
) -> None:
    """The write to the file is conditional on the save it follows: a save kept waiting by a lock, during which
    another bgtrainer saved the game, is not applied to the file when the lock goes; the next save says so."""
    first = copy()
    save(first, "open", 1)
    second = copy(busy_timeout=SHORT_WAIT)
    locker = Locker(folder / DATABASE_NAME)
    lock_database.append(locker)
    save(second, "open, roll (the second's)", 2)  # checked against the file, then kept waiting by the lock
    assert not second.persistent
    locker.release()
    save(first, "open, roll (the first's)", 2)
    second.lessons.complete_step("board", 1, first_try=True)  # the waiting save is committed now: it finds the first's
    assert second.persistent
    assert in_the_file(folder) == ("open, roll (the first's)", 2, False)
    with pytest.raises(GameChangedError, match="further on there"):
        save(second, "open, roll, play (the second's)", 3)
    assert in_the_file(folder) == ("open, roll (the first's)", 2, False)
    stored = second.games.game("m")
    assert stored is not None and stored.record == "open, roll (the first's)"


def test_a_save_checks_the_in_memory_copy_when_the_file_cannot_be_read(
    tmp_path: Path, lock_database: list[Locker]
) -> None:
    folder = tmp_path / "data"
    store = ProgressStore(folder, busy_timeout=SHORT_WAIT)
    save(store, "open", 1)
    locker = Locker(folder / DATABASE_NAME)
    lock_database.append(locker)
    save(store, "open, roll", 2)  # kept for later, checked against the copy
    with pytest.raises(GameChangedError):
        save(store, "open, roll, play", 2)
    save(store, "open, roll, play", 3)
    assert [game.record for game in store.games.games(fresh=True)] == ["open, roll, play"]
    locker.release()
    store.close()
    assert in_the_file(folder) == ("open, roll, play", 3, False)


# --- local games (acey-deucey, two players at one keyboard) ------------------------------------------------------


def test_every_unfinished_local_game_is_kept_the_one_saved_last_first(store: ProgressStore) -> None:
    for name in ("a", "b", "c"):
        store.local_games.save_local_game(
            name, f"record {name}", version=1
        )  # each save a commit later than the one before
    store.local_games.save_local_game("a", "record a, further", version=2)
    store.local_games.save_local_game("b", "record b, over", finished=True, version=2)
    store = reopen(store)
    assert [(game.id, game.record, game.version) for game in store.local_games.unfinished_local_games()] == [
        ("a", "record a, further", 2),
        ("c", "record c", 1),
    ]
    over = store.local_games.local_game("b")
    assert over is not None and over.finished and over.finished_at is not None and over.version == 2
    assert over.started_at <= over.updated_at
    assert store.local_games.local_game("zz") is None
    store.local_games.delete_local_game("c")
    store = reopen(store)
    assert [game.id for game in store.local_games.unfinished_local_games()] == ["a"]
    with pytest.raises(ValueError, match="id and its record"):
        store.local_games.save_local_game("d", "", version=1)
    store.close()


def test_a_stale_save_of_a_local_game_is_refused_and_a_fresh_read_shows_the_other_copys(copy: Copy) -> None:
    first = copy()
    first.local_games.save_local_game("l", "open", version=1)
    second = copy()
    first.local_games.save_local_game("l", "open, play, over", finished=True, version=2)
    assert [game.id for game in second.local_games.unfinished_local_games()] == ["l"]  # the copy made at start
    assert second.local_games.unfinished_local_games(fresh=True) == []
    with pytest.raises(GameChangedError, match="over there"):
        second.local_games.save_local_game("l", "open, play (the second's)", version=2)
    fresh = second.local_games.local_game("l", fresh=True)
    assert fresh is not None and (fresh.record, fresh.version, fresh.finished) == ("open, play, over", 2, True)


# --- damaged rows --------------------------------------------------------------------------------------------------


def three_games(folder: Path) -> None:
    store = ProgressStore(folder)
    for name in ("a", "b", "c"):
        store.games.save_game(name, f"record {name}", match_length=3, level="beginner", version=1)
        store.local_games.save_local_game(name, f"local {name}", version=1)
    store.close()


def damage(folder: Path, table: str, assignment: str, game_id: str = "b") -> None:
    connection = sqlite3.connect(folder / DATABASE_NAME, isolation_level=None)
    connection.execute(f"UPDATE {table} SET {assignment} WHERE id = ?", (game_id,))
    connection.close()


@pytest.mark.parametrize(
    "assignment",
    [
        "updated_at = 1e308",  # the Play menu's time overflowed
        "started_at = 1e308",  # game list listed nothing
        "started_at = -1e300",
        "finished_at = 9e999",  # infinity
        "started_at = -9e999",
        "updated_at = 253402300800",  # just after the year 9999
        "learner_score = -1",
        "computer_score = 4",  # beyond the 3-point match
        "match_length = 100000",
        "version = 0",
    ],
)
def test_a_game_whose_times_or_scores_cannot_be_is_skipped_and_said_once(tmp_path: Path, assignment: str) -> None:
    folder = tmp_path / "data"
    three_games(folder)
    damage(folder, "game", assignment)
    store = ProgressStore(folder)
    assert store.notice is None  # the row itself reads: it is found out when games are listed
    assert [(game.id, game.number) for game in store.games.games()] == [("a", 1), ("c", 2)]
    assert [game.id for game in store.games.unfinished_games(fresh=True)] == ["c", "a"]
    assert store.games.game("b") is None and store.games.game(2) is not None
    assert store.notice is not None and store.notice.count("1 damaged saved game in the progress file") == 1
    assert "the other games are listed as usual" in store.notice
    store.close()
    assert rows_of(folder, "game") == 3, "the damaged row is left in the file"


@pytest.mark.parametrize("assignment", ["updated_at = 1e308", "started_at = -1e300", "version = -5"])
def test_a_local_game_whose_times_cannot_be_is_skipped_and_said_once(tmp_path: Path, assignment: str) -> None:
    folder = tmp_path / "data"
    three_games(folder)
    damage(folder, "local_game", assignment)
    store = ProgressStore(folder)
    assert sorted(game.id for game in store.local_games.unfinished_local_games()) == ["a", "c"]
    assert store.local_games.local_game("b") is None and store.local_games.local_game("a", fresh=True) is not None
    assert sorted(game.id for game in store.local_games.unfinished_local_games(fresh=True)) == ["a", "c"]
    assert store.notice is not None and store.notice.count("damaged saved game") == 1
    store.close()


def test_text_in_a_time_column_is_skipped_as_a_damaged_record(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    three_games(folder)
    damage(folder, "game", "started_at = 'soon'")
    damage(folder, "local_game", "updated_at = x'00ff'", "c")
    store = ProgressStore(folder)
    assert store.notice is not None and "2 damaged records in the progress file were skipped" in store.notice
    assert [game.id for game in store.games.games(fresh=True)] == ["a", "c"]
    assert sorted(game.id for game in store.local_games.unfinished_local_games(fresh=True)) == ["a", "b"]
    assert store.notice.count("damaged record") == 1, "a fresh read says nothing new"
    store.close()


def test_sqlite_cannot_hold_a_time_that_is_not_a_number(tmp_path: Path) -> None:
    """NaN is stored as NULL: refused where a time is required, an unfinished game where it is optional."""
    folder = tmp_path / "data"
    three_games(folder)
    with pytest.raises(sqlite3.IntegrityError):
        damage_with(folder, "UPDATE game SET started_at = ? WHERE id = 'b'", math.nan)
    damage_with(folder, "UPDATE game SET finished_at = ? WHERE id = 'b'", math.nan)
    store = ProgressStore(folder)
    assert [game.id for game in store.games.unfinished_games()] == ["c", "b", "a"] and store.notice is None
    store.close()


def damage_with(folder: Path, sql: str, value: float) -> None:
    connection = sqlite3.connect(folder / DATABASE_NAME, isolation_level=None)
    try:
        connection.execute(sql, (value,))
    finally:
        connection.close()


def rows_of(folder: Path, table: str) -> int:
    connection = sqlite3.connect(folder / DATABASE_NAME)
    try:
        return int(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        connection.close()
