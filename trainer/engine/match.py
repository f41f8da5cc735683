"""The score as a value: a match to a number of points (or money play), both scores, the Crawford game; and the
options of money play (the Jacoby rule, beavers).

In a match, the first game after a player reaches one point short of the length is the Crawford game: nobody may
double in it. The games after it are post-Crawford, with the cube back in use. The match ends when a score
reaches the length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.engine.errors import MatchError
from trainer.engine.side import Side

if TYPE_CHECKING:
    from trainer.engine.state import GameResult

MAX_MATCH_LENGTH = 32767


@dataclass(frozen=True, slots=True)
class MoneyOptions:
    """Optional rules of money play, both off by default. Neither applies in a match.

    ``jacoby``: gammons and backgammons count only once the cube has been turned (a game won without a double
    is worth one point). ``beavers``: a player who is doubled may at once redouble while keeping the cube.
    """

    jacoby: bool = False
    beavers: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """The options in force, in words: ``("Jacoby rule", "beavers")``, ``()`` for none."""
        return tuple(name for name, on in (("Jacoby rule", self.jacoby), ("beavers", self.beavers)) if on)

    def __str__(self) -> str:
        return " and ".join(self.names) if self.names else "no Jacoby rule, no beavers"


@dataclass(frozen=True, slots=True)
class MatchScore:
    """The score before a game: ``length`` points to win (0 for money play), X's and O's points, and whether this
    game is the Crawford game. Methods return new values.

    :raises MatchError: for a negative length or score, a score beyond the length, or a Crawford game that cannot
        be (in money play, or when no side is one point short of the length).
    """

    length: int = 0
    x: int = 0
    o: int = 0
    crawford: bool = False

    def __post_init__(self) -> None:
        for name, number in (("match length", self.length), ("X's score", self.x), ("O's score", self.o)):
            if isinstance(number, bool) or not isinstance(number, int):
                raise MatchError(f"the {name} must be a whole number, not {number!r}")
            if number < 0:
                raise MatchError(f"the {name} cannot be negative ({number})")
        if self.length > MAX_MATCH_LENGTH:
            raise MatchError(f"a match is at most {MAX_MATCH_LENGTH} points long, not {self.length}")
        if self.length:
            for side in Side:
                if self.score(side) > self.length:
                    raise MatchError(
                        f"{side}'s score {self.score(side)} is beyond the {self.length}-point match: a score stops "
                        "at the match length"
                    )
        if self.crawford:
            if not self.length:
                raise MatchError("there is no Crawford game in money play, only in a match")
            short = [side for side in Side if self.score(side) == self.length - 1]
            if len(short) != 1 or self.is_over:
                raise MatchError(
                    f"at {self.x}-{self.o} in a {self.length}-point match this cannot be the Crawford game: it is the "
                    f"first game after one side (and only one) reaches {self.length - 1}"
                )

    @classmethod
    def money(cls) -> MatchScore:
        """Money play: no length, every game paid on its own."""
        return cls()

    @classmethod
    def match(cls, length: int) -> MatchScore:
        """The start of a match to ``length`` points.

        :raises MatchError: if ``length`` is not a whole number from 1 up.
        """
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise MatchError(f"a match is played to at least 1 point, not {length!r}; for money play use length 0")
        return cls(length)

    @property
    def is_money(self) -> bool:
        """Whether this is money play (no match length)."""
        return self.length == 0

    def score(self, side: Side) -> int:
        """``side``'s points."""
        return self.x if side is Side.X else self.o

    def away(self, side: Side) -> int:
        """How many points ``side`` still needs to win the match (0 once it has; money play has no target).

        :raises MatchError: in money play.
        """
        if self.is_money:
            raise MatchError("money play has no match length: nobody is any number of points away")
        return max(0, self.length - self.score(side))

    @property
    def is_over(self) -> bool:
        """Whether a score has reached the match length (never in money play)."""
        return bool(self.length) and max(self.x, self.o) >= self.length

    @property
    def winner(self) -> Side | None:
        """The side that has won the match, once it is over."""
        if not self.is_over:
            return None
        return Side.X if self.x >= self.length else Side.O

    @property
    def is_post_crawford(self) -> bool:
        """Whether the Crawford game has been played and a side is still one point short: the cube is back. (A
        1-point match has no Crawford game: both sides start one point short.)"""
        return self.length > 1 and not self.crawford and not self.is_over and self.length - 1 in (self.x, self.o)

    def doubling_problem(self) -> str | None:
        """Why nobody may double in this game (the Crawford game), or ``None``."""
        if self.crawford:
            leader = Side.X if self.x == self.length - 1 else Side.O
            return (
                f"no doubling in the Crawford game: {leader} is one point from winning the {self.length}-point match "
                f"({self.x}-{self.o}), and the cube stays out of play for this one game"
            )
        return None

    def options_problem(self, options: MoneyOptions) -> str | None:
        """Why ``options`` cannot be used here (they belong to money play), or ``None``."""
        if self.length and options.names:
            rules = " and ".join(options.names)
            verb = "apply" if len(options.names) > 1 else "applies"
            return f"the {rules} {verb} only to money play, not to a {self.length}-point match"
        return None

    def after(self, result: GameResult) -> MatchScore:
        """The score before the next game, once ``result`` has been added: the winner's points (a score stops at
        the match length), and the Crawford flag for the next game.

        :raises MatchError: if the match is already over.
        """
        if self.is_over:
            raise MatchError(f"the match is over: {self.winner} has won {self.x}-{self.o}, no game can be added")
        x = self.x + (result.points if result.winner is Side.X else 0)
        o = self.o + (result.points if result.winner is Side.O else 0)
        if self.length:
            x, o = min(x, self.length), min(o, self.length)
        short = self.length - 1
        reaches = bool(self.length) and short not in (self.x, self.o) and short in (x, o) and max(x, o) < self.length
        return MatchScore(self.length, x, o, crawford=reaches)

    def __str__(self) -> str:
        if self.is_money:
            return f"money play, X {self.x} O {self.o}" if self.x or self.o else "money play"
        text = f"X {self.x}, O {self.o} in a {self.length}-point match"
        if self.crawford:
            return text + " (Crawford game)"
        if self.is_post_crawford:
            return text + " (post-Crawford)"
        return text
