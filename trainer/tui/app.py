"""The bgtrainer Textual app: home, lessons, puzzles, explore a position, help.

The app holds the state every screen reads: the progress store (opened with the app) and the content, loaded
in a background thread and published as reactives that screens watch: first its catalogue (what home shows of it,
read back from the cache without the content models), then the lessons and puzzles themselves.
"""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.worker import get_current_worker

from trainer.i18n import LANGUAGES, N_, Language, language, use_language
from trainer.store import ProgressStore
from trainer.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from trainer.tui.textual_fixes import guard_option_list_paging, stop_styles_cache_leak
from trainer.tui.wording import app as app_words
from trainer.tui.wording import common as common_words
from trainer.tui.wording import puzzles as puzzles_words

if TYPE_CHECKING:
    from trainer.analysis import Evaluator
    from trainer.content.catalogue import Catalogue
    from trainer.content.library import LessonLibrary, PuzzleLibrary

THEMES = ("textual-dark", "textual-light")
FIRST_FRAME_WAIT = 1.0
"""The longest the content's loading waits for the first screen to be drawn before it starts anyway (seconds)."""


class WholeCellScrollBarRender(ScrollBarRender):
    """Scrollbars whose thumb fills whole cells: Textual's draws its ends with block glyphs (``▁``, ``▇``) for a
    finer position, which read as stray characters inside a list's box on many terminals, and as text when the
    screen is copied."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * len(ScrollBarRender.VERTICAL_BARS)
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * len(ScrollBarRender.HORIZONTAL_BARS)


class TrainerApp(App[None]):
    """Learn backgammon: lessons on a real board, checked by the rules engine."""

    CSS_PATH = "app.tcss"
    TITLE = "bgtrainer"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("ctrl+t", "toggle_theme", N_("Theme")),
        Binding("ctrl+l", "switch_language", N_("Language")),
    ]

    lessons: reactive[LessonLibrary | None] = reactive(None, always_update=True)
    """The lessons that loaded (``None`` while loading)."""
    puzzles: reactive[PuzzleLibrary | None] = reactive(None, always_update=True)
    """The puzzles that passed their checks (``None`` while loading)."""
    catalogue: reactive[Catalogue | None] = reactive(None, always_update=True)
    """What home shows of the content (:mod:`trainer.content.catalogue`): read back from the cache before the
    content loads, else made from the content as it comes in (``None`` until either)."""

    class CatalogueLoaded(Message):
        """The cache held the catalogue of the lessons, or of the puzzles (or both): home can show them."""

        def __init__(self, catalogue: Catalogue) -> None:
            super().__init__()
            self.catalogue = catalogue

    class ContentLoaded(Message):
        """The lessons, or the puzzles, have been loaded and checked in the background."""

        def __init__(self, lessons: LessonLibrary | None = None, puzzles: PuzzleLibrary | None = None) -> None:
            super().__init__()
            self.lessons = lessons
            self.puzzles = puzzles

    def __init__(
        self,
        *,
        data_dir: Path | None = None,
        lessons_dir: Path | None = None,
        puzzles_dir: Path | None = None,
        clock: Callable[[], float] | None = None,
        evaluator: Evaluator | None = None,
        language: Language | None = None,
        resume_garbage_collection: bool = False,
        store: ProgressStore | None = None,
    ) -> None:
        """``language``: the one asked for when starting (``--lang``, ``BGTRAINER_LANG``); else the one chosen in
        the app last time, else the one in use (the locale's). ``resume_garbage_collection``: the program paused
        Python's garbage collector for the start (:func:`trainer.cli.main.run_app`); once the content is in, what the
        start made is set aside for good (``gc.freeze``: no later collection walks it again) and collection
        resumes. ``store``: the progress store, opened already (the program opens it while the UI's modules load);
        else the one in ``data_dir`` is opened."""
        super().__init__()
        ScrollBar.renderer = WholeCellScrollBarRender  # Textual's way to choose how every scrollbar is drawn
        stop_styles_cache_leak()
        guard_option_list_paging()
        self.clock: Callable[[], float] = clock if clock is not None else time.time
        """The time in seconds since the epoch: ratings, reviews, drills and the dashboard read it (a fake one in
        tests)."""
        self.lessons_dir = lessons_dir
        self.puzzles_dir = puzzles_dir
        self.evaluator = evaluator
        """The evaluator the Play and Explore screens use (``None``: bgsage's, loaded on first need)."""
        self._evaluator_lock = threading.Lock()
        self._given_evaluator = evaluator is not None
        self._match_evaluator: Evaluator | None = None
        self.store = store if store is not None else ProgressStore(data_dir)
        saved = self.store.settings.setting("language")
        chosen = language if language is not None else next((known for known in LANGUAGES if known == saved), None)
        if chosen is not None:
            use_language(chosen)
        self.crash_report: Path | None = None
        """Where the report of an unexpected error was written, once one has ended the app."""
        self.quitting = False
        """Whether the app was asked to quit (its key, or its browser tab closed): it is being taken down."""
        self._home_shown = False  # the size is checked from then on (a resize may come before the app is mounted)
        self._resume_garbage_collection = resume_garbage_collection
        self._first_frame = threading.Event()
        """Set once the first screen is drawn: the content loads after it, so as not to slow it down."""
        self._catalogue_shown = threading.Event()
        """Set once home is drawn with the content's catalogue: the content itself loads after it, likewise."""
        for name in list(self.available_themes):
            if name not in THEMES:
                self.unregister_theme(name)  # the command palette offers the app's two themes, no others

    def get_default_screen(self) -> Screen[None]:
        """The home screen, at the bottom of the stack: composed with the app, so that it is in the first frame."""
        from trainer.tui.screens.home import HomeScreen

        return HomeScreen()

    def on_mount(self) -> None:
        saved_theme = self.store.settings.setting("theme")
        if saved_theme in THEMES:
            self.theme = saved_theme
        self.watch(self, "theme", self.save_theme, init=False)
        self._home_shown = True
        if self.store.notice:
            self._progress_notice(self.store.notice)
        self.store.on_notice(self._progress_notice)
        self.load_content()
        self.check_size()
        self.call_after_refresh(self._first_frame.set)

    def _progress_notice(self, sentence: str) -> None:
        """Tell the learner, once, what happened to the progress file during the session."""
        self.notify(
            common_words.shown(sentence),
            title=app_words.progress_notice_title(),
            severity="warning",
            timeout=12,
            markup=False,
        )

    @work(thread=True, exclusive=True, group="content", exit_on_error=False)
    def load_content(self) -> None:
        """Read the content's catalogue back from the cache, then load the lessons and the puzzles (checked, or as
        checked before: :mod:`trainer.content.cache`), away from the event loop and once the first screen is drawn
        (a thread busy importing and checking would hold the event loop back), so the home screen shows at once,
        and is ready before the content models are even imported.

        Content that fails in a way the loaders did not foresee is left out with a notice, never a crash.
        """
        self._first_frame.wait(FIRST_FRAME_WAIT)
        catalogue = self._cached_catalogue()
        if (catalogue.lessons or catalogue.puzzles) and not get_current_worker().is_cancelled:
            import trainer.training.progress
            import trainer.training.standing  # noqa: F401  (what home's figures need, imported while it waits)

            self._catalogue_shown.clear()
            self.post_message(self.CatalogueLoaded(catalogue))
            self._catalogue_shown.wait(FIRST_FRAME_WAIT)  # drawn before the content models are imported
        from trainer.content.cache import cached_lessons, cached_puzzles
        from trainer.content.files import Problem
        from trainer.content.library import LessonLibrary, PuzzleLibrary

        try:
            lessons = cached_lessons(self.lessons_dir)
        except Exception as error:
            lessons = LessonLibrary(problems=[Problem("lessons", None, "", str(error))], skipped=["lessons"])
        self.post_message(self.ContentLoaded(lessons=lessons))
        try:
            puzzles = cached_puzzles(self.puzzles_dir)
        except Exception as error:
            puzzles = PuzzleLibrary(problems=[Problem("puzzles", None, "", str(error))], skipped=["puzzles"])
        self.post_message(self.ContentLoaded(puzzles=puzzles))

    def _cached_catalogue(self) -> Catalogue:
        """The content's catalogue as far as the cache holds it (nothing if it can't be read)."""
        from trainer.content.cache import lesson_catalogue, puzzle_catalogue  # no pydantic, no content models
        from trainer.content.catalogue import Catalogue

        try:
            return Catalogue(lesson_catalogue(self.lessons_dir), puzzle_catalogue(self.puzzles_dir))
        except Exception:
            return Catalogue()  # made from the content as it comes in

    def load_evaluator(self) -> Evaluator:
        """The evaluator, bgsage's loaded on the first call (a moment's work: call it from a worker thread)."""
        with self._evaluator_lock:
            if self.evaluator is None:
                from trainer.analysis.sage import SageEvaluator

                self.evaluator = SageEvaluator()
            return self.evaluator

    def load_match_evaluator(self) -> Evaluator:
        """The evaluator a whole match is analysed with: bgsage's :class:`~trainer.analysis.sweep.SweepEvaluator`,
        loaded on the first call (call it from a worker thread), or the evaluator the app was given."""
        with self._evaluator_lock:
            if self.evaluator is not None and self._given_evaluator:
                return self.evaluator
            if self._match_evaluator is None:
                from trainer.analysis.sweep import SweepEvaluator

                self._match_evaluator = SweepEvaluator()
            return self._match_evaluator

    def on_app_focus(self, event: events.AppFocus) -> None:
        """Give the screen its first focus once the app has the focus: a screen shown while the app had none (a
        browser tab's app starts unfocused) got no auto-focus, and Textual gives back only a focus taken away, so
        home's menu took no key in a browser until clicked."""
        screen = self.screen
        if screen.focused is not None:
            return
        selector = screen.AUTO_FOCUS if screen.AUTO_FOCUS is not None else self.AUTO_FOCUS
        if selector:
            for widget in screen.query(selector):
                if widget.focusable:
                    widget.focus(scroll_visible=False)
                    break

    def on_exit_app(self) -> None:
        self.quitting = True

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error ends the app (Textual's way) after leaving a report in the data folder; but a widget
        looked for and gone while the app is taken down (a screen still mounting as a browser tab closes) is no
        crash: the app is ending anyway."""
        from textual.css.query import NoMatches

        from trainer.tui.crash_report import write_crash_report

        if self.quitting and isinstance(error, NoMatches):
            return
        if self.crash_report is None:
            with contextlib.suppress(OSError):  # no folder at all can hold it: Textual's traceback still shows
                self.crash_report = write_crash_report(self.store.data_dir, error)
        super()._handle_exception(error)

    def on_trainer_app_catalogue_loaded(self, message: CatalogueLoaded) -> None:
        if self.catalogue is None:
            self.catalogue = message.catalogue
        self.call_after_refresh(self._catalogue_shown.set)

    def on_trainer_app_content_loaded(self, message: ContentLoaded) -> None:
        from trainer.content.catalogue import Catalogue, LessonCatalogue, PuzzleCatalogue

        shown = self.catalogue or Catalogue()
        catalogue = Catalogue(
            shown.lessons if message.lessons is None else LessonCatalogue.of(message.lessons),
            shown.puzzles if message.puzzles is None else PuzzleCatalogue.of(message.puzzles),
        )
        if catalogue != self.catalogue:  # home shows it already when the cache held it
            self.catalogue = catalogue
        if message.lessons is not None:
            self.lessons = message.lessons
            if message.lessons.skipped:
                notice = app_words.skipped_lessons(message.lessons.skipped)
                self._report_skipped(app_words.lessons_notice_title(), notice)
        if message.puzzles is not None:
            self.puzzles = message.puzzles
            if message.puzzles.skipped:
                notice = app_words.skipped_puzzles(message.puzzles.skipped)
                self._report_skipped(puzzles_words.puzzles_title(), notice)
            if self._resume_garbage_collection:
                self.call_after_refresh(self._settle_garbage)

    def _settle_garbage(self) -> None:
        """The start is over (the modules, the content and the home screen made): keep what it made out of every
        later collection's walk, and let Python collect garbage again."""
        self._resume_garbage_collection = False
        gc.freeze()
        gc.enable()

    def _report_skipped(self, title: str, notice: str) -> None:
        """Say which content files were (in part) left out, without stopping the app."""
        self.notify(notice, title=title, severity="warning", timeout=12, markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int | None = None, height: int | None = None) -> None:
        """Swap in the "make the window larger" screen while the terminal is too small, and back out after; never
        under the home screen (a resize can come before it is shown). One left under a screen opened meanwhile goes
        away when it comes back on top at a good size (see :class:`TooSmallScreen`)."""
        if not self._home_shown:
            return  # on_mount checks once the home screen is there
        if width is None or height is None:
            width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    def action_command_palette(self) -> None:
        """Open the command palette, unless one is open already: on top, or under the too-small screen that a
        smaller window brought over it (Textual looks at the top screen only, and a second palette would clash
        with the first)."""
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        super().action_command_palette()

    def action_switch_language(self) -> None:
        """Switch between English and Portuguese at once: kept for the next session, every screen shown again in it
        (back at home, where each screen's words are built anew)."""
        from trainer.training.service import save_language

        chosen: Language = "en" if language() == "pt" else "pt"
        use_language(chosen)
        save_language(self.store, chosen)
        self.refresh_language()

    def refresh_language(self) -> None:
        """Show the screens again in the language now in use: back to home, built anew, and the lessons and
        puzzles loaded again in it."""
        from trainer.tui.screens.home import HomeScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.lessons = None
        self.puzzles = None
        self.catalogue = None
        home = self.screen
        if isinstance(home, HomeScreen):
            home.call_later(home.rebuild)  # on its own queue: its menu is refreshed in turn, never mid-rebuild
        self.refresh_bindings()
        self.load_content()

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]

    def save_theme(self, theme: str) -> None:
        """Keep the theme chosen (with ctrl+t or the command palette) for the next session, through the training
        service, the one way the app writes to the store (imported here: it brings the content models along)."""
        from trainer.training.service import save_theme

        save_theme(self.store, theme)

    def on_unmount(self) -> None:
        self.store.close()
