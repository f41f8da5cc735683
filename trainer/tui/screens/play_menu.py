"""The Play menu: the unfinished games to resume, then the new games, with the game's length (a money game or a match
of 1, 3, 5 or 7 points), the computer's level and the money options chosen above them.

The list of games to resume is read afresh from the progress file when the menu shows and again when one is chosen,
so a game another copy of the app finished or moved on meanwhile is never resumed from a stale record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from trainer.analysis import DEFAULT_LEVEL, LEVELS
from trainer.engine import MoneyOptions
from trainer.i18n import N_
from trainer.play import MATCH_LENGTHS, LocalGame, PlayableGame, Players, RecordError, Session
from trainer.training.service import PlayedGames
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.wording import play_menu as play_menu_words

if TYPE_CHECKING:
    from trainer.analysis import CubeDecision, CubeOwner, Evaluator, GameContext, RankedPlay
    from trainer.engine import Dice, Position
    from trainer.tui.app import TrainerApp

MONEY_OPTIONS = ("none", "jacoby", "beavers", "both")
"""Money play's optional rules for a game against the computer (off by default)."""
RESUMABLE = 5
"""How many unfinished games against the computer the menu offers to resume."""


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


class PlayMenuScreen(TrainerScreen):
    """Resume an unfinished game, or start one: against the computer, acey-deucey, or two players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "cycle_length", N_("Game length")),
        Binding("l", "cycle_level", N_("Level")),
        Binding("o", "cycle_options", N_("Money options")),
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
    """The menu entry of the game opened last."""

    @property
    def games(self) -> PlayedGames:
        """The games kept in the progress file."""
        return PlayedGames(self.store)

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static(play_menu_words.play_title(), classes="page-title")
            yield Static(play_menu_words.play_subtitle(), classes="page-subtitle")
            with Horizontal(classes="play-settings"):
                yield Static(play_menu_words.game_length_field(), classes="field-label")
                with RadioSet(id="play-length"):
                    for length in MATCH_LENGTHS:
                        yield RadioButton(play_menu_words.length_name(length), value=length == 0, id=f"length-{length}")
            with Horizontal(classes="play-settings"):
                yield Static(play_menu_words.level_field(), classes="field-label")
                with RadioSet(id="play-level"):
                    for name in LEVELS:
                        label = play_menu_words.level_name(name).capitalize()
                        yield RadioButton(label, value=name == DEFAULT_LEVEL, id=f"level-{name}")
            with Horizontal(classes="play-settings"):
                yield Static(play_menu_words.money_field(), classes="field-label")
                with RadioSet(id="play-options"):
                    for key in MONEY_OPTIONS:
                        yield RadioButton(play_menu_words.money_option(key), value=key == "none", id=f"options-{key}")
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

    def refresh_menu(self) -> None:
        """The games to resume (read afresh from the progress file), then the new games with the chosen length and
        level."""
        menu = self.query_one("#play-menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        games = self.games
        resumable = 0
        for game in games.unfinished()[:RESUMABLE]:
            menu.add_option(Option(Text(play_menu_words.resume_line(game)), id=f"resume:{game.id}"))
            resumable += 1
        for local in games.unfinished_local():
            try:
                setup = LocalGame.resume(local.record).setup
            except RecordError as error:
                games.set_aside_local(local.id)
                self.app.notify(
                    play_menu_words.local_game_set_aside(str(error)),
                    title=play_menu_words.play_title(),
                    severity="warning",
                    timeout=12,
                    markup=False,
                )
                continue
            menu.add_option(
                Option(Text(play_menu_words.resume_local_line(setup, local.updated_at)), id=f"local:{local.id}")
            )
            resumable += 1
        if resumable:
            menu.add_option(None)
        options = self.money_options()
        menu.add_option(
            Option(play_menu_words.new_game_against_sage(self.length, options, self.level), id="new:computer")
        )
        menu.add_option(Option(play_menu_words.new_acey_deucey_game(self.length), id="new:acey"))
        menu.add_option(Option(play_menu_words.new_two_player_game("standard", self.length), id="new:two-standard"))
        menu.add_option(Option(play_menu_words.new_two_player_game("acey-deucey", self.length), id="new:two-acey"))
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
        self.options = MONEY_OPTIONS[(MONEY_OPTIONS.index(self.options) + 1) % len(MONEY_OPTIONS)]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        try:
            opened = self.open_game(option_id)
        except RecordError as error:
            self.app.notify(play_menu_words.cannot_resume(str(error)), severity="error", markup=False)
            return
        if opened is None:  # gone or finished meanwhile (another copy of the app): the menu shows it as it is now
            self.app.notify(play_menu_words.game_moved_on(), title=play_menu_words.play_title(), markup=False)
            self.refresh_menu()
            return
        game, version = opened
        self.left = option_id if not option_id.startswith("new:") else f"resume:{game.id}"
        from trainer.tui.screens.play import PlayScreen

        self.app.push_screen(PlayScreen(game, version=version))

    def open_game(self, option_id: str) -> tuple[PlayableGame, int] | None:
        """The game an entry of the menu opens, with the version of its record in the progress file (0 for a new
        one); ``None`` if the game to resume is no longer there unfinished (read afresh).

        :raises RecordError: if its record cannot be rebuilt.
        """
        evaluator = app_evaluator(self.trainer)
        if option_id.startswith("resume:"):
            stored = self.games.unfinished_game(option_id.removeprefix("resume:"))
            if stored is None:
                return None
            return Session.resume(stored.record, evaluator=evaluator), stored.version
        if option_id.startswith("local:"):
            local = self.games.unfinished_local_game(option_id.removeprefix("local:"))
            if local is None:
                return None
            return LocalGame.resume(local.record), local.version
        if option_id == "new:computer":
            options = self.money_options()
            session = Session.new(
                self.length,
                self.level,
                jacoby=options.jacoby,
                beavers=options.beavers,
                seed=self.seed,
                evaluator=evaluator,
            )
            return session, 0
        variant = "standard" if option_id == "new:two-standard" else "acey-deucey"
        players: Players = "computer" if option_id == "new:acey" else "two"
        return LocalGame.new(variant, players, self.length, seed=self.seed), 0
