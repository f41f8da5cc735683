"""Acey-deucey: every checker starts off the board and enters through the opponent's home board, and a 1-2 (the
acey-deucey) is followed by a double of the player's choice and another roll.

The rules, from the seed text and, where it is silent, the standard game:

- All 15 checkers of each side start waiting to enter (:meth:`Position.acey_deucey_start`). A waiting checker
  enters like one from the bar, on the mover's point 25 - die unless the opponent holds it with two or more,
  and may hit a blot there; unlike the bar, waiting checkers need not come in first. A checker on the bar must
  enter before anything else moves, waiting checkers included (:func:`~trainer.engine.moves.legal_plays`).
- Bearing off only with all 15 in the home board. As many dice as possible must be played, the higher die when
  only one can be.
- The opening: each side throws one die, again on a tie; the higher starts and then rolls both dice (the
  opening numbers are not played).
- The acey-deucey roll, 1-2: play the 1 and the 2, then choose any double (1-1 to 6-6) and play it as if rolled,
  then roll again. When any part cannot be played in full, the rest of the turn, bonus roll included, is lost.
  A bonus roll can be another 1-2.
- Gammon and backgammon as in the standard game; a loser with checkers still waiting has borne off none, and a
  waiting checker makes a backgammon like one on the bar (:func:`~trainer.engine.state.win_kind`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, Final

from trainer.engine import wording
from trainer.engine.dice import ChosenDouble, Dice
from trainer.engine.errors import GameStateError
from trainer.engine.moves import Play, legal_plays
from trainer.engine.position import Position
from trainer.engine.state import GameState, OpeningRoll, Phase
from trainer.engine.variants import Variant
from trainer.i18n import N_

ACEY_DEUCEY_ROLL = frozenset({1, 2})


def is_acey_deucey(dice: Dice) -> bool:
    """Whether ``dice`` is the acey-deucey roll, 1-2 (rolled, in either order)."""
    return set(dice) == ACEY_DEUCEY_ROLL


def playable_doubles(position: Position) -> dict[int, bool]:
    """For each double 1 to 6, whether the player on roll could play all four of its moves in ``position``.

    After a 1-2 the player may choose any double, but one that cannot be played in full ends the turn there.
    """
    return {number: legal_plays(position, (number, number))[0].dice_used == 4 for number in range(1, 7)}


class AceyDeucey(Variant):
    """The acey-deucey rules (see the module's description). Choose the double after a 1-2 with
    :meth:`~trainer.engine.game.Game.choose_double`; the history records each part of such a turn."""

    name: ClassVar[str] = "acey-deucey"
    title: ClassVar[str] = N_("Acey-deucey")

    def start_position(self) -> Position:
        """Every checker of both sides waiting to enter."""
        return Position.acey_deucey_start()

    def after_opening(self, state: GameState, opening: OpeningRoll) -> GameState:
        """The winner of the opening throw starts by rolling both dice: the numbers thrown are not played."""
        return replace(state, opening=opening, turn=opening.winner, dice=None, phase=Phase.ROLL)

    def choose_double(self, state: GameState, number: int) -> GameState:
        """The state with the double ``number`` chosen after a 1-2, to be played as if rolled.

        :raises GameStateError: unless the game waits for that choice.
        :raises InvalidDiceError: unless ``number`` is 1 to 6.
        """
        if state.phase is not Phase.CHOOSE_DOUBLE:
            raise GameStateError(wording.no_double_to_choose_now())
        return replace(state, dice=ChosenDouble.of_number(number), phase=Phase.MOVE)

    def after_play(self, state: GameState, play: Play) -> GameState:
        """After a 1-2 played in full the same side chooses a double; after the chosen double played in full it
        rolls again; otherwise (or when the game is won) as in the standard game."""
        assert state.turn is not None and state.dice is not None
        following = super().after_play(state, play)
        if following.phase is Phase.OVER or play.dice_used < state.dice.move_count:
            return following
        if state.dice.chosen:
            phase = Phase.ROLL
        elif is_acey_deucey(state.dice):
            phase = Phase.CHOOSE_DOUBLE
        else:
            return following
        return replace(following, position=play.result, turn=state.turn, phase=phase)


ACEY_DEUCEY: Final[AceyDeucey] = AceyDeucey()
