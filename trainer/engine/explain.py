"""Why a roll is forced, and why a single checker move is illegal, in words a beginner understands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trainer.engine.dice import Dice
from trainer.engine.moves import Play, iter_single_moves, legal_plays
from trainer.engine.position import BAR, WAITING, Position
from trainer.engine.rules import step_problem
from trainer.engine.wording import capitalized, number_word, plural


class Constraint(Enum):
    """What the rules force about a roll."""

    NO_PLAY = "no legal play"
    ONLY_ONE_PLAY = "exactly one legal play"
    ONE_DIE = "only one die can be played"
    HIGHER_DIE = "either die alone, but not both: the higher die must be played"
    PARTIAL_ENTRY = "only some checkers can enter from the bar"
    PARTIAL_DOUBLE = "only part of the double can be played"


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
        closed = []
        for die in distinct:
            point = 25 - die
            closed.append(f"point {point} (O has {opponent[25 - point]})")
        where = " and ".join(closed)
        points = "the entry point" if len(distinct) == 1 else "both entry points"
        return (
            f"No legal play: you have {plural(me[BAR], 'checker')} on the bar and {points} for "
            f"{dice} {'is' if len(distinct) == 1 else 'are'} closed: {where}. "
            "Nothing else may move until the bar is empty, so the turn passes."
        )
    numbers = " or a ".join(str(die) for die in distinct)
    mine = [*me, position.player_waiting]  # slot 26: checkers waiting to enter, which enter like the bar's
    reasons = {
        problem
        for die in distinct
        for point in range(WAITING, 0, -1)
        if point != BAR and mine[point] and (problem := step_problem(mine, position.opponent, point, die))
    }
    blocked = {reason for reason in reasons if "is closed" in reason}
    others = sorted(reasons - blocked)
    if not others:
        return (
            f"No legal play: every checker that could move a {numbers} would land on a closed point "
            "(two or more O checkers). The turn passes."
        )
    because = capitalized(others[0])
    landing = " Every other move lands on a closed point." if blocked else ""
    return f"No legal play with a {numbers}: {because}.{landing} The turn passes."


def explain(position: Position, dice: tuple[int, ...]) -> Explanation:
    """Say whether ``dice`` is forced in ``position`` and why. A play named in the text is written as the learner
    reads it: a checker borne off with more than one die keeps its stops (``11/5/off``, not ``11/off``).

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """
    roll = Dice.of(dice)
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
            where = " and ".join(f"point {point}" for point in open_points)
            sentences.append(
                f"Only {entered} of your {bar} checkers on the bar can enter ({where} open); "
                f"{'the other stays' if bar - entered == 1 else 'the others stay'} on the bar, and the rest of the "
                "roll is lost."
            )
        elif doubles and used < 4:
            constraints.add(Constraint.PARTIAL_DOUBLE)
            sentences.append(
                f"Only {number_word(used)} of your four {high}s can be played; the rest of the roll is lost."
            )
        elif not doubles and used == 1:
            playable = {die for die in (high, low) if any(True for _ in iter_single_moves(position, die))}
            if playable == {high, low}:
                constraints.add(Constraint.HIGHER_DIE)
                sentences.append(
                    f"You can play the {high} or the {low}, but not both, so you must play the higher one ({high})."
                )
            else:
                constraints.add(Constraint.ONE_DIE)
                (die,) = playable
                other = low if die == high else high
                sentences.append(
                    f"Only the {die} can be played: no checker can move {other}, "
                    f"not even after playing the {die}; the {other} is lost."
                )
        if len(plays) == 1:
            constraints.add(Constraint.ONLY_ONE_PLAY)
            sentences.insert(0, f"Forced: {first.notation(stops=True)} is the only legal play.")
        else:
            sentences.insert(0, f"Not forced: there are {len(plays)} different legal plays.")
    return Explanation(position, roll, plays, frozenset(constraints), " ".join(sentences))
