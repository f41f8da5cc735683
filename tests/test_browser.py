"""The served app in a real Chromium, driven by Playwright: the home screen with the token, the first lesson opened
with the keyboard, a task answered with a click on the board; and nothing, not even the websocket, without the token.

Chromium is the system's (``apt-get install chromium``: Playwright's own download is not reachable here); without it
or Playwright the tests are skipped and say why. The page draws the terminal on a canvas, so the screen is read from
the app's output on the websocket (a small reader of its cursor moves and text, :func:`screen_lines`).
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_serve import start_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no system Chromium (apt-get install chromium)")

TOKEN = "browser-test-token"
CSI = re.compile(r"\x1b\[([0-9;?<>=$]*)([A-Za-z@])")
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
WAIT = 60.0


def screen_lines(output: str, columns: int, rows: int) -> list[str]:
    """The terminal's text after ``output`` (the app's bytes, decoded): cursor moves and text, styles ignored."""
    grid = [[" "] * columns for _ in range(rows)]
    row = column = 0
    text = OSC.sub("", output)
    index = 0
    while index < len(text):
        found = CSI.match(text, index)
        if found is not None:
            parameters, command = found.groups()
            index = found.end()
            if command == "H":
                parts = (parameters or "1;1").split(";")
                row = int(parts[0] or 1) - 1
                column = int(parts[1] or 1) - 1 if len(parts) > 1 else 0
            continue
        character = text[index]
        index += 1
        if character == "\r":
            column = 0
        elif character == "\n":
            row += 1
        elif character >= " " and character != "\x7f" and 0 <= row < rows and 0 <= column < columns:
            grid[row][column] = character
            column += 1
    return ["".join(line) for line in grid]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """``bgtrainer serve`` on a free port, its address (without the token)."""
    process, port, _said = start_server(tmp_path, TOKEN)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGINT)  # Ctrl+C: the server and every app it started stop
        code = process.wait(timeout=30)
    assert code == 0
    deadline = time.monotonic() + WAIT
    while any(str(tmp_path) in line for line in running_commands()):
        assert time.monotonic() < deadline, "an app process outlived its server"
        time.sleep(0.2)


def running_commands() -> list[str]:
    """The command lines of the machine's processes."""
    return subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout.splitlines()


class Screen:
    """What the page's terminal shows, read from the websocket."""

    def __init__(self) -> None:
        self.output: list[str] = []
        self.size = (80, 24)

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            self.output.append(payload.decode("utf-8", "replace"))

    def sent(self, payload: str | bytes) -> None:
        found = re.search(r'"resize",\s*\{"width":\s*(\d+),\s*"height":\s*(\d+)', str(payload))
        if found:
            self.size = (int(found.group(1)), int(found.group(2)))

    def lines(self) -> list[str]:
        return screen_lines("".join(self.output), *self.size)

    def text(self) -> str:
        return "\n".join(self.lines())


def wait_for(page: Any, condition: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WAIT:.0f} s for {what}")
        page.wait_for_timeout(200)


def test_the_app_in_chromium_opens_a_lesson_and_takes_a_click_on_the_board(served: str) -> None:
    screen = Screen()
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.on("websocket", lambda socket: (socket.on("framereceived", screen.received),
                                                 socket.on("framesent", screen.sent)))  # fmt: skip
            page.goto(f"{served}/?token={TOKEN}")
            wait_for(page, lambda: "1. The board and its numbering" in screen.text(), "the home screen's lessons")
            page.focus(".xterm-helper-textarea")  # the terminal takes the keys
            page.keyboard.press("Enter")  # the first lesson, highlighted on home
            wait_for(page, lambda: "The game" in screen.text(), "the first lesson")
            page.keyboard.press("Enter")
            wait_for(page, lambda: "24 points in four quarters" in screen.text(), "the lesson's second step")
            page.keyboard.press("Enter")
            wait_for(page, lambda: "Choose your 8-point." in screen.text(), "the task")
            lines = screen.lines()
            labels = next(index for index, line in enumerate(lines) if re.search(r"12\s+11\s+10\s+9\s+8\s+7", line))
            column = re.search(r"12\s+11\s+10\s+9\s+(8)", lines[labels])
            assert column is not None
            box = page.locator(".xterm-screen").bounding_box()
            assert box is not None
            width, height = box["width"] / screen.size[0], box["height"] / screen.size[1]
            x = box["x"] + (column.start(1) + 0.5) * width
            y = box["y"] + (labels - 2 + 0.5) * height  # inside the board, above the point numbers
            page.mouse.click(x, y)
            wait_for(page, lambda: "✓" in screen.text(), "the task answered right")
        finally:
            browser.close()


def test_without_the_token_there_is_no_page_and_no_websocket(served: str) -> None:
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            response = page.goto(f"{served}/")
            assert response is not None and response.status == 403
            assert "token" in page.content() and "xterm" not in page.content()
            socket_url = served.replace("http", "ws") + "/ws"
            opened = page.evaluate(
                """url => new Promise(done => {
                    const socket = new WebSocket(url);
                    socket.onopen = () => done("open");
                    socket.onerror = () => done("refused");
                })""",
                socket_url,
            )
            assert opened == "refused"
        finally:
            browser.close()
