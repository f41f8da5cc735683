"""The learner's progress as the dashboard shows it (the app's and ``bgtrainer stats``'s): the store's records
(:func:`records_of`) gathered over the loaded content, or its catalogue (:mod:`trainer.content.catalogue`), into
:func:`trainer.practice.stats.dashboard` (:func:`gather`), which stays pure, and the names the figures are listed
under (:func:`figure_title`). Neither pydantic nor the content models are imported here: home's figures come from the
catalogue before they are.

:func:`figures_of` gives the same figures for a long history in a fraction of the time: the store counts what they
need of every answer, rated attempt, review and drill run (:func:`digest_of`), instead of handing each over."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timezone, tzinfo
from typing import Protocol

from trainer.content.themes import KIND_THEME_ORDER, THEME_TITLES
from trainer.content.wording import recognition_title, theme_title
from trainer.practice.stats import (
    AnswerTally,
    Dashboard,
    Digest,
    LessonInfo,
    PuzzleFigures,
    PuzzleInfo,
    RatingTrail,
    Records,
    counted_figures,
    counting_positions,
    dashboard,
    day_numbered,
    kind_name,
    knowledge_drill_figures,
    local_days,
)
from trainer.shared.kinds import RATING_KINDS
from trainer.store import ProgressStore

THEME_ORDER = KIND_THEME_ORDER


class Lessons(Protocol):
    """The lessons that loaded: a :class:`~trainer.content.library.LessonLibrary` or its catalogue."""

    @property
    def lessons(self) -> Sequence[LessonInfo]: ...


class Puzzles(Protocol):
    """The puzzles and drill positions that loaded: a :class:`~trainer.content.library.PuzzleLibrary` or its
    catalogue."""

    @property
    def puzzles(self) -> Sequence[PuzzleInfo]: ...
    @property
    def drills(self) -> Sequence[PuzzleInfo]: ...
    @property
    def counts(self) -> Sequence[PuzzleInfo]: ...


def records_of(store: ProgressStore) -> Records:
    """Everything the dashboard needs from the store."""
    return replace(
        short_records(store),
        attempts=store.puzzles.all_puzzle_attempts(),
        ratings=store.ratings.rating_history(),
        reviews=store.reviews.review_log(),
        knowledge_answers=store.knowledge.knowledge_answers(),
    )


def short_records(store: ProgressStore) -> Records:
    """The store's records but the long histories (the answers, the rated attempts, the reviews, the knowledge
    drills' answers): what :func:`digest_of` and the figures take besides."""
    return Records(
        lesson_steps=store.lessons.lesson_steps(),
        resume_steps=store.lessons.resume_steps(),
        finished_lessons=store.lessons.finished_lessons(),
        puzzle_ratings=store.ratings.puzzle_ratings(),
        cards=store.reviews.review_cards(),
        drill_runs=store.drills.drill_runs(),
        personal_puzzles=[puzzle.id for puzzle in store.personal.personal_puzzles()],
        theme_losses=store.themes.theme_loss_totals(),
    )


def digest_of(store: ProgressStore, records: Records, puzzles: Sequence[PuzzleInfo], zone: timezone) -> Digest:
    """What the figures take from the long histories, counted by the store (days in ``zone``), with the short ones
    of ``records`` (:func:`short_records`): the same as :func:`trainer.practice.stats.digest` of :func:`records_of`."""
    offset = zone.utcoffset(None).total_seconds()
    answers = {
        (puzzle_id, question): AnswerTally(first_right, ever_right)
        for puzzle_id, question, first_right, ever_right in store.puzzles.answer_tallies()
    }
    counting = counted_figures(puzzles, store.puzzles.play_answers(counting_positions(puzzles)))
    histories: dict[str, list[tuple[float, float]]] = {kind: [] for kind in RATING_KINDS}
    dailies: dict[str, dict[int, float]] = {kind: {} for kind in RATING_KINDS}
    for kind, when, rating, day in store.ratings.rating_points(offset):
        histories[kind].append((when, rating))
        dailies[kind][day] = rating
    latest = store.ratings.learner_ratings()
    ratings = {
        kind: RatingTrail(
            latest.get(kind),
            tuple(histories[kind]),
            tuple((day_numbered(day).isoformat(), rating) for day, rating in dailies[kind].items()),
        )
        for kind in RATING_KINDS
    }
    numbered = store.puzzles.answer_days(offset) | store.reviews.review_days(offset)
    numbered |= store.knowledge.answer_days(offset)
    numbered.update(day for daily in dailies.values() for day in daily)
    moments = [*(step.completed_at for step in records.lesson_steps), *(run.finished_at for run in records.drill_runs)]
    days = {day_numbered(day) for day in numbered} | local_days(moments, zone)
    knowledge = knowledge_drill_figures(store.knowledge.knowledge_answers())
    return Digest(answers=answers, counting=counting, days=days, ratings=ratings, knowledge=knowledge)


def local_zone() -> tzinfo:
    """This machine's time zone, for counting days."""
    zone = datetime.now().astimezone().tzinfo
    assert zone is not None
    return zone


def counted_puzzles(puzzles: Puzzles) -> list[PuzzleInfo]:
    """The puzzles and the drill positions (recognition and counting) the figures count."""
    return [*puzzles.puzzles, *puzzles.drills, *puzzles.counts]


def gather(records: Records, lessons: Lessons, puzzles: Puzzles, *, now: float, tz: tzinfo | None = None) -> Dashboard:
    """The dashboard of these records over the loaded lessons, puzzles and drill positions (recognition and
    counting)."""
    catalogue = counted_puzzles(puzzles)
    zone = tz if tz is not None else local_zone()
    return dashboard(
        records, lessons.lessons, catalogue, now=now, tz=zone, theme_order=THEME_ORDER, theme_titles=THEME_TITLES
    )


def figures_of(
    store: ProgressStore, lessons: Lessons, puzzles: Puzzles, *, now: float, tz: tzinfo | None = None
) -> Dashboard:
    """The dashboard of the store's progress over the loaded lessons, puzzles and drill positions: the figures of
    :func:`gather` of :func:`records_of`, the long histories counted by the store where the time zone keeps one
    offset from UTC (the learner's does: :func:`local_zone`)."""
    return home_figures(store, lessons, puzzles, now=now, tz=tz)[0]


def home_figures(
    store: ProgressStore, lessons: Lessons, puzzles: Puzzles, *, now: float, tz: tzinfo | None = None
) -> tuple[Dashboard, int]:
    """:func:`figures_of`, and how many of the puzzles (the drills' positions left out) are solved: their play
    answered right at least once before the solution was shown (home's menu says so)."""
    zone = tz if tz is not None else local_zone()
    if not isinstance(zone, timezone):  # days told apart by the zone's rules: every moment is looked at
        solved = len(store.puzzles.solved_puzzles() & {puzzle.id for puzzle in puzzles.puzzles})
        return gather(records_of(store), lessons, puzzles, now=now, tz=zone), solved
    catalogue = counted_puzzles(puzzles)
    records = short_records(store)
    digested = digest_of(store, records, catalogue, zone)
    board = dashboard(
        records,
        lessons.lessons,
        catalogue,
        now=now,
        tz=zone,
        theme_order=THEME_ORDER,
        digested=digested,
        theme_titles=THEME_TITLES,
    )
    solved_ids = set()
    for puzzle in puzzles.puzzles:
        tally = digested.answers.get((puzzle.id, "play"))
        if tally is not None and tally.ever_right:
            solved_ids.add(puzzle.id)
    return board, len(solved_ids)


def figure_title(figures: PuzzleFigures) -> str:
    """The name of a kind or of a theme, as the figures are listed."""
    if figures.theme is None:
        return kind_name(figures.kind).title
    if figures.kind == "recognition":
        return recognition_title(figures.theme)
    return theme_title(figures.theme)
