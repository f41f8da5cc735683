"""``bgtrainer validate``: check lesson and puzzle files and report every problem at once."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trainer.content import author_wording as wording
from trainer.content.files import (
    PUZZLE_SUFFIXES,
    ContentFileError,
    Problem,
    content_files,
    is_folder,
    is_missing,
    one_line,
    parse_toml,
    read_content_text,
)
from trainer.content.loader import lesson_clashes, load_lesson_file
from trainer.content.models import Lesson
from trainer.content.paths import DATA_SUFFIX, content_dir
from trainer.content.puzzles import load_puzzle_file

PROBLEM_LIMIT = 600
"""The most characters a problem's line may have (a path, the place, what is wrong and a suggestion)."""


@dataclass
class ValidationReport:
    """What was checked and every problem found."""

    checked: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def text(self) -> str:
        """One line a problem (whatever the file holds: a value it quotes is cut short), then a summary line."""
        lines = [one_line(str(problem), PROBLEM_LIMIT) for problem in self.problems]
        broken = len({problem.file for problem in self.problems})
        lines.append(wording.validation_summary(len(self.problems), broken, len(self.checked)))
        return "\n".join(lines)


def _files(paths: Sequence[Path], report: ValidationReport) -> list[Path]:
    """The content files named or found in the folders named, each once; an empty folder is a problem."""
    files: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        folder = is_folder(path)
        try:
            found = content_files(path, PUZZLE_SUFFIXES) if folder else [path]
        except ContentFileError as error:
            report.problems.append(Problem(str(path), None, "", error.message))
            continue
        if folder and not found:
            report.problems.append(Problem(str(path), None, "", wording.empty_folder()))
        for file in found:
            try:
                key = file.resolve()
            except (OSError, RuntimeError):  # a symlink loop: the reader will say so
                key = file.absolute()
            if key not in seen:
                seen.add(key)
                files.append(file)
    return files


PUZZLE_TABLE = re.compile(r"^[ \t]*\[\[[ \t]*puzzles[ \t]*\]\]", re.MULTILINE)  # linear: no newline in [ \t]*


def is_puzzle_file(path: Path) -> bool:
    """Whether a content file holds puzzles (a ``puzzles`` array of tables, or JSON lines) rather than a lesson."""
    if path.name.endswith(DATA_SUFFIX):
        return True
    try:
        text = read_content_text(path)
    except ContentFileError:
        return False
    if PUZZLE_TABLE.search(text):
        return True
    try:
        return "puzzles" in parse_toml(text)
    except ContentFileError:
        return False


DeepCheck = Callable[[str, Lesson], list[Problem]]
"""A check of a lesson's figures by evaluating them again (``bgtrainer validate --deep``): the file's name and the
lesson, to its problems."""


def validate_paths(
    paths: Sequence[Path], *, show_full_paths: bool = True, deep: DeepCheck | None = None
) -> ValidationReport:
    """Validate the given files and folders, or all shipped lessons and puzzles when none are given; a file that
    cannot be read or checked is that file's problem. ``deep`` also checks each lesson's evaluated figures."""
    report = ValidationReport()
    if not paths:
        files = _files([content_dir("lessons"), content_dir("puzzles")], report)
        show_full_paths = False
        _check_translations(report)
    else:
        files = _files(paths, report)
    seen_ids: dict[str, str] = {}
    seen_numbers: dict[int, str] = {}
    seen_puzzles: dict[str, str] = {}
    for path in files:
        name = str(path) if show_full_paths else path.name
        report.checked.append(name)
        if is_missing(path):
            report.problems.append(Problem(name, None, "", wording.no_such_file()))
            continue
        try:
            _check_file(path, name, report, seen_ids, seen_numbers, seen_puzzles, deep)
        except Exception as error:
            failure = f"{type(error).__name__}: {error}"
            report.problems.append(Problem(name, None, "", wording.could_not_be_checked(failure)))
    return report


def _check_translations(report: ValidationReport) -> None:
    """Every shipped translation of a lesson stands for its English lesson, and the prompts' table reads."""
    from trainer.content.translations import FOLDERS, prompt_table, translated_lesson

    for language, folder in FOLDERS.items():
        lessons = content_dir("lessons")
        for path in sorted((lessons / folder).glob("*.toml")):
            report.checked.append(f"{folder}/{path.name}")
            english_path = lessons / path.name
            english = load_lesson_file(english_path)[0] if english_path.is_file() else None
            if english is None:
                report.problems.append(Problem(f"{folder}/{path.name}", None, "", wording.no_such_file()))
                continue
            report.problems.extend(translated_lesson(english, english_path, language, load_lesson_file)[1])
        report.problems.extend(prompt_table(content_dir("puzzles"), language)[1])


def _check_file(
    path: Path,
    name: str,
    report: ValidationReport,
    seen_ids: dict[str, str],
    seen_numbers: dict[int, str],
    seen_puzzles: dict[str, str],
    deep: DeepCheck | None,
) -> None:
    """Check one content file, adding its problems to ``report`` (and the deep check's, for a lesson that loads
    without a problem)."""
    if is_puzzle_file(path):
        puzzles, problems = load_puzzle_file(path, display_name=name)
        report.problems.extend(problems)
        for puzzle in puzzles:
            if puzzle.id in seen_puzzles:
                clash = wording.puzzle_id_used(puzzle.id, seen_puzzles[puzzle.id])
                report.problems.append(Problem(name, None, wording.field_place("id"), clash))
            seen_puzzles.setdefault(puzzle.id, name)
        return
    lesson, problems = load_lesson_file(path, display_name=name)
    report.problems.extend(problems)
    if lesson is not None:
        report.problems.extend(lesson_clashes(path, name, lesson, seen_ids, seen_numbers))
        if deep is not None and not problems:
            report.problems.extend(deep(name, lesson))
