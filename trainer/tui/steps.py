"""Step views: what a screen needs of each kind of task, one class a kind, found through one registry.

A task is a lesson's step (``read``, ``play``, ``pick``, ``choose``, ``setup``, ``roll``, ``cube``, ``score``,
``double``, ``shots``, ``pips``, ``best``) or a puzzle (``forced``, ``bearoff``, ``cube``). :func:`view_for` gives the
view of a task; the lesson, puzzle and review screens only talk to views:

- what it shows: :meth:`StepView.heading`, :meth:`~StepView.text`, the board's :meth:`~StepView.scene`, the
  numbered :meth:`~StepView.options`, a roll to play on the board (:meth:`~StepView.roll_to_play`), the cube
  question it asks (:attr:`~StepView.cube_question`), the box to type in (:attr:`~StepView.typed`);
- which keys apply (:meth:`~StepView.applies`);
- each kind of answer, graded to a :class:`~trainer.content.grading.Feedback`: a point chosen on the board, a play
  made or typed, an option, a cube action, a key of the step's own (``roll``, ``starter``, ``check_setup``...).

A view is made for one showing of its task and keeps what the learner did meanwhile (the checkers placed, the
throws seen, whether it is answered). Adding a kind of task is adding one class with :func:`step_view`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from trainer.content.best import grade_best
from trainer.content.counting import grade_count
from trainer.content.cube import CubeTask, cube_solution, grade_cube_step
from trainer.content.doubles import double_name, double_solution, grade_double_puzzle
from trainer.content.grading import (
    Feedback,
    grade_choice,
    grade_double,
    grade_pick,
    grade_play,
    grade_puzzle,
    grade_roll,
    grade_setup,
    read_play,
    read_step_board,
)
from trainer.content.models import (
    BestStep,
    ChooseStep,
    CubeStep,
    DoubleStep,
    PickStep,
    PipsStep,
    PlayStep,
    Puzzle,
    ReadStep,
    RollStep,
    ScoreStep,
    SetupStep,
    ShotsStep,
)
from trainer.content.scoring import Worked, grade_score_step, work_out
from trainer.engine import CHECKERS, OFF, Cube, Dice, Play, Position, Side
from trainer.i18n import N_
from trainer.tui import wording
from trainer.tui.scenes import cube_question_scene, played_scene
from trainer.tui.widgets.scene import BoardScene, TurnCue

Task = Any
"""A lesson step or a puzzle (each kind of view takes its own)."""
V = TypeVar("V", bound="type[StepView]")

VIEWS: dict[str, type[StepView]] = {}
"""Each kind of task and its view."""


def step_view(*kinds: str) -> Callable[[V], V]:
    """Register a view class for the tasks of ``kinds``."""

    def register(cls: V) -> V:
        for kind in kinds:
            VIEWS[kind] = cls
        return cls

    return register


def view_for(task: Task, *, key: str = "") -> StepView:
    """The view of ``task`` for one showing (``key`` names the task where it lives, e.g. ``lesson/3``: a view that
    shuffles its options does it the same way each time).

    A puzzle is shown by its kind's puzzle view where it has one of its own (``puzzle:best``).

    :raises KeyError: for a kind of task no view shows.
    """
    own = f"puzzle:{task.kind}" if isinstance(task, Puzzle) else ""
    return VIEWS[own if own in VIEWS else task.kind](task, key=key)


class StepView:
    """What a screen needs of one kind of task (see the module)."""

    kind_name: ClassVar[str] = ""
    """The step's heading when it has no title of its own (marked for translation)."""
    answers_on_board: ClassVar[bool] = False
    """Whether the board takes choices while the task is open (a play, a point, a checker to place)."""
    typed: ClassVar[bool] = False
    """Whether the task is answered in the box (a play, a number)."""
    continues: ClassVar[bool] = False
    """Whether the task is only read: Continue applies at once."""
    undoes: ClassVar[bool] = False
    """Whether ``u`` takes something back while the task is open."""
    points_answer: ClassVar[bool] = False
    """Whether a point chosen on the board answers the task (else it changes what the task shows)."""

    def __init__(self, task: Task, *, key: str = "") -> None:
        self.task = task
        self.key = key
        self.solved = False

    # --- what it shows ----------------------------------------------------------------------------------------

    def heading(self) -> str:
        return wording.kind_heading(self.kind_name)

    def text(self) -> str:
        """The task's text (Markdown from the content file)."""
        return str(self.task.prompt)

    def scene(self) -> BoardScene:
        """The board as the task stands now."""
        return BoardScene(position=self.task.board())

    def options(self) -> list[tuple[str, str]]:
        """The numbered options, as ``(id, label)``."""
        return []

    def roll_to_play(self) -> tuple[Position, Dice] | None:
        """The position and dice of a roll to play on the board, if the task asks for one."""
        return None

    @property
    def cube_question(self) -> str | None:
        """The cube question it asks while open: ``double`` or ``take``."""
        return None

    def placeholder(self) -> str:
        """What the box says while empty."""
        return wording.type_a_play_placeholder()

    # --- which keys -------------------------------------------------------------------------------------------

    def applies(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether a key of the step's own (``roll``, ``starter``, ``check_setup``, ``remove_checker``, ``no_play``)
        does something now."""
        return False

    # --- answers ----------------------------------------------------------------------------------------------

    def on_point(self, point: int, *, secondary: bool = False) -> Feedback | None:
        """A point chosen on the board (outside a roll being played)."""
        return None

    def on_play(self, play: Play, written: str) -> Feedback:
        """A whole play made on the board or typed."""
        raise NotImplementedError(self.task.kind)

    def on_text(self, text: str) -> Feedback | Play:
        """Text typed in the box: graded, or a play to grade as made."""
        raise NotImplementedError(self.task.kind)

    def on_option(self, option_id: str) -> Feedback | None:
        """An option chosen."""
        return None

    def on_cube(self, action: str) -> Feedback | None:
        """A cube action chosen."""
        return None

    def on_action(self, action: str, parameters: tuple[object, ...]) -> Feedback | None:
        """A key of the step's own (see :meth:`applies`)."""
        return None

    def answered(self, play: Play | None = None, point: int | None = None) -> None:
        """The task was answered right (with ``play`` or at ``point``)."""
        self.solved = True


# --- lesson steps ---------------------------------------------------------------------------------------------------


def table_scene_of(step: ReadStep | ChooseStep) -> BoardScene:
    """A read or choose step's board: its position and dice, and the cube and the match score if it shows them."""
    return BoardScene(position=step.board(), dice=step.roll(), cube=step.cube_shown(), match=step.match_score())


@step_view("read")
class ReadView(StepView):
    """A page to read, with a board to look at."""

    kind_name = N_("Read")
    continues = True
    task: ReadStep

    def heading(self) -> str:
        return self.task.title or super().heading()

    def text(self) -> str:
        return self.task.text

    def scene(self) -> BoardScene:
        return table_scene_of(self.task)


class _RollView(StepView):
    """A roll to play on the board or in notation (the step's position and dice); the play made is shown once
    right."""

    answers_on_board = True
    typed = True
    undoes = True

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.played: Play | None = None

    def scene(self) -> BoardScene:
        position, dice = self.roll_to_play()
        start = BoardScene(position=position, dice=dice, caption=wording.your_roll())
        return start if self.played is None else played_scene(start, self.played)

    def roll_to_play(self) -> tuple[Position, Dice]:
        return self.task.board(), self.task.roll()

    def on_text(self, text: str) -> Feedback | Play:
        return read_play(*self.roll_to_play(), text)

    def answered(self, play: Play | None = None, point: int | None = None) -> None:
        super().answered(play, point)
        self.played = play


@step_view("play")
class PlayView(_RollView):
    """A roll to play for a goal (a given play, or conditions), graded by the engine."""

    kind_name = N_("Play")
    task: PlayStep

    def roll_to_play(self) -> tuple[Position, Dice]:
        return read_step_board(self.task)

    def on_play(self, play: Play, written: str) -> Feedback:
        return grade_play(self.task, play, written)


@step_view("best")
class BestView(_RollView):
    """Find the best play: graded by the step's figures; after a miss the best play is named, and once right the
    best plays are shown with their equities."""

    kind_name = N_("Best play")
    task: BestStep

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.misses = 0

    def on_play(self, play: Play, written: str) -> Feedback:
        step = self.task
        feedback = grade_best(step, play, written, misses=self.misses, explanation=step.explanation, hint=step.hint)
        if not feedback.correct:
            self.misses += 1
        return feedback


@step_view("pick")
class PickView(StepView):
    """A point to choose on the board; the right one is marked."""

    kind_name = N_("Pick a point")
    answers_on_board = True
    points_answer = True
    task: PickStep

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.picked: int | None = None

    def scene(self) -> BoardScene:
        marked = frozenset() if self.picked is None else frozenset({self.picked})
        return BoardScene(position=self.task.board(), dice=self.task.roll(), marked=marked)

    def on_point(self, point: int, *, secondary: bool = False) -> Feedback:
        return grade_pick(self.task, point)

    def answered(self, play: Play | None = None, point: int | None = None) -> None:
        super().answered(play, point)
        self.picked = point


@step_view("choose")
class ChooseView(StepView):
    """Options to choose from, in an order of their own (the same every time, so the right one isn't always first)."""

    kind_name = N_("Choose")
    task: ChooseStep

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.misses = 0

    def scene(self) -> BoardScene:
        return table_scene_of(self.task)

    def options(self) -> list[tuple[str, str]]:
        order = list(range(len(self.task.options)))
        random.Random(self.key).shuffle(order)
        return [(str(original), self.task.options[original].text) for original in order]

    def on_option(self, option_id: str) -> Feedback:
        feedback = grade_choice(self.task, int(option_id), misses=self.misses)
        if not feedback.correct:
            self.misses += 1
        return feedback


@step_view("setup")
class SetupView(StepView):
    """The starting position to set up, a checker at a time: enter or a click adds one, minus or a right-click takes
    one off, ``c`` checks."""

    kind_name = N_("Set up")
    answers_on_board = True
    undoes = True
    task: SetupStep

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.counts = [0] * 26

    def scene(self) -> BoardScene:
        placed = sum(self.counts[1:25])
        player = list(self.counts)
        player[OFF] = CHECKERS - placed
        position = Position(player, Position.start().opponent)
        return BoardScene(position=position, dice=self.task.roll(), caption=wording.setup_caption(CHECKERS - placed))

    def applies(self, action: str, parameters: tuple[object, ...]) -> bool:
        return not self.solved and action in ("check_setup", "remove_checker")

    def on_point(self, point: int, *, secondary: bool = False) -> Feedback | None:
        if secondary:
            self.remove(point)
            return None
        return self.add(point)

    def add(self, point: int) -> Feedback | None:
        """Place a checker on ``point``; a refusal says why."""
        if not 1 <= point <= 24:
            return Feedback(False, wording.setup_on_points(), illegal=True)
        if Position.start().opponent[25 - point]:
            return Feedback(False, wording.setup_not_yours(point), illegal=True)
        if sum(self.counts[1:25]) >= CHECKERS:
            return Feedback(False, wording.setup_all_placed())
        self.counts[point] += 1
        return None

    def remove(self, point: int) -> None:
        """Take a checker off ``point``, if one is there."""
        if 1 <= point <= 24 and self.counts[point]:
            self.counts[point] -= 1

    def on_action(self, action: str, parameters: tuple[object, ...]) -> Feedback | None:
        if action == "remove_checker" and parameters and isinstance(parameters[0], int):
            self.remove(parameters[0])
            return None
        if action == "check_setup":
            feedback = grade_setup(self.counts)
            return Feedback(True, self.task.explanation) if feedback.correct else feedback
        return None


@step_view("roll")
class RollView(StepView):
    """The opening roll: throw (``r``) until the dice differ, then say who starts (``x`` or ``o``)."""

    kind_name = N_("Opening roll")
    task: RollStep

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.throws_seen = 0

    def scene(self) -> BoardScene:
        if not self.throws_seen:
            return BoardScene(position=self.task.board(), cue=TurnCue.NONE, caption=wording.press_r_to_roll())
        mine, theirs = self.task.throws[self.throws_seen - 1]
        return BoardScene(
            position=self.task.board(),
            cue=TurnCue.NONE,
            opening_throw=(mine, theirs),
            caption=wording.opening_throw(mine, theirs),
        )

    def applies(self, action: str, parameters: tuple[object, ...]) -> bool:
        if self.solved:
            return False
        if action == "roll":
            return self.throws_seen < len(self.task.throws)
        return action == "starter" and self.throws_seen > 0

    def on_action(self, action: str, parameters: tuple[object, ...]) -> Feedback | None:
        if action == "roll" and self.applies("roll", ()):
            self.throws_seen += 1
        elif action == "starter" and parameters and self.applies("starter", ()):
            return grade_roll(self.task, self.throws_seen, Side.from_name(str(parameters[0])))
        return None


@step_view("cube")
class CubeView(StepView):
    """A cube decision before the roll, answered with the cube actions and graded by the exact cube table: a lesson's
    cube step (you double, or O has doubled you) or a cube puzzle (X may double; O is asked to take)."""

    kind_name = N_("Cube decision")

    @property
    def cube_question(self) -> str | None:
        return None if self.solved else str(self.task.question or "double")

    def scene(self) -> BoardScene:
        if isinstance(self.task, CubeStep):
            step = self.task
            caption = wording.cube_caption(step.question)
            return cube_question_scene(
                step.board(), question=step.question, cube=step.cube, owned=step.cube > 1, caption=caption
            )
        puzzle: Puzzle = self.task
        owned = puzzle.owner == "player"
        question = puzzle.question or "double"
        scene = cube_question_scene(
            puzzle.board(), question=question, cube=2 if owned else 1, owned=owned, doubler=Side.X
        )
        return replace(scene, names=("X", "O"), caption=wording.puzzle_caption(puzzle.id))

    def on_cube(self, action: str) -> Feedback:
        if isinstance(self.task, CubeStep):
            return grade_cube_step(self.task, action)
        return CubeTask.of_puzzle(self.task).grade(action)

    def solution(self) -> str:
        """A cube puzzle's right answer with its figures, in words."""
        return cube_solution(self.task)


@step_view("score")
class ScoreView(StepView):
    """A question about the score, worked out by the engine: answered yes or no, or typed (points, a score). While
    open the board keeps back what would answer it (whether this is the Crawford game; the cube, when the question
    is the points it makes)."""

    kind_name = N_("The score")
    task: ScoreStep
    TYPED_ASKS: ClassVar[tuple[str, ...]] = ("points", "score")

    def __init__(self, task: Task, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.worked: Worked = work_out(task)

    @property
    def typed(self) -> bool:  # type: ignore[override]
        return self.task.ask in self.TYPED_ASKS

    def scene(self) -> BoardScene:
        state = self.worked.state
        counts_points = self.task.ask in self.TYPED_ASKS
        cube = None if counts_points and not self.solved else Cube(state.cube, state.cube_owner)
        return BoardScene(
            position=self.task.board(),
            cue=TurnCue.NONE,
            match=self.worked.before if self.task.length else None,
            cube=cube,
            match_labels=self.solved or counts_points,
        )

    def options(self) -> list[tuple[str, str]]:
        if self.typed:
            return []
        return [("answer:yes", wording.yes()), ("answer:no", wording.no())]

    def placeholder(self) -> str:
        return wording.score_placeholder(self.task.ask)

    def on_text(self, text: str) -> Feedback:
        return grade_score_step(self.task, text)

    def on_option(self, option_id: str) -> Feedback:
        return grade_score_step(self.task, option_id.removeprefix("answer:"))


@step_view("double")
class DoubleView(StepView):
    """After a 1-2 (acey-deucey): the double to choose, from the six, graded by what the engine finds of its four
    moves. A lesson's ``double`` step, or a double puzzle: ``choose`` (which double?) or ``full`` (can all of the
    double shown be played? yes or no)."""

    kind_name = N_("Choose the double")
    task: DoubleStep | Puzzle

    def scene(self) -> BoardScene:
        if isinstance(self.task, DoubleStep):
            return BoardScene(position=self.task.board(), caption=wording.choose_a_double_caption())
        puzzle = self.task
        dice = puzzle.roll() if puzzle.question == "full" else None
        return BoardScene(position=puzzle.board(), dice=dice, names=None, caption=wording.puzzle_caption(puzzle.id))

    def options(self) -> list[tuple[str, str]]:
        if not isinstance(self.task, DoubleStep) and self.task.question == "full":
            return [("answer:yes", wording.yes()), ("answer:no", wording.no())]
        return [(f"double:{number}", f"{number}-{number}") for number in range(1, 7)]

    def on_option(self, option_id: str) -> Feedback:
        if isinstance(self.task, DoubleStep):
            return grade_double(self.task, int(option_id.removeprefix("double:")))
        if option_id.startswith("double:"):
            return grade_double_puzzle(self.task, double_name(int(option_id.removeprefix("double:"))))
        return grade_double_puzzle(self.task, option_id.removeprefix("answer:"))

    def solution(self) -> str:
        """A double puzzle's right answer in words, with a full play of each right double."""
        assert not isinstance(self.task, DoubleStep)
        return double_solution(self.task)


@step_view("shots")
class ShotsView(StepView):
    """How many of the 36 rolls hit: the number typed, graded by the engine's count; the blots asked about are
    marked (all of O's count when the step names none)."""

    kind_name = N_("Count the shots")
    typed = True
    task: ShotsStep

    def scene(self) -> BoardScene:
        return BoardScene(
            position=self.task.board(),
            cue=TurnCue.NONE,
            marked=frozenset(self.task.targets),
            caption=wording.shots_caption(len(self.task.targets)),
        )

    def placeholder(self) -> str:
        return wording.type_a_number_placeholder()

    def on_text(self, text: str) -> Feedback:
        return grade_count(self.task, text)


@step_view("pips")
class PipsView(StepView):
    """A pip count (yours, O's or the difference): the number typed, graded by the engine's count; the board keeps
    its pip counts back until the step is answered."""

    kind_name = N_("Count the pips")
    typed = True
    task: PipsStep

    def scene(self) -> BoardScene:
        caption = "" if self.solved else wording.pips_caption()
        return BoardScene(position=self.task.board(), cue=TurnCue.NONE, pip_counts=self.solved, caption=caption)

    def placeholder(self) -> str:
        return wording.type_a_number_placeholder()

    def on_text(self, text: str) -> Feedback:
        return grade_count(self.task, text)


# --- puzzles --------------------------------------------------------------------------------------------------------


@step_view("puzzle:best")
class PuzzleBestView(BestView):
    """A best-play puzzle: as a lesson's best-play step, its theme said as the idea once answered; the solution is
    played out on the board."""

    task: Puzzle  # type: ignore[assignment]
    final = False
    """Whether the first play is the only answer (a timed run's): a miss then shows the best play and the figures."""

    def scene(self) -> BoardScene:
        return replace(super().scene(), names=None, caption=wording.puzzle_caption(self.task.id))

    def on_play(self, play: Play, written: str) -> Feedback:
        puzzle = self.task
        idea = wording.puzzle_theme_idea(puzzle.theme)
        feedback = grade_best(puzzle, play, written, misses=self.misses, explanation=idea, final=self.final)
        if not feedback.correct:
            self.misses += 1
        return feedback


@step_view("forced", "bearoff")
class PuzzlePlayView(StepView):
    """A puzzle's roll to play, on the board or in notation, or "no legal play" (``p``), graded by the engine (and
    bear-offs by the exact figures); the solution is played out on the board."""

    answers_on_board = True
    typed = True
    undoes = True

    def scene(self) -> BoardScene:
        puzzle: Puzzle = self.task
        return BoardScene(
            position=puzzle.board(), dice=puzzle.roll(), names=None, caption=wording.puzzle_caption(puzzle.id)
        )

    def roll_to_play(self) -> tuple[Position, Dice]:
        return self.task.board(), self.task.roll()

    def placeholder(self) -> str:
        return wording.type_a_bearoff_placeholder()

    def applies(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action == "no_play" and not self.solved

    def on_play(self, play: Play, written: str) -> Feedback:
        return grade_puzzle(self.task, play, written)

    def on_text(self, text: str) -> Feedback:
        return grade_puzzle(self.task, text)

    def on_action(self, action: str, parameters: tuple[object, ...]) -> Feedback | None:
        if action == "no_play":
            return grade_puzzle(self.task, None)
        return None
