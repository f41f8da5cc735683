"""A screen that runs a Streak or Storm (:class:`~trainer.practice.run.Run`): the Storm's clock, the score against the
best in the title bar, the run kept and its result said when it ends, Again and Back. The recognition drill's screen
and the best-play runs' screen are ones; each keeps what is its own: what it shows and how it grades.

The clock is the app's (:attr:`TrainerApp.clock`), so tests drive a Storm with a fake one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

from textual.timer import Timer
from textual.widgets import Static

from trainer.content.grading import Feedback
from trainer.practice.run import RUN_MODES, Run, RunResult, Storm
from trainer.shared.kinds import DrillMode, DrillName
from trainer.training.service import record_run
from trainer.tui.screens.task_screen import TaskScreen
from trainer.tui.wording import drill as drill_words

Item = TypeVar("Item")

TICK_SECONDS = 0.25
"""How often a Storm's clock is read and shown."""


def clock_text(seconds: float) -> str:
    """``m:ss`` for a Storm's time left (rounded up, so 0:00 means the time is up)."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"  # a clock's figures, the same in every language


def run_status(run: Run[Item], best: int, now: float) -> str:
    """A Streak's or Storm's score against the ``best`` at ``now`` (a Storm's time left first), for the title bar."""
    shown_best = max(best, run.score)
    left = run.time_left(now)
    if left is None:
        return drill_words.streak_status(run.score, shown_best)
    return drill_words.storm_status(clock_text(left), run.score, shown_best)


def run_lead(result: RunResult) -> str:
    """What a finished run's result says first: a Storm's score and misses, a Streak's score."""
    if isinstance(result.mode, Storm):
        return drill_words.storm_over(result.score, result.mistakes)
    return drill_words.streak_over(result.score)


class RunScreen(TaskScreen, Generic[Item]):
    """A task screen that runs Streaks and Storms of its :attr:`drill` over items of one kind, one run at a time.

    A screen built on it says how a run starts (:meth:`start_run`, through :meth:`begin_run`), whether the run has
    ended (:attr:`ended`), its title bar (:meth:`title_bar`) and what it shows once the run is over
    (:meth:`show_run_over`). Its keys are its own: ``again`` and ``leave`` go to :meth:`action_again` and
    :meth:`action_leave`. Textual calls every class's ``on_mount`` and ``on_unmount``, so a screen's own run too.
    """

    drill: ClassVar[DrillName]
    """The drill whose runs these are (their bests are its own)."""
    run: Run[Item] | None = None
    """The Streak or Storm in progress (``None`` while the screen runs none)."""
    best = 0
    """The best score of the run's mode before it."""
    new_best = False
    """Whether the run just ended beat the best."""
    timer: Timer | None = None
    """The Storm's clock, read every :data:`TICK_SECONDS`."""

    # --- what each screen says -----------------------------------------------------------------------------

    def start_run(self) -> None:
        """Start a new run (and show its first item)."""
        raise NotImplementedError

    @property
    def ended(self) -> bool:
        """Whether the run has ended (its result is shown, Again starts another)."""
        raise NotImplementedError

    def title_bar(self, status: str) -> str:
        """The title bar saying ``status`` (a run's score, its time left)."""
        raise NotImplementedError

    def show_run_over(self, result: str) -> None:
        """Show that the run is over, with ``result`` (its score against the best): the board and answers done with."""
        raise NotImplementedError

    # --- the run -------------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.start_run()
        if self.run is not None and self.run.mode.timed:
            self.timer = self.set_interval(TICK_SECONDS, self.tick)

    def begin_run(self, mode: DrillMode, items: Iterable[Item], now: float) -> Run[Item]:
        """A new run of ``mode`` over ``items`` from ``now``, its score against the best so far."""
        self.best = self.store.drills.drill_best(mode, self.drill)
        self.new_best = False
        self.run = Run(RUN_MODES[mode], items, started_at=now, drill=self.drill)
        return self.run

    def running(self) -> Run[Item]:
        """The run in progress (there is one: a Streak or Storm has been started)."""
        assert self.run is not None
        return self.run

    def show_status(self, status: str) -> None:
        """The title bar saying ``status``."""
        self.task_layout.set_title(" " + self.title_bar(status))

    def show_run_status(self) -> None:
        """The run's score against the best in the title bar (a Storm's time left first)."""
        self.show_status(run_status(self.running(), self.best, self.now()))

    def time_is_up(self) -> bool:
        """Whether the run's time ran out before an answer: the run is then ended, and the answer doesn't count."""
        if self.run is None or not self.run.is_over(self.now()):
            return False
        self.tick()
        return True

    def say_previous(self, feedback: Feedback) -> None:
        """The verdict on the item just answered, kept in view as a timed run moves straight on."""
        self.feedback.show(drill_words.previous_position(feedback.message), "right" if feedback.correct else "wrong")

    def tick(self) -> None:
        """Read the clock: show the time left, and end the Storm when it is up."""
        if self.run is None or not self.run.mode.timed or self.ended:
            return
        if self.run.is_over(self.now()):
            self.finish()
        else:
            self.show_run_status()

    def finish(self) -> None:
        """The Streak missed or the Storm's time up (or its items all answered): keep the run, say the score against
        the best."""
        result = self.running().result(self.now())
        self.new_best = record_run(self.store, result)
        self.best = max(self.best, result.score)
        self.show_run_over(drill_words.run_result(run_lead(result), self.best, new_best=self.new_best))
        self.query_one(".step-heading", Static).update(drill_words.run_over(result.mode.key))
        self.show_status(drill_words.run_score(result.score, self.best))

    def action_again(self) -> None:
        if self.ended:
            self.start_run()

    def action_leave(self) -> None:
        """Back: a Streak left before a miss is kept (its answers were all right); a Storm must run its time."""
        kept = None if self.run is None else self.run.left(self.now())
        if kept is not None:
            record_run(self.store, kept)
        self.app.pop_screen()

    def on_unmount(self) -> None:
        if self.timer is not None:
            self.timer.stop()
