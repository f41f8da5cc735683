"""``bgtrainer stats``: the progress dashboard's figures for a data folder, as text or JSON.

:func:`trainer.training.progress.gather` reads the store's records and the content's catalogue into
:func:`trainer.practice.stats.dashboard` (the app's dashboard uses it too); :func:`report_text` says the figures in
lines.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, tzinfo
from pathlib import Path

import trainer.cli.wording as wording
from trainer.i18n import LANGUAGES, Language, short_date, use_language
from trainer.practice.stats import Dashboard, PuzzleFigures, Records
from trainer.store import DATABASE_NAME, ProgressStore
from trainer.training.progress import figure_title, figures_of, gather, local_zone


def _counts(figures: PuzzleFigures) -> str:
    if figures.accuracy is None:
        return wording.solved_counts(figures.solved, figures.total)
    return wording.solved_counts_with_accuracy(figures.solved, figures.total, figures.accuracy, figures.attempted)


def _when(moment: float, tz: tzinfo | None) -> str:
    return f"{short_date(moment, tz)} {datetime.fromtimestamp(moment, tz):%H:%M}"


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
    for drill, counted in {**board.counting, **board.knowledge}.items():
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
    data_dir: Path | None,
    *,
    as_json: bool,
    now: float | None = None,
    tz: tzinfo | None = None,
    language: Language | None = None,
) -> tuple[str, str | None]:
    """The report of ``bgtrainer stats`` for a data folder, and what to say about the progress file (or ``None``).

    A folder without a progress file gives the figures of a new learner; nothing is created. An older file is
    updated in place, as the app does. The report is in ``language`` (``--lang`` or ``BGTRAINER_LANG``), else in the
    language last chosen in the app, as the app itself starts in, else in the language in use.
    """
    from trainer.content.cache import cached_lessons, cached_puzzles
    from trainer.store import default_data_dir

    folder = data_dir if data_dir is not None else default_data_dir()
    moment = time.time() if now is None else now
    zone = tz if tz is not None else local_zone()
    if (folder / DATABASE_NAME).exists():
        store = ProgressStore(folder)
        try:
            saved = store.settings.setting("language")
            chosen = language if language is not None else next((known for known in LANGUAGES if known == saved), None)
            if chosen is not None:
                use_language(chosen)
            board = figures_of(store, cached_lessons(), cached_puzzles(), now=moment, tz=zone)
            notice = store.notice
        finally:
            store.close()
    else:
        board = gather(Records(), cached_lessons(), cached_puzzles(), now=moment, tz=zone)
        notice = wording.no_progress_file(folder)
    if as_json:
        return json.dumps(board.as_dict(), indent=2), notice
    return report_text(board, zone), notice
