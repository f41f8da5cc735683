"""Helpers for Pilot tests: wait for a condition, never for a fixed time."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import WorkerCancelled

if TYPE_CHECKING:
    from trainer.content.models import Lesson
    from trainer.content.puzzles import Puzzle
    from trainer.tui.screens.lesson import LessonScreen
    from trainer.tui.screens.puzzles import PuzzleScreen
    from trainer.tui.widgets.board import BoardView

POLL_SECONDS = 0.01
"""How often :func:`settle` looks again (how long it waits is the condition's business, never a fixed pause)."""


def described(condition: Callable[[], object]) -> str:
    """What ``condition`` checks, for a failure message: its source line for a lambda, else its name."""
    name = getattr(condition, "__qualname__", repr(condition))
    if name.endswith("<lambda>"):
        try:
            return inspect.getsource(condition).strip()
        except (OSError, TypeError):
            return name
    return name


async def settle(pilot: Pilot[object], condition: Callable[[], object], timeout: float = 10.0, what: str = "") -> None:
    """Let the app run until ``condition()`` holds; fail with an ``AssertionError`` naming what was waited for
    (``what``, else the condition's source) if it still does not after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if condition():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s in vain for {what or described(condition)}")
        await asyncio.sleep(POLL_SECONDS)


async def idle(pilot: Pilot[object], condition: Callable[[], object] | None = None, timeout: float = 30.0) -> None:
    """Let the app's workers finish and the screen catch up, until ``condition()`` holds (if given); fail loudly
    after ``timeout`` seconds (generous: the suite runs on a loaded machine)."""

    async def done() -> None:
        # An exclusive worker replaced by a newer one is cancelled: the newer one is waited for next time round.
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()

    deadline = time.monotonic() + timeout
    while True:
        await done()
        await pilot.pause()
        if condition is None or condition():
            return
        if time.monotonic() > deadline:
            what = described(condition)
            raise AssertionError(f"waited {timeout:g} s in vain for {what}")
        await asyncio.sleep(POLL_SECONDS)


async def started(pilot: Pilot[object]) -> None:
    """Wait until the app has loaded its lessons and puzzles (in a worker) and the screen shows them."""
    app = pilot.app

    def loaded() -> bool:
        return getattr(app, "lessons", None) is not None and getattr(app, "puzzles", None) is not None

    await idle(pilot, loaded)


def option_lines(app: App[object], selector: str) -> list[str]:
    """The lines of the screen's option list ``selector``, as shown."""
    from textual.widgets import OptionList

    options = app.screen.query_one(selector, OptionList)
    return [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]


def feedback_of(app: App[object]) -> Static:
    """The screen's feedback line (the verdict on an answer)."""
    return app.screen.query_one("#feedback", Static)


def feedback_text(app: App[object]) -> str:
    """What the screen's feedback line says."""
    return str(feedback_of(app).render())


def board_of(app: App[object]) -> BoardView:
    """The screen's board."""
    from trainer.tui.widgets.board import BoardView

    return app.screen.query_one(BoardView)


async def type_text(pilot: Pilot[object], text: str) -> None:
    """Type ``text`` into the widget with the focus, a key press a character (a space as ``space``)."""
    for character in text:
        await pilot.press("space" if character == " " else character)


async def paste(pilot: Pilot[object], text: str) -> None:
    """Paste ``text`` into the widget with the focus, as a terminal hands over a paste: in one piece."""
    focused = pilot.app.focused
    assert focused is not None, "nothing has the focus to paste into"
    focused.post_message(events.Paste(text))
    await pilot.pause()


async def type_at_once(pilot: Pilot[object], text: str, *, submit: bool = True) -> None:
    """Type ``text`` as fast typing reaches the app: every key (and enter, if ``submit``) queued before the first is
    handled, so that none waits for what an earlier key does (a focus that moves)."""
    from textual.keys import _character_to_key

    app = pilot.app
    for character in text:
        app.post_message(events.Key(_character_to_key(character), character))
    if submit:
        app.post_message(events.Key("enter", "\r"))
    await pilot.pause()


async def type_play(pilot: Pilot[object], text: str, *, open_box: bool = True) -> None:
    """Type a play (or any answer) in the task's box and submit it: ``/`` opens the box first (``open_box``), each
    character is a key press (a space as ``space``), enter submits."""
    if open_box:
        await pilot.press("slash")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def click_point(pilot: Pilot[object], point: int) -> None:
    """Click ``point`` (1-24, 25 the bar, 0 the tray, 26 the waiting checkers) on the screen's board, once the
    board has its size."""
    from trainer.tui.widgets.board import BoardView

    board = pilot.app.screen.query_one(BoardView)
    await settle(pilot, lambda: board.size.width > 0 and board.size.height > 0, what="the board to be laid out")
    await pilot.click(BoardView, offset=board.offset_of(point))
    await pilot.pause()


async def click_button(pilot: Pilot[object], selector: str) -> None:
    """Click a button of the screen once it is shown inside the window (scrolled to if need be)."""
    from textual.widgets import Button

    button = pilot.app.screen.query_one(selector, Button)
    button.scroll_visible(animate=False)
    screen_region = pilot.app.screen.region

    def shown() -> bool:
        region = button.region
        return button.display and region.width > 0 and screen_region.contains_region(region)

    await settle(pilot, shown, what=f"{selector} to be shown in the window")
    await pilot.click(selector)
    await pilot.pause()


async def play_settled(pilot: Pilot[object], until: Callable[[], object] | None = None) -> None:
    """Wait until no evaluation or animation is under way on the Play screen (and ``until()`` holds)."""

    def settled() -> bool:
        busy = bool(getattr(pilot.app.screen, "busy", False))
        return not busy and (until is None or bool(until()))

    await idle(pilot, settled)


def static_texts(app: App[object], *selectors: str) -> list[str]:
    """The text each of the screen's ``Static`` widgets found by ``selectors`` holds (before the width wraps it)."""
    from textual.widgets import Static

    return [str(app.screen.query_one(selector, Static).render()) for selector in selectors]


def screen_text(app: App[object]) -> str:
    """The text on the app's screen, line by line, as a terminal shows it (what ``export_screenshot`` draws, as plain
    text: Textual offers no public way to it)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def open_puzzles(pilot: Pilot[None], puzzles: list[Puzzle]) -> PuzzleScreen:
    """The puzzle screen opened on ``puzzles``, shown."""
    from trainer.tui.screens.puzzles import PuzzleScreen

    screen = PuzzleScreen(puzzles)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def open_lesson(pilot: Pilot[None], lesson: Lesson, step: int = 0) -> LessonScreen:
    """The lesson screen opened on ``lesson`` at ``step`` (from 0), once the app has loaded, shown."""
    from trainer.tui.screens.lesson import LessonScreen

    await pilot.app.workers.wait_for_complete()
    screen = LessonScreen(lesson, start_step=step)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen
