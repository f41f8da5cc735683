"""Reviews due."""

from __future__ import annotations

from trainer.i18n import N_, _


def reviews_title() -> str:
    return _("Reviews")


def reviews_done(answered: int) -> str:
    """Said when no item is left due: how many were reviewed."""
    if not answered:
        return _("Nothing is due for review now.")
    return _("Nothing more is due. You reviewed {count}.").format(count=answered)


ANSWER_BUTTONS = {"forced": N_("Forced"), "not forced": N_("Not forced"), "no play": N_("No legal play")}


def answer_button(key: str, answer: str) -> str:
    """A drill answer's button: ``n  Not forced``."""
    return f"{key}  {_(ANSWER_BUTTONS[answer])}"


def again_button() -> str:
    return _("a  Again")


def no_waiting_column() -> str:
    return _("this board has no column for checkers waiting to enter")
