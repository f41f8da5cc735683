"""Dice: a roll of two dice as a value, and the single moves it gives (four of a double)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from trainer.engine import wording
from trainer.engine.errors import InvalidDiceError

_DICE_PATTERN = re.compile(r"\s*([1-6])\s*[-,/ x]?\s*([1-6])\s*")


class Dice(NamedTuple):
    """Two dice as rolled, e.g. ``Dice(6, 5)``; ``str`` writes ``6-5``.

    Being a tuple, a roll still unpacks and indexes like ``(6, 5)``. Build it with :meth:`parse` from text or
    :meth:`of` from numbers, which check the values; the constructor trusts them.
    """

    first: int
    second: int

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read a roll such as ``65``, ``6-5``, ``6 5`` or ``6,5``.

        :raises InvalidDiceError: if the text is not two numbers from 1 to 6.
        """
        match = _DICE_PATTERN.fullmatch(text)
        if not match:
            raise InvalidDiceError(wording.unreadable_dice(text))
        return cls(int(match.group(1)), int(match.group(2)))

    @classmethod
    def of(cls, dice: Sequence[int]) -> Dice:
        """``dice`` as a roll, after checking it holds two numbers from 1 to 6.

        :raises InvalidDiceError: otherwise.
        """
        if isinstance(dice, Dice):
            return dice
        if len(dice) == 2:
            first, second = dice
            if type(first) is int and type(second) is int and 0 < first < 7 and 0 < second < 7:
                return cls(first, second)
        if (
            len(dice) != 2
            or not all(isinstance(die, int) and not isinstance(die, bool) for die in dice)
            or not all(1 <= die <= 6 for die in dice)
        ):
            raise InvalidDiceError(wording.no_such_dice(dice))
        return cls(dice[0], dice[1])

    @property
    def is_double(self) -> bool:
        """Whether both dice show the same number (it is then played four times)."""
        return self.first == self.second

    @property
    def high(self) -> int:
        """The higher die."""
        return max(self.first, self.second)

    @property
    def low(self) -> int:
        """The lower die."""
        return min(self.first, self.second)

    @property
    def moves(self) -> tuple[int, ...]:
        """The single moves the roll gives: both dice, or the number four times for a double."""
        return (self.first,) * 4 if self.is_double else (self.first, self.second)

    @property
    def move_count(self) -> int:
        """How many single moves a whole roll makes: 2, or 4 for a double."""
        return 4 if self.is_double else 2

    @property
    def chosen(self) -> bool:
        """Whether the dice were chosen rather than rolled (see :class:`ChosenDouble`)."""
        return False

    def high_first(self) -> Dice:
        """The same roll written with the higher die first, as rolls are usually named (``6-5``, not ``5-6``)."""
        return Dice(self.high, self.low)

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"


class ChosenDouble(Dice):
    """A double chosen rather than rolled: in acey-deucey, after playing a 1-2 the player picks any double and
    plays it as if rolled. It equals the rolled :class:`Dice` of the same number and plays the same way;
    :attr:`chosen` tells them apart, e.g. in a game's history.
    """

    __slots__ = ()

    @classmethod
    def of_number(cls, number: int) -> ChosenDouble:
        """The double of ``number`` (``4`` gives 4-4).

        :raises InvalidDiceError: unless ``number`` is a whole number from 1 to 6.
        """
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 6:
            raise InvalidDiceError(wording.no_such_chosen_double(number))
        return cls(number, number)

    @property
    def chosen(self) -> bool:
        """Always true: these dice were chosen."""
        return True


def parse_dice(text: str) -> Dice:
    """Read a roll such as ``65`` or ``6-5`` (the same as :meth:`Dice.parse`).

    :raises InvalidDiceError: if the text is not two numbers from 1 to 6.
    """
    return Dice.parse(text)


def check_dice(dice: Sequence[int]) -> Dice:
    """``dice`` as a :class:`Dice` after checking it (the same as :meth:`Dice.of`).

    :raises InvalidDiceError: if it is not two numbers from 1 to 6.
    """
    return Dice.of(dice)
