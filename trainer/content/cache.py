"""Checked content kept on disk: the lessons and puzzles as the loaders left them, read back at the next start
instead of checked again (the checks take seconds; reading them back, a few hundredths).

Each entry also holds the content's catalogue (:mod:`trainer.content.catalogue`: what the home screen shows of it,
in plain values), read on its own (:func:`lesson_catalogue`, :func:`puzzle_catalogue`) before the content itself:
neither this module nor reading a catalogue imports pydantic or the content models, so that home is ready before
they are even imported. A catalogue comes only from a whole entry of the right key (a miss is ``None``: the
content's loading makes it, and the entry).

An entry is trusted only for the very same inputs: its key is a digest of the content files' bytes (every ``*.toml``
and ``*.jsonl`` of the folder and of its translations' folders), of the package's own code that reads and checks them
(:data:`CODE`: the content and engine packages, the bear-off tables, the message catalogs), of the Python and
pydantic versions, of the folder and of the language. The file starts with that key and a digest of the rest (the
catalogue and the content), both compared before anything is unpickled; anything wrong or unexpected in reading it
(another key, a damaged, truncated or foreign file) means the content is checked again and the entry written anew.
Entries are written to a temporary file and moved into place, so no reader (another bgtrainer, a test worker) ever
sees half of one. A cache folder that can't be made, read or written costs nothing but the time of the checks.

The folder: ``BGTRAINER_CACHE_DIR`` if set, else the user's cache folder (platformdirs). ``bgtrainer validate``
never reads the cache: it checks the files themselves.
"""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import importlib.util
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from trainer.content.catalogue import LessonCatalogue, PuzzleCatalogue, catalogue_of
from trainer.content.paths import PACKAGE_ROOT, content_dir, content_limit
from trainer.i18n import Language, PseudoTranslations, translations
from trainer.i18n import language as current_language
from trainer.shared.regular_files import read_regular_file

CACHE_VARIABLE = "BGTRAINER_CACHE_DIR"
"""The environment variable that chooses the cache folder (the tests set one for the whole session)."""
MAGIC = b"bgtrainer checked content 2\n"
"""The first line of every entry: its layout (a change of layout makes every older entry a miss)."""
CODE = ("__init__.py", "i18n.py", "lazy.py", "shared", "content", "engine", "locale")
"""What of the package (under ``trainer/``) reads, checks and words the content: its digest is part of every key,
so that a change of the code, the bear-off tables or the catalogs makes the entries made before it misses."""
CODE_SUFFIXES = (".py", ".pyi", ".bin", ".mo")
CONTENT_PATTERNS = ("*.toml", "*/*.toml", "*.jsonl", "*/*.jsonl")
"""The content files a key covers: a folder's TOML and JSON-lines files, and its translations'."""
CACHED_TRANSLATIONS = (gettext.NullTranslations, gettext.GNUTranslations, PseudoTranslations)
"""The translations whose words a key can name (by their kind and the language; the catalogs are in the code's
digest): content loaded under any other translations is not cached."""

if TYPE_CHECKING:
    from trainer.content.library import LessonLibrary, PuzzleLibrary

Library = TypeVar("Library", "LessonLibrary", "PuzzleLibrary")
Catalogue = TypeVar("Catalogue", LessonCatalogue, PuzzleCatalogue)


def cache_dir() -> Path:
    """The folder of the cached content: ``BGTRAINER_CACHE_DIR``, else the user's cache folder."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("bgtrainer", appauthor=False))


def cached_lessons(directory: Path | None = None, language: Language | None = None) -> LessonLibrary:
    """What :func:`~trainer.content.loader.load_lessons` gives for these arguments, from the cache when it holds
    it for the very same files, code and language (else loaded, checked and kept there)."""

    from trainer.content.library import LessonLibrary

    def load() -> LessonLibrary:
        from trainer.content.loader import load_lessons

        return load_lessons(directory, language)

    folder = directory if directory is not None else content_dir("lessons")
    return _cached("lessons", folder, language, load, LessonLibrary)


def cached_puzzles(directory: Path | None = None, language: Language | None = None) -> PuzzleLibrary:
    """What :func:`~trainer.content.puzzles.load_puzzles` gives for these arguments, from the cache when it holds
    it for the very same files, code and language (else loaded, checked and kept there)."""

    from trainer.content.library import PuzzleLibrary

    def load() -> PuzzleLibrary:
        from trainer.content.puzzles import load_puzzles

        return load_puzzles(directory, language)

    folder = directory if directory is not None else content_dir("puzzles")
    return _cached("puzzles", folder, language, load, PuzzleLibrary)


def lesson_catalogue(directory: Path | None = None, language: Language | None = None) -> LessonCatalogue | None:
    """The catalogue of what :func:`cached_lessons` gives for these arguments, if the cache holds it for the very
    same files, code and language; ``None`` otherwise (it is made with the content, by :func:`cached_lessons`)."""
    folder = directory if directory is not None else content_dir("lessons")
    return _catalogue("lessons", folder, language, LessonCatalogue)


def puzzle_catalogue(directory: Path | None = None, language: Language | None = None) -> PuzzleCatalogue | None:
    """The catalogue of what :func:`cached_puzzles` gives for these arguments, if the cache holds it for the very
    same files, code and language; ``None`` otherwise (it is made with the content, by :func:`cached_puzzles`)."""
    folder = directory if directory is not None else content_dir("puzzles")
    return _catalogue("puzzles", folder, language, PuzzleCatalogue)


_LOADED: dict[tuple[str, str], LessonLibrary | PuzzleLibrary] = {}
"""The libraries this process read or made, by entry name and key: a second app in one process (every test) reads
no file again."""


def _cached(
    kind: str, folder: Path, language: Language | None, load: Callable[[], Library], expected: type[Library]
) -> Library:
    """The library of ``kind`` from ``folder``: this process's copy, the cache's entry, or ``load()``'s (then kept)."""
    key = entry_key(kind, folder, language)
    if key is None:
        return load()
    path = cache_dir() / entry_name(kind, folder, language)
    known = _LOADED.get((path.name, key))
    if isinstance(known, expected):
        return _copy(known)
    library = read_entry(path, key, expected)
    if library is None:
        library = load()
        write_entry(path, key, library)
    _LOADED[path.name, key] = library
    return _copy(library)


def _catalogue(kind: str, folder: Path, language: Language | None, expected: type[Catalogue]) -> Catalogue | None:
    """The catalogue of ``kind`` from ``folder``: of this process's copy of the content, else the cache's entry."""
    key = entry_key(kind, folder, language)
    if key is None:
        return None
    path = cache_dir() / entry_name(kind, folder, language)
    known = _LOADED.get((path.name, key))
    if known is not None:
        made = catalogue_of(known)
        return made if isinstance(made, expected) else None
    return read_catalogue(path, key, expected)


def _copy(library: Library) -> Library:
    """A library of its own (lists that its user may change), holding the same lessons or puzzles."""
    return type(library)(**{name: list(value) for name, value in vars(library).items()})


def entry_name(kind: str, folder: Path, language: Language | None) -> str:
    """The file of one folder's entry in one language: one entry each, made anew when its key changes."""
    where = hashlib.sha256(str(folder.absolute()).encode()).hexdigest()[:16]
    return f"{kind}-{language or current_language()}-{where}.pickle"


def entry_key(kind: str, folder: Path, language: Language | None) -> str | None:
    """The digest of everything the checked content of ``folder`` depends on, or ``None`` when it can't be known
    (a file that can't be read, translations a key can't name): then nothing is cached."""
    words = translations()
    if type(words) not in CACHED_TRANSLATIONS:
        return None
    files = content_digest(folder)
    if files is None:
        return None
    parts = (
        MAGIC.decode(),
        kind,
        code_digest(),
        sys.version,
        pydantic_version(),
        str(folder.absolute()),
        language or "",
        current_language(),
        type(words).__name__,
        files,
    )
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def content_digest(folder: Path) -> str | None:
    """The digest of the names and bytes of every ``*.toml`` and ``*.jsonl`` file of ``folder`` and of its
    subfolders (the translations), or ``None`` if one can't be read as a content file."""
    try:
        paths = sorted(path for pattern in CONTENT_PATTERNS for path in folder.glob(pattern))
        files = [(path.relative_to(folder).as_posix(), read_regular_file(path, content_limit(path))) for path in paths]
    except (OSError, ValueError):
        return None
    return _digest(files)


@cache
def code_digest() -> str:
    """The digest of the package's code that reads, checks and words the content (:data:`CODE`, its version in
    ``__init__.py`` included): of each file's name and of the digest of its bytes (read a piece at a time: the
    bear-off tables are megabytes)."""
    files: list[Path] = []
    for name in CODE:
        where = PACKAGE_ROOT / name
        found = where.rglob("*") if where.is_dir() else [where]
        files.extend(path for path in found if path.suffix in CODE_SUFFIXES and path.is_file())
    return _digest((path.relative_to(PACKAGE_ROOT).as_posix(), _file_digest(path)) for path in sorted(files))


def _file_digest(path: Path) -> bytes:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").digest()


@cache
def pydantic_version() -> str:
    """What tells the installed pydantic apart, found without importing it: a digest of its ``version.py`` (which
    holds its version), else its distribution's version."""
    spec = importlib.util.find_spec("pydantic")
    if spec is not None and spec.origin is not None:
        with contextlib.suppress(OSError):
            return hashlib.sha256((Path(spec.origin).parent / "version.py").read_bytes()).hexdigest()
    from importlib.metadata import version

    return version("pydantic")


def _digest(files: Iterable[tuple[str, bytes]]) -> str:
    """One digest of named byte strings (each name and length hashed with it, so no two sets run together)."""
    digest = hashlib.sha256()
    for name, data in files:
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def read_entry(path: Path, key: str, expected: type[Library]) -> Library | None:
    """The library in the entry at ``path`` if it was made for ``key`` and is whole; ``None`` otherwise (no entry,
    another key, a damaged file, any error in reading it)."""
    return _unpickled(path, key, LIBRARY_PART, expected)


def read_catalogue(path: Path, key: str, expected: type[Catalogue]) -> Catalogue | None:
    """The catalogue in the entry at ``path`` if it was made for ``key`` and is whole (the library too); ``None``
    otherwise."""
    return _unpickled(path, key, CATALOGUE_PART, expected)


CATALOGUE_PART, LIBRARY_PART = 0, 1
"""Where each value stands in an entry's parts (:func:`_read_parts`)."""
Value = TypeVar("Value")


def _unpickled(path: Path, key: str, part: int, expected: type[Value]) -> Value | None:
    """The value of ``expected``'s type pickled in part ``part`` of the entry at ``path``, if the entry was made for
    ``key`` and is whole; ``None`` otherwise."""
    try:
        parts = _read_parts(path, key)
        value = None if parts is None else pickle.loads(parts[part])
    except Exception:  # a damaged entry of any kind is a miss, never a failure
        return None
    return value if isinstance(value, expected) else None


def _read_parts(path: Path, key: str) -> tuple[bytes, bytes] | None:
    """The pickled catalogue and library of the entry at ``path`` if it was made for ``key`` and is whole.

    :raises OSError: if it can't be read; :raises ValueError: if it is not an entry's layout.
    """
    data = path.read_bytes()
    header = MAGIC + key.encode() + b"\n"
    if not data.startswith(header):
        return None
    body_digest, body = data[len(header) : len(header) + 65], data[len(header) + 65 :]
    if body_digest != hashlib.sha256(body).hexdigest().encode() + b"\n":
        return None
    size, _, rest = body.partition(b"\n")
    catalogue_size = int(size)
    return rest[:catalogue_size], rest[catalogue_size:]


def write_entry(path: Path, key: str, library: LessonLibrary | PuzzleLibrary) -> bool:
    """Keep ``library`` and its catalogue at ``path`` for ``key``, whole or not at all (a temporary file moved into
    place); whether it was written (a folder that can't take it is no failure)."""
    try:
        catalogue = pickle.dumps(catalogue_of(library), protocol=pickle.HIGHEST_PROTOCOL)
        body = b"%d\n" % len(catalogue) + catalogue + pickle.dumps(library, protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except Exception:
        return False
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(MAGIC + key.encode() + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n")
            file.write(body)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True
