"""``bgtrainer validate``: check content files and report every problem at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trainer.content.loader import Problem, load_lesson_file, load_lessons
from trainer.content.paths import content_dir


@dataclass
class ValidationReport:
    """What was checked and every problem found."""

    checked: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def text(self) -> str:
        """One line a problem, then a summary line."""
        lines = [str(problem) for problem in self.problems]
        files = len(self.checked)
        if self.problems:
            broken = len({problem.file for problem in self.problems})
            lines.append(f"{len(self.problems)} problem(s) in {broken} of {files} file(s).")
        else:
            lines.append(f"All {files} file(s) are valid.")
        return "\n".join(lines)


def _files(paths: Sequence[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.glob("*.toml")))
        else:
            files.append(path)
    return files


def validate_paths(paths: Sequence[Path]) -> ValidationReport:
    """Validate the given files and folders, or all shipped content when none are given."""
    report = ValidationReport()
    if not paths:
        folder = content_dir("lessons")
        library = load_lessons(folder)
        report.checked.extend(path.name for path in sorted(folder.glob("*.toml")))
        report.problems.extend(library.problems)
        return report
    for path in _files(paths):
        report.checked.append(str(path))
        if not path.exists():
            report.problems.append(Problem(str(path), None, "", "no such file or folder"))
            continue
        _, problems = load_lesson_file(path, display_name=str(path))
        report.problems.extend(problems)
    return report
