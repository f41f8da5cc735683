"""The lesson screen."""

from __future__ import annotations

from trainer.engine.wording import printable
from trainer.i18n import _, ngettext


def lesson_title(number: int, title: str, step: int, steps: int, *, review: bool) -> str:
    """The title bar of a lesson step."""
    values = {"number": number, "title": printable(title), "step": step, "steps": steps}
    if review:
        return _("Review: lesson {number}: {title}   step {step} of {steps}").format(**values)
    return _("Lesson {number}: {title}   step {step} of {steps}").format(**values)


def lesson_complete_title(number: int, title: str) -> str:
    return _("Lesson {number}: {title}   complete").format(number=number, title=printable(title))


def lesson_complete() -> str:
    return _("Lesson complete")


def lesson_summary(stars: int, right: int, graded: int, low: int, high: int, *, practice: bool) -> str:
    """The summary of a finished lesson (Markdown): stars, tasks right at the first try, the thresholds, and the
    practice sets when there are some."""
    lines = [
        "## " + "★" * stars + "☆" * (3 - stars),
        "",
        _("You got **{right} of {graded}** tasks right at the first try.").format(right=right, graded=graded),
        "",
        _(
            "Stars count first tries: ★★★ for {high}% or more, ★★ for {low}% or more, ★ for finishing. Take the "
            "lesson again any time to earn more."
        ).format(high=high, low=low),
    ]
    if practice:
        lines += ["", _("Practise what you learned with these puzzles:")]
    return "\n".join(lines)


def practise_option(title: str, count: int) -> str:
    """A practice set offered at the end of a lesson."""
    return ngettext("Practise: {title}  ({count} puzzle)", "Practise: {title}  ({count} puzzles)", count).format(
        title=title, count=count
    )


def continue_label() -> str:
    return _("Continue")


def finish_lesson_label() -> str:
    return _("Finish lesson")


def i_start_label() -> str:
    return _("I start")


def o_starts_label() -> str:
    return _("O starts")


def check_label() -> str:
    return _("Check")


def next_lesson_label() -> str:
    return _("Next lesson")


def back_to_lessons_label() -> str:
    return _("Back to lessons")
