"""The layout every task screen shares (a title bar, the board, a side panel) and the box to type a play in."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Static

from trainer.tui.widgets.board import BoardView


class TaskLayout(Widget):
    """A title bar over the board (left) and a side panel (right) holding ``panel``'s widgets."""

    DEFAULT_CSS = """
    TaskLayout {
        height: 1fr;
        & > .task-title { height: 1; background: $primary; color: $text; text-style: bold; }
        & > .task-body { height: 1fr; }
        & .task-panel { width: 1fr; min-width: 30; max-width: 60; padding: 0 1; border-left: vkey $primary; }
    }
    """

    def __init__(self, *panel: Widget, title: str = "") -> None:
        super().__init__()
        self._panel = panel
        self._title = title

    def compose(self) -> ComposeResult:
        yield Static(self._title, id="task-title", classes="task-title", markup=False)
        with Horizontal(classes="task-body"):
            yield BoardView(id="board")
            with Vertical(classes="task-panel"):
                yield from self._panel

    def set_title(self, title: str) -> None:
        """Change the title bar's text."""
        self.query_one("#task-title", Static).update(title)


class NotationInput(Input):
    """The box to type a play in (``24/18 13/8``); escape leaves the box for the board, not the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Board")]

    def __init__(self, placeholder: str = "type a play, e.g. 24/18 13/8") -> None:
        super().__init__(id="notation", placeholder=placeholder, select_on_focus=False)

    def action_leave(self) -> None:
        self.screen.query_one(BoardView).focus()
