"""The puzzle screens: sets, themes, titles and results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.i18n import N_, _
from trainer.tui.wording._lazy import play_wording
from trainer.tui.wording.common import RATING_NAMES

if TYPE_CHECKING:
    from collections.abc import Mapping

    from trainer.content.puzzles import Puzzle
    from trainer.shared.kinds import RatingKind


DIFFICULTIES = {0: N_("all"), 1: N_("easy"), 2: N_("medium"), 3: N_("hard")}
PUZZLE_NAMES = {
    "forced": N_("Forced move"),
    "bearoff": N_("Bear-off"),
    "cube": N_("Cube decision"),
    "double": N_("Choosing the double"),
    "best": N_("Best play"),
}
"""One puzzle of each kind, as its screen names it."""


def puzzles_title() -> str:
    return _("Puzzles")


def set_title(kind: str, variant: str) -> str:
    """What the menu calls a kind of puzzle in a variant: ``Forced moves``, ``Acey-deucey: forced moves``."""
    from trainer.practice.stats import kind_name

    title = _(kind_name(kind).title)
    if variant == "standard":
        return title
    return _("{variant}: {kind}").format(variant=variant_title(variant), kind=title[:1].lower() + title[1:])


def puzzle_title(puzzle: Puzzle) -> str:
    """What a puzzle is, for its screen's title: ``Forced move``, ``Cube decision``, ``Acey-deucey: forced move``."""
    name = _(PUZZLE_NAMES[puzzle.kind]) if puzzle.kind in PUZZLE_NAMES else puzzle.kind.capitalize()
    if puzzle.variant == "standard":
        return name
    return _("{variant}: {kind}").format(variant=variant_title(puzzle.variant), kind=name[:1].lower() + name[1:])


def variant_title(variant: str) -> str:
    """The rules' name: ``Backgammon``, ``Acey-deucey``."""
    return play_wording.variant_title(variant)


def theme_title(theme: str) -> str:
    """A puzzle theme's title."""
    from trainer.content.themes import THEME_TITLES

    return _(THEME_TITLES[theme]) if theme in THEME_TITLES else theme


def puzzle_filter(ratings: Mapping[RatingKind, str], difficulty: int) -> str:
    """The learner's rating of each kind, then the difficulty chosen."""
    shown = " · ".join(f"{_(RATING_NAMES[kind])} {rating}" for kind, rating in ratings.items())
    return _("Your ratings: {ratings}\nDifficulty: {difficulty}  (press 0, 1, 2 or 3)").format(
        ratings=shown, difficulty=_(DIFFICULTIES[difficulty])
    )


def loading_puzzles() -> str:
    return _("Loading puzzles…")


def puzzle_set_line(label: str, done: int, total: int) -> str:
    return _("{label}  ({done}/{total} solved)").format(label=label, done=done, total=total)


def all_puzzles() -> str:
    return _("All puzzles")


def at_your_level(count: int) -> str:
    return _("At your level  ({count} unsolved near your rating)").format(count=count)


def puzzle_title_bar(where: tuple[int, int] | None, kind: str, difficulty: int, theme: str | None) -> str:
    """A puzzle's title bar: ``Puzzle 3 of 20   Forced move  ★★   Race`` (the theme once answered); ``where``
    ``None`` in review."""
    stars = "★" * difficulty
    place = _("Review") if where is None else _("Puzzle {number} of {count}").format(number=where[0], count=where[1])
    text = _("{where}   {kind}  {stars}").format(where=place, kind=kind, stars=stars)
    return text if theme is None else _("{title}   {theme}").format(title=text, theme=theme)


def rating_moved(kind: str, rating: str, change: int, puzzle: int) -> str:
    """The learner's rating of ``kind`` after a rated answer, how much it moved, and the puzzle's rating."""
    return _("{kind} rating {rating}  ({change:+d})   puzzle {puzzle}").format(
        kind=_(RATING_NAMES[kind]), rating=rating, change=change, puzzle=puzzle
    )


def rating_line(kind: str, rating: str, *, rated: bool) -> str:
    """The learner's rating of ``kind``, and whether the puzzle shown is rated."""
    if rated:
        return _("{kind} rating {rating}   this one is rated").format(kind=_(RATING_NAMES[kind]), rating=rating)
    return _("{kind} rating {rating}").format(kind=_(RATING_NAMES[kind]), rating=rating)
