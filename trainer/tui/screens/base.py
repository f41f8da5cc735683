"""What every screen of the app shares: typed access to the app's state, and the task screen (a roll played on
the board, with the feedback bar and the box to type a play)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button

from trainer.engine import Play
from trainer.store import ProgressStore
from trainer.tui.playing import BoardPlay, Refused
from trainer.tui.widgets.board import BoardView
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import NotationInput, TaskLayout

if TYPE_CHECKING:
    from trainer.tui.app import TrainerApp

_SCREEN_ACTION = re.compile(r"screen\.(\w+)")


class TrainerScreen(Screen[None]):
    """A screen of the trainer app, with the app's state typed."""

    @property
    def trainer(self) -> TrainerApp:
        """The app, with its store and content."""
        return cast("TrainerApp", self.app)

    @property
    def store(self) -> ProgressStore:
        """Where progress is kept."""
        return self.trainer.store

    def refresh_buttons(self) -> None:
        """Show each button whose screen action applies now (the footer's keys follow the same rule)."""
        self.refresh_bindings()
        for button in self.query(Button):
            match = _SCREEN_ACTION.match(button.action or "")
            if match:
                button.display = bool(self.check_action(match.group(1), ()))


class TaskScreen(TrainerScreen):
    """A task on the board: the shared layout, a roll played one checker at a time, feedback, a typed play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.pop_screen", "Back"),
        Binding("b", "focus_board", "Board"),
        Binding("slash", "focus_notation", "Type a play"),
        Binding("u,backspace", "undo", "Undo"),
    ]

    playing: BoardPlay | None = None

    @property
    def task_layout(self) -> TaskLayout:
        return self.query_one(TaskLayout)

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    @property
    def feedback(self) -> FeedbackBar:
        return self.query_one(FeedbackBar)

    @property
    def notation(self) -> NotationInput:
        return self.query_one(NotationInput)

    def accepts_moves(self) -> bool:
        """Whether a roll is being played now (subclasses narrow it)."""
        return self.playing is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "focus_notation"):
            return self.accepts_moves()
        return True

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        if self.playing is None or not self.accepts_moves():
            return
        outcome = self.playing.choose(event.point)
        self.notation.value = self.playing.turn.notation()
        if isinstance(outcome, Refused):
            self.feedback.show(outcome.reason, "wrong", illegal=outcome.illegal)
            if outcome.illegal:
                self.refused(outcome, event.point)
        elif outcome is not None:
            self.feedback.clear()
            self.played(outcome, self.playing.turn.notation())  # as moved: a checker borne off keeps its stops
        else:
            self.feedback.clear()

    def refused(self, refusal: Refused, point: int) -> None:
        """The rules refused a move on the board (the feedback is shown already)."""

    def played(self, play: Play, written: str) -> None:
        """A whole play was made, on the board or typed as ``written``."""

    def reset_play(self) -> None:
        """Put the checkers back for another try and empty the box."""
        if self.playing is not None:
            self.playing.reset()
        self.notation.value = ""

    def action_undo(self) -> None:
        if self.playing is not None and self.accepts_moves() and self.playing.undo():
            self.notation.value = self.playing.turn.notation()
            self.feedback.clear()

    def action_focus_notation(self) -> None:
        if self.accepts_moves():
            self.notation.focus()

    def action_focus_board(self) -> None:
        self.board.focus()
