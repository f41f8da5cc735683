"""Counting steps of lessons, worked out by the engine: the shots at O's blots (:func:`~trainer.engine.count_shots`,
by the legal plays of each of the 36 rolls) and the pip counts; the learner's number is graded against the engine's,
and a right one is shown with the working (the hitting rolls, the count point by point)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.content import wording
from trainer.content.grading import Feedback
from trainer.content.models import PipsStep, ShotsStep
from trainer.engine import BAR, ShotCount, count_shots


@dataclass(frozen=True, slots=True)
class Counted:
    """The engine's number for a counting step and its working in words."""

    answer: int
    working: str


def step_shots(step: ShotsStep) -> ShotCount:
    """The rolls that hit the step's targets (every O blot if it names none)."""
    return count_shots(step.board(), step.targets or None)


def _parts(side: Sequence[int]) -> list[str]:
    """A side's checkers point by point, farthest first, in its own numbering: ``24x2 = 48``, ``barx1 = 25``."""
    parts = [f"barx{side[BAR]} = {BAR * side[BAR]}"] if side[BAR] else []
    parts.extend(f"{point}x{side[point]} = {point * side[point]}" for point in range(24, 0, -1) if side[point])
    return parts


def count_of(step: ShotsStep | PipsStep) -> Counted:
    """The engine's answer to a counting step, with its working."""
    if isinstance(step, ShotsStep):
        shots = step_shots(step)
        return Counted(shots.total, wording.shots_working([str(roll) for roll in shots.ordered()], shots.total))
    position = step.board()
    mine, theirs = position.pip_count()
    if step.side == "player":
        return Counted(mine, wording.pips_working(_parts(position.player), mine))
    if step.side == "opponent":
        return Counted(theirs, wording.opponent_pips_working(_parts(position.opponent), theirs))
    return Counted(mine - theirs, wording.pips_difference_working(mine, theirs))


def read_number(text: str) -> int | None:
    """A typed whole number (a minus sign allowed, for a difference), or ``None``."""
    found = re.fullmatch(r"\s*([-\u2212]?)\s*([0-9]{1,4})\s*", text)
    if found is None:
        return None
    number = int(found.group(2))
    return -number if found.group(1) else number


def grade_count(step: ShotsStep | PipsStep, text: str) -> Feedback:
    """Grade a typed count: a right one with the engine's working and the step's explanation, a wrong one with the
    way to count (the step's hint, or the rule), never the number; text that is no number is asked again."""
    answer = read_number(text)
    if answer is None:
        return Feedback(False, wording.answer_with_a_number())
    counted = count_of(step)
    if answer == counted.answer:
        return Feedback(True, f"{counted.working} {step.explanation}")
    default = wording.shots_hint() if isinstance(step, ShotsStep) else wording.pips_hint(step.side)
    return Feedback(False, wording.wrong_count(answer, step.hint or default))
