"""Help: the keys, and the rules in brief."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.footer import KeysFooter

HELP_TEXT = """\
# Help

## Keys
- **Arrows** move around menus and the board; **enter** chooses. On a new task the board shows no cursor:
  the first arrow or **enter** shows it, so an extra enter never answers by itself.
- On the board: choose one of your checkers (●), then one of the lit points (◇) to move it, with the arrows
  and **enter** or with the mouse; or press **/** and type the play, e.g. `24/18 13/8`. **escape** leaves the
  box for the board; after a wrong answer the box is emptied for the next try, and the keys the feedback
  names (such as **s** for the solution) still work.
- **1**, **2**, **3** ... choose a numbered answer. **Tab** goes from the board to the answers or the box.
- **u** undoes a move in this turn, **enter** or **n** goes on after a right answer, **q** or **escape** goes
  back, **page up** and **page down** scroll the text beside the board, **ctrl+q** quits from anywhere,
  **ctrl+t** switches between the dark and the light theme.
- Setting up the board: choose a point (**enter** or a click) to add a checker there, **-** or a right-click
  to take one away, **c** to check.
- Where the doubling cube is in play: **d** doubles, **t** takes, **p** passes.
- On the home screen: **c** continues with the next useful thing, **r** opens the reviews due, **f** the
  forced-or-not drill, **s** your whole progress.
- Forced or not?: **f** forced, **n** not forced, **p** no legal play; a forced roll is then played on the
  board or typed; **enter** goes on, **a** starts a Streak or Storm again.
- Playing a game (**g** on home): **r** rolls, **enter** confirms a play, **u** takes a move back before that;
  after the tutor flags a mistake **z** takes it back, **v** shows yours or the better play, **enter** goes on;
  **h** shows the ranking of the plays (or the cube decision), **T** switches the tutor off and on; after an
  acey-deucey 1-2, **1**-**6** choose the double. The game is saved as you go: **q** leaves it, and the Play menu
  offers to resume it.

## The board
You are ● and move from your 24-point down to your 1-point, then bear off. O (○) moves the other way.
The bar is in the middle; borne-off checkers go to the tray on the right, where the doubling cube sits too:
in the middle while nobody owns it, on its owner's side once it has been turned. The dice are shown beside
the bar (dimmed once played). After a play, a dotted ring ◌ marks where each checker left and a rim the
checkers that arrived. In a match, the score line under the board gives the length, both scores and the
Crawford game.

## The rules in brief
- Move one checker by each die, or one checker by both; doubles are played four times.
- You may land on an empty point, your own, or one with a single O checker (a blot), which you hit to the bar.
- With a checker on the bar you must enter it first, in O's home board.
- Use both dice when you can; if only one can be played, play the higher one when either could be.
- Bear off once all 15 checkers are in your home board. The first to bear off all 15 wins.

Progress is saved as you go; a lesson resumes where you left it.
"""


class HelpScreen(TrainerScreen):
    """Keys and rules."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="page"):
            yield Markdown(HELP_TEXT)
        yield KeysFooter()
