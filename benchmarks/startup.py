"""Time from launch until the home screen is on a real terminal, against a bare Textual app.

Runs both in tmux (which must be installed) in a 100 x 32 window, polling the screen until the expected text shows.
Target: the home screen within 1.5 times the bare app's time. Each round times both, one after the other, and the
figure is the median of the rounds' ratios, so that a busy spell of the machine weighs on both sides of a ratio alike.
It prints the figures and asserts nothing: speed targets live here, never in timed unit tests. Run:
``python benchmarks/startup.py``.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare app ready")

Bare().run()
"""
SESSION = "bgtrainer-startup"
KEEPER = "bgtrainer-startup-keeper"
"""A session kept open meanwhile: tmux's server stops with its last session, and one starting then can fail."""
TMUX = ("tmux", "-L", "bgtrainer-startup")
"""tmux on a server of its own, apart from any other session on the machine."""
WIDTH, HEIGHT = 100, 32
TARGET = 1.5
"""The most the home screen may take, in times the bare app's."""


def time_until(command: list[str], text: str, timeout: float = 30.0) -> float:
    """Seconds from starting ``command`` in a fresh tmux session of ``WIDTH`` x ``HEIGHT`` until ``text`` is on its
    screen."""
    subprocess.run([*TMUX, "kill-session", "-t", SESSION], capture_output=True)
    started = start(command)
    try:
        while time.perf_counter() - started < timeout:
            screen = subprocess.run([*TMUX, "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True).stdout
            if text in screen:
                return time.perf_counter() - started
            time.sleep(0.01)
        raise TimeoutError(f"{text!r} did not appear within {timeout} s")
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", SESSION], capture_output=True)


def start(command: list[str], attempts: int = 3) -> float:
    """Start ``command`` in the session; when it was started (a server that went away meanwhile is started again with
    the keeper, and the session tried again, before the clock starts)."""
    for attempt in range(attempts):
        subprocess.run([*TMUX, "new-session", "-d", "-s", KEEPER, "sleep 3600"], capture_output=True)
        started = time.perf_counter()
        window = [*TMUX, "new-session", "-d", "-s", SESSION, "-x", str(WIDTH), "-y", str(HEIGHT), *command]
        if subprocess.run(window, capture_output=True).returncode == 0:
            return started
        time.sleep(0.5 * (attempt + 1))
    raise RuntimeError(f"tmux could not start {command[0]} in {attempts} attempts")


COMPILE = "import compileall, os, trainer; compileall.compile_dir(os.path.dirname(trainer.__file__), quiet=1)"
"""Write the package's bytecode, as an install does (with ``PYTHONDONTWRITEBYTECODE`` set, every start would
compile bgtrainer's modules again while Textual's come compiled: a handicap no learner has)."""


def main(rounds: int = 15) -> None:
    if shutil.which("tmux") is None:
        sys.exit("tmux is needed: install it (e.g. apt-get install tmux)")
    subprocess.run([sys.executable, "-c", COMPILE], check=True)
    try:
        bare, home = rounds_of(rounds)
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", KEEPER], capture_output=True)
    bare_time, home_time = statistics.median(bare), statistics.median(home)
    print(f"bare Textual app:  {bare_time:.3f} s (median of {rounds})")
    print(f"bgtrainer home:    {home_time:.3f} s (median of {rounds})")
    ratio = statistics.median(one / other for one, other in zip(home, bare, strict=True))
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"ratio: {ratio:.2f}, the median of each round's  (target: at most {TARGET:.2f} -> {verdict})")


def rounds_of(rounds: int) -> tuple[list[float], list[float]]:
    """The bare app's times and the home screen's, ``rounds`` of each, in turn."""
    with tempfile.TemporaryDirectory() as folder:
        bare_script = Path(folder) / "bare.py"
        bare_script.write_text(BARE_APP)
        data_dir = Path(folder) / "data"
        bare: list[float] = []
        home: list[float] = []
        for _ in range(rounds):  # in turn, so that a busy moment of the machine weighs on both alike
            bare.append(time_until([sys.executable, str(bare_script)], "bare app ready"))
            home.append(
                time_until([sys.executable, "-m", "trainer", "--data-dir", str(data_dir)], "Explore a position")
            )
    return bare, home


if __name__ == "__main__":
    main()
