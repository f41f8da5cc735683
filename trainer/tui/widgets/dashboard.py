"""The progress dashboard at a glance, for the home screen: two lines of figures (lessons, puzzles and the drill
with their first-try accuracy, the rating with its deviation and a sparkline of its history, the best Streak and
Storm, days practised in a row). Plain text and the sparkline's bar heights, so it reads in both themes and without
colour. The figures come from :func:`trainer.practice.stats.dashboard`; the full page is the Progress screen's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Sparkline, Static

from trainer.engine.wording import plural
from trainer.practice.ratings import INITIAL_RATING

if TYPE_CHECKING:  # the figures are worked out once the content has loaded, off the path to the home screen
    from trainer.practice.stats import Dashboard, KindFigures

CHART_WIDTH = 10
"""Columns of the rating sparkline."""


@dataclass(frozen=True, slots=True)
class Totals:
    """Counts over several kinds of puzzles."""

    total: int
    solved: int
    attempted: int
    first_try: int

    @property
    def accuracy(self) -> float | None:
        return self.first_try / self.attempted if self.attempted else None


def totals(kinds: tuple[KindFigures, ...]) -> Totals:
    """The counts of ``kinds`` together."""
    figures = [kind.total for kind in kinds]
    return Totals(
        sum(f.total for f in figures),
        sum(f.solved for f in figures),
        sum(f.attempted for f in figures),
        sum(f.first_try for f in figures),
    )


def spread(values: list[float], width: int = CHART_WIDTH) -> list[float]:
    """Fewer values than columns stretched over the whole width (each value a block of columns), so that the
    sparkline draws every column; more are left as they are (the sparkline groups them)."""
    if not values or len(values) >= width:
        return values
    return [values[column * len(values) // width] for column in range(width)]


def percent(share: float | None) -> str:
    return "" if share is None else f"{share:.0%}"


def progress_line(board: Dashboard) -> str:
    """Lessons done, puzzles solved (every kind but the drill's positions) and the drill's first-try accuracy."""
    lessons = board.lessons
    puzzles = totals(tuple(kind for kind in board.puzzles if kind.total.kind != "recognition"))
    drill = totals(tuple(kind for kind in board.puzzles if kind.total.kind == "recognition"))
    parts = [f"Lessons {lessons.done}/{lessons.total} done"]
    solved = f"Puzzles {puzzles.solved}/{puzzles.total} solved"
    if puzzles.accuracy is not None:
        solved += f", {percent(puzzles.accuracy)} first try"
    parts.append(solved)
    if drill.attempted:
        parts.append(f"Forced or not? {percent(drill.accuracy)} right")
    return "  ·  ".join(parts)


def rating_text(board: Dashboard) -> str:
    return f"Rating {board.rating.text} "


def bests_line(board: Dashboard) -> str:
    """The best Streak and Storm and the days practised in a row."""
    drills, days = board.drills, board.days
    in_a_row = f"{plural(days.in_a_row, 'day')} in a row"
    return f"· Best streak {drills.best_streak}, storm {drills.best_storm} · {in_a_row}"


class DashboardSummary(Widget):
    """Two lines of progress figures with a sparkline of the rating (hidden until there are two ratings)."""

    DEFAULT_CSS = """
    DashboardSummary {
        height: auto;
        width: 100%;
        & > Static { width: 100%; height: 1; }
        & > Horizontal { height: 1; width: 100%; }
        & > Horizontal > Static { width: auto; height: 1; }
        & > Horizontal > Sparkline { width: 10; height: 1; margin: 0 1 0 0; }
    }
    """

    def compose(self) -> ComposeResult:
        yield Static("Loading your progress…", id="dash-progress", markup=False)
        with Horizontal():
            yield Static("", id="dash-rating", markup=False)
            yield Sparkline([], id="dash-chart")
            yield Static("", id="dash-bests", markup=False)

    def show(self, board: Dashboard) -> None:
        """Show ``board``'s figures."""
        self.query_one("#dash-progress", Static).update(progress_line(board))
        self.query_one("#dash-rating", Static).update(rating_text(board))
        history = [rating for _, rating in board.rating.history]
        chart = self.query_one("#dash-chart", Sparkline)
        chart.data = spread([INITIAL_RATING, *history][-CHART_WIDTH * 4 :])  # from the start, as far as it fits
        chart.display = bool(history)
        self.query_one("#dash-bests", Static).update(bests_line(board))

    @property
    def text(self) -> str:
        """The figures as shown, in two lines (without the chart)."""
        first = str(self.query_one("#dash-progress", Static).render())
        second = "".join(
            str(self.query_one(selector, Static).render()) for selector in ("#dash-rating", "#dash-bests")
        )
        return f"{first}\n{second}"
