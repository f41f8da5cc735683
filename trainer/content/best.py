"""Best-play steps of lessons: which plays are accepted, whether a step is clear, and the feedback in words.

A step stores the evaluator's best plays with their equities (computed offline, at 3 plies or more). The best play
and every play within :data:`ACCEPT_WITHIN` of it are accepted; where the next play is closer than
:data:`CLEAR_GAP`, every play less than :data:`CLEAR_GAP` below the best is accepted instead, so that the best
play left out is always at least :data:`CLEAR_GAP` below the best. A play the step does not list is below every
listed one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeVar

from trainer.content import author_wording, wording
from trainer.content.grading import Feedback, echo
from trainer.content.models import BestPuzzle, PlayFigure
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
        """Whether the step accepts more than the plays within :data:`ACCEPT_WITHIN`."""
        return self.window > ACCEPT_WITHIN

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
    return listing_problems(found)


def listing_problems(found: BestFigures) -> list[tuple[str, str, str | None]]:
    """What is wrong with listed plays read on the board: one listed twice, the order, no play left out, or not
    clear."""
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
    if found.is_accepted(play):
        figure = found.figure_of(play)
        assert figure is not None  # an accepted play is listed
        best = found.figures[0]
        if figure.loss <= EPSILON:
            verdict = wording.best_play_found(doing)
        else:
            verdict = wording.close_play_found(doing, best.play.notation(), figure.loss, widened=found.widened)
        message = f"{verdict} {explanation}" if explanation else verdict
        return Feedback(True, message, lines=figures_table(found, play))
    figure = found.figure_of(play)
    last = found.figures[-1]
    if figure is None:
        gives = wording.gives_away_more(last.loss, Skill.of(last.loss))
    else:
        gives = wording.gives_away(figure.loss, Skill.of(figure.loss).word)
    best = found.figures[0]
    if final:
        said = wording.best_missed_final(doing, gives, what_it_does(best.play))
        return Feedback(False, said, lines=figures_table(found, play))
    if misses >= 1:
        return Feedback(False, wording.best_after_misses(doing, gives, what_it_does(best.play)))
    return Feedback(False, wording.best_missed(doing, gives, hint))
