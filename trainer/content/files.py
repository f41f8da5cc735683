"""Reading content files safely: only regular files, at most 1 MB (a file of JSON lines 16 MB), in linear time, every
failure a located problem.

A content file can be anything a learner or an author points at: a folder, a pipe that never ends, a device, a
symlink loop, a file that isn't UTF-8 or TOML nested thousands deep. Each is refused with a reason in words, so
that one bad file never takes down ``bgtrainer validate`` or the app.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from trainer.content import author_wording as wording
from trainer.content.paths import DATA_SUFFIX, content_limit
from trainer.content.paths import MAX_CONTENT_BYTES as MAX_CONTENT_BYTES  # also here, by the file readers
from trainer.shared.regular_files import NotRegularFileError, read_regular_file

T = TypeVar("T")
P = TypeVar("P")


LONG_RUN = re.compile(r"\S{121,}")


def one_line(text: str, limit: int = 300) -> str:
    """``text`` as one line of about ``limit`` characters at most, for a message that may quote anything: characters
    a terminal doesn't show as text (newlines, escapes) written as escapes, a run of more than 120 characters without
    a space cut to its first 76 and last 4 (so that quotes and brackets still close), and the whole cut to
    ``limit``, each cut marked with ``…``."""
    shown = text if text.isprintable() else "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
    shown = LONG_RUN.sub(lambda run: f"{run[0][:76]}…{run[0][-4:]}", shown)
    return shown if len(shown) <= limit else shown[:limit] + "…"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a content file."""

    file: str
    line: int | None
    where: str
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        place = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{place}: {self.where}: {self.message}" if self.where else f"{place}: {self.message}"
        return wording.with_suggestion(text, self.suggestion) if self.suggestion else text


def file_problem(where: str, message: str) -> Problem:
    """A problem of a whole file (or folder), at no line or field."""
    return Problem(where, None, "", message)


class Lines:
    """Finds the line of a field in a TOML file's text, for problem reports: a top-level field, or a field of the
    N-th table of the array named ``table`` (a lesson's ``[[steps]]``, a puzzle file's ``[[puzzles]]``)."""

    def __init__(self, text: str, table: str = "steps") -> None:
        self.lines = text.splitlines()
        start = re.compile(rf"\s*\[\[\s*{re.escape(table)}\s*\]\]")
        self.table_starts = [index for index, line in enumerate(self.lines) if start.match(line)]

    def of(self, entry: int | None = None, key: str | None = None) -> int | None:
        """The line of ``key`` in table ``entry`` (0-based; ``None``: the top level), else the table's first line
        (``None`` at the top level, or for a table the text does not have)."""
        if entry is None:
            start, end = 0, self.table_starts[0] if self.table_starts else len(self.lines)
        elif entry < len(self.table_starts):
            start = self.table_starts[entry]
            end = self.table_starts[entry + 1] if entry + 1 < len(self.table_starts) else len(self.lines)
        else:
            return None
        if key:
            pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
            for index in range(start, end):
                if pattern.match(self.lines[index]):
                    return index + 1
        return start + 1 if entry is not None else None


class ContentFileError(Exception):
    """A content file that cannot be read or parsed; :attr:`line` is where, when known."""

    def __init__(self, message: str, line: int | None = None, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.suggestion = suggestion


def read_content_text(path: Path) -> str:
    """The text of a content file.

    :raises ContentFileError: for a file that is missing, unreadable, not a regular file, larger than it may be
        (1 MB; a file of JSON lines 16 MB: :func:`~trainer.content.paths.content_limit`) or not UTF-8.
    """
    limit = content_limit(path)
    try:
        data = read_regular_file(path, limit)
    except NotRegularFileError as error:
        raise ContentFileError(wording.not_a_content_file(error.kind)) from None
    except OSError as error:
        raise ContentFileError(wording.cannot_read_file(error.strerror or error)) from None
    if len(data) > limit:
        too_large = wording.file_too_large(limit) if limit == MAX_CONTENT_BYTES else wording.data_file_too_large(limit)
        raise ContentFileError(too_large, suggestion=wording.split_the_file())
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ContentFileError(wording.not_utf8(error.start + 1), line=line) from None


def parse_toml(text: str) -> dict[str, Any]:
    """The tables of a TOML text.

    :raises ContentFileError: naming the line where it stops being TOML (numbers too long and nesting too deep
        included).
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise ContentFileError(
            wording.not_toml(error),
            line=int(match.group(1)) if match else None,
            suggestion=wording.check_quotes_and_brackets(),
        ) from None
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, arrays nested thousands deep
        raise ContentFileError(wording.not_toml(str(error)[:120] or type(error).__name__)) from None


def read_content_file(path: Path) -> tuple[str, dict[str, Any]]:
    """The text of a content file and its TOML tables.

    :raises ContentFileError: if it cannot be read or parsed.
    """
    text = read_content_text(path)
    return text, parse_toml(text)


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder (following symbolic links); ``False`` for anything else, including what can't be
    looked at (a name too long, a folder on the way that can't be searched, a loop), which reading it then explains."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def is_missing(path: Path) -> bool:
    """Whether nothing at all is at ``path`` (not even a broken link); ``False`` for what can't be looked at, which
    reading it then explains."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


TOML_ONLY: tuple[str, ...] = (".toml",)
"""The endings of lesson files."""
PUZZLE_SUFFIXES: tuple[str, ...] = (".toml", DATA_SUFFIX)
"""The endings of puzzle files: TOML, and JSON lines (mined puzzles, one a line)."""


def content_files(folder: Path, suffixes: tuple[str, ...] = TOML_ONLY) -> list[Path]:
    """The files of a folder whose names end in one of ``suffixes`` (the ``*.toml`` files unless told), sorted.

    :raises ContentFileError: if the folder cannot be listed.
    """
    try:
        return sorted(path for path in folder.iterdir() if path.name.endswith(suffixes))
    except OSError as error:
        raise ContentFileError(wording.cannot_list_folder(error.strerror or error)) from None


def each_loaded(
    folder: Path,
    load: Callable[[Path], tuple[T, list[P]]],
    failed: T,
    problem: Callable[[str, str], P],
    suffixes: tuple[str, ...] = TOML_ONLY,
) -> Iterator[tuple[Path, T, list[P]]]:
    """Every content file of ``folder`` (ending in one of ``suffixes``) with what ``load`` makes of it and its
    problems. A folder that can't be listed, or a file whose checks break unexpectedly, becomes a problem
    (``problem(where, message)``) rather than an error: one bad file never stops the others."""
    try:
        paths = content_files(folder, suffixes)
    except ContentFileError as error:
        yield folder, failed, [problem(str(folder), error.message)]
        return
    for path in paths:
        try:
            loaded, problems = load(path)
        except Exception as error:
            loaded, problems = failed, [problem(path.name, wording.could_not_be_checked(error))]
        yield path, loaded, problems


FileSignature = tuple[str, int, int, int, int]


def file_signature(path: Path) -> FileSignature | None:
    """What identifies a regular file's current contents cheaply (its path, device, inode, size and modification
    time), or ``None`` for anything else or a file that can't be looked at."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return str(Path(path).absolute()), status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


class CheckedFiles(Generic[T]):
    """The result of checking each content file, kept while the file is unchanged: loading the same lessons and
    puzzles again (a second app in one process, every test) costs a ``stat`` per file, not the engine's checks."""

    def __init__(self) -> None:
        self._results: dict[tuple[FileSignature, str], T] = {}

    def get(self, path: Path, name: str, check: Callable[[], T]) -> T:
        signature = file_signature(path)
        if signature is None:
            return check()
        key = (signature, name)
        if key not in self._results:
            self._results[key] = check()
        return self._results[key]
