"""The skill drills: Streak and Storm of best-play puzzles, the timed shot-count and pip-count drills, and the timed
knowledge drills (match equity, take points, the Keith count).

- **Best play: Streak**: best-play puzzles until the first miss; the best streak is kept.
- **Best play: Storm**: three minutes, as many as you can; a miss costs ten seconds; the best score is kept.

Both take every loaded best-play puzzle (the TOML files' and the mined JSON lines'), climbing from a little below the
learner's best-play rating (:func:`~trainer.training.service.climbing_run`), shuffled within each band of ratings.
The first play made is the answer (a refused move or a play that can't be read is not one); a miss shows the best
play on the board with the figures. Their answers are only stored (neither rated nor scheduled), as in the
recognition drill's runs. The counting drills are :class:`~trainer.tui.screens.counting.CountingScreen`'s, the
knowledge drills :class:`~trainer.tui.screens.knowledge.KnowledgeScreen`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.grading import Feedback
from trainer.content.models import BestPuzzle
from trainer.engine import Play
from trainer.i18n import N_
from trainer.practice.run import STORM_MISS_PENALTY, STORM_SECONDS, run_order
from trainer.shared.kinds import KNOWLEDGE_DRILLS, DrillMode
from trainer.training.service import climbing_run
from trainer.tui.scenes import played_scene
from trainer.tui.screens.base import MenuPageScreen
from trainer.tui.screens.puzzles import PuzzleScreen
from trainer.tui.screens.run_screen import RunScreen
from trainer.tui.screens.task_screen import SCROLL_PANEL_BINDINGS
from trainer.tui.widgets.task import NotationInput
from trainer.tui.wording import skill_drills as skill_drills_words

ENTRIES: tuple[str, ...] = (
    "best:streak",
    "best:storm",
    "count:shots",
    "count:pips",
    "know:met",
    "know:take",
    "know:keith",
)
"""The menu's entries, in its order (keys 1-7)."""


class SkillDrillMenuScreen(MenuPageScreen):
    """Best-play Streak and Storm with their bests, the counting drills and the knowledge drills with their averages:
    keys 1-7, or the arrows and enter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "open('best:streak')", N_("Streak")),
        Binding("2", "open('best:storm')", N_("Storm")),
        Binding("3", "open('count:shots')", N_("Shots")),
        Binding("4", "open('count:pips')", N_("Pips")),
        Binding("5", "open('know:met')", N_("Equity")),
        Binding("6", "open('know:take')", N_("Take points")),
        Binding("7", "open('know:keith')", N_("Keith")),
    ]

    MENU_ID = "skill-drills"

    def page_title(self) -> str:
        return skill_drills_words.skill_drills_title()

    def page_subtitle(self) -> str:
        return skill_drills_words.skill_drills_subtitle()

    def add_entries(self, menu: OptionList) -> None:
        from trainer.practice.stats import Records, counting_drill_figures, knowledge_drill_figures

        streak, storm = self.store.drills.drill_best("streak", "best"), self.store.drills.drill_best("storm", "best")
        minutes = round(STORM_SECONDS / 60)
        menu.add_option(Option(skill_drills_words.best_streak_entry(streak), id="best:streak"))
        menu.add_option(
            Option(skill_drills_words.best_storm_entry(minutes, round(STORM_MISS_PENALTY), storm), id="best:storm")
        )
        library = self.trainer.puzzles
        counts = [] if library is None else library.counts
        counting = counting_drill_figures(counts, Records(attempts=self.store.puzzles.all_puzzle_attempts()))
        for number, (kind, figures) in enumerate(counting.items(), start=3):
            menu.add_option(
                Option(skill_drills_words.count_drill_entry(number, kind, figures.best_ten), id=f"count:{kind}")
            )
        knowledge = knowledge_drill_figures(self.store.knowledge.knowledge_answers())
        for number, (drill, figures) in enumerate(knowledge.items(), start=3 + len(counting)):
            menu.add_option(
                Option(skill_drills_words.knowledge_drill_entry(number, drill, figures.best_ten), id=f"know:{drill}")
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id in ENTRIES:
            self.action_open(event.option.id)

    def action_open(self, entry: str) -> None:
        group, name = entry.split(":")
        if group == "know" and name in KNOWLEDGE_DRILLS:
            from trainer.tui.screens.knowledge import KnowledgeScreen

            self.app.push_screen(KnowledgeScreen(KNOWLEDGE_DRILLS[KNOWLEDGE_DRILLS.index(name)]))
            return
        library = self.trainer.puzzles
        if library is None:
            return
        if group == "best":
            best = [puzzle for puzzle in library.puzzles if isinstance(puzzle, BestPuzzle)]
            if best:
                self.app.push_screen(BestRunScreen("storm" if name == "storm" else "streak", best))
        elif name in ("shots", "pips"):
            from trainer.tui.screens.counting import CountingScreen

            self.app.push_screen(CountingScreen("shots" if name == "shots" else "pips"))


class BestRunScreen(RunScreen[BestPuzzle], PuzzleScreen, inherit_bindings=False):
    """A Streak or Storm of best-play puzzles: one play per puzzle, right or missed, scored by the mode. The run
    (:class:`~trainer.practice.run.Run`) serves the puzzles, not the puzzle screen's list and index.

    Its keys are its own (no retry and no solution in a run), the task screen's that apply declared again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "leave", N_("Back")),
        Binding("enter,n", "next", N_("Next")),
        Binding("a", "again", N_("Again")),
        Binding("b", "focus_board", N_("Board"), show=False),
        Binding("slash", "focus_notation", N_("Type a play")),
        Binding("u,backspace", "undo", N_("Undo")),
        *SCROLL_PANEL_BINDINGS,
    ]

    store_only = True
    """A run's answers are neither rated nor scheduled."""
    over: reactive[bool] = reactive(False, bindings=True)
    """Whether the run has ended (the Streak missed, the Storm's time up)."""

    drill = "best"

    def __init__(self, mode: DrillMode, puzzles: list[BestPuzzle], *, seed: int | None = None) -> None:
        """A run of ``mode`` over ``puzzles`` (shuffled by ``seed``, by default the time the run starts)."""
        self.mode: DrillMode = mode
        self.pool = list(puzzles)
        self.seed = seed
        super().__init__(run_order(self.pool, seed or 0))
        self.set_reactive(BestRunScreen.over, False)

    @property
    def puzzle(self) -> BestPuzzle:
        """The run's puzzle up."""
        puzzle = self.running().puzzle
        assert puzzle is not None
        return puzzle

    @property
    def ended(self) -> bool:
        return self.over

    def start_run(self) -> None:
        """A new run: the puzzles in a new order, a fresh score against the best, its first puzzle up."""
        now = self.now()
        seed = self.seed if self.seed is not None else int(now)
        self.begin_run(self.mode, climbing_run(self.store, self.pool, now, seed), now)
        self.running().next_puzzle()
        self.seed = None  # a run started again is shuffled anew
        self.over = False
        self.show_puzzle()

    def show_puzzle(self) -> None:
        super().show_puzzle()
        self.view.final = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.done and not self.over
        if action == "again":
            return self.over
        if action in ("retry", "solution", "no_play", "option"):
            return False
        return super().check_action(action, parameters)

    def accepts_moves(self) -> bool:
        return not self.over and super().accepts_moves()

    # --- showing ---------------------------------------------------------------------------------------

    def show_title(self) -> None:
        self.show_run_status()

    def title_bar(self, status: str) -> str:
        return skill_drills_words.best_run_title_bar(self.mode, status)

    def show_rating(self) -> None:
        self.query_one("#rating", Static).update(skill_drills_words.run_not_rated())

    # --- answering -------------------------------------------------------------------------------------

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        event.prevent_default()  # the puzzle screen's handler would grade it again
        if not self.accepts_moves() or not event.value.strip():
            return
        answer = self.view.on_text(event.value)
        if isinstance(answer, Play):
            self.grade(self.view.on_play(answer, event.value), event.value, typed=True)
            return
        self.feedback.show_feedback(answer)  # unreadable or illegal: no answer yet
        self.notation.value = ""
        self.notation.focus()

    def grade(self, feedback: Feedback, answer: str, *, typed: bool = False) -> None:
        """The first play is the answer: scored by the mode, the best play shown after a miss."""
        if self.done or self.over or self.time_is_up():
            return
        self.record(answer, feedback.correct)
        if not feedback.correct:
            self.show_best()
        run = self.running()
        effect = run.answer(feedback.correct, self.now())
        if run.mode.timed and not effect.over:
            self.next_puzzle()  # at once, the verdict staying in view
            self.say_previous(feedback)
            return
        self.feedback.show_feedback(feedback)
        if effect.over:
            self.finish()
            return
        self.done = True
        self.board.focus()

    def show_best(self) -> None:
        """The best play on the board, from and to."""
        if self.playing is None:
            return
        self.playing.reset()
        best = self.puzzle.accepted_plays()[0]
        self.board.scene = replace(played_scene(self.board.scene, best), caption=skill_drills_words.the_best_play())

    def next_puzzle(self) -> None:
        """Show the run's next puzzle."""
        self.running().next_puzzle()
        self.show_puzzle()

    def action_next(self) -> None:
        if self.done and not self.over:
            self.next_puzzle()

    # --- the end ---------------------------------------------------------------------------------------

    def show_run_over(self, result: str) -> None:
        self.over = True
        self.done = True
        if self.playing is not None:
            self.board.choosing = False
        self.query_one("#step-text", Markdown).update(result)

    def watch_over(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        super().refresh_controls()
        if self.over:
            self.board.choosing = False
            self.notation.display = False
