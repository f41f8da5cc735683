"""The skill lessons' graded content: enough of each kind, the 15 opening rolls, every best-play and contact cube
step confirmed by GNU Backgammon's second opinion (tests/data/gnubg_lesson_checks.jsonl, refreshed by the script
beside it), and a sample evaluated again by bgsage."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from trainer.authoring.figures import deep_check
from trainer.content.best import ACCEPT_WITHIN, best_figures
from trainer.content.cube import cube_step_match_id, cube_step_view
from trainer.content.loader import load_lessons
from trainer.content.models import BestStep, CubeStep, Lesson, PipsStep, ShotsStep
from trainer.engine import Dice, Position
from trainer.practice.stats import Records, dashboard

LIBRARY = load_lessons()
CHECKS = {
    (record["lesson"], record["step"]): record
    for record in map(json.loads, (Path(__file__).parent / "data" / "gnubg_lesson_checks.jsonl").open())
}
GNUBG_ACCEPTED_WITHIN = 0.03
"""Every play a best-play step accepts lies at most this far below gnubg's best."""
GNUBG_CUBE_MARGIN = 0.02
"""gnubg's answer to a contact cube step must be the step's by at least this much."""
FIRST_SKILL_LESSON = 18
SKILL_LESSONS = (
    "opening",
    "replies",
    "counting",
    "race",
    "safe-or-bold",
    "primes-and-anchors",
    "middle-game-cube",
    "priming-battles",
    "holding-games",
    "blitzing",
    "back-games",
    "checker-play-ideas",
    "bearing-in-against-anchors",
    "race-cube",
    "cube-theory",
    "match-equity",
    "match-gammons",
)
"""The lessons on playing well, in order, after the rules."""
MATCH_CUBE_STEPS = 12
"""The course's cube steps set at a match score, at least."""
OPENING_ROLLS = {(high, low) for high in range(2, 7) for low in range(1, high)}


def steps_of(kind: type) -> list[tuple[Lesson, int, object]]:
    return [
        (lesson, index, step)
        for lesson in LIBRARY.lessons
        for index, step in enumerate(lesson.steps)
        if isinstance(step, kind)
    ]


BEST = steps_of(BestStep)
CONTACT_CUBES = [item for item in steps_of(CubeStep) if item[2].figures is not None]  # type: ignore[attr-defined]


def test_the_skill_lessons_hold_enough_of_each_kind_of_task() -> None:
    assert LIBRARY.problems == []
    assert len(LIBRARY.lessons) >= 30
    assert len([step for _lesson, _index, step in CONTACT_CUBES if step.match_score() is not None]) >= MATCH_CUBE_STEPS
    assert len(BEST) >= 40
    assert len(steps_of(ShotsStep)) >= 10
    assert len(steps_of(PipsStep)) >= 5
    assert len(CONTACT_CUBES) >= 6


def test_every_non_double_opening_roll_is_a_best_play_step_from_the_start() -> None:
    opening = {
        tuple(sorted(step.roll(), reverse=True))
        for _lesson, _index, step in BEST
        if isinstance(step, BestStep) and step.board() == Position.start()
    }
    assert opening >= OPENING_ROLLS


@pytest.mark.parametrize(("lesson", "index", "step"), BEST, ids=[f"{lesson.id}/{i + 1}" for lesson, i, _ in BEST])
def test_gnubg_agrees_with_every_best_play_step(lesson: Lesson, index: int, step: BestStep) -> None:
    """gnubg's best play is accepted, and every accepted play lies within 0.03 of it; in a step that was not rolled
    out, every play within 0.02 of gnubg's best is accepted too."""
    record = CHECKS.get((lesson.id, index + 1))
    assert record is not None, "no second opinion: run tests/data/gnubg_lesson_checks.py"
    dice = step.roll()
    assert (record["position"], record["dice"]) == (step.board().position_id(), [dice[0], dice[1]])
    found = best_figures(step)
    accepted = {figure.play.result.position_id() for figure in found.accepted}
    plays = record["plays"]
    assert plays[0]["result"] in accepted, f"gnubg's best {plays[0]['move']} is not accepted"
    if step.trials is None:  # a rollout outranks gnubg's evaluation on the plays close to its best
        for play in plays:
            if plays[0]["equity"] - play["equity"] <= ACCEPT_WITHIN:
                assert play["result"] in accepted, f"{play['move']} is within {ACCEPT_WITHIN} of gnubg's best"
    gnubg = {play["result"]: play for play in plays}
    for result in accepted:
        assert result in gnubg, f"an accepted play ({result}) is not among gnubg's ten best"
        loss = plays[0]["equity"] - gnubg[result]["equity"]
        assert loss <= GNUBG_ACCEPTED_WITHIN, f"{gnubg[result]['move']} is accepted, {loss:.3f} below gnubg's best"


@pytest.mark.parametrize(
    ("lesson", "index", "step"), CONTACT_CUBES, ids=[f"{lesson.id}/{i + 1}" for lesson, i, _ in CONTACT_CUBES]
)
def test_gnubg_agrees_with_every_contact_cube_step(lesson: Lesson, index: int, step: CubeStep) -> None:
    record = CHECKS.get((lesson.id, index + 1))
    assert record is not None, "no second opinion: run tests/data/gnubg_lesson_checks.py"
    view, _doubler, _taker = cube_step_view(step)
    assert record["position"] == view.position_id()
    assert record["match_id"] == cube_step_match_id(step)  # gnubg asked at the step's score and cube
    no_double, take, cash = record["no_double"], record["double_take"], record["double_pass"]
    if step.question == "take":
        answer, margin = ("take" if take < cash else "pass"), abs(cash - take)
    else:
        answer, margin = ("double" if min(take, cash) > no_double else "no double"), abs(min(take, cash) - no_double)
    assert answer == step.answer and margin >= GNUBG_CUBE_MARGIN, record["action"]


def test_bgsage_confirms_the_first_best_play_step_of_two_lessons() -> None:
    """A sample evaluated again at 3 plies (the whole check, ``bgtrainer validate --deep``, takes minutes)."""
    firsts: dict[str, tuple[Lesson, int]] = {}
    for lesson, index, _step in BEST:
        if len(firsts) < 2 or lesson.id in firsts:
            firsts.setdefault(lesson.id, (lesson, index))
    for lesson, index in firsts.values():
        sample = lesson.model_copy(update={"steps": [lesson.steps[index]]})
        assert deep_check(lesson.id, sample) == [], lesson.id


def test_the_second_opinion_covers_only_steps_that_exist() -> None:
    graded = {(lesson.id, index + 1) for lesson, index, _ in [*BEST, *CONTACT_CUBES]}
    assert set(CHECKS) == graded, "refresh tests/data/gnubg_lesson_checks.jsonl"
    assert all(isinstance(Dice.of(tuple(record["dice"])), Dice) for record in CHECKS.values() if "dice" in record)


@dataclass(frozen=True)
class DoneStep:
    lesson_id: str
    step: int
    completed_at: float = 0.0


def test_after_the_rules_lessons_continue_starts_the_first_skill_lesson_and_progress_counts_them_all() -> None:
    from trainer.content.puzzles import load_puzzles

    puzzles = load_puzzles().puzzles
    rules = [lesson for lesson in LIBRARY.lessons if lesson.number < FIRST_SKILL_LESSON]
    done = [DoneStep(lesson.progress_key, index) for lesson in rules for index in lesson.graded_steps]
    board = dashboard(Records(lesson_steps=done), LIBRARY.lessons, puzzles, now=1_800_000_000.0)
    first = next(lesson for lesson in LIBRARY.lessons if lesson.number == FIRST_SKILL_LESSON)
    assert first.id == "opening"
    assert board.continue_with.label == f"Start lesson {FIRST_SKILL_LESSON}: {first.title}"
    assert (board.lessons.done, board.lessons.total) == (len(rules), len(LIBRARY.lessons))
    assert [line.id for line in board.lessons.lessons][-len(SKILL_LESSONS) :] == list(SKILL_LESSONS)
