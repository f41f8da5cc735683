"""Words several screens share: stars, ratings, percentages, the Roll, Undo and Next buttons."""

from __future__ import annotations

from trainer.engine.wording import printable
from trainer.i18n import N_, _
from trainer.i18n import percent as local_percent

RATING_NAMES = {"rules": N_("Rules"), "best": N_("Best play"), "cube": N_("Cube")}
"""The learner's ratings by kind (:data:`trainer.shared.kinds.RATING_KINDS`), as the puzzle screens name them."""


def shown(text: str) -> str:
    """Text from a file or the store (a title, a file name, a notice), with its control characters as visible signs."""
    return printable(text)


def stars(count: int, out_of: int = 3) -> str:
    """``★★☆``: stars earned, of all."""
    return "★" * count + "☆" * (out_of - count)


def percent(share: float | None) -> str:
    """``73%``; nothing for no share."""
    return "" if share is None else local_percent(share)


def rating(text: str) -> str:
    """``Rating 1500 ± 350``."""
    return _("Rating {rating}").format(rating=text)


def roll_label() -> str:
    return _("Roll")


def undo_label() -> str:
    return _("Undo")


def next_label() -> str:
    return _("Next")


def numbered(number: int, label: str) -> str:
    """An option with its number: ``2. Bear off``."""
    return _("{number}. {label}").format(number=number, label=printable(label))


def continue_button(label: str | None = None) -> str:
    """The Continue button: ``▶ Continue`` until the next useful thing is known, then ``▶ <what it is>  (c)``."""
    if label is None:
        return _("▶ Continue")
    return _("▶ {label}  (c)").format(label=shown(label))


def right_or_missed(correct: bool) -> str:
    return _("Right") if correct else _("Missed")
