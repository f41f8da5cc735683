"""Checks of the skill puzzles: best plays (the stored figures read on the board, the answers the plays they
accept), contact cube decisions (the answer the figures give, by a clear margin), and shot and pip counts (the
engine's numbers)."""

from __future__ import annotations

from trainer.content import author_wording as wording
from trainer.content.best import BestStepError, best_figures, listing_problems
from trainer.content.counting import puzzle_count
from trainer.content.cube import CLEAR_CONTACT_MARGIN, answer_margin, in_exact_table, right_answer
from trainer.content.keywords import CUBE_ANSWERS
from trainer.content.models import MIN_FIGURE_PLIES, BestPuzzle, CubePuzzle, PipsPuzzle, ShotsPuzzle
from trainer.content.themes import BEST_THEMES, CONTACT_CUBE_THEMES, PIPS_THEMES, SHOTS_THEMES
from trainer.engine import PlayError, blot_points, parse_play

Problems = list[tuple[str, str, str | None]]


def figures_problems(puzzle: BestPuzzle | CubePuzzle) -> Problems:
    """The evaluator's figures of a puzzle: deep enough, and (a cube puzzle's) given with their depth."""
    if isinstance(puzzle, CubePuzzle) and (puzzle.figures is None) != (puzzle.plies is None):
        return [("figures", wording.figures_need_plies(), None)]
    if puzzle.plies is not None and puzzle.plies < MIN_FIGURE_PLIES:
        return [("plies", wording.too_shallow(puzzle.plies, MIN_FIGURE_PLIES), f"plies = {MIN_FIGURE_PLIES}")]
    return []


def check_best_puzzle(puzzle: BestPuzzle) -> Problems:
    """A best-play puzzle: its listing (legal, in order, clear) and answers that are exactly the accepted plays."""
    if puzzle.theme not in BEST_THEMES:
        return [("theme", wording.unknown_theme("best", puzzle.theme), wording.use_one_of(BEST_THEMES))]
    try:
        found = best_figures(puzzle)
    except BestStepError as error:
        return [("plays", wording.listed_play_illegal(error.index + 1, str(error)), None)]
    problems = listing_problems(found)
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
    if answered != accepted:
        names = ", ".join(f'"{figure.play}"' for figure in found.accepted)
        return [("answers", wording.answers_are_the_accepted_plays(), f"answers = [{names}]")]
    return []


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
    if margin < CLEAR_CONTACT_MARGIN:
        return [("figures", wording.too_close_to_teach(margin, CLEAR_CONTACT_MARGIN), None)]
    return []


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
