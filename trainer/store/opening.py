"""Opening the progress file: where it lives, what it holds, and what to do with a file that can't be used.

A file that can't be read is moved aside (never deleted) and a fresh one started. A file written by a newer
bgtrainer is read but never written. Each such case adds a sentence to :attr:`Opened.notices` for the app to show.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from trainer.store import migrations

DATABASE_NAME = "progress.sqlite3"


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
    notices: list[str] = field(default_factory=list)
    """What the learner should know, in sentences."""


def open_progress_file(path: Path, timeout: float) -> Opened:
    """Open (or create) the progress file at ``path``, waiting up to ``timeout`` seconds for a lock.

    Never raises for a file or folder that can't be used: the reason is in the result's notices.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return Opened(notices=[f"Progress can't be saved: the folder {path.parent} can't be created ({error})."])
    try:
        return _open(path, timeout)
    except sqlite3.DatabaseError as error:
        if migrations.is_busy(error):
            return Opened(
                notices=[
                    f"The progress file {path} is in use by another bgtrainer; this session's progress won't be saved."
                ]
            )
        if not path.is_file() or not path.stat().st_size:
            return Opened(notices=[f"Progress can't be saved in {path.parent} ({error})."])
        try:
            aside = move_aside(path)
            opened = _open(path, timeout)
        except (OSError, sqlite3.DatabaseError) as second:
            return Opened(
                notices=[
                    f"The progress file could not be read ({error}) nor replaced ({second}); progress won't be saved."
                ]
            )
        opened.notices.insert(
            0, f"The progress file could not be read ({error}); it was moved to {aside.name} and a new one started."
        )
        return opened


def _open(path: Path, timeout: float) -> Opened:
    """Open the file and copy it to memory.

    :raises sqlite3.DatabaseError: if it can't be opened, is locked, damaged, or not a progress file.
    """
    connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    try:
        check = connection.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check[0] if check else 'no answer'}")
        version = migrations.file_version(connection)
        snapshot = sqlite3.connect(":memory:", isolation_level=None)
        connection.backup(snapshot)
    except BaseException:
        connection.close()
        raise
    if version > migrations.LATEST_VERSION:
        connection.close()
        return Opened(
            snapshot=snapshot,
            notices=[
                f"The progress file was written by a newer bgtrainer (layout {version}; this one knows up to "
                f"{migrations.LATEST_VERSION}): your progress is shown, but this session won't change the file."
            ],
        )
    return Opened(connection=connection, snapshot=snapshot)


def move_aside(path: Path) -> Path:
    """Rename the file at ``path`` (and its journal files) to a new ``.unreadable-<time>`` name; return that name.

    :raises OSError: if it can't be renamed.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
        counter += 1
    path.rename(aside)
    for suffix in ("-wal", "-shm", "-journal"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(aside.with_name(aside.name + suffix))
    return aside
