"""The cube actions: double (or not), take, pass and beaver, as buttons and keys, for any screen that allows them.

A screen includes :class:`CubeActions` (in its panel) and sets which actions apply now in its one reactive,
:attr:`CubeActions.allowed`; the widget shows only those buttons and posts :class:`CubeActions.Chosen` when one is
chosen, by a click or by the screen's keys (``d``, ``t``, ``p``, ``b`` on a
:class:`~trainer.tui.screens.task_screen.TaskScreen`; ``r``, "no double, roll", where a screen asks for the decision
itself, as a cube puzzle does). The widget decides nothing: the screen checks the choice with the engine and answers it.
"""

from __future__ import annotations

from enum import StrEnum

from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button

from trainer.tui.wording import cube as cube_words


class CubeAction(StrEnum):
    """A cube action a player may be offered."""

    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"

    @property
    def key(self) -> str:
        """The key that chooses it."""
        return CUBE_KEYS[self]

    @property
    def button_id(self) -> str:
        return "cube-" + self.value.replace(" ", "-")


CUBE_KEYS: dict[CubeAction, str] = {
    CubeAction.DOUBLE: "d",
    CubeAction.NO_DOUBLE: "r",
    CubeAction.TAKE: "t",
    CubeAction.PASS: "p",
    CubeAction.BEAVER: "b",
}
QUESTIONS: dict[str, frozenset[CubeAction]] = {
    "double": frozenset({CubeAction.DOUBLE, CubeAction.NO_DOUBLE}),
    "take": frozenset({CubeAction.TAKE, CubeAction.PASS}),
}
"""The two answers of each cube question asked of a player."""


class CubeActions(Widget):
    """Buttons to double, not to double, take, pass and beaver; each shown only while :attr:`allowed` holds it."""

    DEFAULT_CSS = """
    CubeActions {
        layout: horizontal;
        height: auto;
        & > Button { margin: 1 1 0 0; width: auto; min-width: 0; }
    }
    """

    allowed: reactive[frozenset[CubeAction]] = reactive(frozenset(), bindings=True)
    """The actions the player may choose now."""

    class Chosen(Message):
        """A cube action was chosen."""

        def __init__(self, cube_actions: CubeActions, action: CubeAction) -> None:
            super().__init__()
            self.cube_actions = cube_actions
            self.action = action

        @property
        def control(self) -> CubeActions:
            return self.cube_actions

    def compose(self) -> ComposeResult:
        for action in CubeAction:
            label = cube_words.cube_button(action.value, action.key)
            button = Button(label, id=action.button_id, compact=True)
            button.can_focus = False
            button.display = False
            yield button

    def ask(self, question: str | None) -> None:
        """Offer the two answers of a cube question asked of the player: ``double`` (double or not) or ``take``
        (take or pass); ``None`` offers none."""
        self.allowed = QUESTIONS.get(question or "", frozenset())

    def allows(self, action: CubeAction) -> bool:
        """Whether ``action`` may be chosen now."""
        return action in self.allowed

    def choose(self, action: CubeAction) -> bool:
        """Post the message of ``action`` if it is allowed now; whether it was."""
        if not self.allows(action):
            return False
        self.post_message(self.Chosen(self, action))
        return True

    def watch_allowed(self) -> None:
        if self.is_mounted:
            self.show_allowed()

    def on_mount(self) -> None:
        self.show_allowed()

    def show_allowed(self) -> None:
        """Show the buttons of the actions allowed, and the widget only while one is."""
        for action in CubeAction:
            self.query_one(f"#{action.button_id}", Button).display = action in self.allowed
        self.display = bool(self.allowed)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        for action in CubeAction:
            if event.button.id == action.button_id:
                self.choose(action)
