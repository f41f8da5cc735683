"""The footer of every screen: Textual's, with the keys' descriptions in the language in use (bindings carry them
marked with ``N_()``), recomposed once however many times the keys change before the next refresh (Textual's own
footer recomposes once for each change, and a screen's step changes several reactives that bear on its keys at
once)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from trainer.i18n import _


class KeysFooter(Footer):
    """The keys that act now, as Textual's footer shows them, translated, updated at most once a refresh."""

    _recompose_due = False

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
