"""The forced-or-not drill."""

from __future__ import annotations

from trainer.i18n import N_, _

MODE_TITLES = {"practice": N_("Practice"), "streak": N_("Streak"), "storm": N_("Storm"), "review": N_("Review")}
RECOGNITION_ANSWERS = {"forced": N_("forced"), "not forced": N_("not forced"), "no play": N_("no play")}
ANSWER_BUTTONS = {"forced": N_("Forced"), "not forced": N_("Not forced"), "no play": N_("No legal play")}


def drill_title() -> str:
    return _("Forced or not?")


def drill_subtitle() -> str:
    return _("Is the roll forced, not forced, or is there no legal play? Then play the forced ones.")


def practice_mode() -> str:
    return _("1. Practice  —  untimed, at your pace")


def streak_mode(best: int) -> str:
    return _("2. Streak  —  until the first miss  (best {best})").format(best=best)


def storm_mode(minutes: int, penalty: int, best: int) -> str:
    return _("3. Storm  —  {minutes} minutes, a miss costs {penalty} seconds  (best {best})").format(
        minutes=minutes, penalty=penalty, best=best
    )


def is_the_roll_forced() -> str:
    return _("is the roll forced?")


def drill_question() -> str:
    return _("Forced, not forced, or no legal play?")


def drill_title_bar(mode: str, status: str) -> str:
    """``Forced or not?   Streak   streak 3   best 7``."""
    title = _("Forced or not?   {mode}").format(mode=_(MODE_TITLES[mode]))
    return f"{title}   {status}" if status else title


def practice_status(right: int, answered: int) -> str:
    return _("{right} right of {answered}").format(right=right, answered=answered)


def streak_status(score: int, best: int) -> str:
    return _("streak {score}   best {best}").format(score=score, best=best)


def storm_status(left: str, score: int, best: int) -> str:
    return _("{left} left   {score} right   best {best}").format(left=left, score=score, best=best)


def run_score(score: int, best: int) -> str:
    return _("{score} right   best {best}").format(score=score, best=best)


def recognised(answer: str, plays: int | None) -> str:
    """The right answer under the board: ``not forced: 7 legal plays``."""
    said = _(RECOGNITION_ANSWERS[answer])
    if plays is None:
        return said
    return _("{answer}: {count} legal plays").format(answer=said, count=plays)


def now_play_it() -> str:
    return _("Now play it")


def forced_play_it() -> str:
    return _("forced: play it")


def forced_only_play() -> str:
    return _("forced: the only legal play")


def previous_position(message: str) -> str:
    return _("Previous position: {message}").format(message=message)


def storm_over(score: int, mistakes: int) -> str:
    return _("Time is up: {score} right, {mistakes} missed.").format(score=score, mistakes=mistakes)


def streak_over(score: int) -> str:
    return _("Streak over: {score} right in a row.").format(score=score)


def run_over(mode: str) -> str:
    return _("Storm over") if mode == "storm" else _("Streak over")


def run_result(lead: str, best: int, *, new_best: bool) -> str:
    tail = _("A new best!") if new_best else _("Your best: {best}.").format(best=best)
    return _("{lead} {tail}\n\nPress a to go again, q to go back.").format(lead=lead, tail=tail)


def answer_button(key: str, answer: str) -> str:
    """A drill answer's button: ``n  Not forced``."""
    return f"{key}  {_(ANSWER_BUTTONS[answer])}"


def again_button() -> str:
    return _("a  Again")
