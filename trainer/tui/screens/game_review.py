"""Review a game: a game played here, or a GNU Backgammon match file, analysed decision by decision
(:func:`~trainer.play.analyse.analyse_match`) and shown on the board.

- :class:`GameReviewMenuScreen` lists the games played here, newest first, and "Open a match file…", which asks for
  a path (a file that can't be read is said on the page, the path kept to correct). The match is read in a worker
  thread, the keys working meanwhile.
- :class:`GameReviewScreen` analyses the match in a worker thread, a progress bar showing how far it is (the games
  replayed, then the decisions judged; leaving the screen stops either); then it shows each player's figures
  (decisions, errors by size, the error rate and GNU Backgammon's rating word) and one decision at a time on the
  board: the play made and the best one with their equities, the equity lost and its verdict, and what the better
  play does. The arrows step through the decisions, ``m`` puts the mistakes first (the biggest first), ``v`` shows
  the best play instead of the one made, and ``d`` makes the mistakes of the learner (in a file: of the player ``1``
  or ``2`` chooses) personal puzzles due for review.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Input, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.engine import MAX_CUBE, Cube, EngineError
from trainer.i18n import N_
from trainer.play.analyse import AnalysedDecision, DecisionKind, MatchAnalysis, analyse_match, luck_lines
from trainer.play.match_file import game_match, read_match_file
from trainer.play.matfile import MatMatch
from trainer.shared.skill import Skill
from trainer.store import StoredGame
from trainer.training.mistake_themes import theme_loss_lines
from trainer.training.service import drill_mistakes, keep_theme_losses
from trainer.tui.scenes import played_scene, seen_by_x
from trainer.tui.screens.base import MenuPageScreen
from trainer.tui.screens.task_screen import SCROLL_PANEL_BINDINGS, TaskScreen
from trainer.tui.widgets.board import BoardScene
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.scene import TurnCue
from trainer.tui.widgets.task import TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import game as game_words
from trainer.tui.wording import game_review as game_review_words

DEFAULT_COLUMN = 1
"""Whose mistakes ``d`` drills in a match file until ``1`` or ``2`` chooses: the right-hand player, as the learner
is in a game played here (and GNU Backgammon's human player)."""
STEP_KEYS = Binding.Group(N_("Previous/next"), compact=True)
PLAYER_KEYS = Binding.Group(N_("Whose mistakes"))
T = TypeVar("T")


def is_mistake(item: AnalysedDecision) -> bool:
    """Whether a decision is a mistake: it counts, and lost at least the doubtful threshold."""
    return item.counts and item.skill is not Skill.GOOD


def mistakes_first(decisions: Sequence[AnalysedDecision]) -> tuple[AnalysedDecision, ...]:
    """``decisions`` with the mistakes first, the biggest first (a tie in the match's order), then the others in
    the match's order."""
    mistakes = sorted((item for item in decisions if is_mistake(item)), key=lambda item: -item.loss)
    return (*mistakes, *(item for item in decisions if not is_mistake(item)))


def has_better_play(item: AnalysedDecision) -> bool:
    """Whether a move had a better play than the one made, to show on the board."""
    best = item.verdict.best_play
    return item.kind is DecisionKind.MOVE and best is not None and best != item.point.play


def decision_scene(item: AnalysedDecision, names: tuple[str, str], *, best: bool = False) -> BoardScene:
    """A decision on the board, numbered for its player: a move as it was made (or, ``best``, the best play) from
    and to; a cube decision as the position before it, the cube offered for an answer to a double; the cube and the
    score as they stood, the action in the caption. ``names``: the right-hand player's (X) and the left-hand's (O)."""
    point = item.point
    state = point.state
    on_roll = state.turn or point.side
    scene = BoardScene(
        position=seen_by_x(state.position, on_roll),
        on_roll=on_roll,
        cube=state.doubling_cube,
        match=None if state.match.is_money else state.match,
        names=names,
        numbered_for=point.side,
    )
    if item.kind is DecisionKind.MOVE and point.play is not None:
        verdict = item.verdict
        if best and verdict.best_play is not None:
            caption = game_review_words.review_caption(point.player, item.best, verdict.best_equity, best=True)
            return replace(played_scene(scene, verdict.best_play, point.side), caption=caption)
        equity = verdict.chosen_equity if item.counts else None  # a forced play has no figures
        caption = game_review_words.review_caption(point.player, item.played, equity, best=False)
        return replace(played_scene(scene, point.play, point.side), caption=caption)
    caption = game_review_words.review_cube_caption(point.player, item.played, item.best)
    if item.kind is DecisionKind.TAKE:
        offered = state.cube * (4 if point.beavered else 2)
        cube = Cube(offered) if offered <= MAX_CUBE else state.doubling_cube
        return replace(scene, cube=cube, cue=TurnCue.DOUBLES, caption=caption)
    return replace(scene, cue=TurnCue.ROLL, caption=caption)


def decision_text(item: AnalysedDecision, analysed_by: str = "") -> str:
    """A decision in the panel: the play (or cube action) made and the best one with their equities, the equity
    lost and its verdict, what the better play does, and the analysis the file carried (by ``analysed_by``)."""
    verdict = item.verdict
    move = item.kind is DecisionKind.MOVE
    kept = item.file_analysis
    carried = (
        [] if kept is None else [game_review_words.review_file_analysis(analysed_by, kept.level, kept.best, kept.loss)]
    )
    if move and not item.counts:
        return "\n".join([game_review_words.review_forced(item.played), *carried])
    lines = [
        game_review_words.review_played(item.played, verdict.chosen_equity),
        game_review_words.review_best(item.best, verdict.best_equity),
        game_review_words.review_loss(item.loss, item.skill.word, play=move),
    ]
    why = item.why()
    return "\n".join([*lines, why, *carried] if why else [*lines, *carried])


def summary_text(analysis: MatchAnalysis, drilled: int) -> str:
    """Each player's figures (the facts of ``bgtrainer analyse``), luck and equity lost per theme, the player ``d``
    drills marked (and called "you" in the luck line), then the games that could not be replayed."""
    games = {item.game for item in analysis.decisions} | {problem.game for problem in analysis.problems}
    lines = [game_review_words.analysis_heading(analysis.length, len(games), analysis.plies)]
    for column in (0, 1):
        summary = analysis.summary(column)
        rate = summary.error_rate
        errors = (summary.errors[Skill.DOUBTFUL], summary.errors[Skill.BAD], summary.errors[Skill.VERY_BAD])
        lines.append(
            game_review_words.review_player_summary(
                summary.player,
                rate.decisions,
                rate.play_decisions,
                rate.cube_decisions,
                errors,
                summary.millipoints,
                summary.rating.word,
                drilled=column == drilled,
            )
        )
        lines += [f"  {line}" for line in luck_lines(analysis, column, None if column == drilled else summary.player)]
        lines += [f"  {line}" for line in theme_loss_lines(analysis, column)]
    lines += [problem.text() for problem in analysis.problems]
    return "\n".join(lines)


# --- the menu -------------------------------------------------------------------------------------------------------


class MatchPathInput(Input):
    """The box for a match file's path; escape goes back to the list."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("Back to the list"))]

    def action_leave(self) -> None:
        screen = self.screen
        if isinstance(screen, GameReviewMenuScreen):
            screen.close_file_box()


class GameReviewMenuScreen(MenuPageScreen):
    """The games played here, newest first, and "Open a match file…"; choosing one opens its review."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("o", "open_file", N_("Open a match file"))]

    DEFAULT_CSS = """
    GameReviewMenuScreen #match-file { height: auto; display: none; margin-top: 1; }
    GameReviewMenuScreen #review-problem { display: none; margin-top: 1; }
    """

    MENU_ID = "review-games"

    def __init__(self) -> None:
        super().__init__()
        self.listed: dict[str, StoredGame] = {}
        """The games the menu lists, by id."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static(self.page_title(), classes="page-title")
            yield Static(self.page_subtitle(), classes="page-subtitle")
            yield OptionList(id=self.MENU_ID, classes="menu")
            yield Static(id="review-problem", classes="notice", markup=False)
            with Vertical(id="match-file"):
                yield Static(game_review_words.match_file_field(), markup=False)
                yield MatchPathInput(placeholder=game_review_words.match_file_placeholder(), id="match-path")
        yield KeysFooter()

    def page_title(self) -> str:
        return game_review_words.game_review_title()

    def page_subtitle(self) -> str:
        return game_review_words.game_review_subtitle()

    def add_entries(self, menu: OptionList) -> None:
        games = list(reversed(self.store.games.games(fresh=True)))  # as the file has them now, the newest first
        self.listed = {game.id: game for game in games}
        for game in games:
            menu.add_option(Option(Text(game_review_words.game_to_review(game)), id=f"game:{game.id}"))
        if not games:
            menu.add_option(Option(Text(game_review_words.no_games_to_review()), id="none", disabled=True))
        menu.add_option(None)
        menu.add_option(Option(Text(game_review_words.open_match_file_entry()), id="file"))

    def refresh_entries(self) -> None:
        super().refresh_entries()
        if not self.listed:  # nothing to choose but the file
            menu = self.query_one(f"#{self.MENU_ID}", OptionList)
            menu.highlighted = menu.get_option_index("file")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id == "file":
            self.action_open_file()
        elif option_id.startswith("game:"):
            self.open_game(option_id.removeprefix("game:"))

    def open_game(self, game_id: str) -> None:
        """Review a game played here (the learner is the right-hand player of its match)."""
        game = self.listed.get(game_id)
        if game is None:
            return
        title = game_review_words.review_game_title(game.number, game.match_length)
        learner, computer = game_review_words.played_here_names()
        key = f"game:{game.id}"
        self.load(lambda: game_match(game, learner_name=learner, computer_name=computer), title, DEFAULT_COLUMN, key)

    def action_open_file(self) -> None:
        self.query_one("#match-file").display = True
        self.query_one("#match-path", MatchPathInput).focus()

    def close_file_box(self) -> None:
        """Back from the path box to the list (what was typed is kept for next time)."""
        self.query_one("#match-file").display = False
        self.show_problem("")
        self.query_one(f"#{self.MENU_ID}", OptionList).focus()

    def show_problem(self, text: str) -> None:
        """Say on the page why a game or file can't be reviewed (nothing when ``text`` is empty)."""
        problem = self.query_one("#review-problem", Static)
        problem.update(common_words.shown(text))
        problem.display = bool(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        written = event.value.strip()
        if not written:
            return
        path = Path(written)
        with contextlib.suppress(RuntimeError):  # ~name of no such user: read as written
            path = path.expanduser()
        self.load(lambda: read_match_file(path), path.name, None)  # a problem is said, the path kept to correct

    def load(self, read: Callable[[], MatMatch], title: str, learner: int | None, key: str | None = None) -> None:
        """Read a match in a worker thread (a big file takes a moment, and the keys keep working meanwhile), then
        open its review named ``title`` (``key``: a game played here's, for its figures kept); a match that cannot be
        read is said on the page."""
        self.show_problem(game_review_words.reading_match())
        self.read_match(read, title, learner, key)

    @work(thread=True, exclusive=True, exit_on_error=False, group="read-match")
    def read_match(self, read: Callable[[], MatMatch], title: str, learner: int | None, key: str | None) -> None:
        try:
            match = read()
        except EngineError as error:
            self.tell_loaded(self.show_problem, str(error))
            return
        self.tell_loaded(self.open_review, GameReviewScreen(match, title, learner=learner, key=key))

    def tell_loaded(self, callback: Callable[[T], None], value: T) -> None:
        """Run ``callback`` with ``value`` on the event loop (from the reading worker), unless a newer reading (or
        leaving the page) cancelled it."""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(callback, value)

    def open_review(self, review: GameReviewScreen) -> None:
        """The match is read: its review opens, if the page is still the one shown."""
        self.show_problem("")
        if self.is_current:
            self.app.push_screen(review)


# --- the review -----------------------------------------------------------------------------------------------------


class GameReviewScreen(TaskScreen, inherit_bindings=False):
    """A match analysed, then its decisions one at a time on the board (see the module).

    Its keys are its own; the task screen's that apply (scrolling the panel) declared again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", N_("Back")),
        Binding("left,h", "step(-1)", N_("Previous"), group=STEP_KEYS),
        Binding("right,l", "step(1)", N_("Next"), group=STEP_KEYS),
        Binding("v", "toggle_view", N_("Played/best")),
        Binding("m", "toggle_order", N_("Mistakes first/in order")),
        Binding("d", "drill", N_("Drill my mistakes")),
        Binding("1", "choose_player(0)", N_("Left player"), group=PLAYER_KEYS),
        Binding("2", "choose_player(1)", N_("Right player"), group=PLAYER_KEYS),
        *SCROLL_PANEL_BINDINGS,
    ]

    analysed: reactive[bool] = reactive(False, bindings=True)
    """The analysis is done: the figures and the decisions are shown."""
    index: reactive[int] = reactive(0, bindings=True)
    """The decision shown, in the order chosen."""
    ordered_by_loss: reactive[bool] = reactive(False, bindings=True)
    """The mistakes first (``m``), rather than the match's order."""
    showing_best: reactive[bool] = reactive(False, bindings=True)
    """The best play on the board (``v``), rather than the one made."""
    drilled: reactive[int] = reactive(DEFAULT_COLUMN, bindings=True)
    """The file's column (0 left, 1 right) of the player whose mistakes ``d`` drills."""

    plies = ANALYSIS_PLIES
    """How deep each decision is analysed."""

    def __init__(self, match: MatMatch, title: str, learner: int | None, key: str | None = None) -> None:
        """Review ``match``, named ``title``; ``learner``: the file's column of the learner (0 left, 1 right), or
        ``None`` for a file, whose player ``1`` and ``2`` choose; ``key``: where the learner's equity lost per theme
        is kept (a game played here: ``game:`` and its id; a file: a digest of its decisions)."""
        super().__init__()
        self.match = match
        self.review_title = title
        self.learner = learner
        self.themes_key = key
        self.analysis: MatchAnalysis | None = None
        self.items: tuple[AnalysedDecision, ...] = ()
        """The decisions listed, in the order chosen."""
        self.stopped = threading.Event()
        """Set when the screen is left: the analysis stops at its next decision, and nothing it says is shown."""
        self.set_reactive(GameReviewScreen.analysed, False)
        self.set_reactive(GameReviewScreen.index, 0)
        self.set_reactive(GameReviewScreen.ordered_by_loss, False)
        self.set_reactive(GameReviewScreen.showing_best, False)
        self.set_reactive(GameReviewScreen.drilled, DEFAULT_COLUMN if learner is None else learner)

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(id="review-summary", markup=False),
            Static(id="review-heading", classes="step-heading", markup=False),
            ProgressBar(id="review-progress"),
            Static(id="review-decision", markup=False),
            FeedbackBar(id="feedback"),
            title=" " + game_review_words.review_title_bar(self.review_title, None, mistakes_first=False),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        board = self.board
        board.choosing = False  # the board only shows here: its keys are the screen's
        board.cursor_shown = False
        board.scene = BoardScene(names=self.names())
        self.query_one("#review-summary").display = False
        self.query_one("#review-heading", Static).update(game_review_words.analysing_match())
        self.analyse()

    def on_unmount(self) -> None:
        self.stopped.set()

    def names(self) -> tuple[str, str]:
        """The players as the board names them: X the file's right-hand player, O the left-hand one."""
        left, right = self.match.games[0].names if self.match.games else ("", "")
        return common_words.shown(right), common_words.shown(left)

    @property
    def current(self) -> AnalysedDecision | None:
        """The decision shown, if any."""
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    # --- the analysis, in a worker thread -------------------------------------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False)
    def analyse(self) -> None:
        """Load the evaluator and judge every decision, telling the screen how far it is; stops when the screen is
        left. A failure is said on the screen."""
        try:
            evaluator = self.trainer.load_match_evaluator()
            analysis = analyse_match(
                self.match,
                evaluator,
                plies=self.plies,
                progress=self.report_progress,
                cancelled=self.stopped.is_set,
                replaying=self.report_replay,
            )
        except Exception as error:  # the evaluator's or the replay's: said, never a crash
            self.tell(self.analysis_failed, str(error))
            return
        self.tell(self.show_analysis, analysis)

    def tell(self, callback: Callable[[T], None], value: T) -> None:
        """Run ``callback`` with ``value`` on the event loop (from the worker), unless the screen was left."""
        if not self.stopped.is_set():
            self.app.call_from_thread(callback, value)

    def report_progress(self, done: int, total: int) -> None:
        self.tell(self.show_progress, (done, total))

    def report_replay(self, done: int, total: int) -> None:
        self.tell(self.show_replay, (done, total))

    def show_progress(self, progress: tuple[int, int]) -> None:
        self.show_stage(progress, game_review_words.analysis_progress)

    def show_replay(self, progress: tuple[int, int]) -> None:
        self.show_stage(progress, game_review_words.replay_progress)

    def show_stage(self, progress: tuple[int, int], said: Callable[[int, int], str]) -> None:
        """The progress bar and its words: ``done`` of ``total`` games replayed, or decisions judged."""
        if self.stopped.is_set():
            return
        done, total = progress
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)
        self.query_one("#review-decision", Static).update(said(done, total))

    def analysis_failed(self, error: str) -> None:
        if self.stopped.is_set():
            return
        self.query_one("#review-progress").display = False
        self.query_one("#review-decision", Static).update("")
        self.feedback.show(game_review_words.analysis_failed(error), "wrong")

    def show_analysis(self, analysis: MatchAnalysis) -> None:
        if self.stopped.is_set():
            return
        self.analysis = analysis
        self.items = analysis.listed
        self.query_one("#review-progress").display = False
        self.query_one("#review-summary").display = True
        self.analysed = True
        if self.learner is not None:  # the learner's own game: its figures per theme are kept for Continue
            self.keep_themes(self.learner)

    def keep_themes(self, column: int) -> None:
        """Keep the equity player ``column`` (the learner) lost per theme; a store that refuses it is said."""
        if self.analysis is None:
            return
        try:
            keep_theme_losses(self.store, self.analysis, column, now=self.now(), key=self.themes_key)
        except ValueError as error:
            self.feedback.show(game_words.something_went_wrong(str(error)), "wrong")

    # --- what is shown ----------------------------------------------------------------------------------------

    def watch_analysed(self) -> None:
        self.show_summary()
        self.show_decision()

    def watch_index(self) -> None:
        self.set_reactive(GameReviewScreen.showing_best, False)  # a new decision shows the play made first
        self.show_decision()

    def watch_ordered_by_loss(self, ordered: bool) -> None:
        """Mistakes first: from the biggest; back to the match's order: at the decision shown."""
        shown = self.current
        listed = self.analysis.listed if self.analysis is not None else ()
        self.items = mistakes_first(listed) if ordered else listed
        place = 0 if ordered else next((index for index, item in enumerate(listed) if item is shown), 0)
        if place != self.index:
            self.index = place  # its watcher shows it
        else:
            self.show_decision()

    def watch_showing_best(self) -> None:
        self.show_board()

    def watch_drilled(self) -> None:
        self.show_summary()

    def show_summary(self) -> None:
        if self.analysis is None:
            return
        said = summary_text(self.analysis, self.drilled)
        name = self.analysis.players[self.drilled]
        drill = game_review_words.drilled_player(name, choosable=self.learner is None)
        self.query_one("#review-summary", Static).update(f"{said}\n{drill}")

    def show_decision(self) -> None:
        """The decision shown: the title bar, the heading, the panel's text and the board."""
        if not self.analysed:
            return
        item = self.current
        place = None if item is None else (self.index + 1, len(self.items))
        self.task_layout.set_title(
            " " + game_review_words.review_title_bar(self.review_title, place, mistakes_first=self.ordered_by_loss)
        )
        heading = self.query_one("#review-heading", Static)
        text = self.query_one("#review-decision", Static)
        if item is None:
            heading.update(game_review_words.no_decisions_to_review())
            text.update("")
            return
        yours = item.point.column == self.learner
        heading.update(
            game_review_words.decision_heading(item.game, item.number, item.player, item.point.dice, yours=yours)
        )
        text.update(decision_text(item, self.analysis.analysed_by if self.analysis is not None else ""))
        self.call_after_refresh(text.scroll_visible, animate=False)  # below the figures in a small window
        self.show_board()

    def show_board(self) -> None:
        item = self.current
        if item is not None:
            self.board.scene = decision_scene(item, self.names(), best=self.showing_best)

    # --- the keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        item = self.current
        step = parameters[0] if parameters and isinstance(parameters[0], int) else 0
        applicable = {
            "leave": True,
            "step": self.analysed and item is not None and 0 <= self.index + step < len(self.items),
            "toggle_view": self.analysed and item is not None and has_better_play(item),
            "toggle_order": self.analysed and bool(self.items),
            "drill": self.analysed,
            "choose_player": self.analysed and self.learner is None,
        }
        return applicable[action] if action in applicable else super().check_action(action, parameters)

    def action_step(self, step: int) -> None:
        if self.check_action("step", (step,)):
            self.index += step

    def action_toggle_view(self) -> None:
        if self.check_action("toggle_view", ()):
            self.showing_best = not self.showing_best

    def action_toggle_order(self) -> None:
        if self.check_action("toggle_order", ()):
            self.ordered_by_loss = not self.ordered_by_loss

    def action_choose_player(self, column: int) -> None:
        if self.check_action("choose_player", (column,)) and column in (0, 1):
            self.drilled = column

    def action_drill(self) -> None:
        """Make the chosen player's mistakes personal puzzles, due for review now, and say how many were new."""
        analysis = self.analysis
        if analysis is None:
            return
        column = self.drilled
        try:
            added = drill_mistakes(self.store, analysis, column, now=self.now())
        except (EngineError, ValueError) as error:
            self.feedback.show(game_words.something_went_wrong(str(error)), "wrong")
            return
        self.keep_themes(column)  # drilling a player's mistakes says that player is the learner
        name = None if self.learner is not None else analysis.players[column]
        if added:
            self.feedback.show(game_review_words.mistakes_added(added, name), "right")
        elif sum(analysis.summary(column).errors.values()):
            self.feedback.show(game_review_words.no_new_mistakes(name), "info")
        else:
            self.feedback.show(game_review_words.no_mistakes_to_drill(name), "info")

    def action_leave(self) -> None:
        """Back: an analysis under way stops."""
        self.stopped.set()
        self.app.pop_screen()
