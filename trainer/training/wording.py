"""Every sentence the training layer says, through the translation function: a player's equity lost per theme of
the games reviewed."""

from __future__ import annotations

from trainer.i18n import _, localized, ngettext


def theme_losses_heading() -> str:
    """The heading of a player's equity lost by theme (the themes read from the positions of its decisions)."""
    return _("Equity lost by theme:")


def theme_loss_said(title: str, loss: float, decisions: int) -> str:
    """One theme's equity lost (per unit of the cube, EMG in a match) over the decisions that count in it."""
    said = ngettext("{title}: {loss:.2f} lost in {count} decision", "{title}: {loss:.2f} lost in {count} decisions",
                    decisions)  # fmt: skip
    return said.format(title=title, loss=localized(loss), count=decisions)
