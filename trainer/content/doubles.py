"""Acey-deucey double puzzles: after a 1-2 the player chooses a double and plays it, and the turn goes on only if
all four of its moves can be played. Two questions, both answered by the engine:

- ``choose``: which doubles may be chosen? The answers are the doubles that can be played in full (and, when the
  puzzle gives ``conditions`` such as ``safe``, played in full in a way that meets them), written ``3-3``. The
  grading is the lesson's ``double`` step's (:func:`~trainer.content.grading.double_meets`).
- ``full``: can all four moves of the double in ``dice`` be played? Answered ``yes`` or ``no``.

The file's answers are re-computed when the puzzles load; the learner's answer is graded the same way.
"""

from __future__ import annotations

import re
from typing import Final

from trainer.content import author_wording, wording
from trainer.content.grading import Feedback, condition_problem, double_meets, play_text
from trainer.content.models import DoublePuzzle, DoubleStep
from trainer.engine import Play, legal_plays
from trainer.engine.wording import sentence

DOUBLE_THEMES: Final = {"choose": "choose-double", "full": "double-in-full"}
"""The theme of each question of a double puzzle."""
FULL_ANSWERS: Final = ("yes", "no")
DOUBLE_PATTERN = re.compile(r"([1-6])-\1")


def double_name(number: int) -> str:
    """A double as the answers write it: ``3-3``."""
    return f"{number}-{number}"


def read_double(text: str) -> int | None:
    """The number of a double written ``3-3``, or ``None``."""
    match = DOUBLE_PATTERN.fullmatch(text.strip())
    return None if match is None else int(match.group(1))


def as_step(puzzle: DoublePuzzle) -> DoubleStep:
    """A ``choose`` puzzle as the lesson step it asks the same of, so that both are graded alike."""
    return DoubleStep(
        kind="double",
        prompt=puzzle.prompt,
        position=puzzle.position,
        want="full",
        conditions=list(puzzle.conditions),
        explanation=puzzle.prompt,
    )


def full_plays(puzzle: DoublePuzzle, number: int) -> list[Play]:
    """The plays of all four moves of the double ``number`` that meet the puzzle's conditions."""
    plays = legal_plays(puzzle.board(), (number, number))
    return [
        play
        for play in plays
        if play.dice_used == 4 and all(condition_problem(condition, play) is None for condition in puzzle.conditions)
    ]


def right_doubles(puzzle: DoublePuzzle) -> list[int]:
    """The doubles a ``choose`` puzzle accepts, by the engine."""
    step = as_step(puzzle)
    return [number for number in range(1, 7) if double_meets(step, number) is None]


def plays_in_full(puzzle: DoublePuzzle) -> bool:
    """Whether all four moves of a ``full`` puzzle's double can be played."""
    return legal_plays(puzzle.board(), puzzle.roll())[0].dice_used == 4


def right_answers(puzzle: DoublePuzzle) -> list[str]:
    """The answers the engine gives to the puzzle's question."""
    if puzzle.question == "full":
        return ["yes" if plays_in_full(puzzle) else "no"]
    return [double_name(number) for number in right_doubles(puzzle)]


def _written(answers: list[str]) -> str:
    return "answers = [" + ", ".join(f'"{answer}"' for answer in answers) + "]"


def _question_problems(puzzle: DoublePuzzle) -> list[tuple[str, str, str | None]]:
    """The fields a double puzzle's question takes: no dice for ``choose``; a double in dice, and no conditions,
    for ``full``."""
    if puzzle.question == "choose":
        if puzzle.dice is not None:
            return [("dice", author_wording.choose_takes_no_dice(), author_wording.remove_field("dice"))]
        return []
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.dice is None or not puzzle.roll().is_double:
        problems.append(("dice", author_wording.full_needs_a_double(), 'dice = "44"'))
    if puzzle.conditions:
        problems.append(
            ("conditions", author_wording.only_choose_takes_conditions(), author_wording.remove_field("conditions"))
        )
    return problems


def check_double_puzzle(puzzle: DoublePuzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a double puzzle: the fields its question takes, the theme it has, answers written as the
    question takes them and equal to the engine's, and a question with a wrong answer as well as a right one."""
    fields = _question_problems(puzzle)
    if fields:
        return fields
    question = puzzle.question
    theme = DOUBLE_THEMES[question]
    if puzzle.theme != theme:
        return [("theme", author_wording.double_theme_is(theme, question), f'theme = "{theme}"')]
    right = right_answers(puzzle)
    if question == "full":
        if len(puzzle.answers) != 1 or puzzle.answers[0] not in FULL_ANSWERS:
            return [("answers", author_wording.double_answers(question), _written(right))]
        if puzzle.answers != right:
            return [
                ("answers", author_wording.engine_finds_full(puzzle.roll().high, right == ["yes"]), _written(right))
            ]
        return []
    if any(read_double(answer) is None for answer in puzzle.answers):
        return [("answers", author_wording.double_answers(question), _written(right) if right else None)]
    if not right:
        return [("position", author_wording.no_double_is_right(), None)]
    if len(right) == 6:
        return [("position", author_wording.every_double_is_right(), None)]
    written = sorted({read_double(answer) for answer in puzzle.answers}, key=lambda number: number or 0)
    if written != right_doubles(puzzle) or len(written) != len(puzzle.answers):
        return [("answers", author_wording.engine_finds_doubles(", ".join(right)), _written(right))]
    return []


def grade_double_puzzle(puzzle: DoublePuzzle, answer: str) -> Feedback:
    """Grade an answer to a double puzzle (``3-3`` for a choose question, ``yes`` or ``no`` for a full one), saying
    why in words: what the engine finds of the double's four moves. A missed choose question may be tried again."""
    if puzzle.question == "full":
        number = puzzle.roll().high
        plays = legal_plays(puzzle.board(), puzzle.roll())
        full = plays[0].dice_used == 4
        shown = play_text(plays[0]) if plays[0].dice_used else None
        right = (answer == "yes") == full
        return Feedback(right, wording.full_verdict(number, shown, plays[0].dice_used, right=right))
    chosen = read_double(answer)
    if chosen is None:
        return Feedback(False, wording.choose_double_answers(), illegal=True, counts=False)
    number = chosen
    problem = double_meets(as_step(puzzle), number)
    if problem is not None:
        return Feedback(False, sentence(problem), solution_offered=True)
    safe, goal = puzzle.conditions == ["safe"], bool(puzzle.conditions)
    text = wording.right_double(number, play_text(full_plays(puzzle, number)[0]), safe=safe, goal=goal)
    others = [double_name(other) for other in right_doubles(puzzle) if other != number]
    return Feedback(True, f"{text} {wording.also_right(', '.join(others))}" if others else text)


def double_solution(puzzle: DoublePuzzle) -> str:
    """The right answer of a double puzzle, in words, with a full play of each right double."""
    if puzzle.question == "full":
        plays = legal_plays(puzzle.board(), puzzle.roll())
        shown = play_text(plays[0]) if plays[0].dice_used else None
        return wording.full_verdict(puzzle.roll().high, shown, plays[0].dice_used, right=None)
    names = ", ".join(
        wording.double_with_play(number, play_text(full_plays(puzzle, number)[0])) for number in right_doubles(puzzle)
    )
    safe, goal = puzzle.conditions == ["safe"], bool(puzzle.conditions)
    return wording.doubles_solution(names, safe=safe, goal=goal)
