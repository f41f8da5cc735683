"""The cube actions: double (or not), take and pass, as buttons and keys, for any screen that allows them.

A screen includes :class:`CubeActions` (in its panel) and says which actions apply now with its reactives; the
widget shows only those buttons and posts a message when one is chosen, by a click or by the screen's keys
(``d``, ``t``, ``p`` on a :class:`~trainer.tui.screens.base.TaskScreen`; ``r``, "no double, roll", where a
screen asks for the decision itself, as a cube puzzle does). The widget decides nothing: the screen checks the
choice with the engine and answers it.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button

CubeAction = Literal["double", "no double", "take", "pass", "beaver"]
CUBE_ACTIONS: tuple[CubeAction, ...] = ("double", "no double", "take", "pass", "beaver")
CUBE_KEYS: dict[CubeAction, str] = {"double": "d", "no double": "r", "take": "t", "pass": "p", "beaver": "b"}


class CubeActions(Widget):
    """Buttons to double, not to double, take and pass; each shown only while its reactive allows it."""

    DEFAULT_CSS = """
    CubeActions {
        layout: horizontal;
        height: auto;
        & > Button { margin: 1 1 0 0; width: auto; min-width: 0; }
    }
    """

    can_double: reactive[bool] = reactive(False)
    """Whether the player may double now (before rolling, the cube centered or theirs, not the Crawford game)."""
    can_decline: reactive[bool] = reactive(False)
    """Whether the player is asked to decide not to double (and roll on) as an answer of its own."""
    can_take: reactive[bool] = reactive(False)
    """Whether a double is on offer to the player, to take."""
    can_pass: reactive[bool] = reactive(False)
    """Whether a double is on offer to the player, to pass."""
    can_beaver: reactive[bool] = reactive(False)
    """Whether the player, doubled in money play with beavers on, may beaver (take and redouble at once)."""

    LABELS: ClassVar[dict[CubeAction, str]] = {
        "double": "Double",
        "no double": "No double",
        "take": "Take",
        "pass": "Pass",
        "beaver": "Beaver",
    }

    class Chosen(Message):
        """A cube action was chosen (the base of the three messages below)."""

        action: ClassVar[CubeAction]

        def __init__(self, cube_actions: CubeActions) -> None:
            super().__init__()
            self.cube_actions = cube_actions

        @property
        def control(self) -> CubeActions:
            return self.cube_actions

    class DoubleOffered(Chosen):
        """The player doubles."""

        action = "double"

    class NoDoubleChosen(Chosen):
        """The player decides not to double (and rolls on)."""

        action = "no double"

    class TakeChosen(Chosen):
        """The player takes the double offered."""

        action = "take"

    class PassChosen(Chosen):
        """The player passes the double offered (and gives up the game at the cube's value)."""

        action = "pass"

    class BeaverChosen(Chosen):
        """The player beavers the double offered: takes and redoubles at once, keeping the cube."""

        action = "beaver"

    MESSAGES: ClassVar[dict[CubeAction, type[Chosen]]] = {
        "double": DoubleOffered,
        "no double": NoDoubleChosen,
        "take": TakeChosen,
        "pass": PassChosen,
        "beaver": BeaverChosen,
    }

    def compose(self) -> ComposeResult:
        for action in CUBE_ACTIONS:
            button = Button(
                f"{self.LABELS[action]} ({CUBE_KEYS[action]})", id=f"cube-{action.replace(' ', '-')}", compact=True
            )
            button.can_focus = False
            button.display = False
            yield button

    def ask(self, question: str | None) -> None:
        """Offer the two answers of a cube question asked of the player: ``double`` (double or not) or ``take``
        (take or pass); ``None`` offers none."""
        self.can_double = self.can_decline = question == "double"
        self.can_take = self.can_pass = question == "take"

    def allows(self, action: CubeAction) -> bool:
        """Whether ``action`` may be chosen now."""
        allowed = {
            "double": self.can_double,
            "no double": self.can_decline,
            "take": self.can_take,
            "pass": self.can_pass,
            "beaver": self.can_beaver,
        }
        return allowed[action]

    def choose(self, action: CubeAction) -> bool:
        """Post the message of ``action`` if it is allowed now; whether it was."""
        if not self.allows(action):
            return False
        self.post_message(self.MESSAGES[action](self))
        return True

    def _refresh(self) -> None:
        for action in CUBE_ACTIONS:
            self.query_one(f"#cube-{action.replace(' ', '-')}", Button).display = self.allows(action)
        self.display = any(self.allows(action) for action in CUBE_ACTIONS)
        self.screen.refresh_bindings()

    def on_mount(self) -> None:
        self._refresh()

    def watch_can_double(self) -> None:
        if self.is_mounted:
            self._refresh()

    def watch_can_decline(self) -> None:
        if self.is_mounted:
            self._refresh()

    def watch_can_take(self) -> None:
        if self.is_mounted:
            self._refresh()

    def watch_can_pass(self) -> None:
        if self.is_mounted:
            self._refresh()

    def watch_can_beaver(self) -> None:
        if self.is_mounted:
            self._refresh()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        chosen = (event.button.id or "").removeprefix("cube-").replace("-", " ")
        for action in CUBE_ACTIONS:
            if action == chosen:
                self.choose(action)
