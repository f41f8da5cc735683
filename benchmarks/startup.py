"""Time from launch until the home screen is on a real terminal, against a bare Textual app.

Runs both in tmux (which must be installed), polling the screen until the expected text shows. Target: the
home screen within twice the time of the bare app. Run: ``python benchmarks/startup.py``.
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


def time_until(command: list[str], text: str, timeout: float = 30.0) -> float:
    """Seconds from starting ``command`` in a fresh 80x24 tmux session until ``text`` is on its screen."""
    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    started = time.perf_counter()
    subprocess.run(["tmux", "new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", *command], check=True)
    try:
        while time.perf_counter() - started < timeout:
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True
            ).stdout
            if text in screen:
                return time.perf_counter() - started
            time.sleep(0.01)
        raise TimeoutError(f"{text!r} did not appear within {timeout} s")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)


def main(rounds: int = 5) -> None:
    if shutil.which("tmux") is None:
        sys.exit("tmux is needed: install it (e.g. apt-get install tmux)")
    with tempfile.TemporaryDirectory() as folder:
        bare_script = Path(folder) / "bare.py"
        bare_script.write_text(BARE_APP)
        data_dir = Path(folder) / "data"
        bare = [time_until([sys.executable, str(bare_script)], "bare app ready") for _ in range(rounds)]
        home = [
            time_until([sys.executable, "-m", "trainer", "--data-dir", str(data_dir)], "Explore a position")
            for _ in range(rounds)
        ]
    bare_time, home_time = statistics.median(bare), statistics.median(home)
    print(f"bare Textual app:  {bare_time:.3f} s (median of {rounds})")
    print(f"bgtrainer home:    {home_time:.3f} s (median of {rounds})")
    ratio = home_time / bare_time
    print(f"ratio: {ratio:.2f}  (target: at most 2.00 -> {'met' if ratio <= 2 else 'NOT met'})")


if __name__ == "__main__":
    main()
