"""The progress page."""

from __future__ import annotations

from trainer.i18n import N_, _, localized, ngettext
from trainer.tui.wording.common import RATING_NAMES, percent

FIGURE_COLUMNS = (N_("Puzzles"), N_("Solved"), N_("First try"))
"""The columns of the table of puzzles by kind and theme."""


def your_progress() -> str:
    return _("Your progress")


def loading() -> str:
    return _("Loading…")


def accuracy_of(share: float, attempted: int) -> str:
    """First-try accuracy and the attempts it is of: ``75% of 8``."""
    return _("{accuracy} of {attempted}").format(accuracy=percent(share), attempted=attempted)


def time_until(seconds: float) -> str:
    """A wait in words, rounded: ``in 10 minutes``, ``in 3 hours``, ``in 2 days``."""
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        return ngettext("in {count} minute", "in {count} minutes", minutes).format(count=minutes)
    hours = round(minutes / 60)
    if hours < 24:
        return ngettext("in {count} hour", "in {count} hours", hours).format(count=hours)
    days = round(hours / 24)
    return ngettext("in {count} day", "in {count} days", days).format(count=days)


def lessons_line(done: int, total: int, started: int) -> str:
    if started:
        return _("Lessons          {done} of {total} done, {started} started").format(
            done=done, total=total, started=started
        )
    return _("Lessons          {done} of {total} done").format(done=done, total=total)


def rating_line_of(rating: str, attempts: int, *, provisional: bool) -> str:
    """The rating, whether it is provisional, and the rated attempts."""
    counted = ngettext("{count} rated attempt", "{count} rated attempts", attempts).format(count=attempts)
    if provisional:
        return _("Rating           {rating} (provisional), {attempts}").format(rating=rating, attempts=counted)
    return _("Rating           {rating}, {attempts}").format(rating=rating, attempts=counted)


def kind_rating_line_of(kind: str, rating: str, attempts: int, *, provisional: bool) -> str:
    """Another of the learner's ratings (best play, cube), as :func:`rating_line_of` says the first."""
    counted = ngettext("{count} rated attempt", "{count} rated attempts", attempts).format(count=attempts)
    name = _(RATING_NAMES[kind])
    if provisional:
        return _("{name:<16} {rating} (provisional), {attempts}").format(name=name, rating=rating, attempts=counted)
    return _("{name:<16} {rating}, {attempts}").format(name=name, rating=rating, attempts=counted)


def best_drills_line(streak: int, streak_runs: int, storm: int, storm_runs: int) -> str:
    return _("Best-play drill  streak {streak} ({streak_runs}); storm {storm} ({storm_runs})").format(
        streak=streak, streak_runs=runs(streak_runs), storm=storm, storm_runs=runs(storm_runs)
    )


TIMED_DRILL_NAMES = {
    "shots": N_("Shot counts"),
    "pips": N_("Pip counts"),
    "met": N_("Match equity"),
    "take": N_("Take points"),
    "keith": N_("Keith counts"),
}
"""The timed drills (the counting drills, the knowledge drills) as the progress page names them."""


def counting_line(kind: str, answered: int, right: int, best_ten: float | None, last_ten: float | None) -> str:
    """A timed drill's answers (a counting drill's, a knowledge drill's) and its average times over ten right
    answers."""
    name = _(TIMED_DRILL_NAMES[kind])
    if not answered:
        return _("{name:<16} none answered yet").format(name=name)
    if best_ten is None or last_ten is None:
        return _("{name:<16} {right} right of {answered}").format(name=name, right=right, answered=answered)
    return _("{name:<16} {right} right of {answered}; last ten {last:.1f} s, best ten {best:.1f} s").format(
        name=name, right=right, answered=answered, last=localized(last_ten), best=localized(best_ten)
    )


def runs(count: int) -> str:
    return ngettext("{count} run", "{count} runs", count).format(count=count)


def drills_line(streak: int, streak_runs: int, storm: int, storm_runs: int) -> str:
    return _("Best streak      {streak} ({streak_runs}); best storm {storm} ({storm_runs})").format(
        streak=streak, streak_runs=runs(streak_runs), storm=storm, storm_runs=runs(storm_runs)
    )


def reviews_line(due: int, cards: int, next_due_in: float | None) -> str:
    """Reviews due of all cards, and when the next one comes due (``next_due_in`` seconds from now)."""
    counted = ngettext("{count} card", "{count} cards", cards).format(count=cards)
    if next_due_in is None:
        return _("Reviews due      {due} of {cards}").format(due=due, cards=counted)
    return _("Reviews due      {due} of {cards}; the next {when}").format(
        due=due, cards=counted, when=time_until(next_due_in)
    )


def days_line(in_a_row: int, total: int, best_run: int, *, today: bool) -> str:
    """Days practised in a row (said not yet today while a run waits for today), in all, and the best run."""
    days = ngettext("{count} day", "{count} days", total).format(count=total)
    values = {"in_a_row": in_a_row, "days": days, "best": best_run}
    if in_a_row and not today:
        return _("Days in a row    {in_a_row} (not yet today); {days} in all, best run {best}").format(**values)
    return _("Days in a row    {in_a_row}; {days} in all, best run {best}").format(**values)


def chart_starts_later() -> str:
    return _("The rating chart starts after your first rated puzzle.")


def chart_title() -> str:
    return _("Rating after each rated attempt (0: the start)")


def chart_x_label() -> str:
    return _("rated attempts")
