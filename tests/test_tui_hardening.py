"""The app under hostile use: markup typed into every box or written in content files is shown as text, links in
lessons open only web addresses, every window size down to 1 x 1 shows the "too small" screen, broken content
never crashes the app, and an unexpected error ends the app with a non-zero status and a crash report."""

from __future__ import annotations

import functools
import os
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from pilot_support import screen_text, settle, started
from textual.app import App
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList
from textual.widgets.markdown import MarkdownBlock

from trainer.cli import main as cli
from trainer.content.loader import LessonLibrary, load_lessons
from trainer.content.puzzles import load_puzzles
from trainer.play import LocalGame
from trainer.store import ProgressStore
from trainer.tui import app as app_module
from trainer.tui.app import TrainerApp
from trainer.tui.crash_report import write_crash_report
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.explore import ExploreScreen
from trainer.tui.screens.help import HelpScreen
from trainer.tui.screens.home import HomeScreen
from trainer.tui.screens.lesson import LessonScreen
from trainer.tui.screens.play import PlayScreen
from trainer.tui.screens.play_menu import PlayMenuScreen
from trainer.tui.screens.progress import ProgressScreen
from trainer.tui.screens.puzzles import PuzzleScreen
from trainer.tui.screens.too_small import TooSmallScreen
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.text import SafeMarkdown

MARKUP = ["[/x]", "[@click=app.quit]q[/]", "[b]bold"]
SHIPPED_LESSON = Path(__file__).resolve().parent.parent / "lessons" / "03-opening-and-moving.toml"


async def submit(pilot: Pilot[None], box: Input, text: str) -> None:
    box.focus()
    box.value = text
    await pilot.press("enter")
    await pilot.pause()


async def test_markup_typed_into_every_box_is_text(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    lesson = next(lesson for lesson in load_lessons().lessons if lesson.id == "opening-and-moving")
    play_step = next(index for index, step in enumerate(lesson.steps) if step.kind == "play")
    library = load_puzzles()
    puzzle = next(puzzle for puzzle in library.puzzles if puzzle.kind == "forced")
    forced = next(drill for drill in library.drills if drill.answers == ["forced"])
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        drill = DrillScreen("practice", [forced])
        screens = [
            ExploreScreen(),
            LessonScreen(lesson, start_step=play_step),
            PuzzleScreen([puzzle]),
            PlayScreen(LocalGame.new("standard", "two", 0, seed=1)),  # the opening roll played: a move is due
            drill,
        ]
        for screen in screens:
            await app.push_screen(screen)
            await pilot.pause()
            if screen is drill:
                await pilot.press("f")  # rightly called forced: now it is to be played in the box
                await pilot.pause()
                assert drill.phase == "play"
            boxes = list(screen.query(Input))
            assert boxes, type(screen).__name__
            for box in boxes:
                for text in MARKUP:
                    await submit(pilot, box, text)
                    assert app.is_running and app.screen is screen
                    if box.id in ("notation", "position-input"):
                        assert screen.query_one(FeedbackBar).verdict == "wrong", type(screen).__name__
                        assert text in str(screen.query_one(FeedbackBar).render())
            app.pop_screen()
            await pilot.pause()
        assert app.return_code is None


async def test_markup_in_a_lesson_file_is_shown_as_text(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    text = SHIPPED_LESSON.read_text("utf-8")
    text = text.replace('title = "The opening roll and moving"', 'title = "Moving [/x] [@click=app.quit]quit[/]"', 1)
    first_text = "To start the game, **each side throws one die**."
    assert first_text in text
    text = text.replace(first_text, f"[@click=app.quit]quit[/] [/x] {first_text}", 1)  # in the Markdown body
    (folder / "03-opening-and-moving.toml").write_text(text, "utf-8")
    app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=folder)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        line = str(app.screen.query_one("#home-menu", OptionList).get_option_at_index(0).prompt)
        assert "[/x] [@click=app.quit]quit[/]" in line
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.is_running
        paragraph = app.screen.query_one(SafeMarkdown).query(MarkdownBlock).first()
        assert str(paragraph.render()).startswith("[@click=app.quit]quit[/] [/x] To start the game")
        await pilot.click(paragraph, offset=(3, 0))  # on "quit"
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LessonScreen)


async def test_lesson_links_open_only_web_addresses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    class Host(App[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield SafeMarkdown("[file](file:///etc/passwd) [action](app.quit) [web](https://www.bkgm.com)")

    app = Host()
    monkeypatch.setattr(app, "open_url", lambda url, **_: opened.append(url))
    async with app.run_test() as pilot:
        markdown = app.query_one(SafeMarkdown)
        for href in ("file:///etc/passwd", "app.quit", "javascript:alert(1)", "https://www.bkgm.com"):
            markdown.post_message(Markdown.LinkClicked(markdown, href))
            await pilot.pause()
        assert app.is_running
    assert opened == ["https://www.bkgm.com"]


SMALL_SIZES = [*((width, 24) for width in range(1, 13)), (79, 24), (1, 1), (80, 1), (1, 40)]
EDGE_SIZES = [(1, 24), (12, 24), (79, 24), (1, 1), (80, 1), (1, 40)]
"""Over the other screens: the first resize lays the screen under the too-small one out at its size; the rest
reach the too-small screen alone, which every width of home's sweep has already put through its paces."""


async def test_every_size_down_to_one_by_one_shows_the_too_small_screen_over_every_screen(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        lessons, puzzles = app.lessons, app.puzzles
        assert lessons is not None and puzzles is not None
        screens: dict[str, Callable[[], Screen[None]]] = {
            "lesson": lambda: LessonScreen(lessons.lessons[1], start_step=3),
            "puzzle": lambda: PuzzleScreen(puzzles.puzzles[:2]),
            "explore": ExploreScreen,
            "help": HelpScreen,
            "play": lambda: PlayScreen(LocalGame.new("standard", "two", 0, seed=1)),
            "drill": lambda: DrillScreen("practice", puzzles.drills[:2]),
            "progress": ProgressScreen,
        }
        for name in ["home", *screens]:
            if name != "home":
                await app.push_screen(screens[name]())
                await pilot.pause()
            shown = app.screen
            for width, height in SMALL_SIZES if name == "home" else EDGE_SIZES:
                await pilot.resize_terminal(width, height)  # which waits for the screen to settle
                assert isinstance(app.screen, TooSmallScreen), (name, width, height)
            await pilot.resize_terminal(100, 32)
            assert app.screen is shown and app.is_running, name
            if name != "home":
                app.pop_screen()
                await pilot.pause()


async def test_a_window_too_small_from_the_start_leaves_no_too_small_screen_behind(tmp_path: Path) -> None:
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(40, 12)) as pilot:
        await started(pilot)
        assert [type(screen) for screen in app.screen_stack] == [HomeScreen, TooSmallScreen]
        await pilot.press("ctrl+p")  # the command palette, opened over the too-small screen
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.resize_terminal(100, 32)
        await pilot.press("escape")
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [HomeScreen] and app.is_running


async def test_the_command_palette_opened_again_under_the_too_small_screen_is_left_as_it_is(tmp_path: Path) -> None:
    """ctrl+p, then a window too small (the too-small screen comes over the palette), then ctrl+p again: Textual would
    open a second palette, which clashes with the first (DuplicateIds); the too-small screen stays, saying what to do,
    and once the window is large again the palette is back as it was."""
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        palette = app.screen
        await pilot.resize_terminal(60, 20)
        await settle(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, TooSmallScreen)
        assert "Make the window larger" in screen_text(app)
        await pilot.resize_terminal(100, 32)
        await settle(pilot, lambda: app.screen is palette)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert app.is_running and app.return_code is None


async def test_control_characters_in_content_and_notices_show_as_visible_signs_on_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal acts on an escape sequence it is sent (this one would retitle the window): a lesson's title, a
    file name and a notice from the store reach the screen with their control characters as visible signs."""
    app = TrainerApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        assert app.lessons is not None
        first = app.lessons.lessons[0]
        hostile = first.model_copy(update={"title": "Owned \x1b]0;owned\x07 title"})  # as if the loader let it in
        monkeypatch.setattr(ProgressStore, "notice", property(lambda store: "The progress file \x1b[2J was moved"))
        app.post_message(TrainerApp.ContentLoaded(lessons=LessonLibrary([hostile], skipped=["bad\x1b[31m.toml"])))
        menu = app.screen.query_one("#home-menu", OptionList)
        await settle(pilot, lambda: "owned" in str(menu.get_option_at_index(0).prompt))
        await pilot.pause()
        shown = screen_text(app)
        assert "Owned ␛]0;owned␇ title" in shown and "bad␛[31m.toml" in shown and "file ␛[2J was" in shown
        assert "\x1b" not in shown and "\x07" not in shown
        notices = [notification.message for notification in app._notifications]
        assert any("bad␛[31m.toml" in notice for notice in notices) and not any("\x1b" in notice for notice in notices)


async def test_broken_content_of_every_kind_is_skipped_with_a_notice(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01-good.toml").write_bytes(SHIPPED_LESSON.read_bytes())
    os.mkfifo(folder / "02-pipe.toml")
    (folder / "03-nested.toml").write_bytes(b"x = " + b"[" * 3000 + b"]" * 3000)
    (folder / "04-loop.toml").symlink_to(folder / "04-loop.toml")
    app = TrainerApp(data_dir=tmp_path / "data", lessons_dir=folder)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        assert app.lessons is not None and [lesson.id for lesson in app.lessons.lessons] == ["opening-and-moving"]
        assert set(app.lessons.skipped) == {"02-pipe.toml", "03-nested.toml", "04-loop.toml"}
        notice = str(app.screen.query_one("#home-notice").render())
        assert "02-pipe.toml" in notice and app.is_running


def test_an_unexpected_error_exits_non_zero_with_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def explode(self: TrainerApp) -> None:
        raise RuntimeError("something unexpected")

    monkeypatch.setattr(TrainerApp, "on_mount", explode)
    monkeypatch.setattr(TrainerApp, "run", lambda self: App.run(self, headless=True))
    status = cli.main(["--data-dir", str(tmp_path)])
    assert status == 1
    reports = list(tmp_path.glob("crash-*.txt"))
    assert len(reports) == 1
    report = reports[0].read_text("utf-8")
    assert "RuntimeError: something unexpected" in report and "bgtrainer 0." in report
    assert str(reports[0]) in capsys.readouterr().err


def test_changes_kept_for_later_on_quitting_are_said_on_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lockers: list[sqlite3.Connection] = []

    def run_while_another_program_holds_the_file(self: TrainerApp) -> None:
        locker = sqlite3.connect(self.store.path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        lockers.append(locker)
        self.store.settings.set_setting("theme", "textual-light")  # waits, then is kept for later

    monkeypatch.setattr(app_module, "ProgressStore", functools.partial(ProgressStore, busy_timeout=0.2))
    monkeypatch.setattr(TrainerApp, "run", run_while_another_program_holds_the_file)
    try:
        assert cli.main(["--data-dir", str(tmp_path)]) == 0
    finally:
        for locker in lockers:
            locker.close()
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("bgtrainer: The progress file ") and "last change was kept in" in line
    store = ProgressStore(tmp_path)
    assert store.settings.setting("theme") == "textual-light"
    store.close()


@pytest.mark.parametrize("place", ["new-folder", "no-folder-possible"])
def test_a_crash_report_is_private_to_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, place: str) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "system-temp"))
    (tmp_path / "system-temp").mkdir()
    (tmp_path / "a-file").write_text("not a folder", "utf-8")
    folder = tmp_path / "data" / "deeper" if place == "new-folder" else tmp_path / "a-file" / "data"
    old_mask = os.umask(0)  # the modes are the report's own, whatever the umask
    try:
        report = write_crash_report(folder, RuntimeError("something unexpected"))
    finally:
        os.umask(old_mask)
    if place == "new-folder":
        assert report.parent == folder
        assert [os.stat(path).st_mode & 0o777 for path in (tmp_path / "data", folder)] == [0o700, 0o700]
    else:
        assert report.parent.parent == tmp_path / "system-temp" and report.parent.name.startswith("bgtrainer-")
        assert os.stat(report.parent).st_mode & 0o777 == 0o700
    assert os.stat(report).st_mode & 0o777 == 0o600
    assert "RuntimeError: something unexpected" in report.read_text("utf-8")


async def test_a_data_folder_named_like_markup_shows_its_notice_as_text(tmp_path: Path) -> None:
    (tmp_path / "a[").write_text("a file, so the folder a[/x] can't be made", "utf-8")
    folder = tmp_path / "a[/x]"  # a closing tag in the path, named by the notice
    app = TrainerApp(data_dir=folder)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        assert app.store.notice is not None and "a[/x]" in app.store.notice
        assert "a[/x]" in str(app.screen.query_one("#home-notice").render())
        assert app.is_running


async def test_damaged_saved_games_are_refused_with_a_notice_and_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    damaged_local = "[" * 100_000
    damaged_game = '{"format": "bgtrainer-session", "version": 1, "id": "bad", "settings": ' + "[" * 100_000
    store = ProgressStore(data)
    store.local_games.save_local_game("damaged", damaged_local, version=1)
    store.games.save_game("bad", damaged_game, match_length=0, level="intermediate", version=1)
    store.puzzles.record_puzzle_attempt("forced-0001", "24/18", correct=True, seconds=3.0)
    store.close()
    empty = tmp_path / "content"
    empty.mkdir()
    app = TrainerApp(data_dir=data, lessons_dir=empty, puzzles_dir=empty)
    async with app.run_test(size=(100, 32)) as pilot:
        await started(pilot)
        await pilot.press("g")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, PlayMenuScreen) and app.is_running
        notices = [notification.message for notification in app._notifications]
        assert any("The unfinished game can't be resumed" in notice for notice in notices), notices
        options = menu.query_one("#play-menu", OptionList)
        assert "local:damaged" not in [options.get_option_at_index(i).id for i in range(options.option_count)]
        options.highlighted = options.get_option_index("resume:bad")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is menu and app.is_running
        notices = [notification.message for notification in app._notifications]
        assert any(notice.startswith("This game cannot be resumed: ") for notice in notices), notices
        assert all(len(notice) < 400 for notice in notices)
    store = ProgressStore(data)
    assert (
        store.settings.setting("play:local:damaged-1") == damaged_local
        and store.local_games.unfinished_local_games() == []
    )
    saved = store.games.game("bad")
    assert saved is not None and saved.record == damaged_game
    assert store.puzzles.puzzle_attempts("forced-0001") == [("24/18", True, 3.0)]
    store.close()
