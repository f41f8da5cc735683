"""The training loop over a real store on a fake clock: rated first answers move both ratings, misses become
review cards that come back, reviews move them on, lesson tasks too, drill bests, and puzzles near the rating."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from training_support import run_result

from trainer.content.loader import load_lessons
from trainer.content.puzzles import Puzzle, load_puzzles
from trainer.practice.ratings import Glicko, puzzle_start
from trainer.practice.run import Run, Storm
from trainer.practice.schedule import LEARNING, RELEARNING, REVIEW, LessonStepKey, PuzzleKey
from trainer.practice.stats import dashboard
from trainer.store import ProgressStore
from trainer.training.progress import records_of
from trainer.training.service import (
    ReviewItem,
    answer_lesson_task,
    answer_puzzle,
    complete_lesson_step,
    current_puzzle_rating,
    current_rating,
    due_count,
    due_reviews,
    is_rated,
    main_question,
    open_lesson_step,
    puzzles_near_rating,
    record_run,
)
from trainer.training.standing import lesson_standing

T0 = 1_800_000_000.0
MINUTE, DAY = 60.0, 86_400.0
LIBRARY = load_puzzles()
FORCED = [puzzle for puzzle in LIBRARY.puzzles if puzzle.kind == "forced"]
MEDIUM = next(puzzle for puzzle in FORCED if puzzle.difficulty == 2)
EASY = next(puzzle for puzzle in FORCED if puzzle.difficulty == 1)
DRILL = next(puzzle for puzzle in LIBRARY.drills if puzzle.answers == ["forced"])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ProgressStore]:
    opened = ProgressStore(tmp_path)
    yield opened
    opened.close()


def test_a_first_answer_is_rated_and_moves_both_ratings(store: ProgressStore) -> None:
    assert is_rated(store, MEDIUM)
    outcome = answer_puzzle(store, MEDIUM, MEDIUM.answers[0], correct=True, seconds=5.0, now=T0)
    assert outcome.rated and outcome.card is None
    assert outcome.learner_before == Glicko() and outcome.puzzle_before == puzzle_start(2)
    assert outcome.learner_after.rating > 1500 > outcome.puzzle_after.rating and outcome.rating_change > 0
    assert current_rating(store, T0) == outcome.learner_after
    assert current_puzzle_rating(store, MEDIUM) == outcome.puzzle_after
    (entry,) = store.ratings.rating_history()
    assert (entry.puzzle_id, entry.score, entry.rated_at) == (MEDIUM.id, 1.0, T0)
    # Later answers to the same puzzle are stored, not rated.
    assert not is_rated(store, MEDIUM)
    again = answer_puzzle(store, MEDIUM, MEDIUM.answers[0], correct=True, seconds=3.0, now=T0 + DAY)
    assert not again.rated and again.learner_after == again.learner_before
    assert len(store.ratings.rating_history()) == 1 and len(store.puzzles.puzzle_history(MEDIUM.id)) == 2
    assert store.puzzles.puzzle_history(MEDIUM.id)[1].attempted_at == T0 + DAY


def test_a_miss_becomes_a_review_card_that_comes_back_and_moves_on(store: ProgressStore) -> None:
    missed = answer_puzzle(store, EASY, "24/18", correct=False, seconds=9.0, now=T0)
    assert missed.rated and missed.learner_after.rating < 1500
    assert missed.puzzle_after.rating > missed.puzzle_before.rating == 1200
    assert missed.card is not None and (missed.card.state, missed.card.due) == (LEARNING, T0 + 10 * MINUTE)
    # A retry, and an answer after the solution, are only stored.
    retried = answer_puzzle(store, EASY, EASY.answers[0], correct=True, seconds=4.0, now=T0 + 5, retry=True)
    shown = answer_puzzle(store, EASY, EASY.answers[0], correct=True, seconds=4.0, now=T0 + 9, revealed=True)
    assert retried.card == shown.card == missed.card and not retried.rated and not shown.rated
    stored = store.reviews.review_card(f"puzzle:{EASY.id}")
    assert stored is not None and (stored.due, stored.reps) == (T0 + 10 * MINUTE, 1)
    assert due_count(store, T0 + 9 * MINUTE) == 0 and due_count(store, T0 + 10 * MINUTE) == 1
    (item,) = due_reviews(store, T0 + 10 * MINUTE)
    assert item == ReviewItem(item.card, PuzzleKey(EASY.id))
    reviewed = answer_puzzle(
        store, EASY, EASY.answers[0], correct=True, seconds=3.0, now=T0 + 11 * MINUTE, in_review=True
    )
    assert not reviewed.rated and reviewed.card is not None and reviewed.card.state == REVIEW
    assert reviewed.card.due >= T0 + 11 * MINUTE + DAY
    assert due_count(store, T0 + 12 * MINUTE) == 0
    # A miss in review brings it back in ten minutes.
    later = reviewed.card.due
    lapsed = answer_puzzle(store, EASY, "24/18", correct=False, seconds=3.0, now=later, in_review=True)
    assert lapsed.card is not None and (lapsed.card.state, lapsed.card.due) == (RELEARNING, later + 10 * MINUTE)
    assert [entry.correct for entry in store.reviews.review_log()] == [False, True, False]
    assert len(store.ratings.rating_history()) == 1


def test_missed_lesson_tasks_come_back_for_review(store: ProgressStore) -> None:
    assert answer_lesson_task(store, "board", 3, correct=True, now=T0) is None
    card = answer_lesson_task(store, "board", 3, correct=False, now=T0)
    assert card is not None and card.item_id == "lesson:board:3"
    (item,) = due_reviews(store, T0 + 10 * MINUTE)
    assert item == ReviewItem(item.card, LessonStepKey("board", 3))
    moved = answer_lesson_task(store, "board", 3, correct=True, now=T0 + 10 * MINUTE, in_review=True)
    assert moved is not None and moved.state == REVIEW and due_count(store, T0 + 11 * MINUTE) == 0


def test_a_lesson_left_after_a_task_answered_resumes_at_the_step_after_it(store: ProgressStore) -> None:
    """Lesson 19, left with ``q`` once step 2 is answered: it resumes at step 3, not asking step 2 again."""
    lesson = next(lesson for lesson in load_lessons().lessons if lesson.id == "replies")
    open_lesson_step(store, lesson, 1)
    assert lesson_standing(store, lesson).progress.resume_step == 1  # left unanswered: asked again
    complete_lesson_step(store, lesson, 1, first_try=True, now=T0)
    progress = lesson_standing(store, lesson).progress
    assert progress.resume_step == 2 and progress.completed == {1}
    last = len(lesson.steps) - 1
    complete_lesson_step(store, lesson, last, first_try=True, now=T0)
    assert lesson_standing(store, lesson).progress.resume_step == last  # no step after the last
    # Kept where the answered step was (as before this rule): resumed past it, at the first step not answered yet.
    store.lessons.complete_step(lesson.progress_key, 2, first_try=False, at=T0)
    store.lessons.set_resume_step(lesson.progress_key, 1)
    assert lesson_standing(store, lesson).progress.resume_at(len(lesson.steps)) == 3


def test_a_recognition_position_is_rated_on_its_forced_question_and_its_play_only_stored(
    store: ProgressStore,
) -> None:
    assert main_question(DRILL) == "forced" and main_question(MEDIUM) == "play"
    recognised = answer_puzzle(store, DRILL, "not forced", correct=False, seconds=2.0, now=T0)
    assert recognised.rated and recognised.card is not None
    played = answer_puzzle(store, DRILL, "13/7", correct=True, seconds=4.0, now=T0 + 5, question="play")
    assert not played.rated and played.card == recognised.card
    assert [(a.question, a.correct) for a in store.puzzles.puzzle_history(DRILL.id)] == [
        ("forced", False),
        ("play", True),
    ]


def test_answers_marked_store_only_are_neither_rated_nor_scheduled(store: ProgressStore) -> None:
    """A Streak's or Storm's answers (and a generated drill position's) are kept, and change nothing else."""
    missed = answer_puzzle(store, DRILL, "not forced", correct=False, seconds=2.0, now=T0, store_only=True)
    assert not missed.rated and missed.card is None
    assert store.ratings.rating_history() == [] and store.reviews.review_cards() == []
    assert [(a.question, a.correct) for a in store.puzzles.puzzle_history(DRILL.id)] == [("forced", False)]


def test_puzzles_near_the_rating_leave_out_solved_ones(store: ProgressStore) -> None:
    chosen = puzzles_near_rating(store, FORCED, T0, count=10, seed=1)
    assert len(chosen) == 10 and all(puzzle.difficulty == 2 for puzzle in chosen)  # 1500: the medium ones
    easier = puzzles_near_rating(store, FORCED, T0, count=5, offset=-300)
    assert all(puzzle.difficulty == 1 for puzzle in easier)
    answer_puzzle(store, chosen[0], chosen[0].answers[0], correct=True, seconds=1.0, now=T0)
    again = puzzles_near_rating(store, FORCED, T0, count=200)
    assert chosen[0] not in again and len(again) == len(FORCED) - 1
    assert chosen[0] in puzzles_near_rating(store, FORCED, T0, count=200, include_solved=True)


def test_drill_runs_say_when_they_beat_the_best(store: ProgressStore) -> None:
    assert record_run(store, run_result("streak", 5, mistakes=1, seconds=40.0, at=T0))
    assert not record_run(store, run_result("streak", 5, mistakes=1, seconds=30.0, at=T0 + 60))
    assert record_run(store, run_result("streak", 8, mistakes=1, seconds=50.0, at=T0 + 120))
    assert record_run(store, run_result("storm", 3, mistakes=4, seconds=180.0, at=T0 + 300))
    assert store.drills.drill_best("streak") == 8


def test_a_runs_result_is_kept_as_its_drills_run(store: ProgressStore) -> None:
    run = Run(Storm(), LIBRARY.puzzles, started_at=T0, drill="best")
    run.next_puzzle()
    run.answer(True, T0 + 5)
    run.answer(False, T0 + 9)
    assert record_run(store, run.result(T0 + 200))
    assert not record_run(store, run.result(T0 + 200))  # the same score again is no new best
    kept = store.drills.drill_runs("storm")[0]
    assert (kept.score, kept.mistakes, kept.seconds, kept.finished_at, kept.drill) == (1, 1, 170.0, T0 + 200, "best")
    assert store.drills.drill_best("storm", "best") == 1 and store.drills.drill_best("storm") == 0


def test_the_dashboard_of_a_training_session(store: ProgressStore) -> None:
    puzzles: list[Puzzle] = [*LIBRARY.puzzles, *LIBRARY.drills]
    answer_puzzle(store, MEDIUM, MEDIUM.answers[0], correct=True, seconds=5.0, now=T0)
    answer_puzzle(store, EASY, "24/18", correct=False, seconds=9.0, now=T0 + 60)
    record_run(store, run_result("storm", 14, mistakes=2, seconds=180.0, at=T0 + 400))
    board = dashboard(records_of(store), [], puzzles, now=T0 + 20 * MINUTE)
    assert board.reviews.due == 1 and board.continue_with.label == "Review (1 due)"
    assert board.rating.rated_attempts == 2 and board.drills.best_storm == 14
    forced = board.puzzles[0].total
    assert (forced.attempted, forced.solved, forced.first_try) == (2, 1, 1)
