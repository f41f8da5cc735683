"""The home screen: the progress at a glance, Continue (the next useful thing) and the way to the whole dashboard,
then every lesson with its status, the reviews due, puzzles, the forced-or-not drill, the skill drills (best-play
Streak and Storm, counting shots and pips), reviewing a game, play, explore a position and help.

It shows at once: the lessons, the puzzles and the figures come in later (the content's catalogue, then the content,
load in a worker thread), and the modules they need (the statistics, the content models, the other screens) are
imported only once needed. The menu and the figures are the catalogue's (:mod:`trainer.content.catalogue`), so home
is ready before the lessons and puzzles themselves are in; what is chosen meanwhile that needs them (a lesson, the
puzzles, the reviews, a drill, Continue) opens as soon as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from trainer.i18n import N_
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.widgets.dashboard import DashboardSummary
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.wording import common as common_words
from trainer.tui.wording import home as home_words

if TYPE_CHECKING:
    from trainer.content.catalogue import LessonCatalogue, LessonEntry, PuzzleCatalogue
    from trainer.practice.stats import Dashboard, Suggestion
    from trainer.training.standing import LessonStanding


def lesson_status(lesson: LessonEntry, standing: LessonStanding) -> str:
    """A lesson's line in the list: its number, title and status (new, started, done with stars)."""
    if standing.status == "done":
        if standing.earlier_edition:
            status = home_words.lesson_done_earlier_edition(standing.stars)
        else:
            status = home_words.lesson_done(standing.stars, standing.first_try, standing.graded)
    elif standing.status == "started":
        status = home_words.lesson_started(standing.progress.resume_at(lesson.step_count) + 1, lesson.step_count)
    else:
        status = home_words.lesson_new()
    return home_words.lesson_line(lesson.number, lesson.title, status)


class HomeScreen(TrainerScreen, inherit_bindings=False):
    """The progress and Continue, then the lessons, then the tools; arrows and enter, or the letters in the footer.

    Nothing is under it to go back to: ``q`` quits (a screen's own keys and these, without Back)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Screen.BINDINGS,
        Binding("q", "app.quit", N_("Quit")),
        Binding("question_mark,f1", "help", N_("Help")),  # second: on a narrow footer, the keys after it give way
        Binding("c", "continue", N_("Continue")),
        Binding("l", "focus_lessons", N_("Lessons")),
        Binding("r", "review", N_("Review")),
        Binding("p", "puzzles", N_("Puzzles")),
        Binding("f", "drill", N_("Forced?")),
        Binding("k", "skill_drills", N_("Skill drills")),
        Binding("a", "review_game", N_("Review a game")),
        Binding("g", "play", N_("Play")),
        Binding("e", "explore", N_("Explore")),
        Binding("s", "progress", N_("Progress")),
    ]

    AUTO_FOCUS = "#home-menu"
    """The menu has the focus from the start (Textual's way: none is looked for while the screen is taken down)."""

    dashboard: Dashboard | None = None
    """The figures shown, once the lessons and puzzles have loaded."""

    def __init__(self) -> None:
        super().__init__()
        self.standings: dict[str, LessonStanding] = {}
        """The learner's standing in each lesson listed, by lesson id (read with the menu)."""
        self.waiting: Callable[[], object] | None = None
        """What the learner chose that needs the lessons and puzzles, to do once they are in (the menu shows their
        catalogue before)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static("bgtrainer", classes="page-title")
            yield DashboardSummary(id="dashboard")
            with Horizontal(classes="home-actions"):
                buttons = (
                    Button(
                        common_words.continue_button(),
                        id="continue",
                        classes="continue",
                        action="screen.continue",
                        compact=True,
                    ),
                    Button(home_words.progress_button(), classes="to-progress", action="screen.progress", compact=True),
                )
                for button in buttons:
                    button.can_focus = False  # the menu keeps the focus; the buttons take clicks and their keys
                    yield button
            yield Static("", id="home-notice", classes="notice", markup=False)
            with Vertical(classes="home-menu-box"):
                yield OptionList(id="home-menu", classes="menu")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.trainer, "catalogue", self.refresh_menu, init=False)  # the screen's resume fills it first
        self.watch(self.trainer, "lessons", self.do_waiting, init=False)
        self.watch(self.trainer, "puzzles", self.do_waiting, init=False)

    def when_loaded(self, action: Callable[[], object]) -> None:
        """Do ``action`` (it needs the lessons and puzzles) now if they are in, else as soon as they are: what the
        learner chose while they load (the lessons may be listed while the puzzles are still being checked) is
        never dropped; a later choice replaces it."""
        if self.content_loaded():
            self.waiting = None
            action()
        else:
            self.waiting = action

    def lesson_catalogue(self) -> LessonCatalogue | None:
        """What the menu lists of the lessons (``None`` until it is in)."""
        return None if self.trainer.catalogue is None else self.trainer.catalogue.lessons

    def puzzle_catalogue(self) -> PuzzleCatalogue | None:
        """What the menu and the figures count of the puzzles (``None`` until it is in)."""
        return None if self.trainer.catalogue is None else self.trainer.catalogue.puzzles

    def content_loaded(self) -> bool:
        return self.trainer.lessons is not None and self.trainer.puzzles is not None

    def do_waiting(self) -> None:
        """Do what the learner chose while the lessons and puzzles were loading, now that they are in."""
        action, self.waiting = self.waiting, None
        if action is not None:
            if self.content_loaded():
                if self.app.screen is self:
                    action()
            else:
                self.waiting = action

    async def rebuild(self) -> None:
        """Compose the screen anew, in the language now in use (it is the app's first screen: it stays)."""
        await self.recompose()
        self.refresh_menu()
        self.query_one("#home-menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        if self.trainer.quitting:
            return  # the app is taken down before home was shown (a browser tab closed at once): its menu is gone
        self.refresh_menu()
        self.move_past_done_lesson()

    def move_past_done_lesson(self) -> None:
        """Back from a lesson that is now done: highlight the next lesson not done yet (after it, else the first)."""
        library = self.lesson_catalogue()
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

    def is_done(self, lesson: LessonEntry) -> bool:
        standing = self.standings.get(lesson.id)
        return standing is not None and standing.status == "done"

    def refresh_menu(self) -> None:
        """Rebuild the menu from the catalogue of the lessons and puzzles and the stored progress (read once for the
        whole menu and its figures)."""
        menu = self.query_one("#home-menu", OptionList)
        was_loading = menu.option_count > 0 and menu.get_option_at_index(0).id == "loading"
        highlighted = None if was_loading else menu.highlighted
        options: list[Option | None] = []
        library = self.lesson_catalogue()
        store = self.store
        solved = self.refresh_dashboard()
        if library is None:
            self.standings = {}
            options.append(Option(home_words.loading_lessons(), id="loading", disabled=True))
        else:
            from trainer.training.standing import lesson_standings

            self.standings = lesson_standings(store, library.lessons)
            for lesson in library.lessons:
                standing = self.standings[lesson.id]
                options.append(Option(Text(lesson_status(lesson, standing)), id=f"lesson:{lesson.id}"))
            if not library.lessons:
                options.append(Option(home_words.no_lessons(), id="none", disabled=True))
        options.append(None)
        puzzles = self.puzzle_catalogue()
        options.append(Option(self.review_label(), id="review", disabled=library is None or puzzles is None))
        if puzzles is None:
            options.append(Option(home_words.puzzles_entry(None, 0), id="puzzles", disabled=True))
        else:
            options.append(Option(home_words.puzzles_entry(solved, len(puzzles.puzzles)), id="puzzles"))
        options.append(Option(home_words.drill_entry(), id="drill", disabled=puzzles is None))
        options.append(Option(home_words.skill_drills_entry(), id="skill-drills", disabled=puzzles is None))
        options.append(Option(home_words.review_game_entry(), id="review-game"))
        options.append(Option(home_words.play_entry(), id="play"))
        options.append(Option(home_words.explore_entry(), id="explore"))
        options.append(Option(home_words.help_entry(), id="help"))
        menu.set_options(options)
        if highlighted is None or highlighted >= menu.option_count:
            highlighted = self.first_unfinished_lesson(library)
        menu.highlighted = highlighted
        notices = []
        if library is not None and library.skipped:
            notices.append(home_words.skipped_lesson_files(list(library.skipped)))
        if store.notice:
            notices.append(common_words.shown(store.notice))
        notice = self.query_one("#home-notice", Static)
        notice.update("\n".join(notices))
        notice.display = bool(notices)

    def review_label(self) -> str:
        """``Review (N due)`` once the content has loaded (the count is the dashboard's)."""
        if self.dashboard is None:
            return home_words.review_entry(None)
        return home_words.review_entry(self.dashboard.reviews.due)

    def refresh_dashboard(self) -> int:
        """Work out the figures again (once the catalogue of the lessons and the puzzles is in) and show them; how
        many puzzles are solved (0 before)."""
        lessons, puzzles = self.lesson_catalogue(), self.puzzle_catalogue()
        button = self.query_one("#continue", Button)
        if lessons is None or puzzles is None:
            self.dashboard = None
            button.display = False
            return 0
        from trainer.training.progress import figure_title, home_figures

        self.dashboard, solved = home_figures(self.store, lessons, puzzles, now=self.now())
        self.query_one(DashboardSummary).show(self.dashboard, figure_title)
        button.label = Text(common_words.continue_button(self.dashboard.continue_with.label))
        button.display = True
        return solved

    def first_unfinished_lesson(self, library: LessonCatalogue | None) -> int:
        """The menu index of the lesson to take next: the first one not done (the first one if all are)."""
        if library is None:
            return 0
        for index, lesson in enumerate(library.lessons):
            if not self.is_done(lesson):
                return index
        return 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("lesson:"):
            self.open_lesson(option_id.split(":", 1)[1])
        elif option_id == "puzzles":
            self.action_puzzles()
        elif option_id == "review":
            self.action_review()
        elif option_id == "drill":
            self.action_drill()
        elif option_id == "skill-drills":
            self.action_skill_drills()
        elif option_id == "review-game":
            self.action_review_game()
        elif option_id == "play":
            self.action_play()
        elif option_id == "explore":
            self.action_explore()
        elif option_id == "help":
            self.action_help()

    def open_lesson(self, lesson_id: str) -> None:
        self.when_loaded(lambda: self.push_lesson(lesson_id))

    def push_lesson(self, lesson_id: str) -> None:
        from trainer.tui.screens.lesson import LessonScreen, resume_step

        library = self.trainer.lessons
        if library is None:
            return
        lesson = next((lesson for lesson in library.lessons if lesson.id == lesson_id), None)
        if lesson is not None:
            self.app.push_screen(LessonScreen(lesson, start_step=resume_step(lesson, self.store)))

    def action_focus_lessons(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        menu.focus()
        menu.highlighted = 0

    def action_puzzles(self) -> None:
        from trainer.tui.screens.puzzles import PuzzleMenuScreen

        self.when_loaded(lambda: self.app.push_screen(PuzzleMenuScreen()))

    def action_continue(self) -> None:
        """Go to the next useful thing, as the dashboard suggests."""
        if self.dashboard is not None:
            suggestion = self.dashboard.continue_with
            self.when_loaded(lambda: self.follow(suggestion))

    def follow(self, suggestion: Suggestion) -> None:
        """Open what ``suggestion`` names: the reviews, a lesson, puzzles near the rating, or a Streak."""
        if suggestion.action == "review":
            self.action_review()
        elif suggestion.action == "lesson" and suggestion.lesson_id is not None:
            self.open_lesson(suggestion.lesson_id)
        elif suggestion.action == "puzzles" and self.trainer.puzzles is not None:
            from trainer.tui.screens.puzzles import PuzzleScreen

            by_id = {puzzle.id: puzzle for puzzle in self.trainer.puzzles.puzzles}
            chosen = [by_id[puzzle_id] for puzzle_id in suggestion.puzzle_ids if puzzle_id in by_id]
            if chosen:
                self.app.push_screen(PuzzleScreen(chosen))
        elif suggestion.action == "drill" and self.trainer.puzzles is not None:
            from trainer.tui.screens.drill import DrillScreen

            self.app.push_screen(DrillScreen("streak"))

    def action_review(self) -> None:
        from trainer.tui.screens.review import ReviewRun

        self.when_loaded(lambda: ReviewRun(self.trainer).start())

    def action_drill(self) -> None:
        from trainer.tui.screens.drill import DrillMenuScreen

        self.when_loaded(lambda: self.app.push_screen(DrillMenuScreen()))

    def action_skill_drills(self) -> None:
        from trainer.tui.screens.skill_drills import SkillDrillMenuScreen

        self.when_loaded(lambda: self.app.push_screen(SkillDrillMenuScreen()))

    def action_review_game(self) -> None:
        from trainer.tui.screens.game_review import GameReviewMenuScreen

        self.app.push_screen(GameReviewMenuScreen())

    def action_progress(self) -> None:
        from trainer.tui.screens.progress import ProgressScreen

        self.app.push_screen(ProgressScreen())

    def action_play(self) -> None:
        from trainer.tui.screens.play_menu import PlayMenuScreen

        self.app.push_screen(PlayMenuScreen())

    def action_explore(self) -> None:
        from trainer.tui.screens.explore import ExploreScreen

        self.app.push_screen(ExploreScreen())

    def action_help(self) -> None:
        from trainer.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())
