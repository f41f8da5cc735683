"""The score as a value: a match to a number of points (or money play), both scores, the Crawford game; and the
options of money play (the Jacoby rule, beavers).

In a match, the first game after a player reaches one point short of the length is the Crawford game: nobody may
double in it. The games after it are post-Crawford, with the cube back in use. The match ends when a score
reaches the length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainer.engine import wording
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
    ``raccoons`` (with beavers): a beaver may be answered the same way, the doubler redoubling at once while keeping
    the cube, and so on, as GNU Backgammon allows by default.
    """

    jacoby: bool = False
    beavers: bool = False
    raccoons: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """The options in force, in words: ``("Jacoby rule", "beavers")``, ``()`` for none."""
        return wording.money_option_names(jacoby=self.jacoby, beavers=self.beavers)

    def __str__(self) -> str:
        return wording.money_options(jacoby=self.jacoby, beavers=self.beavers)


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
        fields: tuple[tuple[wording.ScoreField, int], ...] = (("length", self.length), ("X", self.x), ("O", self.o))
        for field, number in fields:
            if isinstance(number, bool) or not isinstance(number, int):
                raise MatchError(wording.score_not_whole(field, number))
            if number < 0:
                raise MatchError(wording.score_negative(field, number))
        if self.length > MAX_MATCH_LENGTH:
            raise MatchError(wording.match_too_long(self.length, MAX_MATCH_LENGTH))
        if self.length:
            for side in Side:
                if self.score(side) > self.length:
                    raise MatchError(wording.score_beyond_the_match(side, self.score(side), self.length))
        if self.crawford:
            if not self.length:
                raise MatchError(wording.crawford_in_money_play())
            short = [side for side in Side if self.score(side) == self.length - 1]
            if len(short) != 1 or self.is_over:
                raise MatchError(wording.not_the_crawford_game(self.x, self.o, self.length))

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
            raise MatchError(wording.match_too_short(length))
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
            raise MatchError(wording.money_play_has_no_length())
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
            return wording.crawford_no_double(leader, self.length, self.x, self.o)
        return None

    def options_problem(self, options: MoneyOptions) -> str | None:
        """Why ``options`` cannot be used here (they belong to money play), or ``None``."""
        if self.length and (options.jacoby or options.beavers):
            return wording.money_options_in_a_match(self.length, jacoby=options.jacoby, beavers=options.beavers)
        return None

    def after(self, result: GameResult) -> MatchScore:
        """The score before the next game, once ``result`` has been added: the winner's points (a score stops at
        the match length), and the Crawford flag for the next game.

        :raises MatchError: if the match is already over.
        """
        if self.is_over:
            raise MatchError(wording.match_over_no_game_added(self.winner, self.x, self.o))
        x = self.x + (result.points if result.winner is Side.X else 0)
        o = self.o + (result.points if result.winner is Side.O else 0)
        if self.length:
            x, o = min(x, self.length), min(o, self.length)
        short = self.length - 1
        reaches = bool(self.length) and short not in (self.x, self.o) and short in (x, o) and max(x, o) < self.length
        return MatchScore(self.length, x, o, crawford=reaches)

    def __str__(self) -> str:
        return wording.score_text(
            self.length, self.x, self.o, crawford=self.crawford, post_crawford=self.is_post_crawford
        )
