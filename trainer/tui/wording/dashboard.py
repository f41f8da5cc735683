"""The dashboard at a glance."""

from __future__ import annotations

from trainer.i18n import N_, _, localized, ngettext
from trainer.tui.wording.common import RATING_NAMES, percent, shown


def loading_progress() -> str:
    return _("Loading your progress…")


def lessons_done(done: int, total: int) -> str:
    return _("Done: Lessons {done}/{total}").format(done=done, total=total)


def kind_solved(kind: str, solved: int, total: int) -> str:
    """A kind of puzzle (its short name, already in the language in use) and how many of it are solved."""
    return _("{kind} {solved}/{total}").format(kind=shown(kind), solved=solved, total=total)


def kind_accuracy(kind: str, share: float | None) -> str:
    """A kind of puzzle (its short name, already in the language in use) and its first-try accuracy."""
    return _("{kind} {accuracy}").format(kind=shown(kind), accuracy=percent(share))


def first_try(part: str) -> str:
    """The first of the first-try figures, which names them."""
    return _("First try: {part}").format(part=part)


def theme_name(title: str) -> str:
    """A theme's name, as the content's table of theme titles holds it, in the language in use."""
    return shown(_(title))


def weakest(title: str, share: float | None, kind: str | None = None) -> str:
    """The weakest theme and its accuracy, with its kind (short name) where a theme of another kind shares its name."""
    if kind is None:
        return _("Weakest: {title} {accuracy}").format(title=theme_name(title), accuracy=percent(share))
    return _("Weakest: {title} ({kind}) {accuracy}").format(
        title=theme_name(title), kind=shown(kind), accuracy=percent(share)
    )


def kind_rating(kind: str, text: str) -> str:
    """``Best play 1523 ± 64``: one of the learner's other ratings, on the dashboard."""
    return _("{kind} {rating}").format(kind=_(RATING_NAMES[kind]), rating=text)


def best_play_bests(streak: int, storm: int) -> str:
    return _("Best play: streak {streak}, storm {storm}").format(streak=streak, storm=storm)


TIMED_DRILL_NAMES = {
    "shots": N_("Shots"),
    "pips": N_("Pips"),
    "met": N_("Match equity"),
    "take": N_("Take points"),
    "keith": N_("Keith count"),
}
"""The timed drills (the counting drills, the knowledge drills) as the dashboard names them."""


def counting_best(kind: str, best_ten: float | None, answered: int) -> str:
    """A timed drill's best average time over ten right answers (a counting drill's, a knowledge drill's), or how
    many it has answered before that."""
    name = _(TIMED_DRILL_NAMES[kind])
    if best_ten is None:
        counted = ngettext("{count} answer", "{count} answers", answered).format(count=answered)
        return _("{name}: {answers}").format(name=name, answers=counted)
    return _("{name}: best ten {seconds:.1f} s").format(name=name, seconds=localized(best_ten))


def mistakes_part(total: int, due: int) -> str:
    """The learner's own mistakes kept as puzzles, on the dashboard: ``My mistakes 12 (3 due)``."""
    return _("My mistakes {total} ({due} due)").format(total=total, due=due)


def mistakes_line(total: int, due: int) -> str:
    """The learner's own mistakes, on the progress page."""
    return _("My mistakes      {total} to drill, {due} due").format(total=total, due=due)


def bests(streak: int, storm: int, days_in_a_row: int) -> str:
    """The best Streak and Storm and the days practised in a row."""
    best = _("Best streak {streak}, storm {storm}").format(streak=streak, storm=storm)
    days = ngettext("{count} day in a row", "{count} days in a row", days_in_a_row).format(count=days_in_a_row)
    return f"· {best} · {days}"
