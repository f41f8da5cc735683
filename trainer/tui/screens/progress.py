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

from trainer.i18n import N_, _
from trainer.practice.ratings import INITIAL_RATING
from trainer.practice.stats import Dashboard, PuzzleFigures
from trainer.training.progress import figure_title, figures_of
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.wording import common as common_words
from trainer.tui.wording import dashboard as dashboard_words
from trainer.tui.wording import progress as progress_words

CHART_HEIGHT = 10


def rating_history(board: Dashboard) -> list[float]:
    """The rating at the start and after each rated attempt (empty before the first)."""
    history = [rating for unused, rating in board.rating.history]
    return [INITIAL_RATING, *history] if history else []


def figures_table(board: Dashboard) -> Table:
    """Puzzles and drill positions by kind and theme: solved of all, and first-try accuracy."""
    table = Table(box=None, pad_edge=False, show_edge=False, expand=False)
    puzzles, solved, first_try = (_(column) for column in progress_words.FIGURE_COLUMNS)
    table.add_column(puzzles, no_wrap=True, max_width=44, overflow="ellipsis")
    table.add_column(solved, justify="right", no_wrap=True)
    table.add_column(first_try, justify="right", no_wrap=True)

    def row(figures: PuzzleFigures, indent: str) -> None:
        accuracy = "" if figures.accuracy is None else progress_words.accuracy_of(figures.accuracy, figures.attempted)
        title = figure_title(figures)  # a kind's name comes translated, a theme's as the content names it
        name = indent + (common_words.shown(title) if figures.theme is None else dashboard_words.theme_name(title))
        table.add_row(Text(name, style="bold" if not indent else ""), f"{figures.solved}/{figures.total}", accuracy)

    for kind in board.puzzles:
        row(kind.total, "")
        for theme in kind.themes:
            row(theme, "  ")
    return table


def overview(board: Dashboard) -> str:
    """The figures other than the puzzles, one a line."""
    lessons, rating, drills, reviews, days = board.lessons, board.rating, board.drills, board.reviews, board.days
    next_due_in = None if reviews.next_due is None else reviews.next_due - board.now
    lines = [
        progress_words.lessons_line(lessons.done, lessons.total, lessons.started),
        progress_words.rating_line_of(rating.text, rating.rated_attempts, provisional=rating.provisional),
        *(
            progress_words.kind_rating_line_of(
                other.kind, other.text, other.rated_attempts, provisional=other.provisional
            )
            for other in board.ratings[1:]
        ),
        progress_words.drills_line(drills.best_streak, drills.streak_runs, drills.best_storm, drills.storm_runs),
        progress_words.best_drills_line(
            board.best_drills.best_streak,
            board.best_drills.streak_runs,
            board.best_drills.best_storm,
            board.best_drills.storm_runs,
        ),
        *(
            progress_words.counting_line(kind, counted.answered, counted.right, counted.best_ten, counted.last_ten)
            for kind, counted in {**board.counting, **board.knowledge}.items()
        ),
        dashboard_words.mistakes_line(board.mistakes.total, board.mistakes.due),
        progress_words.reviews_line(reviews.due, reviews.cards, next_due_in),
        progress_words.days_line(days.in_a_row, days.total, days.best_run, today=days.today),
    ]
    return "\n".join(lines)


class ProgressScreen(TrainerScreen):
    """The full dashboard; ``c`` continues with the next useful thing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue", N_("Continue")),
    ]

    dashboard: Dashboard | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page", id="progress-page"):
            yield Static(progress_words.your_progress(), classes="page-title")
            yield Button(
                common_words.continue_button(),
                id="continue",
                classes="continue",
                action="screen.continue",
                compact=True,
            )
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
            self.query_one("#overview", Static).update(progress_words.loading())
            return
        board = figures_of(self.store, lessons, puzzles, now=self.now())
        self.dashboard = board
        self.query_one("#continue", Button).label = Text(common_words.continue_button(board.continue_with.label))
        self.query_one("#overview", Static).update(overview(board))
        self.query_one("#figures", Static).update(figures_table(board))
        self.show_chart(board)

    def show_chart(self, board: Dashboard) -> None:
        """The rating from the start and after each rated attempt, as a line chart (once there is one)."""
        history = rating_history(board)
        note = self.query_one("#chart-note", Static)
        if len(history) < 2:
            note.update(progress_words.chart_starts_later())
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
        plt.title(progress_words.chart_title())
        plt.xlabel(progress_words.chart_x_label())
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
