"""Rule sets. :class:`Variant` is standard backgammon; a variant is a subclass that overrides what it changes
(its start, its legal plays, what follows a play), so the game itself never branches on the variant."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from trainer.engine import wording
from trainer.engine.dice import Dice
from trainer.engine.errors import EngineError, GameStateError
from trainer.engine.moves import Play, legal_plays
from trainer.engine.notation import parse_play
from trainer.engine.position import Position
from trainer.engine.state import GameState, OpeningRoll, Phase, WinKind, win_kind
from trainer.i18n import N_


class Variant:
    """The standard rules of backgammon, and the base class of every variant."""

    name: ClassVar[str] = "standard"
    title: ClassVar[str] = N_("Backgammon")
    """The rules' name as the app shows it (marked for translation: pass it through ``_()`` where it is shown)."""

    def start_position(self) -> Position:
        """Where the checkers stand before the opening roll."""
        return Position.start()

    def legal_plays(self, position: Position, dice: Dice) -> tuple[Play, ...]:
        """Every distinct legal play of ``dice`` (see :func:`trainer.engine.legal_plays`)."""
        return legal_plays(position, dice)

    def parse_play(self, position: Position, dice: Dice, text: str) -> Play:
        """The legal play ``text`` names (see :func:`trainer.engine.parse_play`).

        :raises PlayError: if it names none, or more than one.
        """
        return parse_play(position, dice, text)

    def win_kind(self, position: Position) -> WinKind | None:
        """How the side that just moved has won in ``position``, if it has."""
        return win_kind(position)

    def after_opening(self, state: GameState, opening: OpeningRoll) -> GameState:
        """The state once the opening roll is decided: here the winner plays the two numbers thrown."""
        return replace(state, opening=opening, turn=opening.winner, dice=opening.dice, phase=Phase.MOVE)

    def choose_double(self, state: GameState, number: int) -> GameState:
        """The state once the side on roll has chosen the double ``number`` to play (see acey-deucey).

        :raises GameStateError: always here: standard backgammon has no doubles to choose.
        """
        raise GameStateError(wording.no_double_to_choose_in(self.title))

    def after_play(self, state: GameState, play: Play) -> GameState:
        """The state after the side on roll made ``play``: the end of the game, or the other side to roll."""
        assert state.turn is not None and state.dice is not None
        history = (*state.history, (state.turn, state.dice, play))
        kind = self.win_kind(play.result)
        if kind is not None:
            result = state.result_for(state.turn, kind)
            return replace(state, position=play.result, dice=None, phase=Phase.OVER, result=result, history=history)
        return replace(
            state, position=play.result.swap(), turn=state.turn.other, dice=None, phase=Phase.ROLL, history=history
        )


STANDARD = Variant()
VARIANTS: dict[str, Variant] = {STANDARD.name: STANDARD}


def variant_named(name: str) -> Variant:
    """The rule set called ``name`` (``"standard"``, ``"acey-deucey"``).

    :raises EngineError: for an unknown name, listing the known ones.
    """
    try:
        return VARIANTS[name]
    except KeyError:
        raise EngineError(wording.unknown_variant(name, VARIANTS)) from None


from trainer.engine.variants.acey_deucey import ACEY_DEUCEY  # noqa: E402 - it subclasses Variant, defined above

VARIANTS[ACEY_DEUCEY.name] = ACEY_DEUCEY
