"""Shown instead of a broken layout while the terminal is smaller than the app needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from trainer.tui.wording import app as app_words

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Asks for a larger window, saying how large, until the terminal is at least 80 x 24."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small", classes="too-small", markup=False)

    def on_mount(self) -> None:
        self.refresh_message()

    def on_screen_resume(self) -> None:
        """Back on top (a screen opened over it has closed): gone if the window has grown meanwhile."""
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.dismiss()

    def on_resize(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        width, height = self.app.size
        message = app_words.window_too_small(width, height, MIN_WIDTH, MIN_HEIGHT)
        self.query_one("#too-small", Static).update(message)
