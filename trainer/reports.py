"""Crash reports: when the app stops on an unexpected error, a short file with the traceback and the version is
left in the data folder, so the learner can send it and nothing is lost silently."""

from __future__ import annotations

import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from trainer import __version__


def write_crash_report(folder: Path | None, error: BaseException) -> Path:
    """Write ``error``'s report into ``folder`` (the system's temporary folder if that fails); its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = "".join(
        [
            f"bgtrainer {__version__} stopped on an unexpected error at {time.strftime('%Y-%m-%d %H:%M:%S')}.\n",
            f"Python {sys.version.split()[0]} on {platform.platform()}\n\n",
            *traceback.format_exception(error),
        ]
    )
    for place in (folder, Path(tempfile.gettempdir())):
        if place is None:
            continue
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / f"crash-{stamp}.txt"
            counter = 1
            while path.exists():
                path = place / f"crash-{stamp}-{counter}.txt"
                counter += 1
            path.write_text(text, encoding="utf-8", errors="replace")
            return path
        except OSError:
            continue
    raise OSError("no folder could hold the crash report")
