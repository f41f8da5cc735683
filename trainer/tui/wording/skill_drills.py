"""The skill drills: best-play Streak and Storm, the counting drills and the knowledge drills."""

from __future__ import annotations

from trainer.i18n import _, localized
from trainer.tui.wording.drill import MODE_TITLES


def skill_drills_title() -> str:
    return _("Skill drills")


def skill_drills_subtitle() -> str:
    return _(
        "Find the best play against the clock, count shots and pips faster, and know match equity, take points and "
        "the Keith count by heart."
    )


def best_streak_entry(best: int) -> str:
    return _("1. Best play: Streak  —  until the first miss  (best {best})").format(best=best)


def best_storm_entry(minutes: int, penalty: int, best: int) -> str:
    return _("2. Best play: Storm  —  {minutes} minutes, a miss costs {penalty} seconds  (best {best})").format(
        minutes=minutes, penalty=penalty, best=best
    )


def count_drill_entry(number: int, kind: str, best_ten: float | None) -> str:
    """A counting drill's entry, with its best average time over ten right answers once there is one."""
    shots = kind == "shots"
    if shots:
        name = _("Count the shots  —  how many of the 36 rolls hit, against the clock")
    else:
        name = _("Count the pips  —  yours or O's, against the clock")
    if best_ten is None:
        return f"{number}. {name}"
    return _("{number}. {name}  (best ten: {seconds:.1f} s)").format(
        number=number, name=name, seconds=localized(best_ten)
    )


def knowledge_drill_entry(number: int, drill: str, best_ten: float | None) -> str:
    """A knowledge drill's entry, with its best average time over ten right answers once there is one."""
    names = {
        "met": _("Match equity  —  your chances of winning the match at a score, against the clock"),
        "take": _("Take points  —  your take point at a score, against the clock"),
        "keith": _("Keith count  —  a race's count and the cube verdict, against the clock"),
    }
    name = names[drill]
    if best_ten is None:
        return f"{number}. {name}"
    return _("{number}. {name}  (best ten: {seconds:.1f} s)").format(
        number=number, name=name, seconds=localized(best_ten)
    )


def best_run_title_bar(mode: str, status: str) -> str:
    """``Best play   Streak   streak 3   best 7``."""
    title = _("Best play   {mode}").format(mode=_(MODE_TITLES[mode]))
    return f"{title}   {status}" if status else title


def run_not_rated() -> str:
    return _("A run is not rated: answer fast, the first play counts.")


def the_best_play() -> str:
    return _("the best play")


def try_again_or_solution(message: str) -> str:
    return _("{message} Try again, or press s for the solution.").format(message=message)


def solution(text: str) -> str:
    return _("Solution: {text}").format(text=text)


def solution_no_play(explanation: str) -> str:
    return _("Solution: no legal play. {explanation}").format(explanation=explanation)


def end_of_puzzle_set() -> str:
    return _("You have reached the end of this puzzle set.")


def no_legal_play_label() -> str:
    return _("No legal play")


def retry_label() -> str:
    return _("Retry")


def solution_label() -> str:
    return _("Solution")
