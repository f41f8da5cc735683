"""Counting steps of lessons and the counting drills' positions, worked out by the engine: the shots at O's blots
(:func:`~trainer.engine.count_shots`, by the legal plays of each of the 36 rolls) and the pip counts; the learner's
number is graded against the engine's. A lesson step shows the working (the hitting rolls, the count point by point)
with a right number and only the way to count with a wrong one; a drill position shows the right number and the
working either way."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from trainer.content import wording
from trainer.content.grading import Feedback
from trainer.content.models import PipsPuzzle, PipsStep, ShotsPuzzle, ShotsStep
from trainer.engine import BAR, Position, count_shots

CountKind = Literal["shots", "pips"]
CountSide = Literal["player", "opponent", "difference"]


@dataclass(frozen=True, slots=True)
class Counted:
    """The engine's number for a counting step and its working in words."""

    answer: int
    working: str


def _parts(side: Sequence[int]) -> list[str]:
    """A side's checkers point by point, farthest first, in its own numbering: ``24x2 = 48``, ``barx1 = 25``."""
    parts = [f"barx{side[BAR]} = {BAR * side[BAR]}"] if side[BAR] else []
    parts.extend(f"{point}x{side[point]} = {point * side[point]}" for point in range(24, 0, -1) if side[point])
    return parts


def count_position(
    kind: CountKind, board: Position, targets: Sequence[int] = (), side: CountSide | None = None
) -> Counted:
    """The engine's count on ``board``, with its working: the rolls that hit ``targets`` (every O blot if empty) for
    ``shots``; for ``pips`` the count of ``side``: yours (``player``), O's (``opponent``) or yours minus O's."""
    if kind == "shots":
        shots = count_shots(board, targets or None)
        return Counted(shots.total, wording.shots_working([str(roll) for roll in shots.ordered()], shots.total))
    mine, theirs = board.pip_count()
    if side == "player":
        return Counted(mine, wording.pips_working(_parts(board.player), mine))
    if side == "opponent":
        return Counted(theirs, wording.opponent_pips_working(_parts(board.opponent), theirs))
    return Counted(mine - theirs, wording.pips_difference_working(mine, theirs))


def count_of(step: ShotsStep | PipsStep) -> Counted:
    """The engine's answer to a counting step, with its working."""
    if isinstance(step, ShotsStep):
        return count_position("shots", step.board(), step.targets)
    return count_position("pips", step.board(), side=step.side)


def puzzle_count(puzzle: ShotsPuzzle | PipsPuzzle) -> Counted:
    """The engine's answer to a counting drill's position (shots or pips), with its working."""
    if isinstance(puzzle, ShotsPuzzle):
        return count_position("shots", puzzle.board(), puzzle.targets)
    return count_position("pips", puzzle.board(), side=puzzle.side)


def read_number(text: str) -> int | None:
    """A typed whole number (a minus sign allowed, for a difference), or ``None``."""
    found = re.fullmatch(r"\s*([-\u2212]?)\s*([0-9]{1,4})\s*", text)
    if found is None:
        return None
    number = int(found.group(2))
    return -number if found.group(1) else number


def grade_count(step: ShotsStep | PipsStep, text: str) -> Feedback:
    """Grade a typed count: a right one with the engine's working and the step's explanation, a wrong one with the
    way to count (the step's hint, or the rule), never the number; a difference of the right size with the wrong
    sign is told so; text that is no number is asked again (no answer)."""
    answer = read_number(text)
    if answer is None:
        return Feedback(False, wording.answer_with_a_number(), counts=False)
    counted = count_of(step)
    if answer == counted.answer:
        return Feedback(True, f"{counted.working} {step.explanation}")
    if isinstance(step, PipsStep) and step.side == "difference" and answer == -counted.answer:
        return Feedback(False, wording.wrong_sign(answer))
    default = wording.shots_hint() if isinstance(step, ShotsStep) else wording.pips_hint(step.side)
    return Feedback(False, wording.wrong_count(answer, step.hint or default))


def grade_drill_count(puzzle: ShotsPuzzle | PipsPuzzle, text: str) -> Feedback:
    """Grade a typed count of a drill position: right or wrong, the engine's number and its working (the hitting
    rolls, or the pips point by point); text that is no number is asked again (not right, and no answer: a screen
    tells it by :func:`read_number` giving ``None``)."""
    answer = read_number(text)
    if answer is None:
        return Feedback(False, wording.answer_with_a_number(), counts=False)
    counted = puzzle_count(puzzle)
    if answer == counted.answer:
        return Feedback(True, wording.drill_count_right(counted.answer, counted.working))
    return Feedback(False, wording.drill_count_wrong(answer, counted.answer, counted.working))
