"""Play: a game on the board, whatever the game (:class:`~trainer.play.PlayableGame`): against the computer (bgsage,
with the cube and the tutor), acey-deucey against the computer's heuristic player, or two players at one keyboard.
The menu that starts or resumes one is :mod:`trainer.tui.screens.play_menu`.

The screen shows what the game waits for, takes the player's decisions (on the board one checker at a time, or
typed, undone with ``u`` until confirmed with enter; the cube with ``d``, ``t``, ``p`` and ``b``; the double after a
1-2 with ``1``-``6``), plays the computer's turns out checker by checker, and saves the game after every decision.
It asks the game what it offers (:attr:`~trainer.play.PlayableGame.allowed`, its setup, whether it has a tutor),
never what kind of game it is. Actions that evaluate (a game against bgsage: the computer's turn, the tutor's
verdicts, hints) run in a worker thread, so the screen never freezes; bgsage itself is loaded by the first of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from trainer.analysis import RankedPlay
from trainer.engine import EngineError, IllegalPlayError, Play, PlayError, Side
from trainer.engine.wording import quoted, sentence
from trainer.i18n import N_
from trainer.play import ComputerTurn, Event, Hint, Mistake, Outcome, PlayableGame, Verdict
from trainer.store import GameChangedError
from trainer.training.service import PlayedGames
from trainer.tui.play_presenter import Command, Next, Picked, PlayPresenter, Said
from trainer.tui.playing import STEP_SECONDS, BoardPlay, animate_play
from trainer.tui.scenes import marked_scene, turn_again_scene
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.cube import CubeAction, CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.wording import common as common_words
from trainer.tui.wording import game as game_words
from trainer.tui.wording import play_menu as play_menu_words

DOUBLE_KEYS = Binding.Group(N_("Choose a double"))
T = TypeVar("T")
CUBE_COMMANDS: dict[CubeAction, Command] = {
    CubeAction.DOUBLE: Command.DOUBLE,
    CubeAction.TAKE: Command.TAKE,
    CubeAction.PASS: Command.PASS,
    CubeAction.BEAVER: Command.BEAVER,
}
"""The cube buttons (and their keys) and the commands they give."""
ACTION_COMMANDS: dict[str, Command] = {
    "confirm": Command.CONFIRM,
    "go_on": Command.GO_ON,
    "roll": Command.ROLL,
    "take_back": Command.TAKE_BACK,
    "hint": Command.HINT,
    "toggle_view": Command.TOGGLE_VIEW,
    "toggle_tutor": Command.TOGGLE_TUTOR,
    "next_game": Command.NEXT_GAME,
    "choose_double": Command.CHOOSE_DOUBLE,
    "undo": Command.UNDO,
    "focus_notation": Command.TYPE_PLAY,
}
"""The screen's actions (keys and buttons) and the commands they give."""


def ranked_line(item: RankedPlay) -> Text:
    """A play of a ranking, two lines: its rank (★ the best), the play and its equity; its winning and gammon
    chances."""
    chances = item.chances
    return Text(
        game_words.ranked_hint(item.rank, str(item.play), item.equity, 100 * chances.win, 100 * chances.win_gammon)
    )


class PlayScreen(TaskScreen):
    """A game on the board: the players' decisions, the computer's turns played out, the tutor's verdicts, hints,
    and at the end the result, the mistakes and the error rate."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back"), show=False),
        Binding("enter", "confirm", N_("Confirm")),
        Binding("enter", "go_on", N_("Go on")),
        Binding("r,enter", "roll", N_("Roll")),
        Binding("n,enter", "next_game", N_("Next game")),
        Binding("z", "take_back", N_("Take back")),
        Binding("h", "hint", N_("Hint")),
        Binding("v", "toggle_view", N_("Yours/better")),
        Binding("T", "toggle_tutor", N_("Tutor on/off")),
        Binding("b", "cube('beaver')", N_("Beaver")),
        *(
            Binding(str(number), f"choose_double({number})", N_("Choose a double"), group=DOUBLE_KEYS)
            for number in range(1, 7)
        ),
    ]

    busy: reactive[bool] = reactive(False, bindings=True)
    """An evaluation or an animation is under way: the player's keys wait."""
    paused: reactive[Verdict | None] = reactive(None, bindings=True)
    """A mistake the tutor flagged, shown until the player goes on (or takes it back)."""
    complete: reactive[Play | None] = reactive(None, bindings=True)
    """The play made on the board or typed, waiting to be confirmed."""
    step_seconds = STEP_SECONDS
    """How long each move of the computer (a checker, a roll, a cube action) stays on the board before the next."""

    def __init__(self, game: PlayableGame, *, version: int = 0) -> None:
        """``version``: the save of ``game`` in the progress file it was resumed from (0 for a new game)."""
        super().__init__()
        self.game = game
        self.presenter = PlayPresenter(game)
        self.version = version
        self.setup = game.setup
        self.showing_better = True
        self.hint_plays: tuple[RankedPlay, ...] = ()
        self.animation: Timer | None = None
        self.happened: list[str] = []
        """What has happened, in words, newest last."""
        self.mistakes: tuple[Mistake, ...] = ()
        """The learner's mistakes, listed at the end."""
        self.stale = False
        """Another copy of the app saved this game since it was opened: nothing more is saved from here."""
        self.laid_out = False
        """Whether the screen's widgets exist (from the start of mounting on; ``is_mounted`` comes only after)."""
        self.set_reactive(PlayScreen.busy, False)
        self.set_reactive(PlayScreen.paused, None)
        self.set_reactive(PlayScreen.complete, None)

    # --- what the screen has picked, and what applies ------------------------------------------------------------

    def picked(self) -> Picked:
        """What the screen has picked so far, for the presenter."""
        playing = self.playing
        return Picked(self.busy, self.paused, self.complete, playing is not None, bool(playing and playing.turn.moves))

    def deciding(self) -> Side:
        """The side whose decision the screen takes now (X between decisions)."""
        return self.presenter.deciding()

    # --- layout ---------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(id="play-status", classes="step-heading", markup=False),
            Static(id="play-info", markup=False),
            FeedbackBar(id="feedback"),
            OptionList(id="doubles"),
            OptionList(id="hints"),
            Static(id="summary", markup=False),
            OptionList(id="mistakes"),
            CubeActions(),
            NotationInput(),
            Horizontal(
                Button(common_words.roll_label(), id="roll", variant="primary", action="screen.roll"),
                Button(game_words.confirm_label(), id="confirm", variant="primary", action="screen.confirm"),
                Button(game_words.go_on_label(), id="go-on", variant="primary", action="screen.go_on"),
                Button(common_words.undo_label(), id="undo", action="screen.undo"),
                Button(game_words.take_back_label(), id="take-back", action="screen.take_back"),
                Button(game_words.hint_label(), id="hint", action="screen.hint"),
                Button(game_words.next_game_label(), id="next-game", variant="primary", action="screen.next_game"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.laid_out = True
        self.board.scene = self.presenter.opened_scene()
        self.board.cursor_shown = False
        for widget_id in ("#doubles", "#hints", "#mistakes", "#summary"):
            self.query_one(widget_id).display = False
        self.show_title()
        self.show_opening()
        resumed = self.presenter.resumed_line()
        if resumed is not None:
            self.info(resumed)
        self.advance()

    def on_unmount(self) -> None:
        self.stop_replay()

    def show_title(self) -> None:
        self.task_layout.set_title(" " + game_words.play_title_bar(self.setup, tutor=self.game.tutor))

    def status(self, text: str) -> None:
        self.query_one("#play-status", Static).update(text)

    def info(self, text: str) -> None:
        """Add a line to what has happened (the last three are shown)."""
        self.happened.append(text)
        self.query_one("#play-info", Static).update("\n".join(self.happened[-3:]))

    def say(self, said: Said | None) -> None:
        """Show ``said`` on the feedback bar (``None``: empty it)."""
        if said is None:
            self.feedback.clear()
        else:
            self.feedback.show(said.text, said.tone)

    # --- which keys apply ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return True
        commands = self.presenter.commands(self.picked())
        if action == "cube":
            name = str(parameters[0]) if parameters else ""
            command = CUBE_COMMANDS.get(CubeAction(name)) if name in set(CubeAction) else None
            return command in commands and super().check_action(action, parameters)
        command = ACTION_COMMANDS.get(action)
        if command is not None:
            return command in commands
        return super().check_action(action, parameters)

    def accepts_moves(self) -> bool:
        return self.presenter.accepts_moves(self.picked())

    def watch_busy(self) -> None:
        self.refresh_controls()

    def watch_paused(self) -> None:
        self.refresh_controls()

    def watch_complete(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Buttons, keys and the cube actions as the game and the screen's state allow now."""
        if not self.laid_out:
            return
        picked = self.picked()
        commands = self.presenter.commands(picked)
        self.query_one(CubeActions).allowed = frozenset(
            cube for cube, command in CUBE_COMMANDS.items() if command in commands
        )
        self.board.choosing = self.presenter.accepts_moves(picked)
        self.notation.display = self.presenter.shows_notation(picked)
        self.refresh_buttons()

    # --- the flow --------------------------------------------------------------------------------------------

    def show_table(self) -> None:
        """The board as the game stands: position, cube, score, names; no dice until they are rolled."""
        self.board.scene = self.presenter.table_scene(self.board.scene)

    def show_opening(self) -> None:
        """Say who won the opening roll of the game under way (when nothing else has happened in it yet)."""
        line = self.presenter.opening_line()
        if line is not None:
            self.info(line)

    def advance(self) -> None:
        """Show what the game waits for now; the computer's turn starts by itself."""
        self.stop_replay()
        self.playing = None
        self.complete = None
        self.paused = None
        self.hide_hints()
        self.query_one("#doubles", OptionList).display = False
        self.show_table()
        step = self.presenter.next()
        if step is Next.COMPUTER_TURN:
            self.run_computer()
        elif step is Next.MOVE:
            self.start_move()
        elif step is Next.CHOOSE_DOUBLE:
            self.show_double_chooser()
        elif step is Next.SUMMARY:
            self.show_summary()
        else:
            self.show_status()
            self.board.focus()
        self.refresh_controls()

    def show_status(self) -> None:
        """The status line for what the game waits for now (after an action, or once a hint is closed)."""
        self.status(self.presenter.status())

    def start_move(self) -> None:
        """The dice to play: on the board, one checker at a time, or typed; forced rolls are explained."""
        start = self.presenter.move_start()
        playing = BoardPlay(self.board, start.position, start.dice, start.side, plays=start.plays)
        self.playing = playing
        self.notation.value = ""
        if start.no_play:
            self.complete = playing.turn.play
        self.status(start.status)
        self.say(start.said)
        self.board.cursor_shown = False
        self.board.focus()

    def show_double_chooser(self) -> None:
        """After a 1-2 played in full: the six doubles, each saying whether it can be played in full."""
        playable = self.game.playable_doubles()
        chooser = self.query_one("#doubles", OptionList)
        chooser.clear_options()
        for number in range(1, 7):
            chooser.add_option(Option(Text(game_words.double_option(number, playable[number])), id=str(number)))
        chooser.display = True
        self.show_status()
        chooser.highlighted = next((number - 1 for number in range(6, 0, -1) if playable[number]), 5)
        chooser.focus()

    # --- the players' decisions ----------------------------------------------------------------------------

    def act(self, job: Callable[[], Outcome], working: str | None = None) -> None:
        """Take an action of the game: off the event loop when it evaluates (saying ``working`` meanwhile), at once
        otherwise; then :meth:`after_outcome`. A refusal by the rules is said, and nothing changes."""
        if self.setup.evaluated:
            if working:
                self.status(working)
            self.in_worker(job, self.after_outcome)
            return
        try:
            outcome = job()
        except EngineError as error:
            self.feedback.show(str(error), "wrong")
            return
        self.after_outcome(outcome)

    def action_confirm(self) -> None:
        """Enter on a whole play: play it (the tutor judges it)."""
        if self.check_action("confirm", ()) and self.complete is not None:
            self.confirm(self.complete)

    def confirm(self, play: Play) -> None:
        self.complete = None
        self.board.choosing = False
        self.board.scene = marked_scene(self.board.scene, play, self.deciding())
        self.act(lambda: self.game.play(play), game_words.judging(tutor=self.game.tutor))

    def action_go_on(self) -> None:
        """Enter after the tutor's warning: keep the decision and go on."""
        if self.check_action("go_on", ()):
            self.paused = None
            self.feedback.clear()
            self.advance()

    def action_back(self) -> None:
        if self.query_one("#hints", OptionList).display:
            self.close_hints()
        else:
            self.app.pop_screen()

    def played(self, play: Play, written: str) -> None:
        """A whole play made on the board: it waits for enter (u takes a move back)."""
        self.complete = play
        self.board.choosing = False
        self.status(self.presenter.play_made(play, written))

    def action_undo(self) -> None:
        playing = self.playing
        if playing is None or not self.check_action("undo", ()) or not playing.undo():
            return
        self.complete = None
        notation = playing.turn.notation()
        self.notation.value = notation
        self.feedback.clear()
        self.status(self.presenter.moves_so_far(notation))
        self.refresh_controls()

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        if self.playing is None or self.busy or self.paused is not None or not event.value.strip():
            return
        try:
            play = self.game.parse_play(event.value)
        except PlayError as error:
            illegal = isinstance(error, IllegalPlayError)
            self.feedback.show(f"{quoted(error.text)}: {sentence(error.reason)}", "wrong", illegal=illegal)
            self.notation.value = ""
            return
        playing = self.playing
        playing.turn = playing.turn.with_moves(play.moves)
        playing.show()
        self.board.scene = marked_scene(self.board.scene, play, playing.side)
        self.feedback.clear()
        self.board.focus()
        self.played(play, str(play))

    def action_roll(self) -> None:
        if not self.check_action("roll", ()):
            return
        self.act(self.game.roll, game_words.rolling())

    @on(CubeActions.Chosen)
    def cube_chosen(self, message: CubeActions.Chosen) -> None:
        message.stop()
        command = CUBE_COMMANDS.get(message.action)
        act = None if command is None else self.presenter.cube_act(command, self.picked())
        if act is not None:
            self.act(act.job, act.working)

    def action_choose_double(self, number: int) -> None:
        if not self.check_action("choose_double", (number,)):
            return
        full = self.game.playable_doubles()[number]
        outcome = self.game.choose_double(number)
        self.after_outcome(outcome, note=None if full else game_words.double_not_in_full())

    def action_next_game(self) -> None:
        if not self.check_action("next_game", ()):
            return
        self.game.next_game()
        self.save()
        self.feedback.clear()
        self.board.scene = marked_scene(self.board.scene, None)
        self.show_opening()
        self.advance()

    def action_take_back(self) -> None:
        game = self.game
        if not self.check_action("take_back", ()):
            return
        undone = game.take_back()
        self.save()
        self.feedback.clear()
        self.board.scene = marked_scene(self.board.scene, None)
        self.info(game_words.took_back(undone[0]))
        self.paused = None
        self.advance()

    def action_toggle_tutor(self) -> None:
        if not self.check_action("toggle_tutor", ()):
            return
        self.game.tutor = not self.game.tutor
        self.save()
        self.show_title()
        self.app.notify(game_words.tutor_switched(self.game.tutor), title=play_menu_words.play_title(), timeout=3)

    # --- what a decision did ------------------------------------------------------------------------------

    def after_outcome(self, outcome: Outcome, *, note: str | None = None) -> None:
        """A decision was made (and judged, where a tutor watches): say so, and stop on a mistake."""
        self.save()
        reaction = self.presenter.after(outcome, note=note)
        if reaction.line:
            self.info(reaction.line)
        if reaction.pause is not None:
            self.pause_on(reaction.pause)
            return
        if not reaction.said_after and (reaction.said is not None or reaction.clear):
            self.say(reaction.said)
        self.advance()
        if reaction.said_after:
            self.say(reaction.said)

    def pause_on(self, verdict: Verdict) -> None:
        """Show a mistake: the verdict with both equities, the better play on the board; enter goes on, z takes it
        back."""
        self.paused = verdict
        self.showing_better = True
        self.say(self.presenter.mistake_said(verdict))
        self.show_verdict_board(verdict)
        self.status(self.presenter.mistake_prompt(verdict))

    def show_verdict_board(self, verdict: Verdict) -> None:
        scene = self.presenter.verdict_board(self.board.scene, verdict, better=self.showing_better)
        if scene is not None:
            self.board.scene = scene

    def action_toggle_view(self) -> None:
        if self.paused is None:
            return
        self.showing_better = not self.showing_better
        self.show_verdict_board(self.paused)

    # --- hints ---------------------------------------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.check_action("hint", ()):
            return
        if self.query_one("#hints", OptionList).display:
            self.close_hints()
            return
        self.status(game_words.looking_for_the_best())
        self.in_worker(self.game.hint, self.show_hint)

    def show_hint(self, hint: Hint) -> None:
        self.show_status()
        hints = self.query_one("#hints", OptionList)
        hints.clear_options()
        view = self.presenter.hint_view(hint)
        self.hint_plays = view.plays
        if view.plays:
            for index, item in enumerate(view.plays):
                hints.add_option(Option(ranked_line(item), id=str(index)))
            hints.display = True
            hints.highlighted = 0
            hints.focus()
        self.say(view.said)

    def show_hint_play(self, index: int) -> None:
        if 0 <= index < len(self.hint_plays):
            self.board.scene = self.presenter.hint_board(self.board.scene, self.hint_plays[index])

    def hide_hints(self) -> None:
        hints = self.query_one("#hints", OptionList)
        if hints.display:
            hints.display = False
            self.hint_plays = ()

    def close_hints(self) -> None:
        """Escape (or h) on the list of hints: back to the turn being played, the hint's words gone."""
        self.hide_hints()
        self.feedback.clear()
        if self.playing is not None:
            self.playing.show()
            self.board.scene = turn_again_scene(self.board.scene)
        else:
            self.show_table()
        self.show_status()
        self.board.focus()

    # --- the computer --------------------------------------------------------------------------------------

    def run_computer(self) -> None:
        """The computer's turn, worked out in a worker thread (bgsage's evaluations, or the acey-deucey player's
        choices), then played out on the board."""
        self.status(game_words.computer_thinking())
        self.board.choosing = False
        self.in_worker(self.game.computer_turn, self.show_computer_turn)

    def show_computer_turn(self, turn: ComputerTurn) -> None:
        """Play the computer's actions out one by one: its double, its roll, its play checker by checker."""
        self.save()
        self.busy = True
        events = list(turn.events)

        def next_event() -> None:
            self.animation = None
            if not self.is_mounted:
                return
            if not events:
                self.busy = False
                self.advance()
                return
            self.show_computer_event(events.pop(0), next_event)

        next_event()

    def show_computer_event(self, event: Event, then: Callable[[], None]) -> None:
        """One step of the computer's turn on the board (a play checker by checker), then ``then``."""
        step = self.presenter.computer_step(self.board.scene, event)
        self.status(step.status)
        if step.line is not None:
            self.info(step.line)
        if step.play is not None:
            interval = self.step_seconds
            self.animation = animate_play(self.board, step.play, side=step.side, interval=interval, on_done=then)
            return
        if step.scene is not None:
            self.board.scene = step.scene
        self.animation = self.set_timer(self.step_seconds, then)

    def stop_replay(self) -> None:
        if self.animation is not None:
            self.animation.stop()
            self.animation = None

    # --- working off the event loop ----------------------------------------------------------------------------

    def in_worker(self, job: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``job`` (an evaluation) in a worker thread, then ``then`` with its result on the event loop."""
        self.busy = True
        self._work(job, then)

    @work(thread=True, exclusive=True, group="play", exit_on_error=False)
    def _work(self, job: Callable[[], T], then: Callable[[T], None]) -> None:
        try:
            result = job()
        except Exception as error:
            self.app.call_from_thread(self._failed, error)
            return
        self.app.call_from_thread(self._done, then, result)

    def _done(self, then: Callable[[T], None], result: T) -> None:
        self.busy = False
        if self.is_mounted:
            then(result)
        else:
            self.save()  # left while it worked: what was decided is kept all the same

    def _failed(self, error: Exception) -> None:
        self.busy = False
        if not self.is_mounted:
            return
        self.feedback.show(game_words.something_went_wrong(str(error)), "wrong")
        self.status(game_words.game_saved_as_it_was())
        self.refresh_controls()

    # --- saving and the end --------------------------------------------------------------------------------

    def save(self) -> None:
        """Keep the game as it stands (after every decision), so that it resumes where it was; never over a newer
        save of it by another copy of the app (the game then stops being saved, and the learner is told)."""
        if self.stale:
            return
        try:
            self.version = PlayedGames(self.store).keep(self.game.save_info(), self.version)
        except GameChangedError as error:
            self.stale = True
            self.app.notify(
                str(error), title=play_menu_words.play_title(), severity="warning", timeout=15, markup=False
            )

    def show_summary(self) -> None:
        """The end: the result, the mistakes (choose one to see it on the board) and the error rate."""
        self.show_status()
        view = self.presenter.summary_view()
        self.mistakes = view.mistakes
        summary = self.query_one("#summary", Static)
        mistakes_list = self.query_one("#mistakes", OptionList)
        mistakes_list.clear_options()
        summary.update(view.text)
        for index, line in enumerate(view.lines):
            mistakes_list.add_option(Option(Text(line), id=str(index)))
        mistakes_list.display = bool(view.mistakes)
        if view.mistakes:
            mistakes_list.focus()
        summary.display = True
        self.feedback.clear()
        self.call_after_refresh(summary.scroll_visible, animate=False)  # in a small window the panel scrolls to it

    def show_mistake(self, index: int) -> None:
        """A mistake from the summary on the board: the position before it and the better play."""
        if 0 <= index < len(self.mistakes):
            self.board.scene = self.presenter.mistake_board(self.board.scene, self.mistakes[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        list_id = event.option_list.id
        if list_id == "doubles" and event.option.id is not None:
            self.action_choose_double(int(event.option.id))
        elif list_id == "hints" and event.option.id is not None:
            self.show_hint_play(int(event.option.id))
        elif list_id == "mistakes" and event.option.id is not None:
            self.show_mistake(int(event.option.id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "hints" and event.option.id is not None:
            self.show_hint_play(int(event.option.id))
        elif event.option_list.id == "mistakes" and event.option.id is not None:
            self.show_mistake(int(event.option.id))
