"""Puzzles: choose a set by kind, theme and difficulty, then solve on the board, in notation or by a cube action.

Forced puzzles (backgammon and acey-deucey) are graded by the engine (and explained with its words); bear-off
puzzles by the exact bear-off figures, showing the learner's play against the best one; cube puzzles by the exact
cube table, with the three equities in words. Every answer is stored with the time it took; the first
answer to a puzzle is rated (the learner's rating and the puzzle's move, shown with the deviation), and a miss comes
back for review (:mod:`trainer.training.service`). "At your level" serves unsolved puzzles near the learner's rating;
a set of best-play or cube puzzles (thousands of them mined, each rated) opens climbing from a little below the
learner's rating of its kind (:func:`~trainer.training.service.climbing_run`), the other sets in their files' order.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.timer import Timer
from textual.widgets import Button, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.content.best import best_solution
from trainer.content.doubles import double_name
from trainer.content.grading import Feedback, bearoff_solution
from trainer.content.models import (
    BearoffPuzzle,
    BestPuzzle,
    CubePuzzle,
    DoublePuzzle,
    ForcedPuzzle,
    PlayPuzzle,
    Puzzle,
    PuzzleVariant,
)
from trainer.content.puzzles import PUZZLE_CLASS
from trainer.content.themes import REVEALING_THEMES
from trainer.engine import Play, Turn, explain
from trainer.i18n import N_
from trainer.shared.kinds import RATING_KINDS, rating_kind
from trainer.training.service import (
    AnswerOutcome,
    answer_puzzle,
    climbing_run,
    current_rating,
    is_rated,
    puzzles_near_rating,
    rating_for,
)
from trainer.tui.playing import STEP_SECONDS, BoardPlay
from trainer.tui.screens.base import TrainerScreen
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.steps import PuzzleView, puzzle_view_for
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.widgets.text import SafeMarkdown
from trainer.tui.wording import common as common_words
from trainer.tui.wording import puzzles as puzzles_words
from trainer.tui.wording import skill_drills as skill_drills_words
from trainer.tui.wording import task as task_words
from trainer.tui.wording.puzzles import puzzle_title, set_title, theme_title

if TYPE_CHECKING:
    from trainer.content.puzzles import PuzzleLibrary

ANSWER_KEYS = Binding.Group(N_("Answer"))
"""The number keys that choose an option (the doubles of an acey-deucey double puzzle, yes or no)."""
AT_YOUR_LEVEL = 10
"""How many puzzles the "At your level" set holds."""
SETS: tuple[tuple[type[Puzzle], PuzzleVariant], ...] = (
    (ForcedPuzzle, "standard"),
    (BearoffPuzzle, "standard"),
    (CubePuzzle, "standard"),
    (BestPuzzle, "standard"),
    (ForcedPuzzle, "acey-deucey"),
    (DoublePuzzle, "acey-deucey"),
)
"""The kinds of puzzle sets in the menu's order: a kind of puzzle in a variant."""


class PuzzleMenuScreen(TrainerScreen):
    """Every puzzle set: all, each kind, each theme; 0-3 choose the difficulty."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("0", "difficulty(0)", N_("All levels")),
        Binding("1", "difficulty(1)", N_("Easy")),
        Binding("2", "difficulty(2)", N_("Medium")),
        Binding("3", "difficulty(3)", N_("Hard")),
    ]

    difficulty: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static(puzzles_words.puzzles_title(), classes="page-title")
            yield Static(id="puzzle-filter", classes="page-subtitle")
            yield OptionList(id="puzzle-sets", classes="menu")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.watch(self.trainer, "puzzles", self.refresh_sets)
        self.query_one("#puzzle-sets", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_sets()

    def watch_difficulty(self) -> None:
        self.refresh_sets()

    @property
    def library(self) -> PuzzleLibrary | None:
        return self.trainer.puzzles

    def selection(self, key: str) -> list[Puzzle]:
        """The puzzles of set ``key`` (``all``, ``kind:forced:standard``, ``theme:bearoff:race:standard``...) at
        the chosen difficulty; a theme's set is of one kind, since some themes serve two (``racing``)."""
        library = self.library
        if library is None:
            return []
        chosen = [p for p in library.puzzles if not self.difficulty or p.difficulty == self.difficulty]
        order = {kind_variant: index for index, kind_variant in enumerate(SETS)}
        chosen.sort(key=lambda puzzle: order.get((type(puzzle), puzzle.variant), len(order)))
        if key.startswith("kind:"):
            kind, variant = key.split(":")[1:]
            return [p for p in chosen if isinstance(p, PUZZLE_CLASS[kind]) and p.variant == variant]
        if key.startswith("theme:"):
            kind, theme, variant = key.split(":")[1:]
            return [
                p for p in chosen if isinstance(p, PUZZLE_CLASS[kind]) and p.theme == theme and p.variant == variant
            ]
        if key == "near":  # by rating, whatever the difficulty chosen
            return puzzles_near_rating(self.store, library.puzzles, self.now(), count=AT_YOUR_LEVEL)
        return chosen

    def refresh_sets(self) -> None:
        if not self.is_mounted:
            return
        menu = self.query_one("#puzzle-sets", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        rated = {kind: current_rating(self.store, self.now(), kind).text() for kind in RATING_KINDS}
        self.query_one("#puzzle-filter", Static).update(puzzles_words.puzzle_filter(rated, self.difficulty))
        library = self.library
        if library is None:
            menu.add_option(Option(puzzles_words.loading_puzzles(), id="loading", disabled=True))
            return
        solved = self.store.puzzles.solved_puzzles()

        def line(label: str, key: str, indent: str = "") -> Option:
            chosen = self.selection(key)
            done = sum(1 for puzzle in chosen if puzzle.id in solved)
            return Option(Text(indent + puzzles_words.puzzle_set_line(label, done, len(chosen))), id=key)

        menu.add_option(line(puzzles_words.all_puzzles(), "all"))
        near = len(self.selection("near"))
        if near:
            menu.add_option(Option(Text(puzzles_words.at_your_level(near)), id="near"))
        for kind, variant in SETS:
            if not library.themes(kind, variant):
                continue
            menu.add_option(None)
            menu.add_option(line(set_title(kind.KIND, variant), f"kind:{kind.KIND}:{variant}"))
            for theme in library.themes(kind, variant):
                if theme in REVEALING_THEMES:  # its name would give the answer away: its puzzles stay in the mix
                    continue
                key = f"theme:{kind.KIND}:{theme}:{variant}"
                if self.selection(key):  # a theme with no puzzle at this difficulty is left out
                    menu.add_option(line(theme_title(theme), key, "  · "))
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0

    def action_difficulty(self, level: int) -> None:
        self.difficulty = level

    def in_order(self, key: str, puzzles: list[Puzzle]) -> list[Puzzle]:
        """The puzzles of set ``key`` in the order it opens in: a kind's or theme's set of skill puzzles (best play,
        the cube) climbing from a little below the learner's rating of its kind, any other as chosen."""
        skill = bool(puzzles) and all(rating_kind(puzzle.kind) != "rules" for puzzle in puzzles)
        if skill and key.startswith(("kind:", "theme:")):
            return climbing_run(self.store, puzzles, self.now(), seed=0)
        return puzzles

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or "all"
        puzzles = self.in_order(key, self.selection(key))
        if not puzzles:
            return
        solved = self.store.puzzles.solved_puzzles()
        start = next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), 0)
        self.app.push_screen(PuzzleScreen(puzzles, start=start))


class PuzzleScreen(TaskScreen):
    """One puzzle at a time, shown through its view (:mod:`trainer.tui.steps`): answer, get feedback at once, retry,
    see the solution, go on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", N_("Next")),
        Binding("p", "no_play", N_("No legal play")),
        Binding("p", "cube('pass')", N_("Pass")),
        Binding("r", "retry", N_("Retry")),
        Binding("r", "cube('no double')", N_("No double")),
        Binding("s", "solution", N_("Solution")),
        *(Binding(str(number), f"option({number})", N_("Answer"), group=ANSWER_KEYS) for number in range(1, 7)),
    ]

    index: reactive[int] = reactive(0)
    done: reactive[bool] = reactive(False, bindings=True)
    solution_step_seconds = STEP_SECONDS
    """How long each checker move of the solution stays on the board before the next."""
    store_only: ClassVar[bool] = False
    """Whether answers are only stored, neither rated nor scheduled (a timed run's)."""

    def __init__(self, puzzles: list[Puzzle], *, start: int = 0, review: bool = False) -> None:
        """``review``: the puzzles are due for review (answers move their cards, none is rated; Next ends)."""
        super().__init__()
        self.puzzles = puzzles
        self.review = review
        self.revealed = False
        self.answered = False
        """Whether this showing of the puzzle has had an answer (later ones are retries)."""
        self.outcome: AnswerOutcome | None = None
        """What the first answer to this showing changed."""
        self.started = time.monotonic()
        self.replay: Timer | None = None
        self.view: PuzzleView[Puzzle] = puzzle_view_for(puzzles[start])
        self.set_reactive(PuzzleScreen.index, start)
        self.set_reactive(PuzzleScreen.done, False)  # so that an early check of the keys runs no watcher yet

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            Static(id="rating", classes="rating-line", markup=False),
            VerticalScroll(SafeMarkdown(id="step-text"), OptionList(id="options"), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput(task_words.type_a_bearoff_placeholder()),
            CubeActions(),
            Horizontal(
                Button(skill_drills_words.no_legal_play_label(), id="no-play", action="screen.no_play"),
                Button(skill_drills_words.retry_label(), id="retry", action="screen.retry"),
                Button(skill_drills_words.solution_label(), id="solution", action="screen.solution"),
                Button(common_words.next_label(), id="next", variant="primary", action="screen.next"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def accepts_moves(self) -> bool:
        return not self.done and self.view.answers_on_board

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = {
            "next": self.done,
            "no_play": not self.done and self.view.applies("no_play", parameters),
            "retry": self.done,
            "option": not self.done and bool(parameters) and parameters[0] in range(1, len(self.view.options()) + 1),
        }
        return applicable[action] if action in applicable else super().check_action(action, parameters)

    def on_mount(self) -> None:
        self.show_puzzle()

    def watch_index(self) -> None:
        self.revealed = False
        self.show_puzzle()

    def watch_done(self) -> None:
        self.refresh_controls()
        self.show_title()

    def refresh_controls(self) -> None:
        self.query_one(CubeActions).ask(None if self.done else self.view.cube_question)
        self.refresh_buttons()
        self.notation.display = self.accepts_moves()
        self.board.choosing = self.accepts_moves()
        self.query_one("#options", OptionList).disabled = self.done

    # --- showing ----------------------------------------------------------------------------------------

    def show_title(self) -> None:
        """The puzzle's number, kind and difficulty; its theme only once it is answered (the theme of a forced
        puzzle, such as "No legal play", would give the answer away)."""
        puzzle = self.puzzle
        theme = theme_title(puzzle.theme) if self.done else None
        where = None if self.review else (self.index + 1, len(self.puzzles))
        self.task_layout.set_title(
            " " + puzzles_words.puzzle_title_bar(where, puzzle_title(puzzle), puzzle.difficulty, theme)
        )

    def show_rating(self) -> None:
        """The learner's rating with its deviation; after a rated answer, how much it moved and the puzzle's."""
        outcome = self.outcome
        kind = rating_kind(self.puzzle.kind)
        if outcome is not None and outcome.rated:
            line = puzzles_words.rating_moved(
                kind, outcome.learner_after.text(), round(outcome.rating_change), round(outcome.puzzle_after.rating)
            )
        else:
            rated = not self.review and not self.answered and is_rated(self.store, self.puzzle)
            line = puzzles_words.rating_line(kind, rating_for(self.store, self.puzzle, self.now()).text(), rated=rated)
        self.query_one("#rating", Static).update(line)

    def show_puzzle(self) -> None:
        puzzle = self.puzzle
        self.stop_solution_replay()
        view = self.view = puzzle_view_for(puzzle)
        self.done = False
        self.answered = False
        self.outcome = None
        self.started = time.monotonic()
        self.show_title()
        self.show_rating()
        self.query_one(".step-heading", Static).update(puzzle_title(puzzle))
        self.query_one("#step-text", Markdown).update(view.text())
        board = self.board
        board.scene = view.scene()
        board.cursor_shown = False  # so that an enter meant for Next cannot make a move at once
        roll = view.roll_to_play()
        self.playing = None if roll is None else BoardPlay(board, *roll)
        self.feedback.clear()
        self.notation.value = ""
        self.notation.placeholder = view.placeholder()
        options = self.query_one("#options", OptionList)
        options.clear_options()
        for number, (key, label) in enumerate(view.options(), start=1):
            options.add_option(Option(Text(common_words.numbered(number, label)), id=key))
        options.display = options.option_count > 0
        self.refresh_controls()
        board.focus()

    # --- answering --------------------------------------------------------------------------------------

    def record(self, answer: str, correct: bool) -> None:
        """Store an answer. The first one of this showing counts: rated if it is the first answer ever to the
        puzzle, a miss making a review card (in review, moving the card); an answer given after the solution was
        shown is kept, but marked so that it doesn't count as solved."""
        outcome = answer_puzzle(
            self.store,
            self.puzzle,
            answer,
            correct=correct,
            seconds=round(time.monotonic() - self.started, 2),
            now=self.now(),
            question="play",
            revealed=self.revealed,
            retry=self.answered,
            store_only=self.store_only,
            in_review=self.review,
        )
        if not self.answered:
            self.answered = True
            self.outcome = outcome
        self.show_rating()

    def action_no_play(self) -> None:
        if self.check_action("no_play", ()):
            feedback = self.view.on_action("no_play", ())
            if feedback is not None:
                self.grade(feedback, "pass")

    def action_option(self, number: int) -> None:
        """Answer with the option ``number`` as shown (1 for the first)."""
        if not self.check_action("option", (number,)):
            return
        options = self.query_one("#options", OptionList)
        options.highlighted = number - 1
        options.action_select()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """An option answers the puzzle (a double puzzle: a double, or yes or no), graded by its view: a right answer
        ends it, as does a miss of a question with two answers; another miss may be tried again."""
        event.stop()
        if self.done or event.option.id is None:
            return
        feedback = self.view.on_option(event.option.id)
        if feedback is None:
            return
        answer = event.option.id.removeprefix("answer:")
        if answer.startswith("double:"):
            answer = double_name(int(answer.removeprefix("double:")))
        self.grade(feedback, answer)
        if not feedback.correct and not feedback.solution_offered:
            self.done = True

    @on(CubeActions.Chosen)
    def answer_cube(self, message: CubeActions.Chosen) -> None:
        """A cube puzzle's answer, by key or button; shown with the three equities in words, and done either way
        (with two answers, the explanation of a miss names the right one)."""
        message.stop()
        if self.done:
            return
        feedback = self.view.on_cube(message.action.value)
        if feedback is None:
            return
        self.record(message.action.value, feedback.correct)
        self.feedback.show_feedback(feedback)
        self.done = True
        self.board.focus()

    def played(self, play: Play, written: str) -> None:
        self.grade(self.view.on_play(play, written), written)

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        if not self.accepts_moves() or not event.value.strip():
            return
        answer = self.view.on_text(event.value)
        if isinstance(answer, Play):
            self.grade(self.view.on_play(answer, event.value), event.value, typed=True)
        else:
            self.grade(answer, event.value, typed=True)

    def grade(self, feedback: Feedback, answer: str, *, typed: bool = False) -> None:
        """Record the answer and show the verdict; a wrong one puts the checkers back for another try (a typed one
        is cleared from the box, which keeps the focus; the keys the feedback names still work from the empty box).
        An attempt that is no answer (a play the rules refuse, text that can't be read) is said why, not recorded.
        """
        if feedback.counts:
            self.record(answer, feedback.correct)
        if feedback.solution_offered:
            feedback = replace(feedback, message=skill_drills_words.try_again_or_solution(feedback.message))
        self.feedback.show_feedback(feedback)
        if feedback.correct:
            self.done = True
        elif self.playing is not None:
            self.playing.reset()
        if typed and not feedback.correct:
            self.notation.value = ""
            self.notation.focus()
        else:
            self.board.focus()  # so the keys named in the feedback (s, r, n) work at once

    # --- retry, solution, next --------------------------------------------------------------------------

    def action_retry(self) -> None:
        if self.done:
            self.show_puzzle()

    def action_solution(self) -> None:
        """Play the solution out on the board, one checker move at a time (for a cube puzzle: the right answer with
        its figures)."""
        puzzle = self.puzzle
        if not self.answered and not self.done:
            self.record("solution", False)  # asking for the solution first counts as a miss
        said = self.view.solution()
        if said is not None:
            self.revealed = True
            self.done = True
            self.feedback.show(skill_drills_words.solution(said), "info")
            return
        if self.playing is None or not isinstance(puzzle, PlayPuzzle):
            return
        solution = puzzle.accepted_plays()[0]
        self.revealed = True
        self.done = True
        self.playing.reset()
        explanation = explain(puzzle.board(), puzzle.roll()).text
        if solution.is_pass:
            self.feedback.show(skill_drills_words.solution_no_play(explanation), "info")
            return
        self.board.scene = replace(self.board.scene, marked=frozenset())
        match puzzle:
            case BestPuzzle():
                said = best_solution(puzzle, solution)
            case BearoffPuzzle():
                said = bearoff_solution(puzzle)
            case _:
                said = explanation
        self.feedback.show(skill_drills_words.solution(said), "info")
        self.stop_solution_replay()

        def step(turn: Turn) -> None:
            if self.playing is not None:
                self.notation.value = self.playing.turn.notation()

        self.replay = self.playing.animate(solution, interval=self.solution_step_seconds, on_step=step)
        self.board.focus()

    def stop_solution_replay(self) -> None:
        if self.replay is not None:
            self.replay.stop()
            self.replay = None

    def on_unmount(self) -> None:
        self.stop_solution_replay()

    def action_next(self) -> None:
        if not self.done:
            return
        if self.review:
            self.dismiss()
            return
        if self.index + 1 >= len(self.puzzles):
            self.app.pop_screen()
            self.app.notify(skill_drills_words.end_of_puzzle_set(), title=puzzles_words.puzzles_title(), markup=False)
            return
        self.index += 1
