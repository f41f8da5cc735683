"""Puzzles: forced moves, bear-off problems and cube decisions, every answer re-checked by the engine when loaded.

A puzzle file (TOML) holds ``[[puzzles]]`` tables. Forced puzzles have exactly one legal play (or none: the
answer is then ``pass``), in standard backgammon or in acey-deucey (``variant``); bear-off puzzles accept every
play tied with the best, and the best must be clearly better than the rest (by 1% winning chances in a race, by
0.05 expected rolls for the fewest rolls); cube puzzles ask whether the side on roll should double, or whether the
other side should take, in a bear-off the exact cube table covers, and the right answer must be better by at
least 0.01 of a point a game.

A puzzle file of JSON lines (``*.jsonl``) holds one best-play or cube puzzle a line, each the record the export
writes (:mod:`trainer.content.puzzle_lines`): the mined puzzles, settled by rollouts. Its problems are each at the
line of its puzzle.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from trainer.content import author_wording as wording
from trainer.content.cube import CLEAR_CUBE_MARGIN, CUBE_ANSWERS, answer_margin, cube_theme, right_answer
from trainer.content.doubles import check_double_puzzle
from trainer.content.files import (
    PUZZLE_SUFFIXES,
    CheckedFiles,
    ContentFileError,
    Lines,
    Problem,
    each_loaded,
    file_problem,
    read_content_file,
    read_content_text,
)
from trainer.content.grading import CLEAR_ROLLS_MARGIN, CLEAR_WIN_MARGIN, best_group
from trainer.content.library import PuzzleLibrary
from trainer.content.models import (
    PUZZLE_CLASSES,
    PUZZLE_KINDS,
    BearoffPuzzle,
    BestPuzzle,
    CubePuzzle,
    DoublePuzzle,
    ForcedPuzzle,
    PipsPuzzle,
    Puzzle,
    PuzzleKind,
    PuzzleVariant,
    RecognitionPuzzle,
    ShotsPuzzle,
    problem_of,
    read_puzzle,
)
from trainer.content.paths import DATA_SUFFIX, content_dir
from trainer.content.puzzle_lines import puzzle_fields
from trainer.content.recognition import check_recognition
from trainer.content.skill_puzzles import (
    check_best_puzzle,
    check_contact_cube_puzzle,
    check_count_puzzle,
    figures_problems,
)
from trainer.content.themes import (
    BEAROFF_THEMES,
    CUBE_THEMES,
    FORCED_THEMES,
    REVEALING_THEMES,
    VARIANT_TITLES,
    forced_theme,
)
from trainer.content.wording import mixed_forced_moves, theme_title, variant_puzzles
from trainer.engine import EngineError, Play, PlayError, legal_plays, parse_play
from trainer.engine.bearoff import is_pure_bearoff, rank_plays
from trainer.i18n import Language
from trainer.i18n import language as current_language

# The puzzle model (now in models.py), the forced-move themes (themes.py) and the bear-off margins (grading.py),
# still importable from here as they always were.
__all__ = [
    "CLEAR_ROLLS_MARGIN",
    "CLEAR_WIN_MARGIN",
    "FieldProblem",
    "Puzzle",
    "PuzzleKind",
    "PuzzleLibrary",
    "PuzzleVariant",
    "check_cube_puzzle",
    "check_puzzle",
    "checked_puzzle",
    "forced_theme",
    "load_puzzle_file",
    "load_puzzles",
    "practice_set",
    "puzzle_problems",
]
FieldProblem = tuple[str, str, str | None]
"""A problem of one puzzle: the field, what is wrong, and what to write instead (if anything)."""
PUZZLE_CLASS: dict[str, type[Puzzle]] = {kind.KIND: kind for kind in PUZZLE_CLASSES}
"""The class of each value of ``kind``."""
# --- loading and checking -----------------------------------------------------------------------------------


def practice_set(puzzles: list[Puzzle], key: str) -> tuple[str, list[Puzzle]]:
    """The set a lesson's practice link opens, with its title: the standard puzzles of a theme, or every puzzle of
    a variant (``acey-deucey``). A theme whose name gives the answer away (``no-play``) is mixed, one for one, with
    other forced moves, and its title says only that."""
    if key in VARIANT_TITLES:
        chosen = [puzzle for puzzle in puzzles if puzzle.variant == key]
        return variant_puzzles(key), chosen
    chosen = [puzzle for puzzle in puzzles if puzzle.theme == key and puzzle.variant == "standard"]
    if key not in REVEALING_THEMES:
        return theme_title(key), chosen
    others = [
        p
        for p in puzzles
        if isinstance(p, ForcedPuzzle) and p.variant == "standard" and p.theme not in REVEALING_THEMES
    ]
    step = max(1, len(others) // max(1, len(chosen)))
    mixed = [puzzle for pair in zip(chosen, others[::step], strict=False) for puzzle in pair]
    return mixed_forced_moves(), mixed


def _field_problem(entry: object, error: Mapping[str, Any]) -> FieldProblem:
    """One validation error of a puzzle table, as a problem of a field: an unknown ``kind`` names the kinds, a field
    its kind needs, refuses or does not know says why (as its class advises) and what to write instead."""
    kind = entry.get("kind") if isinstance(entry, dict) else None
    if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return "kind", wording.unknown_puzzle_kind(kind), wording.step_kinds(PUZZLE_KINDS)
    kind_class = PUZZLE_CLASS.get(kind) if isinstance(kind, str) else None
    location = list(error["loc"])
    if kind_class is not None and location[:1] == [kind]:
        location = location[1:]
    key = ".".join(str(part) for part in location)
    message, suggestion = problem_of(error)
    if kind_class is not None and len(location) == 1:
        advice = kind_class.advice(key, error["type"])
        if advice is not None:
            message, suggestion = advice
        elif error["type"] == "extra_forbidden":
            known = list(kind_class.model_fields)
            close = difflib.get_close_matches(key, known, n=1)
            message = wording.unknown_field()
            suggestion = wording.did_you_mean(close[0]) if close else wording.known_fields(known)
    return key, message, suggestion


def checked_puzzle(entry: object) -> tuple[Puzzle | None, list[FieldProblem]]:
    """A puzzle table (the fields of one ``[[puzzles]]``) read as its kind's class and checked by the rules: the
    puzzle if it passes, and every problem found."""
    try:
        puzzle = read_puzzle(entry)
    except ValidationError as error:
        return None, [_field_problem(entry, item) for item in error.errors()]
    try:
        found = check_puzzle(puzzle)
    except EngineError as error:
        found = [("position", str(error), None)]
    return (None if found else puzzle), found


def puzzle_problems(entry: object) -> list[FieldProblem]:
    """The problems of a puzzle table (see :func:`checked_puzzle`); none for a puzzle that passes."""
    return checked_puzzle(entry)[1]


def _waiting_problems(puzzle: Puzzle) -> list[FieldProblem]:
    """Checkers waiting to enter, in a puzzle of the standard rules."""
    if puzzle.variant == "standard" and puzzle.board().has_waiting():
        return [("variant", wording.waiting_only_in_acey_deucey(), wording.set_acey_deucey())]
    return []


def check_cube_puzzle(puzzle: CubePuzzle) -> list[FieldProblem]:
    """Rules checks of a cube puzzle: the position in the exact table, the theme the engine finds, the answer the
    exact figures give, by a clear margin (a contact puzzle: by its figures)."""
    figures = figures_problems(puzzle)
    if figures:
        return figures
    if puzzle.figures is not None:
        return check_contact_cube_puzzle(puzzle)
    accepted = CUBE_ANSWERS[puzzle.question]
    written = ", ".join(f'["{answer}"]' for answer in accepted)
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in accepted:
        return [("answers", wording.cube_answers(puzzle.question), written)]
    decision = puzzle.cube()
    theme = cube_theme(puzzle.board(), puzzle.owner)
    problems: list[FieldProblem] = []
    if puzzle.theme not in CUBE_THEMES:
        problems.append(("theme", wording.unknown_theme("cube", puzzle.theme), wording.use_one_of(CUBE_THEMES)))
    elif puzzle.theme != theme:
        problems.append(("theme", wording.theme_shown(theme, puzzle.theme), None))
    right = right_answer(decision, puzzle.question)
    if puzzle.answers[0] != right:
        figures_said = wording.cube_figures(decision)
        problems.append(("answers", wording.figures_say_with(right, figures_said), f'answers = ["{right}"]'))
    margin = answer_margin(decision, puzzle.question)
    if margin < CLEAR_CUBE_MARGIN:
        problems.append(("answers", wording.too_close_to_ask(margin, CLEAR_CUBE_MARGIN), None))
    return problems


def _answer_problems(puzzle: ForcedPuzzle | BearoffPuzzle, plays: Sequence[Play]) -> list[FieldProblem]:
    """Answers that are no legal play of the roll (a forced puzzle's suggesting its only play)."""
    position, dice = puzzle.board(), puzzle.roll()
    only = f'answers = ["{plays[0]}"]' if isinstance(puzzle, ForcedPuzzle) and len(plays) == 1 else None
    problems: list[FieldProblem] = []
    for answer in puzzle.answers:
        try:
            parse_play(position, dice, answer)
        except PlayError as error:
            problems.append(("answers", wording.not_legal_here(answer, error.reason), only))
    return problems


def _check_forced(puzzle: ForcedPuzzle, plays: Sequence[Play]) -> list[FieldProblem]:
    """A forced puzzle: a known theme, a roll with one legal play (or none), that play as the answer, and the theme
    the engine finds."""
    if puzzle.theme not in FORCED_THEMES:
        return [("theme", wording.unknown_theme("forced", puzzle.theme), wording.use_one_of(FORCED_THEMES))]
    if len(plays) != 1:
        examples = ", ".join(str(play) for play in plays[:3])
        return [("dice", wording.roll_not_forced(len(plays), examples), None)]
    if {play.result for play in puzzle.accepted_plays()} != {plays[0].result}:
        return [("answers", wording.the_only_legal_play(plays[0]), f'answers = ["{plays[0]}"]')]
    theme = forced_theme(puzzle.board(), puzzle.roll())
    return [] if theme == puzzle.theme else [("theme", wording.theme_shown(theme, puzzle.theme), None)]


def _check_bearoff(puzzle: BearoffPuzzle) -> list[FieldProblem]:
    """A bear-off puzzle: a known theme, every checker home, the answers exactly the best plays, which are clearly
    better than the rest."""
    if puzzle.theme not in BEAROFF_THEMES:
        return [("theme", wording.unknown_theme("bearoff", puzzle.theme), wording.use_one_of(BEAROFF_THEMES))]
    position = puzzle.board()
    if not is_pure_bearoff(position):
        return [("position", wording.bearoff_needs_every_checker_home(), None)]
    group, margin = best_group(rank_plays(position, puzzle.roll()), puzzle.theme)
    best = {entry.play.result for entry in group}
    names = ", ".join(str(entry.play) for entry in group)
    if {play.result for play in puzzle.accepted_plays()} != best:
        return [("answers", wording.best_plays_are(names), wording.list_the_best_plays())]
    needed = CLEAR_WIN_MARGIN if puzzle.theme == "race" else CLEAR_ROLLS_MARGIN
    if margin == float("inf"):
        return [("dice", wording.every_play_ties(), None)]
    if margin < needed:
        return [("answers", wording.best_not_clearly_better(margin), None)]
    return []


def _check_played(puzzle: ForcedPuzzle | BearoffPuzzle) -> list[FieldProblem]:
    """A puzzle answered with a play of the roll: a game still going, legal answers, then its kind's checks."""
    if puzzle.board().is_game_over():
        return [("position", wording.game_over(), None)]
    plays = legal_plays(puzzle.board(), puzzle.roll())
    problems = _answer_problems(puzzle, plays)
    if problems:
        return problems
    return _check_forced(puzzle, plays) if isinstance(puzzle, ForcedPuzzle) else _check_bearoff(puzzle)


def check_puzzle(puzzle: Puzzle) -> list[FieldProblem]:
    """Rules checks of a puzzle read as its kind's class: ``(field, message, suggestion)`` for each problem."""
    match puzzle:
        case CubePuzzle():
            return check_cube_puzzle(puzzle)
        case DoublePuzzle():
            return check_double_puzzle(puzzle)
        case BestPuzzle():
            return figures_problems(puzzle) or _waiting_problems(puzzle) or check_best_puzzle(puzzle)
    waiting = _waiting_problems(puzzle)
    if waiting:
        return waiting
    match puzzle:
        case RecognitionPuzzle():
            return check_recognition(puzzle)
        case ShotsPuzzle() | PipsPuzzle():
            return check_count_puzzle(puzzle)
    return _check_played(puzzle)


_CHECKED_PUZZLES: CheckedFiles[tuple[list[Puzzle], list[Problem]]] = CheckedFiles()


def load_puzzle_file(path: Path, display_name: str | None = None) -> tuple[list[Puzzle], list[Problem]]:
    """The puzzles of one file that pass every check, and the problems of the others (checked once while the file
    is unchanged)."""
    name = display_name or path.name
    puzzles, problems = _CHECKED_PUZZLES.get(path, name, lambda: _load_puzzle_file(path, name))
    return list(puzzles), list(problems)


def _load_puzzle_file(path: Path, name: str) -> tuple[list[Puzzle], list[Problem]]:
    if path.name.endswith(DATA_SUFFIX):
        return _load_puzzle_lines(path, name)
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
        puzzle, found = checked_puzzle(entry)
        for key, message, suggestion in found:
            where = wording.puzzle_place(number, puzzle_id, key or None)
            problems.append(Problem(name, lines.of(number, key or None), where, message, suggestion))
        if puzzle is not None:
            puzzles.append(puzzle)
    return puzzles, problems


def _load_puzzle_lines(path: Path, name: str) -> tuple[list[Puzzle], list[Problem]]:
    """A file of JSON lines (:mod:`trainer.content.puzzle_lines`): the puzzles of its lines that pass every check,
    and every problem of the others, each at its line (a line that isn't JSON is one problem of its own)."""
    try:
        text = read_content_text(path)
    except ContentFileError as error:
        return [], [Problem(name, error.line, "", error.message, error.suggestion)]
    puzzles: list[Puzzle] = []
    problems: list[Problem] = []
    number = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        puzzle, found, puzzle_id = read_puzzle_line(line)
        for key, message, suggestion in found:
            where = wording.puzzle_place(number, puzzle_id, key or None)
            problems.append(Problem(name, line_number, where, message, suggestion))
        if puzzle is not None:
            puzzles.append(puzzle)
        number += 1
    return puzzles, problems


def read_puzzle_line(line: str) -> tuple[Puzzle | None, list[FieldProblem], str | None]:
    """One line's puzzle if it passes every check, every problem found, and the id it gives (if any)."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        return (
            None,
            [("", wording.not_json(f"{error.msg} (column {error.colno})"), wording.write_one_json_object())],
            None,
        )
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, arrays nested thousands deep
        return None, [("", wording.not_json(type(error).__name__), wording.write_one_json_object())], None
    given = record.get("id") if isinstance(record, dict) else None
    puzzle_id = given if isinstance(given, str) else None
    fields, found = puzzle_fields(record)
    if not fields:
        return None, found, puzzle_id
    puzzle, checked = checked_puzzle(fields)
    said = {key for key, _message, _suggestion in found}
    found.extend(problem for problem in checked if not _said_of(problem[0], said))
    return (None if found else puzzle), found, puzzle_id


def _said_of(key: str, said: set[str]) -> bool:
    """Whether a problem of field ``key`` is one already said of it (or of a field it is part of)."""
    return any(key == field or key.startswith(f"{field}.") for field in said)


def load_puzzles(directory: Path | None = None, language: Language | None = None) -> PuzzleLibrary:
    """Every puzzle in the folder (default: the shipped puzzles), with every problem; ids must be unique. The
    prompts are in ``language`` (default: the one in use) where its table translates them."""
    from trainer.content.translations import prompt_table, translated_puzzles

    folder = directory if directory is not None else content_dir("puzzles")
    library = PuzzleLibrary()
    seen: dict[str, str] = {}
    empty: list[Puzzle] = []
    for path, puzzles, problems in each_loaded(folder, load_puzzle_file, empty, file_problem, PUZZLE_SUFFIXES):
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
            match puzzle:
                case RecognitionPuzzle():
                    library.drills.append(puzzle)
                case ShotsPuzzle() | PipsPuzzle():
                    library.counts.append(puzzle)
                case _:
                    library.puzzles.append(puzzle)
    library.puzzles.sort(key=lambda puzzle: puzzle.variant != "standard")  # backgammon first, then the variants
    table, problems = prompt_table(folder, language if language is not None else current_language())
    library.problems.extend(problems)
    if table:
        library.puzzles = translated_puzzles(library.puzzles, table)
        library.drills = translated_puzzles(library.drills, table)
        library.counts = translated_puzzles(library.counts, table)
    return library
