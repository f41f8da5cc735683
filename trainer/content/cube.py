"""Cube decisions for lessons and puzzles: the right answer from the exact bear-off cube table, its margin, its
theme, and the figures said in words ("doubling wins 0.12 points a game more than waiting; O's take loses 0.84
against 1.00 for passing").

Equities are the doubler's, per unit of the cube before the double: passing a double gives up 1.00, taking it
loses (or wins) the double/take equity.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trainer.content import wording
from trainer.content.grading import Feedback
from trainer.content.keywords import CUBE_ANSWERS as CUBE_ANSWERS  # the two answers of each question
from trainer.content.keywords import CubeAnswer
from trainer.content.models import CubeFigures, CubePuzzle, CubeStep, Verification
from trainer.engine import EngineError, MatchScore, Position, Side
from trainer.engine.bearoff import CubeDecision, CubeOwner, cube_decision, home_side, one_sided
from trainer.engine.matchid import MatchId

CLEAR_CUBE_MARGIN = 0.01
"""How much better (in points a game, per unit of the cube) the right answer to a cube task must be."""
CLEAR_CONTACT_MARGIN = 0.03
"""The same for a contact position, graded by the evaluator's figures rather than exact ones."""
SURE = 1.0 - 1e-6

Party = Side | None
"""How a side is named in an explanation: ``X`` or ``O``, or ``None`` for the learner ("you")."""
YOU: Party = None
X_SIDE: Party = Side.X
O_SIDE: Party = Side.O


def cube_theme(position: Position, owner: str) -> str:
    """The cube theme of a bear-off in the exact table: ``redouble`` with the cube owned, else by how long the
    game can last: ``last-roll`` (the opponent is sure to finish with its next roll, the side on roll is not sure
    to finish with this one), ``two-rolls`` (both sides are sure to finish within two rolls) or ``longer-bearoff``."""
    if owner == "player":
        return "redouble"
    table = one_sided()
    mine = table.distribution(home_side(position.player))
    theirs = table.distribution(home_side(position.opponent))
    if theirs[1] >= SURE and mine[1] < SURE:
        return "last-roll"
    if sum(mine[:3]) >= SURE and sum(theirs[:3]) >= SURE:
        return "two-rolls"
    return "longer-bearoff"


def right_answer(decision: CubeDecision, question: str) -> CubeAnswer:
    """What the exact figures answer: ``double`` or ``no double``; ``take`` or ``pass``."""
    yes, no = CUBE_ANSWERS[question]
    return yes if (decision.should_take if question == "take" else decision.should_double) else no


def answer_margin(decision: CubeDecision, question: str) -> float:
    """How much better the right answer is than the other one, in points a game per unit of the cube."""
    return abs(decision.take_gain if question == "take" else decision.double_gain)


def answer_error(figures: CubeFigures, question: str) -> float:
    """The standard error of :func:`answer_margin` by a contact position's figures (0 without errors): of the
    double/take equity for a take; for a double, of the no-double equity against the double/take one (or alone,
    where the double should be passed)."""
    no_double, double_take = figures.no_double_se or 0.0, figures.double_take_se or 0.0
    if question == "take":
        return double_take
    return math.hypot(no_double, double_take) if figures.decision().should_take else no_double


def verification_words(verification: Verification, figures: CubeFigures) -> str:
    """How a verified cube puzzle's figures were settled, in a sentence with its three equities (rolled out, with
    their errors)."""
    said = wording.cube_figures_said(figures.no_double, figures.double_take, figures.double_pass)
    errors = (figures.no_double_se, figures.double_take_se, None)
    shown = [wording.with_error(figure, error) for figure, error in zip(said, errors, strict=True)]
    return wording.verification(verification.method, verification.trials, shown)


def is_last_roll(position: Position) -> bool:
    """Whether the side not on roll is sure to bear off with its next roll, so that the cube is never used again
    after this turn."""
    return one_sided().distribution(home_side(position.opponent))[1] >= SURE


@dataclass(frozen=True, slots=True)
class CubeTask:
    """A cube question as the learner meets it: the exact decision of the side that may double, the question
    (``double`` or ``take``), who doubles and who answers, whether it is the last roll, and the cube's value
    before the double (the figures are per unit of it)."""

    decision: CubeDecision
    question: str
    doubler: Party = X_SIDE
    taker: Party = O_SIDE
    last_roll: bool = False
    cube: int = 1
    plies: int = 0
    """For the evaluator's figures of a contact position: their depth (0: the exact table's)."""
    settled: str | None = None
    """A verified puzzle's: how its figures were settled, in a sentence (said in place of the depth)."""
    why: str | None = None
    """A puzzle's stored reason for its answer, said after the figures."""
    match: MatchScore | None = None
    """A lesson step's match score (you are X), said with the figures, which are money-equivalent there."""

    @classmethod
    def of_puzzle(cls, puzzle: CubePuzzle) -> CubeTask:
        """A cube puzzle's question: X may double; O is asked to take."""
        if puzzle.figures is not None and puzzle.verified is not None:
            settled = verification_words(puzzle.verified, puzzle.figures)
            why = _reason(puzzle)
            return cls(puzzle.cube(), puzzle.question, plies=puzzle.plies or 0, settled=settled, why=why)
        if puzzle.figures is not None and puzzle.plies is not None:
            return cls(puzzle.cube(), puzzle.question, plies=puzzle.plies, why=_reason(puzzle))
        owned = puzzle.owner == "player"
        return cls(puzzle.cube(), puzzle.question, last_roll=is_last_roll(puzzle.board()),
                   cube=2 if owned else 1, why=puzzle.why)  # fmt: skip

    @classmethod
    def of_step(cls, step: CubeStep) -> CubeTask:
        """A lesson's cube step: you double, or O (on roll) has doubled you.

        :raises NotBearOffError: if the position lies outside the exact table.
        """
        view, doubler, taker = cube_step_view(step)
        if step.figures is not None and step.plies is not None:
            decision, match = step.figures.decision(), step.match_score()
            return cls(decision, step.question, doubler, taker, cube=step.cube, plies=step.plies, match=match)
        decision = cube_decision(view, owner_of(step.cube > 1))
        return cls(decision, step.question, doubler, taker, last_roll=is_last_roll(view), cube=step.cube)

    @property
    def right(self) -> CubeAnswer:
        """The answer the exact figures give."""
        return right_answer(self.decision, self.question)

    def words(self) -> str:
        """The right answer and why, in words: the three equities compared (and where they come from, for a contact
        position), then the stored reason, if any."""
        if self.plies or self.settled is not None:
            text = wording.contact_cube_words(
                self.decision, self.question, self.doubler, self.taker, self.plies, source=self.settled
            )
        elif self.question == "take":
            text = wording.take_words(self.decision, self.taker, last_roll=self.last_roll)
        else:
            text = wording.double_words(self.decision, self.doubler, self.taker, last_roll=self.last_roll)
        if self.match is not None:
            text = f"{text} {wording.at_the_match_score(self.match.away(Side.X), self.match.away(Side.O))}"
        elif self.cube > 1:
            text = f"{text} {wording.per_unit_of_the_cube(self.cube)}"
        return f"{text} {self.why}" if self.why else text

    def grade(self, answer: str) -> Feedback:
        """Grade ``answer`` (``double`` or ``no double``; ``take`` or ``pass``) by the exact figures, and say why
        in words either way: with two answers, a miss shows which one is right."""
        if answer == self.right:
            return Feedback(True, wording.cube_right(answer, self.words()))
        return Feedback(False, wording.cube_wrong(answer, self.words()))


def _reason(puzzle: CubePuzzle) -> str | None:
    """Why a contact cube puzzle's answer is right, in the current language (else the reason it stores)."""
    from trainer.content.mined import puzzle_reason

    return puzzle_reason(puzzle) or puzzle.why


def in_exact_table(position: Position) -> bool:
    """Whether the exact bear-off cube table answers for ``position`` (then its figures, not an evaluator's, do)."""
    try:
        cube_decision(position)
    except EngineError:
        return False
    return True


def owner_of(owned: bool) -> CubeOwner:
    """The table's name for where the cube is, seen from the side that may double."""
    return "player" if owned else "centered"


def grade_cube_puzzle(puzzle: CubePuzzle, answer: str) -> Feedback:
    """Grade the answer to a cube puzzle (X may double; O is asked to take)."""
    return CubeTask.of_puzzle(puzzle).grade(answer)


def cube_solution(puzzle: CubePuzzle) -> str:
    """The answer of a cube puzzle with its figures in words."""
    task = CubeTask.of_puzzle(puzzle)
    return f"{wording.cube_answer_sentence(task.right)} {task.words()}"


def cube_step_view(step: CubeStep) -> tuple[Position, Party, Party]:
    """A cube step from the doubler's side (the table's view), with who doubles and who answers: you double, or
    O (on roll) has doubled you."""
    position = step.board()
    if step.question == "take":
        return position.swap(), O_SIDE, YOU
    return position, YOU, O_SIDE


def cube_step_match_id(step: CubeStep) -> str:
    """GNU Backgammon's Match ID of a cube step's moment before the roll: the doubler on roll with the cube before
    the double, at the step's score (money play, the Jacoby rule off, without one)."""
    score = step.match_score() or MatchScore()
    return MatchId(match=score, cube=step.cube_before(), on_roll=step.doubler()).match_id()


def cube_step_decision(step: CubeStep) -> CubeDecision:
    """The exact decision behind a cube step.

    :raises NotBearOffError: if the position lies outside the exact table.
    """
    return CubeTask.of_step(step).decision


def grade_cube_step(step: CubeStep, answer: str) -> Feedback:
    """Grade a lesson's cube decision by the exact figures, in words; the step's explanation follows a right
    answer."""
    feedback = CubeTask.of_step(step).grade(answer)
    if feedback.correct:
        return Feedback(True, f"{feedback.message} {step.explanation}")
    return feedback
