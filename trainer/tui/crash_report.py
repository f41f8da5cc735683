"""Crash reports: when the app stops on an unexpected error, a short file with the traceback and the version is
left in the data folder, so the learner can send it and nothing is lost silently. The app writes one, and so does
the command line that started it (it imports the app anyway); the report's heading is worded here."""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from trainer import __version__
from trainer.i18n import _


def crash_report_heading(version: str, when: str, python: str, system: str) -> str:
    """The first lines of a crash report (the traceback follows)."""
    return _("bgtrainer {version} stopped on an unexpected error at {when}.\nPython {python} on {system}\n\n").format(
        version=version, when=when, python=python, system=system
    )


def write_crash_report(folder: Path | None, error: BaseException) -> Path:
    """Write ``error``'s report into ``folder`` (created private to the user if it is missing), or if that fails
    into a new private folder in the system's temporary folder; its path. The report is readable by the user alone.

    :raises OSError: if no folder can hold it.
    """
    from trainer.store.opening import make_private_folders

    stamp = time.strftime("%Y%m%d-%H%M%S")
    heading = crash_report_heading(
        __version__, time.strftime("%Y-%m-%d %H:%M:%S"), sys.version.split()[0], platform.platform()
    )
    text = "".join([heading, *traceback.format_exception(error)])
    data = text.encode("utf-8", errors="replace")
    if folder is not None:
        try:
            make_private_folders(folder)
            return _write_private(folder, stamp, data)
        except OSError:
            pass
    return _write_private(Path(tempfile.mkdtemp(prefix="bgtrainer-")), stamp, data)  # mkdtemp: mode 0700


def _write_private(folder: Path, stamp: str, data: bytes) -> Path:
    """Write ``data`` to a new ``crash-<stamp>[-N].txt`` in ``folder`` with mode 0600; its path."""
    counter = 0
    while True:
        path = folder / (f"crash-{stamp}.txt" if not counter else f"crash-{stamp}-{counter}.txt")
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            counter += 1
            continue
        with os.fdopen(descriptor, "wb") as handle:
            os.fchmod(descriptor, 0o600)  # whatever the umask
            handle.write(data)
        return path
