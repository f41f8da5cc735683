"""Time from launch until bgtrainer's home screen is drawn, and until it is ready, against a bare Textual app's first
frame: in a terminal (tmux) and in a browser tab (``bgtrainer serve`` in the system Chromium, through Playwright).

- **First frame**: the home screen's menu is drawn ("Explore a position"). Target: within 1.5 times the bare app's.
- **Home ready**: lesson 1 is listed in the menu and nothing on the screen says it is still loading (the progress
  figures, "Review (N due)", the puzzles). Target: within 2.0 times the bare app's first frame.

Both with a **warm cache** (the checked content already in the cache folder: every start after the first, what a
learner sees daily); the cold start (an empty cache folder: the content checked and cached) is printed too. The
cache and data folders are temporary ones of the run, never the learner's.

The terminal: tmux (which must be installed), a 100 x 48 window (the whole menu shows: 24 lessons and the other
entries), polling the screen every 10 ms. The browser: a bare app and bgtrainer each served by textual-serve, a new
tab for each start (each tab starts an app process of its own), the screen read from the websocket as
tests/test_browser.py reads it; the CPU seconds each tab's bgtrainer process spent until home was ready are printed
too. It needs Playwright and a system Chromium (``apt-get install chromium``); without them that part is skipped.

Each round times the bare app and bgtrainer one after the other and the figures are the medians of the rounds'
ratios, so that a busy spell of the machine weighs on both sides of a ratio alike. It prints the figures and asserts
nothing: speed targets live here, never in timed unit tests.

``--heavy``: bgtrainer starts on a heavy learner's progress file (a year of practice: tens of thousands of answers and
ratings, made through the store's own API by ``benchmarks/heavy_learner.py``) instead of an empty one.

Run: ``python benchmarks/startup.py [ROUNDS] [--heavy] [--no-browser]`` (``--help`` says more).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_support import Screen  # the tests' reader of a served app's screen

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("bare app ready")

Bare().run()
"""
BARE_READY = "bare app ready"
FIRST_FRAME = "Explore a position"
LESSON_ONE = "1. The board and its numbering"
LOADING = ("Loading", "loading")
SESSION = "bgtrainer-startup"
KEEPER = "bgtrainer-startup-keeper"
"""A session kept open meanwhile: tmux's server stops with its last session, and one starting then can fail."""
TMUX = ("tmux", "-L", f"bgtrainer-startup-{os.getpid()}")
"""tmux on a server of its own, apart from any other session on the machine (another run's included)."""
WIDTH, HEIGHT = 100, 48
FIRST_FRAME_TARGET = 1.5
"""The most the home screen's first frame may take, in times the bare app's."""
READY_TARGET = 2.0
"""The most a ready home screen may take, in times the bare app's first frame."""
VIEWPORT = {"width": 1280, "height": 1100}
"""A browser window whose terminal holds the whole menu."""
TOKEN = "startup-benchmark"
TIMEOUT = 60.0


def is_ready(screen: str) -> bool:
    """Whether the home screen is ready: lesson 1 listed, the reviews counted, nothing still loading."""
    return LESSON_ONE in screen and "due)" in screen and not any(word in screen for word in LOADING)


# --- the terminal -------------------------------------------------------------------------------------------------


def times_until(command: list[str], marks: dict[str, Callable[[str], bool]]) -> dict[str, float]:
    """Seconds from starting ``command`` in a fresh tmux session of ``WIDTH`` x ``HEIGHT`` until each of ``marks``
    (a name and a test of the screen's text) first holds."""
    subprocess.run([*TMUX, "kill-session", "-t", SESSION], capture_output=True)
    started = start(command)
    found: dict[str, float] = {}
    try:
        while time.perf_counter() - started < TIMEOUT:
            screen = subprocess.run([*TMUX, "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True).stdout
            moment = time.perf_counter() - started
            for name, test in marks.items():
                if name not in found and test(screen):
                    found[name] = moment
            if len(found) == len(marks):
                return found
            time.sleep(0.01)
        raise TimeoutError(f"{sorted(set(marks) - set(found))} not seen within {TIMEOUT} s")
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


HOME_MARKS: dict[str, Callable[[str], bool]] = {"first": lambda screen: FIRST_FRAME in screen, "ready": is_ready}


def terminal_rounds(folder: Path, rounds: int, cold_rounds: int) -> dict[str, list[float]]:
    """The bare app's first frames, bgtrainer's first frames and ready homes with a warm cache, and its ready homes
    with a cold one (each cold start with an empty cache folder of its own)."""
    bare_script = folder / "bare.py"
    bare_script.write_text(BARE_APP)
    app = [sys.executable, "-m", "trainer", "--data-dir", str(folder / "data")]
    times: dict[str, list[float]] = {"bare": [], "first": [], "ready": [], "cold bare": [], "cold": []}
    for round_number in range(cold_rounds):
        with cache_folder(folder / f"cold-cache-{round_number}"):
            times["cold bare"].append(times_until([sys.executable, str(bare_script)], {"bare": bare_ready})["bare"])
            times["cold"].append(times_until(app, HOME_MARKS)["ready"])
    with cache_folder(folder / "cache"):
        times_until(app, HOME_MARKS)  # fills the cache
        for _ in range(rounds):  # in turn, so that a busy moment of the machine weighs on both alike
            times["bare"].append(times_until([sys.executable, str(bare_script)], {"bare": bare_ready})["bare"])
            home = times_until(app, HOME_MARKS)
            times["first"].append(home["first"])
            times["ready"].append(home["ready"])
    return times


def bare_ready(screen: str) -> bool:
    return BARE_READY in screen


@contextmanager
def cache_folder(folder: Path) -> Iterator[None]:
    """The content cached in ``folder`` meanwhile (tmux's sessions and the served apps take it from here)."""
    before = os.environ.get("BGTRAINER_CACHE_DIR")
    os.environ["BGTRAINER_CACHE_DIR"] = str(folder)
    subprocess.run([*TMUX, "set-environment", "-g", "BGTRAINER_CACHE_DIR", str(folder)], capture_output=True)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("BGTRAINER_CACHE_DIR", None)
        else:
            os.environ["BGTRAINER_CACHE_DIR"] = before


# --- the browser ----------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def served(command: list[str], port: int) -> Iterator[str]:
    """A server started by ``command`` until it listens on ``port``: its address."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{command} did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def tab_times(browser: Any, url: str, marks: dict[str, Callable[[str], bool]]) -> tuple[dict[str, float], Screen]:
    """Seconds from opening ``url`` in a new tab until each of ``marks`` first holds on its terminal."""
    screen = Screen()
    page = browser.new_page(viewport=VIEWPORT)
    page.on(
        "websocket", lambda socket: (socket.on("framereceived", screen.received), socket.on("framesent", screen.sent))
    )
    found: dict[str, float] = {}
    try:
        started = time.perf_counter()
        page.goto(url)
        while len(found) < len(marks):
            text = screen.text()
            moment = time.perf_counter() - started
            for name, test in marks.items():
                if name not in found and test(text):
                    found[name] = moment
            if moment > TIMEOUT:
                raise TimeoutError(f"{sorted(set(marks) - set(found))} not seen within {TIMEOUT} s in {url}")
            page.wait_for_timeout(10)
        return found, screen
    finally:
        page.close()


def app_cpu_seconds(data_dir: Path) -> float | None:
    """The CPU seconds spent so far by the running bgtrainer app on ``data_dir`` (not its server), if one runs."""
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            if b"trainer" in command and b"serve" not in command and str(data_dir).encode() in command:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                return (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            continue
    return None


def browser_rounds(folder: Path, rounds: int, cold_rounds: int) -> dict[str, list[float]] | str:
    """The bare app's first frames in a tab, bgtrainer's first frames and ready homes and the CPU seconds of each
    tab's app until then (warm cache), and its ready homes with a cold cache; or why the browser was not timed."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "Playwright is not installed (pip install playwright)"
    if chromium is None:
        return "no system Chromium (apt-get install chromium)"
    bare_script = folder / "bare.py"
    data_dir = folder / "browser-data"
    bare_port, app_port = free_port(), free_port()
    bare_server = [sys.executable, "-c", f"from textual_serve.server import Server; "
                   f"Server({sys.executable + ' ' + str(bare_script)!r}, port={bare_port}).serve()"]  # fmt: skip
    app_server = [sys.executable, "-m", "trainer", "serve", "--port", str(app_port), "--token", TOKEN]
    times: dict[str, list[float]] = {"bare": [], "first": [], "ready": [], "cpu": [], "cold bare": [], "cold": []}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            with served(bare_server, bare_port) as bare_url:
                for round_number in range(cold_rounds):
                    with cache_folder(folder / f"browser-cold-cache-{round_number}"):
                        server = [*app_server, "--data-dir", str(data_dir)]
                        with served(server, app_port) as app_url:
                            times["cold bare"].append(tab_times(browser, bare_url, {"bare": bare_ready})[0]["bare"])
                            times["cold"].append(
                                tab_times(browser, f"{app_url}/?token={TOKEN}", HOME_MARKS)[0]["ready"]
                            )
                with (
                    cache_folder(folder / "browser-cache"),
                    served([*app_server, "--data-dir", str(data_dir)], app_port) as app_url,
                ):
                    tab_times(browser, f"{app_url}/?token={TOKEN}", HOME_MARKS)  # fills the cache
                    for _ in range(rounds):
                        times["bare"].append(tab_times(browser, bare_url, {"bare": bare_ready})[0]["bare"])
                        marks = {**HOME_MARKS, "cpu": lambda text: is_ready(text) and record_cpu(data_dir, times)}
                        home, _screen = tab_times(browser, f"{app_url}/?token={TOKEN}", marks)
                        times["first"].append(home["first"])
                        times["ready"].append(home["ready"])
                        wait_until_gone(data_dir)
        finally:
            browser.close()
    return times


def record_cpu(data_dir: Path, times: dict[str, list[float]]) -> bool:
    """Note the CPU seconds of the tab's app now (its home just became ready)."""
    seconds = app_cpu_seconds(data_dir)
    if seconds is not None:
        times["cpu"].append(seconds)
    return True


def wait_until_gone(data_dir: Path) -> None:
    """Wait until the closed tab's app has stopped, so that the next round starts on a quiet machine."""
    deadline = time.monotonic() + TIMEOUT
    while app_cpu_seconds(data_dir) is not None and time.monotonic() < deadline:
        time.sleep(0.05)


# --- the report ---------------------------------------------------------------------------------------------------


def ratio(ones: list[float], others: list[float]) -> float:
    """The median of the rounds' ratios."""
    return statistics.median(one / other for one, other in zip(ones, others, strict=True))


def verdict(value: float, target: float) -> str:
    return f"{value:.2f}x (target: at most {target:.1f}x -> {'met' if value <= target else 'NOT met'})"


def report(where: str, times: dict[str, list[float]]) -> None:
    rounds = len(times["bare"])
    print(f"{where}, warm cache (median of {rounds} rounds):")
    print(f"  bare Textual app, first frame: {statistics.median(times['bare']):.3f} s")
    print(f"  bgtrainer, first frame:        {statistics.median(times['first']):.3f} s")
    print(f"  bgtrainer, home ready:         {statistics.median(times['ready']):.3f} s")
    if times.get("cpu"):
        print(f"  CPU of the tab's app until home was ready: {statistics.median(times['cpu']):.2f} s")
    print(f"  first frame: {verdict(ratio(times['first'], times['bare']), FIRST_FRAME_TARGET)}")
    print(f"  home ready:  {verdict(ratio(times['ready'], times['bare']), READY_TARGET)}")
    if times["cold"]:
        cold = ratio(times["cold"], times["cold bare"])
        print(f"  cold cache (median of {len(times['cold'])}): home ready {statistics.median(times['cold']):.3f} s, "
              f"{cold:.2f}x the bare app")  # fmt: skip


COMPILE = "import compileall, os, trainer; compileall.compile_dir(os.path.dirname(trainer.__file__), quiet=1)"
"""Write the package's bytecode, as an install does (with ``PYTHONDONTWRITEBYTECODE`` set, every start would
compile bgtrainer's modules again while Textual's come compiled: a handicap no learner has)."""


def heavy_learner(folder: Path) -> None:
    """A heavy learner's progress file in the data folders the app starts on (the terminal's and the browser's)."""
    from heavy_learner import make_heavy_progress

    with cache_folder(folder / "heavy-cache"):
        made = make_heavy_progress(folder / "data")
    (folder / "browser-data").mkdir()
    shutil.copyfile(made, folder / "browser-data" / made.name)
    print(f"A heavy learner's progress file: {made.stat().st_size / 1e6:.1f} MB")


def main(rounds: int = 15, cold_rounds: int = 3, *, heavy: bool = False, browser: bool = True) -> None:
    if shutil.which("tmux") is None:
        sys.exit("tmux is needed: install it (e.g. apt-get install tmux)")
    subprocess.run([sys.executable, "-c", COMPILE], check=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if heavy:
            heavy_learner(folder)
        try:
            terminal = terminal_rounds(folder, rounds, cold_rounds)
        finally:
            subprocess.run([*TMUX, "kill-server"], capture_output=True)
        report("In a terminal (tmux)", terminal)
        if not browser:
            return
        tabs = browser_rounds(folder, max(3, rounds // 3), min(cold_rounds, 2))
        if isinstance(tabs, str):
            print(f"In a browser tab: not timed: {tabs}")
        else:
            report("In a browser tab (bgtrainer serve, Chromium)", tabs)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    rounds = "warm starts timed in the terminal (default 15; the browser times a third of them, at least 3)"
    parser.add_argument("rounds", nargs="?", type=int, default=15, help=rounds)
    parser.add_argument("--cold-rounds", type=int, default=3, help="cold starts timed in the terminal (default 3)")
    parser.add_argument("--heavy", action="store_true", help="start on a heavy learner's progress file")
    parser.add_argument("--no-browser", dest="browser", action="store_false", help="time the terminal only")
    return parser.parse_args()


if __name__ == "__main__":
    given = arguments()
    main(given.rounds, given.cold_rounds, heavy=given.heavy, browser=given.browser)
