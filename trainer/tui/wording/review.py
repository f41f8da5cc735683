"""Reviews due."""

from __future__ import annotations

from trainer.i18n import _


def reviews_title() -> str:
    return _("Reviews")


def reviews_done(answered: int) -> str:
    """Said when no item is left due: how many were reviewed."""
    if not answered:
        return _("Nothing is due for review now.")
    return _("Nothing more is due. You reviewed {count}.").format(count=answered)
