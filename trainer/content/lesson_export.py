"""``bgtrainer lessons export``: every graded step of every lesson as one JSON line.

Each line has ``lesson`` (the id), ``step`` (its number in the lesson, from 1, as the screen counts), ``kind`` and
``prompt`` (the task as the learner reads it), plus, for the kinds that have them, the fields of ``bgtrainer
puzzles export``: ``position`` (GNU Backgammon Position ID, the solver on roll; the text form with ``"variant":
"acey-deucey"`` where checkers wait to enter), ``dice``, ``answers`` (best-play and play steps: the accepted
results as Position IDs from the mover's view, sorted; counting steps: ``[N]``; cube steps: the answer's words),
``side`` for pips, ``targets`` for shots that name them, ``cube_owner``, ``question`` and ``match_id`` for cube steps
(the position of a cube step is the doubler's, on roll, as in the puzzle export; ``match_id`` is GNU Backgammon's
Match ID of the moment before the roll: the score, the cube and the doubler on roll).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from trainer.content.best import best_figures
from trainer.content.counting import count_of
from trainer.content.cube import cube_step_match_id, cube_step_view
from trainer.content.grading import successful_plays
from trainer.content.models import BestStep, ChooseStep, CubeStep, Lesson, PipsStep, PlayStep, ShotsStep
from trainer.engine import Dice, Position


def _where(position: Position) -> dict[str, object]:
    if position.has_waiting():
        return {"variant": "acey-deucey", "position": position.text()}
    return {"position": position.position_id()}


def _results(position: Position, results: Iterable[Position]) -> list[str]:
    if position.has_waiting():
        return sorted({result.text() for result in results})
    return sorted({result.position_id() for result in results})


def _dice(dice: Dice) -> list[int]:
    return [dice[0], dice[1]]


def step_record(lesson: Lesson, index: int) -> dict[str, object]:
    """The export record of graded step ``index`` (from 0) of ``lesson``."""
    step = lesson.steps[index]
    record: dict[str, object] = {"lesson": lesson.id, "step": index + 1, "kind": step.kind}
    record["prompt"] = getattr(step, "prompt", "")
    if isinstance(step, BestStep):
        found = best_figures(step)
        results = [figure.play.result for figure in found.accepted]
        record |= _where(found.position) | {
            "dice": _dice(found.dice),
            "answers": _results(found.position, results),
        }
    elif isinstance(step, PlayStep):
        position, dice = step.board(), step.roll()
        assert position is not None and dice is not None  # required fields of a play step
        results = [play.result for play in successful_plays(step)]
        record |= _where(position) | {"dice": _dice(dice), "answers": _results(position, results)}
    elif isinstance(step, ShotsStep | PipsStep):
        record |= _where(step.board())
        if isinstance(step, PipsStep):
            record["side"] = step.side
        elif step.targets:
            record["targets"] = sorted(step.targets)
        record["answers"] = [count_of(step).answer]
    elif isinstance(step, CubeStep):
        view, _doubler, _taker = cube_step_view(step)
        record |= {
            "position": view.position_id(),
            "cube_owner": "player" if step.cube > 1 else "centered",
            "question": step.question,
            "match_id": cube_step_match_id(step),
            "answers": [step.answer],
        }
    elif isinstance(step, ChooseStep):
        record["options"] = [option.text for option in step.options]
        record["answers"] = [option.text for option in step.options if option.correct]
    return record


def export_lessons(lessons: Iterable[Lesson]) -> Iterator[str]:
    """One JSON line for every graded step of every lesson, in lesson and step order."""
    for lesson in lessons:
        for index in lesson.graded_steps:
            yield json.dumps(step_record(lesson, index), ensure_ascii=False)
