"""Step views: what a screen needs of each kind of task, one class a kind, found through a registry keyed on the
task's class.

A task is a lesson's step (a class of :data:`~trainer.content.models.Step`: ``read``, ``play``, ``pick``, ``choose``,
``setup``, ``roll``, ``cube``, ``score``, ``double``, ``shots``, ``pips``, ``best``) or a puzzle (``forced``,
``bearoff``, ``best``, ``cube``, ``double``). :func:`view_for` gives the view of a step, registered for its class
(:func:`step_view`, found along the class's bases); :func:`puzzle_view_for` the view of a puzzle (:func:`puzzle_view`).
The lesson, puzzle and review screens only talk to views:

- what it shows: :meth:`StepView.heading`, :meth:`~StepView.text`, the board's :meth:`~StepView.scene`, the
  numbered :meth:`~StepView.options`, a roll to play on the board (:meth:`~StepView.roll_to_play`), the cube
  question it asks (:attr:`~StepView.cube_question`), the box to type in (:attr:`~StepView.typed`);
- which keys apply (:meth:`~StepView.applies`);
- each kind of answer, graded to a :class:`~trainer.content.grading.Feedback`: a point chosen on the board, a play
  made or typed, an option, a cube action, a key of the step's own (``roll``, ``starter``, ``check_setup``...).

A view is made for one showing of its task and keeps what the learner did meanwhile (the checkers placed, the
throws seen, whether it is answered). Adding a kind of step is adding one class with :func:`step_view`; a step whose
class has no view is refused (:class:`NoViewError`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

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
    BearoffPuzzle,
    BestPuzzle,
    BestStep,
    ChooseStep,
    CubePuzzle,
    CubeStep,
    DoublePuzzle,
    DoubleStep,
    ForcedPuzzle,
    PickStep,
    PipsStep,
    PlayStep,
    Puzzle,
    ReadStep,
    RollStep,
    ScoreStep,
    SetupStep,
    ShotsStep,
    Step,
)
from trainer.content.scoring import Worked, grade_score_step, work_out
from trainer.engine import CHECKERS, OFF, Cube, Dice, Play, Position, Side
from trainer.i18n import N_
from trainer.tui.scenes import cube_question_scene, played_scene
from trainer.tui.widgets.scene import BoardScene, TurnCue
from trainer.tui.wording import help as help_words
from trainer.tui.wording import task as task_words


class Task(Protocol):
    """What every view reads of the task it shows, a lesson step or a puzzle: its kind and its board."""

    @property
    def kind(self) -> str: ...

    def board(self) -> Position | None: ...


class PromptedTask(Task, Protocol):
    """A task that asks something (every step but a page to read, and every puzzle): its prompt is its text."""

    @property
    def prompt(self) -> str: ...


class PuzzleTask(PromptedTask, Protocol):
    """A puzzle: its id names it under the board."""

    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=Task, covariant=True)
P = TypeVar("P", bound=PromptedTask, covariant=True)
Z = TypeVar("Z", bound=PuzzleTask, covariant=True)
B = TypeVar("B", bound="BestStep | BestPuzzle", covariant=True)
K = TypeVar("K")
R = TypeVar("R")
W = TypeVar("W", bound=type)
V = TypeVar("V", bound="type[StepView[Any]]")
PV = TypeVar("PV", bound="type[PuzzleView[Any]]")


# --- the registry ---------------------------------------------------------------------------------------------------

VIEWS: dict[type, type[StepView[Task]]] = {}
"""Each class of lesson step and its view."""
PUZZLE_VIEWS: dict[type, type[PuzzleView[Puzzle]]] = {}
"""Each class of puzzle and its view."""


class NoViewError(LookupError):
    """No view is registered for a task: a class of step added without its view, or a kind of puzzle no screen
    solves (a programmer's error: its message names the task and the tasks that have a view)."""


def registering(table: dict[K, Any], keys: tuple[K, ...]) -> Callable[[W], W]:
    """A class decorator that registers the class in ``table`` under each of ``keys``."""

    def register(cls: W) -> W:
        for key in keys:
            table[key] = cls
        return cls

    return register


def step_view(*step_classes: type) -> Callable[[V], V]:
    """Register a view class for the steps of ``step_classes`` (and of their subclasses)."""
    return registering(VIEWS, step_classes)


def view_class(step_class: type) -> type[StepView[Task]]:
    """The view registered for ``step_class``, or else for the nearest of its bases.

    :raises NoViewError: if none is.
    """
    return registered(VIEWS, step_class, "step_view")


def registered(table: Mapping[type, R], task_class: type, decorator: str) -> R:
    """What ``table`` holds for ``task_class``, or else for the nearest of its bases.

    :raises NoViewError: if it holds nothing for any (the message names the ``decorator`` that registers a view).
    """
    for cls in task_class.__mro__:
        if cls in table:
            return table[cls]
    known = ", ".join(sorted(cls.__qualname__ for cls in table))
    raise NoViewError(
        f"no view is registered for {task_class.__qualname__}: register one with @{decorator} (views are registered"
        f" for {known})"
    )


def view_for(step: Step, *, key: str = "") -> StepView[Task]:
    """The view of ``step`` for one showing (``key`` names the step where it lives, e.g. ``lesson/3``: a view that
    shuffles its options does it the same way each time).

    :raises NoViewError: for a class of step no view shows.
    """
    return view_class(type(step))(step, key=key)


def puzzle_view(*puzzle_classes: type) -> Callable[[PV], PV]:
    """Register a view class for the puzzles of ``puzzle_classes``."""
    return registering(PUZZLE_VIEWS, puzzle_classes)


def puzzle_view_for(puzzle: Puzzle) -> PuzzleView[Puzzle]:
    """The view of ``puzzle`` for one showing.

    :raises NoViewError: for a kind of puzzle no view shows (those the drills and the counting screens ask).
    """
    return registered(PUZZLE_VIEWS, type(puzzle), "puzzle_view")(puzzle)


# --- the views' base ------------------------------------------------------------------------------------------------


class StepView(Generic[T]):
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

    def __init__(self, task: T, *, key: str = "") -> None:
        self.task = task
        self.key = key
        self.solved = False

    # --- what it shows ----------------------------------------------------------------------------------------

    def heading(self) -> str:
        return task_words.kind_heading(self.kind_name)

    def text(self) -> str:
        """The task's text (Markdown from the content file)."""
        raise NotImplementedError(self.task.kind)

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
        return task_words.type_a_play_placeholder()

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


class PromptView(StepView[P]):
    """A task that asks something: its text is its prompt."""

    def text(self) -> str:
        return self.task.prompt


class PuzzleView(PromptView[Z]):
    """What a puzzle's view adds to a step's: the puzzle's name under the board, and the solution in words."""

    final = False
    """Whether the first answer is the only one (a timed run's): a best-play puzzle's miss then shows the best play
    and the figures."""

    def captioned(self, scene: BoardScene, *, names: tuple[str, str] | None = None) -> BoardScene:
        """``scene`` as a puzzle shows it: the puzzle named under the board, the sides called ``names`` (``None``:
        you and O)."""
        return replace(scene, names=names, caption=task_words.puzzle_caption(self.task.id))

    def solution(self) -> str | None:
        """The right answer in words, for a puzzle whose solution is said rather than played out on the board."""
        return None


def yes_or_no() -> list[tuple[str, str]]:
    """The options of a question answered yes or no."""
    return [("answer:yes", task_words.yes()), ("answer:no", task_words.no())]


# --- lesson steps ---------------------------------------------------------------------------------------------------


def table_scene_of(step: ReadStep | ChooseStep) -> BoardScene:
    """A read or choose step's board: its position and dice, and the cube and the match score if it shows them."""
    return BoardScene(position=step.board(), dice=step.roll(), cube=step.cube_shown(), match=step.match_score())


@step_view(ReadStep)
class ReadStepView(StepView[ReadStep]):
    """A page to read, with a board to look at."""

    kind_name = N_("Read")
    continues = True

    def heading(self) -> str:
        return self.task.title or super().heading()

    def text(self) -> str:
        return self.task.text

    def scene(self) -> BoardScene:
        return table_scene_of(self.task)


class _RollView(PromptView[P]):
    """A roll to play on the board or in notation; the play made is shown once right."""

    answers_on_board = True
    typed = True
    undoes = True

    def __init__(self, task: P, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.played: Play | None = None

    def scene(self) -> BoardScene:
        position, dice = self.roll_to_play()
        start = BoardScene(position=position, dice=dice, caption=task_words.your_roll())
        return start if self.played is None else played_scene(start, self.played)

    def roll_to_play(self) -> tuple[Position, Dice]:
        raise NotImplementedError(self.task.kind)

    def on_text(self, text: str) -> Feedback | Play:
        return read_play(*self.roll_to_play(), text)

    def answered(self, play: Play | None = None, point: int | None = None) -> None:
        super().answered(play, point)
        self.played = play


@step_view(PlayStep)
class PlayStepView(_RollView[PlayStep]):
    """A roll to play for a goal (a given play, or conditions), graded by the engine."""

    kind_name = N_("Play")

    def roll_to_play(self) -> tuple[Position, Dice]:
        return read_step_board(self.task)

    def on_play(self, play: Play, written: str) -> Feedback:
        return grade_play(self.task, play, written)


class _BestView(_RollView[B]):
    """Find the best play (the task's position and dice): graded by the task's figures; after a miss the best play
    is named, and once right the best plays are shown with their equities."""

    kind_name = N_("Best play")

    def __init__(self, task: B, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.misses = 0

    def roll_to_play(self) -> tuple[Position, Dice]:
        return self.task.board(), self.task.roll()

    def graded(
        self, play: Play, written: str, *, explanation: str, hint: str | None = None, final: bool = False
    ) -> Feedback:
        """The play graded by the figures (``explanation`` said once right, ``hint`` after a miss; a ``final`` play
        is the only answer); a miss is counted."""
        feedback = grade_best(
            self.task, play, written, misses=self.misses, explanation=explanation, hint=hint, final=final
        )
        if not feedback.correct:
            self.misses += 1
        return feedback


@step_view(BestStep)
class BestStepView(_BestView[BestStep]):
    """A lesson's best-play step: its explanation once right, its hint after a miss."""

    def on_play(self, play: Play, written: str) -> Feedback:
        return self.graded(play, written, explanation=self.task.explanation, hint=self.task.hint)


@step_view(PickStep)
class PickStepView(PromptView[PickStep]):
    """A point to choose on the board; the right one is marked."""

    kind_name = N_("Pick a point")
    answers_on_board = True
    points_answer = True

    def __init__(self, task: PickStep, *, key: str = "") -> None:
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


@step_view(ChooseStep)
class ChooseStepView(PromptView[ChooseStep]):
    """Options to choose from, in an order of their own (the same every time, so the right one isn't always first)."""

    kind_name = N_("Choose")

    def __init__(self, task: ChooseStep, *, key: str = "") -> None:
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


@step_view(SetupStep)
class SetupStepView(PromptView[SetupStep]):
    """The starting position to set up, a checker at a time: enter or a click adds one, minus or a right-click takes
    one off, ``c`` checks."""

    kind_name = N_("Set up")
    answers_on_board = True
    undoes = True

    def __init__(self, task: SetupStep, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.counts = [0] * 26

    def scene(self) -> BoardScene:
        placed = sum(self.counts[1:25])
        player = list(self.counts)
        player[OFF] = CHECKERS - placed
        position = Position(player, Position.start().opponent)
        return BoardScene(position=position, dice=self.task.roll(), caption=task_words.setup_caption(CHECKERS - placed))

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
            return Feedback(False, task_words.setup_on_points(), illegal=True, counts=False)
        if Position.start().opponent[25 - point]:
            return Feedback(False, task_words.setup_not_yours(point), illegal=True, counts=False)
        if sum(self.counts[1:25]) >= CHECKERS:
            return Feedback(False, task_words.setup_all_placed())
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


@step_view(RollStep)
class RollStepView(PromptView[RollStep]):
    """The opening roll: throw (``r``) until the dice differ, then say who starts (``x`` or ``o``)."""

    kind_name = N_("Opening roll")

    def __init__(self, task: RollStep, *, key: str = "") -> None:
        super().__init__(task, key=key)
        self.throws_seen = 0

    def scene(self) -> BoardScene:
        if not self.throws_seen:
            return BoardScene(position=self.task.board(), cue=TurnCue.NONE, caption=task_words.press_r_to_roll())
        mine, theirs = self.task.throws[self.throws_seen - 1]
        return BoardScene(
            position=self.task.board(),
            cue=TurnCue.NONE,
            opening_throw=(mine, theirs),
            caption=task_words.opening_throw(mine, theirs),
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


class _CubeView(PromptView[P]):
    """A cube decision before the roll, answered with the cube actions and graded by the exact cube table (or the
    task's figures)."""

    kind_name = N_("Cube decision")

    def asked(self) -> str:
        """The question: ``double`` (may the side on roll double?) or ``take`` (should the other side take?)."""
        raise NotImplementedError(self.task.kind)

    @property
    def cube_question(self) -> str | None:
        return None if self.solved else self.asked()


@step_view(CubeStep)
class CubeStepView(_CubeView[CubeStep]):
    """A lesson's cube step: you double, or O has doubled you."""

    def asked(self) -> str:
        return self.task.question

    def scene(self) -> BoardScene:
        step = self.task
        caption = task_words.cube_caption(step.question)
        return cube_question_scene(
            step.board(),
            question=step.question,
            cube=step.cube,
            owned=step.cube > 1,
            caption=caption,
            match=step.match_score(),
        )

    def on_cube(self, action: str) -> Feedback:
        return grade_cube_step(self.task, action)


@step_view(ScoreStep)
class ScoreStepView(PromptView[ScoreStep]):
    """A question about the score, worked out by the engine: answered yes or no, or typed (points, a score). While
    open the board keeps back what would answer it (whether this is the Crawford game; the cube, when the question
    is the points it makes)."""

    kind_name = N_("The score")
    TYPED_ASKS: ClassVar[tuple[str, ...]] = ("points", "score")

    def __init__(self, task: ScoreStep, *, key: str = "") -> None:
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
        return [] if self.typed else yes_or_no()

    def placeholder(self) -> str:
        return task_words.score_placeholder(self.task.ask)

    def on_text(self, text: str) -> Feedback:
        return grade_score_step(self.task, text)

    def on_option(self, option_id: str) -> Feedback:
        return grade_score_step(self.task, option_id.removeprefix("answer:"))


class _DoubleView(PromptView[P]):
    """After a 1-2 (acey-deucey): the double to choose, from the six, graded by what the engine finds of its four
    moves."""

    kind_name = N_("Choose the double")

    def options(self) -> list[tuple[str, str]]:
        return [(f"double:{number}", double_name(number)) for number in range(1, 7)]

    @staticmethod
    def double_chosen(option_id: str) -> int:
        """The number of the double an option (``double:3``) chooses."""
        return int(option_id.removeprefix("double:"))


@step_view(DoubleStep)
class DoubleStepView(_DoubleView[DoubleStep]):
    """A lesson's double step: a double that can (or cannot) be played in full, and may have to do more."""

    def scene(self) -> BoardScene:
        return BoardScene(position=self.task.board(), caption=task_words.choose_a_double_caption())

    def on_option(self, option_id: str) -> Feedback:
        return grade_double(self.task, self.double_chosen(option_id))


class _CountView(PromptView[P]):
    """A count typed in the box, graded by the engine's count."""

    typed = True

    def placeholder(self) -> str:
        return task_words.type_a_number_placeholder()


@step_view(ShotsStep)
class ShotsStepView(_CountView[ShotsStep]):
    """How many of the 36 rolls hit: the number typed, graded by the engine's count; the blots asked about are
    marked (all of O's count when the step names none)."""

    kind_name = N_("Count the shots")

    def scene(self) -> BoardScene:
        return BoardScene(
            position=self.task.board(),
            cue=TurnCue.NONE,
            marked=frozenset(self.task.targets),
            caption=task_words.shots_caption(len(self.task.targets)),
        )

    def on_text(self, text: str) -> Feedback:
        return grade_count(self.task, text)


@step_view(PipsStep)
class PipsStepView(_CountView[PipsStep]):
    """A pip count (yours, O's or the difference): the number typed, graded by the engine's count; the board keeps
    its pip counts back until the step is answered."""

    kind_name = N_("Count the pips")

    def scene(self) -> BoardScene:
        caption = "" if self.solved else task_words.pips_caption()
        return BoardScene(position=self.task.board(), cue=TurnCue.NONE, pip_counts=self.solved, caption=caption)

    def on_text(self, text: str) -> Feedback:
        return grade_count(self.task, text)


# --- puzzles --------------------------------------------------------------------------------------------------------


@puzzle_view(BestPuzzle)
class BestPuzzleView(_BestView[BestPuzzle], PuzzleView[BestPuzzle]):
    """A best-play puzzle: as a lesson's best-play step, its theme said as the idea once answered; the solution is
    played out on the board."""

    def scene(self) -> BoardScene:
        return self.captioned(super().scene())

    def on_play(self, play: Play, written: str) -> Feedback:
        idea = help_words.puzzle_theme_idea(self.task.theme)
        return self.graded(play, written, explanation=idea, final=self.final)


@puzzle_view(ForcedPuzzle, BearoffPuzzle)
class PlayPuzzleView(PuzzleView[ForcedPuzzle | BearoffPuzzle]):
    """A puzzle's roll to play, on the board or in notation, or "no legal play" (``p``), graded by the engine (and
    bear-offs by the exact figures); the solution is played out on the board."""

    answers_on_board = True
    typed = True
    undoes = True

    def scene(self) -> BoardScene:
        return self.captioned(BoardScene(position=self.task.board(), dice=self.task.roll()))

    def roll_to_play(self) -> tuple[Position, Dice]:
        return self.task.board(), self.task.roll()

    def placeholder(self) -> str:
        return task_words.type_a_bearoff_placeholder()

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


@puzzle_view(CubePuzzle)
class CubePuzzleView(_CubeView[CubePuzzle], PuzzleView[CubePuzzle]):
    """A cube puzzle: X may double (the cube in the middle, or X's own); O is asked to take. The solution is the
    right answer with its figures, in words."""

    def asked(self) -> str:
        return self.task.question

    def scene(self) -> BoardScene:
        puzzle = self.task
        owned = puzzle.owner == "player"
        scene = cube_question_scene(
            puzzle.board(), question=self.asked(), cube=2 if owned else 1, owned=owned, doubler=Side.X
        )
        return self.captioned(scene, names=("X", "O"))

    def on_cube(self, action: str) -> Feedback:
        return CubeTask.of_puzzle(self.task).grade(action)

    def solution(self) -> str:
        """The right answer with its figures, in words."""
        return cube_solution(self.task)


@puzzle_view(DoublePuzzle)
class DoublePuzzleView(_DoubleView[DoublePuzzle], PuzzleView[DoublePuzzle]):
    """An acey-deucey double puzzle: ``choose`` (which double?) or ``full`` (can all of the double shown be played?
    yes or no). The solution is the right answer in words, with a full play of each right double."""

    def asks_full(self) -> bool:
        """Whether the question is ``full`` (yes or no) rather than ``choose`` (a double)."""
        return self.task.question == "full"

    def scene(self) -> BoardScene:
        dice = self.task.roll() if self.asks_full() else None
        return self.captioned(BoardScene(position=self.task.board(), dice=dice))

    def options(self) -> list[tuple[str, str]]:
        return yes_or_no() if self.asks_full() else super().options()

    def on_option(self, option_id: str) -> Feedback:
        if option_id.startswith("double:"):
            return grade_double_puzzle(self.task, double_name(self.double_chosen(option_id)))
        return grade_double_puzzle(self.task, option_id.removeprefix("answer:"))

    def solution(self) -> str:
        return double_solution(self.task)
