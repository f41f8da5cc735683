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
from dataclasses import replace
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
from trainer.engine import Cube, EngineError, IllegalPlayError, Play, PlayError, Side, explain
from trainer.engine.wording import quoted, sentence
from trainer.i18n import N_
from trainer.play import (
    Action,
    ComputerTurn,
    Event,
    Hint,
    Mistake,
    Outcome,
    PlayableGame,
    Verdict,
    Waiting,
)
from trainer.play import wording as play_wording
from trainer.store import GameChangedError
from trainer.training import PlayedGames
from trainer.tui import wording
from trainer.tui.playing import STEP_SECONDS, BoardPlay, animate_play
from trainer.tui.scenes import hint_scene, mistake_scene, table_scene, verdict_scene
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.board import BoardScene, LastMove
from trainer.tui.widgets.cube import CubeAction, CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout

DOUBLE_KEYS = Binding.Group(N_("Choose a double"))
T = TypeVar("T")
CUBE_ACTS: dict[CubeAction, Action] = {
    CubeAction.DOUBLE: Action.DOUBLE,
    CubeAction.TAKE: Action.TAKE,
    CubeAction.PASS: Action.PASS,
    CubeAction.BEAVER: Action.BEAVER,
}
"""The cube buttons and the game's actions they take."""


def ranked_line(item: RankedPlay) -> Text:
    """A play of a ranking, two lines: its rank (★ the best), the play and its equity; its winning and gammon
    chances."""
    chances = item.chances
    mark = "★" if item.rank == 1 else " "
    return Text(
        f"{mark}{item.rank:>2}. {item.play!s:<15} {item.equity:+.3f}\n"
        f"     W {100 * chances.win:.1f}%  G {100 * chances.win_gammon:.1f}%"
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

    # --- who is who ----------------------------------------------------------------------------------------------

    def deciding(self) -> Side:
        """The side whose decision the screen takes now (X between decisions)."""
        return self.game.deciding or Side.X

    def name_of(self, side: Side) -> str:
        return play_wording.role_name(self.game.role(side))

    def names(self) -> tuple[str, str]:
        return self.name_of(Side.X), self.name_of(Side.O)

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
                Button(wording.roll_label(), id="roll", variant="primary", action="screen.roll"),
                Button(wording.confirm_label(), id="confirm", variant="primary", action="screen.confirm"),
                Button(wording.go_on_label(), id="go-on", variant="primary", action="screen.go_on"),
                Button(wording.undo_label(), id="undo", action="screen.undo"),
                Button(wording.take_back_label(), id="take-back", action="screen.take_back"),
                Button(wording.hint_label(), id="hint", action="screen.hint"),
                Button(wording.next_game_label(), id="next-game", variant="primary", action="screen.next_game"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.laid_out = True
        board = self.board
        board.scene = BoardScene(names=self.names(), waiting_column=self.setup.acey_deucey)
        board.cursor_shown = False
        for widget_id in ("#doubles", "#hints", "#mistakes", "#summary"):
            self.query_one(widget_id).display = False
        self.show_title()
        self.show_opening()
        last = self.game.events[-1] if self.game.events else None
        if last is not None and last.kind != "opening":
            self.info(wording.game_resumed(self.game.game_number))
            if last.play is not None:
                board.scene = replace(board.scene, last_move=LastMove(last.play.moves, last.side))
        self.advance()

    def on_unmount(self) -> None:
        self.stop_replay()

    def show_title(self) -> None:
        self.task_layout.set_title(" " + wording.play_title_bar(self.setup, tutor=self.game.tutor))

    def status(self, text: str) -> None:
        self.query_one("#play-status", Static).update(text)

    def info(self, text: str) -> None:
        """Add a line to what has happened (the last three are shown)."""
        self.happened.append(text)
        self.query_one("#play-info", Static).update("\n".join(self.happened[-3:]))

    # --- which keys apply ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        waiting = game.waiting_for
        idle = not self.busy and self.paused is None
        allowed = game.allowed if idle else frozenset()
        tutored = self.setup.evaluated
        applicable: dict[str, bool] = {
            "confirm": idle and self.complete is not None,
            "go_on": not self.busy and self.paused is not None,
            "roll": Action.ROLL in allowed,
            # Once the game or match is over, only a mistake the tutor stopped on can still be taken back.
            "take_back": not self.busy
            and game.can_take_back
            and self.complete is None
            and (not game.is_over or self.paused is not None),
            "hint": idle and tutored and waiting in (Waiting.ROLL, Waiting.MOVE, Waiting.ANSWER),
            "toggle_view": not self.busy and self.paused is not None and self.paused.best_play is not None,
            "toggle_tutor": tutored,
            "next_game": Action.NEXT_GAME in allowed,
            "choose_double": Action.CHOOSE_DOUBLE in allowed,
            "undo": idle and self.playing is not None and bool(self.playing.turn.moves),
            "focus_notation": idle and waiting is Waiting.MOVE,
            "back": True,
        }
        if action == "cube":
            return idle and super().check_action(action, parameters)
        if action in applicable:
            return applicable[action]
        return super().check_action(action, parameters)

    def accepts_moves(self) -> bool:
        return not self.busy and self.paused is None and self.playing is not None and self.complete is None

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
        idle = not self.busy and self.paused is None
        allowed = self.game.allowed if idle else frozenset()
        self.query_one(CubeActions).allowed = frozenset(cube for cube, act in CUBE_ACTS.items() if act in allowed)
        self.board.choosing = self.accepts_moves()
        self.notation.display = idle and self.game.waiting_for is Waiting.MOVE and self.playing is not None
        self.refresh_buttons()

    # --- the flow --------------------------------------------------------------------------------------------

    def show_table(self) -> None:
        """The board as the game stands: position, cube, score, names; no dice until they are rolled."""
        viewer = self.deciding() if self.setup.two_players else Side.X
        self.board.scene = table_scene(self.board.scene, self.game, viewer)

    def show_opening(self) -> None:
        """Say who won the opening roll of the game under way (when nothing else has happened in it yet)."""
        events = self.game.events
        if events and events[-1].kind == "opening":
            event = events[-1]
            roles = (self.game.role(Side.X), self.game.role(Side.O))
            self.info(wording.opening(event, roles, self.game.game_number, acey_deucey=self.setup.acey_deucey))

    def advance(self) -> None:
        """Show what the game waits for now; the computer's turn starts by itself."""
        self.stop_replay()
        self.playing = None
        self.complete = None
        self.paused = None
        self.hide_hints()
        self.query_one("#doubles", OptionList).display = False
        self.show_table()
        waiting = self.game.waiting_for
        if waiting is Waiting.COMPUTER:
            self.run_computer()
        elif waiting is Waiting.MOVE:
            self.start_move(self.deciding())
        elif waiting is Waiting.CHOOSE_DOUBLE:
            self.show_double_chooser(self.deciding())
        elif waiting is Waiting.OVER:
            self.show_summary()
        else:
            self.show_status()
            self.board.focus()
        self.refresh_controls()

    def show_status(self) -> None:
        """The status line for what the game waits for now (after an action, or once a hint is closed)."""
        game, side = self.game, self.deciding()
        waiting = game.waiting_for
        role = game.role(side)
        if waiting is Waiting.ROLL:
            may_double = Action.DOUBLE in game.allowed
            self.status(wording.roll_prompt(role, side, bonus=self.is_bonus_roll(side), may_double=may_double))
        elif waiting is Waiting.MOVE and game.dice is not None:
            self.status(wording.move_prompt(role, side, game.dice))
        elif waiting is Waiting.ANSWER:
            doubler = game.role(side.other)
            self.status(wording.answer_prompt(doubler, side.other, role, side, 2 * game.cube.value))
        elif waiting is Waiting.CHOOSE_DOUBLE:
            self.status(wording.choose_double_prompt(role, side))
        elif waiting is Waiting.NEXT_GAME:
            result = game.results[-1] if game.results else None
            said = play_wording.game_result(result, self.setup) if result is not None else ""
            self.status(wording.next_game_prompt(said))
        elif waiting is Waiting.OVER:
            self.status(wording.game_over(match=bool(self.setup.match_length)))

    def is_bonus_roll(self, side: Side, index: int | None = None) -> bool:
        """Whether ``side`` rolls again (now, or at event ``index``) after a chosen double played in full
        (acey-deucey)."""
        events = self.game.events[:index]
        if not events:
            return False
        last = events[-1]
        return last.kind == "play" and last.side is side and last.dice is not None and last.dice.chosen

    def start_move(self, side: Side) -> None:
        """The dice to play: on the board, one checker at a time, or typed; forced rolls are explained."""
        state = self.game.state
        dice = state.dice
        assert dice is not None
        playing = BoardPlay(self.board, state.position, dice, side)
        self.playing = playing
        self.notation.value = ""
        explanation = explain(state.position, dice)
        role = self.game.role(side)
        if explanation.no_play:
            self.complete = playing.turn.play
            self.status(wording.no_play_prompt(role, side, dice))
            self.feedback.show(explanation.text, "info")
        else:
            self.status(wording.move_prompt(role, side, dice))
            if explanation.forced:
                self.feedback.show(explanation.text, "info")
            else:
                self.feedback.clear()
        self.board.cursor_shown = False
        self.board.focus()

    def show_double_chooser(self, side: Side) -> None:
        """After a 1-2 played in full: the six doubles, each saying whether it can be played in full."""
        playable = self.game.playable_doubles()
        chooser = self.query_one("#doubles", OptionList)
        chooser.clear_options()
        for number in range(1, 7):
            chooser.add_option(Option(Text(wording.double_option(number, playable[number])), id=str(number)))
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
        if not self.busy and self.paused is None and self.complete is not None:
            self.confirm(self.complete)

    def confirm(self, play: Play) -> None:
        self.complete = None
        self.board.choosing = False
        side = self.deciding()
        self.board.scene = replace(self.board.scene, last_move=LastMove(play.moves, side))
        self.act(lambda: self.game.play(play), wording.judging(tutor=self.game.tutor))

    def action_go_on(self) -> None:
        """Enter after the tutor's warning: keep the decision and go on."""
        if not self.busy and self.paused is not None:
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
        side = self.deciding()
        self.status(wording.play_made(self.game.role(side), side, written or str(play)))

    def action_undo(self) -> None:
        if self.playing is None or self.busy or self.paused is not None:
            return
        if self.playing.undo():
            self.complete = None
            notation = self.playing.turn.notation()
            self.notation.value = notation
            self.feedback.clear()
            side = self.deciding()
            self.status(wording.moves_so_far(self.game.role(side), side, notation))
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
        self.board.scene = replace(self.board.scene, last_move=LastMove(play.moves, playing.side))
        self.feedback.clear()
        self.board.focus()
        self.played(play, str(play))

    def action_roll(self) -> None:
        if not self.check_action("roll", ()):
            return
        self.act(self.game.roll, wording.rolling())

    @on(CubeActions.Chosen)
    def cube_chosen(self, message: CubeActions.Chosen) -> None:
        message.stop()
        act = CUBE_ACTS.get(message.action)
        if self.busy or self.paused is not None or act is None or act not in self.game.allowed:
            return
        game = self.game
        jobs: dict[Action, Callable[[], Outcome]] = {
            Action.DOUBLE: game.double,
            Action.TAKE: game.take,
            Action.PASS: game.drop,
            Action.BEAVER: game.beaver,
        }
        self.act(jobs[act], wording.cube_working(act.value))

    def action_choose_double(self, number: int) -> None:
        if not self.check_action("choose_double", (number,)):
            return
        full = self.game.playable_doubles()[number]
        outcome = self.game.choose_double(number)
        self.after_outcome(outcome, note=None if full else wording.double_not_in_full())

    def action_next_game(self) -> None:
        if not self.check_action("next_game", ()):
            return
        self.game.next_game()
        self.save()
        self.feedback.clear()
        self.board.scene = replace(self.board.scene, last_move=None)
        self.show_opening()
        self.advance()

    def action_take_back(self) -> None:
        game = self.game
        if not self.check_action("take_back", ()):
            return
        undone = game.take_back()
        self.save()
        self.feedback.clear()
        self.board.scene = replace(self.board.scene, last_move=None)
        self.info(wording.took_back(undone[0]))
        self.paused = None
        self.advance()

    def action_toggle_tutor(self) -> None:
        if not self.setup.evaluated:
            return
        self.game.tutor = not self.game.tutor
        self.save()
        self.show_title()
        self.app.notify(wording.tutor_switched(self.game.tutor), title=wording.play_title(), timeout=3)

    # --- what a decision did ------------------------------------------------------------------------------

    def after_outcome(self, outcome: Outcome, *, note: str | None = None) -> None:
        """A decision was made (and judged, where a tutor watches): say so, and stop on a mistake."""
        self.save()
        event, verdict = outcome.event, outcome.verdict
        line = wording.event_line(self.game.role(event.side), event, note=note)
        if line:
            self.info(line)
        if outcome.lost is not None:
            self.advance()
            self.feedback.show(play_wording.turn_lost(outcome.lost), "info")
            return
        if verdict is not None and verdict.is_mistake:
            if event.kind == "roll":  # a missed double: the dice are out, so there is nothing to take back
                self.advance()
                explanation = outcome.explanation
                forced = explanation.text if explanation and (explanation.forced or explanation.no_play) else None
                self.feedback.show(wording.tutor_says(play_wording.verdict_text(verdict), forced), "wrong")
                return
            self.pause_on(verdict)
            return
        if verdict is not None and event.kind != "roll":
            self.feedback.show(wording.tutor_says(play_wording.verdict_text(verdict)), "right")
        elif event.kind != "roll":
            self.feedback.clear()
        self.advance()

    def pause_on(self, verdict: Verdict) -> None:
        """Show a mistake: the verdict with both equities, the better play on the board; enter goes on, z takes it
        back."""
        self.paused = verdict
        self.showing_better = True
        self.feedback.show(wording.tutor_says(play_wording.verdict_text(verdict)), "wrong")
        self.show_verdict_board(verdict)
        can_view = verdict.best_play is not None
        self.status(wording.mistake_prompt(verdict, take_back=self.game.can_take_back, view=can_view))

    def show_verdict_board(self, verdict: Verdict) -> None:
        play = verdict.best_play if self.showing_better else verdict.chosen_play
        if play is None:
            return
        equity = verdict.best_equity if self.showing_better else verdict.chosen_equity
        caption = wording.verdict_caption(str(play), equity, better=self.showing_better)
        self.board.scene = verdict_scene(self.board.scene, verdict, better=self.showing_better, caption=caption)

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
        self.status(wording.looking_for_the_best())
        self.in_worker(self.game.hint, self.show_hint)

    def show_hint(self, hint: Hint) -> None:
        self.show_status()
        hints = self.query_one("#hints", OptionList)
        hints.clear_options()
        self.hint_plays = hint.ranked
        advice = play_wording.hint_advice(hint)
        if hint.kind == "play":
            for index, item in enumerate(hint.ranked):
                hints.add_option(Option(ranked_line(item), id=str(index)))
            hints.display = True
            hints.highlighted = 0
            hints.focus()
            self.feedback.show(wording.hint_plays(advice), "info")
        else:
            self.feedback.show(wording.hint_cube(advice, hint), "info")

    def show_hint_play(self, index: int) -> None:
        if not 0 <= index < len(self.hint_plays):
            return
        item = self.hint_plays[index]
        caption = wording.hint_caption(item.rank, str(item.play), item.equity)
        self.board.scene = hint_scene(self.board.scene, item, caption)

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
            self.board.scene = replace(self.board.scene, last_move=None, caption="")
        else:
            self.show_table()
        self.show_status()
        self.board.focus()

    # --- the computer --------------------------------------------------------------------------------------

    def run_computer(self) -> None:
        """The computer's turn, worked out in a worker thread (bgsage's evaluations, or the acey-deucey player's
        choices), then played out on the board."""
        self.status(wording.computer_thinking())
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
        board = self.board
        role = self.game.role(event.side)
        if event.kind == "roll":
            assert event.dice is not None
            board.scene = replace(
                board.scene,
                position=event.board_before(Side.X),
                on_roll=event.side,
                dice=event.dice,
                used_dice=(),
                last_move=None,
            )
            self.status(wording.computer_rolled(role, event.dice, bonus=self.is_bonus_roll(event.side, event.index)))
        elif event.kind == "choose":
            assert event.dice is not None
            board.scene = replace(board.scene, on_roll=event.side, dice=event.dice, used_dice=())
            said = wording.computer_chose(role, event.dice.first)
            self.status(said)
            self.info(said)
        elif event.kind == "play":
            assert event.play is not None
            self.status(wording.computer_plays(role, event.play))
            lost = self.game.turn_lost(event)
            self.info(wording.event_line(role, event, lost=lost))
            self.animation = animate_play(board, event.play, side=event.side, interval=self.step_seconds, on_done=then)
            return
        else:
            before = event.before
            cube = Cube(2 * before.cube, before.cube_owner) if event.kind == "double" else event.after.doubling_cube
            board.scene = replace(board.scene, cube=cube)
            status, line = wording.computer_cube(role, event)
            self.info(line)
            self.status(status)
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
        self.feedback.show(wording.something_went_wrong(str(error)), "wrong")
        self.status(wording.game_saved_as_it_was())
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
            self.app.notify(str(error), title=wording.play_title(), severity="warning", timeout=15, markup=False)

    def show_summary(self) -> None:
        """The end: the result, the mistakes (choose one to see it on the board) and the error rate."""
        self.status(wording.game_over(match=bool(self.setup.match_length)))
        report = self.game.summary()
        self.mistakes = report.mistakes
        summary = self.query_one("#summary", Static)
        mistakes_list = self.query_one("#mistakes", OptionList)
        mistakes_list.clear_options()
        lines = [play_wording.summary_text(report)]
        if report.mistakes:
            lines.append(wording.your_mistakes())
        summary.update("\n".join(lines))
        for index, mistake in enumerate(report.mistakes):
            mistakes_list.add_option(Option(Text(wording.mistake_line(mistake)), id=str(index)))
        mistakes_list.display = bool(report.mistakes)
        if report.mistakes:
            mistakes_list.focus()
        summary.display = True
        self.feedback.clear()
        self.call_after_refresh(summary.scroll_visible, animate=False)  # in a small window the panel scrolls to it

    def show_mistake(self, index: int) -> None:
        """A mistake from the summary on the board: the position before it and the better play."""
        if not 0 <= index < len(self.mistakes):
            return
        mistake = self.mistakes[index]
        self.board.scene = mistake_scene(self.board.scene, mistake, wording.mistake_caption(mistake))

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
