"""The learner's progress as the dashboard shows it (the app's and ``bgtrainer stats``'s): the store's records
(:func:`records_of`) gathered over the loaded content, or its catalogue (:mod:`trainer.content.catalogue`), into
:func:`trainer.practice.stats.dashboard` (:func:`gather`), which stays pure, and the names the figures are listed
under (:func:`figure_title`). Neither pydantic nor the content models are imported here: home's figures come from the
catalogue before they are."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo
from typing import Protocol

from trainer.content.themes import (
    BEAROFF_THEMES,
    BEST_THEMES,
    CONTACT_CUBE_THEMES,
    CUBE_THEMES,
    FORCED_THEMES,
    PIPS_THEMES,
    RECOGNITION_THEMES,
    SHOTS_THEMES,
)
from trainer.content.wording import recognition_title, theme_title
from trainer.practice.stats import Dashboard, LessonInfo, PuzzleFigures, PuzzleInfo, Records, dashboard, kind_name
from trainer.store import ProgressStore

THEME_ORDER = {
    "forced": FORCED_THEMES,
    "bearoff": BEAROFF_THEMES,
    "cube": (*CUBE_THEMES, *CONTACT_CUBE_THEMES),
    "best": BEST_THEMES,
    "recognition": RECOGNITION_THEMES,
    "shots": SHOTS_THEMES,
    "pips": PIPS_THEMES,
}


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
    return Records(
        lesson_steps=store.lessons.lesson_steps(),
        resume_steps=store.lessons.resume_steps(),
        finished_lessons=store.lessons.finished_lessons(),
        attempts=store.puzzles.all_puzzle_attempts(),
        ratings=store.ratings.rating_history(),
        puzzle_ratings=store.ratings.puzzle_ratings(),
        cards=store.reviews.review_cards(),
        reviews=store.reviews.review_log(),
        drill_runs=store.drills.drill_runs(),
        personal_puzzles=[puzzle.id for puzzle in store.personal.personal_puzzles()],
    )


def local_zone() -> tzinfo:
    """This machine's time zone, for counting days."""
    zone = datetime.now().astimezone().tzinfo
    assert zone is not None
    return zone


def gather(records: Records, lessons: Lessons, puzzles: Puzzles, *, now: float, tz: tzinfo | None = None) -> Dashboard:
    """The dashboard of these records over the loaded lessons, puzzles and drill positions (recognition and
    counting)."""
    catalogue = [*puzzles.puzzles, *puzzles.drills, *puzzles.counts]
    zone = tz if tz is not None else local_zone()
    return dashboard(records, lessons.lessons, catalogue, now=now, tz=zone, theme_order=THEME_ORDER)


def figure_title(figures: PuzzleFigures) -> str:
    """The name of a kind or of a theme, as the figures are listed."""
    if figures.theme is None:
        return kind_name(figures.kind).title
    if figures.kind == "recognition":
        return recognition_title(figures.theme)
    return theme_title(figures.theme)
