"""What every screen of the app shares: typed access to the app's state (the store, the clock), the keys to go
back, and buttons that follow the keys. The task screen, with a board, is :mod:`trainer.tui.screens.task_screen`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button

from trainer.i18n import N_

if TYPE_CHECKING:
    from trainer.store import ProgressStore
    from trainer.tui.app import TrainerApp
_SCREEN_ACTION = re.compile(r"screen\.(\w+)")


class TrainerScreen(Screen[None]):
    """A screen of the trainer app, with the app's state typed; ``q`` or escape goes back to the screen under it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.pop_screen", N_("Back"))]

    @property
    def trainer(self) -> TrainerApp:
        """The app, with its store and content."""
        return cast("TrainerApp", self.app)

    @property
    def store(self) -> ProgressStore:
        """Where progress is kept."""
        return self.trainer.store

    def now(self) -> float:
        """The app's clock, in seconds since the epoch (tests give the app a fake one)."""
        return self.trainer.clock()

    def refresh_buttons(self) -> None:
        """Show each button whose screen action applies now (the footer's keys follow the same rule)."""
        self.refresh_bindings()
        for button in self.query(Button):
            match = _SCREEN_ACTION.match(button.action or "")
            if match:
                button.display = bool(self.check_action(match.group(1), ()))
