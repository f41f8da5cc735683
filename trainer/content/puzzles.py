"""Puzzles: forced-move recognition and bear-off problems, every answer re-checked by the engine when loaded.

A puzzle file (TOML) holds ``[[puzzles]]`` tables. Forced puzzles have exactly one legal play (or none: the
answer is then ``pass``); bear-off puzzles accept every play tied with the best, and the best must be clearly
better than the rest (by 1% winning chances in a race, by 0.05 expected rolls for the fewest rolls).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from trainer.content.files import CheckedFiles, ContentFileError, each_loaded, read_content_file
from trainer.content.grading import best_group
from trainer.content.loader import Problem, _file_problem, _Lines
from trainer.content.paths import content_dir
from trainer.content.themes import BEAROFF_THEMES, FORCED_THEMES
from trainer.engine import (
    OFF,
    Constraint,
    Dice,
    EngineError,
    Play,
    PlayError,
    Position,
    explain,
    legal_plays,
    parse_dice,
    parse_play,
    read_position,
)
from trainer.engine.bearoff import RankedPlay, is_pure_bearoff, rank_plays

CLEAR_WIN_MARGIN = 0.01
CLEAR_ROLLS_MARGIN = 0.05


class Puzzle(BaseModel):
    """One puzzle: a position (solver on roll), the dice, a prompt and the accepted answers in notation."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    kind: Literal["forced", "bearoff", "recognition"]
    theme: str
    difficulty: int = Field(ge=1, le=3)
    position: str
    dice: str
    prompt: str = Field(min_length=1)
    answers: list[str] = Field(min_length=1)

    @field_validator("position")
    @classmethod
    def _position_reads(cls, value: str) -> str:
        read_position(value)
        return value

    @field_validator("dice")
    @classmethod
    def _dice_read(cls, value: str) -> str:
        parse_dice(value)
        return value

    def board(self) -> Position:
        """The position, solver on roll."""
        return read_position(self.position)[0]

    def roll(self) -> Dice:
        """The dice."""
        return parse_dice(self.dice)

    def accepted_plays(self) -> list[Play]:
        """The legal plays the answers name (the empty play for ``pass``)."""
        position, dice = self.board(), self.roll()
        return [parse_play(position, dice, answer) for answer in self.answers]

    def ranking(self) -> list[RankedPlay]:
        """Bear-off puzzles: every play ranked."""
        return rank_plays(self.board(), self.roll())


def forced_theme(position: Position, dice: Dice) -> str | None:
    """The forced-move theme a position and roll illustrate, or ``None`` if the roll is not forced."""
    explanation = explain(position, dice)
    if not explanation.forced:
        return None
    if explanation.no_play:
        return "no-play"
    constraints = explanation.constraints
    (play,) = explanation.plays
    if Constraint.PARTIAL_ENTRY in constraints:
        return "partial-entry"
    if Constraint.PARTIAL_DOUBLE in constraints:
        return "partial-double"
    if Constraint.HIGHER_DIE in constraints:
        return "higher-die"
    if Constraint.ONE_DIE in constraints:
        return "one-die"
    if _bears_off_with_a_higher_die(play):
        return "bearoff-higher"
    if _has_blocked_route(position, dice):
        return "blocked-route"
    if _single_die_temptation(position, dice, play):
        return "both-dice"
    return "only-play"


def _bears_off_with_a_higher_die(play: Play) -> bool:
    """Whether a die of the play bears a checker off from a point lower than its number (no die matches the
    distance exactly once the exact ones are given out)."""
    left = list(play.dice.moves)
    unmatched = []
    for move in play.moves:
        distance = move.start - move.end
        if distance in left:
            left.remove(distance)
        else:
            unmatched.append(move)
    return any(move.end == OFF for move in unmatched)


def _has_blocked_route(position: Position, dice: Dice) -> bool:
    """Whether some checker could reach a point with both dice except that both stops on the way are closed."""
    high, low = dice.high, dice.low
    me, them = position.player, position.opponent
    if high == low or me[25]:
        return False
    for start in range(24, high + low, -1):
        if not me[start]:
            continue
        end = start - high - low
        first, second = start - high, start - low
        if them[25 - end] < 2 and them[25 - first] >= 2 and them[25 - second] >= 2:
            return True
    return False


def _single_die_temptation(position: Position, dice: Dice, play: Play) -> bool:
    """Whether a checker could legally move by one die alone in a way that is not part of the only play."""
    from trainer.engine.moves import iter_single_moves

    first_moves = {(move.start, move.end) for move in play.moves}
    return any(
        (move.start, move.end) not in first_moves for die in set(dice) for move in iter_single_moves(position, die)
    )


# --- loading and checking -----------------------------------------------------------------------------------


@dataclass
class PuzzleLibrary:
    """The puzzles that passed every check, and every problem found."""

    puzzles: list[Puzzle] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    drills: list[Puzzle] = field(default_factory=list)
    """The recognition drill's positions (kind ``recognition``), kept apart from the puzzle sets."""

    def themes(self, kind: str | None = None) -> list[str]:
        """Themes present, in the catalogue's order."""
        present = {puzzle.theme for puzzle in self.puzzles if kind is None or puzzle.kind == kind}
        return [theme for theme in (*FORCED_THEMES, *BEAROFF_THEMES) if theme in present]


def check_puzzle(puzzle: Puzzle) -> list[tuple[str, str, str | None]]:
    """Rules checks of a well-formed puzzle: ``(field, message, suggestion)`` for each problem."""
    if puzzle.kind == "recognition":
        from trainer.content.recognition import check_recognition  # the drill's module builds on this one

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
    lines = _PuzzleLines(text)
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


class _PuzzleLines(_Lines):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.step_starts = [i for i, line in enumerate(self.lines) if re.match(r"\s*\[\[\s*puzzles\s*\]\]", line)]


def load_puzzles(directory: Path | None = None) -> PuzzleLibrary:
    """Every puzzle in the folder (default: the shipped puzzles), with every problem; ids must be unique."""
    folder = directory if directory is not None else content_dir("puzzles")
    library = PuzzleLibrary()
    seen: dict[str, str] = {}
    empty: list[Puzzle] = []
    for path, puzzles, problems in each_loaded(folder, load_puzzle_file, empty, _file_problem):
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
    return library
