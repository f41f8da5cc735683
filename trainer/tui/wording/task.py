"""Lessons and puzzles: the task on the board, its prompts and feedback."""

from __future__ import annotations

from trainer.i18n import _, ngettext


def kind_heading(kind_name: str) -> str:
    """A step's heading from the name of its kind (marked with ``N_()``)."""
    return _(kind_name)


def your_roll() -> str:
    return _("your roll")


def setup_caption(left: int) -> str:
    return _("to place: {left} · enter or click adds a checker, minus or right-click takes one off").format(left=left)


def setup_on_points() -> str:
    return _("Checkers go on the points 1 to 24.")


def setup_not_yours(point: int) -> str:
    return _("O's checkers stand on point {point}: it's not yours.").format(point=point)


def setup_all_placed() -> str:
    return _("All 15 checkers are placed: remove one first (right-click or -).")


def press_r_to_roll() -> str:
    return _("press r or enter to roll")


def opening_throw(mine: int, theirs: int) -> str:
    """An opening throw under the board: ``you threw 3, O threw 5`` (a tie says to roll again)."""
    if mine == theirs:
        return _("you threw {mine}, O threw {theirs}  tie: roll again").format(mine=mine, theirs=theirs)
    return _("you threw {mine}, O threw {theirs}").format(mine=mine, theirs=theirs)


def cube_caption(question: str) -> str:
    """Under a cube question: the keys that answer it."""
    return _("take (t) or pass (p)?") if question == "take" else _("double (d) or no double (r)?")


def puzzle_caption(puzzle_id: str) -> str:
    return _("puzzle {id}").format(id=puzzle_id)


def yes() -> str:
    return _("Yes")


def no() -> str:
    return _("No")


def type_a_number_placeholder() -> str:
    """What the box says while empty, for a count typed in it."""
    return _("type the number, then enter")


def shots_caption(targets: int) -> str:
    """Under the board of a shots question: which blots count (the marked ones, or all)."""
    if targets:
        return ngettext("You are on roll: hit the marked blot", "You are on roll: hit a marked blot", targets)
    return _("You are on roll: hit any O blot")


def pips_caption() -> str:
    """Under the board of a pip-count question, while the counts are held back."""
    return _("Pip counts hidden until you answer")


def score_placeholder(ask: str) -> str:
    """What the box says while empty, for a score question answered in it."""
    if ask == "points":
        return _("type the number of points, then enter")
    if ask == "score":
        return _("type the score, yours first: 3-1")
    return type_a_play_placeholder()


def choose_a_double_caption() -> str:
    return _("you played the 1-2: now choose a double")


def type_a_play_placeholder() -> str:
    return _("type a play, e.g. 24/18 13/8")


def type_a_bearoff_placeholder() -> str:
    return _("type a play, e.g. 6/off 5/3")
