"""Where the shipped content lives: the source tree's folders, or their copy inside the installed package; and the
most a content file may hold."""

from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
BUNDLED = PACKAGE_ROOT / "_content"
MAX_CONTENT_BYTES = 1_000_000
"""The most a content file may hold (a larger one is refused, never read whole)."""
MAX_DATA_BYTES = 16_000_000
"""The most a puzzle file of JSON lines (``*.jsonl``: mined puzzles, thousands a file) may hold."""
DATA_SUFFIX = ".jsonl"
"""The ending of a puzzle file of JSON lines (one puzzle a line); every other content file is TOML."""


def content_limit(path: Path) -> int:
    """The most the content file at ``path`` may hold: a file of JSON lines more than a TOML one."""
    return MAX_DATA_BYTES if path.name.endswith(DATA_SUFFIX) else MAX_CONTENT_BYTES


def content_dir(name: str) -> Path:
    """The folder of shipped ``lessons`` or ``puzzles``.

    A source checkout (or editable install) reads the top-level folder; a wheel carries a copy in
    ``trainer/_content``.
    """
    source = PACKAGE_ROOT.parent / name
    if source.is_dir() and (PACKAGE_ROOT.parent / "pyproject.toml").is_file():
        return source
    return BUNDLED / name
