"""The app as a learner uses it, driven with Pilot: the home screen, quitting and going back, saved progress, the
window-size guard, the theme, keyboard-only play on the board, illegal moves, exploring a position, broken lesson
files and NO_COLOR."""

from __future__ import annotations

import gc
import shutil
import threading
from pathlib import Path

import pytest
from pilot_support import board_of, click_point, option_lines, paste, screen_text, settle, started, type_text
from play_support import CheapEvaluator
from textual.command import CommandList, CommandPalette
from textual.css.model import SelectorType
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Static

from trainer.analysis import RankedPlay
from trainer.cli.main import moves_command
from trainer.content.grading import pick_targets
from trainer.content.loader import load_lessons
from trainer.content.models import ChooseStep, Lesson, PickStep, ReadStep, SetupStep
from trainer.engine import Dice, Position
from trainer.store import ProgressStore
from trainer.tui.app import TrainerApp
from trainer.tui.screens.explore import ExploreScreen
from trainer.tui.screens.help import HelpScreen
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.too_small import TooSmallScreen
from trainer.tui.widgets.board import O_MARK, X_MARK, LastMove
from trainer.tui.widgets.footer import KeysFooter

LIBRARY = load_lessons()
LESSONS = {lesson.number: lesson for lesson in LIBRARY.lessons}
SIZE = (80, 24)
START_ID = Position.start().position_id()  # 4HPwATDgc/ABMA

# Lesson 3, step 9 (index 8): the opening 3-1 from the start; the task asks for 8/5 6/5.
OPENING_31_STEP = (3, 8)
# Lesson 3, step 7 (index 6): the opening 6-5 from the start; 24/19 would land on O's 5-checker point.
OPENING_65_STEP = (3, 6)
CLOSED_19 = "Point 19 is closed: O has 5 checkers there."


# --- helpers ------------------------------------------------------------------------------------------------


def menu(app: TrainerApp) -> OptionList:
    return app.screen.query_one("#home-menu", OptionList)


def menu_lines(app: TrainerApp) -> list[str]:
    return option_lines(app, "#home-menu")


def text_of(app: TrainerApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def open_step(pilot: Pilot[None], lesson_number: int, index: int) -> LessonScreen:
    screen = LessonScreen(LESSONS[lesson_number], start_step=index)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def open_from_home(pilot: Pilot[None], what: str) -> None:
    """Open the first lesson, help or explore the way a learner does: enter on the menu, ? or e."""
    if what == "lesson":
        menu(pilot.app).highlighted = 0  # type: ignore[arg-type]
        await pilot.press("enter")
    elif what == "help":
        await pilot.press("question_mark")
    else:
        await pilot.press("e")
    await pilot.pause()


# --- home, quitting, going back -----------------------------------------------------------------------------


async def test_home_is_ready_once_the_content_is_in_nothing_left_loading(tmp_path: Path) -> None:
    """Lesson 1 listed, the reviews due counted, the figures shown: no line still says it is loading (what
    ``benchmarks/startup.py`` waits for)."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(100, 60)) as pilot:
        assert "Loading your progress" in screen_text(app) or app.lessons is not None
        await started(pilot)
        shown = screen_text(app)
        assert "1. The board and its numbering  —  ○ new" in shown and "Review (0 due)" in shown
        assert "Done: Lessons 0/" in shown and "Explore a position" in shown
        assert "oading" not in shown, shown


async def test_home_is_ready_from_the_catalogue_and_a_lesson_chosen_before_the_lessons_are_in_opens_once_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the content cached, home lists the lessons and shows the figures from the cache's catalogue while the
    lessons themselves are still loading; lesson 1, chosen meanwhile, opens as soon as they are in."""
    import trainer.content.cache as cache

    cache.cached_lessons(), cache.cached_puzzles()  # the cache holds the shipped content and its catalogue
    release = threading.Event()
    load = cache.cached_lessons

    def held(*arguments: object) -> object:
        release.wait()
        return load(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(cache, "cached_lessons", held)
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    try:
        async with app.run_test(size=(100, 48)) as pilot:
            await settle(pilot, lambda: "1. The board and its numbering" in screen_text(app))
            shown = screen_text(app)
            assert app.lessons is None and app.puzzles is None
            assert "Review (0 due)" in shown and "Done: Lessons 0/" in shown and "oading" not in shown, shown
            menu(app).highlighted = 0
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen) and app.lessons is None
            release.set()
            await settle(pilot, lambda: isinstance(app.screen, LessonScreen))
            assert app.screen.lesson.number == 1  # type: ignore[attr-defined]
    finally:
        release.set()


async def test_a_lesson_chosen_while_the_puzzles_are_still_checked_opens_once_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first start after an install (nothing cached): the lessons are listed as soon as they are checked, and
    lesson 1, chosen while the puzzles are still being checked, opens once they are (it was dropped)."""
    import trainer.content.cache as cache

    release = threading.Event()
    load = cache.cached_puzzles

    def held(*arguments: object) -> object:
        release.wait()
        return load(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(cache, "lesson_catalogue", lambda *arguments: None)  # a cold cache holds no catalogue
    monkeypatch.setattr(cache, "puzzle_catalogue", lambda *arguments: None)
    monkeypatch.setattr(cache, "cached_puzzles", held)
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    try:
        async with app.run_test(size=(100, 48)) as pilot:
            await settle(pilot, lambda: app.lessons is not None and "1. The board and its" in screen_text(app))
            assert app.puzzles is None
            menu(app).highlighted = 0
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            release.set()
            await settle(pilot, lambda: isinstance(app.screen, LessonScreen))
            assert app.screen.lesson.number == 1  # type: ignore[attr-defined]
    finally:
        release.set()


async def test_home_reads_the_progress_in_a_few_reads_whatever_the_number_of_lessons(tmp_path: Path) -> None:
    """The menu and its figures come from one read of each kind of record, not one or two a lesson."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(100, 48)) as pilot:
        await started(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        database = app.store._db
        reads: list[str] = []
        original = database.execute_read

        def counted(sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
            reads.append(sql)
            return original(sql, parameters)

        database.execute_read = counted  # type: ignore[method-assign]
        home.refresh_menu()
        assert 0 < len(reads) <= 20 < len(LESSONS), reads  # one read a kind of record (19 now), not one a lesson


async def test_the_program_s_start_collects_no_garbage_until_the_content_is_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bgtrainer`` pauses the garbage collector for its start; the app sets what the start made aside
    (``gc.freeze``) and resumes collection once its content is in."""
    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(gc.isenabled()))  # this process's objects stay as they are
    gc.disable()
    try:
        app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator(), resume_garbage_collection=True)
        async with app.run_test(size=(100, 48)) as pilot:
            await started(pilot)
            await settle(pilot, gc.isenabled, what="garbage collection resumed")
            assert frozen == [False]
    finally:
        gc.enable()


async def test_home_lists_every_lesson_as_new_then_puzzles_play_explore_and_help(tmp_path: Path) -> None:
    from trainer.content.puzzles import load_puzzles

    count = len(LESSONS)
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert isinstance(app.screen, HomeScreen)
        lines = menu_lines(app)
        assert len(lines) == count + 8, lines
        for line, lesson in zip(lines[:count], LIBRARY.lessons, strict=True):
            assert line.startswith(f"{lesson.number}. {lesson.title}"), line
            assert line.endswith("○ new"), line
        assert lines[count] == "Review (0 due)  (r)"
        puzzles = len(load_puzzles().puzzles)
        assert lines[count + 1].startswith("Puzzles") and lines[count + 1].endswith(f"0 of {puzzles} solved")
        assert lines[count + 2].startswith("Forced or not?")
        assert lines[count + 3].startswith("Skill drills: best-play Streak and Storm")
        assert lines[count + 4].startswith("Review a game")
        assert lines[count + 5].startswith("Play a game")
        assert lines[count + 6].startswith("Explore a position")
        assert lines[count + 7].startswith("Help")
        assert text_of(app, "#home-notice") == ""
        assert app.focused is menu(app)


async def test_q_quits_from_home(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0
        assert not app.is_running


@pytest.mark.parametrize("focus", ["board", "notation"])
async def test_ctrl_q_quits_from_inside_a_lesson(tmp_path: Path, focus: str) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await open_step(pilot, *OPENING_31_STEP)
        if focus == "notation":
            await pilot.press("slash")
            await type_text(pilot, "24/2")
            assert isinstance(app.focused, Input)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0
        assert not app.is_running


@pytest.mark.parametrize(
    ("what", "screen_type"), [("lesson", LessonScreen), ("help", HelpScreen), ("explore", ExploreScreen)]
)
@pytest.mark.parametrize("key", ["escape", "q"])
async def test_escape_and_q_go_back_to_home(tmp_path: Path, what: str, screen_type: type, key: str) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await open_from_home(pilot, what)
        assert isinstance(app.screen, screen_type)
        if what == "explore" and key == "q":
            # In explore the inputs take letters (Position IDs contain q); once the focus is on the list of plays,
            # q is free, and Help promises that "q or escape goes back".
            await pilot.press("enter", "enter")
            await pilot.pause()
            assert isinstance(app.focused, OptionList)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen), f"{key} left {app.screen!r} open"
        assert app.is_running


async def test_the_menus_go_back_with_escape_and_q_and_home_has_no_back(tmp_path: Path) -> None:
    """Back is the one binding every screen shares; home, with nothing under it, leaves it out: escape does
    nothing there and q quits."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        for opener in ("p", "f", "g", "s"):  # puzzles, forced or not, play, progress
            for key in ("escape", "q"):
                await pilot.press(opener)
                await pilot.pause()
                assert not isinstance(app.screen, HomeScreen), opener
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, HomeScreen), f"{key} left {app.screen!r} open"
        shown = {active.binding.description for active in app.screen.active_bindings.values() if active.binding.show}
        assert "Quit" in shown and "Back" not in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


# --- progress -----------------------------------------------------------------------------------------------


async def test_a_started_lesson_shows_its_step_on_home_and_resumes_there(tmp_path: Path) -> None:
    lesson: Lesson = LESSONS[1]
    pick = lesson.steps[2]
    assert isinstance(pick, PickStep) and lesson.graded_steps[0] == 2
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await open_from_home(pilot, "lesson")
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.index == 0
        await pilot.press("n", "n")  # two read steps
        await pilot.pause()
        assert screen.index == 2
        await click_point(pilot, min(pick_targets(pick)))
        assert screen.query_one("#feedback", Static).has_class("right")
        await pilot.press("n")
        await pilot.pause()
        assert screen.index == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        first = menu_lines(app)[0]
        assert first.endswith("● step 4 of 21"), first
        assert all(line.endswith("○ new") for line in menu_lines(app)[1:12])
        await open_from_home(pilot, "lesson")
        assert isinstance(app.screen, LessonScreen) and app.screen.index == 3
        assert "step 4 of 21" in text_of(app, "#task-title")

    store = ProgressStore(tmp_path)
    progress = store.lessons.lesson_progress(lesson.progress_key)
    store.close()
    assert progress.completed == {2} and progress.first_try == {2} and progress.resume_step == 3

    again = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with again.run_test(size=SIZE) as pilot:
        await started(pilot)
        assert menu_lines(again)[0].endswith("● step 4 of 21")
        await open_from_home(pilot, "lesson")
        assert isinstance(again.screen, LessonScreen) and again.screen.index == 3


# --- window size and theme ----------------------------------------------------------------------------------


async def test_a_small_terminal_shows_make_the_window_larger(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(70, 20)) as pilot:
        await started(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        message = text_of(app, "#too-small")
        assert "Make the window larger" in message
        assert "80 x 24" in message and "70 x 20" in message


async def test_growing_the_terminal_to_80x24_removes_the_message(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(70, 20)) as pilot:
        await started(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, lambda: not isinstance(app.screen, TooSmallScreen))
        assert app.size == (80, 24)
        assert isinstance(app.screen, HomeScreen)


async def test_shrinking_the_terminal_below_80x24_shows_the_message(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.resize_terminal(70, 20)
        await settle(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert app.size == (70, 20)


SCROLLBAR_GLYPHS = "▁▂▃▄▅▆▇█▉▊▋▌▍▎▏"
"""What Textual draws the ends of a scrollbar's thumb with."""


async def test_at_80x24_the_home_menu_has_no_scrollbar_glyphs_and_the_footer_no_key_cut_short(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        options = menu(app)
        assert options.max_scroll_y > 0  # the menu scrolls at this size: its scrollbar is drawn
        await settle(pilot, lambda: "q Quit" in screen_text(app).splitlines()[-1], what="the footer drawn")
        lines = screen_text(app).splitlines()
        top, bottom = options.region.y, options.region.bottom
        in_the_box = "\n".join(lines[top:bottom])
        assert not set(SCROLLBAR_GLYPHS) & set(in_the_box), in_the_box
        footer = app.screen.query_one(KeysFooter)
        *keys, (palette_start, _palette_end, palette) = footer._spans
        start, end, last = keys[-1]
        assert end <= palette_start and palette.keys == "^p"
        footer_line = lines[-1]
        assert f"{last.keys} {last.description}" in footer_line[start:end], footer_line
        assert footer_line.rstrip().endswith("^p palette")
        assert len(keys) < len(footer.hints)  # the keys that give way come after
        assert [hint.description for _start, _end, hint in keys[:2]] == ["Quit", "Help"]


async def test_ctrl_t_toggles_dark_and_light(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.theme == "textual-light"
        await open_step(pilot, *OPENING_31_STEP)
        light_frame = board_of(app).get_component_rich_style("board--frame")
        light_lines = board_of(app).render()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.theme == "textual-dark"
        # The board's colours come from its component classes, so the theme reaches the drawn board too.
        dark_frame = board_of(app).get_component_rich_style("board--frame")
        assert dark_frame.color != light_frame.color
        assert [span.style for span in board_of(app).render().spans] != [span.style for span in light_lines.spans]


# --- play steps ---------------------------------------------------------------------------------------------


async def test_on_a_large_window_the_board_grows_to_fill_it_and_clicks_still_reach_the_points(tmp_path: Path) -> None:
    """At 200 x 60 the board is not the 80 x 24 one with room to spare: its checkers are two lines tall and it
    takes most of the window's height; a play made by clicks is read as before."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=(200, 60)) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_31_STEP)
        view = board_of(app)
        geometry = view.geometry()
        drawn = geometry.height + view.info_lines()
        assert geometry.scale == 2 and geometry.rows >= 11 and geometry.point_width >= 7
        assert drawn >= 0.85 * view.size.height and view.size.height >= 55  # all but the title bar and the footer
        assert geometry.width >= 0.5 * app.size.width
        for start, end in ((8, 5), (6, 5)):
            await click_point(pilot, start)
            await click_point(pilot, end)
        assert screen.query_one("#feedback", Static).has_class("right")
        assert view.scene.position is not None and view.scene.position.player[5] == 2


async def test_keyboard_only_play_with_undo(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_31_STEP)
        view = board_of(app)
        start = Position.start()
        assert app.focused is view and view.cursor == 24 and view.scene.dice == (3, 1)
        assert not view.cursor_shown  # a new step shows no cursor: the first enter only shows it

        await pilot.press("enter")
        await pilot.pause()
        assert view.cursor_shown and view.scene.selected is None and view.cursor == 24
        await pilot.press("enter")  # choose the back checker on 24
        await pilot.pause()
        # Every point the checker can reach lights up: 23 and 21 with one die, 20 with both.
        assert view.scene.selected == 24 and view.scene.targets == {23, 21, 20}
        await pilot.press("left")
        assert view.cursor == 23 and view.cursor in view.scene.targets
        await pilot.press("enter")  # 24/23
        await pilot.pause()
        assert view.scene.position is not None
        assert view.scene.position.player[24] == 1 and view.scene.position.player[23] == 1
        assert view.scene.used_dice == (1,) and view.scene.selected is None
        assert screen.query_one("#notation", Input).value == "24/23"

        await pilot.press("u")
        await pilot.pause()
        assert view.scene.position == start and view.scene.used_dice == ()
        assert screen.query_one("#notation", Input).value == ""
        assert not screen.query_one("#feedback", Static).display

        await pilot.press("enter")  # choose 24 again (the cursor stayed on 23, so go back first)
        await pilot.pause()
        assert view.scene.selected is None  # 23 is empty now: nothing chosen
        await pilot.press("right", "enter")
        await pilot.pause()
        assert view.scene.selected == 24
        await pilot.press("left", "left", "left")  # 23, 22, 21
        assert view.cursor == 21 and view.cursor in view.scene.targets
        await pilot.press("enter")  # 24/21
        await pilot.pause()
        await pilot.press("enter")  # choose the checker now on 21
        await pilot.pause()
        assert view.scene.selected == 21 and view.scene.targets == {20}
        await pilot.press("left", "enter")  # 21/20
        await pilot.pause()

        # A legal play, graded: not the one this task asks for (8/5 6/5), so the checkers go back for another try.
        feedback = screen.query_one("#feedback", Static)
        assert feedback.has_class("wrong"), str(feedback.render())
        assert str(feedback.render()).startswith("✗ 24/20 is legal, but it isn't the play this task asks for.")
        assert not screen.query_one("#continue", Button).display
        assert view.scene.position == start
    store = ProgressStore(tmp_path)
    assert OPENING_31_STEP[1] not in store.lessons.lesson_progress(LESSONS[3].progress_key).completed
    store.close()


async def test_enter_on_an_empty_point_asks_for_a_checker_first(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_31_STEP)
        await pilot.press("left", "left", "enter")  # the first key shows the cursor on 24; 23 is empty
        await pilot.pause()
        feedback = screen.query_one("#feedback", Static)
        assert feedback.display and feedback.has_class("wrong")
        assert "Choose one of your own checkers (●) first." in str(feedback.render())


async def test_an_illegal_board_move_says_why(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_65_STEP)
        view = board_of(app)
        await click_point(pilot, 24)
        assert view.scene.selected == 24 and 19 not in view.scene.targets
        await click_point(pilot, 19)
        feedback = screen.query_one("#feedback", Static)
        assert feedback.display and feedback.has_class("wrong")
        assert str(feedback.render()) == f"✗ Illegal: {CLOSED_19}"
        assert view.scene.position == Position.start() and view.scene.used_dice == ()
        assert not screen.query_one("#continue", Button).display


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("24/19 13/7", CLOSED_19),
        ("6/5", "6/5 moves 1 pip, but your dice are 6 and 5"),
    ],
)
async def test_an_illegal_typed_play_says_why(tmp_path: Path, typed: str, reason: str) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_65_STEP)
        await pilot.press("slash")
        notation = screen.query_one("#notation", Input)
        assert app.focused is notation
        await type_text(pilot, typed)
        await pilot.press("enter")
        await pilot.pause()
        feedback = screen.query_one("#feedback", Static)
        assert feedback.display and feedback.has_class("wrong")
        shown = str(feedback.render())
        assert shown.startswith("✗ Illegal: ") and reason in shown, shown
        assert notation.value == "" and app.focused is notation  # emptied for the next try, still typing
        assert board_of(app).scene.position == Position.start()
        assert app.is_running and isinstance(app.screen, LessonScreen)


async def test_after_a_wrong_typed_play_the_box_keeps_the_focus_and_escape_leaves_only_the_box(tmp_path: Path) -> None:
    """A wrong typed answer empties the box, which keeps the focus: the next try is typed at once (a ``/`` pressed
    again is not typed into it). Escape then leaves the box for the board, not the lesson."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_65_STEP)
        await pilot.press("slash")
        await type_text(pilot, "13/7 13/9")
        await pilot.press("enter")
        await pilot.pause()
        feedback = screen.query_one("#feedback", Static)
        assert str(feedback.render()).startswith("✗ Illegal: ")
        notation = screen.query_one("#notation", Input)
        assert notation.value == "" and app.focused is notation
        await pilot.press("slash")  # the key that opens the box, pressed again out of habit: not typed
        assert notation.value == "" and app.focused is notation
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.focused is board_of(app)
        await pilot.press("slash")
        await type_text(pilot, "13/7 13/8")
        await pilot.press("enter")
        await pilot.pause()
        assert feedback.has_class("right"), str(feedback.render())
        assert board_of(app).scene.last_move is not None  # the right play is marked on the board, from and to


# --- explore ------------------------------------------------------------------------------------------------


async def open_explore(pilot: Pilot[None]) -> ExploreScreen:
    """Open explore from home with e (it opens on the starting position and 3-1)."""
    await pilot.press("e")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ExploreScreen)
    return screen


async def explore(pilot: Pilot[None], position_text: str, dice: str, *, typed: bool = False) -> ExploreScreen:
    """Open explore with e, paste the position (or type it, ``typed``), type the dice, each followed by enter."""
    screen = await open_explore(pilot)
    position_input = screen.query_one("#position-input", Input)
    assert pilot.app.focused is position_input
    if typed:  # a key at a time, the view following each
        await type_text(pilot, position_text)  # replaces the selected "start"
    else:
        await paste(pilot, position_text)  # as a position copied from elsewhere comes: replaces the selected "start"
    assert position_input.value == position_text
    await pilot.press("enter")
    await pilot.pause()
    dice_input = screen.query_one("#dice-input", Input)
    assert pilot.app.focused is dice_input
    await type_text(pilot, dice)
    assert dice_input.value == dice
    await pilot.press("enter")
    await pilot.pause()
    return screen


def plays_listed(screen: ExploreScreen) -> list[str]:
    """The plays listed, without the evaluation that follows each once bgsage has ranked them."""
    plays = screen.query_one("#plays", OptionList)
    return [str(plays.get_option_at_index(index).prompt).split("  ")[0] for index in range(plays.option_count)]


@pytest.mark.parametrize(
    ("position_id", "dice", "explanation", "plays"),
    [
        (
            START_ID,
            "65",
            "Not forced: there are 7 different legal plays.",
            ["24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/7 8/3", "13/2", "8/3 8/2"],
        ),
        ("trsDwAC8uwMGAA", "62", "Forced: 13/5 is the only legal play.", ["13/5"]),
        ("zM7gATDgc/ABYA", "6-5", "No legal play: you have 2 checkers on the bar", []),
    ],
    ids=["start-65", "forced", "no-play"],
)
async def test_explore_lists_the_legal_plays_and_explains(
    tmp_path: Path, position_id: str, dice: str, explanation: str, plays: list[str]
) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await explore(pilot, position_id, dice)
        assert explanation in text_of(app, "#explanation")
        assert sorted(plays_listed(screen)) == sorted(plays)
        if plays:
            await settle(pilot, lambda: ranked(screen))
        assert not screen.query_one("#feedback", Static).display
        view = board_of(app)
        assert view.scene.position is not None and view.scene.position.position_id() == position_id
        assert view.scene.caption == f"ID {position_id}"
        if plays:
            assert isinstance(app.focused, OptionList)
            await pilot.press("down")  # highlight the first play: the board shows where it leaves the checkers
            await pilot.pause()
            first = screen.plays[0]
            assert view.scene.position == first.result and view.scene.last_move == LastMove.of(first)


@pytest.mark.parametrize(
    ("position_text", "dice", "error"),
    [
        ("garbage", "31", "'garbage' is not a Position ID"),
        ("4HPwATDgc/ABM", "31", "'4HPwATDgc/ABM' is not a Position ID: it must be 14 characters"),
        (START_ID, "7", "cannot read the dice '7'"),
        (START_ID, "0-3", "cannot read the dice '0-3'"),
    ],
)
async def test_explore_bad_input_says_what_is_wrong(tmp_path: Path, position_text: str, dice: str, error: str) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await explore(pilot, position_text, dice, typed=position_text == "garbage")  # one typed, key by key
        feedback = screen.query_one("#feedback", Static)
        assert feedback.display and feedback.has_class("wrong")
        assert str(feedback.render()).startswith("✗ ") and error in str(feedback.render())
        if position_text != START_ID:  # an unreadable position: the message names every form accepted
            assert all(form in str(feedback.render()) for form in ("Position ID", "XGID", "text form", "start"))
        assert app.is_running and app.screen is screen
        # Correct it: the message goes and the plays show.
        position_input = screen.query_one("#position-input", Input)
        position_input.value = START_ID
        screen.query_one("#dice-input", Input).value = "65"
        position_input.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not feedback.display
        assert "Not forced: there are 7 different legal plays." in text_of(app, "#explanation")
        assert len(plays_listed(screen)) == 7


def ranked(screen: ExploreScreen) -> bool:
    """Whether bgsage's ranking has come back and is shown."""
    return str(screen.query_one("#evaluation", Static).render()).startswith("Ranked")


async def test_explore_lists_the_clis_plays_best_first_once_ranked_and_enter_plays_one_out(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_explore(pilot)
        # The screen opens on start and 31: the CLI's plays, then once ranked the best first (not the CLI's order).
        await settle(pilot, lambda: ranked(screen))
        cli_order = moves_command("start", "31").splitlines()[:-1]
        ranking = CheapEvaluator().rank_plays(Position.start(), Dice(3, 1))
        assert sorted(plays_listed(screen)) == sorted(cli_order)
        assert plays_listed(screen) == [str(item.play) for item in ranking] != cli_order
        assert option_lines(app, "#plays")[0].split()[1] == "★1"
        plays = screen.query_one("#plays", OptionList)
        plays.focus()
        await pilot.press("down", "down")  # the second best play
        await pilot.pause()
        play = screen.plays[1]
        assert str(play) == str(ranking[1].play)
        view = board_of(app)
        assert view.scene.position == play.result and view.scene.last_move == LastMove.of(play)
        screen.step_seconds = 60
        await pilot.press("enter")  # play it out: the checkers start again from the position and move one by one
        assert view.scene.position == Position.start() and view.scene.last_move is None
        screen.step_seconds = 0.01
        await pilot.press("enter")
        await settle(pilot, lambda: view.scene.position == play.result)
        assert view.scene.position == play.result and view.scene.last_move == LastMove.of(play)


class GatedEvaluator(CheapEvaluator):
    """Ranks only once the test lets it, so that a play can be highlighted before the ranking comes back."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def rank_plays(self, *args: object, **kwargs: object) -> list[RankedPlay]:
        self.gate.wait(10)
        return super().rank_plays(*args, **kwargs)  # type: ignore[arg-type]


async def test_explore_keeps_the_highlighted_play_when_the_ranking_reorders_the_list(tmp_path: Path) -> None:
    evaluator = GatedEvaluator()
    app = TrainerApp(data_dir=tmp_path, evaluator=evaluator)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_explore(pilot)
        cli_order = moves_command("start", "31").splitlines()[:-1]
        assert plays_listed(screen) == cli_order  # not ranked yet: the CLI's order
        plays = screen.query_one("#plays", OptionList)
        plays.focus()
        await pilot.press("down", "down")
        await pilot.pause()
        chosen = screen.plays[1]
        assert str(chosen) == "24/23 13/10"
        evaluator.gate.set()
        await settle(pilot, lambda: ranked(screen))
        ranking = [str(item.play) for item in CheapEvaluator().rank_plays(Position.start(), Dice(3, 1))]
        assert plays_listed(screen) == ranking
        assert plays.highlighted is not None and screen.plays[plays.highlighted] == chosen
        assert plays.highlighted == ranking.index("24/23 13/10") != 1
        view = board_of(app)
        assert view.scene.position == chosen.result


# --- keys and focus ------------------------------------------------------------------------------------------


def first_step(kind: type, after: type | None = None) -> tuple[int, int]:
    """The (lesson number, step index) of the first step of ``kind`` (that follows a step of ``after``)."""
    for lesson in LIBRARY.lessons:
        for index, step in enumerate(lesson.steps):
            if isinstance(step, kind) and (after is None or (index and isinstance(lesson.steps[index - 1], after))):
                return lesson.number, index
    raise AssertionError(f"no {kind.__name__} step shipped")


async def test_number_keys_answer_the_numbered_options_and_the_footer_names_them(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *first_step(ChooseStep))
        step = screen.step
        assert isinstance(step, ChooseStep)
        options = screen.query_one("#options", OptionList)
        shown = [int(options.get_option_at_index(index).id or 0) for index in range(options.option_count)]
        bindings = {key: active.binding for key, active in screen.active_bindings.items()}
        keys = {key: binding for key, binding in bindings.items() if binding.action.startswith("option")}
        assert sorted(keys) == [str(number) for number in range(1, len(shown) + 1)]
        assert {binding.group.description if binding.group else "" for binding in keys.values()} == {"Answer"}
        wrong = next((number for number, index in enumerate(shown, 1) if not step.options[index].correct), None)
        right = next(number for number, index in enumerate(shown, 1) if step.options[index].correct)
        feedback = screen.query_one("#feedback", Static)
        if wrong is not None:
            await pilot.press(str(wrong))
            await pilot.pause()
            assert feedback.has_class("wrong") and not screen.solved
        await pilot.press(str(right))
        await pilot.pause()
        assert feedback.has_class("right") and screen.solved
        assert not any(active.binding.action.startswith("option") for active in screen.active_bindings.values())


async def test_enter_twice_after_continue_does_not_answer_the_next_step(tmp_path: Path) -> None:
    """Enter continues from a read step; the pick step that follows shows no cursor, so a second enter only shows
    it, and a third chooses the point under it."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        number, index = first_step(PickStep, after=ReadStep)
        screen = await open_step(pilot, number, index - 1)
        view = board_of(app)
        assert app.focused is view and not view.choosing
        assert screen.active_bindings["enter"].binding.description == "Continue"
        await pilot.press("enter", "enter")
        await pilot.pause()
        feedback = screen.query_one("#feedback", Static)
        assert screen.index == index and not feedback.display and view.cursor_shown
        await pilot.press("enter")
        await pilot.pause()
        assert feedback.display  # now answered, right or wrong


async def test_tab_goes_board_box_and_the_footer_shows_the_keys_that_act(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        screen = await open_step(pilot, *OPENING_65_STEP)
        view, notation = board_of(app), screen.query_one("#notation", Input)
        assert app.focused is view
        focused = []
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            focused.append(app.focused)
        assert focused == [notation, view, notation, view]  # the buttons never take the focus
        active = screen.active_bindings
        shown = {key: binding.binding.description for key, binding in active.items() if binding.binding.show}
        assert {"left", "right", "up", "down", "enter", "slash"} <= set(shown)
        assert shown["enter"] == "Choose" and shown["slash"] == "Type a play"
        move = next(hint for hint in screen.query_one(KeysFooter).hints if hint.description == "Move")
        assert move.keys == "←↑↓→"  # the arrows, grouped


async def test_the_setup_caption_says_how_to_add_and_remove_checkers(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await open_step(pilot, *first_step(SetupStep))
        caption = board_of(app).scene.caption
        assert "to place: 15" in caption and "enter or click adds" in caption and "right-click takes one off" in caption


async def test_the_command_palette_offers_only_the_apps_two_themes(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())

    def offered() -> list[str]:
        if not isinstance(app.screen, CommandPalette):
            return []
        return [str(option.prompt) for option in app.screen.query_one(CommandList).options]

    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        await type_text(pilot, "theme")
        await settle(pilot, lambda: any("Theme" in option for option in offered()))
        await pilot.press("enter")  # the "Theme" command: the list of themes
        await settle(pilot, lambda: len(offered()) == 2)
        assert sorted(offered()) == ["textual-dark", "textual-light"]
        await type_text(pilot, "light")
        await settle(pilot, lambda: offered() == ["textual-light"])
        await pilot.press("enter")
        await settle(pilot, lambda: app.theme == "textual-light")
        assert app.theme == "textual-light"
    store = ProgressStore(tmp_path)
    assert store.settings.setting("theme") == "textual-light"  # a theme chosen in the palette is kept like ctrl+t's
    store.close()


async def test_the_stylesheet_styles_by_type_and_class_never_by_id(tmp_path: Path) -> None:
    """The app's stylesheet is shared by every screen: a rule naming an id would also style whatever widget another
    screen gives that id (home, progress and the lesson each have a "continue" button)."""
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE):
        own_rules = [rule for rule in app.stylesheet.rules if not rule.is_default_rules]
        assert len(own_rules) > 20  # app.tcss, not the widgets' defaults
        by_id = [
            selector.name
            for rule in own_rules
            for selectors in rule.selector_set
            for selector in selectors.selectors
            if selector.type is SelectorType.ID
        ]
        assert by_id == []


# --- broken lessons, NO_COLOR -------------------------------------------------------------------------------


async def test_a_broken_lesson_file_is_skipped_with_a_notice(tmp_path: Path) -> None:
    lessons_dir = tmp_path / "lessons"
    lessons_dir.mkdir()
    shipped = Path(__file__).resolve().parent.parent / "lessons" / "01-board.toml"
    shutil.copy(shipped, lessons_dir / "01-board.toml")
    (lessons_dir / "02-broken.toml").write_text('id = "broken"\nnumber = 2\ntitle = "Broken\n[[steps]\n', "utf-8")
    app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=lessons_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        lines = menu_lines(app)
        assert lines[0].startswith("1. The board and its numbering") and lines[0].endswith("○ new")
        assert len(lines) == 9 and lines[2].startswith("Puzzles") and lines[7].startswith("Explore"), lines
        notice = text_of(app, "#home-notice")
        assert "02-broken.toml" in notice and "01-board.toml" not in notice
        assert app.screen.query_one("#home-notice", Static).region.height > 0  # on screen, not squeezed out
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "board"


async def test_no_color_still_tells_the_sides_apart_by_symbol(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    assert app.no_color
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        # then Review, Puzzles, Forced or not?, Skill drills, Review a game, Play, Explore, Help
        assert len(menu_lines(app)) == len(LESSONS) + 8
        await open_step(pilot, *OPENING_65_STEP)
        rendered = board_of(app).render().plain
        assert X_MARK == "●" and O_MARK == "○"
        assert rendered.count("●") >= 15 and rendered.count("○") >= 15
        screenshot = app.export_screenshot()
        assert "●" in screenshot and "○" in screenshot
        await click_point(pilot, 24)  # lit destinations are a symbol too, not only a colour
        assert "◇" in board_of(app).render().plain


async def test_explore_takes_a_position_with_checkers_waiting_to_enter(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        text = "X: waitx13 24 23 / O: waitx15"
        screen = await explore(pilot, text, "21")
        assert not screen.query_one("#feedback", Static).display
        assert (
            board_of(app).scene.caption == Position.from_text(text).text()
        )  # no Position ID can hold waiting checkers
        assert "in/23" in " ".join(plays_listed(screen))
        await pilot.press("ctrl+s")  # the other side to roll: still shown as text
        await pilot.pause()
        assert screen.query_one("#position-input", Input).value.startswith("X: waitx15")


async def test_a_screen_shown_while_the_app_is_unfocused_gets_its_focus_when_the_app_does(tmp_path: Path) -> None:
    """A browser tab's app starts unfocused: the screen shown meanwhile takes keys once the page gives it focus."""
    from textual import events

    app = TrainerApp(data_dir=tmp_path, evaluator=CheapEvaluator())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        app.post_message(events.AppBlur())
        await settle(pilot, lambda: not app.app_focus and app.screen.focused is None)
        app.push_screen(HelpScreen())
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert app.screen.focused is None
        app.post_message(events.AppFocus())
        await settle(pilot, lambda: app.screen.focused is not None, what="the help screen's focus")
