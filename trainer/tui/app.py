"""The bgtrainer Textual app: home, lessons, explore a position, help."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from trainer.store import ProgressStore

if TYPE_CHECKING:
    from trainer.content.loader import LessonLibrary
    from trainer.content.puzzles import PuzzleLibrary

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(Screen[None]):
    """Shown instead of a broken layout while the terminal is smaller than 80 x 24."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.refresh_message()

    def on_resize(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small", Static).update(
            f"Make the window larger.\n\nbgtrainer needs at least {MIN_WIDTH} x {MIN_HEIGHT}; "
            f"this one is {width} x {height}.\n\nctrl+q quits."
        )


class LessonsLoaded(Message):
    """The lesson library has been loaded (in a background thread, off the startup path)."""

    def __init__(self, library: LessonLibrary) -> None:
        super().__init__()
        self.library = library


class PuzzlesLoaded(Message):
    """The puzzles (and the bear-off tables they are graded with) have been loaded and checked."""

    def __init__(self, library: PuzzleLibrary) -> None:
        super().__init__()
        self.library = library


class TrainerApp(App[None]):
    """Learn backgammon: lessons on a real board, checked by the rules engine."""

    CSS_PATH = "app.tcss"
    TITLE = "bgtrainer"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+t", "toggle_theme", "Theme"),
    ]

    def __init__(
        self, *, data_dir: Path | None = None, lessons_dir: Path | None = None, puzzles_dir: Path | None = None
    ) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.lessons_dir = lessons_dir
        self.store: ProgressStore | None = None
        self.library: LessonLibrary | None = None
        self.puzzles: PuzzleLibrary | None = None
        self.puzzles_dir: Path | None = puzzles_dir

    def on_mount(self) -> None:
        from trainer.tui.home import HomeScreen

        self.store = ProgressStore(self.data_dir)
        saved_theme = self.store.setting("theme")
        if saved_theme in ("textual-dark", "textual-light"):
            self.theme = saved_theme
        self.push_screen(HomeScreen())
        if self.store.notice:
            self.notify(self.store.notice, title="Progress", severity="warning", timeout=12)
        self.load_library()
        self.check_size()

    @work(thread=True, exclusive=True, group="lessons")
    def load_library(self) -> None:
        """Load and validate the lessons away from the event loop, so the home screen shows at once."""
        from trainer.content.loader import load_lessons  # pydantic and the lessons stay off the startup path

        library = load_lessons(self.lessons_dir)
        self.post_message(LessonsLoaded(library))
        from trainer.content.puzzles import load_puzzles

        self.post_message(PuzzlesLoaded(load_puzzles(self.puzzles_dir)))

    def on_lessons_loaded(self, message: LessonsLoaded) -> None:
        self.library = message.library
        self._refresh_screens()
        skipped = message.library.skipped
        self._report_skipped("Lessons", skipped, f"Skipped {len(skipped)} broken lesson file(s)")

    def on_puzzles_loaded(self, message: PuzzlesLoaded) -> None:
        self.puzzles = message.library
        self._refresh_screens()
        self._report_skipped("Puzzles", message.library.skipped, "Puzzles that failed their checks were left out of")

    def _report_skipped(self, title: str, skipped: list[str], lead: str) -> None:
        """Say which content files were (in part) left out, without stopping the app."""
        if skipped:
            self.notify(
                f"{lead}: {', '.join(skipped)}. Run 'bgtrainer validate' for details.",
                title=title,
                severity="warning",
                timeout=12,
            )

    def _refresh_screens(self) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_lessons", None)
            if refresh is not None:
                refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int | None = None, height: int | None = None) -> None:
        """Swap in the "make the window larger" screen while the terminal is too small, and back out after."""
        if width is None or height is None:
            width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"
        if self.store is not None:
            self.store.set_setting("theme", self.theme)

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()
