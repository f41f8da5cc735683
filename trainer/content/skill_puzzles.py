"""Checks of the skill puzzles: best plays (the stored figures read on the board, the answers the plays they
accept), contact cube decisions (the answer the figures give, by a clear margin), and shot and pip counts (the
engine's numbers).

A verified puzzle (a mined one: :class:`~trainer.content.models.Verification`) is checked by its verification's
rule. A best-play puzzle's best play is ahead of every rejected play by at least :data:`~trainer.content.best.CLEAR_GAP`
and :data:`~trainer.content.best.VERIFIED_ERRORS` combined standard errors, and every accepted play lies within the
combined error of the best; evaluated at 3 plies, one play is accepted and every other is at least
:data:`~trainer.content.best.SHALLOW_GAP` behind. A cube puzzle's answer wins by the same margins. The stored gap and
its error must be the ones the figures give (:data:`FIGURE_TOLERANCE`)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from trainer.content import author_wording as wording
from trainer.content.best import (
    CLEAR_GAP,
    EPSILON,
    SHALLOW_GAP,
    VERIFIED_ERRORS,
    BestFigures,
    BestStepError,
    best_figures,
    combined_error,
    listing_problems,
    order_problems,
    verified_accepts,
)
from trainer.content.counting import puzzle_count
from trainer.content.cube import (
    CLEAR_CONTACT_MARGIN,
    answer_error,
    answer_margin,
    in_exact_table,
    right_answer,
)
from trainer.content.keywords import CUBE_ANSWERS
from trainer.content.models import (
    MIN_FIGURE_PLIES,
    BestPuzzle,
    CubeFigures,
    CubePuzzle,
    PipsPuzzle,
    PlayFigure,
    ShotsPuzzle,
    Verification,
)
from trainer.content.themes import BEST_THEMES, CONTACT_CUBE_THEMES, PIPS_THEMES, SHOTS_THEMES
from trainer.engine import PlayError, blot_points, parse_play

Problems = list[tuple[str, str, str | None]]
FIGURE_TOLERANCE = 0.0015
"""How far a stored gap or error may be from the one its figures give: figures are stored to 3 decimals, so a gap
worked out before rounding may differ from the rounded figures' by up to 0.001."""


def figures_problems(puzzle: BestPuzzle | CubePuzzle) -> Problems:
    """The evaluator's figures of a puzzle: given with their depth or their verification, and deep enough."""
    if isinstance(puzzle, CubePuzzle):
        if puzzle.verified is not None and puzzle.figures is None:
            return [("verified", wording.verified_needs_figures(), None)]
        if (puzzle.figures is None) != (puzzle.plies is None) and puzzle.verified is None:
            return [("figures", wording.figures_need_plies(), None)]
    elif puzzle.plies is None and puzzle.verified is None:
        return [("plies", wording.best_puzzle_needs_figures(), wording.compute_the_figures())]
    if puzzle.plies is not None and puzzle.plies < MIN_FIGURE_PLIES:
        return [("plies", wording.too_shallow(puzzle.plies, MIN_FIGURE_PLIES), f"plies = {MIN_FIGURE_PLIES}")]
    return []


def check_best_puzzle(puzzle: BestPuzzle) -> Problems:
    """A best-play puzzle: its listing (legal, in order, clear; a verified one's by its verification) and answers
    that are exactly the accepted plays."""
    if puzzle.theme not in BEST_THEMES:
        return [("theme", wording.unknown_theme("best", puzzle.theme), wording.use_one_of(BEST_THEMES))]
    try:
        found = best_figures(puzzle)
    except BestStepError as error:
        return [("plays", wording.listed_play_illegal(error.index + 1, str(error)), None)]
    problems = result_problems(puzzle.plays, found)
    if puzzle.verified is None:
        problems.extend(listing_problems(found))
    else:
        problems.extend(verified_best_problems(puzzle.plays, found, puzzle.verified))
    if problems:
        return problems
    accepted = {figure.play.result for figure in found.accepted}
    position, dice = puzzle.board(), puzzle.roll()
    answered = set()
    for answer in puzzle.answers:
        try:
            answered.add(parse_play(position, dice, answer).result)
        except PlayError as error:
            return [("answers", wording.not_legal_here(answer, error.reason), None)]
    if answered == accepted:
        return []
    if puzzle.verified is not None:
        names = [figure.play.notation() for figure in found.accepted]
        results = json.dumps([figure.play.result.position_id() for figure in found.accepted])
        return [("answers", wording.answers_are_the_verified_plays(names), f'"answers": {results}')]
    names_written = ", ".join(f'"{figure.play}"' for figure in found.accepted)
    return [("answers", wording.answers_are_the_accepted_plays(), f"answers = [{names_written}]")]


def result_problems(plays: Sequence[PlayFigure], found: BestFigures) -> Problems:
    """Listed plays whose stored ``result`` is not the position they leave."""
    problems: Problems = []
    for index, (listed, figure) in enumerate(zip(plays, found.figures, strict=True)):
        actual = figure.play.result.position_id()
        if listed.result is not None and listed.result != actual:
            message = wording.result_differs(index + 1, figure.play.notation(), listed.result, actual)
            problems.append((f"plays.{index}.result", message, f'"result": "{actual}"'))
    return problems


def verified_best_problems(plays: Sequence[PlayFigure], found: BestFigures, verification: Verification) -> Problems:
    """What keeps a verified best-play puzzle's listing from settling it: a play listed twice or out of order, or
    figures the method can't have (or lacks); else every play neither accepted nor clearly rejected, and a stored gap
    or error that isn't the figures'."""
    problems = order_problems(found) or _method_problems(plays, found, verification)
    if problems:
        return problems
    accepts = verified_accepts(plays, verification)
    if all(accepts):
        return [("plays", wording.no_play_left_out(), wording.list_a_rejected_play())]
    best = plays[0]
    first_rejected = accepts.index(False)
    for index, (listed, figure) in enumerate(zip(plays, found.figures, strict=True)):
        number, play = index + 1, figure.play.notation()
        if accepts[index]:
            if index > first_rejected:
                problems.append(
                    (f"plays.{index}", wording.accepted_below_rejected(number, play), wording.roll_out_longer())
                )
            continue
        error, needed = _judged_by(verification, best, listed)
        if figure.loss < needed - EPSILON:
            if error:
                message = wording.too_close_to_call(number, play, figure.loss, error, needed)
            else:
                message = wording.too_close_at_three_plies(number, play, figure.loss, needed)
            problems.append((f"plays.{index}.equity", message, wording.roll_out_longer()))
    rejected = plays[first_rejected]
    error, needed = _judged_by(verification, best, rejected)
    return problems + _settled_problems(verification, best.equity - rejected.equity, error, needed)


def _needed_gap(verification: Verification, error: float) -> float:
    """How far below the best a rejected play (or the answer's alternative) must be, by the method and the error."""
    if verification.method == "rollout":
        return max(CLEAR_GAP, VERIFIED_ERRORS * error)
    return SHALLOW_GAP


def _judged_by(verification: Verification, best: PlayFigure, listed: PlayFigure) -> tuple[float, float]:
    """The combined standard error a listed play is judged by, and how far below the best it must be: a rolled-out
    play by its error; one evaluated at 3 plies, or one the rollout did not take (no error), by
    :data:`SHALLOW_GAP` with no error."""
    if verification.method == "rollout" and listed.se is not None:
        error = combined_error(best, listed)
        return error, _needed_gap(verification, error)
    return 0.0, SHALLOW_GAP


def _method_problems(plays: Sequence[PlayFigure], found: BestFigures, verification: Verification) -> Problems:
    """Figures the verification's method can't have or lacks: a rollout's games and every play's error; none of
    either at 3 plies."""
    problems = _verification_problems(verification)
    rolled_out = verification.method == "rollout"
    for index, (listed, figure) in enumerate(zip(plays, found.figures, strict=True)):
        number, play = index + 1, figure.play.notation()
        if rolled_out and listed.se is None and figure.loss <= EPSILON:  # the best is always rolled out
            problems.append(
                (f"plays.{index}.se", wording.rolled_out_play_needs_error(number, play), wording.give_the_errors())
            )
        elif not rolled_out and listed.se is not None:
            problems.append((f"plays.{index}.se", wording.evaluated_play_has_no_error(number, play), '"se": null'))
    return problems


def _verification_problems(verification: Verification) -> Problems:
    """A rollout of no games, or an evaluation at 3 plies with games or an error."""
    if verification.method == "rollout" and verification.trials < 1:
        return [("verified.trials", wording.rollout_needs_trials(), wording.give_the_trials())]
    if verification.method == "3-ply" and (verification.trials or verification.se):
        field = "verified.trials" if verification.trials else "verified.se"
        return [(field, wording.evaluation_has_no_error(), '"trials": 0, "se": 0')]
    return []


def _settled_problems(verification: Verification, gap: float, error: float, needed: float | None = None) -> Problems:
    """The stored gap and error against the figures' (``gap``, ``error``), and a gap too small for the method (or
    than ``needed``, where given)."""
    problems: Problems = []
    if abs(verification.gap - gap) > FIGURE_TOLERANCE:
        problems.append(("verified.gap", wording.verified_gap_differs(verification.gap, gap), f'"gap": {gap:.3f}'))
    if abs(verification.se - error) > FIGURE_TOLERANCE:
        problems.append(("verified.se", wording.verified_error_differs(verification.se, error), f'"se": {error:.3f}'))
    needed = _needed_gap(verification, error) if needed is None else needed
    if gap < needed - EPSILON:
        message = wording.verified_gap_too_small(gap, needed, verification.method)
        problems.append(("verified.gap", message, wording.roll_out_longer()))
    return problems


def check_contact_cube_puzzle(puzzle: CubePuzzle) -> Problems:
    """A cube puzzle judged by its figures: the theme, outside the exact table, the answer by a clear margin."""
    if puzzle.theme not in CONTACT_CUBE_THEMES:
        return [("theme", wording.unknown_theme("cube", puzzle.theme), wording.use_one_of(CONTACT_CUBE_THEMES))]
    if puzzle.owner != "centered":
        return [("cube_owner", wording.contact_cube_centered(), 'cube_owner = "centered"')]
    if in_exact_table(puzzle.board()):
        return [("figures", wording.exact_table_covers_it(), wording.drop_the_figures())]
    accepted = CUBE_ANSWERS[puzzle.question]
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in accepted:
        return [("answers", wording.cube_answers(puzzle.question), None)]
    decision = puzzle.cube()
    right = right_answer(decision, puzzle.question)
    if puzzle.answers[0] != right:
        return [("answers", wording.evaluator_figures_say(right, puzzle.answers[0]), f'answers = ["{right}"]')]
    margin = answer_margin(decision, puzzle.question)
    if puzzle.verified is not None and puzzle.figures is not None:
        return verified_cube_problems(puzzle.figures, puzzle.question, puzzle.verified)
    if margin < CLEAR_CONTACT_MARGIN:
        return [("figures", wording.too_close_to_teach(margin, CLEAR_CONTACT_MARGIN), None)]
    return []


def verified_cube_problems(figures: CubeFigures, question: str, verification: Verification) -> Problems:
    """What keeps a verified cube puzzle's figures from settling its (right) answer: errors the method needs or
    can't have, an answer that doesn't win by the method's margin, a stored gap or error that isn't the figures'."""
    problems = _verification_problems(verification)
    errors = (figures.no_double_se, figures.double_take_se)
    if verification.method == "rollout" and None in errors:
        problems.append(("figures", wording.rolled_out_cube_needs_errors(), wording.give_the_errors()))
    elif verification.method == "3-ply" and errors != (None, None):
        problems.append(
            ("figures", wording.evaluated_cube_has_no_errors(), '"no_double_se": null, "double_take_se": null')
        )
    if problems:
        return problems
    margin = answer_margin(figures.decision(), question)
    return _settled_problems(verification, margin, answer_error(figures, question))


def count_answer(puzzle: ShotsPuzzle | PipsPuzzle) -> int:
    """The engine's count for a shots or pips puzzle."""
    return puzzle_count(puzzle).answer


def check_count_puzzle(puzzle: ShotsPuzzle | PipsPuzzle) -> Problems:
    """A shots or pips puzzle: the theme, something to count, and the engine's number as the answer."""
    themes = SHOTS_THEMES if isinstance(puzzle, ShotsPuzzle) else PIPS_THEMES
    if puzzle.theme not in themes:
        return [("theme", wording.unknown_theme(puzzle.KIND, puzzle.theme), wording.use_one_of(themes))]
    if isinstance(puzzle, ShotsPuzzle):
        blots = blot_points(puzzle.board())
        missing = [point for point in puzzle.targets if point not in blots]
        if not blots or missing:
            return [("targets", wording.no_blot_to_hit(), wording.choose_blots_to_hit())]
    answer = count_answer(puzzle)
    if puzzle.answers != [str(answer)]:
        return [("answers", wording.engine_counts(answer, ", ".join(puzzle.answers)), f'answers = ["{answer}"]')]
    return []
