"""The help screen."""

from __future__ import annotations

from trainer.i18n import N_, _
from trainer.tui.wording.puzzles import theme_title

HELP_SECTIONS = (
    N_("# Help"),
    N_(
        "## Keys\n"
        "- **Arrows** move around menus and the board; **enter** chooses. On a new task the board shows no cursor:\n"
        "  the first arrow or **enter** shows it, so an extra enter never answers by itself.\n"
        "- On the board: choose one of your checkers (●), then one of the lit points (◇) to move it, with the arrows\n"
        "  and **enter** or with the mouse; or type the play, e.g. `24/18 13/8` (a digit opens the box, as **/**\n"
        "  does). **escape** leaves the box for the board; after a wrong answer the box is emptied for the next try,\n"
        "  and the keys the feedback names (such as **s** for the solution) still work.\n"
        "- **1**, **2**, **3** ... choose a numbered answer. **Tab** goes from the board to the answers or the box.\n"
        "- **u** undoes a move in this turn, **enter** or **n** goes on after a right answer, **q** or "
        "**escape** goes\n"
        "  back, **page up** and **page down** scroll the text beside the board, **ctrl+q** quits from anywhere,\n"
        "  **ctrl+t** switches between the dark and the light theme.\n"
        "- Setting up the board: choose a point (**enter** or a click) to add a checker there, **-** or a right-click\n"
        "  to take one away, **c** to check.\n"
        "- Where the doubling cube is in play: **d** doubles, **t** takes, **p** passes.\n"
        "- On the home screen: **c** continues with the next useful thing, **r** opens the reviews due, **f** the\n"
        "  forced-or-not drill, **s** your whole progress.\n"
        "- Forced or not?: **f** forced, **n** not forced, **p** no legal play; a forced roll is then played on the\n"
        "  board or typed; **enter** goes on, **a** starts a Streak or Storm again.\n"
        "- Playing a game (**g** on home): **r** rolls, **enter** confirms a play, **u** takes a move back "
        "before that;\n"
        "  after the tutor flags a mistake **z** takes it back, **v** shows yours or the better play, "
        "**enter** goes on;\n"
        "  **h** shows the ranking of the plays (or the cube decision), **T** switches the tutor off and on; after an\n"
        "  acey-deucey 1-2, **1**-**6** choose the double. The game is saved as you go: **q** leaves it, and "
        "the Play menu\n"
        "  offers to resume it."
    ),
    N_(
        "## The board\n"
        "You are ● and move from your 24-point down to your 1-point, then bear off. O (○) moves the other way.\n"
        "The bar is in the middle; borne-off checkers go to the tray on the right, where the doubling cube sits too:\n"
        "in the middle while nobody owns it, on its owner's side once it has been turned. The dice are shown beside\n"
        "the bar (dimmed once played). After a play, a dotted ring ◌ marks where each checker left and a rim the\n"
        "checkers that arrived. In a match, the score line under the board gives the length, both scores and the\n"
        "Crawford game."
    ),
    N_(
        "## The rules in brief\n"
        "- Move one checker by each die, or one checker by both; doubles are played four times.\n"
        "- You may land on an empty point, your own, or one with a single O checker (a blot), which you hit "
        "to the bar.\n"
        "- With a checker on the bar you must enter it first, in O's home board.\n"
        "- Use both dice when you can; if only one can be played, play the higher one when either could be.\n"
        "- Bear off once all 15 checkers are in your home board. The first to bear off all 15 wins."
    ),
    N_("Progress is saved as you go; a lesson resumes where you left it."),
)
"""The help page (Markdown), section by section."""


def help_text() -> str:
    """The help page: the keys, the board and the rules in brief (Markdown)."""
    return "\n\n".join(_(section) for section in HELP_SECTIONS) + "\n"


def puzzle_theme_idea(theme: str) -> str:
    """The idea of a best-play puzzle, named by its theme: ``The theme: Hit or not.``"""
    return _("The theme: {theme}.").format(theme=theme_title(theme))
