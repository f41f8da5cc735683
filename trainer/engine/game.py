"""Game flow: a thin sequencer that steps a frozen :class:`GameState` through its phases with dice from a
source, under the rules of a :class:`~trainer.engine.variants.Variant`."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from trainer.engine.dice import Dice
from trainer.engine.errors import GameStateError, IllegalPlayError, InvalidDiceError
from trainer.engine.moves import Play
from trainer.engine.position import Position
from trainer.engine.side import Side
from trainer.engine.state import GameResult, GameState, HistoryEntry, OpeningRoll, Phase
from trainer.engine.variants import STANDARD, Variant, variant_named

DieSource = Callable[[], int]

_WAITING_FOR = {
    Phase.OPENING: "make the opening roll first",
    Phase.ROLL: "roll the dice first",
    Phase.MOVE: "the dice are already rolled: play them first",
    Phase.CHOOSE_DOUBLE: "choose the double to play after your 1-2 first",
    Phase.OVER: "the game is over",
}


class Game:
    """One game from the opening roll to its end, with dice from ``roll_die``.

    Pass ``seed`` (or ``roll_die``, any callable returning 1-6) for repeatable games. :attr:`state` holds
    everything; ``position`` is always seen from the side on roll, :attr:`turn`.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        roll_die: DieSource | None = None,
        variant: Variant | str = STANDARD,
    ) -> None:
        if roll_die is None:
            generator = random.Random(seed)

            def roll_die() -> int:
                return generator.randint(1, 6)

        self._roll_die = roll_die
        self.variant = variant_named(variant) if isinstance(variant, str) else variant
        self.state = GameState(self.variant.start_position())

    # --- the state, read (and set up) attribute by attribute -------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the game waits for next."""
        return self.state.phase

    @property
    def position(self) -> Position:
        """The board, seen from the side on roll (after the end: from the winner)."""
        return self.state.position

    @position.setter
    def position(self, position: Position) -> None:
        """Set up a position for the side on roll (for lessons, puzzles and tests)."""
        self.state = replace(self.state, position=position)

    @property
    def turn(self) -> Side | None:
        """The side on roll (``None`` before the opening roll)."""
        return self.state.turn

    @property
    def dice(self) -> Dice | None:
        """The dice to play, once rolled."""
        return self.state.dice

    @property
    def cube(self) -> int:
        """The value of the doubling cube."""
        return self.state.cube

    @cube.setter
    def cube(self, value: int) -> None:
        self.state = replace(self.state, cube=value)

    @property
    def opening(self) -> OpeningRoll | None:
        """The opening roll, once made."""
        return self.state.opening

    @property
    def result(self) -> GameResult | None:
        """How the game ended, once it has."""
        return self.state.result

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        """Every play made: ``(side, dice, play)`` (a turn of acey-deucey may take several, see
        :data:`~trainer.engine.state.HistoryEntry`)."""
        return self.state.history

    # --- stepping --------------------------------------------------------------------------------------

    def _expect(self, phase: Phase) -> None:
        if self.state.phase is not phase:
            raise GameStateError(_WAITING_FOR[self.state.phase])

    def _die(self) -> int:
        value = self._roll_die()
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise InvalidDiceError(f"a die must show 1 to 6, the dice source gave {value!r}")
        return value

    def roll_opening(self) -> OpeningRoll:
        """Each side throws one die, again while they tie; the higher die starts.

        :raises GameStateError: if the opening roll has been made.
        """
        if self.state.phase is not Phase.OPENING:
            raise GameStateError("the opening roll has already been made")
        throws = []
        while True:
            throw = (self._die(), self._die())
            throws.append(throw)
            if throw[0] != throw[1]:
                break
        opening = OpeningRoll(tuple(throws))
        self.state = self.variant.after_opening(self.state, opening)
        return opening

    def roll(self) -> Dice:
        """Roll two dice for the side on roll.

        :raises GameStateError: unless the game waits for a roll.
        """
        self._expect(Phase.ROLL)
        dice = Dice(self._die(), self._die())
        self.state = replace(self.state, dice=dice, phase=Phase.MOVE)
        return dice

    def choose_double(self, number: int) -> Dice:
        """Choose the double to play next (acey-deucey, after a 1-2 played in full): ``4`` for 4-4.

        :raises GameStateError: if the rules give no double to choose now (always, in standard backgammon).
        :raises InvalidDiceError: unless ``number`` is 1 to 6.
        """
        self.state = self.variant.choose_double(self.state, number)
        assert self.state.dice is not None
        return self.state.dice

    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the dice rolled (or chosen).

        :raises GameStateError: unless the dice are rolled and not yet played.
        """
        self._expect(Phase.MOVE)
        assert self.state.dice is not None
        return self.variant.legal_plays(self.state.position, self.state.dice)

    def play(self, play: Play | str) -> GameResult | None:
        """Play ``play`` (a legal :class:`Play` or notation) for the side on roll; returns the result if it ends
        the game.

        :raises GameStateError: unless the dice are rolled and not yet played.
        :raises IllegalPlayError: (and the other notation errors) if the play is not legal.
        """
        self._expect(Phase.MOVE)
        state = self.state
        assert state.dice is not None
        if isinstance(play, str):
            chosen = self.variant.parse_play(state.position, state.dice, play)
        elif sorted(play.dice) == sorted(state.dice) and play in self.variant.legal_plays(state.position, state.dice):
            chosen = play
        else:
            raise IllegalPlayError(
                str(play), state.position.identifier(), state.dice, "this is not one of the legal plays of this roll"
            )
        self.state = self.variant.after_play(state, chosen)
        return self.state.result
