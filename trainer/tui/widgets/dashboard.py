"""The progress dashboard at a glance, for the home screen: lessons done and each kind of puzzle solved of all; the
first-try accuracy of each kind, and the weakest theme where that line has room (each in as many lines as the width
needs); then the rating with its deviation and a sparkline of its history, the best Streak and Storm, days
practised in a row; then, once there are any, the skill figures: the best-play and cube ratings, the best-play
Streak and Storm, and the counting drills' best average times. Plain text and the sparkline's bar heights, so it
reads in both themes and without colour. The figures come from :func:`trainer.practice.stats.dashboard`, every kind
named as :data:`trainer.practice.stats.KINDS` says (a new kind shows under its own name); the full page is the
Progress screen's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Sparkline, Static

from trainer.tui.wording import common as common_words
from trainer.tui.wording import dashboard as dashboard_words

if TYPE_CHECKING:  # the figures are worked out once the content has loaded, off the path to the home screen
    from trainer.practice.stats import Dashboard, PuzzleFigures

CHART_WIDTH = 10
"""Columns of the rating sparkline."""


def spread(values: list[float], width: int = CHART_WIDTH) -> list[float]:
    """Fewer values than columns stretched over the whole width (each value a block of columns), so that the
    sparkline draws every column; more are left as they are (the sparkline groups them)."""
    if not values or len(values) >= width:
        return values
    return [values[column * len(values) // width] for column in range(width)]


SEPARATOR = " · "


def flow(parts: Sequence[str], width: int, *, optional: Sequence[str] = (), separator: str = SEPARATOR) -> list[str]:
    """``parts`` joined by ``separator`` in lines of at most ``width`` cells, as many parts to a line as fit (a part
    wider than a line has one to itself); then each ``optional`` part at the end of the last line if it fits there,
    else left out."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1] + separator + part) <= width:
            lines[-1] += separator + part
        else:
            lines.append(part)
    for part in optional:
        if not lines and cell_len(part) <= width:
            lines.append(part)
        elif lines and cell_len(lines[-1] + separator + part) <= width:
            lines[-1] += separator + part
    return lines


def done_parts(board: Dashboard) -> list[str]:
    """Lessons done and each kind's puzzles solved, of all: ``Done: Lessons 1/12``, ``Forced 3/135``..."""
    from trainer.practice.stats import kind_name

    lessons = board.lessons
    kinds = [
        dashboard_words.kind_solved(kind_name(kind.total.kind).short, kind.total.solved, kind.total.total)
        for kind in board.puzzles
    ]
    return [dashboard_words.lessons_done(lessons.done, lessons.total), *kinds]


def first_try_parts(board: Dashboard) -> list[str]:
    """The first-try accuracy of each kind attempted (none before the first attempt)."""
    from trainer.practice.stats import kind_name

    parts = [
        dashboard_words.kind_accuracy(kind_name(kind.total.kind).short, kind.total.accuracy)
        for kind in board.puzzles
        if kind.total.attempted
    ]
    if parts:
        parts[0] = dashboard_words.first_try(parts[0])
    return parts


def weakest_part(board: Dashboard, figure_title: Callable[[PuzzleFigures], str]) -> str | None:
    """The theme with the lowest first-try accuracy, if one is below 100%, named by ``figure_title``, with its kind
    where another kind has a theme of the same name."""
    from trainer.practice.stats import kind_name, weakest_theme

    weakest = weakest_theme(board.puzzles)
    if weakest is None:
        return None
    title = figure_title(weakest)
    shared = sum(figure_title(theme) == title for kind in board.puzzles for theme in kind.themes) > 1
    return dashboard_words.weakest(title, weakest.accuracy, kind_name(weakest.kind).short if shared else None)


def rating_text(board: Dashboard) -> str:
    return common_words.rating(board.rating.text) + " "


def skill_parts(board: Dashboard) -> list[str]:
    """The skill figures there are: the best-play and cube ratings once rated, the best-play drill's bests once run,
    each counting drill's best average of ten (or its answers before ten right ones), the learner's own mistakes to
    drill."""
    parts = [
        dashboard_words.kind_rating(rating.kind, rating.text) for rating in board.ratings[1:] if rating.rated_attempts
    ]
    best = board.best_drills
    if best.streak_runs or best.storm_runs:
        parts.append(dashboard_words.best_play_bests(best.best_streak, best.best_storm))
    for kind, counted in {**board.counting, **board.knowledge}.items():
        if counted.answered:
            parts.append(dashboard_words.counting_best(kind, counted.best_ten, counted.answered))
    if board.mistakes.total:
        parts.append(dashboard_words.mistakes_part(board.mistakes.total, board.mistakes.due))
    return parts


def bests_line(board: Dashboard) -> str:
    """The best Streak and Storm and the days practised in a row."""
    return dashboard_words.bests(board.drills.best_streak, board.drills.best_storm, board.days.in_a_row)


class FlowText(Widget):
    """Parts of a text in as many lines as its width needs, never cut inside a part, and optional parts where they
    fit (:func:`flow`)."""

    DEFAULT_CSS = """
    FlowText { height: auto; width: 100%; }
    """

    parts: reactive[tuple[str, ...]] = reactive((), layout=True)
    optional: reactive[tuple[str, ...]] = reactive((), layout=True)

    def lines(self, width: int) -> list[str]:
        return flow(self.parts, width, optional=self.optional) or [""]

    def render(self) -> Text:
        return Text("\n".join(self.lines(self.size.width)), no_wrap=True, overflow="ellipsis")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))


class DashboardSummary(Widget):
    """Progress figures over two lines or more, with a sparkline of the rating (hidden until there are two ratings)."""

    DEFAULT_CSS = """
    DashboardSummary {
        height: auto;
        width: 100%;
        & > Horizontal { height: auto; width: 100%; }
        & > Horizontal > Static { width: auto; height: 1; }
        & > Horizontal > #dash-bests { width: 1fr; height: auto; }
        & > Horizontal > Sparkline { width: 10; height: 1; margin: 0 1 0 0; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.progress = FlowText(id="dash-progress")
        self.progress.parts = (dashboard_words.loading_progress(),)
        self.first_try = FlowText(id="dash-first-try")
        self.rating = Static("", id="dash-rating", markup=False)
        self.chart = Sparkline([], id="dash-chart")
        self.bests = Static("", id="dash-bests", markup=False)
        self.skill = FlowText(id="dash-skill")

    def compose(self) -> ComposeResult:
        yield self.progress  # the other lines come with the first figures: fewer widgets in the first frame

    def show(self, board: Dashboard, figure_title: Callable[[PuzzleFigures], str]) -> None:
        """Show ``board``'s figures, themes named by ``figure_title``."""
        from trainer.practice.ratings import INITIAL_RATING

        if not self.skill.is_attached:
            self.mount_all([self.first_try, Horizontal(self.rating, self.chart, self.bests), self.skill])
        self.progress.parts = tuple(done_parts(board))
        self.first_try.parts = tuple(first_try_parts(board))
        weakest = weakest_part(board, figure_title)
        self.first_try.optional = () if weakest is None else (weakest,)
        self.first_try.display = bool(self.first_try.parts)
        self.rating.update(rating_text(board))
        history = [rating for unused, rating in board.rating.history]
        self.chart.data = spread([INITIAL_RATING, *history][-CHART_WIDTH * 4 :])  # from the start, as far as it fits
        self.chart.display = bool(history)
        self.bests.update(bests_line(board))
        self.skill.parts = tuple(skill_parts(board))
        self.skill.display = bool(self.skill.parts)

    @property
    def text(self) -> str:
        """The figures as shown, line by line (without the chart)."""
        flowing = [text for text in (self.progress, self.first_try) if text.display and text.is_attached]
        first = "\n".join(str(text.render()) for text in flowing)
        if not self.skill.is_attached:
            return first
        second = str(self.rating.render()) + str(self.bests.render())
        return f"{first}\n{second}" + (f"\n{self.skill.render()}" if self.skill.display else "")
