"""Why a roll is forced, and why a single checker move is illegal, in words a beginner understands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.engine.moves import Dice, Play, check_dice, iter_single_moves, legal_plays
from trainer.engine.position import BAR, OFF, Position

NUMBER_WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four"}


def plural(count: int, word: str) -> str:
    """``1 checker``, ``2 checkers``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def step_problem(me: Sequence[int], opponent: Sequence[int], source: int, die: int) -> str | None:
    """Why moving one checker from ``source`` (25 = bar) by ``die`` is illegal right now, or ``None`` if it is legal.

    ``me`` and ``opponent`` are 26-count sides (0 off, 1-24 points, 25 bar), each in its own numbering.
    """
    if source != BAR and me[BAR]:
        if me[BAR] == 1:
            return "you have a checker on the bar: enter it first"
        return f"you have {me[BAR]} checkers on the bar: enter them first"
    if not me[source]:
        return "you have no checker on the bar" if source == BAR else f"you have no checker on point {source}"
    target = source - die
    if target > 0:
        count = opponent[25 - target]
        if count >= 2:
            return f"point {target} is closed: O has {count} checkers there"
        return None
    if me[BAR]:
        return "you can't bear off while a checker is on the bar"
    outside = [point for point in range(24, 6, -1) if me[point]]
    if outside:
        return f"you can't bear off while a checker is on your {outside[0]}-point"
    if target < 0:
        higher = [point for point in range(6, source, -1) if me[point]]
        if higher:
            return (
                f"you can't bear off from your {source}-point with a {die} while a checker is on your "
                f"{higher[0]}-point: a higher number bears off only from the highest point"
            )
    return None


def apply_step(me: list[int], opponent: list[int], source: int, die: int) -> bool:
    """Move one checker in place (legality already checked); returns whether it hit a blot."""
    target = max(source - die, OFF)
    me[source] -= 1
    me[target] += 1
    if target != OFF and opponent[25 - target] == 1:
        opponent[25 - target] = 0
        opponent[BAR] += 1
        return True
    return False


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
            f"{dice[0]}-{dice[1]} {'is' if len(distinct) == 1 else 'are'} closed: {where}. "
            "Nothing else may move until the bar is empty, so the turn passes."
        )
    numbers = " or a ".join(str(die) for die in distinct)
    reasons = {
        problem
        for die in distinct
        for point in range(24, 0, -1)
        if me[point] and (problem := step_problem(me, position.opponent, point, die))
    }
    blocked = {reason for reason in reasons if "is closed" in reason}
    others = sorted(reasons - blocked)
    if not others:
        return (
            f"No legal play: every checker that could move a {numbers} would land on a closed point "
            "(two or more O checkers). The turn passes."
        )
    because = others[0][:1].upper() + others[0][1:]
    landing = " Every other move lands on a closed point." if blocked else ""
    return f"No legal play with a {numbers}: {because}.{landing} The turn passes."


def explain(position: Position, dice: tuple[int, ...]) -> Explanation:
    """Say whether ``dice`` is forced in ``position`` and why.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """
    roll = check_dice(dice)
    plays = legal_plays(position, roll)
    constraints: set[Constraint] = set()
    sentences: list[str] = []
    first = plays[0]
    high, low = max(roll), min(roll)
    doubles = high == low
    if first.is_pass:
        constraints.add(Constraint.NO_PLAY)
        sentences.append(_no_play_reason(position, roll))
    else:
        used = first.dice_used
        full = 4 if doubles else 2
        bar = position.player_bar
        if bar and used < full and all(play.result.player_bar for play in plays):
            constraints.add(Constraint.PARTIAL_ENTRY)
            entered = bar - plays[0].result.player_bar
            open_points = sorted({move.end for play in plays for move in play.moves if move.start == BAR})
            where = " and ".join(f"point {point}" for point in open_points)
            sentences.append(
                f"Only {entered} of your {bar} checkers on the bar can enter ({where} open); the others stay on "
                "the bar, and the rest of the roll is lost."
            )
        elif doubles and used < 4:
            constraints.add(Constraint.PARTIAL_DOUBLE)
            sentences.append(
                f"Only {NUMBER_WORDS[used]} of your four {high}s can be played; the rest of the roll is lost."
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
            sentences.insert(0, f"Forced: {first} is the only legal play.")
        else:
            sentences.insert(0, f"Not forced: there are {len(plays)} different legal plays.")
    return Explanation(position, roll, plays, frozenset(constraints), " ".join(sentences))
