"""Why a roll is forced, and why a single checker move is illegal, in words a beginner understands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine import wording
from trainer.engine.dice import Dice
from trainer.engine.moves import Play, iter_single_moves, legal_plays
from trainer.engine.position import BAR, WAITING, Position
from trainer.engine.rules import step_problem
from trainer.i18n import N_


class Constraint(Enum):
    """What the rules force about a roll (in words: :func:`~trainer.engine.wording.constraint_name`)."""

    NO_PLAY = N_("no legal play")
    ONLY_ONE_PLAY = N_("exactly one legal play")
    ONE_DIE = N_("only one die can be played")
    HIGHER_DIE = N_("either die alone, but not both: the higher die must be played")
    PARTIAL_ENTRY = N_("only some checkers can enter from the bar")
    PARTIAL_DOUBLE = N_("only part of the double can be played")


@dataclass(frozen=True, slots=True)
class Explanation:
    """Whether a roll is forced, what the rules force about it, and why, in words."""

    position: Position
    dice: Dice
    plays: tuple[Play, ...]
    constraints: frozenset[Constraint]
    text: str

    @property
    def forced(self) -> bool:
        """Whether there is exactly one legal play (a roll with no legal play is forced too: the turn passes)."""
        return len(self.plays) == 1

    @property
    def no_play(self) -> bool:
        """Whether the roll cannot be played at all."""
        return self.plays[0].is_pass

    @property
    def dice_used(self) -> int:
        """How many dice every legal play uses."""
        return self.plays[0].dice_used

    def __str__(self) -> str:
        return self.text


def _no_play_reason(position: Position, dice: Dice) -> str:
    me, opponent = position.player, position.opponent
    distinct = sorted(set(dice), reverse=True)
    if me[BAR]:
        closed = [(25 - die, opponent[die]) for die in distinct]  # the entry point 25 - die is O's point die
        return wording.shut_out(me[BAR], str(dice.high_first()), closed)
    mine = [*me, position.player_waiting]  # slot 26: checkers waiting to enter, which enter like the bar's
    blocked: set[str] = set()
    others: set[str] = set()
    for die in distinct:
        for point in range(WAITING, 0, -1):
            if point != BAR and mine[point] and (problem := step_problem(mine, opponent, point, die)):
                # With nothing on the bar and a checker to move, a move that stays on the board is refused
                # only for landing on a closed point.
                (blocked if min(point, BAR) - die > 0 else others).add(problem)
    if not others:
        return wording.every_move_closed(distinct)
    return wording.no_play_because(distinct, sorted(others)[0], others_closed=bool(blocked))


def explain(position: Position, dice: tuple[int, ...], plays: tuple[Play, ...] | None = None) -> Explanation:
    """Say whether ``dice`` is forced in ``position`` and why. A play named in the text is written as the learner
    reads it: a checker borne off with more than one die keeps its stops (``11/5/off``, not ``11/off``).

    ``plays``: the roll's legal plays when they are known already (e.g. a game's own; not checked), so that the roll
    is not searched again.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """
    roll = Dice.of(dice)
    if plays is None:
        plays = legal_plays(position, roll)
    constraints: set[Constraint] = set()
    sentences: list[str] = []
    first = plays[0]
    high, low = roll.high, roll.low
    doubles = roll.is_double
    if first.is_pass:
        constraints.add(Constraint.NO_PLAY)
        sentences.append(_no_play_reason(position, roll))
    else:
        used = first.dice_used
        bar = position.player_bar
        if bar and used < roll.move_count and all(play.result.player_bar for play in plays):
            constraints.add(Constraint.PARTIAL_ENTRY)
            entered = bar - plays[0].result.player_bar
            open_points = sorted({move.end for play in plays for move in play.moves if move.start == BAR})
            sentences.append(wording.partial_entry(entered, bar, open_points))
        elif doubles and used < 4:
            constraints.add(Constraint.PARTIAL_DOUBLE)
            sentences.append(wording.partial_double(used, high))
        elif not doubles and used == 1:
            playable = {die for die in (high, low) if any(True for _ in iter_single_moves(position, die))}
            if playable == {high, low}:
                constraints.add(Constraint.HIGHER_DIE)
                sentences.append(wording.higher_die_only(high, low))
            else:
                constraints.add(Constraint.ONE_DIE)
                (die,) = playable
                other = low if die == high else high
                sentences.append(wording.one_die_only(die, other))
        if len(plays) == 1:
            constraints.add(Constraint.ONLY_ONE_PLAY)
            sentences.insert(0, wording.forced(first.notation(stops=True)))
        else:
            sentences.insert(0, wording.not_forced(len(plays)))
    return Explanation(position, roll, plays, frozenset(constraints), " ".join(sentences))
