"""Screenshots of the screens a learner sees, compared with the accepted SVGs in __snapshots__/test_snapshots/.

After a deliberate change to the look, review the new pictures and accept them with
``pytest tests/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from trainer.content.loader import load_lessons
from trainer.content.models import PlayStep
from trainer.tui.app import TrainerApp
from trainer.tui.screens.lesson import LessonScreen

SnapCompare = Callable[..., bool]
LESSONS = {lesson.number: lesson for lesson in load_lessons().lessons}
# Lesson 2, step 11: the opening 6-5 from the start position, a play step with one right answer.
PLAY_LESSON, PLAY_STEP = 2, 10


async def wait_for_lessons(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_play_step(pilot: Pilot[Any]) -> LessonScreen:
    await wait_for_lessons(pilot)
    lesson = LESSONS[PLAY_LESSON]
    assert isinstance(lesson.steps[PLAY_STEP], PlayStep)
    screen = LessonScreen(lesson, start_step=PLAY_STEP)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def show_play_step(pilot: Pilot[Any]) -> None:
    await open_play_step(pilot)


async def type_illegal_play(pilot: Pilot[Any]) -> None:
    screen = await open_play_step(pilot)
    screen.query_one("#notation", Input).cursor_blink = False  # a blinking cursor would make the picture flaky
    await pilot.press("slash", *"24/19", "space", *"13/7", "enter")
    await pilot.pause()


@pytest.fixture
def app(tmp_path: Path) -> TrainerApp:
    """The app with progress kept in a fresh folder, so every run starts from the same state."""
    return TrainerApp(data_dir=tmp_path)


def test_home_80x24(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=wait_for_lessons)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_lesson_play_step(snap_compare: SnapCompare, app: TrainerApp, size: tuple[int, int]) -> None:
    assert snap_compare(app, terminal_size=size, run_before=show_play_step)


def test_lesson_illegal_typed_play(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=type_illegal_play)
