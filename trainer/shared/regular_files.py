"""Reading a file that must be a regular one (a content file, the progress file, a file of kept writes): opened
without waiting, so that a pipe or a device at the path never hangs the app, checked to be a regular file, and
read up to a bound, so that nothing grows without end; copied the same way. Writing one (a command's
``--output``): refused, before it is opened, unless it is a regular file or a new one."""

from __future__ import annotations

import errno
import os
import shutil
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


def require_regular(mode: int) -> None:
    """Refuse a file whose ``mode`` (``st_mode``) is not a regular file's.

    :raises NotRegularFileError: if it is a folder, a pipe, a device or a socket.
    """
    if not stat.S_ISREG(mode):
        raise NotRegularFileError(kind_of(mode))


def read_regular_file(path: Path, limit: int) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at ``path`` (more than ``limit`` tells the caller it is
    too large), never waiting on what is not a regular file.

    :raises NotRegularFileError: if the path is a folder, a pipe, a device or a socket.
    :raises OSError: if it cannot be opened or read.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        require_regular(os.fstat(descriptor).st_mode)
        with os.fdopen(descriptor, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    finally:
        os.close(descriptor)


def copy_regular_file(source: Path, target: Path) -> None:
    """Copy the regular file at ``source`` into a new file at ``target``, private to the user (0600), never waiting
    on what is not a regular file.

    :raises NotRegularFileError: if ``source`` is a folder, a pipe, a device or a socket.
    :raises OSError: if it cannot be read, or ``target`` cannot be made (one already there included).
    """
    descriptor = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    try:
        require_regular(os.fstat(descriptor).st_mode)
        copy = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.fchmod(copy, 0o600)  # whatever the umask
            with os.fdopen(descriptor, "rb", closefd=False) as reading, os.fdopen(copy, "wb", closefd=False) as writing:
                shutil.copyfileobj(reading, writing)
        finally:
            os.close(copy)
    finally:
        os.close(descriptor)


def check_writable(path: Path) -> None:
    """Refuse ``path`` as a file to write unless it is a regular file or a new one in a folder that is there, from
    what the path is alone: nothing is opened, so a pipe at the path is never waited on.

    :raises NotRegularFileError: if the path is a folder, a pipe, a device or a socket.
    :raises OSError: if the path can't be looked at, or its folder is not there.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path.parent)) from None
        return
    require_regular(mode)


def write_regular_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``, a regular file (replacing what it held) or a new one, never waiting on what is
    not a regular file: the path is checked first (:func:`check_writable`), and the file again once open.

    :raises NotRegularFileError: if the path is a folder, a pipe, a device or a socket.
    :raises OSError: if it cannot be opened or written.
    """
    check_writable(path)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o666)
    try:
        require_regular(os.fstat(descriptor).st_mode)
        os.ftruncate(descriptor, 0)
        with os.fdopen(descriptor, "wb", closefd=False) as handle:
            handle.write(data)
    finally:
        os.close(descriptor)
