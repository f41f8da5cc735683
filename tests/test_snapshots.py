"""Screenshots of the screens a learner sees, compared with the accepted SVGs in __snapshots__/test_snapshots/.

After a deliberate change to the look, review the new pictures and accept them with
``pytest tests/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pilot_support import play_settled
from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.widgets import Footer, Input, Static

from trainer.content.loader import load_lessons
from trainer.content.models import PlayStep
from trainer.engine import Cube, Dice, MatchScore, Position, Side, legal_plays
from trainer.tui.app import TrainerApp
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.widgets.board import LastMove
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.task import TaskLayout

SnapCompare = Callable[..., bool]
LESSONS = {lesson.number: lesson for lesson in load_lessons().lessons}
# Lesson 3, step 7: the opening 6-5 from the start position, a play step with one right answer.
PLAY_LESSON, PLAY_STEP = 3, 6


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


async def show_puzzle(pilot: Pilot[Any]) -> None:
    from trainer.content.puzzles import load_puzzles
    from trainer.tui.screens.puzzles import PuzzleScreen

    await wait_for_lessons(pilot)
    forced = [puzzle for puzzle in load_puzzles().puzzles if puzzle.kind == "forced"]
    await pilot.app.push_screen(PuzzleScreen(forced[:3]))
    await pilot.pause()


async def show_explore(pilot: Pilot[Any]) -> None:
    await wait_for_lessons(pilot)
    await pilot.press("e")
    await pilot.app.workers.wait_for_complete()  # bgsage's ranking of the plays
    await pilot.pause()
    plays = pilot.app.screen.query_one("#plays")
    plays.focus()
    await pilot.press("down")  # the first play (once ranked, the best) is shown on the board, its landing points marked
    await pilot.pause()


async def light_play_step(pilot: Pilot[Any]) -> None:
    await pilot.press("ctrl+t")
    await open_play_step(pilot)


def test_puzzle(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=show_puzzle)


def test_explore(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=show_explore)


def test_too_small_window(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(60, 20), run_before=wait_for_lessons)


def test_lesson_play_step_light_theme(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=light_play_step)


def test_lesson_play_step_no_color(snap_compare: SnapCompare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # read when the app is made: greys only, the sides told apart by ● and ○
    assert snap_compare(TrainerApp(data_dir=tmp_path), terminal_size=(80, 24), run_before=show_play_step)


class CubeOfferScreen(TaskScreen):
    """O has just played 6-4 (24/18 13/9) and doubled in a 7-point match: the learner may take or pass."""

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static("O doubles. Take or pass?", classes="step-heading"),
            CubeActions(),
            FeedbackBar(id="feedback"),
            title=" A cube decision",
        )
        yield Footer()

    def accepts_moves(self) -> bool:
        return False

    def on_mount(self) -> None:
        o_play = next(play for play in legal_plays(Position.start(), Dice.of((6, 4))) if str(play) == "24/18 13/9")
        board = self.board
        board.position = o_play.result.swap()
        board.on_roll, board.dice, board.used_dice = Side.O, Dice(6, 4), (6, 4)
        board.last_move = LastMove.of(o_play, Side.O)
        board.cube = Cube(1)
        board.match = MatchScore(7, 3, 4)
        board.choosing, board.cursor_shown, board.turn_label = False, False, "played"
        actions = self.query_one(CubeActions)
        actions.can_take = actions.can_pass = True


async def show_cube_offer(pilot: Pilot[Any]) -> None:
    await wait_for_lessons(pilot)
    await pilot.app.push_screen(CubeOfferScreen())
    await pilot.pause()


def test_board_with_the_cube_the_score_and_the_last_move(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=show_cube_offer)


def test_home_dashboard_80x24(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """Two days of progress at a glance over the menu: lessons, puzzles, the rating and its sparkline, bests, days
    in a row, and Continue (to the review due)."""
    from training_support import FakeClock, seed_progress

    seed_progress(tmp_path)
    app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    assert snap_compare(app, terminal_size=(80, 24), run_before=wait_for_lessons)


async def show_progress_page(pilot: Pilot[Any]) -> None:
    await wait_for_lessons(pilot)
    await pilot.press("s")
    await pilot.pause()


def test_progress_page_light_theme(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """Every figure, the rating chart and the puzzles by kind and theme, in the light theme."""
    from training_support import FakeClock, seed_progress

    seed_progress(tmp_path)
    store_app = TrainerApp(data_dir=tmp_path, clock=FakeClock())
    store_app.store.settings.set_setting("theme", "textual-light")
    assert snap_compare(store_app, terminal_size=(100, 32), run_before=show_progress_page)


async def show_tutor_verdict(pilot: Pilot[Any]) -> None:
    """A money game against the computer, seeded: the learner's opening 5-3 played badly, the tutor's verdict with
    the better play on the board."""
    from play_support import CheapEvaluator

    from trainer.play import Session
    from trainer.tui.screens.play import PlayScreen

    await wait_for_lessons(pilot)
    await pilot.app.push_screen(PlayScreen(Session.new(0, seed=5, evaluator=CheapEvaluator())))
    await play_settled(pilot)
    await pilot.press("slash", *"24/21 8/3", "enter", "enter")
    await play_settled(pilot)


async def show_acey_deucey_double_chooser(pilot: Pilot[Any]) -> None:
    """Acey-deucey against the computer, seeded: after the learner's 1-2, the choice of the double."""
    from trainer.play import LocalGame
    from trainer.tui.screens.play import PlayScreen

    await wait_for_lessons(pilot)
    await pilot.app.push_screen(PlayScreen(LocalGame.new("acey-deucey", "computer", seed=44)))
    await play_settled(pilot)
    await pilot.press("r")
    await play_settled(pilot)
    await pilot.press("slash", *"in/24 in/23", "enter", "enter")
    await play_settled(pilot)


@pytest.fixture
def quick_play(monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.tui.screens.play import PlayScreen

    monkeypatch.setattr(PlayScreen, "step_seconds", 0.001)


@pytest.mark.usefixtures("quick_play")
def test_play_tutor_verdict(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(100, 32), run_before=show_tutor_verdict)


@pytest.mark.usefixtures("quick_play")
def test_play_acey_deucey_double_chooser_80x24(snap_compare: SnapCompare, app: TrainerApp) -> None:
    assert snap_compare(app, terminal_size=(80, 24), run_before=show_acey_deucey_double_chooser)
