"""Progress: every figure of the dashboard on one page (the same as ``bgtrainer stats``): lessons, the rating with
a chart of its history, puzzles and drill positions by kind and theme with first-try accuracy, the best Streak and
Storm, reviews due, days practised in a row, and Continue."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from trainer.engine.wording import plural
from trainer.practice.ratings import INITIAL_RATING
from trainer.practice.stats import Dashboard, PuzzleFigures
from trainer.stats_report import figure_title, gather, records_of
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.footer import KeysFooter

CHART_HEIGHT = 10


def rating_history(board: Dashboard) -> list[float]:
    """The rating at the start and after each rated attempt (empty before the first)."""
    history = [rating for _, rating in board.rating.history]
    return [INITIAL_RATING, *history] if history else []


def figures_table(board: Dashboard) -> Table:
    """Puzzles and drill positions by kind and theme: solved of all, and first-try accuracy."""
    table = Table(box=None, pad_edge=False, show_edge=False, expand=False)
    table.add_column("Puzzles", no_wrap=True, max_width=44, overflow="ellipsis")
    table.add_column("Solved", justify="right", no_wrap=True)
    table.add_column("First try", justify="right", no_wrap=True)

    def row(figures: PuzzleFigures, indent: str) -> None:
        accuracy = "" if figures.accuracy is None else f"{figures.accuracy:.0%} of {figures.attempted}"
        name = indent + figure_title(figures)
        table.add_row(Text(name, style="bold" if not indent else ""), f"{figures.solved}/{figures.total}", accuracy)

    for kind in board.puzzles:
        row(kind.total, "")
        for theme in kind.themes:
            row(theme, "  ")
    return table


def time_until(seconds: float) -> str:
    """A wait in words, rounded: ``in 10 minutes``, ``in 3 hours``, ``in 2 days``."""
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        return f"in {plural(minutes, 'minute')}"
    hours = round(minutes / 60)
    if hours < 24:
        return f"in {plural(hours, 'hour')}"
    return f"in {plural(round(hours / 24), 'day')}"


def overview(board: Dashboard) -> str:
    """The figures other than the puzzles, one a line."""
    lessons, rating, drills, reviews, days = board.lessons, board.rating, board.drills, board.reviews, board.days
    started = f", {lessons.started} started" if lessons.started else ""
    review = f"Reviews due      {reviews.due} of {plural(reviews.cards, 'card')}"
    if reviews.next_due is not None:
        review += f"; the next {time_until(reviews.next_due - board.now)}"
    provisional = " (provisional)" if rating.provisional else ""
    lines = [
        f"Lessons          {lessons.done} of {lessons.total} done{started}",
        f"Rating           {rating.text}{provisional}, {plural(rating.rated_attempts, 'rated attempt')}",
        f"Best streak      {drills.best_streak} ({plural(drills.streak_runs, 'run')}); "
        f"best storm {drills.best_storm} ({plural(drills.storm_runs, 'run')})",
        review,
        f"Days in a row    {days.in_a_row}{'' if days.today or not days.in_a_row else ' (not yet today)'}; "
        f"{plural(days.total, 'day')} in all, best run {days.best_run}",
    ]
    return "\n".join(lines)


class ProgressScreen(TrainerScreen):
    """The full dashboard; ``c`` continues with the next useful thing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue", "Continue"),
    ]

    dashboard: Dashboard | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page progress-page", id="progress-page"):
            yield Static("Your progress", classes="page-title")
            yield Button("▶ Continue", id="continue", classes="continue", action="screen.continue", compact=True)
            yield Static(id="overview", classes="section", markup=False)
            yield Static(id="chart-note", classes="section", markup=False)
            yield Static(id="figures", classes="section")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#continue", Button).can_focus = False
        self.query_one("#progress-page").focus()
        self.refresh_figures()

    def on_screen_resume(self) -> None:
        self.refresh_figures()

    def refresh_figures(self) -> None:
        lessons, puzzles = self.trainer.lessons, self.trainer.puzzles
        if lessons is None or puzzles is None:
            self.query_one("#overview", Static).update("Loading…")
            return
        board = gather(records_of(self.store), lessons, puzzles, now=self.now())
        self.dashboard = board
        self.query_one("#continue", Button).label = Text(f"▶ {board.continue_with.label}  (c)")
        self.query_one("#overview", Static).update(overview(board))
        self.query_one("#figures", Static).update(figures_table(board))
        self.show_chart(board)

    def show_chart(self, board: Dashboard) -> None:
        """The rating from the start and after each rated attempt, as a line chart (once there is one)."""
        history = rating_history(board)
        note = self.query_one("#chart-note", Static)
        if len(history) < 2:
            note.update("The rating chart starts after your first rated puzzle.")
            note.display = True
            return
        note.display = False
        from textual_plotext import PlotextPlot  # loaded only for this page

        charts = self.query(PlotextPlot)
        if charts:
            chart = charts.first()
        else:
            chart = PlotextPlot(id="rating-chart")
            chart.styles.height = CHART_HEIGHT
            chart.styles.margin = (0, 0, 1, 0)
            self.query_one("#progress-page").mount(chart, after="#overview")
        plt = chart.plt
        plt.clear_data()
        attempts = [float(attempt) for attempt in range(len(history))]
        plt.plot(attempts, history, marker="braille")
        step = max(1, -(-len(history) // 8))
        plt.xticks(attempts[::step], [str(round(attempt)) for attempt in attempts[::step]])
        low, high = min(history), max(history)
        ticks = sorted({float(round(low + (high - low) * share / 4)) for share in range(5)})
        plt.yticks(ticks, [str(round(tick)) for tick in ticks])
        plt.title("Rating after each rated attempt (0: the start)")
        plt.xlabel("rated attempts")
        chart.refresh()

    def action_continue(self) -> None:
        from trainer.tui.screens.home import HomeScreen

        stack = self.app.screen_stack
        home = stack[-2] if len(stack) > 1 else None
        if self.dashboard is None or not isinstance(home, HomeScreen):
            return
        suggestion = self.dashboard.continue_with
        self.app.pop_screen()
        home.follow(suggestion)
