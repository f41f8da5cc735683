"""``bgtrainer serve``: every route of the served app behind its token (the page, its scripts, the websocket), the
token remembered in a cookie once given, and never written to the log."""

from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from trainer.cli.main import build_parser
from trainer.cli.serve import TOKEN_COOKIE, TokenServer, app_command, new_token

TOKEN = "s3cret-token"


async def client_of(server: TokenServer) -> TestClient:  # type: ignore[type-arg]
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


async def test_every_route_refuses_a_request_without_the_token(tmp_path: Path) -> None:
    server = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    client = await client_of(server)
    try:
        for path in ("/", "/static/js/textual.js", "/download/x", "/?token=wrong"):
            response = await client.get(path)
            assert response.status == 403, path
            assert "token" in await response.text()
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect("/ws")
        assert refused.value.status == 403
    finally:
        await client.close()


async def test_the_token_opens_the_page_and_its_cookie_the_rest(tmp_path: Path) -> None:
    server = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    client = await client_of(server)
    try:
        page = await client.get(f"/?token={TOKEN}")
        assert page.status == 200 and "bgtrainer" in await page.text()
        cookie = page.cookies[TOKEN_COOKIE]
        assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Strict"
        script = await client.get("/static/js/textual.js")  # the client keeps the cookie, as a browser does
        assert script.status == 200
    finally:
        await client.close()


def test_it_listens_on_the_loopback_by_default_with_a_new_random_token(tmp_path: Path) -> None:
    arguments = build_parser().parse_args(["serve", "--data-dir", str(tmp_path)])
    assert (arguments.host, arguments.port, arguments.token) == ("127.0.0.1", 8000, None)
    assert new_token() != new_token() and len(new_token()) >= 40
    command = app_command(tmp_path)
    assert command.startswith(sys.executable) and str(tmp_path) in command
    server = TokenServer(command, host="0.0.0.0", port=8123, token=TOKEN)
    assert server.url == f"http://0.0.0.0:8123/?token={TOKEN}"


def test_the_access_log_never_holds_the_token(tmp_path: Path) -> None:
    server = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    server.initialize_logging()
    assert not logging.getLogger("aiohttp.access").isEnabledFor(logging.INFO)


def wait_for_port(port: int, timeout: float = 60.0) -> None:
    """Wait until something listens on ``port`` of this machine (fail after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            assert time.monotonic() < deadline, f"nothing listens on port {port}"
            time.sleep(0.1)


def start_server(data_dir: Path, token: str = TOKEN) -> tuple[subprocess.Popen[str], int, str]:
    """``bgtrainer serve`` on a free port of this machine, once it listens: the process, the port and what it
    printed up to its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "trainer", "serve", "--port", str(port), "--token", token]
    process = subprocess.Popen(
        [*command, "--data-dir", str(data_dir)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    said = ""
    deadline = time.monotonic() + 60
    while f"?token={token}" not in said:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"the server did not start: {said}")
        said += process.stdout.readline() if process.stdout else ""
    wait_for_port(port)  # the address is printed as the server starts, before it listens
    return process, port, said


def test_the_server_prints_its_tokened_url_answers_only_with_it_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    process, port, said = start_server(tmp_path)
    try:
        assert f"http://127.0.0.1:{port}/?token={TOKEN}" in said
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10)
        assert refused.value.code == 403
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={TOKEN}", timeout=10) as page:
            assert page.status == 200
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        output = process.stdout.read() if process.stdout else ""
    assert output.count(TOKEN) == 0  # the token is printed once, in the URL, and never logged after it
