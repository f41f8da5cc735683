"""A session's games on the engine: every action, recorded as a short text, applied through :class:`Game` and
:class:`Match`, which stay the authority on the rules. The same code plays a session live, rebuilds it from its
record, and walks it for export.

Actions, in the order they happen (who acts follows from the game: the side on roll, or the side answering a
double):

- ``open 31`` the opening roll, one ``XO`` pair of dice per throw (ties throw again: ``open 44 31``); it starts
  every game, so in a match it also scores the game before and starts the next;
- ``roll 6-5`` the dice rolled, in the order rolled;
- ``play 24/18 13/8`` the play, in standard notation (``pass`` when the roll can't be played);
- ``double``, ``take``, ``drop`` (pass) and ``beaver``;
- ``choose 4`` in acey-deucey, the double chosen after a 1-2 played in full (here 4-4).

Dice come from ``random.Random(seed)``; while an action names the dice (``open``, ``roll``), those are used, and
the generator is advanced alike, so that the dice after a rebuilt session are the ones the original would have
rolled.
"""

from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from trainer.engine import (
    Cube,
    Dice,
    Game,
    GameResult,
    GameState,
    Match,
    MatchScore,
    MoneyOptions,
    Phase,
    Play,
    Position,
    Side,
    Turn,
)
from trainer.play import wording

ACTION_WORDS: tuple[str, ...] = ("open", "roll", "play", "double", "take", "drop", "beaver", "choose")
"""The first word of each action (see the module's list)."""
_THROW = re.compile(r"[1-6][1-6]")
_ROLL = re.compile(r"([1-6])-([1-6])")


class ReplayError(ValueError):
    """An action that cannot be read, or that the rules refuse at its point of the session."""


class SessionError(ValueError):
    """An action the game cannot take now (the computer's turn, the game over, nothing to take back...)."""


@dataclass(frozen=True, slots=True)
class EventBase:
    """What every action of a session has: who acted (``side``) and the game before and after. ``game`` counts from
    1; ``index`` is the action's place in the session's record. Each kind of action is a subclass (see
    :data:`Event`)."""

    index: int
    game: int
    side: Side
    before: GameState
    after: GameState

    @property
    def cube(self) -> Cube:
        """The cube after the action."""
        return self.after.doubling_cube

    @property
    def result(self) -> GameResult | None:
        """How the game ended, if this action ended it."""
        return self.after.result

    def board_before(self, viewer: Side) -> Position:
        """The board before the action, seen from ``viewer``."""
        return board_of(self.before, viewer)

    def board_after(self, viewer: Side) -> Position:
        """The board after the action, seen from ``viewer``."""
        return board_of(self.after, viewer)


@dataclass(frozen=True, slots=True)
class Opened(EventBase):
    """The opening roll of a game: ``side`` won it and plays ``dice``, the starting side's two numbers."""

    dice: Dice

    @property
    def opening_throws(self) -> tuple[tuple[int, int], ...]:
        """Each throw as (X's die, O's die), ties first."""
        opening = self.after.opening
        return opening.throws if opening is not None else ()


@dataclass(frozen=True, slots=True)
class Rolled(EventBase):
    """``side`` rolled ``dice``."""

    dice: Dice


@dataclass(frozen=True, slots=True)
class Played(EventBase):
    """``side`` played ``dice``: ``play``'s moves in the mover's numbering, one checker and one die each, in the order
    played (a pass when the roll can't be played)."""

    dice: Dice
    play: Play

    def steps(self, viewer: Side) -> tuple[Position, ...]:
        """The board after each checker move in turn, seen from ``viewer`` (to animate it)."""
        turn = Turn(self.play.position, self.dice)
        boards = []
        for move in self.play.moves:
            turn = turn.move(move.start, move.end)
            current = turn.current
            boards.append(current if viewer is self.side else current.swap())
        return tuple(boards)


@dataclass(frozen=True, slots=True)
class Doubled(EventBase):
    """``side`` doubled."""


@dataclass(frozen=True, slots=True)
class Took(EventBase):
    """``side`` took the double (or the beaver of its own double)."""


@dataclass(frozen=True, slots=True)
class Passed(EventBase):
    """``side`` passed the double (or the beaver of its own double): the game is over."""


@dataclass(frozen=True, slots=True)
class Beavered(EventBase):
    """``side`` beavered the double: took it and redoubled at once, keeping the cube."""


@dataclass(frozen=True, slots=True)
class ChoseDouble(EventBase):
    """Acey-deucey: after a 1-2 played in full, ``side`` chose the double ``dice`` (a
    :class:`~trainer.engine.ChosenDouble`) to play."""

    dice: Dice


Event: TypeAlias = Opened | Rolled | Played | Doubled | Took | Passed | Beavered | ChoseDouble
"""One action of a session, as it happened: one class for each kind of action."""
CubeEvent: TypeAlias = Doubled | Took | Passed | Beavered
"""A cube action: a double, or its answer."""
_CUBE_EVENTS: dict[str, type[CubeEvent]] = {"double": Doubled, "take": Took, "drop": Passed, "beaver": Beavered}


def board_of(state: GameState, viewer: Side) -> Position:
    """The board of ``state`` seen from ``viewer`` (before the opening roll: the starting position)."""
    if state.turn is None or state.turn is viewer:
        return state.position
    return state.position.swap()


def _action_word(action: str) -> tuple[str, str]:
    word, _, rest = action.partition(" ")
    return word, rest.strip()


def check_action(action: str) -> None:
    """Check that ``action`` is a well-formed action (not whether the rules allow it).

    :raises ReplayError: naming what is wrong.
    """
    word, rest = _action_word(action)
    if word not in ACTION_WORDS:
        raise ReplayError(wording.unknown_action(action, list(ACTION_WORDS)))
    if word == "open":
        throws = rest.split()
        if not throws or not all(_THROW.fullmatch(throw) for throw in throws):
            raise ReplayError(wording.bad_opening(action))
        if any(throw[0] == throw[1] for throw in throws[-1:]) or any(throw[0] != throw[1] for throw in throws[:-1]):
            raise ReplayError(wording.bad_opening_ties(action))
    elif word == "roll":
        if not _ROLL.fullmatch(rest):
            raise ReplayError(wording.bad_roll(action))
    elif word == "play":
        if not rest:
            raise ReplayError(wording.play_needs_notation(action))
    elif word == "choose":
        if rest not in ("1", "2", "3", "4", "5", "6"):
            raise ReplayError(wording.bad_choice(action))
    elif rest:
        raise ReplayError(wording.takes_nothing(action, word))


class Table:
    """The games of one session: a money game (``match_length`` 0) or a match, with dice from ``seed``, under the
    rules of ``variant`` (``"standard"`` or ``"acey-deucey"``)."""

    def __init__(
        self, match_length: int, seed: int, options: MoneyOptions | None = None, variant: str = "standard"
    ) -> None:
        self.match_length = match_length
        self._generator = random.Random(seed)
        self._given: deque[int] = deque()
        self.dice_drawn = 0
        self.actions: list[str] = []
        self.events: list[Event] = []
        self.game_number = 1
        self.match: Match | None = None
        if match_length:
            self.match = Match(match_length, roll_die=self._die, variant=variant)
            self.game = self.match.game
        else:
            self.game = Game(roll_die=self._die, options=options, variant=variant)

    def _die(self) -> int:
        drawn = self._generator.randint(1, 6)
        self.dice_drawn += 1
        return self._given.popleft() if self._given else drawn

    # --- where the session stands --------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current game's state."""
        return self.game.state

    @property
    def score(self) -> MatchScore:
        """The score after every finished game (money play: the points of the game once it is over)."""
        if self.match is not None:
            return self.match.score
        result = self.game.result
        return self.game.match if result is None else self.game.match.after(result)

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The result of every finished game, in order."""
        if self.match is not None:
            return self.match.results
        return () if self.game.result is None else (self.game.result,)

    @property
    def is_over(self) -> bool:
        """Whether the session is finished: the money game is over, or a side has won the match."""
        if self.match is not None:
            return self.match.is_over
        return self.game.result is not None

    @property
    def winner(self) -> Side | None:
        """The side that won the money game or the match, once over."""
        if self.match is not None:
            return self.match.winner
        result = self.game.result
        return None if result is None else result.winner

    @property
    def needs_opening(self) -> bool:
        """Whether the next action is an opening roll (the first game, or the next game of a match)."""
        return self.game.phase is Phase.OPENING or (self.game.result is not None and not self.is_over)

    # --- acting ------------------------------------------------------------------------------------------

    def apply(self, action: str) -> Event:
        """Apply a recorded ``action`` (see the module's list), with the dice it names. Returns the event.

        :raises ReplayError: if the action cannot be read, or no opening roll is due for ``open``.
        :raises EngineError: if the rules refuse it now (the engine's reason).
        """
        check_action(action)
        word, rest = _action_word(action)
        if word == "open":
            self._given.extend(int(digit) for throw in rest.split() for digit in throw)
            return self.open()
        if word == "roll":
            match = _ROLL.fullmatch(rest)
            assert match is not None
            self._given.extend((int(match.group(1)), int(match.group(2))))
            return self.act("roll")
        if word == "play":
            game = self.game
            if game.phase is not Phase.MOVE or game.dice is None:
                raise ReplayError(wording.no_dice_to_play(len(self.actions) + 1, action))
            return self.act("play", game.variant.parse_play(game.position, game.dice, rest))
        if word == "choose":
            return self.choose(int(rest))
        return self.act(word)

    def open(self) -> Opened:
        """Make the opening roll of the first game, or score the finished game of a match and start the next.

        :raises ReplayError: if no opening roll is due.
        """
        if not self.needs_opening:
            raise ReplayError(wording.no_opening_due(len(self.actions) + 1))
        if self.game.result is not None:
            assert self.match is not None
            self.match.next_game()
            self.game = self.match.game
            self.game_number += 1
        before = self.game.state
        opening = self.game.roll_opening()
        event = Opened(len(self.actions), self.game_number, opening.winner, before, self.game.state, opening.dice)
        self._log("open " + " ".join(f"{x}{o}" for x, o in opening.throws), event)
        return event

    def act(self, word: str, play: Play | None = None) -> Rolled | Played | CubeEvent:
        """Roll (``"roll"``), play ``play`` (``"play"``), or ``"double"``, ``"take"``, ``"drop"`` or ``"beaver"``
        for the side that decides now.

        :raises ReplayError: before the opening roll, after the end, or for an unknown word.
        :raises EngineError: if the rules refuse it now (the engine's reason).
        """
        if word == "roll":
            return self.roll()
        if word == "play":
            if play is None:
                raise AssertionError("a play action needs its play")
            return self.play(play)
        if word not in _CUBE_EVENTS:
            raise AssertionError(f"unknown action {word!r}")
        side, before = self._deciding(word)
        getattr(self.game, word)()
        event = _CUBE_EVENTS[word](len(self.actions), self.game_number, side, before, self.game.state)
        self._log(word, event)
        return event

    def roll(self) -> Rolled:
        """Roll the dice of the side on roll.

        :raises ReplayError: before the opening roll or after the end.
        :raises EngineError: if the rules refuse it now (the engine's reason).
        """
        side, before = self._deciding("roll")
        dice = self.game.roll()
        event = Rolled(len(self.actions), self.game_number, side, before, self.game.state, dice)
        self._log(f"roll {dice.first}-{dice.second}", event)
        return event

    def play(self, play: Play) -> Played:
        """Play ``play`` for the side on roll.

        :raises ReplayError: before the opening roll or after the end.
        :raises EngineError: if the rules refuse it now (the engine's reason).
        """
        side, before = self._deciding("play")
        self.game.play(play)
        if before.dice is None:
            raise AssertionError("a play was made without dice")  # pragma: no cover - the engine refuses it first
        event = Played(len(self.actions), self.game_number, side, before, self.game.state, before.dice, play)
        self._log(f"play {play}", event)
        return event

    def _deciding(self, word: str) -> tuple[Side, GameState]:
        """The side that decides now and the state before its action ``word``.

        :raises ReplayError: before the opening roll or after the end.
        """
        game = self.game
        side = game.deciding
        if game.phase is Phase.OPENING or side is None:
            number = len(self.actions) + 1
            started = game.phase is not Phase.OPENING
            raise ReplayError(wording.game_over(number, word) if started else wording.game_not_started(number, word))
        return side, game.state

    def choose(self, number: int) -> ChoseDouble:
        """Choose the double ``number`` (4 for 4-4) after a 1-2 played in full (acey-deucey).

        :raises ReplayError: before the opening roll or after the end.
        :raises EngineError: if the rules give no double to choose now, or ``number`` is not 1 to 6.
        """
        game = self.game
        side = game.deciding
        if game.phase is Phase.OPENING or side is None:
            raise ReplayError(wording.choose_out_of_game(len(self.actions) + 1))
        before = game.state
        dice = game.choose_double(number)
        event = ChoseDouble(len(self.actions), self.game_number, side, before, game.state, dice)
        self._log(f"choose {number}", event)
        return event

    def _log(self, action: str, event: Event) -> None:
        self.actions.append(action)
        self.events.append(event)


class Waiting(Enum):
    """Who acts next, and how."""

    ROLL = "roll"  # the learner on roll: roll, or double first
    MOVE = "move"  # the learner plays the dice
    ANSWER = "answer"  # the learner takes or passes a double (or beavers), or the beaver of their own double
    CHOOSE_DOUBLE = "choose double"  # acey-deucey (a LocalGame): choose the double to play after a 1-2
    COMPUTER = "computer"  # call computer_turn()
    NEXT_GAME = "next game"  # a game of the match is over: call next_game()
    OVER = "over"  # the money game or the match is over


_WAITING_BY_PHASE = {Phase.ROLL: Waiting.ROLL, Phase.MOVE: Waiting.MOVE, Phase.CHOOSE_DOUBLE: Waiting.CHOOSE_DOUBLE}


class AtTable:
    """What a game played at a :class:`Table` shows of it, read through to the table: the state, the board, the
    dice, the cube, the score, the events, the results and who acts next. A session against the computer and a
    local game share it; each keeps its table in ``_table`` and says which side the computer plays, if any."""

    _table: Table
    _computer_side: Side | None

    @property
    def waiting_for(self) -> Waiting:
        """Who acts next, and how."""
        state = self.state
        if state.result is not None:
            return Waiting.OVER if self._table.is_over else Waiting.NEXT_GAME
        if state.deciding is self._computer_side:
            return Waiting.COMPUTER
        return _WAITING_BY_PHASE.get(state.phase, Waiting.ANSWER)

    @property
    def state(self) -> GameState:
        """The current game's state (its position seen from the side on roll)."""
        return self._table.state

    @property
    def deciding(self) -> Side | None:
        """The side that acts next (``None`` between games and at the end)."""
        state = self.state
        return None if state.result is not None else state.deciding

    @property
    def winner(self) -> Side | None:
        """The side that won the money game or the match, once over."""
        return self._table.winner

    @property
    def board(self) -> Position:
        """The board seen by X (the learner against the computer)."""
        return board_of(self.state, Side.X)

    @property
    def dice(self) -> Dice | None:
        """The dice to play, once rolled (or chosen)."""
        return self.state.dice

    @property
    def cube(self) -> Cube:
        """The cube: its value and owner."""
        return self.state.doubling_cube

    @property
    def score(self) -> MatchScore:
        """The score after the finished games (with the Crawford flag of the game under way or next)."""
        return self._table.score

    @property
    def game_number(self) -> int:
        """The game under way (or last played), counting from 1."""
        return self._table.game_number

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order."""
        return tuple(self._table.events)

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The result of every finished game."""
        return self._table.results

    @property
    def is_over(self) -> bool:
        """Whether the money game or the match is over."""
        return self._table.is_over
