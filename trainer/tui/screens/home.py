"""The home screen: every lesson with its status, then explore a position and help."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from trainer.store import LessonProgress, ProgressStore
from trainer.tui.screens.base import TrainerScreen

if TYPE_CHECKING:
    from trainer.content.loader import LessonLibrary
    from trainer.content.models import Lesson


def lesson_status(lesson: Lesson, progress: LessonProgress) -> str:
    """A lesson's line in the list: its number, title and status (new, started, done with stars)."""
    graded = lesson.graded_steps
    status = progress.status(graded, len(lesson.steps))
    if status == "done":
        stars = progress.stars(graded)
        label = f"✓ done  {'★' * stars}{'☆' * (3 - stars)}  {progress.first_try_count(graded)}/{len(graded)}"
    elif status == "started":
        label = f"● step {progress.resume_step + 1} of {len(lesson.steps)}"
    else:
        label = "○ new"
    return f"{lesson.number}. {lesson.title}  —  {label}"


class HomeScreen(TrainerScreen):
    """Lessons first, then the tools; arrows and enter, or the letters in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit"),
        Binding("l", "focus_lessons", "Lessons"),
        Binding("p", "puzzles", "Puzzles"),
        Binding("g", "play", "Play"),
        Binding("e", "explore", "Explore"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static("bgtrainer", classes="page-title")
            yield Static("Learn backgammon from zero, on a real board.", classes="page-subtitle")
            yield OptionList(id="home-menu", classes="menu")
            yield Static("", id="home-notice", classes="notice", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.watch(self.trainer, "lessons", self.refresh_menu)
        self.watch(self.trainer, "puzzles", self.refresh_menu)
        self.query_one("#home-menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_menu()
        self.move_past_done_lesson()

    def move_past_done_lesson(self) -> None:
        """Back from a lesson that is now done: highlight the next lesson not done yet (after it, else the first)."""
        library = self.trainer.lessons
        menu = self.query_one("#home-menu", OptionList)
        highlighted = menu.highlighted
        if library is None or highlighted is None or highlighted >= len(library.lessons):
            return
        lessons = library.lessons
        if not self.is_done(lessons[highlighted]):
            return
        later = [index for index in range(highlighted + 1, len(lessons)) if not self.is_done(lessons[index])]
        earlier = [index for index in range(highlighted) if not self.is_done(lessons[index])]
        if later or earlier:
            menu.highlighted = (later or earlier)[0]

    def is_done(self, lesson: Lesson) -> bool:
        return self.store.lesson_progress(lesson.id).status(lesson.graded_steps, len(lesson.steps)) == "done"

    def refresh_menu(self) -> None:
        """Rebuild the menu from the loaded lessons and puzzles and the stored progress."""
        menu = self.query_one("#home-menu", OptionList)
        was_loading = menu.option_count > 0 and menu.get_option_at_index(0).id == "loading"
        highlighted = None if was_loading else menu.highlighted
        menu.clear_options()
        library = self.trainer.lessons
        store = self.store
        if library is None:
            menu.add_option(Option("Loading lessons…", id="loading", disabled=True))
        else:
            for lesson in library.lessons:
                progress = store.lesson_progress(lesson.id)
                menu.add_option(Option(Text(lesson_status(lesson, progress)), id=f"lesson:{lesson.id}"))
            if not library.lessons:
                menu.add_option(Option("No lessons could be loaded", id="none", disabled=True))
        menu.add_option(None)
        puzzles = self.trainer.puzzles
        if puzzles is None:
            menu.add_option(Option("Puzzles  (loading…)", id="puzzles", disabled=True))
        else:
            solved = len(store.solved_puzzles() & {p.id for p in puzzles.puzzles})
            menu.add_option(Option(f"Puzzles  (p)  —  {solved} of {len(puzzles.puzzles)} solved", id="puzzles"))
        menu.add_option(Option("Play a game  (g)", id="play"))
        menu.add_option(Option("Explore a position  (e)", id="explore"))
        menu.add_option(Option("Help  (?)", id="help"))
        if highlighted is None or highlighted >= menu.option_count:
            highlighted = self.first_unfinished_lesson(library, store)
        menu.highlighted = highlighted
        notices = []
        if library is not None and library.skipped:
            notices.append(f"Skipped broken lesson files: {', '.join(library.skipped)} (run 'bgtrainer validate').")
        if store.notice:
            notices.append(store.notice)
        self.query_one("#home-notice", Static).update("\n".join(notices))

    @staticmethod
    def first_unfinished_lesson(library: LessonLibrary | None, store: ProgressStore) -> int:
        """The menu index of the lesson to take next: the first one not done (the first one if all are)."""
        if library is None:
            return 0
        for index, lesson in enumerate(library.lessons):
            progress = store.lesson_progress(lesson.id)
            if progress.status(lesson.graded_steps, len(lesson.steps)) != "done":
                return index
        return 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("lesson:"):
            self.open_lesson(option_id.split(":", 1)[1])
        elif option_id == "puzzles":
            self.action_puzzles()
        elif option_id == "play":
            self.action_play()
        elif option_id == "explore":
            self.action_explore()
        elif option_id == "help":
            self.action_help()

    def open_lesson(self, lesson_id: str) -> None:
        from trainer.tui.screens.lesson import LessonScreen, resume_step

        library = self.trainer.lessons
        if library is None:
            return
        lesson = next(lesson for lesson in library.lessons if lesson.id == lesson_id)
        self.app.push_screen(LessonScreen(lesson, start_step=resume_step(lesson, self.store)))

    def action_focus_lessons(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        menu.focus()
        menu.highlighted = 0

    def action_puzzles(self) -> None:
        from trainer.tui.screens.puzzles import PuzzleMenuScreen

        if self.trainer.puzzles is not None:
            self.app.push_screen(PuzzleMenuScreen())

    def action_play(self) -> None:
        from trainer.tui.screens.play import PlayMenuScreen

        self.app.push_screen(PlayMenuScreen())

    def action_explore(self) -> None:
        from trainer.tui.screens.explore import ExploreScreen

        self.app.push_screen(ExploreScreen())

    def action_help(self) -> None:
        from trainer.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())
