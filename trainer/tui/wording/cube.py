"""The doubling cube as the board shows it."""

from __future__ import annotations

from trainer.i18n import N_, _

CUBE_BUTTONS = {
    "double": N_("Double"),
    "no double": N_("No double"),
    "take": N_("Take"),
    "pass": N_("Pass"),
    "beaver": N_("Beaver"),
}


def cube_button(action: str, key: str) -> str:
    """A cube action's button: ``Double (d)``."""
    return _("{action} ({key})").format(action=_(CUBE_BUTTONS[action]), key=key)
