"""Help: the keys, and the rules in brief."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.wording import help as help_words


class HelpScreen(TrainerScreen):
    """Keys and rules."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Markdown(help_words.help_text())
        yield KeysFooter()
