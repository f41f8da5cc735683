"""Game flow: :class:`Game`, a thin sequencer that steps a frozen :class:`GameState` through its phases with dice
from a source, under the rules of a :class:`~trainer.engine.variants.Variant` and the cube rules of
:mod:`trainer.engine.doubling`; and :class:`Match`, which plays games one after another until a side has won."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from trainer.engine import doubling, wording
from trainer.engine.cube import Cube
from trainer.engine.dice import Dice
from trainer.engine.errors import CubeError, GameStateError, IllegalPlayError, InvalidDiceError, MatchError
from trainer.engine.match import MatchScore, MoneyOptions
from trainer.engine.moves import Play
from trainer.engine.position import Position
from trainer.engine.side import Side
from trainer.engine.state import GameResult, GameState, HistoryEntry, OpeningRoll, Phase
from trainer.engine.variants import STANDARD, Variant, variant_named

DieSource = Callable[[], int]


def _waiting_for(state: GameState) -> str:
    """What the game waits for, as the reason another action is refused."""
    if state.phase is Phase.DOUBLED and state.turn is not None:
        return wording.must_answer_double(state.turn, state.turn.other)
    if state.phase is Phase.BEAVERED and state.cube_owner is not None:
        return wording.must_answer_beaver(state.cube_owner, state.cube_owner.other)
    return {
        Phase.OPENING: wording.opening_roll_first,
        Phase.ROLL: wording.roll_first,
        Phase.MOVE: wording.dice_rolled_play_first,
        Phase.CHOOSE_DOUBLE: wording.choose_double_first,
        Phase.OVER: wording.game_over,
    }[state.phase]()


def _die_source(seed: int | None) -> DieSource:
    generator = random.Random(seed)

    def roll_die() -> int:
        return generator.randint(1, 6)

    return roll_die


class Game:
    """One game from the opening roll to its end, with dice from ``roll_die``.

    Pass ``seed`` (or ``roll_die``, any callable returning 1-6) for repeatable games. ``match`` is the score
    before this game (money play by default) and ``options`` the money-play rules (the Jacoby rule, beavers).
    :attr:`state` holds everything; ``position`` is always seen from the side on roll, :attr:`turn`.

    :raises CubeError: if money-play options are asked for in a match.
    :raises MatchError: if ``match`` is already over.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        roll_die: DieSource | None = None,
        variant: Variant | str = STANDARD,
        match: MatchScore | None = None,
        options: MoneyOptions | None = None,
    ) -> None:
        match = MatchScore() if match is None else match
        options = MoneyOptions() if options is None else options
        problem = match.options_problem(options)
        if problem is not None:
            raise CubeError(problem)
        if match.is_over:
            raise MatchError(wording.no_game_left(str(match)))
        self._roll_die = _die_source(seed) if roll_die is None else roll_die
        self.variant = variant_named(variant) if isinstance(variant, str) else variant
        self.state = GameState(self.variant.start_position(), match=match, options=options)
        self._plays: tuple[GameState | None, tuple[Play, ...]] = (None, ())

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
        """Set the cube's value, keeping its owner (for lessons, puzzles and tests).

        :raises CubeError: for a value that is not a power of two from 1 to 64.
        """
        self.doubling_cube = Cube(value, self.state.cube_owner)

    @property
    def cube_owner(self) -> Side | None:
        """The side that may turn the cube next (``None``: it is in the middle)."""
        return self.state.cube_owner

    @property
    def doubling_cube(self) -> Cube:
        """The cube as a value: its value and owner."""
        return self.state.doubling_cube

    @doubling_cube.setter
    def doubling_cube(self, cube: Cube) -> None:
        """Set up the cube (for lessons, puzzles and tests)."""
        self.state = replace(self.state, cube=cube.value, cube_owner=cube.owner)

    @property
    def match(self) -> MatchScore:
        """The score before this game (money play: length 0)."""
        return self.state.match

    @property
    def options(self) -> MoneyOptions:
        """The money-play rules in force."""
        return self.state.options

    @property
    def deciding(self) -> Side | None:
        """The side that acts next: the side answering a double, else the side on roll."""
        return self.state.deciding

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
            raise GameStateError(_waiting_for(self.state))

    def _die(self) -> int:
        value = self._roll_die()
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise InvalidDiceError(wording.bad_die(value))
        return value

    def roll_opening(self) -> OpeningRoll:
        """Each side throws one die, again while they tie; the higher die starts.

        :raises GameStateError: if the opening roll has been made.
        """
        if self.state.phase is not Phase.OPENING:
            raise GameStateError(wording.opening_roll_made())
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
        return self._plays_now()

    def _plays_now(self) -> tuple[Play, ...]:
        """The legal plays of the dice of :attr:`state`, searched once for each state (a player asks for them, then
        plays one, which is checked against them)."""
        state = self.state
        known_state, plays = self._plays
        if known_state is not state:
            assert state.dice is not None
            plays = self.variant.legal_plays(state.position, state.dice)
            self._plays = (state, plays)
        return plays

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
        elif sorted(play.dice) == sorted(state.dice) and play in self._plays_now():
            chosen = play
        else:
            raise IllegalPlayError(
                str(play), state.position.identifier(), state.dice, wording.not_a_play_of_this_roll()
            )
        self.state = self.variant.after_play(state, chosen)
        return self.state.result

    # --- the cube --------------------------------------------------------------------------------------

    def double_problem(self) -> str | None:
        """Why the side on roll may not double now, in words, or ``None`` if it may."""
        return doubling.double_problem(self.state)

    @property
    def may_double(self) -> bool:
        """Whether the side on roll may double now."""
        return self.double_problem() is None

    def double(self) -> None:
        """The side on roll doubles, before rolling; the other side must then :meth:`take` or :meth:`drop`
        (or :meth:`beaver`, when allowed).

        :raises CubeError: saying why, if the side on roll may not double now (dice rolled, the opponent owns the
            cube, the Crawford game, the cube at 64...).
        """
        self.state = doubling.double(self.state)

    def take(self) -> None:
        """Take the double: the taker owns the cube at twice the value and the doubler rolls (after a beaver, the
        doubler takes the redouble).

        :raises CubeError: if no double waits for an answer.
        """
        self.state = doubling.take(self.state)

    def drop(self) -> GameResult:
        """Pass (refuse) the double: the doubler wins a single game at the cube's value before the double; the
        result is marked as won by a pass. Returns it.

        :raises CubeError: if no double waits for an answer.
        """
        self.state = doubling.drop(self.state)
        assert self.state.result is not None
        return self.state.result

    def beaver(self) -> None:
        """Beaver: the doubled side takes and at once redoubles, keeping the cube; the doubler must then take or
        pass. Money play only, with the beaver option on.

        :raises CubeError: saying why, if a beaver is not allowed now.
        """
        self.state = doubling.beaver(self.state)


class Match:
    """A match to ``length`` points: games one after another, each a new :class:`Game` from the score after the
    previous ones, until a side reaches the length. The Crawford game is found from the score (no doubling in it);
    the games after it are post-Crawford.

    Play the current game through :attr:`game`; once it is over, :meth:`next_game` starts the next one. Pass
    ``seed`` or ``roll_die`` for repeatable matches (one dice source for every game).

    :raises MatchError: for a length below 1 or a finished starting score.
    """

    def __init__(
        self,
        length: int,
        *,
        seed: int | None = None,
        roll_die: DieSource | None = None,
        variant: Variant | str = STANDARD,
        score: MatchScore | None = None,
    ) -> None:
        start = MatchScore.match(length) if score is None else score
        if start.length != length:
            raise MatchError(wording.score_of_another_length(start.length, length))
        self._roll_die = _die_source(seed) if roll_die is None else roll_die
        self._variant = variant
        self._results: list[GameResult] = []
        self._game = Game(roll_die=self._roll_die, variant=variant, match=start)

    @property
    def game(self) -> Game:
        """The game being played (or the last one, once the match is over)."""
        return self._game

    @property
    def results(self) -> tuple[GameResult, ...]:
        """The result of every finished game, in order."""
        current = self._game.result
        return (*self._results, current) if current is not None else tuple(self._results)

    @property
    def score(self) -> MatchScore:
        """The score after every finished game (with the Crawford flag of the game that comes next)."""
        result = self._game.result
        return self._game.match if result is None else self._game.match.after(result)

    @property
    def length(self) -> int:
        """Points needed to win the match."""
        return self._game.match.length

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the match length."""
        return self.score.is_over

    @property
    def winner(self) -> Side | None:
        """The side that won the match, once it is over."""
        return self.score.winner

    def next_game(self) -> Game:
        """Score the finished game and start the next one (the Crawford game when it is due).

        :raises MatchError: if the current game is not over, or the match is.
        """
        result = self._game.result
        if result is None:
            raise MatchError(wording.game_not_over())
        score = self.score
        if score.is_over:
            raise MatchError(wording.match_won(score.winner, score.x, score.o))
        self._results.append(result)
        self._game = Game(roll_die=self._roll_die, variant=self._variant, match=score)
        return self._game
