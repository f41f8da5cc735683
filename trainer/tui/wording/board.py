"""The board: its labels, marks, cues and the words of moving checkers on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.engine import Side
from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.engine import MatchScore


X_MARK, O_MARK = "●", "○"
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


CUES = {"to play": N_("to play"), "to roll": N_("to roll"), "doubles": N_("doubles"), "": ""}
"""What the board's middle line says after the mark of the side whose dice are shown."""


def cue(value: str) -> str:
    """A turn cue (``to play``, ``to roll``, ``doubles``) in the language in use."""
    return _(CUES[value]) if value else ""


def default_names() -> tuple[str, str]:
    """What X and O are called on a board that names them no other way."""
    return (_("You"), "O")


def bar_label() -> str:
    """The bar's label under the keyboard cursor."""
    return _("BAR")


def off_label() -> str:
    """The borne-off tray's label under the keyboard cursor."""
    return _("OFF")


def waiting_label() -> str:
    """The label of the column of checkers waiting to enter, as notation writes it (``in/22``): not translated."""
    return "in"


def pips(name: str, count: int) -> str:
    """``You: 167 pips``."""
    return _("{name}: {count} pips").format(name=name, count=count)


def score_line(match: MatchScore, names: tuple[str, str], *, labels: bool = True) -> str:
    """The score line: ``Match to 7 · You 3, O 5 · Crawford game`` (``names`` for X and O); money play says so.
    ``labels=False`` leaves out whether this is the Crawford game or post-Crawford."""
    scores = _("{first} {x}, {second} {o}").format(first=names[0], x=match.x, second=names[1], o=match.o)
    if match.is_money:
        if match.x or match.o:
            return _("Money play · {scores}").format(scores=scores)
        return _("Money play")
    text = _("Match to {length} · {scores}").format(length=match.length, scores=scores)
    if not labels:
        return text
    if match.crawford:
        return _("{score} · Crawford game").format(score=text)
    if match.is_post_crawford:
        return _("{score} · post-Crawford").format(score=text)
    return text


def choose_own_checker(side: Side) -> str:
    """Said when a choice on the board is not one of the mover's checkers."""
    mark = X_MARK if side is Side.X else O_MARK
    return _("Choose one of your own checkers ({mark}) first.").format(mark=mark)


def route(written: str, hits: list[int]) -> str:
    """A way a checker can go, in words: ``13/7*/5, hitting on point 7`` or ``13/8/5, without hitting``."""
    if not hits:
        return _("{route}, without hitting").format(route=written)
    points = listed([str(point) for point in hits])
    return ngettext("{route}, hitting on point {points}", "{route}, hitting on points {points}", len(hits)).format(
        route=written, points=points
    )


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def no_waiting_column() -> str:
    return _("this board has no column for checkers waiting to enter")
