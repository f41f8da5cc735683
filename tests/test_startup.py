"""The home screen shows fast: importing it loads nothing that only later screens or the content need (the content
loads in a worker thread once the first screen is drawn; the other screens when opened). How fast it shows is
``benchmarks/startup.py``'s business, never a timed test."""

from __future__ import annotations

import subprocess
import sys

OTHER_SCREENS = ("lesson", "puzzles", "drill", "review", "play", "play_menu", "explore", "progress", "help", "route")
LATER = [
    "pydantic",
    "bgsage",
    "babel",
    "trainer.content.loader",
    "trainer.content.models",
    "trainer.cli",
    "trainer.training",
    *(f"trainer.tui.screens.{name}" for name in OTHER_SCREENS),
]
"""What the home screen needs only once the content has loaded or another screen is opened."""


def loaded_by(module: str) -> set[str]:
    """The modules of :data:`LATER` that importing ``module`` loads (in a fresh interpreter)."""
    code = f"import sys, {module}; print('\\n'.join(name for name in {LATER!r} if name in sys.modules))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(output.split())


def test_importing_the_home_screen_loads_no_other_screen_no_content_model_no_statistics_and_no_bgsage() -> None:
    assert loaded_by("trainer.tui.screens.home") == set()


def test_starting_the_app_loads_none_of_them_either() -> None:
    assert loaded_by("trainer.tui.app") == set()
