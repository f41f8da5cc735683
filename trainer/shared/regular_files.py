"""Reading a file that must be a regular one (a content file, the progress file, a file of kept writes): opened
without waiting, so that a pipe or a device at the path never hangs the app, checked to be a regular file, and
read up to a bound, so that nothing grows without end."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from trainer.i18n import _


class NotRegularFileError(OSError):
    """The path is not a regular file; ``kind`` says what it is in words (``a folder``, ``a pipe``...)."""

    def __init__(self, kind: str) -> None:
        super().__init__(_("it is {kind}, not a file").format(kind=kind))
        self.kind = kind


def kind_of(mode: int) -> str:
    """What a file that isn't a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe")
    return _("a device or socket")


def read_regular_file(path: Path, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at ``path`` (more than ``limit`` tells the caller it is
    too large), never waiting on what is not a regular file.

    :raises NotRegularFileError: if the path is a folder, a pipe, a device or a socket.
    :raises OSError: if it cannot be opened or read.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFileError(kind_of(mode))
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    finally:
        os.close(descriptor)
