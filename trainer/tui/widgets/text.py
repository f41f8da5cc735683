"""Text from content files, shown safely: Markdown whose links open only web addresses, and whose control
characters show as visible signs instead of reaching the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlparse

from textual.widgets import Markdown

from trainer.tui.wording import app as app_words

if TYPE_CHECKING:
    from textual.await_complete import AwaitComplete

WEB_SCHEMES = frozenset({"http", "https"})


class SafeMarkdown(Markdown):
    """Markdown written in lesson and puzzle files. A link opens only an ``http`` or ``https`` address; any other
    (a local file, an app action) is refused with a notice. Control characters (an escape sequence, a bell) are
    shown as visible signs (``␛``, ``␇``)."""

    def __init__(self, markdown: str | None = None, *, id: str | None = None, classes: str | None = None) -> None:
        shown = None if markdown is None else app_words.shown_lines(markdown)
        super().__init__(shown, id=id, classes=classes, open_links=False)

    def update(self, markdown: str) -> AwaitComplete:
        return super().update(app_words.shown_lines(markdown))

    def append(self, markdown: str) -> AwaitComplete:
        return super().append(app_words.shown_lines(markdown))

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        if urlparse(event.href).scheme.lower() in WEB_SCHEMES:
            self.app.open_url(event.href)
        else:
            self.app.notify(app_words.only_web_links(), severity="warning", markup=False)
