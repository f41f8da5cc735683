"""The counting drills (and what the knowledge drills share with them: the title bar, the times, a round)."""

from __future__ import annotations

from trainer.i18n import N_, _, localized, ngettext

COUNTING_TITLES = {"shots": N_("Count the shots"), "pips": N_("Count the pips")}


def counting_title(kind: str) -> str:
    """The name of a counting drill: ``Count the shots``, ``Count the pips``."""
    return _(COUNTING_TITLES[kind])


def counting_prompt(kind: str, side: str | None, targets: int) -> str:
    """What to count on the board: the rolls that hit (the marked blots, or any O blot), your pips or O's."""
    if kind == "shots":
        if targets:
            return ngettext(
                "You are on roll. How many of the 36 rolls hit the marked blot?",
                "You are on roll. How many of the 36 rolls hit a marked blot?",
                targets,
            )
        return _("You are on roll. How many of the 36 rolls hit an O blot?")
    if side == "opponent":
        return _("Count O's pips: how far O's checkers have to go, counted from O's side (the bar counts 25).")
    return _("Count your pips: how far your checkers have to go (the bar counts 25).")


def seconds_text(seconds: float) -> str:
    """A time in seconds, to a tenth: ``4.2 s``."""
    return _("{seconds:.1f} s").format(seconds=localized(seconds))


def counting_title_bar(kind: str, number: int, size: int, right: int, average: float | None) -> str:
    """``Count the shots   3 of 10   2 right   average 4.1 s``: the position shown, this round's right answers and
    their average time (once there is a right one; wrong answers are not in it)."""
    return title_bar(counting_title(kind), number, size, right, average)


def title_bar(title: str, number: int, size: int, right: int, average: float | None) -> str:
    """A timed drill's title bar (the counting drills', the knowledge drills'): ``{title}   3 of 10   2 right   average
    4.1 s``."""
    bar = _("{title}   {number} of {size}   {right} right").format(title=title, number=number, size=size, right=right)
    if average is None:
        return bar
    return _("{title}   average {average}").format(title=bar, average=seconds_text(average))


def counting_figures_line(last_ten: float | None, best_ten: float | None, to_go: int) -> str:
    """The averages over ten right answers, ``last ten: 7.2 s · best ten: 5.9 s``, or (without them yet) how many
    more right answers it takes to have them."""
    if last_ten is None or best_ten is None:
        return ngettext(
            "Averages of ten right answers: one more to go.",
            "Averages of ten right answers: {count} more to go.",
            to_go,
        ).format(count=to_go)
    return _("last ten: {last} · best ten: {best}").format(last=seconds_text(last_ten), best=seconds_text(best_ten))


def timed_answer(seconds: float, message: str) -> str:
    """The verdict on a count with the time it took: ``4.2 s. Right: 11. ...``."""
    return _("{time}. {message}").format(time=seconds_text(seconds), message=message)


def counting_loading() -> str:
    """The counting drill's panel while the positions are still loading."""
    return _("The positions are loading…")


def round_over() -> str:
    return _("Round over")


def round_summary(right: int, size: int, average: float | None, figures: str, *, new_best: bool) -> str:
    """The end of a round: the right answers, their average time, the averages of ten (and a new best), the keys."""
    lead = _("{right} right of {size}.").format(right=right, size=size)
    if average is not None:
        lead = _("{lead} Average time of a right answer: {average}.").format(lead=lead, average=seconds_text(average))
    if new_best:
        figures = _("{figures} A new best average!").format(figures=figures)
    return _("{lead}\n{figures}\n\nPress enter or a for another round, q to go back.").format(
        lead=lead, figures=figures
    )


def another_round_button() -> str:
    return _("a  Another round")
