"""The layout every task screen shares (a title bar, the board, a side panel) and the box to type a play in."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from trainer.i18n import N_
from trainer.tui.widgets.board import BoardView
from trainer.tui.wording import common as common_words
from trainer.tui.wording import task as task_words

PANEL_MIN_WIDTH = 30
"""The side panel's width the board leaves it; the board takes the rest, as large as it fits. Only a board that
cannot be smaller (the least one with the waiting column of acey-deucey, in an 80-column window) leaves it less,
down to 26."""


class TaskLayout(Widget):
    """A title bar over the board (left) and a side panel (right) holding ``panel``'s widgets.

    The board is sized to the largest board that leaves the panel room; the panel sits beside it and shows its
    widgets one under the other (the prompt, the feedback, the box, the buttons), scrolling when they are too
    long, so that on a large window the instruction, the board and the feedback stay together. Buttons in the
    panel take clicks but never the focus: Tab goes board, options, box.
    """

    DEFAULT_CSS = """
    TaskLayout {
        height: 1fr;
        & > .task-title { height: 1; background: $primary; color: $text; text-style: bold; }
        & > .task-body { height: 1fr; align-horizontal: center; }
        & BoardView { width: auto; }
        & .task-panel {
            width: 1fr; min-width: 26; max-width: 64; height: 1fr;
            padding: 0 1; border-left: vkey $primary; scrollbar-size-vertical: 1;
        }
        & .task-panel > * { height: auto; }
        & .task-panel Button { margin: 1 1 0 0; }
        & .task-panel FeedbackBar { margin-top: 1; }
    }
    """

    def __init__(self, *panel: Widget, title: str = "") -> None:
        """``title``: the title bar's text (control characters are shown as visible signs, whatever its source)."""
        super().__init__()
        self._panel = panel
        self._title = title

    def compose(self) -> ComposeResult:
        yield Static(common_words.shown(self._title), id="task-title", classes="task-title", markup=False)
        with Horizontal(classes="task-body"):
            board = BoardView(id="board")
            board.reserved_width = PANEL_MIN_WIDTH  # as wide as it fits, leaving the panel its narrowest width
            yield board
            with TaskPanel(classes="task-panel", can_focus=False):
                yield from self._panel

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False
            button.compact = True
        for scroll in self.query_one(".task-panel").query(VerticalScroll):
            scroll.can_focus = False  # a container of text; the panel scrolls with the mouse or page up/down

    def set_title(self, title: str) -> None:
        """Change the title bar's text."""
        self.query_one("#task-title", Static).update(common_words.shown(title))


class TaskPanel(VerticalScroll):
    """The side panel of a task: its widgets one under the other, scrolling when they are too long for the window;
    the screen's keys to scroll it are offered while it does."""

    def watch_show_vertical_scrollbar(self) -> None:
        if self.is_mounted:
            self.screen.refresh_bindings()  # the scroll keys come and go with the scroll bar


class NotationInput(Input):
    """The box to type a play in (``24/18 13/8``).

    Escape leaves the box for the board, not the screen. While the box is empty, a letter that cannot begin a play
    (any but ``b`` of ``bar``, and ``q``) goes to the screen's keys first, so the keys a feedback names (``s`` for
    the solution, ``p`` for no legal play, ``n`` for next) work right after a wrong answer has emptied the box; a
    letter no key takes is typed as usual; a ``/`` (the key that opens the box) is never typed into an empty box.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", N_("Leave the box"))]

    def __init__(self, placeholder: str | None = None) -> None:
        """``placeholder``: what the empty box says (by default, to type a play, with an example)."""
        shown = task_words.type_a_play_placeholder() if placeholder is None else placeholder
        super().__init__(id="notation", placeholder=shown, select_on_focus=False)

    def watch_value(self, old: str, new: str) -> None:
        if bool(old) != bool(new) and self.is_mounted:
            self.screen.refresh_bindings()  # the screen's letter keys come and go with an empty box

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if not self.value and character == "/":
            return False  # the key that opens the box, pressed again: no play begins with a slash
        if not self.value and character is not None and character.isalpha() and character.lower() not in "bq":
            return False  # the screen's key, if it has one, comes first
        return super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        if not self.check_consume_key(event.key, event.character):
            active = self.screen.active_bindings.get(event.key)
            if active is not None and active.enabled and active.node is not self:
                event.prevent_default()  # not typed: the key goes on to the screen's binding

    def action_leave(self) -> None:
        self.screen.query_one(BoardView).focus()
