"""``bgtrainer stats``: the progress dashboard's figures for a data folder, as text or JSON.

:func:`gather` reads the store's records and the content's catalogue into :func:`trainer.practice.stats.dashboard`
(the app's dashboard uses it too); :func:`report_text` says the figures in lines.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, tzinfo
from pathlib import Path

import trainer.cli_wording as wording
from trainer.content.library import LessonLibrary, PuzzleLibrary
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
from trainer.practice.stats import Dashboard, PuzzleFigures, Records, dashboard, kind_name
from trainer.store import DATABASE_NAME, ProgressStore

THEME_ORDER = {
    "forced": FORCED_THEMES,
    "bearoff": BEAROFF_THEMES,
    "cube": (*CUBE_THEMES, *CONTACT_CUBE_THEMES),
    "best": BEST_THEMES,
    "recognition": RECOGNITION_THEMES,
    "shots": SHOTS_THEMES,
    "pips": PIPS_THEMES,
}


def records_of(store: ProgressStore) -> Records:
    """Everything the dashboard needs from the store."""
    return Records(
        lesson_steps=store.lesson_steps(),
        resume_steps=store.resume_steps(),
        finished_lessons=store.finished_lessons(),
        attempts=store.all_puzzle_attempts(),
        ratings=store.rating_history(),
        puzzle_ratings=store.puzzle_ratings(),
        cards=store.review_cards(),
        reviews=store.review_log(),
        drill_runs=store.drill_runs(),
        personal_puzzles=[puzzle.id for puzzle in store.personal_puzzles()],
    )


def local_zone() -> tzinfo:
    """This machine's time zone, for counting days."""
    zone = datetime.now().astimezone().tzinfo
    assert zone is not None
    return zone


def gather(
    records: Records, lessons: LessonLibrary, puzzles: PuzzleLibrary, *, now: float, tz: tzinfo | None = None
) -> Dashboard:
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


def _counts(figures: PuzzleFigures) -> str:
    if figures.accuracy is None:
        return wording.solved_counts(figures.solved, figures.total)
    return wording.solved_counts_with_accuracy(figures.solved, figures.total, figures.accuracy, figures.attempted)


def _when(moment: float, tz: tzinfo | None) -> str:
    return datetime.fromtimestamp(moment, tz).strftime("%Y-%m-%d %H:%M")


def report_text(board: Dashboard, tz: tzinfo | None = None) -> str:
    """The figures in lines, as ``bgtrainer stats`` prints them."""
    lessons = board.lessons
    lines = [wording.lessons_line(lessons.done, lessons.total, lessons.started), wording.puzzles_heading()]
    for kind in board.puzzles:
        lines.append("  " + wording.figures_line(figure_title(kind.total), _counts(kind.total)))
        lines.extend("    " + wording.figures_line(figure_title(theme), _counts(theme)) for theme in kind.themes)
    for rating in board.ratings or (board.rating,):
        first, last = (round(rating.history[0][1]), round(rating.history[-1][1])) if rating.history else (None, None)
        lines.append(
            wording.rating_line(rating.text, rating.provisional, rating.rated_attempts, first, last, rating.kind)
        )
        if rating.daily:
            by_day = ", ".join(f"{day} {round(value)}" for day, value in rating.daily[-7:])
            lines.append(wording.rating_by_day(by_day))
    drills = board.drills
    lines.append(wording.drills_line(drills.best_streak, drills.streak_runs, drills.best_storm, drills.storm_runs))
    best = board.best_drills
    lines.append(wording.best_drills_line(best.best_streak, best.streak_runs, best.best_storm, best.storm_runs))
    for drill, counted in board.counting.items():
        lines.append(wording.counting_line(drill, counted.answered, counted.right, counted.last_ten, counted.best_ten))
    lines.append(wording.mistakes_line(board.mistakes.total, board.mistakes.due))
    reviews = board.reviews
    next_due = None if reviews.next_due is None else _when(reviews.next_due, tz)
    lines.append(wording.reviews_line(reviews.due, reviews.cards, next_due))
    days = board.days
    lines.append(wording.days_line(days.in_a_row, not days.today and bool(days.in_a_row), days.total, days.best_run))
    lines.append(wording.continue_line(board.continue_with.label))
    return "\n".join(lines)


def stats_command(
    data_dir: Path | None, *, as_json: bool, now: float | None = None, tz: tzinfo | None = None
) -> tuple[str, str | None]:
    """The report of ``bgtrainer stats`` for a data folder, and what to say about the progress file (or ``None``).

    A folder without a progress file gives the figures of a new learner; nothing is created. An older file is
    updated in place, as the app does.
    """
    from trainer.content.cache import cached_lessons, cached_puzzles
    from trainer.store import default_data_dir

    folder = data_dir if data_dir is not None else default_data_dir()
    moment = time.time() if now is None else now
    notice = None
    if (folder / DATABASE_NAME).exists():
        store = ProgressStore(folder)
        try:
            records = records_of(store)
            notice = store.notice
        finally:
            store.close()
    else:
        records = Records()
        notice = wording.no_progress_file(folder)
    zone = tz if tz is not None else local_zone()
    board = gather(records, cached_lessons(), cached_puzzles(), now=moment, tz=zone)
    if as_json:
        return json.dumps(board.as_dict(), indent=2), notice
    return report_text(board, zone), notice
