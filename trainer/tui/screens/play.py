"""Play: a game or match against the computer (bgsage, with the cube and the tutor), acey-deucey against the
computer's heuristic player, or two players at one keyboard; and the menu that starts or resumes one.

The menu (:class:`PlayMenuScreen`) offers the unfinished games to resume, then the new games, with the game's
length (a money game or a match of 1, 3, 5 or 7 points) and the computer's level chosen above them.

The game (:class:`PlayScreen`) drives a :class:`~trainer.play.Session` or a :class:`~trainer.play.LocalGame`: it
shows what the game waits for, takes the player's decisions (on the board one checker at a time, or typed, undone
with ``u`` until confirmed with enter; the cube with ``d``, ``t`` and ``p``; the double after a 1-2 with ``1``-``6``),
plays the computer's turns out checker by checker, and saves the game after every decision. Evaluations (the
computer's turn, the tutor's verdicts, hints) run in a worker thread, so the screen never freezes; bgsage itself is
loaded by the first of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Button, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from trainer.analysis import DEFAULT_LEVEL, LEVELS, CubeDecision, CubeOwner, GameContext, RankedPlay
from trainer.engine import (
    Cube,
    Dice,
    EngineError,
    IllegalPlayError,
    MoneyOptions,
    Phase,
    Play,
    PlayError,
    Position,
    Side,
    Turn,
    explain,
)
from trainer.engine.wording import plural, quoted, sentence
from trainer.play import (
    MATCH_LENGTHS,
    ComputerTurn,
    Event,
    Hint,
    LocalGame,
    Mistake,
    Outcome,
    Players,
    RecordError,
    Session,
    Verdict,
    Waiting,
)
from trainer.store import StoredGame
from trainer.tui.playing import STEP_SECONDS, BoardPlay, animate_play
from trainer.tui.screens.base import TaskScreen, TrainerScreen
from trainer.tui.widgets.board import DIE_FACES, O_MARK, X_MARK, LastMove
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout

if TYPE_CHECKING:
    from trainer.analysis import Evaluator
    from trainer.tui.app import TrainerApp

LOCAL_GAME_SETTING = "play:local"
"""The setting that keeps the unfinished acey-deucey or two-player game (its record; empty when there is none)."""
DOUBLE_KEYS = Binding.Group("Choose a double")
LENGTH_NAMES = {0: "Money game", 1: "1 point", 3: "3 points", 5: "5 points", 7: "7 points"}
MONEY_OPTIONS = {"none": "Neither", "jacoby": "Jacoby rule", "beavers": "Beavers", "both": "Both"}
"""Money play's optional rules, off by default, for games against the computer."""
T = TypeVar("T")


class AppEvaluator:
    """The app's evaluator, loaded on first use: a session built on the event loop loads bgsage only in the worker
    that first evaluates."""

    def __init__(self, app: TrainerApp) -> None:
        self._app = app

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        return self._app.load_evaluator().rank_plays(position, dice, plies, cube=cube, context=context)

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        return self._app.load_evaluator().cube_decision(position, plies, cube=cube, context=context)


def app_evaluator(app: TrainerApp) -> Evaluator:
    """The evaluator a new or resumed session uses: the app's own if it has one, else bgsage's on first use."""
    return app.evaluator if app.evaluator is not None else AppEvaluator(app)


# --- the menu ------------------------------------------------------------------------------------------------


def stored_game_line(game: StoredGame) -> str:
    """An unfinished game against the computer in the menu: kind, level, score and when it was saved."""
    saved = time.strftime("%d %b %H:%M", time.localtime(game.updated_at))
    score = f"you {game.learner_score}, computer {game.computer_score}" if game.match_length else "under way"
    return f"Resume: {game.kind} against the computer ({game.level}), {score}, saved {saved}"


class PlayMenuScreen(TrainerScreen):
    """Resume an unfinished game, or start one: against the computer, acey-deucey, or two players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "cycle_length", "Game length"),
        Binding("l", "cycle_level", "Level"),
        Binding("o", "cycle_options", "Money options"),
    ]

    DEFAULT_CSS = """
    PlayMenuScreen .play-settings { height: auto; width: 100%; }
    PlayMenuScreen .play-settings .field-label { width: 12; padding: 0 1 0 0; text-align: right; }
    PlayMenuScreen RadioSet { layout: horizontal; width: auto; height: auto; border: none; padding: 0; }
    PlayMenuScreen RadioSet > RadioButton { width: auto; }
    """

    length: reactive[int] = reactive(0)
    level: reactive[str] = reactive(DEFAULT_LEVEL)
    options: reactive[str] = reactive("none")
    """Money play's optional rules for a game against the computer: ``none``, ``jacoby``, ``beavers`` or ``both``."""
    seed: int | None = None
    """The dice seed of new games (``None``: a new one each game)."""
    left = ""
    """The menu entry that resumes the game opened last."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static("Play", classes="page-title")
            yield Static("A game against the computer, or two players at this keyboard.", classes="page-subtitle")
            with Horizontal(classes="play-settings"):
                yield Static("Game (m):", classes="field-label")
                with RadioSet(id="play-length"):
                    for length in MATCH_LENGTHS:
                        yield RadioButton(LENGTH_NAMES[length], value=length == 0, id=f"length-{length}")
            with Horizontal(classes="play-settings"):
                yield Static("Level (l):", classes="field-label")
                with RadioSet(id="play-level"):
                    for name in LEVELS:
                        yield RadioButton(name.capitalize(), value=name == DEFAULT_LEVEL, id=f"level-{name}")
            with Horizontal(classes="play-settings"):
                yield Static("Money (o):", classes="field-label")
                with RadioSet(id="play-options"):
                    for key, label in MONEY_OPTIONS.items():
                        yield RadioButton(label, value=key == "none", id=f"options-{key}")
            yield OptionList(id="play-menu", classes="menu")
        yield KeysFooter()

    def on_mount(self) -> None:
        for radio_set in self.query(RadioSet):
            radio_set.can_focus = True
        self.refresh_menu()
        self.query_one("#play-menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        """Back from a game: the game left is highlighted if it can be resumed, else the top of the menu."""
        self.refresh_menu()
        menu = self.query_one("#play-menu", OptionList)
        try:
            menu.highlighted = menu.get_option_index(self.left) if self.left else 0
        except OptionDoesNotExist:
            menu.highlighted = 0

    def local_record(self) -> str | None:
        """The unfinished acey-deucey or two-player game's record, if there is one."""
        return self.store.setting(LOCAL_GAME_SETTING) or None

    def refresh_menu(self) -> None:
        """The games to resume, then the new games with the chosen length and level."""
        menu = self.query_one("#play-menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        resumable = 0
        for game in self.store.unfinished_games()[:5]:
            menu.add_option(Option(Text(stored_game_line(game)), id=f"resume:{game.id}"))
            resumable += 1
        local = self.local_record()
        if local is not None:
            try:
                settings = LocalGame.resume(local).settings
                menu.add_option(Option(Text(f"Resume: {settings.title}, {settings.kind}"), id="resume-local"))
                resumable += 1
            except RecordError as error:
                self.store.set_aside_setting(LOCAL_GAME_SETTING)
                self.app.notify(
                    f"The unfinished game can't be resumed ({error}); its record is kept aside in the progress file.",
                    title="Play",
                    severity="warning",
                    timeout=12,
                    markup=False,
                )
        if resumable:
            menu.add_option(None)
        kind = "money game" if self.length == 0 else f"{self.length}-point match"
        single = "one game" if self.length == 0 else kind  # no cube against the acey-deucey player
        names = self.money_options().names
        rules = f" ({' and '.join(names)})" if names else ""
        menu.add_option(Option(f"Against the computer: backgammon, {kind}{rules}, {self.level}", id="new:computer"))
        menu.add_option(Option(f"Against the computer: acey-deucey, {single}", id="new:acey"))
        menu.add_option(Option(f"Two players at this keyboard: backgammon, {kind}", id="new:two-standard"))
        menu.add_option(Option(f"Two players at this keyboard: acey-deucey, {kind}", id="new:two-acey"))
        if highlighted is None or highlighted >= menu.option_count:
            highlighted = 0
        menu.highlighted = highlighted

    def watch_length(self) -> None:
        if self.is_mounted:
            self.query_one(f"#length-{self.length}", RadioButton).value = True
            self.refresh_menu()

    def watch_level(self) -> None:
        if self.is_mounted:
            self.query_one(f"#level-{self.level}", RadioButton).value = True
            self.refresh_menu()

    def watch_options(self) -> None:
        if self.is_mounted:
            self.query_one(f"#options-{self.options}", RadioButton).value = True
            self.refresh_menu()

    def money_options(self) -> MoneyOptions:
        """The optional rules chosen, which apply to a money game against the computer only."""
        if self.length:
            return MoneyOptions()
        return MoneyOptions(jacoby=self.options in ("jacoby", "both"), beavers=self.options in ("beavers", "both"))

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        button_id = event.pressed.id or ""
        if button_id.startswith("length-"):
            self.length = int(button_id.removeprefix("length-"))
        elif button_id.startswith("level-"):
            self.level = button_id.removeprefix("level-")
        elif button_id.startswith("options-"):
            self.options = button_id.removeprefix("options-")

    def action_cycle_length(self) -> None:
        self.length = MATCH_LENGTHS[(MATCH_LENGTHS.index(self.length) + 1) % len(MATCH_LENGTHS)]

    def action_cycle_level(self) -> None:
        names = list(LEVELS)
        self.level = names[(names.index(self.level) + 1) % len(names)]

    def action_cycle_options(self) -> None:
        keys = list(MONEY_OPTIONS)
        self.options = keys[(keys.index(self.options) + 1) % len(keys)]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        evaluator = app_evaluator(self.trainer)
        game: Session | LocalGame
        try:
            if option_id.startswith("resume:"):
                stored = self.store.game(option_id.removeprefix("resume:"))
                if stored is None:
                    return
                game = Session.resume(stored.record, evaluator=evaluator)
            elif option_id == "resume-local":
                record = self.local_record()
                if record is None:
                    return
                game = LocalGame.resume(record)
            elif option_id == "new:computer":
                options = self.money_options()
                game = Session.new(
                    self.length,
                    self.level,
                    jacoby=options.jacoby,
                    beavers=options.beavers,
                    seed=self.seed,
                    evaluator=evaluator,
                )
            else:
                variant = "standard" if option_id == "new:two-standard" else "acey-deucey"
                players: Players = "computer" if option_id == "new:acey" else "two"
                game = LocalGame.new(variant, players, self.length, seed=self.seed)
        except RecordError as error:
            self.app.notify(f"This game cannot be resumed: {error}", severity="error", markup=False)
            return
        self.left = f"resume:{game.id}" if isinstance(game, Session) else "resume-local"
        self.app.push_screen(PlayScreen(game))


# --- the game ------------------------------------------------------------------------------------------------


def ranked_line(item: RankedPlay) -> Text:
    """A play of a ranking, two lines: its rank (★ the best), the play and its equity; its winning and gammon
    chances."""
    chances = item.chances
    mark = "★" if item.rank == 1 else " "
    return Text(
        f"{mark}{item.rank:>2}. {item.play!s:<15} {item.equity:+.3f}\n"
        f"     W {100 * chances.win:.1f}%  G {100 * chances.win_gammon:.1f}%"
    )


def dice_text(dice: Dice | None) -> str:
    """A roll as players name it, the higher die first (``5-2``)."""
    return "" if dice is None else str(dice.high_first())


def dice_faces(dice: Dice) -> str:
    """``⚄⚃ 5-4``: the dice as faces and in numbers."""
    return f"{DIE_FACES[dice.first - 1]}{DIE_FACES[dice.second - 1]} {dice.first}-{dice.second}"


class PlayScreen(TaskScreen):
    """A game on the board: the player's decisions, the computer's turns played out, the tutor's verdicts, hints,
    and at the end the result, the mistakes and the error rate."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", show=False),
        Binding("enter", "confirm", "Confirm"),
        Binding("enter", "go_on", "Go on"),
        Binding("r,enter", "roll", "Roll"),
        Binding("n,enter", "next_game", "Next game"),
        Binding("z", "take_back", "Take back"),
        Binding("h", "hint", "Hint"),
        Binding("v", "toggle_view", "Yours/better"),
        Binding("T", "toggle_tutor", "Tutor on/off"),
        Binding("b", "cube('beaver')", "Beaver"),
        *(
            Binding(str(number), f"choose_double({number})", "Choose a double", group=DOUBLE_KEYS)
            for number in range(1, 7)
        ),
    ]

    busy: reactive[bool] = reactive(False, bindings=True)
    """An evaluation or an animation is under way: the player's keys wait."""
    step_seconds = STEP_SECONDS
    """How long each move of the computer (a checker, a roll, a cube action) stays on the board before the next."""

    def __init__(self, game: Session | LocalGame) -> None:
        super().__init__()
        self.game = game
        self.complete: Play | None = None
        """The play made on the board or typed, waiting to be confirmed."""
        self.paused: Verdict | None = None
        """A mistake the tutor flagged, shown until the player goes on (or takes it back)."""
        self.showing_better = True
        self.hint_plays: tuple[RankedPlay, ...] = ()
        self.animation: Timer | None = None
        self.happened: list[str] = []
        """What has happened, in words, newest last."""
        self.mistakes: tuple[Mistake, ...] = ()
        """The learner's mistakes, listed at the end."""
        self.shown = False
        """Whether the screen has been laid out (its controls exist)."""

    # --- what kind of game ---------------------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The session against bgsage, if this is one (tutor, hints, take-back)."""
        return self.game if isinstance(self.game, Session) else None

    @property
    def names(self) -> tuple[str, str]:
        return ("You", "Computer") if isinstance(self.game, Session) else self.game.settings.names

    @property
    def two_players(self) -> bool:
        return isinstance(self.game, LocalGame) and self.game.settings.players == "two"

    @property
    def acey_deucey(self) -> bool:
        return isinstance(self.game, LocalGame) and self.game.settings.variant == "acey-deucey"

    @property
    def uses_cube(self) -> bool:
        return isinstance(self.game, Session) or self.game.settings.cube

    def deciding(self) -> Side:
        """The side whose decision the screen takes now (the learner against the computer)."""
        if isinstance(self.game, LocalGame):
            return self.game.deciding or Side.X
        return Side.X

    def name_of(self, side: Side) -> str:
        return self.names[0] if side is Side.X else self.names[1]

    def who(self, side: Side) -> str:
        """``You`` or ``Player 2 (○)``: who acts, as the status line names them."""
        mark = X_MARK if side is Side.X else O_MARK
        name = self.name_of(side)
        return name if name == "You" else f"{name} ({mark})"

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
                Button("Roll", id="roll", variant="primary", action="screen.roll"),
                Button("Confirm", id="confirm", variant="primary", action="screen.confirm"),
                Button("Go on", id="go-on", variant="primary", action="screen.go_on"),
                Button("Undo", id="undo", action="screen.undo"),
                Button("Take back", id="take-back", action="screen.take_back"),
                Button("Hint", id="hint", action="screen.hint"),
                Button("Next game", id="next-game", variant="primary", action="screen.next_game"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.shown = True
        board = self.board
        board.names = self.names
        board.waiting_column = self.acey_deucey
        board.cursor_shown = False
        for widget_id in ("#doubles", "#hints", "#mistakes", "#summary"):
            self.query_one(widget_id).display = False
        self.show_title()
        self.show_opening()
        last = self.game.events[-1] if self.game.events else None
        if last is not None and last.kind != "opening":
            self.info(f"Game {self.game.game_number} resumed where it was.")
            if last.play is not None:
                board.last_move = LastMove(last.play.moves, last.side)
        self.advance()

    def on_unmount(self) -> None:
        self.stop_replay()

    def show_title(self) -> None:
        game = self.game
        if isinstance(game, Session):
            tutor = "tutor on (T)" if game.tutor else "tutor off (T)"
            options = MoneyOptions(game.settings.jacoby, game.settings.beavers).names
            rules = f" ({' and '.join(options)})" if options else ""
            title = f" Play · {game.settings.kind}{rules} · computer: {game.settings.level} · {tutor}"
        else:
            title = f" Play · {game.settings.title} · {game.settings.kind}"
        self.task_layout.set_title(title)

    def status(self, text: str) -> None:
        self.query_one("#play-status", Static).update(text)

    def info(self, text: str) -> None:
        """Add a line to what has happened (the last three are shown)."""
        self.happened.append(text)
        self.query_one("#play-info", Static).update("\n".join(self.happened[-3:]))

    # --- which keys apply ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        waiting = self.game.waiting_for
        idle = not self.busy and self.paused is None
        session = self.session
        applicable: dict[str, bool] = {
            "confirm": idle and self.complete is not None,
            "go_on": not self.busy and self.paused is not None,
            "roll": idle and waiting is Waiting.ROLL,
            "take_back": not self.busy and session is not None and session.can_take_back and self.complete is None,
            "hint": idle and session is not None and waiting in (Waiting.ROLL, Waiting.MOVE, Waiting.ANSWER),
            "toggle_view": not self.busy and self.paused is not None and self.paused.best_play is not None,
            "toggle_tutor": session is not None,
            "next_game": idle and waiting is Waiting.NEXT_GAME,
            "choose_double": idle and waiting is Waiting.CHOOSE_DOUBLE,
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

    def refresh_controls(self) -> None:
        """Buttons, keys and the cube actions as the game and the screen's state allow now."""
        if not self.shown:
            return
        waiting = self.game.waiting_for
        idle = not self.busy and self.paused is None
        actions = self.query_one(CubeActions)
        allowed = self.game.allowed if idle else frozenset()
        actions.can_double = self.uses_cube and "double" in allowed
        actions.can_take = "take" in allowed
        actions.can_pass = "pass" in allowed
        actions.can_beaver = "beaver" in allowed
        self.board.choosing = self.accepts_moves()
        self.notation.display = idle and waiting is Waiting.MOVE and self.playing is not None
        self.refresh_buttons()

    # --- the flow --------------------------------------------------------------------------------------------

    def show_table(self) -> None:
        """The board as the game stands: position, cube, score, names; no dice until they are rolled."""
        game, board = self.game, self.board
        board.position = game.board
        cube = game.cube
        if game.state.phase is Phase.DOUBLED:  # the cube turned and offered, waiting for the answer
            cube = Cube(2 * cube.value, cube.owner)
        board.cube = cube if self.uses_cube else None
        board.match = game.score if self.uses_cube or game.settings.match_length else None
        board.caption = ""
        board.numbered_for = self.deciding() if self.two_players else Side.X
        state = game.state
        board.on_roll = state.turn or Side.X
        board.dice = state.dice
        board.used_dice = ()
        board.selected, board.targets = None, frozenset()

    def show_opening(self) -> None:
        """Say who won the opening roll of the game under way (when nothing else has happened in it yet)."""
        events = self.game.events
        if not events or events[-1].kind != "opening":
            return
        event = events[-1]
        throws = event.opening_throws
        x, o = throws[-1]
        ties = f" after {plural(len(throws) - 1, 'tie')}" if len(throws) > 1 else ""
        starter = self.name_of(event.side)
        you = starter == "You"
        first, second = (x, o) if event.side is Side.X else (o, x)
        how = "roll both dice" if self.acey_deucey else f"play {first}-{second}"
        if not you:
            how = how.replace("roll", "rolls", 1).replace("play", "plays", 1)
        game_number = f"Game {self.game.game_number}. " if self.game.game_number > 1 else ""
        self.info(
            f"{game_number}Opening roll{ties}: {self.names[0]} {x}, {self.names[1]} {o}. "
            f"{'You start' if starter == 'You' else starter + ' starts'} and {how}."
        )

    def advance(self) -> None:
        """Show what the game waits for now; the computer's turn starts by itself."""
        self.stop_replay()
        self.playing = None
        self.complete = None
        self.paused = None
        self.hide_hints()
        self.query_one("#doubles", OptionList).display = False
        self.show_table()
        game = self.game
        waiting = game.waiting_for
        side = self.deciding()
        if waiting is Waiting.COMPUTER:
            self.run_computer()
        elif waiting is Waiting.ROLL:
            self.show_roll_prompt(side)
        elif waiting is Waiting.MOVE:
            self.start_move(side)
        elif waiting is Waiting.ANSWER:
            doubler, answer = self.who(side.other), self.who(side)
            to = "you" if answer == "You" else answer
            self.status(f"{doubler} doubled to {2 * game.cube.value}: {to}, take (t) or pass (p)?")
        elif waiting is Waiting.CHOOSE_DOUBLE:
            self.show_double_chooser(side)
        elif waiting is Waiting.NEXT_GAME:
            self.status(f"{self.game_result_text()} Press n or enter for the next game.")
        else:
            self.show_summary()
        self.refresh_controls()

    def show_roll_prompt(self, side: Side) -> None:
        who = self.who(side)
        if self.is_bonus_roll(side):
            self.status(f"Bonus roll: {who} {'roll' if who == 'You' else 'rolls'} again (r or enter).")
        else:
            whose = "Your" if who == "You" else f"{who}'s"
            double = " or double (d)" if "double" in self.game.allowed else ""
            self.status(f"{whose} turn: roll (r or enter){double}.")
        self.board.focus()

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
        who = self.who(side)
        chosen = " (the chosen double)" if dice.chosen else ""
        if explanation.no_play:
            self.complete = playing.turn.play
            self.status(f"{who}: no legal play with {dice.high_first()}{chosen}. Press enter to go on.")
            self.feedback.show(explanation.text, "info")
            self.board.choosing = False
        else:
            verb = "play" if who == "You" else "plays"
            self.status(f"{who} {verb} {dice.high_first()}{chosen}: move on the board or press / to type; u undoes.")
            if explanation.forced:
                self.feedback.show(explanation.text, "info")
            else:
                self.feedback.clear()
        self.board.cursor_shown = False
        self.board.focus()

    def show_double_chooser(self, side: Side) -> None:
        """After a 1-2 played in full: the six doubles, each saying whether it can be played in full."""
        assert isinstance(self.game, LocalGame)
        playable = self.game.playable_doubles()
        chooser = self.query_one("#doubles", OptionList)
        chooser.clear_options()
        for number in range(1, 7):
            face = DIE_FACES[number - 1]
            note = "✓ in full" if playable[number] else "✗ not in full"
            chooser.add_option(Option(Text(f"{number}-{number} {face}{face}  {note}"), id=str(number)))
        chooser.display = True
        who = self.who(side)
        chooses = "choose" if who == "You" else "chooses"
        self.status(
            f"Acey-deucey! {who} {chooses} the double to play (1-6): played in full, it earns a bonus roll; "
            "after one marked ✗ the turn ends."
        )
        chooser.highlighted = next((number - 1 for number in range(6, 0, -1) if playable[number]), 5)
        chooser.focus()

    # --- the player's decisions ----------------------------------------------------------------------------

    def action_confirm(self) -> None:
        """Enter on a whole play: play it (the tutor judges it)."""
        if not self.busy and self.paused is None and self.complete is not None:
            self.confirm(self.complete)

    def action_go_on(self) -> None:
        """Enter after the tutor's warning: keep the decision and go on."""
        if not self.busy and self.paused is not None:
            self.paused = None
            self.feedback.clear()
            self.advance()

    def action_back(self) -> None:
        if self.query_one("#hints", OptionList).display:
            self.hide_hints()
            self.restore_board()
        else:
            self.app.pop_screen()

    def played(self, play: Play, written: str) -> None:
        """A whole play made on the board: it waits for enter (u takes a move back)."""
        self.complete = play
        self.board.choosing = False
        who = self.who(self.deciding())
        self.status(f"{who}: {written or play}. Press enter to confirm, u to take a move back.")
        self.refresh_controls()

    def action_undo(self) -> None:
        if self.playing is None or self.busy or self.paused is not None:
            return
        if self.playing.undo():
            self.complete = None
            self.notation.value = self.playing.turn.notation()
            self.feedback.clear()
            self.status(f"{self.who(self.deciding())}: {self.playing.turn.notation() or 'no move yet'}.")
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
        playing.turn = Turn(playing.turn.position, playing.turn.dice, play.moves)
        playing.show()
        self.board.last_move = LastMove(play.moves, playing.side)
        self.feedback.clear()
        self.board.focus()
        self.played(play, str(play))

    def confirm(self, play: Play) -> None:
        game = self.game
        self.complete = None
        self.board.choosing = False
        side = self.deciding()
        self.board.last_move = LastMove(play.moves, side)
        if isinstance(game, Session):
            self.status("The tutor is looking at your play…" if game.tutor else "Playing…")
            self.in_worker(lambda: game.play(play), self.after_outcome)
        else:
            event = game.play(play)
            self.save()
            lost = game.turn_lost(event)
            self.info(f"{self.name_of(side)} played {play} with {dice_text(event.dice)}.")
            self.advance()
            if lost:
                self.feedback.show(lost, "info")

    def action_roll(self) -> None:
        if self.busy or self.paused is not None or self.game.waiting_for is not Waiting.ROLL:
            return
        game = self.game
        if isinstance(game, Session):
            self.status("Rolling…")
            self.in_worker(game.roll, self.after_outcome)
        else:
            event = game.roll()
            self.save()
            assert event.dice is not None
            self.info(f"{self.name_of(event.side)} rolled {dice_faces(event.dice)}.")
            self.advance()

    def on_cube_actions_double_offered(self, message: CubeActions.DoubleOffered) -> None:
        self.cube_action("double")

    def on_cube_actions_take_chosen(self, message: CubeActions.TakeChosen) -> None:
        self.cube_action("take")

    def on_cube_actions_pass_chosen(self, message: CubeActions.PassChosen) -> None:
        self.cube_action("pass")

    def on_cube_actions_beaver_chosen(self, message: CubeActions.BeaverChosen) -> None:
        self.cube_action("beaver")

    def cube_action(self, action: str) -> None:
        if self.busy or self.paused is not None:
            return
        game = self.game
        if isinstance(game, Session):
            acts: dict[str, Callable[[], Outcome]] = {
                "double": game.double, "take": game.take, "pass": game.drop, "beaver": game.beaver
            }  # fmt: skip
            act = acts[action]
            self.status({"double": "You double…", "take": "You take…", "pass": "You pass…",
                         "beaver": "You beaver…"}[action])  # fmt: skip
            self.in_worker(act, self.after_outcome)
            return
        side = self.deciding()
        try:
            {"double": game.double, "take": game.take, "pass": game.drop}[action]()
        except EngineError as error:
            self.feedback.show(str(error), "wrong")
            return
        self.save()
        verb = {"double": "doubled", "take": "took", "pass": "passed"}[action]
        self.info(f"{self.name_of(side)} {verb}.")
        self.advance()

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

    def action_choose_double(self, number: int) -> None:
        game = self.game
        if self.busy or not isinstance(game, LocalGame) or game.waiting_for is not Waiting.CHOOSE_DOUBLE:
            return
        side = self.deciding()
        full = game.playable_doubles()[number]
        game.choose_double(number)
        self.save()
        note = "" if full else " It can't be played in full: the turn ends after it."
        self.info(f"{self.name_of(side)} chose {number}-{number}.{note}")
        self.advance()

    def action_next_game(self) -> None:
        if self.busy or self.game.waiting_for is not Waiting.NEXT_GAME:
            return
        self.game.next_game()
        self.board.last_move = None
        self.save()
        self.feedback.clear()
        self.show_opening()
        self.advance()

    def action_take_back(self) -> None:
        session = self.session
        if self.busy or session is None or not session.can_take_back:
            return
        undone = session.take_back()
        self.save()
        self.feedback.clear()
        self.board.last_move = None
        first = undone[0]
        what = f"your play {first.play}" if first.kind == "play" else f"your {first.kind}"
        self.info(f"Took back {what}: decide again.")
        self.paused = None
        self.advance()

    def action_toggle_tutor(self) -> None:
        session = self.session
        if session is None:
            return
        session.tutor = not session.tutor
        self.save()
        self.show_title()
        self.app.notify(f"The tutor is {'on' if session.tutor else 'off'}.", title="Play", timeout=3)

    # --- the tutor -----------------------------------------------------------------------------------------

    def after_outcome(self, outcome: Outcome) -> None:
        """A decision of the learner was made (and judged): say so, and stop on a mistake."""
        self.save()
        event, verdict = outcome.event, outcome.verdict
        if event.kind == "roll":
            assert event.dice is not None
            self.info(f"You rolled {dice_faces(event.dice)}.")
        elif event.kind == "play":
            self.info(f"You played {event.play} with {dice_text(event.dice)}.")
        elif event.kind in ("double", "take", "pass"):
            self.info({"double": "You doubled.", "take": "You took.", "pass": "You passed."}[event.kind])
        if verdict is not None and verdict.is_mistake:
            if event.kind == "roll":  # a missed double: the dice are out, so there is nothing to take back
                self.advance()
                explanation = outcome.explanation
                forced = f" {explanation.text}" if explanation and (explanation.forced or explanation.no_play) else ""
                self.feedback.show(f"Tutor: {verdict.text}{forced}", "wrong")
                return
            self.pause_on(verdict, event)
            return
        if verdict is not None and event.kind != "roll":
            self.feedback.show(f"Tutor: {verdict.text}", "right")
        elif event.kind != "roll":
            self.feedback.clear()
        self.advance()

    def pause_on(self, verdict: Verdict, event: Event) -> None:
        """Show a mistake: the verdict with both equities, the better play on the board; enter goes on, z takes it
        back."""
        self.paused = verdict
        self.showing_better = True
        self.feedback.show(f"Tutor: {verdict.text}", "wrong")
        self.show_verdict_board(verdict)
        back = " z takes it back," if self.session is not None and self.session.can_take_back else ""
        view = " v shows yours or the better play," if verdict.best_play is not None else ""
        what = "play" if verdict.decision == "play" else "cube decision"
        self.status(f"A {verdict.skill.value} {what}:{back}{view} enter goes on.")
        self.refresh_controls()

    def show_verdict_board(self, verdict: Verdict) -> None:
        play = verdict.best_play if self.showing_better else verdict.chosen_play
        if play is None:
            return
        board = self.board
        board.position = play.result
        board.on_roll = Side.X
        board.dice = play.dice
        board.used_dice = play.dice.moves[: play.dice_used]
        board.last_move = LastMove.of(play)
        equity = verdict.best_equity if self.showing_better else verdict.chosen_equity
        board.caption = f"{'Better' if self.showing_better else 'Yours'}: {play} ({equity:+.3f})"

    def action_toggle_view(self) -> None:
        if self.paused is None:
            return
        self.showing_better = not self.showing_better
        self.show_verdict_board(self.paused)

    # --- hints ---------------------------------------------------------------------------------------------

    def action_hint(self) -> None:
        session = self.session
        if session is None or self.busy or self.paused is not None:
            return
        if self.query_one("#hints", OptionList).display:
            self.hide_hints()
            self.restore_board()
            return
        self.status("Looking for the best…")
        self.in_worker(session.hint, self.show_hint)

    def show_hint(self, hint: Hint) -> None:
        self.restore_status()
        hints = self.query_one("#hints", OptionList)
        hints.clear_options()
        self.hint_plays = hint.ranked
        if hint.kind == "play":
            for index, item in enumerate(hint.ranked):
                hints.add_option(Option(ranked_line(item), id=str(index)))
            hints.display = True
            hints.highlighted = 0
            hints.focus()
            self.feedback.show(
                f"Hint: {hint.advice} Equity, W winning and G gammon chances; the arrows show each play on the "
                "board, escape or h closes.",
                "info",
            )
        else:
            cube = hint.cube
            figures = ""
            if cube is not None:
                decision = cube.decision
                figures = (
                    f" No double {decision.no_double:+.3f}, double/take {decision.double_take:+.3f}, "
                    f"double/pass {decision.double_pass:+.3f}."
                )
            self.feedback.show(f"Hint: {hint.advice}{figures}", "info")

    def show_hint_play(self, index: int) -> None:
        if not 0 <= index < len(self.hint_plays):
            return
        item = self.hint_plays[index]
        board = self.board
        board.position = item.play.result
        board.used_dice = item.play.dice.moves[: item.play.dice_used]
        board.last_move = LastMove.of(item.play)
        board.caption = f"Hint {item.rank}: {item.play} ({item.equity:+.3f})"

    def hide_hints(self) -> None:
        hints = self.query_one("#hints", OptionList)
        if hints.display:
            hints.display = False
            self.hint_plays = ()
            self.board.caption = ""

    def restore_board(self) -> None:
        """Back to the turn being played after looking at hints."""
        if self.playing is not None:
            self.playing.show()
            self.board.last_move = None
        else:
            self.show_table()
        self.board.focus()

    def restore_status(self) -> None:
        waiting = self.game.waiting_for
        if waiting is Waiting.ROLL:
            self.show_roll_prompt(self.deciding())
        elif waiting is Waiting.MOVE:
            dice = self.game.dice
            assert dice is not None
            self.status(f"You play {dice.high_first()}: move on the board or press / to type; u undoes.")

    # --- the computer --------------------------------------------------------------------------------------

    def run_computer(self) -> None:
        self.status("The computer is thinking…")
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
            event = events.pop(0)
            self.show_computer_event(event, next_event)

        next_event()

    def show_computer_event(self, event: Event, then: Callable[[], None]) -> None:
        board = self.board
        name = self.name_of(event.side)
        if event.kind == "roll":
            assert event.dice is not None
            board.position = event.board_before(Side.X)
            board.on_roll, board.dice, board.used_dice = event.side, event.dice, ()
            board.last_move = None
            bonus = " (the bonus roll)" if self.is_bonus_roll(event.side, event.index) else ""
            self.status(f"{name} rolled {dice_faces(event.dice)}{bonus}.")
        elif event.kind == "choose":
            assert event.dice is not None
            board.on_roll, board.dice, board.used_dice = event.side, event.dice, ()
            self.status(f"Acey-deucey: {name} chose {event.dice.first}-{event.dice.first}.")
            self.info(f"Acey-deucey: {name} chose {event.dice.first}-{event.dice.first}.")
        elif event.kind == "play":
            assert event.play is not None
            self.status(f"{name} plays {event.play}.")
            lost = self.game.turn_lost(event) if isinstance(self.game, LocalGame) else None
            self.info(f"{name} played {event.play} with {dice_text(event.dice)}." + (f" {lost}" if lost else ""))
            self.animation = animate_play(board, event.play, side=event.side, interval=self.step_seconds, on_done=then)
            return
        elif event.kind == "double":
            board.cube = Cube(2 * event.before.cube, event.before.cube_owner)
            self.status(f"{name} doubles to {2 * event.before.cube}.")
            self.info(f"{name} doubled to {2 * event.before.cube}.")
        elif event.kind in ("take", "pass", "beaver"):
            board.cube = event.after.doubling_cube
            verb = {"take": "takes", "pass": "passes", "beaver": "beavers"}[event.kind]
            self.info(f"{name} {verb}.")
            self.status(f"{name} {verb}.")
        self.animation = self.set_timer(self.step_seconds, then)

    def stop_replay(self) -> None:
        if self.animation is not None:
            self.animation.stop()
            self.animation = None

    # --- working off the event loop ----------------------------------------------------------------------------

    def in_worker(self, job: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``job`` (an evaluation) in a worker thread, then ``then`` with its result on the event loop."""
        self.busy = True
        self.refresh_controls()
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
        self.feedback.show(f"Something went wrong: {error}", "wrong")
        self.status("The game is saved as it was: press q to leave, and resume it from the Play menu.")
        self.refresh_controls()

    # --- saving and the end --------------------------------------------------------------------------------

    def save(self) -> None:
        """Keep the game as it stands (after every decision), so that it resumes where it was."""
        game = self.game
        if isinstance(game, Session):
            self.store.save_game(**asdict(game.save_info()))
        else:
            self.store.set_setting(LOCAL_GAME_SETTING, "" if game.is_over else game.record.to_json())

    def game_result_text(self) -> str:
        results = self.game.results
        if not results:
            return ""
        result = results[-1]
        kind = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[result.kind.value]
        points = plural(result.points, "point")
        winner = self.name_of(result.winner)
        verb = "win" if winner == "You" else "wins"
        how = " (the double was passed)" if result.passed else ""
        return f"{winner} {verb} {kind} for {points}{how}."

    def show_summary(self) -> None:
        """The end: the result, the mistakes (choose one to see it on the board) and the error rate."""
        game = self.game
        self.status("Game over." if not game.settings.match_length else "Match over.")
        summary = self.query_one("#summary", Static)
        mistakes_list = self.query_one("#mistakes", OptionList)
        mistakes_list.clear_options()
        if isinstance(game, Session):
            report = game.summary()
            self.mistakes = report.mistakes
            lines = [report.text]
            if report.mistakes:
                lines.append("Your mistakes (choose one to see it on the board):")
            summary.update("\n".join(lines))
            for index, mistake in enumerate(report.mistakes):
                verdict = mistake.verdict
                dice = f" {mistake.dice.high_first()}" if mistake.dice is not None else ""
                mistakes_list.add_option(
                    Option(
                        Text(
                            f"Game {mistake.game}{dice}: {verdict.skill.value}, {verdict.chosen} "
                            f"(-{verdict.loss:.3f}; better {verdict.best})"
                        ),
                        id=str(index),
                    )
                )
            mistakes_list.display = bool(report.mistakes)
            if report.mistakes:
                mistakes_list.focus()
        else:
            self.mistakes = ()
            summary.update(game.headline())
            mistakes_list.display = False
        summary.display = True
        self.feedback.clear()

    def show_mistake(self, index: int) -> None:
        """A mistake from the summary on the board: the position before it and the better play."""
        if not 0 <= index < len(self.mistakes):
            return
        mistake = self.mistakes[index]
        board, verdict = self.board, mistake.verdict
        board.cube = mistake.cube
        board.match = mistake.score
        if verdict.best_play is not None:
            play = verdict.best_play
            board.position = play.result
            board.on_roll = Side.X
            board.dice = play.dice
            board.used_dice = play.dice.moves[: play.dice_used]
            board.last_move = LastMove.of(play)
            board.caption = (
                f"Better: {play} ({verdict.best_equity:+.3f}); yours: {verdict.chosen} ({verdict.chosen_equity:+.3f})"
            )
        else:
            board.position = mistake.board
            board.dice = mistake.dice
            board.used_dice = ()
            board.last_move = None
            board.caption = (
                f"You chose {verdict.chosen} ({verdict.chosen_equity:+.3f}); better: {verdict.best} "
                f"({verdict.best_equity:+.3f})"
            )
