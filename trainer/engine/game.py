"""Game flow: the opening roll, turns with injectable dice, the end of the game and what it is worth."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from trainer.engine.errors import IllegalPlayError
from trainer.engine.moves import Dice, Play, legal_plays
from trainer.engine.notation import parse_play
from trainer.engine.position import BAR, CHECKERS, OFF, Position


class Side(Enum):
    """The two players. X moves first in texts only by convention; the opening roll decides who starts."""

    X = "X"
    O = "O"  # noqa: E741 - the traditional name of the second side

    @property
    def other(self) -> Side:
        """The opponent of this side."""
        return Side.O if self is Side.X else Side.X


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

    Gammon: the loser has borne off none. Backgammon: a gammon with a loser's checker still on the bar or in
    the winner's home board (the loser's points 19-24).
    """
    if position.player[OFF] != CHECKERS:
        return None
    loser = position.opponent
    if loser[OFF]:
        return WinKind.SINGLE
    if loser[BAR] or any(loser[19:25]):
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
        """The opening roll the winner plays: both numbers, the winner's own die first."""
        x_die, o_die = self.throws[-1]
        return (x_die, o_die) if x_die > o_die else (o_die, x_die)


DieSource = Callable[[], int]


class Game:
    """One game of backgammon from the opening roll to its end, with dice from ``roll_die``.

    Pass ``seed`` (or ``roll_die``, any callable returning 1-6) for repeatable games. ``position`` is always
    seen from the side on roll, ``turn``.
    """

    def __init__(self, *, seed: int | None = None, roll_die: DieSource | None = None) -> None:
        if roll_die is None:
            generator = random.Random(seed)

            def roll_die() -> int:
                return generator.randint(1, 6)

        self._roll_die = roll_die
        self.position = Position.start()
        self.turn: Side | None = None
        self.dice: Dice | None = None
        self.cube = 1
        self.result: GameResult | None = None
        self.opening: OpeningRoll | None = None
        self.history: list[tuple[Side, Dice, Play]] = []

    def _die(self) -> int:
        value = self._roll_die()
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"a die must show 1 to 6, the dice source gave {value!r}")
        return value

    def roll_opening(self) -> OpeningRoll:
        """Each side throws one die, again while they tie; the higher die starts and plays both numbers.

        :raises RuntimeError: if the game has already started.
        """
        if self.turn is not None:
            raise RuntimeError("the opening roll has already been made")
        throws = []
        while True:
            throw = (self._die(), self._die())
            throws.append(throw)
            if throw[0] != throw[1]:
                break
        self.opening = OpeningRoll(tuple(throws))
        self.turn = self.opening.winner
        self.dice = self.opening.dice
        return self.opening

    def roll(self) -> Dice:
        """Roll two dice for the side on roll.

        :raises RuntimeError: before the opening roll, after the end, or when the dice are already rolled.
        """
        if self.turn is None:
            raise RuntimeError("make the opening roll first")
        if self.result is not None:
            raise RuntimeError("the game is over")
        if self.dice is not None:
            raise RuntimeError("the dice are already rolled: play them first")
        self.dice = (self._die(), self._die())
        return self.dice

    def legal_plays(self) -> tuple[Play, ...]:
        """The legal plays of the current roll.

        :raises RuntimeError: if no dice are rolled.
        """
        if self.dice is None:
            raise RuntimeError("roll the dice first")
        return legal_plays(self.position, self.dice)

    def play(self, play: Play | str) -> GameResult | None:
        """Play ``play`` (a legal :class:`Play` or notation) for the side on roll, then pass the turn.

        Returns the result if the play ends the game.

        :raises RuntimeError: if no dice are rolled or the game is over.
        :raises IllegalPlayError: (and the other notation errors) if the play is not legal.
        """
        if self.result is not None:
            raise RuntimeError("the game is over")
        if self.dice is None or self.turn is None:
            raise RuntimeError("roll the dice first")
        if isinstance(play, str):
            chosen = parse_play(self.position, self.dice, play)
        elif sorted(play.dice) == sorted(self.dice) and play in legal_plays(self.position, self.dice):
            chosen = play
        else:
            raise IllegalPlayError(
                str(play), self.position.position_id(), self.dice, "this is not one of the legal plays of this roll"
            )
        self.history.append((self.turn, self.dice, chosen))
        kind = win_kind(chosen.result)
        if kind is not None:
            self.result = GameResult(self.turn, kind, self.cube)
            self.position = chosen.result
            self.dice = None
            return self.result
        self.position = chosen.result.swap()
        self.turn = self.turn.other
        self.dice = None
        return None
