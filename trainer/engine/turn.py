"""A turn played one checker at a time, as on a real board: only steps that can still end in a legal play are
allowed, and a refused step comes with the rule it breaks.

Checkers are named by their slot: 1-24 the points, 25 the bar, 26 (:data:`~trainer.engine.position.WAITING`)
the checkers waiting to enter (acey-deucey), and 0 as an end means borne off.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from trainer.engine import wording
from trainer.engine.dice import Dice
from trainer.engine.errors import IllegalPlayError
from trainer.engine.moves import Move, Play, format_moves, legal_plays, point_name
from trainer.engine.position import BAR, OFF, WAITING, Position
from trainer.engine.rules import apply_step, step_problem


@dataclass(frozen=True)
class Turn:
    """The moves made so far in one turn. Methods return new turns; :attr:`play` is set once they form a legal play.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """

    position: Position
    dice: Dice
    moves: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", Dice.of(self.dice))

    @classmethod
    def from_plays(cls, plays: tuple[Play, ...]) -> Turn:
        """The turn at the start of the roll whose legal plays are ``plays`` (all of them, as
        :func:`~trainer.engine.moves.legal_plays` gives them, e.g. a game's own: not checked), so that the roll is
        not searched again."""
        first = plays[0]
        turn = cls(first.position, first.dice)
        turn.__dict__["plays"] = plays
        return turn

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        """Every legal play of the whole roll."""
        return legal_plays(self.position, self.dice)

    @cached_property
    def _results(self) -> frozenset[tuple[tuple[int, ...], tuple[int, ...]]]:
        return frozenset(self._key(play.result) for play in self.plays)

    @property
    def moves_needed(self) -> int:
        """How many single-die moves a legal play of this roll makes."""
        return self.plays[0].dice_used

    @cached_property
    def current(self) -> Position:
        """The board after the moves made so far (still from the mover's side)."""
        me, them = self._counts(self.position)
        for move in self.moves:
            apply_step(me, them, move.start, move.pips)
        return Position._trusted(tuple(me[:WAITING]), tuple(them), me[WAITING], self.position.opponent_waiting)

    @cached_property
    def remaining_dice(self) -> tuple[int, ...]:
        """The dice not used yet, highest first."""
        left = list(self.dice.moves)
        for die in self._dice_used:
            left.remove(die)
        return tuple(sorted(left, reverse=True))

    @property
    def used_dice(self) -> tuple[int, ...]:
        """The dice the moves made so far have used, in the order used."""
        return self._dice_used

    @cached_property
    def _dice_used(self) -> tuple[int, ...]:
        used: list[int] = []
        left = list(self.dice.moves)
        for move in self.moves:
            distance = move.pips
            die = distance if distance in left else min(d for d in left if d > distance)
            left.remove(die)
            used.append(die)
        return tuple(used)

    @property
    def is_complete(self) -> bool:
        """Whether the moves made form a whole legal play."""
        return len(self.moves) == self.moves_needed and self._key(self.current) in self._results

    @property
    def play(self) -> Play | None:
        """The legal play the moves form, once complete."""
        if not self.is_complete:
            return None
        result = self.current
        return next(play for play in self.plays if play.result == result)

    @staticmethod
    def _key(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (*position.player, position.player_waiting), position.opponent

    @staticmethod
    def _counts(position: Position) -> tuple[list[int], list[int]]:
        """The mover's counts with its waiting checkers in slot 26, and the opponent's counts, as lists."""
        return [*position.player, position.player_waiting], list(position.opponent)

    def notation(self) -> str:
        """The moves made so far in notation (empty before the first), a checker borne off with several dice
        written with its stops (``6/5/off``), as it was moved."""
        return format_moves(self.moves, stops=True) if self.moves else ""

    # --- stepping ---------------------------------------------------------------------------------------

    @cached_property
    def _finishable(self) -> dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], bool]:
        return {}

    def _can_finish(self, me: list[int], them: list[int], left: list[int], made: int) -> bool:
        if made == self.moves_needed:
            return (tuple(me), tuple(them)) in self._results
        key = (tuple(me), tuple(them), tuple(sorted(left)))
        known = self._finishable.get(key)
        if known is None:
            known = self._finishable[key] = self._search_finish(me, them, left, made)
        return known

    def _search_finish(self, me: list[int], them: list[int], left: list[int], made: int) -> bool:
        return any(self._can_finish(*after, made + 1) for after in _single_steps(me, them, left))

    def _step(self, start: int, die: int) -> Move | None:
        """The move of one checker from ``start`` by ``die`` if it can still end in a legal play."""
        me, them = self._counts(self.current)
        if len(self.moves) >= self.moves_needed or step_problem(me, them, start, die) is not None:
            return None
        hit = apply_step(me, them, start, die)
        left = list(self.remaining_dice)
        left.remove(die)
        if not self._can_finish(me, them, left, len(self.moves) + 1):
            return None
        return Move(start, max(min(start, BAR) - die, OFF), hit)

    def destinations(self, start: int) -> dict[int, Move]:
        """Where the checker on ``start`` (25 = bar, 26 = waiting to enter) may go next, one die at a time:
        ``{end: move}`` (0 = off)."""
        found: dict[int, Move] = {}
        for die in sorted(set(self.remaining_dice)):
            move = self._step(start, die)
            if move is not None and move.end not in found:
                found[move.end] = move
        return found

    def movable_points(self) -> frozenset[int]:
        """Points (25 = bar, 26 = waiting to enter) holding a checker that may move next."""
        me, _ = self._counts(self.current)
        return frozenset(point for point in range(WAITING, 0, -1) if me[point] and self.destinations(point))

    def move(self, start: int, end: int) -> Turn:
        """The turn with one more checker moved from ``start`` to ``end`` (by one die).

        :raises IllegalPlayError: with the first rule the move breaks, in words.
        """
        allowed = self.destinations(start)
        if end in allowed:
            return self.with_moves((*self.moves, allowed[end]))
        raise IllegalPlayError(self._label(start, end), self.position.identifier(), self.dice, self._why(start, end))

    def route(self, start: int, end: int) -> Turn | None:
        """The turn with one checker moved from ``start`` to ``end`` by one or more dice, if some route allows it.

        A direct move by one die comes first; otherwise the checker stops on the way, highest stop first.
        """
        if end in self.destinations(start):
            return self.move(start, end)
        for middle in self.destinations(start):
            if middle != OFF and middle > end:
                onward = self.move(start, middle).route(middle, end)
                if onward is not None:
                    return onward
        return None

    def routes(self, start: int, end: int) -> tuple[Turn, ...]:
        """Every way to move one checker from ``start`` to ``end`` by one or more dice that ends differently (e.g.
        hitting a blot on the way or not), the direct move and the highest stops first."""
        found: dict[tuple[tuple[int, ...], tuple[int, ...]], Turn] = {}
        if end in self.destinations(start):
            moved = self.move(start, end)
            found[self._key(moved.current)] = moved
        for middle in self.destinations(start):
            if middle != OFF and middle > end:
                for onward in self.move(start, middle).routes(middle, end):
                    found.setdefault(self._key(onward.current), onward)
        return tuple(found.values())

    def reachable(self, start: int) -> frozenset[int]:
        """Every point the checker on ``start`` can reach with one or more of the remaining dice (0 = off)."""
        found: set[int] = set()
        for end in self.destinations(start):
            found.add(end)
            if end != OFF:
                found |= self.move(start, end).reachable(end)
        return frozenset(found)

    def why_stuck(self, point: int) -> str:
        """Why the checker on ``point`` cannot move now: the rule each remaining die breaks.

        A die whose move is allowed on its own but would break a rule of the whole roll (use both dice, the higher
        die, as much of a double as can be played) is named first: that is the move a learner most likely meant.
        """
        if self.moves_needed == 0:
            me, them = self._counts(self.current)
            for die in self.remaining_dice:
                problem = step_problem(me, them, point, die)
                if problem:
                    return wording.nothing_can_move(problem)
            return wording.nothing_can_move()
        if not self.remaining_dice or len(self.moves) >= self.moves_needed:
            return wording.roll_used_up()
        me, them = self._counts(self.current)
        whole_roll: list[tuple[int, str]] = []
        single: list[tuple[int, str]] = []
        for die in sorted(set(self.remaining_dice), reverse=True):
            if self._step(point, die) is not None:
                continue
            problem = step_problem(me, them, point, die, self._emptied_by(point))
            if problem:
                single.append((die, problem))
            else:
                whole_roll.append((die, self._whole_roll_problem(point, die)))
        found = whole_roll + single
        if not found:
            return wording.checker_cannot_move()  # pragma: no cover - called only for a checker that can't move
        if len(dict.fromkeys(reason for _, reason in found)) == 1 or self.dice.is_double:
            return found[0][1]
        return wording.by_die(found)

    def _whole_roll_problem(self, start: int, die: int) -> str:
        """Why a move allowed on its own (``start`` by ``die``) can't be part of a legal play: the roll's rule."""
        me, them = self._counts(self.current)
        apply_step(me, them, start, die)
        left = list(self.remaining_dice)
        left.remove(die)
        total = len(self.moves) + 1 + self._most_moves(me, them, left)
        most = self.moves_needed
        label = self._label(start, max(min(start, BAR) - die, OFF))
        if self.dice.is_double:
            return wording.after_move_too_little_of_double(label, total, most, die)
        if most == 1:
            return wording.either_die_the_higher(self.dice.high)
        other = left[0] if left else die
        return wording.after_move_other_die_lost(label, other)

    def _most_moves(self, me: list[int], them: list[int], left: list[int]) -> int:
        """How many of the dice ``left`` can still be played one after another from this board."""
        best = 0
        for after in _single_steps(me, them, left):
            best = max(best, 1 + self._most_moves(*after))
            if best == len(left):
                break
        return best

    def undo(self) -> Turn:
        """The turn without its last move (unchanged if no move was made)."""
        return self.with_moves(self.moves[:-1])

    def with_moves(self, moves: tuple[Move, ...]) -> Turn:
        """The turn with ``moves`` made instead of its own (``()`` to start again), not checked: give moves of a
        play of this roll.

        It keeps what this turn has worked out about the roll (its legal plays, the boards that can still end in
        one), so that a turn played step by step searches the roll once.
        """
        turn = Turn(self.position, self.dice, moves)
        known = self.__dict__
        for name in _ROLL_FACTS:
            if name in known:
                turn.__dict__[name] = known[name]
        return turn

    @staticmethod
    def _label(start: int, end: int) -> str:
        return f"{point_name(start)}/{point_name(end)}"

    def _emptied_by(self, start: int) -> str:
        """The moves made that took checkers from ``start``, in notation, if ``start`` held some before the turn
        (what emptied it, when no checker is left there); empty otherwise."""
        moves = tuple(move for move in self.moves if move.start == start)
        return format_moves(moves) if moves and self._counts(self.position)[0][start] else ""

    def _why(self, start: int, end: int) -> str:
        if self.moves and len(self.moves) >= self.moves_needed:
            return wording.play_complete()
        me, them = self._counts(self.current)
        if end >= start:
            return wording.backwards(self._label(start, end))
        distance = min(start, BAR) - end
        left = self.remaining_dice
        dice_for_step = [die for die in set(left) if die == distance or (end == OFF and die > distance)]
        if not dice_for_step:
            if distance in self._dice_used:
                return wording.die_already_used(self._label(start, end), distance)
            return wording.one_die_a_move(self._label(start, end), distance, sorted(set(left), reverse=True))
        for die in sorted(dice_for_step):
            problem = step_problem(me, them, start, die, self._emptied_by(start))
            if problem is None:
                return self._whole_roll_problem(start, die)
        return problem or wording.move_not_allowed()


_ROLL_FACTS = ("plays", "_results", "_finishable")
"""The cached properties of a turn that depend only on its position and dice, not on the moves made."""


def _single_steps(me: list[int], them: list[int], left: list[int]) -> Iterator[tuple[list[int], list[int], list[int]]]:
    """Every board one legal checker move by one of the dice ``left`` leads to: ``(me, them, dice still left)``,
    the higher dice and the higher starting points first."""
    for die in sorted(set(left), reverse=True):
        for source in range(WAITING, 0, -1):
            if step_problem(me, them, source, die) is None:
                next_me, next_them = list(me), list(them)
                apply_step(next_me, next_them, source, die)
                rest = list(left)
                rest.remove(die)
                yield next_me, next_them, rest
