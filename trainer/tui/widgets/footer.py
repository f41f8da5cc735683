"""The footer of every screen: Textual's, compact, with the keys' descriptions in the language in use (bindings carry
them marked with ``N_()``), recomposed once however many times the keys change before the next refresh (Textual's
own footer recomposes once for each change, and a screen's step changes several reactives that bear on its keys at
once), and never showing a key cut short: the keys that do not fit the width are left out, from the last one on
(they still work)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from trainer.i18n import _


class KeysFooter(Footer):
    """The keys that act now, as Textual's compact footer shows them, translated, updated at most once a refresh,
    as many as fit the width whole."""

    _recompose_due = False

    def __init__(self) -> None:
        super().__init__(compact=True)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            elif isinstance(widget, FooterLabel):
                label = str(widget.content)
                widget.update(_(label))
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen or self._recompose_due:
            return
        self._recompose_due = True
        self.call_after_refresh(self._recompose_once)

    async def _recompose_once(self) -> None:
        self._recompose_due = False
        await self.recompose()

    async def recompose(self) -> None:
        await super().recompose()
        self.fit_keys()

    def on_resize(self) -> None:
        self.fit_keys()

    def width_of(self, item: Widget) -> int:
        """The columns a key (or a group of keys) takes in the footer, margins included, shown or not."""
        content = item.get_content_width(self.size, self.app.size)
        return content + item.styles.gutter.width + item.styles.margin.width

    def fit_keys(self) -> None:
        """Show the keys in order as long as they fit whole beside the command palette's key; leave out the rest."""
        docked = [item for item in self.children if item.has_class("-command-palette")]
        room = self.size.width - sum(self.width_of(item) for item in docked)
        fits = True
        for item in self.children:
            if item in docked:
                continue
            room -= self.width_of(item)
            fits = fits and room >= 0
            item.display = fits
