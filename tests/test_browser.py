"""The served app in a real Chromium, driven by Playwright: the home screen with the token, the first lesson opened
with the keyboard, a task answered with a click on the board; nothing, not even the websocket, without the token;
the page loaded through ``localhost`` asks nothing of any other host, and another local port's page gets no
websocket even with the token's cookie.

Chromium is the system's (``apt-get install chromium``: Playwright's own download is not reachable here); without it
or Playwright the tests are skipped and say why. The page draws the terminal on a canvas, so the screen is read from
the app's output on the websocket (:mod:`browser_support`).
"""

from __future__ import annotations

import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Screen
from test_serve import start_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no system Chromium (apt-get install chromium)")

TOKEN = "browser-test-token"
WAIT = 60.0


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


OPEN_SOCKET = """url => new Promise(done => {
    const socket = new WebSocket(url);
    socket.onopen = () => { socket.close(); done("open"); };
    socket.onerror = () => done("refused");
})"""
"""Whether the page may open a websocket to ``url``."""


def test_the_page_through_localhost_asks_only_its_host_and_another_ports_page_gets_no_socket(served: str) -> None:
    port = served.rsplit(":", 1)[1]
    local = f"http://localhost:{port}"
    screen = Screen()
    asked: list[str] = []
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        other_port = probe.getsockname()[1]
    other = f"http://localhost:{other_port}/"
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.on("request", lambda request: asked.append(request.url))
            page.on("websocket", lambda socket: (asked.append(socket.url), socket.on("framereceived", screen.received)))
            page.goto(f"{local}/?token={TOKEN}")
            wait_for(page, lambda: "1. The board and its numbering" in screen.text(), "the home screen via localhost")
            own = (f"{local}/", f"ws://localhost:{port}/")
            assert asked and all(url.startswith(own) for url in asked), asked
            assert page.evaluate(OPEN_SOCKET, f"ws://localhost:{port}/ws") == "open"
            # Another port of this machine: the same site, so the browser sends the token's cookie along.
            page.route(other, lambda route: route.fulfill(status=200, content_type="text/html", body="<p>other</p>"))
            page.goto(other)
            assert page.evaluate(OPEN_SOCKET, f"ws://localhost:{port}/ws") == "refused"
        finally:
            browser.close()
