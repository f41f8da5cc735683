"""Puzzles: forced moves, bear-off problems and cube decisions, every answer re-checked by the engine when loaded.

A puzzle file (TOML) holds ``[[puzzles]]`` tables. Forced puzzles have exactly one legal play (or none: the
answer is then ``pass``), in standard backgammon or in acey-deucey (``variant``); bear-off puzzles accept every
play tied with the best, and the best must be clearly better than the rest (by 1% winning chances in a race, by
0.05 expected rolls for the fewest rolls); cube puzzles ask whether the side on roll should double, or whether the
other side should take, in a bear-off the exact cube table covers, and the right answer must be better by at
least 0.01 of a point a game.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from trainer.content import wording
from trainer.content.cube import CLEAR_CUBE_MARGIN, CUBE_ANSWERS, answer_margin, cube_theme, right_answer
from trainer.content.doubles import DOUBLE_THEMES, check_double_puzzle
from trainer.content.files import (
    CheckedFiles,
    ContentFileError,
    Lines,
    Problem,
    each_loaded,
    file_problem,
    read_content_file,
)
from trainer.content.grading import CLEAR_ROLLS_MARGIN, CLEAR_WIN_MARGIN, best_group
from trainer.content.library import PuzzleLibrary
from trainer.content.models import Puzzle, PuzzleKind, PuzzleVariant, problem_of
from trainer.content.paths import content_dir
from trainer.content.recognition import check_recognition
from trainer.content.skill_puzzles import (
    check_best_puzzle,
    check_contact_cube_puzzle,
    check_count_puzzle,
    skill_field_problems,
)
from trainer.content.themes import (
    BEAROFF_THEMES,
    CUBE_THEMES,
    FORCED_THEMES,
    REVEALING_THEMES,
    VARIANT_TITLES,
    forced_theme,
)
from trainer.engine import EngineError, Play, PlayError, legal_plays, parse_play
from trainer.engine.bearoff import is_pure_bearoff, rank_plays
from trainer.i18n import Language
from trainer.i18n import language as current_language

# The puzzle model (now in models.py), the forced-move themes (themes.py) and the bear-off margins (grading.py),
# still importable from here as they always were.
__all__ = [
    "CLEAR_ROLLS_MARGIN",
    "CLEAR_WIN_MARGIN",
    "Puzzle",
    "PuzzleKind",
    "PuzzleLibrary",
    "PuzzleVariant",
    "check_cube_puzzle",
    "check_puzzle",
    "forced_theme",
    "load_puzzle_file",
    "load_puzzles",
    "practice_set",
]
# --- loading and checking -----------------------------------------------------------------------------------


def practice_set(puzzles: list[Puzzle], key: str) -> tuple[str, list[Puzzle]]:
    """The set a lesson's practice link opens, with its title: the standard puzzles of a theme, or every puzzle of
    a variant (``acey-deucey``). A theme whose name gives the answer away (``no-play``) is mixed, one for one, with
    other forced moves, and its title says only that."""
    if key in VARIANT_TITLES:
        chosen = [puzzle for puzzle in puzzles if puzzle.variant == key]
        return wording.variant_puzzles(key), chosen
    chosen = [puzzle for puzzle in puzzles if puzzle.theme == key and puzzle.variant == "standard"]
    if key not in REVEALING_THEMES:
        return wording.theme_title(key), chosen
    others = [p for p in puzzles if p.kind == "forced" and p.variant == "standard" and p.theme not in REVEALING_THEMES]
    step = max(1, len(others) // max(1, len(chosen)))
    mixed = [puzzle for pair in zip(chosen, others[::step], strict=False) for puzzle in pair]
    return wording.mixed_forced_moves(), mixed


def _field_problems(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Fields that the puzzle's kind needs or does not take."""
    problems: list[tuple[str, str, str | None]] = skill_field_problems(puzzle)
    if puzzle.kind != "double" and puzzle.conditions:
        problems.append(("conditions", wording.only_choose_takes_conditions(), wording.remove_field("conditions")))
    if puzzle.kind == "double":
        return problems + _double_field_problems(puzzle)
    if puzzle.kind == "cube":
        if puzzle.dice is not None:
            problems.append(("dice", wording.cube_puzzle_takes_no_dice(), wording.remove_field("dice")))
        if puzzle.question is None:
            problems.append(("question", wording.cube_puzzle_needs_a_question(), wording.give_a_question()))
        elif puzzle.question not in CUBE_ANSWERS:
            problems.append(("question", wording.cube_question_is_double_or_take(), wording.give_a_question()))
        if puzzle.variant != "standard":
            problems.append(("variant", wording.no_cube_in_acey_deucey(), 'variant = "standard"'))
        return problems
    problems.extend(
        (name, wording.only_cube_puzzles_take(name), wording.remove_field(name))
        for name, value in (("cube_owner", puzzle.cube_owner), ("question", puzzle.question))
        if value is not None
    )
    if puzzle.dice is None and puzzle.kind not in ("shots", "pips"):
        problems.append(("dice", wording.puzzle_needs_dice(puzzle.kind), 'dice = "65"'))
    if puzzle.variant == "acey-deucey" and puzzle.kind not in ("forced", "double"):
        problems.append(("variant", wording.acey_deucey_puzzles_are_forced(), 'kind = "forced" or "double"'))
    elif puzzle.variant == "standard" and puzzle.board().has_waiting():
        problems.append(("variant", wording.waiting_only_in_acey_deucey(), wording.set_acey_deucey()))
    return problems


def _double_field_problems(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """The fields an acey-deucey double puzzle needs or does not take."""
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.variant != "acey-deucey":
        problems.append(("variant", wording.double_puzzles_are_acey_deucey(), 'variant = "acey-deucey"'))
    if puzzle.cube_owner is not None:
        owner = "cube_owner"
        problems.append((owner, wording.only_cube_puzzles_take(owner), wording.remove_field(owner)))
    if puzzle.question not in DOUBLE_THEMES:
        problems.append(("question", wording.double_puzzle_needs_a_question(), wording.give_a_double_question()))
    elif puzzle.question == "choose" and puzzle.dice is not None:
        problems.append(("dice", wording.choose_takes_no_dice(), wording.remove_field("dice")))
    elif puzzle.question == "full":
        if puzzle.dice is None or not puzzle.roll().is_double:
            problems.append(("dice", wording.full_needs_a_double(), 'dice = "44"'))
        if puzzle.conditions:
            problems.append(("conditions", wording.only_choose_takes_conditions(), wording.remove_field("conditions")))
    return problems


def check_cube_puzzle(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a cube puzzle: the position in the exact table, the theme the engine finds, the answer the
    exact figures give, by a clear margin."""
    assert puzzle.question is not None
    if puzzle.figures is not None:
        return check_contact_cube_puzzle(puzzle)
    accepted = CUBE_ANSWERS[puzzle.question]
    written = ", ".join(f'["{answer}"]' for answer in accepted)
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in accepted:
        return [("answers", wording.cube_answers(puzzle.question), written)]
    decision = puzzle.cube()
    theme = cube_theme(puzzle.board(), puzzle.owner)
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.theme not in CUBE_THEMES:
        problems.append(("theme", wording.unknown_theme("cube", puzzle.theme), wording.use_one_of(CUBE_THEMES)))
    elif puzzle.theme != theme:
        problems.append(("theme", wording.theme_shown(theme, puzzle.theme), None))
    right = right_answer(decision, puzzle.question)
    if puzzle.answers[0] != right:
        figures = wording.cube_figures(decision)
        problems.append(("answers", wording.figures_say_with(right, figures), f'answers = ["{right}"]'))
    margin = answer_margin(decision, puzzle.question)
    if margin < CLEAR_CUBE_MARGIN:
        problems.append(("answers", wording.too_close_to_ask(margin, CLEAR_CUBE_MARGIN), None))
    return problems


def check_puzzle(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a well-formed puzzle: ``(field, message, suggestion)`` for each problem."""
    fields = _field_problems(puzzle)
    if fields:
        return fields
    if puzzle.kind == "cube":
        return check_cube_puzzle(puzzle)
    if puzzle.kind == "recognition":
        return check_recognition(puzzle)
    if puzzle.kind == "double":
        return check_double_puzzle(puzzle)
    if puzzle.kind == "best":
        return check_best_puzzle(puzzle)
    if puzzle.kind in ("shots", "pips"):
        return check_count_puzzle(puzzle)
    problems: list[tuple[str, str, str | None]] = []
    position, dice = puzzle.board(), puzzle.roll()
    if position.is_game_over():
        return [("position", wording.game_over(), None)]
    plays = legal_plays(position, dice)
    accepted: list[Play] = []
    only = f'answers = ["{plays[0]}"]' if puzzle.kind == "forced" and len(plays) == 1 else None
    for answer in puzzle.answers:
        try:
            accepted.append(parse_play(position, dice, answer))
        except PlayError as error:
            problems.append(("answers", wording.not_legal_here(answer, error.reason), only))
    if problems:
        return problems
    results = {play.result for play in accepted}
    if puzzle.kind == "forced":
        if puzzle.theme not in FORCED_THEMES:
            return [("theme", wording.unknown_theme("forced", puzzle.theme), wording.use_one_of(FORCED_THEMES))]
        if len(plays) != 1:
            examples = ", ".join(str(play) for play in plays[:3])
            return [("dice", wording.roll_not_forced(len(plays), examples), None)]
        if results != {plays[0].result}:
            return [("answers", wording.the_only_legal_play(plays[0]), f'answers = ["{plays[0]}"]')]
        theme = forced_theme(position, dice)
        if theme != puzzle.theme:
            problems.append(("theme", wording.theme_shown(theme, puzzle.theme), None))
        return problems
    if puzzle.theme not in BEAROFF_THEMES:
        return [("theme", wording.unknown_theme("bearoff", puzzle.theme), wording.use_one_of(BEAROFF_THEMES))]
    if not is_pure_bearoff(position):
        return [("position", wording.bearoff_needs_every_checker_home(), None)]
    group, margin = best_group(rank_plays(position, dice), puzzle.theme)
    best = {entry.play.result for entry in group}
    names = ", ".join(str(entry.play) for entry in group)
    if results != best:
        return [("answers", wording.best_plays_are(names), wording.list_the_best_plays())]
    needed = CLEAR_WIN_MARGIN if puzzle.theme == "race" else CLEAR_ROLLS_MARGIN
    if margin == float("inf"):
        return [("dice", wording.every_play_ties(), None)]
    if margin < needed:
        return [("answers", wording.best_not_clearly_better(margin), None)]
    return problems


_CHECKED_PUZZLES: CheckedFiles[tuple[list[Puzzle], list[Problem]]] = CheckedFiles()


def load_puzzle_file(path: Path, display_name: str | None = None) -> tuple[list[Puzzle], list[Problem]]:
    """The puzzles of one file that pass every check, and the problems of the others (checked once while the file
    is unchanged)."""
    name = display_name or path.name
    puzzles, problems = _CHECKED_PUZZLES.get(path, name, lambda: _load_puzzle_file(path, name))
    return list(puzzles), list(problems)


def _load_puzzle_file(path: Path, name: str) -> tuple[list[Puzzle], list[Problem]]:
    try:
        text, raw = read_content_file(path)
    except ContentFileError as error:
        return [], [Problem(name, error.line, "", error.message, error.suggestion)]
    entries = raw.get("puzzles")
    if not isinstance(entries, list):
        return [], [Problem(name, None, "", wording.no_puzzle_tables(), wording.start_with_puzzles())]
    lines = Lines(text, "puzzles")
    puzzles: list[Puzzle] = []
    problems: list[Problem] = []
    for number, entry in enumerate(entries):
        puzzle_id = entry.get("id") if isinstance(entry, dict) and isinstance(entry.get("id"), str) else None
        try:
            puzzle = Puzzle.model_validate(entry)
        except ValidationError as error:
            for item in error.errors():
                key = ".".join(str(part) for part in item["loc"]) or None
                message, suggestion = problem_of(item)
                where = wording.puzzle_place(number, puzzle_id, key)
                problems.append(Problem(name, lines.of(number, key), where, message, suggestion))
            continue
        try:
            found = check_puzzle(puzzle)
        except EngineError as error:
            found = [("position", str(error), None)]
        for key, message, suggestion in found:
            problems.append(
                Problem(name, lines.of(number, key), wording.puzzle_place(number, puzzle_id, key), message, suggestion)
            )
        if not found:
            puzzles.append(puzzle)
    return puzzles, problems


def load_puzzles(directory: Path | None = None, language: Language | None = None) -> PuzzleLibrary:
    """Every puzzle in the folder (default: the shipped puzzles), with every problem; ids must be unique. The
    prompts are in ``language`` (default: the one in use) where its table translates them."""
    from trainer.content.translations import prompt_table, translated_puzzles

    folder = directory if directory is not None else content_dir("puzzles")
    library = PuzzleLibrary()
    seen: dict[str, str] = {}
    empty: list[Puzzle] = []
    for path, puzzles, problems in each_loaded(folder, load_puzzle_file, empty, file_problem):
        library.problems.extend(problems)
        if problems:
            library.skipped.append(path.name)
        for puzzle in puzzles:
            if puzzle.id in seen:
                library.problems.append(
                    Problem(
                        path.name, None, wording.field_place("id"), wording.puzzle_id_used(puzzle.id, seen[puzzle.id])
                    )
                )
                continue
            seen[puzzle.id] = path.name
            if puzzle.kind == "recognition":
                library.drills.append(puzzle)
            elif puzzle.kind in ("shots", "pips"):
                library.counts.append(puzzle)
            else:
                library.puzzles.append(puzzle)
    library.puzzles.sort(key=lambda puzzle: puzzle.variant != "standard")  # backgammon first, then the variants
    table, problems = prompt_table(folder, language if language is not None else current_language())
    library.problems.extend(problems)
    if table:
        library.puzzles = translated_puzzles(library.puzzles, table)
        library.drills = translated_puzzles(library.drills, table)
        library.counts = translated_puzzles(library.counts, table)
    return library
