"""The dashboard's figures counted by the store's queries (:func:`trainer.training.progress.figures_of`) are those of
every record handed over and worked out in Python (:func:`~trainer.training.progress.gather` of
:func:`~trainer.training.progress.records_of`): each query against the old path, on a rich progress file written
through the store's API (every kind of answer, revealed ones, answers to other questions, ratings of each kind, the
same day's and moments a hair before midnight)."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from trainer.content.loader import load_lessons
from trainer.content.puzzles import load_puzzles
from trainer.practice import schedule
from trainer.practice.stats import (
    answer_tallies,
    counting_drill_figures,
    counting_positions,
    day_numbered,
    digest,
    local_days,
    rating_trail,
)
from trainer.shared.kinds import RATING_KINDS
from trainer.store import ProgressStore, ReviewCard
from trainer.training.progress import (
    counted_puzzles,
    digest_of,
    figures_of,
    gather,
    home_figures,
    records_of,
    short_records,
)

DAY = 86_400.0
LESSONS = load_lessons()
PUZZLES = load_puzzles()
CATALOGUE = counted_puzzles(PUZZLES)
START = datetime(2026, 1, 5, tzinfo=UTC).timestamp()
NOW = START + 40 * DAY + 3_600.0
ZONES = [UTC, timezone(timedelta(hours=-5)), timezone(timedelta(hours=5, minutes=30)), timezone(timedelta(hours=13))]
EDGE_DAY = START + 33 * DAY
"""A day with nothing done but at its very edges (its midnight in UTC)."""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> ProgressStore:
    """A learner's progress over 40 days, written through the store's API."""
    store = ProgressStore(Path(tmp_path_factory.mktemp("rich")))
    chance = random.Random(7)
    puzzles = [puzzle.id for puzzle in PUZZLES.puzzles]
    drills = [puzzle.id for puzzle in PUZZLES.drills]
    counts = [puzzle.id for puzzle in (*PUZZLES.counts[:20], *PUZZLES.counts[-20:])]  # shots and pips

    def moment() -> float:
        day = chance.randrange(30)
        return START + day * DAY + chance.uniform(0, DAY)

    for lesson in LESSONS.lessons[:5]:
        for index in lesson.graded_steps:
            store.lessons.complete_step(lesson.progress_key, index, first_try=chance.random() < 0.7, at=moment())
    for when in sorted(moment() for _ in range(1_500)):
        pool = chance.choice((puzzles, drills, counts, ["unknown-puzzle"]))
        puzzle_id = chance.choice(pool[:40])
        question = "forced" if pool is drills and chance.random() < 0.8 else "play"
        store.puzzles.record_puzzle_attempt(
            puzzle_id, "13/7 8/7", correct=chance.random() < 0.6, seconds=chance.uniform(2, 40), question=question,
            revealed=chance.random() < 0.1, at=when,
        )  # fmt: skip
    store.puzzles.record_puzzle_attempt(puzzles[0], "24/18", correct=True, seconds=3.0, at=EDGE_DAY - 1e-7)
    store.puzzles.record_puzzle_attempt(puzzles[0], "24/18", correct=False, seconds=3.0, at=EDGE_DAY + DAY - 1e-3)
    rating = 1500.0
    for when in sorted(moment() for _ in range(400)):
        rating += chance.uniform(-12, 14)
        store.ratings.record_rating(
            (rating, 60.0, 0.06), puzzle_id=chance.choice(puzzles), puzzle=(1500.0, 80.0, 0.06), score=1.0, at=when,
            kind=chance.choice(RATING_KINDS),
        )  # fmt: skip
    store.ratings.record_rating((1600.0, 50.0, 0.06), at=EDGE_DAY + 2 * DAY - 1e-7, kind="cube")
    for index, puzzle_id in enumerate(puzzles[:30]):
        when = moment()
        card = ReviewCard(schedule.puzzle_item(puzzle_id), 2, None, 12.0, 5.0, when + index * 3_600.0, when, 3, 0, when)
        store.reviews.save_review_card(card, correct=chance.random() < 0.8, at=when)
    for _ in range(30):
        drill = chance.choice(("recognition", "best"))
        store.drills.record_drill_run(
            chance.choice(("streak", "storm")), chance.randrange(30), at=moment(), drill=drill
        )
    return store


def test_the_answers_are_tallied_as_every_answer_says(store: ProgressStore) -> None:
    tallies = {
        (puzzle_id, question): (first, ever) for puzzle_id, question, first, ever in store.puzzles.answer_tallies()
    }
    expected = answer_tallies(store.puzzles.all_puzzle_attempts())
    assert tallies == {key: (tally.first_right, tally.ever_right) for key, tally in expected.items()}
    assert any(first != ever for first, ever in tallies.values())  # a first miss, then a right answer
    assert {question for _, question in tallies} == {"play", "forced"}


def test_the_play_answers_of_the_counting_positions_are_those_of_every_answer(store: ProgressStore) -> None:
    positions = counting_positions(CATALOGUE)
    answers = store.puzzles.play_answers(positions)
    chosen = set(positions)
    assert answers == [
        (attempt.puzzle_id, attempt.correct, attempt.seconds)
        for attempt in store.puzzles.all_puzzle_attempts()
        if attempt.puzzle_id in chosen and attempt.question == "play" and not attempt.revealed
    ]
    assert answers and store.puzzles.play_answers([]) == []


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_the_days_with_answers_and_reviews_are_those_of_every_moment(store: ProgressStore, zone: timezone) -> None:
    offset = zone.utcoffset(None).total_seconds()
    records = records_of(store)
    expected = digest(records, CATALOGUE, zone).days
    answered = local_days((attempt.attempted_at for attempt in records.attempts), zone)
    assert {day_numbered(day) for day in store.puzzles.answer_days(offset)} == answered
    reviewed = local_days((review.reviewed_at for review in records.reviews), zone)
    assert {day_numbered(day) for day in store.reviews.review_days(offset)} == reviewed
    assert digest_of(store, short_records(store), CATALOGUE, zone).days == expected
    if zone is UTC:  # a moment a ten-millionth of a second before midnight is the next day's, as Python has it
        edge = datetime.fromtimestamp(EDGE_DAY, UTC).date()
        assert edge in expected and edge - timedelta(days=1) not in expected


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_the_rating_points_and_their_days_are_those_of_the_rating_history(store: ProgressStore, zone: timezone) -> None:
    offset = zone.utcoffset(None).total_seconds()
    points = store.ratings.rating_points(offset)
    history = store.ratings.rating_history()
    assert [(kind, when, rating) for kind, when, rating, _ in points] == [
        (point.kind, point.rated_at, point.rating) for point in history
    ]
    for kind in RATING_KINDS:
        daily = {day_numbered(day).isoformat(): rating for point_kind, _, rating, day in points if point_kind == kind}
        assert tuple(daily.items()) == rating_trail(history, kind, zone).daily


@pytest.mark.parametrize("zone", ZONES, ids=str)
def test_the_store_digests_the_histories_as_the_records_do(store: ProgressStore, zone: timezone) -> None:
    records = records_of(store)
    assert digest_of(store, short_records(store), CATALOGUE, zone) == digest(records, CATALOGUE, zone)
    counting = counting_drill_figures(CATALOGUE, records)
    assert all(figures.answered for figures in counting.values())


@pytest.mark.parametrize("zone", [*ZONES, ZoneInfo("America/New_York")], ids=str)
def test_the_figures_counted_by_the_store_are_those_of_every_record(store: ProgressStore, zone: timezone) -> None:
    counted = figures_of(store, LESSONS, PUZZLES, now=NOW, tz=zone)
    gathered = gather(records_of(store), LESSONS, PUZZLES, now=NOW, tz=zone)
    assert counted == gathered
    assert json.dumps(counted.as_dict()) == json.dumps(gathered.as_dict())
    assert counted.days.total and counted.reviews.cards and any(figures.rated_attempts for figures in counted.ratings)


def test_the_latest_rating_of_each_kind_is_read_at_once(store: ProgressStore) -> None:
    latest = store.ratings.learner_ratings()
    assert set(latest) == set(RATING_KINDS)
    assert latest == {kind: store.ratings.learner_rating(kind) for kind in RATING_KINDS}


@pytest.mark.parametrize("zone", [UTC, ZoneInfo("America/New_York")], ids=str)
def test_home_counts_the_solved_puzzles_as_the_store_does(store: ProgressStore, zone: timezone) -> None:
    board, solved = home_figures(store, LESSONS, PUZZLES, now=NOW, tz=zone)
    assert board == figures_of(store, LESSONS, PUZZLES, now=NOW, tz=zone)
    assert solved == len(store.puzzles.solved_puzzles() & {puzzle.id for puzzle in PUZZLES.puzzles}) > 0
