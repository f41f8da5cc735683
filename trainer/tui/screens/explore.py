"""Explore a position: paste a Position ID, XGID or text form (or start from the opening), set the dice, and
see every legal play and whether the roll is forced and why."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from trainer.engine import EngineError, Play, Position, explain, parse_dice, read_position, sorted_plays
from trainer.tui.playing import STEP_SECONDS, animate_play
from trainer.tui.screens.base import TaskScreen
from trainer.tui.widgets.board import LastMove
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import TaskLayout

ACCEPTED_FORMS = (
    "Write a Position ID (e.g. 4HPwATDgc/ABMA, a Match ID may follow after a colon), an XGID (XGID=...), "
    "the text form (e.g. X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2) or start."
)


class ExploreScreen(TaskScreen):
    """A position, a roll, every legal play (in the order ``bgtrainer moves`` lists them); highlight a play to see
    where it leaves the checkers, from and to, or choose it (enter) to see its checkers move one at a time."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "swap", "Other side to roll")]

    step_seconds = STEP_SECONDS
    """How long each checker move of a chosen play stays on the board before the next."""

    def __init__(self) -> None:
        super().__init__()
        self.position = Position.start()
        self.plays: tuple[Play, ...] = ()
        self.replay: Timer | None = None

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static("Position (Position ID, XGID, text form or 'start'):", classes="field-label"),
            Input("start", id="position-input", placeholder="e.g. 4HPwATDgc/ABMA"),
            Static("Dice:", classes="field-label"),
            Input("31", id="dice-input", placeholder="e.g. 31 or 6-5"),
            FeedbackBar(id="feedback"),
            Static(id="explanation", markup=False),
            OptionList(id="plays"),
            title=" Explore a position",
        )
        yield Footer()

    def accepts_moves(self) -> bool:
        return False

    def on_mount(self) -> None:
        self.board.choosing = False  # the board only shows here
        self.board.cursor_shown = False
        self.update_view()
        self.query_one("#position-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.update_view()
        if event.input.id == "position-input":
            self.query_one("#dice-input", Input).focus()
        else:
            self.query_one("#plays", OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Keep the plays in step with what is typed (a half-typed entry just shows what is wrong with it)."""
        self.update_view()

    def update_view(self) -> None:
        """Read both inputs; show the board and the plays, or say what is wrong with the input."""
        plays_list = self.query_one("#plays", OptionList)
        explanation_box = self.query_one("#explanation", Static)
        self.stop_replay()
        try:
            try:
                position, xgid_dice = read_position(
                    self.query_one("#position-input", Input).value, allow_finished=False
                )
            except EngineError as error:
                raise EngineError(f"{error}. {ACCEPTED_FORMS}") from error
            dice_text = self.query_one("#dice-input", Input).value.strip()
            dice = parse_dice(dice_text) if dice_text or xgid_dice is None else xgid_dice
        except EngineError as error:
            self.feedback.show(str(error), "wrong")
            self.plays = ()
            plays_list.clear_options()
            explanation_box.update("")
            return
        self.feedback.clear()
        self.position = position
        explanation = explain(position, dice)
        self.plays = () if explanation.no_play else sorted_plays(explanation.plays)
        board = self.board
        board.position, board.dice, board.used_dice, board.last_move = position, dice, (), None
        board.caption = position.text() if position.has_waiting() else f"ID {position.position_id()}"
        explanation_box.update(explanation.text)
        plays_list.clear_options()
        for index, play in enumerate(self.plays):
            plays_list.add_option(Option(Text(str(play)), id=str(index)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show where the highlighted play leaves the checkers, its moves marked from and to."""
        if event.option.id is None:
            return
        self.stop_replay()
        play = self.plays[int(event.option.id)]
        board = self.board
        board.position, board.used_dice = play.result, play.dice.moves[: play.dice_used]
        board.last_move = LastMove.of(play)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play the chosen play out on the board, one checker at a time."""
        if event.option.id is None:
            return
        self.stop_replay()
        self.replay = animate_play(self.board, self.plays[int(event.option.id)], interval=self.step_seconds)

    def stop_replay(self) -> None:
        if self.replay is not None:
            self.replay.stop()
            self.replay = None

    def action_swap(self) -> None:
        self.query_one("#position-input", Input).value = self.position.swap().identifier()
        self.update_view()
