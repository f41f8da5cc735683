"""The store's practice records: the learner's rating history and puzzle ratings, review cards with their log, and
drill runs with their bests; each written to the file and read back by a new store."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.shared.review_card import CardRecord
from trainer.store import DrillRun, ProgressStore, RatingRecord, ReviewCard, ReviewLogEntry

T0 = 1_800_000_000.0


def reopened(store: ProgressStore) -> ProgressStore:
    store.close()
    return ProgressStore(store.data_dir)


def test_ratings_keep_the_learners_history_and_each_puzzles_latest_rating(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.ratings.learner_rating() is None and store.ratings.puzzle_rating("p1") is None
    store.ratings.record_rating((1650.0, 280.0, 0.06), puzzle_id="p1", puzzle=(1380.0, 230.0, 0.06), score=1.0, at=T0)
    store.ratings.record_rating(
        (1600.0, 260.0, 0.06), puzzle_id="p2", puzzle=(1560.0, 235.0, 0.06), score=0.0, at=T0 + 5
    )
    store.ratings.record_rating(
        (1610.0, 255.0, 0.06), puzzle_id="p1", puzzle=(1370.0, 220.0, 0.06), score=1.0, at=T0 + 9
    )
    store.ratings.record_rating((1500.0, 350.0, 0.06), at=T0 + 20)  # a rating set without an attempt
    store = reopened(store)
    history = store.ratings.rating_history()
    assert [(r.rating, r.puzzle_id, r.score, r.rated_at) for r in history] == [
        (1650.0, "p1", 1.0, T0),
        (1600.0, "p2", 0.0, T0 + 5),
        (1610.0, "p1", 1.0, T0 + 9),
        (1500.0, None, None, T0 + 20),
    ]
    assert store.ratings.learner_rating() == RatingRecord(1500.0, 350.0, 0.06, None, None, T0 + 20)
    p1 = store.ratings.puzzle_rating("p1")
    assert p1 is not None and (p1.rating, p1.rd, p1.attempts, p1.updated_at) == (1370.0, 220.0, 2, T0 + 9)
    assert set(store.ratings.puzzle_ratings()) == {"p1", "p2"}
    with pytest.raises(ValueError, match="puzzle id"):
        store.ratings.record_rating((1500.0, 350.0, 0.06), puzzle=(1.0, 1.0, 1.0))
    store.close()


def card(item_id: str, due: float, *, state: int = 1, reps: int = 1) -> ReviewCard:
    return ReviewCard(item_id, state, 0, 0.2, 6.4, due, T0, reps, 0, T0)


def test_review_cards_are_saved_updated_listed_by_due_time_and_logged(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    first: CardRecord = card("puzzle:a", T0 + 600)
    store.reviews.save_review_card(first, correct=False, at=T0)
    store.reviews.save_review_card(card("lesson:board:3", T0 + 60), correct=False, at=T0 + 1)
    store.reviews.save_review_card(card("puzzle:b", T0 + 9_000), at=T0 + 2)  # no answer to log
    store = reopened(store)
    assert [c.item_id for c in store.reviews.review_cards()] == ["lesson:board:3", "puzzle:a", "puzzle:b"]
    assert [c.item_id for c in store.reviews.due_review_cards(T0 + 600)] == ["lesson:board:3", "puzzle:a"]
    assert store.reviews.review_card("puzzle:a") == card("puzzle:a", T0 + 600)
    # A review updates the card in place; when it was made stays.
    moved = ReviewCard("puzzle:a", 2, None, 2.3, 6.3, T0 + 86_400, T0 + 700, 2, 0, T0 + 700)
    store.reviews.save_review_card(moved, correct=True, at=T0 + 700)
    store = reopened(store)
    assert store.reviews.review_card("puzzle:a") == ReviewCard(
        "puzzle:a", 2, None, 2.3, 6.3, T0 + 86_400, T0 + 700, 2, 0, T0
    )
    assert store.reviews.review_log() == [
        ReviewLogEntry("puzzle:a", False, T0),
        ReviewLogEntry("lesson:board:3", False, T0 + 1),
        ReviewLogEntry("puzzle:a", True, T0 + 700),
    ]
    store.reviews.remove_review_card("puzzle:b")
    assert store.reviews.review_card("puzzle:b") is None and len(store.reviews.review_cards()) == 2
    store.close()


def test_drill_runs_keep_every_run_and_the_best_of_each_mode(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.drills.drill_best("streak") == store.drills.drill_best("storm") == 0
    store.drills.record_drill_run("streak", 7, mistakes=1, seconds=95.0, at=T0)
    store.drills.record_drill_run("streak", 12, mistakes=1, seconds=150.0, at=T0 + 200)
    store.drills.record_drill_run("storm", 21, mistakes=3, seconds=180.0, at=T0 + 400)
    store.drills.record_drill_run("streak", 4, mistakes=1, seconds=40.0, at=T0 + 600)
    store = reopened(store)
    assert store.drills.drill_best("streak") == 12 and store.drills.drill_best("storm") == 21
    assert [run.score for run in store.drills.drill_runs("streak")] == [7, 12, 4]
    assert store.drills.drill_runs("storm") == [DrillRun("storm", 21, 3, 180.0, T0 + 400)]
    assert len(store.drills.drill_runs()) == 4
    with pytest.raises(ValueError, match="unknown drill mode"):
        store.drills.record_drill_run("marathon", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="never negative"):
        store.drills.record_drill_run("storm", -1)
    store.close()


def test_lesson_steps_and_answers_take_the_time_they_were_given(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.lessons.complete_step("board", 2, first_try=True, at=T0)
    store.puzzles.record_puzzle_attempt("p", "24/18", correct=True, seconds=2.0, at=T0 + 5)
    store = reopened(store)
    assert [(s.lesson_id, s.step, s.first_try, s.completed_at) for s in store.lessons.lesson_steps()] == [
        ("board", 2, True, T0)
    ]
    assert [(a.puzzle_id, a.attempted_at) for a in store.puzzles.all_puzzle_attempts()] == [("p", T0 + 5)]
    store.close()
