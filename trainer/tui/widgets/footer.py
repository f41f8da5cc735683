"""The footer of every screen: the keys that act now, in one line, in the language in use.

It renders one value, its :attr:`KeysFooter.hints`, worked out from the screen's active bindings the moment they
change (the screen's bindings signal), so the footer never lags the screen: nothing is composed or mounted, the
line is drawn with the rest of the frame. Keys of one group (the arrows, the numbered answers) share their group's
label; a key that doesn't apply now is left out, one that is shown but disabled is dimmed. Only keys that fit whole
are shown, from the first (they all still work), the command palette's key at the right end. A click on a key
presses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

from trainer.i18n import N_, _


@dataclass(frozen=True, slots=True)
class KeyHint:
    """One entry of the footer: the ``keys`` as shown (``⏎``, ``←↑↓→``), the ``key`` a click presses, what it
    does (``description``, translated) and whether it acts now (``enabled``)."""

    keys: str
    key: str
    description: str
    enabled: bool = True


def hints_of(screen: Screen[object]) -> tuple[KeyHint, ...]:
    """The footer's entries for the keys active on ``screen`` now, in the order of their bindings."""
    app = screen.app
    seen: set[str] = set()
    shown: list[tuple[Binding, bool]] = []
    for _node, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in seen:
            seen.add(binding.action)
            shown.append((binding, enabled))
    hints: list[KeyHint] = []
    index = 0
    while index < len(shown):
        binding, enabled = shown[index]
        group = binding.group
        members = [(binding, enabled)]
        while group is not None and index + len(members) < len(shown) and shown[index + len(members)][0].group == group:
            members.append(shown[index + len(members)])
        joiner = "" if group is not None and group.compact else " "
        keys = joiner.join(app.get_key_display(member) for member, _on in members)
        description = group.description if group is not None and len(members) > 1 else binding.description
        hints.append(KeyHint(keys, binding.key.split(",")[0], _(description) if description else "", enabled))
        index += len(members)
    return tuple(hints)


PALETTE = N_("palette")
"""Textual's name of the command palette's key, which the footer shows translated."""


class KeysFooter(Widget):
    """The keys that act now, in one line (see the module)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-footer--key", "keys-footer--description"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .keys-footer--key { color: $footer-key-foreground; background: $footer-key-background; text-style: bold; }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    hints: reactive[tuple[KeyHint, ...]] = reactive(())
    """The entries to show, in order."""
    show_command_palette: reactive[bool] = reactive(True)
    """Whether the command palette's key is shown at the right end (it still works when it is not)."""

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, KeyHint]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's keys changed: show them (in this very frame)."""
        if self.is_attached and screen is self.screen:
            self.hints = hints_of(screen)

    def palette_hint(self) -> KeyHint | None:
        """The command palette's key, when it is shown."""
        app = self.app
        if not (self.show_command_palette and app.ENABLE_COMMAND_PALETTE):
            return None
        active = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if active is None:
            return None
        binding = active.binding
        description = _(PALETTE) if binding.description == PALETTE else _(binding.description)
        return KeyHint(app.get_key_display(binding), binding.key, description, active.enabled)

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key", partial=True)
        description_style = self.get_component_rich_style("keys-footer--description", partial=True)
        width = self.size.width
        palette = self.palette_hint()
        tail = Text()
        if palette is not None:
            tail.append(f" {palette.keys}", key_style)
            tail.append(f" {palette.description} ", description_style)
        room = width - tail.cell_len
        line = Text()
        self._spans = []
        for hint in self.hints:
            entry = Text(" ")
            entry.append(hint.keys, key_style)
            if hint.description:
                entry.append(f" {hint.description}", description_style)
            entry.append(" ")
            if not hint.enabled:
                entry.stylize("dim")
            if line.cell_len + entry.cell_len > room:
                break  # the keys left out still work
            self._spans.append((line.cell_len, line.cell_len + entry.cell_len, hint))
            line.append_text(entry)
        if palette is not None:
            line.append(" " * max(0, room - line.cell_len))
            self._spans.append((line.cell_len, line.cell_len + tail.cell_len, palette))
            line.append_text(tail)
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, hint in self._spans:
            if start <= event.x < end:
                if hint.enabled:
                    self.app.simulate_key(hint.key)
                else:
                    self.app.bell()
                return
