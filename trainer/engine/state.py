"""The values a game is made of: its phase, the opening roll, a finished game's result, and the whole state of a
game at one moment (:class:`GameState`), which :class:`~trainer.engine.game.Game` steps from one to the next."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine.dice import Dice
from trainer.engine.moves import Play
from trainer.engine.position import BAR, CHECKERS, OFF, Position
from trainer.engine.side import Side


class Phase(Enum):
    """What the game waits for next."""

    OPENING = "opening roll"
    ROLL = "roll"
    MOVE = "move"
    CHOOSE_DOUBLE = "choose a double"  # acey-deucey, after a 1-2 played in full
    OVER = "over"


class WinKind(Enum):
    """How big a win is: a single game (1), a gammon (2) or a backgammon (3), times the cube."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: who won, how, and how many points (the kind's multiplier times the cube)."""

    winner: Side
    kind: WinKind
    cube: int = 1

    @property
    def points(self) -> int:
        """Points won: 1, 2 or 3 times the cube value."""
        return self.kind.value * self.cube


def win_kind(position: Position) -> WinKind | None:
    """How the player on roll's side has won in ``position`` (all its checkers off), or ``None`` if it has not.

    Gammon: the loser has borne off none. Backgammon: a gammon with a loser's checker still on the bar, in the
    winner's home board (the loser's points 19-24) or, in acey-deucey, still waiting to enter (it must come in
    through the winner's home board, like a checker on the bar).
    """
    if position.player[OFF] != CHECKERS:
        return None
    loser = position.opponent
    if loser[OFF]:
        return WinKind.SINGLE
    if loser[BAR] or any(loser[19:25]) or position.opponent_waiting:
        return WinKind.BACKGAMMON
    return WinKind.GAMMON


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """Each side's single die for every throw of the opening roll; ties throw again."""

    throws: tuple[tuple[int, int], ...]  # (X's die, O's die) for each throw, the last one decisive

    @property
    def winner(self) -> Side:
        """The side whose die was higher on the decisive throw: it plays first."""
        x_die, o_die = self.throws[-1]
        return Side.X if x_die > o_die else Side.O

    @property
    def dice(self) -> Dice:
        """The two numbers of the decisive throw, the winner's own die first."""
        x_die, o_die = self.throws[-1]
        return Dice(x_die, o_die) if x_die > o_die else Dice(o_die, x_die)


HistoryEntry = tuple[Side, Dice, Play]
"""One play of a game's history: who played, the dice, the play. In acey-deucey a 1-2 turn takes several
entries by the same side: the 1-2, the chosen double (its dice a :class:`~trainer.engine.dice.ChosenDouble`),
then the bonus roll."""


@dataclass(frozen=True, slots=True)
class GameState:
    """A game at one moment. ``position`` is seen from the side on roll, ``turn`` (after the end: the winner).

    ``phase`` says what comes next: the opening roll, a roll, a play of ``dice``, or nothing (``result`` set).
    """

    position: Position
    phase: Phase = Phase.OPENING
    turn: Side | None = None
    dice: Dice | None = None
    cube: int = 1
    opening: OpeningRoll | None = None
    result: GameResult | None = None
    history: tuple[HistoryEntry, ...] = ()
