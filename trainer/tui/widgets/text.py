"""Text from content files, shown safely: Markdown whose links open only web addresses."""

from __future__ import annotations

from urllib.parse import urlparse

from textual.widgets import Markdown

WEB_SCHEMES = frozenset({"http", "https"})


class SafeMarkdown(Markdown):
    """Markdown written in lesson and puzzle files. A link opens only an ``http`` or ``https`` address; any other
    (a local file, an app action) is refused with a notice."""

    def __init__(self, markdown: str | None = None, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(markdown, id=id, classes=classes, open_links=False)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        if urlparse(event.href).scheme.lower() in WEB_SCHEMES:
            self.app.open_url(event.href)
        else:
            self.app.notify("Only web links (http and https) open from here.", severity="warning", markup=False)
