"""Saved games against the computer: an unfinished one resumes, finished ones are listed, numbers stay put."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from trainer.store import ProgressStore


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "data")


def reopen(store: ProgressStore) -> ProgressStore:
    store.close()
    return ProgressStore(store.data_dir)


def test_a_saved_game_persists_and_each_save_replaces_the_last(store: ProgressStore) -> None:
    store.save_game("g1", "first", match_length=5, level="intermediate")
    started = store.games()[0].started_at
    time.sleep(0.01)
    store.save_game("g1", "second", match_length=5, level="intermediate", learner_score=2, computer_score=1)
    store = reopen(store)
    (game,) = store.games()
    assert (game.id, game.number, game.record, game.learner_score, game.computer_score) == ("g1", 1, "second", 2, 1)
    assert game.started_at == started and game.updated_at > started
    assert not game.finished and game.result is None and game.kind == "5-point match"
    assert store.unfinished_games() == [game] and store.finished_games() == []
    store.close()


def test_finished_games_are_listed_and_the_latest_unfinished_comes_first(store: ProgressStore) -> None:
    for name in ("a", "b", "c"):
        store.save_game(name, f"record {name}", match_length=0, level="beginner")
        time.sleep(0.01)
    store.save_game("b", "record b, over", match_length=0, level="beginner", finished=True, result="You won 1 point")
    store.mark_finished("a", "You lost 2 points")
    store = reopen(store)
    assert [game.id for game in store.games()] == ["a", "b", "c"]
    assert [game.number for game in store.games()] == [1, 2, 3]
    assert [game.id for game in store.unfinished_games()] == ["c"]
    assert [game.id for game in store.finished_games()] == ["a", "b"]
    assert store.game("b") is not None and store.game("b").result == "You won 1 point"  # type: ignore[union-attr]
    assert store.game(3) == store.game("c") and store.game(4) is None and store.game("zz") is None
    store.close()


def test_saving_a_finished_game_unfinished_again_reopens_it(store: ProgressStore) -> None:
    """A take-back of the last decision can undo the end of a game."""
    store.save_game("g", "over", match_length=1, level="strong", finished=True, result="won")
    finished_at = store.games()[0].finished_at
    store.save_game("g", "over again", match_length=1, level="strong", finished=True, result="won")
    assert store.games()[0].finished_at == finished_at
    store.save_game("g", "taken back", match_length=1, level="strong")
    assert store.unfinished_games()[0].record == "taken back"
    store.close()


def test_a_game_can_be_forgotten(store: ProgressStore) -> None:
    store.save_game("g", "x", match_length=0, level="beginner")
    store.delete_game("g")
    assert reopen(store).games() == []


def test_a_game_needs_an_id_and_a_record(store: ProgressStore) -> None:
    with pytest.raises(ValueError, match="id and its record"):
        store.save_game("", "x", match_length=0, level="beginner")
    store.close()


def test_a_session_saved_in_the_store_resumes_where_it_was(store: ProgressStore) -> None:
    from dataclasses import asdict

    from play_support import CheapEvaluator

    from trainer.play import Session, Waiting

    session = Session.new(3, "beginner", seed=9, evaluator=CheapEvaluator())
    for _ in range(12):
        if session.waiting_for is Waiting.COMPUTER:
            session.computer_turn()
        elif session.waiting_for is Waiting.ROLL:
            session.roll()
        elif session.waiting_for is Waiting.MOVE:
            session.play(session.legal_plays()[0])
        store.save_game(**asdict(session.save_info()))
    store = reopen(store)
    (saved,) = store.unfinished_games()
    assert saved.id == session.id and saved.kind == "3-point match" and saved.level == "beginner"
    resumed = Session.resume(saved.record, evaluator=CheapEvaluator())
    assert resumed.record == session.record and resumed.board == session.board
    assert resumed.waiting_for is session.waiting_for
    store.close()
