"""Puzzles: choose a set by kind, theme and difficulty, then solve on the board or in notation.

Forced puzzles are graded by the engine (and explained with its words); bear-off puzzles by the exact bear-off
figures, showing the learner's play against the best one. Every answer is stored with the time it took.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from trainer.engine import OFF, IllegalPlayError, Play, PlayError, explain, parse_play
from trainer.store import ProgressStore, Question
from trainer.tui.board import BoardView
from trainer.tui.playing import BoardPlay, Refused, sentence

if TYPE_CHECKING:
    from trainer.content.puzzles import Puzzle, PuzzleLibrary
    from trainer.engine.bearoff import RankedPlay

DIFFICULTY_NAMES = {0: "all", 1: "easy", 2: "medium", 3: "hard"}


def _store(screen: Screen[None]) -> ProgressStore | None:
    store = getattr(screen.app, "store", None)
    return store if isinstance(store, ProgressStore) else None


class PuzzleMenuScreen(Screen[None]):
    """Every puzzle set: all, each kind, each theme; 0-3 choose the difficulty."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "back", "Back"),
        Binding("0", "difficulty(0)", "All levels"),
        Binding("1", "difficulty(1)", "Easy"),
        Binding("2", "difficulty(2)", "Medium"),
        Binding("3", "difficulty(3)", "Hard"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.difficulty = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("Puzzles", id="home-title")
            yield Static(id="puzzle-filter")
            yield OptionList(id="puzzle-sets")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_sets()
        self.query_one("#puzzle-sets", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_sets()

    @property
    def library(self) -> PuzzleLibrary | None:
        return getattr(self.app, "puzzles", None)

    def selection(self, key: str) -> list[Puzzle]:
        """The puzzles of set ``key`` (``all``, ``kind:forced``, ``theme:race``...) at the chosen difficulty."""
        library = self.library
        if library is None:
            return []
        chosen = [p for p in library.puzzles if not self.difficulty or p.difficulty == self.difficulty]
        chosen.sort(key=lambda puzzle: puzzle.kind != "forced")
        if key.startswith("kind:"):
            return [p for p in chosen if p.kind == key[5:]]
        if key.startswith("theme:"):
            return [p for p in chosen if p.theme == key[6:]]
        return chosen

    def refresh_sets(self) -> None:
        from trainer.content.puzzles import THEME_TITLES

        menu = self.query_one("#puzzle-sets", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        self.query_one("#puzzle-filter", Static).update(
            f"Difficulty: {DIFFICULTY_NAMES[self.difficulty]}  (press 0, 1, 2 or 3)"
        )
        library = self.library
        if library is None:
            menu.add_option(Option("Loading puzzles…", id="loading", disabled=True))
            return
        store = _store(self)
        solved = store.solved_puzzles() if store is not None else set()

        def line(label: str, key: str, indent: str = "") -> Option:
            chosen = self.selection(key)
            done = sum(1 for puzzle in chosen if puzzle.id in solved)
            return Option(f"{indent}{label}  ({done}/{len(chosen)} solved)", id=key)

        menu.add_option(line("All puzzles", "all"))
        for kind, title in (("forced", "Forced moves"), ("bearoff", "Bear-offs")):
            menu.add_option(None)
            menu.add_option(line(title, f"kind:{kind}"))
            for theme in library.themes(kind):
                if self.selection(f"theme:{theme}"):  # a theme with no puzzle at this difficulty is left out
                    menu.add_option(line(THEME_TITLES[theme], f"theme:{theme}", "  · "))
        menu.highlighted = highlighted if highlighted is not None and highlighted < menu.option_count else 0

    def refresh_lessons(self) -> None:
        """Called when content finishes loading."""
        self.refresh_sets()

    def action_difficulty(self, level: int) -> None:
        self.difficulty = level
        self.refresh_sets()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        puzzles = self.selection(event.option.id or "all")
        if not puzzles:
            return
        store = _store(self)
        solved = store.solved_puzzles() if store is not None else set()
        start = next((index for index, puzzle in enumerate(puzzles) if puzzle.id not in solved), 0)
        self.app.push_screen(PuzzleScreen(puzzles, start=start))

    def action_back(self) -> None:
        self.app.pop_screen()


class PuzzleScreen(Screen[None]):
    """One puzzle at a time: answer, get feedback at once, retry, see the solution, go on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "back", "Back"),
        Binding("y", "forced(True)", "Forced"),
        Binding("x", "forced(False)", "Not forced"),
        Binding("n", "next", "Next"),
        Binding("b", "focus_board", "Board"),
        Binding("p", "no_play", "No legal play"),
        Binding("u", "undo", "Undo"),
        Binding("r", "retry", "Retry"),
        Binding("s", "solution", "Solution"),
        Binding("slash", "focus_notation", "Type a play"),
    ]

    def __init__(self, puzzles: list[Puzzle], *, start: int = 0) -> None:
        super().__init__()
        self.puzzles = puzzles
        self.index = start
        self.asking = False
        self.done = False
        self.revealed = False
        self.started = time.monotonic()
        self.playing: BoardPlay | None = None
        self.replay: Timer | None = None

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-title")
        with Horizontal(id="lesson-body"):
            yield BoardView(id="board")
            with Vertical(id="panel"):
                yield Static(id="step-heading")
                with VerticalScroll(id="step-scroll"):
                    yield Markdown(id="step-text")
                yield Static(id="feedback")
                yield Input(id="notation", placeholder="type a play, e.g. 6/off 5/3", select_on_focus=False)
                with Horizontal(id="buttons"):
                    yield Button("Forced (y)", id="yes", action="screen.forced(True)")
                    yield Button("Not forced (x)", id="no", action="screen.forced(False)")
                    yield Button("No legal play", id="no-play", action="screen.no_play")
                    yield Button("Retry", id="retry", action="screen.retry")
                    yield Button("Solution", id="solution", action="screen.solution")
                    yield Button("Next", id="next", variant="primary", action="screen.next")
        yield Footer()

    def on_mount(self) -> None:
        self.show_puzzle()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        playing = not self.asking and not self.done
        applicable = {
            "forced": self.asking,
            "next": self.done,
            "no_play": playing,
            "undo": playing,
            "focus_notation": playing,
            "retry": self.done,
            "solution": not self.asking,
        }
        return applicable.get(action, True)

    # --- showing ----------------------------------------------------------------------------------------

    def show_puzzle(self) -> None:
        from trainer.content.puzzles import THEME_TITLES

        puzzle = self.puzzle
        self.stop_solution_replay()
        self.asking = puzzle.ask_forced and not self.revealed
        self.done = False
        self.started = time.monotonic()
        stars = "★" * puzzle.difficulty
        self.query_one("#lesson-title", Static).update(
            f" Puzzle {self.index + 1} of {len(self.puzzles)}   {THEME_TITLES.get(puzzle.theme, puzzle.theme)}  {stars}"
        )
        self.query_one("#step-heading", Static).update("Forced move" if puzzle.kind == "forced" else "Bear-off")
        prompt = puzzle.prompt
        if self.asking:
            prompt += "\n\n**First: is this roll forced?** (only one legal play, or none)"
        self.query_one("#step-text", Markdown).update(prompt)
        board = self.query_one(BoardView)
        board.marked = frozenset()
        board.caption = f"puzzle {puzzle.id}"
        self.playing = BoardPlay(board, puzzle.board(), puzzle.roll())
        self.set_feedback(None)
        notation = self.query_one("#notation", Input)
        notation.value = ""
        self.refresh_controls()
        board.focus()

    def refresh_controls(self) -> None:
        self.refresh_bindings()
        playing = not self.asking and not self.done
        shown = {
            "yes": self.asking,
            "no": self.asking,
            "no-play": playing,
            "retry": self.done,
            "solution": not self.asking,
            "next": self.done,
        }
        for button_id, visible in shown.items():
            self.query_one(f"#{button_id}", Button).display = visible
        self.query_one("#notation", Input).display = playing

    def set_feedback(self, text: str | None, *, right: bool = False, info: bool = False) -> None:
        widget = self.query_one("#feedback", Static)
        widget.remove_class("right", "wrong", "info")
        widget.display = text is not None
        if text is not None:
            kind, mark = ("info", "") if info else ("right", "✓ ") if right else ("wrong", "✗ ")
            widget.add_class(kind)
            widget.update(mark + text)

    # --- answering --------------------------------------------------------------------------------------

    def record(self, answer: str, correct: bool, question: Question = "play") -> None:
        store = _store(self)
        if store is not None:
            # An answer given after the solution was shown is kept, but marked so that it doesn't count as solved.
            store.record_puzzle_attempt(
                self.puzzle.id,
                answer,
                correct=correct,
                seconds=round(time.monotonic() - self.started, 2),
                question=question,
                revealed=self.revealed,
            )

    def action_forced(self, answer: bool) -> None:
        if not self.asking:
            return
        self.record("yes" if answer else "no", answer, question="forced")
        if answer:
            self.asking = False
            self.set_feedback("Yes: there is only one way to play this roll (or none). Now find it.", right=True)
            self.query_one("#step-text", Markdown).update(self.puzzle.prompt)
        else:
            self.set_feedback("It is forced: look at which checkers can move at all, and where.")
        self.refresh_controls()

    def action_no_play(self) -> None:
        if self.asking or self.done:
            return
        self.grade_answer(None, "pass")

    def on_board_view_point_chosen(self, event: BoardView.PointChosen) -> None:
        if self.asking or self.done or self.playing is None:
            return
        outcome = self.playing.choose(event.point)
        self.query_one("#notation", Input).value = self.playing.turn.notation()
        if isinstance(outcome, Refused):
            self.set_feedback(("Illegal: " if outcome.illegal else "") + outcome.reason)
            if outcome.illegal:
                self.record(self.playing.turn.notation() or f"point {event.point}", False)
        elif outcome is not None:
            self.grade_answer(outcome, str(outcome))
        else:
            self.set_feedback(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.asking or self.done or not event.value.strip():
            return
        puzzle = self.puzzle
        try:
            play = parse_play(puzzle.board(), puzzle.roll(), event.value)
        except PlayError as error:
            self.set_feedback(("Illegal: " if isinstance(error, IllegalPlayError) else "") + sentence(error.reason))
            self.record(event.value, False)
            return
        self.grade_answer(play, event.value)

    def grade_answer(self, play: Play | None, answer: str) -> None:
        """Grade a whole play (``None`` for "no legal play") and say why, in words and figures."""
        puzzle = self.puzzle
        position, dice = puzzle.board(), puzzle.roll()
        accepted = {accepted.result for accepted in puzzle.accepted_plays()}
        result = position if play is None else play.result
        correct = result in accepted
        self.record(answer, correct)
        if puzzle.kind == "forced":
            if correct:
                text = explain(position, dice).text
            elif play is None:
                text = "This roll can be played: look again at every checker and both dice."
            else:  # pragma: no cover - a forced roll has one legal play, so any legal play is the answer
                text = f"{play} is legal, but not the answer."
        else:
            text = self.bearoff_feedback(play, correct)
        if correct:
            self.done = True
            self.set_feedback(text, right=True)
        else:
            self.set_feedback(text)
            if self.playing is not None:
                self.playing.reset()
        self.refresh_controls()
        self.query_one(BoardView).focus()  # so the keys named in the feedback (s, r, n) work at once

    def bearoff_feedback(self, play: Play | None, correct: bool) -> str:
        from trainer.content.puzzles import best_group

        puzzle = self.puzzle
        if play is None:
            return "This roll can be played: every bear-off roll can."
        ranking = puzzle.ranking()
        group, _ = best_group(ranking, puzzle.theme)
        best = group[0]
        mine = next(entry for entry in ranking if entry.play.result == play.result)

        def figures(entry: RankedPlay) -> str:
            rolls = f"needs {entry.expected_rolls:.3f} rolls on average"
            return f"wins {entry.win_probability:.1%}, {rolls}" if puzzle.theme == "race" else rolls

        if correct:
            others = [entry for entry in ranking if entry not in group]
            text = f"{play} is best: {figures(mine)}."
            if others:
                runner = others[0] if puzzle.theme == "race" else min(others, key=lambda e: e.expected_rolls)
                text += f" Next best, {runner.play}: {figures(runner)}."
            return text
        if puzzle.theme == "race":
            better = f"wins {best.win_probability - mine.win_probability:.1%} more often"
        else:
            better = f"needs {mine.expected_rolls - best.expected_rolls:.3f} fewer rolls on average"
        return f"{play} {figures(mine)}. The best play {better}. Try again, or press s for the solution."

    # --- retry, solution, next --------------------------------------------------------------------------

    def action_undo(self) -> None:
        if self.playing is not None and not self.done and self.playing.undo():
            self.query_one("#notation", Input).value = self.playing.turn.notation()

    def action_retry(self) -> None:
        if self.done:
            self.show_puzzle()

    def action_solution(self) -> None:
        """Play the solution out on the board, one checker move at a time."""
        if self.asking or self.playing is None:
            return
        puzzle = self.puzzle
        solution = puzzle.accepted_plays()[0]
        self.done = True
        self.revealed = True
        self.refresh_controls()
        self.playing.reset()
        if solution.is_pass:
            self.set_feedback("Solution: no legal play. " + explain(puzzle.board(), puzzle.roll()).text, info=True)
            return
        moves = list(solution.moves)
        board = self.query_one(BoardView)
        board.marked = frozenset()
        self.set_feedback(f"Solution: {solution}", info=True)
        self.stop_solution_replay()

        def step() -> None:
            if not moves or self.playing is None:
                self.stop_solution_replay()
                return
            move = moves.pop(0)
            self.playing.turn = self.playing.turn.move(move.start, move.end)
            self.playing.show()
            board.marked = board.marked | ({move.end} if move.end != OFF else set())
            self.query_one("#notation", Input).value = self.playing.turn.notation()

        self.replay = self.set_interval(0.4, step)

    def stop_solution_replay(self) -> None:
        if self.replay is not None:
            self.replay.stop()
            self.replay = None

    def action_next(self) -> None:
        if self.index + 1 >= len(self.puzzles):
            self.app.pop_screen()
            self.app.notify("You have reached the end of this puzzle set.", title="Puzzles")
            return
        self.index += 1
        self.revealed = False
        self.show_puzzle()

    def action_focus_notation(self) -> None:
        self.query_one("#notation", Input).focus()

    def action_focus_board(self) -> None:
        self.query_one(BoardView).focus()

    def action_back(self) -> None:
        self.stop_solution_replay()
        self.app.pop_screen()

