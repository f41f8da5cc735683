"""Best-play steps of lessons: which plays are accepted, whether a step is clear, and the feedback in words.

A step stores the evaluator's best plays with their equities (computed offline, at 3 plies or more). The best play
and every play within :data:`ACCEPT_WITHIN` of it are accepted; where the next play is closer than
:data:`CLEAR_GAP`, every play less than :data:`CLEAR_GAP` below the best is accepted instead, so that the best
play left out is always at least :data:`CLEAR_GAP` below the best. A play the step does not list is below every
listed one.

A verified puzzle (a mined one, :attr:`~trainer.content.models.BestPuzzle.verified`) accepts by its verification
instead: rolled out, the best play and every play within the combined standard error of the best
(:func:`verified_accepts`), each rejected play at least :data:`CLEAR_GAP` and :data:`VERIFIED_ERRORS` combined
errors below the best (a play the rollout did not take, with no error, :data:`SHALLOW_GAP` below); evaluated at
3 plies, the best play alone, every other at least :data:`SHALLOW_GAP` below.

A rolled-out lesson step (one with ``trials``, each listed play with its standard error) accepts the best play and
every play whose gap to the best is at most :data:`ACCEPT_WITHIN` or :data:`ROLLED_OUT_ACCEPT_ERRORS` combined
standard errors, whichever is more (:func:`rolled_out_accepts`); it is clear when every play it rejects is more
than :data:`ACCEPT_WITHIN` and :data:`VERIFIED_ERRORS` combined errors below the best, and below every play it
accepts (:func:`rolled_out_problems`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from trainer.content import author_wording, wording
from trainer.content.grading import Feedback, echo
from trainer.content.models import BestPuzzle, BestStep, PlayFigure, Verification
from trainer.engine import Dice, Play, PlayError, Position, parse_play
from trainer.engine.ideas import play_ideas
from trainer.engine.wording import play_ideas_sentence
from trainer.shared.skill import Skill

ACCEPT_WITHIN: Final = 0.02
"""A play this close to the best (or closer) is accepted."""
CLEAR_GAP: Final = 0.04
"""The best play left out is at least this far below the best; a play less than this below is never left out when
the step has to widen its acceptance."""
EPSILON: Final = 1e-9
SHOWN_PLAYS: Final = 5
"""How many of the best plays the feedback lists."""
VERIFIED_ERRORS: Final = 3.0
"""A rolled-out play is rejected only this many combined standard errors below the best (and :data:`CLEAR_GAP`)."""
ROLLED_OUT_ACCEPT_ERRORS: Final = 2.0
"""A rolled-out lesson step accepts every play at most this many combined standard errors below the best (or
:data:`ACCEPT_WITHIN`, if more)."""
SHALLOW_GAP: Final = 0.08
"""Figures evaluated at 3 plies stand in for a rollout only where every rejected play is this far below the best."""


class BestTask(Protocol):
    """A best-play task: a lesson's step or a puzzle, with its board, its roll and the evaluated plays."""

    @property
    def plays(self) -> list[PlayFigure]: ...

    def board(self) -> Position: ...

    def roll(self) -> Dice: ...


@dataclass(frozen=True, slots=True)
class Figure:
    """One listed play of a step with its equity and how far it is below the best (0 for the best)."""

    play: Play
    equity: float
    loss: float


@dataclass(frozen=True, slots=True)
class BestFigures:
    """A best-play step's listed plays, read on the board, and the window of the accepted ones."""

    position: Position
    dice: Dice
    figures: tuple[Figure, ...]
    window: float
    by_error: bool = False
    """Whether the window is a verification's (the plays within a rollout's error of the best), not a margin's."""

    @property
    def accepted(self) -> tuple[Figure, ...]:
        """The listed plays the step accepts, best first."""
        return tuple(figure for figure in self.figures if figure.loss <= self.window + EPSILON)

    @property
    def first_left_out(self) -> Figure | None:
        """The best listed play the step rejects, if one is listed."""
        return next((figure for figure in self.figures if figure.loss > self.window + EPSILON), None)

    @property
    def widened(self) -> bool:
        """Whether the step accepts more than the plays within :data:`ACCEPT_WITHIN` (never said of a verified
        puzzle's, whose window is its rollout's error)."""
        return not self.by_error and self.window > ACCEPT_WITHIN

    def figure_of(self, play: Play) -> Figure | None:
        """The listed figure of ``play`` (matched by the position it leaves), if listed."""
        return next((figure for figure in self.figures if figure.play.result == play.result), None)

    def is_accepted(self, play: Play) -> bool:
        figure = self.figure_of(play)
        return figure is not None and figure.loss <= self.window + EPSILON


def acceptance_window(losses: list[float]) -> float:
    """How far below the best a play may be and still be accepted, for plays ``losses`` below the best (sorted)."""
    next_out = next((loss for loss in losses if loss > ACCEPT_WITHIN + EPSILON), None)
    if next_out is None or next_out >= CLEAR_GAP - EPSILON:
        return ACCEPT_WITHIN
    return CLEAR_GAP - 2 * EPSILON


class Evaluated(Protocol):
    """A play with its equity, as an evaluator ranks it."""

    @property
    def equity(self) -> float: ...


E = TypeVar("E", bound=Evaluated)


def split_accepted(ranked: Sequence[E]) -> tuple[list[E], E | None]:
    """The plays a best-play task accepts among ``ranked`` (best first), and the best one it leaves out."""
    best = ranked[0].equity
    window = acceptance_window(sorted(best - item.equity for item in ranked))
    accepted = [item for item in ranked if best - item.equity <= window + EPSILON]
    left_out = next((item for item in ranked if best - item.equity > window + EPSILON), None)
    return accepted, left_out


def combined_error(first: PlayFigure, second: PlayFigure) -> float:
    """The standard error of the difference of two plays' equities: the root of the sum of their squared errors
    (0 for figures without one)."""
    return math.hypot(first.se or 0.0, second.se or 0.0)


def verified_accepts(plays: Sequence[PlayFigure], verification: Verification) -> list[bool]:
    """Which of ``plays`` a verified puzzle accepts: the best, and (rolled out) every rolled-out play within the
    combined standard error of the best; evaluated at 3 plies, the best alone. A play the rollout did not take (no
    error) is never accepted."""
    best = max(plays, key=lambda figure: figure.equity)
    return [
        figure is best
        or (
            verification.method == "rollout"
            and figure.se is not None
            and best.equity - figure.equity <= combined_error(best, figure) + EPSILON
        )
        for figure in plays
    ]


def rolled_out_window(best_error: float, error: float) -> float:
    """How far below the best a rolled-out lesson step accepts a play, for the standard errors of the best play and
    of that play: :data:`ACCEPT_WITHIN` or :data:`ROLLED_OUT_ACCEPT_ERRORS` combined errors, whichever is more."""
    return max(ACCEPT_WITHIN, ROLLED_OUT_ACCEPT_ERRORS * math.hypot(best_error, error))


def rolled_out_clear_gap(best_error: float, error: float) -> float:
    """How far below the best a play a rolled-out lesson step rejects must be (more than this): :data:`ACCEPT_WITHIN`
    or :data:`VERIFIED_ERRORS` combined errors, whichever is more."""
    return max(ACCEPT_WITHIN, VERIFIED_ERRORS * math.hypot(best_error, error))


def rolled_out_accepts(figures: Sequence[tuple[float, float]]) -> list[bool]:
    """Which plays a rolled-out lesson step accepts, for their (equity, standard error) best first: the best, and
    every play within :func:`rolled_out_window` of it."""
    best, best_error = figures[0]
    return [best - equity <= rolled_out_window(best_error, error) + EPSILON for equity, error in figures]


class RolledOut(Protocol):
    """A rolled-out play as an evaluator ranks it: its equity and standard error (``None`` if not rolled out)."""

    @property
    def equity(self) -> float: ...

    @property
    def std_error(self) -> float | None: ...


R = TypeVar("R", bound=RolledOut)


def split_rolled_out(ranked: Sequence[R]) -> tuple[list[R], R | None]:
    """The rolled-out plays among ``ranked`` (best first) a rolled-out lesson step accepts, and the best rolled-out
    play it leaves out (plays without a standard error are ignored)."""
    rolled = [item for item in ranked if item.std_error is not None]
    accepts = rolled_out_accepts([(item.equity, item.std_error or 0.0) for item in rolled])
    accepted = [item for item, accepted in zip(rolled, accepts, strict=True) if accepted]
    left_out = next((item for item, accepted in zip(rolled, accepts, strict=True) if not accepted), None)
    return accepted, left_out


def step_accepts(step: BestStep) -> list[bool]:
    """Which of a rolled-out lesson step's listed plays it accepts (see :func:`rolled_out_accepts`)."""
    return rolled_out_accepts([(figure.equity, figure.se or 0.0) for figure in step.plays])


class BestStepError(ValueError):
    """A best-play step whose listed plays cannot be read: ``index`` is the listed play at fault."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def best_figures(step: BestTask) -> BestFigures:
    """The step's listed plays read on its board.

    :raises BestStepError: for a listed play that is illegal or unreadable.
    """
    position, dice = step.board(), step.roll()
    best = max(figure.equity for figure in step.plays)
    figures = []
    for index, listed in enumerate(step.plays):
        try:
            play = parse_play(position, dice, listed.play)
        except PlayError as error:
            raise BestStepError(index, str(error)) from None
        figures.append(Figure(play, listed.equity, best - listed.equity))
    if isinstance(step, BestPuzzle) and step.verified is not None:
        accepts = verified_accepts(step.plays, step.verified)
        window = max(figure.loss for figure, accepted in zip(figures, accepts, strict=True) if accepted)
        return BestFigures(position, dice, tuple(figures), window, by_error=True)
    if isinstance(step, BestStep) and step.trials is not None:
        accepts = step_accepts(step)
        window = max(figure.loss for figure, accepted in zip(figures, accepts, strict=True) if accepted)
        return BestFigures(position, dice, tuple(figures), window, by_error=True)
    personal = isinstance(step, BestPuzzle) and step.personal  # a mistake of the learner's own: never widened
    window = ACCEPT_WITHIN if personal else acceptance_window(sorted(figure.loss for figure in figures))
    return BestFigures(position, dice, tuple(figures), window)


def best_problems(step: BestTask) -> list[tuple[str, str, str | None]]:
    """What is wrong with a best-play step's listed plays: an illegal one, one listed twice, the order, no play
    left out, or a step that is not clear."""
    try:
        found = best_figures(step)
    except BestStepError as error:
        return [("plays", author_wording.listed_play_illegal(error.index + 1, str(error)), None)]
    if isinstance(step, BestStep) and step.trials is not None:
        return rolled_out_problems(step, found)
    return listing_problems(found)


def rolled_out_problems(step: BestStep, found: BestFigures) -> list[tuple[str, str, str | None]]:
    """What keeps a rolled-out lesson step's listing from settling it: a play listed twice or out of order, no play
    left out, or a rejected play that is not clearly below the best (more than :func:`rolled_out_clear_gap`) and
    below every accepted play."""
    problems = order_problems(found)
    if problems:
        return problems
    accepts = step_accepts(step)
    if all(accepts):
        return [("plays", author_wording.no_play_left_out(), author_wording.list_a_rejected_play())]
    best = step.plays[0]
    for index, (listed, figure, accepted) in enumerate(zip(step.plays, found.figures, accepts, strict=True)):
        if accepted:
            continue
        needed = rolled_out_clear_gap(best.se or 0.0, listed.se or 0.0)
        if figure.loss <= needed + EPSILON or figure.loss <= found.window + EPSILON:
            message = author_wording.rolled_out_too_close(index + 1, figure.play.notation(), figure.loss, needed)
            problems.append((f"plays.{index}.equity", message, author_wording.roll_out_longer()))
    return problems


def listing_problems(found: BestFigures) -> list[tuple[str, str, str | None]]:
    """What is wrong with listed plays read on the board: one listed twice, the order, no play left out, or not
    clear."""
    problems = order_problems(found)
    if problems:
        return problems
    left_out = found.first_left_out
    if left_out is None:
        return [("plays", author_wording.no_play_left_out(), author_wording.list_a_rejected_play())]
    if left_out.loss < CLEAR_GAP - EPSILON:  # only when the window is already as wide as it may be
        return [
            (
                "plays",
                author_wording.best_step_not_clear(left_out.loss, CLEAR_GAP),
                author_wording.choose_a_clearer_play(),
            )
        ]
    return []


def order_problems(found: BestFigures) -> list[tuple[str, str, str | None]]:
    """A play listed twice, or plays not listed best first."""
    seen: dict[Position, int] = {}
    for number, figure in enumerate(found.figures, start=1):
        if figure.play.result in seen:
            return [
                (
                    "plays",
                    author_wording.listed_twice(seen[figure.play.result], number),
                    author_wording.list_each_play_once(),
                )
            ]
        seen[figure.play.result] = number
    equities = [figure.equity for figure in found.figures]
    if equities != sorted(equities, reverse=True):
        return [("plays", author_wording.listed_out_of_order(), author_wording.list_best_first())]
    return []


def what_it_does(play: Play, written: str | None = None) -> str:
    """What a play does, in a sentence of ideas (``8/5 6/5 makes your 5-point and leaves no blot.``)."""
    return play_ideas_sentence(echo(play, written), play_ideas(play))


def figures_table(found: BestFigures, chosen: Play | None = None) -> tuple[str, ...]:
    """The best plays with their equities, one a line, the accepted ones marked, and the learner's play if it is
    not among them."""
    lines = []
    shown = found.figures[:SHOWN_PLAYS]
    for number, figure in enumerate(shown, start=1):
        mark = "✓" if figure.loss <= found.window + EPSILON else " "
        mine = chosen is not None and figure.play.result == chosen.result
        lines.append(wording.figure_line(number, mark, figure.play.notation(), figure.equity, figure.loss, mine=mine))
    if chosen is not None and all(figure.play.result != chosen.result for figure in shown):
        listed = found.figure_of(chosen)
        if listed is not None:
            lines.append(wording.figure_line(0, " ", chosen.notation(), listed.equity, listed.loss, mine=True))
    return (wording.best_plays_heading(), *lines)


def verification_sentence(step: BestTask, found: BestFigures) -> str | None:
    """How a verified puzzle's (or a rolled-out lesson step's) answer was settled, in a sentence: its accepted plays
    and its first rejected one with their equities (and their errors, rolled out), e.g. ``Rolled out over 1,296
    games: 24/18 13/11 +0.123 (± 0.004), 13/5 +0.071 (± 0.006).``; ``None`` for a task that is neither."""
    if isinstance(step, BestStep) and step.trials is not None:
        method, trials, accepts = "rollout", step.trials, step_accepts(step)
    elif isinstance(step, BestPuzzle) and step.verified is not None:
        method, trials = step.verified.method, step.verified.trials
        accepts = verified_accepts(step.plays, step.verified)
    else:
        return None
    first_rejected = accepts.index(False) if False in accepts else None
    figures = [
        wording.with_error(wording.play_figure(figure.play.notation(), figure.equity), listed.se)
        for index, (figure, listed) in enumerate(zip(found.figures, step.plays, strict=True))
        if accepts[index] or index == first_rejected
    ]
    return wording.verification(method, trials, figures)


def puzzle_why(step: BestTask, played: Play | None = None) -> str | None:
    """Why a puzzle's best play is best, in the current language (against ``played``, the learner's play, where it
    is listed and wrong; else against the most tempting play left out), if the puzzle can tell."""
    if not isinstance(step, BestPuzzle):
        return None
    from trainer.content.mined import puzzle_reason

    return puzzle_reason(step, played)


def best_solution(puzzle: BestPuzzle, play: Play) -> str:
    """The solution of a best-play puzzle in words: what its best play does, why, and how that was settled."""
    found = best_figures(puzzle)
    return _joined(what_it_does(play), puzzle_why(puzzle), verification_sentence(puzzle, found))


def _joined(*parts: str | None) -> str:
    return " ".join(part for part in parts if part)


def grade_best(
    step: BestTask,
    play: Play,
    written: str | None = None,
    *,
    misses: int = 0,
    explanation: str = "",
    hint: str | None = None,
    final: bool = False,
) -> Feedback:
    """Grade a legal play for a best-play task: accepted, with what it does, the figures and ``explanation``; or
    rejected, with what it does, what it gives away in the tutor's words and ``hint`` (after ``misses`` earlier
    misses, the best play is named). A ``final`` answer (a timed run's, with no second try) names the best play
    and shows the figures at once when it misses."""
    found = best_figures(step)
    doing = what_it_does(play, written)
    why, verified = puzzle_why(step, play), verification_sentence(step, found)
    settled = () if verified is None else (verified,)
    if found.is_accepted(play):
        figure = found.figure_of(play)
        assert figure is not None  # an accepted play is listed
        best = found.figures[0]
        if figure.loss <= EPSILON:
            verdict = wording.best_play_found(doing)
        else:
            verdict = wording.close_play_found(doing, best.play.notation(), figure.loss, widened=found.widened)
        return Feedback(True, _joined(verdict, explanation, why), lines=(*figures_table(found, play), *settled))
    figure = found.figure_of(play)
    last = found.figures[-1]
    if figure is None:
        gives = wording.gives_away_more(last.loss, Skill.of(last.loss))
    else:
        gives = wording.gives_away(figure.loss, Skill.of(figure.loss).word)
    best = found.figures[0]
    if final:
        said = wording.best_missed_final(doing, gives, what_it_does(best.play))
        return Feedback(False, _joined(said, why), lines=(*figures_table(found, play), *settled))
    if misses >= 1:
        return Feedback(False, _joined(wording.best_after_misses(doing, gives, what_it_does(best.play)), why))
    return Feedback(False, wording.best_missed(doing, gives, hint))
