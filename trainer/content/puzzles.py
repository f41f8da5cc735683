"""Puzzles: forced moves, bear-off problems and cube decisions, every answer re-checked by the engine when loaded.

A puzzle file (TOML) holds ``[[puzzles]]`` tables. Forced puzzles have exactly one legal play (or none: the
answer is then ``pass``), in standard backgammon or in acey-deucey (``variant``); bear-off puzzles accept every
play tied with the best, and the best must be clearly better than the rest (by 1% winning chances in a race, by
0.05 expected rolls for the fewest rolls); cube puzzles ask whether the side on roll should double, or whether the
other side should take, in a bear-off the exact cube table covers, and the right answer must be better by at
least 0.01 of a point a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from trainer.content.cube import CLEAR_CUBE_MARGIN, CUBE_ANSWERS, answer_margin, cube_theme, right_answer
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
from trainer.content.models import Puzzle, PuzzleKind, PuzzleVariant
from trainer.content.paths import content_dir
from trainer.content.recognition import check_recognition
from trainer.content.themes import (
    BEAROFF_THEMES,
    CUBE_THEMES,
    FORCED_THEMES,
    REVEALING_THEMES,
    THEME_TITLES,
    THEMES,
    VARIANT_TITLES,
    forced_theme,
)
from trainer.engine import EngineError, Play, PlayError, legal_plays, parse_play
from trainer.engine.bearoff import CubeDecision, is_pure_bearoff, rank_plays

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
    "cube_figures",
    "forced_theme",
    "load_puzzle_file",
    "load_puzzles",
    "practice_set",
]
# --- loading and checking -----------------------------------------------------------------------------------


@dataclass
class PuzzleLibrary:
    """The puzzles that passed every check, and every problem found."""

    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    drills: list[Puzzle] = field(default_factory=list)
    """The recognition drill's positions (kind ``recognition``), kept apart from the puzzle sets."""

    def themes(self, kind: str | None = None, variant: str | None = None) -> list[str]:
        """Themes present (of ``kind`` and ``variant`` when given), in the catalogue's order."""
        present = {
            puzzle.theme
            for puzzle in self.puzzles
            if (kind is None or puzzle.kind == kind) and (variant is None or puzzle.variant == variant)
        }
        return [theme for theme in THEMES if theme in present]


def practice_set(puzzles: list[Puzzle], key: str) -> tuple[str, list[Puzzle]]:
    """The set a lesson's practice link opens, with its title: the standard puzzles of a theme, or every puzzle of
    a variant (``acey-deucey``). A theme whose name gives the answer away (``no-play``) is mixed, one for one, with
    other forced moves, and its title says only that."""
    if key in VARIANT_TITLES:
        chosen = [puzzle for puzzle in puzzles if puzzle.variant == key]
        return f"{VARIANT_TITLES[key]} puzzles", chosen
    chosen = [puzzle for puzzle in puzzles if puzzle.theme == key and puzzle.variant == "standard"]
    if key not in REVEALING_THEMES:
        return THEME_TITLES.get(key, key), chosen
    others = [p for p in puzzles if p.kind == "forced" and p.variant == "standard" and p.theme not in REVEALING_THEMES]
    step = max(1, len(others) // max(1, len(chosen)))
    mixed = [puzzle for pair in zip(chosen, others[::step], strict=False) for puzzle in pair]
    return "Forced moves, mixed (some rolls can't be played)", mixed


def _field_problems(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Fields that the puzzle's kind needs or does not take."""
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.kind == "cube":
        if puzzle.dice is not None:
            problems.append(("dice", "a cube puzzle is asked before rolling: it takes no dice", "remove 'dice'"))
        if puzzle.question is None:
            problems.append(("question", "a cube puzzle needs a question", 'question = "double" or "take"'))
        if puzzle.variant != "standard":
            problems.append(("variant", "the cube is not used in acey-deucey here", 'variant = "standard"'))
        return problems
    problems.extend(
        (name, f"only cube puzzles take '{name}'", f"remove '{name}'")
        for name, value in (("cube_owner", puzzle.cube_owner), ("question", puzzle.question))
        if value is not None
    )
    if puzzle.dice is None:
        problems.append(("dice", f"a {puzzle.kind} puzzle needs the dice", 'dice = "65"'))
    if puzzle.variant == "acey-deucey" and puzzle.kind != "forced":
        problems.append(("variant", "acey-deucey puzzles are forced-move puzzles", 'kind = "forced"'))
    elif puzzle.variant == "standard" and puzzle.board().has_waiting():
        problems.append(
            ("variant", "checkers wait to enter only in acey-deucey", 'variant = "acey-deucey", or no waiting checkers')
        )
    return problems


def check_cube_puzzle(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a cube puzzle: the position in the exact table, the theme the engine finds, the answer the
    exact figures give, by a clear margin."""
    assert puzzle.question is not None
    accepted = CUBE_ANSWERS[puzzle.question]
    written = ", ".join(f'["{answer}"]' for answer in accepted)
    if len(puzzle.answers) != 1 or puzzle.answers[0] not in accepted:
        return [("answers", f"a {puzzle.question} question is answered {' or '.join(accepted)}", written)]
    decision = puzzle.cube()
    theme = cube_theme(puzzle.board(), puzzle.owner)
    problems: list[tuple[str, str, str | None]] = []
    if puzzle.theme not in CUBE_THEMES:
        problems.append(("theme", f"unknown cube theme {puzzle.theme!r}", f"use one of {', '.join(CUBE_THEMES)}"))
    elif puzzle.theme != theme:
        problems.append(("theme", f"this position shows the theme {theme!r}, not {puzzle.theme!r}", None))
    right = right_answer(decision, puzzle.question)
    if puzzle.answers[0] != right:
        figures = cube_figures(decision)
        problems.append(("answers", f"the exact figures say {right}: {figures}", f'answers = ["{right}"]'))
    margin = answer_margin(decision, puzzle.question)
    if margin < CLEAR_CUBE_MARGIN:
        problems.append(
            (
                "answers",
                f"the decision is too close to ask (margin {margin:.3f}, at least {CLEAR_CUBE_MARGIN} needed)",
                None,
            )
        )
    return problems


def cube_figures(decision: CubeDecision) -> str:
    """The three equities, for a problem report."""
    return (
        f"no double {decision.no_double:+.3f}, double/take {decision.double_take:+.3f}, "
        f"double/pass {decision.double_pass:+.3f}"
    )


def check_puzzle(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a well-formed puzzle: ``(field, message, suggestion)`` for each problem."""
    fields = _field_problems(puzzle)
    if fields:
        return fields
    if puzzle.kind == "cube":
        return check_cube_puzzle(puzzle)
    if puzzle.kind == "recognition":
        return check_recognition(puzzle)
    problems: list[tuple[str, str, str | None]] = []
    position, dice = puzzle.board(), puzzle.roll()
    if position.is_game_over():
        return [("position", "the game is over in this position: there is nothing to play", None)]
    plays = legal_plays(position, dice)
    accepted: list[Play] = []
    only = f'answers = ["{plays[0]}"]' if puzzle.kind == "forced" and len(plays) == 1 else None
    for answer in puzzle.answers:
        try:
            accepted.append(parse_play(position, dice, answer))
        except PlayError as error:
            problems.append(("answers", f"{answer!r} is not a legal play here: {error.reason}", only))
    if problems:
        return problems
    results = {play.result for play in accepted}
    if puzzle.kind == "forced":
        if puzzle.theme not in FORCED_THEMES:
            return [("theme", f"unknown forced theme {puzzle.theme!r}", f"use one of {', '.join(FORCED_THEMES)}")]
        if len(plays) != 1:
            examples = ", ".join(str(play) for play in plays[:3])
            return [("dice", f"the roll is not forced: {len(plays)} legal plays ({examples}, ...)", None)]
        if results != {plays[0].result}:
            return [("answers", f"the only legal play is {plays[0]}", f'answers = ["{plays[0]}"]')]
        theme = forced_theme(position, dice)
        if theme != puzzle.theme:
            problems.append(("theme", f"this position shows the theme {theme!r}, not {puzzle.theme!r}", None))
        return problems
    if puzzle.theme not in BEAROFF_THEMES:
        return [("theme", f"unknown bear-off theme {puzzle.theme!r}", f"use one of {', '.join(BEAROFF_THEMES)}")]
    if not is_pure_bearoff(position):
        return [("position", "a bear-off puzzle needs every checker of both sides home", None)]
    group, margin = best_group(rank_plays(position, dice), puzzle.theme)
    best = {entry.play.result for entry in group}
    names = ", ".join(str(entry.play) for entry in group)
    if results != best:
        return [("answers", f"the best plays are {names}", "list every play tied with the best, and only those")]
    needed = CLEAR_WIN_MARGIN if puzzle.theme == "race" else CLEAR_ROLLS_MARGIN
    if margin == float("inf"):
        return [("dice", "every legal play is as good as the best: there is nothing to get wrong", None)]
    if margin < needed:
        return [("answers", f"the best play is not clearly better than the next (margin {margin:.4f})", None)]
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
        return [], [Problem(name, None, "", "no [[puzzles]] tables found", "start each puzzle with [[puzzles]]")]
    lines = Lines(text, "puzzles")
    puzzles: list[Puzzle] = []
    problems: list[Problem] = []
    for number, entry in enumerate(entries):
        named = isinstance(entry, dict) and isinstance(entry.get("id"), str)
        label = f"puzzle {number + 1}" + (f" ({entry['id']})" if named else "")
        try:
            puzzle = Puzzle.model_validate(entry)
        except ValidationError as error:
            for item in error.errors():
                key = ".".join(str(part) for part in item["loc"]) or None
                message = item["msg"].removeprefix("Value error, ")
                where = f"{label}, field '{key}'" if key else label
                problems.append(Problem(name, lines.of(number, key), where, message))
            continue
        try:
            found = check_puzzle(puzzle)
        except EngineError as error:
            found = [("position", str(error), None)]
        for key, message, suggestion in found:
            problems.append(Problem(name, lines.of(number, key), f"{label}, field '{key}'", message, suggestion))
        if not found:
            puzzles.append(puzzle)
    return puzzles, problems


def load_puzzles(directory: Path | None = None) -> PuzzleLibrary:
    """Every puzzle in the folder (default: the shipped puzzles), with every problem; ids must be unique."""
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
                    Problem(path.name, None, "field 'id'", f"puzzle id {puzzle.id!r} is also in {seen[puzzle.id]}")
                )
                continue
            seen[puzzle.id] = path.name
            (library.drills if puzzle.kind == "recognition" else library.puzzles).append(puzzle)
    library.puzzles.sort(key=lambda puzzle: puzzle.variant != "standard")  # backgammon first, then the variants
    return library
