"""The step views' registry: one view class for every class of lesson step, found by the step's class (along its
bases); a class with no view, or a kind of puzzle no screen solves, is refused with a message that names it."""

from __future__ import annotations

from typing import Any, Literal, get_args

import pytest

from trainer.content.models import Option, PlayStep, Puzzle, Step
from trainer.content.puzzles import PUZZLE_CLASS
from trainer.tui.screens.puzzles import SETS
from trainer.tui.steps import (
    PUZZLE_VIEWS,
    VIEWS,
    NoViewError,
    PlayStepView,
    PuzzleView,
    StepView,
    puzzle_view_for,
    view_class,
    view_for,
)

STEP_CLASSES: tuple[type, ...] = get_args(get_args(Step)[0])
"""The classes of the ``Step`` union, in its order."""


def test_the_step_union_is_read_as_its_classes() -> None:
    assert len(STEP_CLASSES) == 12 and PlayStep in STEP_CLASSES


@pytest.mark.parametrize("step_class", STEP_CLASSES, ids=[cls.__name__ for cls in STEP_CLASSES])
def test_every_class_of_step_has_a_view_of_its_own(step_class: type) -> None:
    view = view_class(step_class)
    assert VIEWS.get(step_class) is view, "registered for the class itself, not found through a base"
    assert issubclass(view, StepView) and not issubclass(view, PuzzleView)


def test_each_class_of_step_has_a_different_view_and_nothing_else_has_one() -> None:
    assert set(VIEWS) == set(STEP_CLASSES)
    assert len(set(VIEWS.values())) == len(STEP_CLASSES)


def test_a_subclass_of_a_step_is_shown_by_its_base_class_view() -> None:
    class LongerPlayStep(PlayStep):
        pass

    step = LongerPlayStep(kind="play", prompt="Play 31.", position="start", dice="31", explanation="Why.")
    assert view_class(LongerPlayStep) is PlayStepView
    assert isinstance(view_for(step), PlayStepView)


def test_a_class_with_no_view_is_refused_by_name() -> None:
    with pytest.raises(NoViewError) as refused:
        view_class(Option)
    message = str(refused.value)
    assert message.startswith("no view is registered for Option: register one with @step_view (views are registered")
    assert all(cls.__name__ in message for cls in STEP_CLASSES)
    not_a_step: Any = Option(text="Yes", explanation="Because.")
    with pytest.raises(NoViewError, match="no view is registered for Option"):
        view_for(not_a_step)


def puzzle(kind: str, **fields: object) -> Puzzle:
    values: dict[str, object] = {
        "id": "hand-made",
        "kind": kind,
        "theme": "race",
        "difficulty": 1,
        "position": "start",
        "dice": "31",
        "prompt": "?",
        "answers": ["8/5 6/5"],
    }
    return PUZZLE_CLASS[kind].model_construct(**(values | fields))


def test_every_kind_of_puzzle_set_has_a_puzzle_view() -> None:
    for puzzle_class, _variant in SETS:
        assert issubclass(PUZZLE_VIEWS[puzzle_class], PuzzleView), puzzle_class
    assert isinstance(puzzle_view_for(puzzle("forced")), PuzzleView)


@pytest.mark.parametrize("kind", ["recognition", "shots", "pips"])
def test_a_kind_of_puzzle_no_screen_solves_is_refused_by_name(kind: Literal["recognition", "shots", "pips"]) -> None:
    name = PUZZLE_CLASS[kind].__qualname__
    with pytest.raises(NoViewError, match=f"no view is registered for {name}: register one with @puzzle_view "):
        puzzle_view_for(puzzle(kind))
