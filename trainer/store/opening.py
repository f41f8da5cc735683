"""Opening the progress file: where it lives, what it holds, and what to do with a file that can't be used.

The folder and the file are created private to the user. A file that can't be read as a database, that is
another application's, or that is no file at all (a pipe, a folder, a device: never waited on), is moved aside
(never deleted) and a fresh one started. A progress file (or journal) that is a symbolic link is never written
through, as its target keeps its own permissions: the link is moved aside, untouched, and the progress it leads to
copied into a new file private to the user (by way of a private copy of the target's bytes, so that nothing is made
beside the target: SQLite would leave its journal files there, with the target's permissions). SQLite gives the
journal files the database's permissions whatever the umask, so a progress file of the user's own that others may
read (an older one, or one copied in) is made private, journals included, before it is opened. A file that can be
read but not written (read-only, another user's, written by a newer bgtrainer) is read and left alone. A file locked
by another program is waited for, then tried again later. Each case adds a sentence to :attr:`Opened.notices`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import platformdirs

from trainer.shared.regular_files import NotRegularFileError, copy_regular_file, kind_of, read_regular_file
from trainer.store import migrations, wording

DATABASE_NAME = "progress.sqlite3"
_T = TypeVar("_T")


def default_data_dir() -> Path:
    """Where progress is kept: ``$BGTRAINER_DATA_DIR`` if set, else the user data folder for bgtrainer."""
    override = os.environ.get("BGTRAINER_DATA_DIR")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("bgtrainer", appauthor=False))


@dataclass
class Opened:
    """What :func:`open_progress_file` found."""

    connection: sqlite3.Connection | None = None
    """The file, open for writing; ``None`` if this session can't write to it."""
    snapshot: sqlite3.Connection | None = None
    """An in-memory copy of the file as it was found (not migrated yet); ``None`` if there was nothing to read."""
    locked: bool = False
    """The file was locked by another program for longer than the timeout: try again later."""
    notices: list[str] = field(default_factory=list)
    """What the learner should know, in sentences."""


class _Refused(Exception):
    """The file at the progress path can't be used as it is: it is to be moved aside. ``linked``: it is a symbolic
    link to that file, whose progress is to be copied into the new one."""

    def __init__(self, reason: str, linked: Path | None = None) -> None:
        super().__init__(reason)
        self.linked = linked


def open_progress_file(path: Path, timeout: float) -> Opened:
    """Open (or create) the progress file at ``path``, waiting up to ``timeout`` seconds for locks.

    Never raises for a file or folder that can't be used: the reason is in the result's notices.
    """
    cleared, blocked = _clear_journals(path)
    if blocked is not None:
        return blocked
    opened = _open_or_replace(path, timeout)
    opened.notices[:0] = cleared
    return opened


def _clear_journals(path: Path) -> tuple[list[str], Opened | None]:
    """Move out of the way whatever stands where SQLite keeps its journal files and is no file (a pipe, a folder),
    which SQLite would wait on; the sentences saying so, and the result to return if one can't be moved."""
    cleared: list[str] = []
    for companion in _companions(path):
        try:
            mode = os.lstat(companion).st_mode
        except OSError:
            continue  # none there (or none that can be looked at, which SQLite will say)
        if stat.S_ISREG(mode):
            continue
        kind = wording.a_symbolic_link() if stat.S_ISLNK(mode) else kind_of(mode)
        try:
            aside = aside_name(companion)
            companion.rename(aside)
        except OSError as error:
            return cleared, Opened(notices=[wording.companion_stuck(companion, kind, error)])
        cleared.append(wording.companion_moved(companion, kind, aside.name))
    return cleared, None


def _open_or_replace(path: Path, timeout: float) -> Opened:
    """:func:`open_progress_file` once the journal files' places are clear."""
    try:
        unusable = _prepare(path)
        return unusable if unusable is not None else _open_waiting(path, timeout)
    except _Refused as refusal:
        reason, linked = str(refusal), refusal.linked
    try:
        aside = move_aside(path)
    except OSError as error:
        return Opened(notices=[wording.refused_and_stuck(reason, error)])
    copied: list[str] = []
    try:
        unusable = _prepare(path)
        if unusable is not None:
            unusable.notices.insert(0, wording.refused_and_moved(reason, aside.name))
            return unusable
        if linked is not None:
            problem = _copy_progress(linked, path)
            copied.append(wording.progress_copied(linked) if problem is None else wording.not_copied(linked, problem))
        opened = _open_waiting(path, timeout)
    except _Refused as refusal:
        return Opened(notices=[wording.refused_moved_and_refused_again(reason, aside.name, str(refusal)), *copied])
    opened.notices[:0] = [wording.refused_moved_and_started(reason, aside.name), *copied]
    return opened


def _copy_progress(source: Path, path: Path) -> str | None:
    """Copy the progress file at ``source`` (never waited on if it is no file) into the new, empty file at ``path``;
    why it couldn't be, or ``None``. SQLite reads a private copy of its bytes (and of its journals', which hold
    what is not in the file yet), in a private folder beside ``path``: nothing is made or changed beside ``source``."""
    with tempfile.TemporaryDirectory(prefix=f".{path.name}.copying-", dir=path.parent) as folder:  # mode 0700
        private = Path(folder) / path.name
        try:
            copy_regular_file(source, private)
            for journal, copied in zip(_companions(source), _companions(private), strict=True):
                if journal.name.endswith("-shm"):
                    continue  # SQLite rebuilds it from the log
                with contextlib.suppress(FileNotFoundError):
                    copy_regular_file(journal, copied)
        except NotRegularFileError as error:
            return error.kind
        except OSError as error:
            return error.strerror or str(error)
        try:
            original = _connect(private, BACKUP_TIMEOUT, read_only=False)  # its journals taken in: its own copy
            try:
                migrations.file_version(original)  # a bgtrainer progress file, or no copy
                copy = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                try:
                    original.backup(copy)
                finally:
                    copy.close()
            finally:
                original.close()
        except sqlite3.Error as error:
            return str(error)
    return None


def _prepare(path: Path) -> Opened | None:
    """Create the folder (private to the user) and an empty file (the same) unless they exist, and check that the
    file can be read, without ever waiting on it; if any of that fails, the result to return.

    :raises _Refused: if the file is not a regular file (a pipe, a folder, a device) or is a symbolic link.
    """
    folder = path.parent
    try:
        make_private_folders(folder)
    except OSError as error:
        return Opened(notices=[wording.folder_not_created(folder, error)])
    if path.is_symlink():
        target = Path(os.path.realpath(path))
        raise _Refused(wording.symbolic_link(path, target), linked=target)
    try:
        if not path.exists():
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.fchmod(descriptor, 0o600)  # whatever the umask; SQLite gives its journal files the same mode
            finally:
                os.close(descriptor)
    except FileExistsError:
        pass
    except OSError as error:
        return Opened(notices=[wording.file_not_created(folder, error)])
    problem = _permission_problem(path, os.R_OK)
    if problem is None:
        problem = _read_problem(path)
    if problem is not None:
        return Opened(notices=[wording.file_not_readable(path, problem)])
    for file in (path, *_companions(path)):
        _make_private(file)
    return None


def _make_private(path: Path) -> None:
    """Take the group's and others' permissions off the file at ``path`` if it is a regular file of the user's own
    that the user may write (one bgtrainer writes to; a read-only file is left as it is): SQLite gives the journal
    files it makes the database's permissions, whatever the umask. Opened without following a link or waiting."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return  # none there, a link (moved aside before), or one that can't be opened (which reading it will say)
    try:
        found = os.fstat(descriptor)
        mode = stat.S_IMODE(found.st_mode)
        own = not hasattr(os, "geteuid") or found.st_uid == os.geteuid()
        if stat.S_ISREG(found.st_mode) and own and mode & stat.S_IWUSR and mode & 0o077:
            os.fchmod(descriptor, mode & 0o700)
    except OSError:
        pass  # left as it is: opening the file says what is wrong with it, if anything
    finally:
        os.close(descriptor)


PROBE_BYTES = 100
"""How much of the progress file is read to know that it can be read."""
BACKUP_TIMEOUT = 5.0
"""Seconds the copy of a progress file a symbolic link led to waits for another program's lock on it."""


def _read_problem(path: Path) -> str | None:
    """Why the file at ``path`` can't be read, or ``None`` if it can; opened without blocking, so that a pipe
    never hangs the app.

    :raises _Refused: if it is not a regular file.
    """
    try:
        read_regular_file(path, PROBE_BYTES)
    except NotRegularFileError as error:
        raise _Refused(wording.not_a_file(path, error.kind)) from None
    except OSError as error:
        return error.strerror or str(error)
    return None


def _companions(path: Path) -> list[Path]:
    """The journal files SQLite keeps next to the database at ``path``."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-journal", "-shm")]


def make_private_folders(folder: Path) -> None:
    """Create ``folder`` and any missing parents with mode 0700 (as the XDG base directory spec asks).

    :raises OSError: if one can't be created.
    """
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for new in reversed(missing):
        try:
            new.mkdir(mode=0o700)
        except FileExistsError:
            if not new.is_dir():
                raise
            continue
        new.chmod(0o700)  # whatever the umask


def _open_waiting(path: Path, timeout: float) -> Opened:
    """:func:`_open`, tried again while another program holds the lock, for up to ``timeout`` seconds.

    :raises _Refused: if the file is damaged or not a progress file.
    """
    try:
        return retry_while_busy(lambda seconds: _open(path, seconds), timeout)
    except sqlite3.OperationalError as error:
        if migrations.is_busy(error):
            return Opened(locked=True, notices=[wording.file_in_use(path)])
        return _unusable(path, error)
    except migrations.NotProgressFileError as error:
        raise _Refused(wording.not_a_progress_file(path, error)) from error
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorcode", 0) & 0xFF in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            raise _Refused(wording.unreadable_database(error)) from error
        return _unusable(path, error)


def _unusable(path: Path, error: sqlite3.Error) -> Opened:
    """A file that may well be fine but can't be opened now (no memory, an input/output error...): left alone."""
    return Opened(notices=[wording.file_not_opened(path, error)])


def _open(path: Path, timeout: float) -> Opened:
    """Open the file and copy it to memory; a file this session can't write is closed after reading.

    :raises _Refused: if it fails SQLite's integrity check.
    :raises sqlite3.DatabaseError: if it is locked, damaged, or not a progress file.
    """
    problem = _write_problem(path)
    connection = _connect(path, timeout, read_only=problem is not None)
    try:
        check = connection.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise _Refused(wording.failed_integrity_check(str(check[0]) if check else None))
        version = migrations.file_version(connection)
        snapshot = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        connection.backup(snapshot)
    except BaseException:
        connection.close()
        raise
    if version > migrations.LATEST_VERSION:
        connection.close()
        return Opened(
            snapshot=snapshot, notices=[wording.file_from_newer_bgtrainer(version, migrations.LATEST_VERSION)]
        )
    if problem is not None:
        connection.close()
        return Opened(snapshot=snapshot, notices=[wording.file_not_writable(path, problem)])
    connection.execute("PRAGMA synchronous = FULL")
    return Opened(connection=connection, snapshot=snapshot)


def _connect(path: Path, timeout: float, *, read_only: bool) -> sqlite3.Connection:
    """A connection to the file; read-only ones fall back to ``immutable`` where SQLite can't share the file
    (a write-ahead-log file in a folder this user can't write to). Like the in-memory copy's, it may be used by
    another thread than the one that opened it (the program opens the store while the UI's modules load)."""
    if not read_only:
        return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    uri = path.absolute().as_uri() + "?mode=ro"
    connection = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False)
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as error:
        connection.close()
        if getattr(error, "sqlite_errorcode", 0) & 0xFF not in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
            raise
        connection = sqlite3.connect(
            uri + "&immutable=1", uri=True, timeout=timeout, isolation_level=None, check_same_thread=False
        )
    return connection


def _write_problem(path: Path) -> str | None:
    """Why this user can't write the progress file (and its journal, next to it), or ``None`` if it can."""
    problem = _permission_problem(path, os.W_OK)
    if problem is None and not os.access(path.parent, os.W_OK | os.X_OK):
        problem = wording.folder_read_only(path.parent)
    return problem


def _permission_problem(path: Path, mode: int) -> str | None:
    """Why this user may not access ``path`` with ``mode`` (``os.R_OK``, ``os.W_OK``), or ``None`` if it may."""
    if os.access(path, mode):
        return None
    try:
        owner = path.stat().st_uid
    except OSError as error:
        return error.strerror or str(error)
    if hasattr(os, "geteuid") and owner != os.geteuid():
        return wording.another_users()
    return wording.read_only() if mode == os.W_OK else wording.permission_denied()


def retry_while_busy(attempt: Callable[[float], _T], timeout: float) -> _T:
    """``attempt(seconds_left)``, tried again while it fails because another connection holds a lock, for up to
    ``timeout`` seconds in all (``attempt`` is to wait for locks no longer than the seconds it is given).

    SQLite's own busy timeout waits on most locks; this also covers the few it reports at once.

    :raises sqlite3.OperationalError: the last error, once the time is up (at once for an error that isn't a lock).
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            return attempt(max(deadline - time.monotonic(), 0.0))
        except sqlite3.OperationalError as error:
            if not migrations.is_busy(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.01)


def move_aside(path: Path) -> Path:
    """Rename the file at ``path`` (and its journal files) to a new ``.unreadable-<time>`` name; return that name.

    :raises OSError: if it can't be renamed.
    """
    aside = aside_name(path)
    path.rename(aside)
    for suffix in ("-wal", "-journal"):
        companion = path.with_name(path.name + suffix)
        if companion.exists() and companion.stat().st_size:
            companion.rename(aside.with_name(aside.name + suffix))
    return aside


def aside_name(path: Path) -> Path:
    """A new name for a file moved aside from ``path``: ``<name>.unreadable-<time>``, numbered if that is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while aside.exists() or aside.is_symlink():
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
        counter += 1
    return aside
