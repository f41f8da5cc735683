"""Puzzles: choose a set by kind, theme and difficulty, then solve on the board, in notation or by a cube action.

Forced puzzles (backgammon and acey-deucey) are graded by the engine (and explained with its words); bear-off
puzzles by the exact bear-off figures, showing the learner's play against the best one; cube puzzles by the exact
cube table, with the three equities in words. Every answer is stored with the time it took; the first
answer to a puzzle is rated (the learner's rating and the puzzle's move, shown with the deviation), and a miss comes
back for review (:mod:`trainer.training`). "At your level" serves unsolved puzzles near the learner's rating.
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

from trainer.content.cube import cube_solution, grade_cube_puzzle
from trainer.content.grading import Feedback, bearoff_solution, grade_puzzle
from trainer.content.themes import REVEALING_THEMES, THEME_TITLES, VARIANT_TITLES
from trainer.engine import Cube, Play, Side, Turn, explain
from trainer.practice.stats import kind_name
from trainer.training import AnswerOutcome, answer_puzzle, current_rating, is_rated, puzzles_near_rating
from trainer.tui.playing import STEP_SECONDS, BoardPlay, Refused
from trainer.tui.screens.base import TaskScreen, TrainerScreen
from trainer.tui.widgets.cube import CubeActions
from trainer.tui.widgets.feedback import FeedbackBar
from trainer.tui.widgets.footer import KeysFooter
from trainer.tui.widgets.task import NotationInput, TaskLayout
from trainer.tui.widgets.text import SafeMarkdown

if TYPE_CHECKING:
    from trainer.content.puzzles import Puzzle, PuzzleLibrary

DIFFICULTY_NAMES = {0: "all", 1: "easy", 2: "medium", 3: "hard"}
AT_YOUR_LEVEL = 10
"""How many puzzles the "At your level" set holds."""
SETS = (("forced", "standard"), ("bearoff", "standard"), ("cube", "standard"), ("forced", "acey-deucey"))
"""The kinds of puzzle sets in the menu's order: a kind of puzzle in a variant."""


def set_title(kind: str, variant: str) -> str:
    """What the menu calls a kind of puzzle in a variant: ``Forced moves``, ``Acey-deucey: forced moves``."""
    title = kind_name(kind).title
    return title if variant == "standard" else f"{VARIANT_TITLES[variant]}: {title[:1].lower()}{title[1:]}"


def puzzle_title(puzzle: Puzzle) -> str:
    """What a puzzle is, for its screen's title: ``Forced move``, ``Cube decision``, ``Acey-deucey: forced move``."""
    return set_title(puzzle.kind, puzzle.variant).removesuffix("s")


class PuzzleMenuScreen(TrainerScreen):
    """Every puzzle set: all, each kind, each theme; 0-3 choose the difficulty."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("0", "difficulty(0)", "All levels"),
        Binding("1", "difficulty(1)", "Easy"),
        Binding("2", "difficulty(2)", "Medium"),
        Binding("3", "difficulty(3)", "Hard"),
    ]

    difficulty: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        with Vertical(classes="menu-page"):
            yield Static("Puzzles", classes="page-title")
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
        """The puzzles of set ``key`` (``all``, ``kind:forced:standard``, ``theme:race:standard``...) at the
        chosen difficulty."""
        library = self.library
        if library is None:
            return []
        chosen = [p for p in library.puzzles if not self.difficulty or p.difficulty == self.difficulty]
        order = {kind_variant: index for index, kind_variant in enumerate(SETS)}
        chosen.sort(key=lambda puzzle: order.get((puzzle.kind, puzzle.variant), len(order)))
        if key.startswith("kind:"):
            _, kind, variant = key.split(":")
            return [p for p in chosen if p.kind == kind and p.variant == variant]
        if key.startswith("theme:"):
            _, theme, variant = key.split(":")
            return [p for p in chosen if p.theme == theme and p.variant == variant]
        if key == "near":  # by rating, whatever the difficulty chosen
            return puzzles_near_rating(self.store, library.puzzles, self.now(), count=AT_YOUR_LEVEL)
        return chosen

    def refresh_sets(self) -> None:
        if not self.is_mounted:
            return
        menu = self.query_one("#puzzle-sets", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        rating = current_rating(self.store, self.now()).text()
        self.query_one("#puzzle-filter", Static).update(
            f"Your rating {rating}   Difficulty: {DIFFICULTY_NAMES[self.difficulty]}  (press 0, 1, 2 or 3)"
        )
        library = self.library
        if library is None:
            menu.add_option(Option("Loading puzzles…", id="loading", disabled=True))
            return
        solved = self.store.solved_puzzles()

        def line(label: str, key: str, indent: str = "") -> Option:
            chosen = self.selection(key)
            done = sum(1 for puzzle in chosen if puzzle.id in solved)
            return Option(Text(f"{indent}{label}  ({done}/{len(chosen)} solved)"), id=key)

        menu.add_option(line("All puzzles", "all"))
        near = len(self.selection("near"))
        if near:
            menu.add_option(Option(Text(f"At your level  ({near} unsolved near your rating)"), id="near"))
        for kind, variant in SETS:
            if not library.themes(kind, variant):
                continue
            menu.add_option(None)
            menu.add_option(line(set_title(kind, variant), f"kind:{kind}:{variant}"))
            for theme in library.themes(kind, variant):
                if theme in REVEALING_THEMES:  # its name would give the answer away: its puzzles stay in the mix
                    continue
                if self.selection(f"theme:{theme}:{variant}"):  # a theme with no puzzle at this difficulty is left out
                    menu.add_option(line(THEME_TITLES[theme], f"theme:{theme}:{variant}", "  · "))
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0

    def action_difficulty(self, level: int) -> None:
        self.difficulty = level

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        puzzles = self.selection(event.option.id or "all")
        if not puzzles:
            return
        solved = self.store.solved_puzzles()
        start = next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), 0)
        self.app.push_screen(PuzzleScreen(puzzles, start=start))


class PuzzleScreen(TaskScreen):
    """One puzzle at a time: answer, get feedback at once, retry, see the solution, go on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,n", "next", "Next"),
        Binding("p", "no_play", "No legal play"),
        Binding("p", "cube('pass')", "Pass"),
        Binding("r", "retry", "Retry"),
        Binding("r", "cube('no double')", "No double"),
        Binding("s", "solution", "Solution"),
    ]

    index: reactive[int] = reactive(0)
    done: reactive[bool] = reactive(False, bindings=True)
    solution_step_seconds = STEP_SECONDS
    """How long each checker move of the solution stays on the board before the next."""

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
        self.set_reactive(PuzzleScreen.index, start)
        self.set_reactive(PuzzleScreen.done, False)  # so that an early check of the keys runs no watcher yet

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield TaskLayout(
            Static(classes="step-heading", markup=False),
            Static(id="rating", classes="rating-line", markup=False),
            VerticalScroll(SafeMarkdown(id="step-text"), classes="step-scroll"),
            FeedbackBar(id="feedback"),
            NotationInput("type a play, e.g. 6/off 5/3"),
            CubeActions(),
            Horizontal(
                Button("No legal play", id="no-play", action="screen.no_play"),
                Button("Retry", id="retry", action="screen.retry"),
                Button("Solution", id="solution", action="screen.solution"),
                Button("Next", id="next", variant="primary", action="screen.next"),
                classes="buttons",
            ),
        )
        yield KeysFooter()

    def accepts_moves(self) -> bool:
        return not self.done and self.puzzle.kind != "cube"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        applicable = {
            "next": self.done,
            "no_play": self.accepts_moves(),
            "retry": self.done,
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
        puzzle = self.puzzle
        self.query_one(CubeActions).ask(puzzle.question if not self.done and puzzle.kind == "cube" else None)
        self.refresh_buttons()
        self.notation.display = self.accepts_moves()
        self.board.choosing = self.accepts_moves()

    # --- showing ----------------------------------------------------------------------------------------

    def show_title(self) -> None:
        """The puzzle's number, kind and difficulty; its theme only once it is answered (the theme of a forced
        puzzle, such as "No legal play", would give the answer away)."""
        puzzle = self.puzzle
        kind = puzzle_title(puzzle)
        theme = f"   {THEME_TITLES.get(puzzle.theme, puzzle.theme)}" if self.done else ""
        stars = "★" * puzzle.difficulty
        where = "Review" if self.review else f"Puzzle {self.index + 1} of {len(self.puzzles)}"
        self.task_layout.set_title(f" {where}   {kind}  {stars}{theme}")

    def show_rating(self) -> None:
        """The learner's rating with its deviation; after a rated answer, how much it moved and the puzzle's."""
        outcome = self.outcome
        if outcome is not None and outcome.rated:
            change = round(outcome.rating_change)
            line = f"Rating {outcome.learner_after.text()}  ({change:+d})   puzzle {round(outcome.puzzle_after.rating)}"
        else:
            rated = not self.review and not self.answered and is_rated(self.store, self.puzzle)
            line = f"Rating {current_rating(self.store, self.now()).text()}" + ("   this one is rated" if rated else "")
        self.query_one("#rating", Static).update(line)

    def show_puzzle(self) -> None:
        puzzle = self.puzzle
        self.stop_solution_replay()
        self.done = False
        self.answered = False
        self.outcome = None
        self.started = time.monotonic()
        self.show_title()
        self.show_rating()
        self.query_one(".step-heading", Static).update(puzzle_title(puzzle))
        self.query_one("#step-text", Markdown).update(puzzle.prompt)
        board = self.board
        board.marked, board.last_move = frozenset(), None
        board.caption = f"puzzle {puzzle.id}"
        board.cursor_shown = False  # so that an enter meant for Next cannot make a move at once
        if puzzle.kind == "cube":
            self.show_cube_puzzle(puzzle)
        else:
            board.names, board.turn_label, board.cube = ("You", "O"), "to play", None
            self.playing = BoardPlay(board, puzzle.board(), puzzle.roll())
        self.feedback.clear()
        self.notation.value = ""
        self.refresh_controls()
        board.focus()

    def show_cube_puzzle(self, puzzle: Puzzle) -> None:
        """A cube puzzle: X on roll before rolling, the cube where the question puts it (offered, in the middle,
        when O is asked to take), no dice."""
        board = self.board
        self.playing = None
        owned = puzzle.owner == "player"
        offered = Cube(4 if owned else 2)  # turned and offered: in the middle until O answers
        cube = offered if puzzle.question == "take" else Cube(2, Side.X) if owned else Cube()
        board.position, board.dice, board.used_dice = puzzle.board(), None, ()
        board.selected, board.targets = None, frozenset()
        board.names, board.on_roll, board.cube = ("X", "O"), Side.X, cube
        board.turn_label = "doubles" if puzzle.question == "take" else "to roll"

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
            in_review=self.review,
        )
        if not self.answered:
            self.answered = True
            self.outcome = outcome
        self.show_rating()

    def action_no_play(self) -> None:
        if self.accepts_moves():
            self.grade(grade_puzzle(self.puzzle, None), "pass")

    @on(CubeActions.Chosen)
    def answer_cube(self, message: CubeActions.Chosen) -> None:
        """A cube puzzle's answer, by key or button; shown with the three equities in words, and done either way
        (with two answers, the explanation of a miss names the right one)."""
        message.stop()
        if self.done or self.puzzle.kind != "cube":
            return
        feedback = grade_cube_puzzle(self.puzzle, message.action)
        self.record(message.action, feedback.correct)
        self.feedback.show_feedback(feedback)
        self.done = True
        self.board.focus()

    def refused(self, refusal: Refused, point: int) -> None:
        assert self.playing is not None
        self.record(self.playing.turn.notation() or f"point {point}", False)

    def played(self, play: Play, written: str) -> None:
        self.grade(grade_puzzle(self.puzzle, play, written), written)

    def on_input_submitted(self, event: NotationInput.Submitted) -> None:
        if not self.accepts_moves() or not event.value.strip():
            return
        self.grade(grade_puzzle(self.puzzle, event.value), event.value, typed=True)

    def grade(self, feedback: Feedback, answer: str, *, typed: bool = False) -> None:
        """Record the answer and show the verdict; a wrong one puts the checkers back for another try (a typed one
        is cleared from the box, which keeps the focus; the keys the feedback names still work from the empty box).
        """
        self.record(answer, feedback.correct)
        if feedback.solution_offered:
            feedback = replace(feedback, message=f"{feedback.message} Try again, or press s for the solution.")
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
        if puzzle.kind == "cube":
            if not self.answered and not self.done:
                self.record("solution", False)
            self.revealed = True
            self.done = True
            self.feedback.show(f"Solution: {cube_solution(puzzle)}", "info")
            return
        if self.playing is None:
            return
        solution = puzzle.accepted_plays()[0]
        if not self.answered and not self.done:
            self.record("solution", False)  # asking for the solution first counts as a miss
        self.revealed = True
        self.done = True
        self.playing.reset()
        if solution.is_pass:
            self.feedback.show("Solution: no legal play. " + explain(puzzle.board(), puzzle.roll()).text, "info")
            return
        self.board.marked = frozenset()
        if puzzle.kind == "forced":
            self.feedback.show(f"Solution: {explain(puzzle.board(), puzzle.roll()).text}", "info")
        else:
            self.feedback.show(f"Solution: {bearoff_solution(puzzle)}", "info")
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
            self.app.notify("You have reached the end of this puzzle set.", title="Puzzles")
            return
        self.index += 1
