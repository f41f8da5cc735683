"""Every sentence of the practice layer (the names of the kinds of puzzles, what "Continue" suggests, the reasons
of its errors), translated through :mod:`trainer.i18n`.

A label that also goes into machine output (``bgtrainer stats --json``) can be had in English, whatever the
language (``english=True``): JSON stays as it is.
"""

from __future__ import annotations

from trainer.i18n import N_, _, translations

KIND_NAMES: dict[str, tuple[str, str]] = {
    "forced": (N_("Forced moves"), N_("Forced")),
    "acey-deucey forced": (N_("Acey-deucey forced moves"), N_("Acey-deucey forced")),
    "bearoff": (N_("Bear-offs"), N_("Bear-off")),
    "cube": (N_("Cube decisions"), N_("Cube")),
    "double": (N_("Choosing the double"), N_("Doubles")),
    "best": (N_("Best plays"), N_("Best play")),
    "recognition": (N_("Forced or not? (drill positions)"), N_("Forced or not?")),
    "shots": (N_("Shot counts (drill positions)"), N_("Shots")),
    "pips": (N_("Pip counts (drill positions)"), N_("Pips")),
}
"""The names of each kind of puzzle, in full and short, in English (translated by :func:`kind_names`); a name
``"{variant} {kind}"`` gives a variant's puzzles of that kind a set of their own in the figures, as in the Puzzles
menu (acey-deucey's forced moves apart from backgammon's)."""

_REVIEW = N_("Review ({due} due)")
_CONTINUE_LESSON = N_("Continue lesson {number}: {title}")
_START_LESSON = N_("Start lesson {number}: {title}")
_PUZZLES_NEAR = N_("Puzzles near your rating ({rating})")
_WEAKEST_LESSON = N_("Weakest theme of your games ({theme}): lesson {number}, {title}")
_WEAKEST_LESSON_THEN_PUZZLES = N_("Weakest theme of your games ({theme}): lesson {number}, {title}, then its puzzles")
_WEAKEST_PUZZLES = N_("Weakest theme of your games ({theme}): its puzzles")
_STREAK = N_("Forced or not? Streak")
_STREAK_WITH_BEST = N_("Forced or not? Streak (best {best})")


def _shown(message: str, english: bool) -> str:
    """A message marked with ``N_()``, translated unless ``english`` is asked for."""
    return message if english else translations().gettext(message)


def kind_names(kind: str) -> tuple[str, str] | None:
    """The full and the short name of a kind of puzzle, translated; ``None`` for a kind not named here."""
    names = KIND_NAMES.get(kind)
    return None if names is None else (_shown(names[0], False), _shown(names[1], False))


# --- "Continue": what to do next ----------------------------------------------------------------------------------


def review_label(due: int, *, english: bool = False) -> str:
    return _shown(_REVIEW, english).format(due=due)


def continue_lesson_label(number: int, title: str, *, english: bool = False) -> str:
    return _shown(_CONTINUE_LESSON, english).format(number=number, title=title)


def start_lesson_label(number: int, title: str, *, english: bool = False) -> str:
    return _shown(_START_LESSON, english).format(number=number, title=title)


def puzzles_near_label(rating: str, *, english: bool = False) -> str:
    return _shown(_PUZZLES_NEAR, english).format(rating=rating)


def weakest_theme_lesson_label(
    theme: str, number: int, title: str, *, then_puzzles: bool, english: bool = False
) -> str:
    """The lesson that practises the weakest theme of the learner's games (``theme``: its title marked for
    translation), and whether its puzzles come next."""
    message = _WEAKEST_LESSON_THEN_PUZZLES if then_puzzles else _WEAKEST_LESSON
    return _shown(message, english).format(theme=_shown(theme, english), number=number, title=title)


def weakest_theme_puzzles_label(theme: str, *, english: bool = False) -> str:
    """The puzzles of the weakest theme of the learner's games (``theme``: its title marked for translation)."""
    return _shown(_WEAKEST_PUZZLES, english).format(theme=_shown(theme, english))


def streak_label(best: int, *, english: bool = False) -> str:
    """The recognition drill's Streak, with the best so far once there is one."""
    if not best:
        return _shown(_STREAK, english)
    return _shown(_STREAK_WITH_BEST, english).format(best=best)


# --- what a caller got wrong ------------------------------------------------------------------------------------------


def not_positive(rd: float, volatility: float, tau: float) -> str:
    return _("rd, volatility and tau must be positive (got {rd}, {volatility}, {tau})").format(
        rd=rd, volatility=volatility, tau=tau
    )


def bad_score(score: float) -> str:
    return _("a score is 0, 0.5 or 1 (got {score})").format(score=score)


def bad_opponent_rd(rd: float) -> str:
    return _("an opponent's rd must be positive (got {rd})").format(rd=rd)


def bad_difficulty(difficulty: int) -> str:
    return _("a difficulty is 1, 2 or 3, not {difficulty}").format(difficulty=difficulty)


def not_a_review_item(item_id: str) -> str:
    return _("not a review item: {item} (expected puzzle:ID or lesson:LESSON:STEP)").format(item=repr(item_id))
