"""What every screen of the app shares: typed access to the app's state (the store, the clock), the keys to go
back, and buttons that follow the keys. The task screen, with a board, is :mod:`trainer.tui.screens.task_screen`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static

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


class MenuPageScreen(TrainerScreen):
    """A page holding one menu under a title and a subtitle; its entries are made again each time the page shows
    (the bests they quote may have changed), the highlighted one kept."""

    MENU_ID: ClassVar[str] = "menu"
    """The id of the page's option list."""

    def compose(self) -> ComposeResult:
        from trainer.tui.widgets.footer import KeysFooter

        with Vertical(classes="menu-page"):
            yield Static(self.page_title(), classes="page-title")
            yield Static(self.page_subtitle(), classes="page-subtitle")
            yield OptionList(id=self.MENU_ID, classes="menu")
        yield KeysFooter()

    def page_title(self) -> str:
        """The page's title, in the language in use."""
        raise NotImplementedError

    def page_subtitle(self) -> str:
        """The line under the title."""
        raise NotImplementedError

    def add_entries(self, menu: OptionList) -> None:
        """Add the page's entries to its (empty) menu."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.refresh_entries()
        self.query_one(f"#{self.MENU_ID}", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_entries()

    def refresh_entries(self) -> None:
        """Make the entries again, keeping the one highlighted."""
        menu = self.query_one(f"#{self.MENU_ID}", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        self.add_entries(menu)
        menu.highlighted = highlighted if highlighted is not None else 0
