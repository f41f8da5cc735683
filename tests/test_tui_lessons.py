"""Every shipped lesson completed end to end in the app, driven by the lesson data: for each graded task a wrong
or illegal attempt gets feedback, then a correct one advances."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from trainer.content.grading import pick_targets, successful_plays
from trainer.content.loader import load_lessons
from trainer.content.models import ChooseStep, Lesson, PickStep, PlayStep, ReadStep, RollStep, SetupStep
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.widgets.board import BoardView

LIBRARY = load_lessons()


def feedback(app: TrainerApp) -> Static:
    return app.screen.query_one("#feedback", Static)


async def click_point(pilot: Pilot[None], point: int) -> None:
    board = pilot.app.screen.query_one(BoardView)
    await pilot.click(BoardView, offset=board.offset_of(point))
    await pilot.pause()


async def expect(pilot: Pilot[None], verdict: str) -> str:
    widget = feedback(pilot.app)  # type: ignore[arg-type]
    assert widget.has_class(verdict), f"expected {verdict} feedback, got {widget.render()!s}"
    return str(widget.render())


async def type_play(pilot: Pilot[None], text: str) -> None:
    await pilot.press("slash")
    for character in text:
        await pilot.press(character if character != " " else "space")
    await pilot.press("enter")
    await pilot.pause()


async def do_pick(pilot: Pilot[None], step: PickStep) -> None:
    targets = pick_targets(step)
    wrong = next(point for point in [*range(1, 25), 25] if point not in targets)
    await click_point(pilot, wrong)
    await expect(pilot, "wrong")
    await click_point(pilot, min(targets))
    await expect(pilot, "right")


async def do_choose(pilot: Pilot[None], step: ChooseStep) -> None:
    options = pilot.app.screen.query_one("#options", OptionList)
    shown = [options.get_option_at_index(number).id for number in range(options.option_count)]
    assert sorted(shown, key=str) == sorted((str(index) for index in range(len(step.options))), key=str)
    wrong_index = next((index for index, option in enumerate(step.options) if not option.correct), None)
    right_index = next(index for index, option in enumerate(step.options) if option.correct)
    wrong = None if wrong_index is None else shown.index(str(wrong_index))
    right = shown.index(str(right_index))
    if wrong is not None:
        options.focus()
        options.highlighted = wrong
        await pilot.press("enter")
        await pilot.pause()
        explanation = " ".join(step.options[wrong_index].explanation.split())
        assert explanation in " ".join((await expect(pilot, "wrong")).split())
    options.focus()
    options.highlighted = right
    await pilot.press("enter")
    await pilot.pause()
    await expect(pilot, "right")


async def do_play(pilot: Pilot[None], step: PlayStep) -> None:
    position = step.board()
    assert position is not None
    empty = next(point for point in range(24, 6, -1) if not position.player[point])
    await type_play(pilot, f"{empty}/{empty - 1}")
    assert "Illegal" in await expect(pilot, "wrong")
    play = successful_plays(step)[0]
    pilot.app.screen.query_one(BoardView).focus()
    for move in play.moves:
        await click_point(pilot, move.start)
        await click_point(pilot, move.end)
    await expect(pilot, "right")


async def do_setup(pilot: Pilot[None]) -> None:
    await pilot.press("c")
    await pilot.pause()
    assert "Not yet" in await expect(pilot, "wrong")
    for point, count in ((24, 2), (13, 5), (8, 3), (6, 5)):
        for _ in range(count):
            await click_point(pilot, point)
    await pilot.press("c")
    await pilot.pause()
    await expect(pilot, "right")


async def do_roll(pilot: Pilot[None], step: RollStep) -> None:
    await pilot.press("r")
    await pilot.pause()
    first_mine, first_theirs = step.throws[0]
    if first_mine == first_theirs:
        await pilot.press("x")
        await pilot.pause()
        assert "tie" in await expect(pilot, "wrong")
    else:
        await pilot.press("o" if first_mine > first_theirs else "x")
        await pilot.pause()
        await expect(pilot, "wrong")
    for _ in step.throws[1:]:
        await pilot.press("r")
        await pilot.pause()
    mine, theirs = step.throws[-1]
    await pilot.press("x" if mine > theirs else "o")
    await pilot.pause()
    await expect(pilot, "right")


async def complete_lesson(pilot: Pilot[None], lesson: Lesson) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen) and screen.lesson.id == lesson.id
    for index, step in enumerate(lesson.steps):
        assert screen.index == index
        if isinstance(step, PickStep):
            await do_pick(pilot, step)
        elif isinstance(step, ChooseStep):
            await do_choose(pilot, step)
        elif isinstance(step, PlayStep):
            await do_play(pilot, step)
        elif isinstance(step, SetupStep):
            await do_setup(pilot)
        elif isinstance(step, RollStep):
            await do_roll(pilot, step)
        else:
            assert isinstance(step, ReadStep)
        await pilot.press("n")
        await pilot.pause()


def test_the_curriculum_has_eight_lessons_with_five_graded_tasks_each() -> None:
    assert LIBRARY.problems == []
    assert [lesson.number for lesson in LIBRARY.lessons] == list(range(1, 9))
    for lesson in LIBRARY.lessons:
        assert len(lesson.graded_steps) >= 5, lesson.id


@pytest.mark.parametrize("lesson", LIBRARY.lessons, ids=[lesson.id for lesson in LIBRARY.lessons])
async def test_complete_lesson_end_to_end(lesson: Lesson, tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        menu.highlighted = LIBRARY.lessons.index(lesson)
        await pilot.press("enter")
        await pilot.pause()
        await complete_lesson(pilot, lesson)
        assert not isinstance(app.screen, LessonScreen)
        assert "done" in str(menu.get_option_at_index(LIBRARY.lessons.index(lesson)).prompt)
    store = ProgressStore(tmp_path)
    progress = store.lesson_progress(lesson.id)
    assert set(lesson.graded_steps) <= progress.completed
    assert progress.first_try == set()  # every task was answered wrongly first
    store.close()

