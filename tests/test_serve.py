"""``bgtrainer serve``: every route of the served app behind its token (the page, its scripts, the websocket), the
token remembered in a cookie once given, and never written to the log; the server's own pages only (no other
port's, no name rebound to this machine), a page that links only to itself whatever host name reached it; a tab's
app started for a live page only, stopped with it, its end shown; what is not the page's refused in one line."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp import ClientWebSocketResponse, WSCloseCode, WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

import trainer.cli.wording as wording
from trainer.cli.main import build_parser, main
from trainer.cli.serve import (
    TOKEN_VARIABLE,
    AppSession,
    TokenFileError,
    TokenServer,
    app_command,
    given_token,
    host_allowed,
    new_token,
    same_origin,
)
from trainer.i18n import language, use_language

TOKEN = "s3cret-token"
STAND_IN = Path(__file__).parent / "data" / "served_stand_in.py"
WAIT = 60.0


async def client_of(server: TokenServer) -> TestClient:  # type: ignore[type-arg]
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


@asynccontextmanager
async def serving(server: TokenServer) -> AsyncIterator[TestClient]:  # type: ignore[type-arg]
    """A client of ``server``, holding its token's cookie as a browser does once the tokened URL was opened."""
    client = await client_of(server)
    try:
        assert (await client.get(f"/?token={TOKEN}")).status == 200
        yield client
    finally:
        await client.close()


def stand_in(folder: Path, mode: str) -> str:
    """The command of a quick stand-in for the app (tests/data/served_stand_in.py) in ``mode``."""
    return shlex.join([sys.executable, str(STAND_IN), str(folder), mode])


async def until(condition: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT:.0f} s for {what}"
        await asyncio.sleep(0.02)


def started(folder: Path) -> list[int]:
    """The process ids of the stand-ins started in ``folder``."""
    return [int(path.stem) for path in folder.glob("*.started")]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def drawn(socket_: ClientWebSocketResponse) -> None:
    """Wait for the stand-in's first line on the socket."""
    message = await socket_.receive(timeout=WAIT)
    assert message.type is WSMsgType.BINARY and message.data == b"stand-in ready", message


async def closed(socket_: ClientWebSocketResponse) -> int | None:
    """Wait for the server to close the socket; its close code."""
    while not socket_.closed:
        message = await socket_.receive(timeout=WAIT)
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING):
            break
    return socket_.close_code


# --- the token -----------------------------------------------------------------------------------------------------


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
        cookie = page.cookies[server.cookie_name]
        assert cookie.value == TOKEN and cookie["httponly"] and cookie["samesite"] == "Strict"
        assert cookie["path"] == "/"
        script = await client.get("/static/js/textual.js")  # the client keeps the cookie, as a browser does
        assert script.status == 200
    finally:
        await client.close()


def test_each_server_names_its_cookie_after_its_port(tmp_path: Path) -> None:
    """Cookies ignore ports: two servers on one machine would overwrite each other's under one name."""
    first, second = (TokenServer(app_command(tmp_path), host="127.0.0.1", port=port, token=TOKEN) for port in (1, 2))
    assert first.cookie_name == "bgtrainer_token_1" and second.cookie_name == "bgtrainer_token_2"


def test_it_listens_on_the_loopback_by_default_with_a_new_random_token(tmp_path: Path) -> None:
    arguments = build_parser().parse_args(["serve", "--data-dir", str(tmp_path)])
    assert (arguments.host, arguments.port, arguments.token, arguments.token_file) == ("127.0.0.1", 8000, None, None)
    assert new_token() != new_token() and len(new_token()) >= 40
    assert len(given_token(None, None, {})) >= 40
    command = app_command(tmp_path)
    assert command.startswith(sys.executable) and str(tmp_path) in command
    server = TokenServer(command, host="0.0.0.0", port=8123, token=TOKEN)
    assert server.url == f"http://0.0.0.0:8123/?token={TOKEN}"


def test_the_token_comes_from_the_option_a_file_or_the_environment(tmp_path: Path) -> None:
    """``--token`` shows in the process list: a file or the environment keep it out of it."""
    token_file = tmp_path / "token"
    token_file.write_text("from-the-file\nignored\n")
    environ = {TOKEN_VARIABLE: "from-the-environment"}
    assert given_token("given", None, environ) == "given"
    assert given_token(None, token_file, environ) == "from-the-file"
    assert given_token(None, None, environ) == "from-the-environment"
    arguments = build_parser().parse_args(["serve", "--token-file", str(token_file)])
    assert arguments.token_file == token_file
    with pytest.raises(SystemExit):  # one or the other
        build_parser().parse_args(["serve", "--token", "a", "--token-file", str(token_file)])


def test_an_unreadable_or_empty_token_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing, empty = tmp_path / "missing", tmp_path / "empty"
    empty.write_text("\n")
    with pytest.raises(TokenFileError):
        given_token(None, missing, {})
    for path in (missing, empty, tmp_path):  # a folder can't be read as a file either
        assert main(["serve", "--token-file", str(path), "--data-dir", str(tmp_path)]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and str(path) in error and error.startswith("bgtrainer: error:"), error


def test_the_apps_never_see_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TOKEN_VARIABLE, TOKEN)

    async def nothing(*_: object) -> None:
        return None

    session = AppSession("true", write_bytes=nothing, write_str=nothing, close=nothing, download_manager=None)  # type: ignore[arg-type]
    environment = session._build_environment(80, 24)
    assert TOKEN_VARIABLE not in environment and TOKEN not in environment.values()


def test_the_access_log_never_holds_the_token(tmp_path: Path) -> None:
    server = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    server.initialize_logging()
    assert not logging.getLogger("aiohttp.access").isEnabledFor(logging.INFO)


# --- the server's own pages only -----------------------------------------------------------------------------------


def test_only_an_ip_literal_or_localhost_reaches_a_loopback_server_and_an_origin_must_be_the_host() -> None:
    for host in ("127.0.0.1:8471", "localhost:8471", "LOCALHOST", "[::1]:8471", "192.0.2.2:8473"):
        assert host_allowed(host, "127.0.0.1"), host
    for host in ("rebound.example:8471", "", "a b", "127.0.0.1:8471/x", "[::1"):
        assert not host_allowed(host, "127.0.0.1"), host
    assert not host_allowed("rebound.example", "localhost")
    assert host_allowed("my-laptop.lan:8473", "0.0.0.0") and host_allowed("my-laptop.lan", "::")
    assert same_origin("http://127.0.0.1:8471", "127.0.0.1:8471")
    assert same_origin("http://LocalHost:8471", "localhost:8471")
    assert same_origin("http://[::1]:8471", "[::1]:8471")
    assert same_origin("http://example.com", "example.com:80") and same_origin("https://example.com", "example.com")
    for origin in ("http://127.0.0.1:9999", "http://localhost:8471", "null", "file://", "http://127.0.0.1"):
        assert not same_origin(origin, "127.0.0.1:8471"), origin


async def test_another_local_ports_page_gets_no_websocket_and_no_page(tmp_path: Path) -> None:
    """Cookies ignore ports: a page served from another local port sends the token's cookie along, but not its own
    origin."""
    server = TokenServer(stand_in(tmp_path, "draw"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", origin="http://127.0.0.1:9999")
        assert refused.value.status == 403
        foreign = await client.get("/", headers={"Origin": "http://127.0.0.1:9999"})
        assert foreign.status == 403 and "own page" in await foreign.text()
        same_site = await client.get("/", headers={"Sec-Fetch-Site": "same-site"})
        assert same_site.status == 403  # another port's page navigating here, with the cookie but no token
        followed = await client.get(f"/?token={TOKEN}", headers={"Sec-Fetch-Site": "cross-site"})
        assert followed.status == 200  # the tokened link, followed from anywhere
        own = await client.ws_connect("/ws", origin=f"http://127.0.0.1:{client.port}")
        await own.close()
    assert started(tmp_path) == []


async def test_a_name_rebound_to_this_machine_gets_nothing_from_a_loopback_server(tmp_path: Path) -> None:
    loopback = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(loopback) as client:
        rebound = await client.get(f"/?token={TOKEN}", headers={"Host": f"rebound.example:{client.port}"})
        assert rebound.status == 403
        named = await client.get(f"/?token={TOKEN}", headers={"Host": f"localhost:{client.port}"})
        assert named.status == 200
    everywhere = TokenServer(app_command(tmp_path), host="0.0.0.0", port=8000, token=TOKEN)
    async with serving(everywhere) as client:
        named = await client.get(f"/?token={TOKEN}", headers={"Host": f"my-laptop.lan:{client.port}"})
        assert named.status == 200


# --- the page ------------------------------------------------------------------------------------------------------

LINK = re.compile(r"""(?:href|src|data-session-websocket-url)="([^"]*)"|url\("([^"]*)"\)""")


@pytest.mark.parametrize(("listen_host", "asked_for"), [("0.0.0.0", "192.0.2.2:8473"), ("127.0.0.1", "localhost:8471")])
async def test_the_page_links_only_to_the_host_asked_for_and_never_outside(
    tmp_path: Path, listen_host: str, asked_for: str
) -> None:
    """Another device reaches a server on 0.0.0.0 by its address, a browser the default one as localhost: the page's
    styles, scripts, fonts and websocket are all found there (its links built from the listen address were not)."""
    server = TokenServer(app_command(tmp_path), host=listen_host, port=8000, token=TOKEN)
    async with serving(server) as client:
        page = await client.get(f"/?token={TOKEN}", headers={"Host": asked_for})
        text = await page.text()
        assert page.status == 200 and listen_host not in text and "googleapis" not in text
        links = {found for pair in LINK.findall(text) for found in pair if found}
        assert f"ws://{asked_for}/ws" in links
        relative = links - {f"ws://{asked_for}/ws"}
        assert relative and all(not re.match(r"[a-z]+:|/", link) for link in relative), relative
        assert "static/fonts/RobotoMono-VariableFont_wght.ttf" in relative  # the fonts are served from here
        for link in relative:
            assert (await client.get(f"/{link}", headers={"Host": asked_for})).status == 200, link
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "font-src 'self'" in policy and "frame-ancestors 'none'" in policy


async def test_the_page_says_when_the_session_ended_and_offers_to_start_again_in_its_language(
    tmp_path: Path,
) -> None:
    server = TokenServer(app_command(tmp_path), host="127.0.0.1", port=8000, token=TOKEN)
    was = language()
    try:
        for chosen in ("en", "pt"):
            use_language(chosen)
            async with serving(server) as client:
                text = await (await client.get(f"/?token={TOKEN}")).text()
            assert wording.serve_page_session_ended() in text and wording.serve_page_start_again() in text
        assert "sessão" in wording.serve_page_session_ended().lower()
    finally:
        use_language(was)


# --- a tab's app ---------------------------------------------------------------------------------------------------


async def test_no_app_starts_for_a_socket_gone_before_its_page_spoke(tmp_path: Path) -> None:
    server = TokenServer(stand_in(tmp_path, "draw"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        gone = await client.ws_connect("/ws")
        await gone.close()
        await until(lambda: not server.sockets, "the server to let the socket go")
        assert started(tmp_path) == []
        live = await client.ws_connect("/ws")
        await live.send_json(["resize", {"width": 100, "height": 30}])
        await drawn(live)
        (pid,) = started(tmp_path)
        await live.close()
        await until(lambda: not server.sockets and not alive(pid), "the app to quit with its socket")


async def test_an_app_takes_its_pages_keys_and_quits_when_its_socket_closes(tmp_path: Path) -> None:
    server = TokenServer(stand_in(tmp_path, "draw"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        page = await client.ws_connect("/ws")
        await page.send_json(["ping", "1"])
        assert (await page.receive_json(timeout=WAIT)) == ["pong", "1"]
        await drawn(page)
        await page.send_json(["stdin", "q"])
        await until(lambda: (tmp_path / "typed").exists(), "the key typed to reach the app")
        await page.close()
        (pid,) = started(tmp_path)
        await until(lambda: (tmp_path / f"{pid}.ended").exists() and not alive(pid), "the app to quit")
        await until(lambda: not server.sockets, "the server to let the socket go")
    assert (tmp_path / "typed").read_bytes() == b"q"


async def test_an_app_still_starting_is_stopped_when_its_tab_goes(tmp_path: Path) -> None:
    """Quick reloads piled up app processes: a tab gone while its app starts takes the app with it."""
    server = TokenServer(stand_in(tmp_path, "stuck"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        page = await client.ws_connect("/ws")
        await page.send_json(["resize", {"width": 80, "height": 24}])
        await until(lambda: started(tmp_path), "the app to start")
        await page.close()
        (pid,) = started(tmp_path)
        await until(lambda: not alive(pid) and not server.sockets, "the starting app to be stopped")


async def test_a_killed_app_ends_its_tabs_session(tmp_path: Path) -> None:
    """The page shows that the session ended (and offers to start again) once its socket closes: a killed app
    closes it, where its tab stayed frozen."""
    server = TokenServer(stand_in(tmp_path, "die"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        page = await client.ws_connect("/ws")
        await page.send_json(["resize", {"width": 80, "height": 24}])
        await drawn(page)
        await closed(page)
        assert page.closed
        await until(lambda: not server.sockets, "the server to let the socket go")


async def test_a_tab_closed_as_its_app_starts_leaves_no_crash_report(tmp_path: Path) -> None:
    """The app asked to quit at once (textual-serve's way, as a tab closes or reloads during start-up): its home
    screen, taken down before it was shown, made it write a crash report."""
    outputs: list[bytes] = []

    async def keep(data: bytes) -> None:
        outputs.append(data)

    async def nothing(*_: object) -> None:
        return None

    service = AppService(
        app_command(tmp_path), write_bytes=keep, write_str=nothing, close=nothing, download_manager=DownloadManager()
    )
    await service.start(80, 24)
    await service.stop()  # quit, before the app has drawn anything
    assert service._process is not None
    assert await service._process.wait() == 0
    assert list(tmp_path.glob("crash-*.txt")) == []


# --- what is not the page's ----------------------------------------------------------------------------------------


def one_line_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    assert all(record.exc_info is None for record in caplog.records), "a traceback was logged"
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]


async def test_a_plain_request_to_the_websocket_is_refused_in_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    server = TokenServer(stand_in(tmp_path, "draw"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        response = await client.get("/ws")
        assert response.status == 400
    assert one_line_warnings(caplog) == [wording.serve_not_a_websocket()]


@pytest.mark.parametrize(
    "garbage",
    [
        "not json",
        '{"width": 80}',
        '["resize", {"width": "x", "height": 24}]',
        '["resize", {"width": 0, "height": 24}]',
        '["stdin", 5]',
        '["launch"]',
        b"\x00\x01",
    ],
)
async def test_garbage_on_the_socket_closes_it_in_one_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, garbage: str | bytes
) -> None:
    caplog.set_level(logging.INFO)
    server = TokenServer(stand_in(tmp_path, "draw"), host="127.0.0.1", port=8000, token=TOKEN)
    async with serving(server) as client:
        page = await client.ws_connect("/ws")
        await (page.send_bytes(garbage) if isinstance(garbage, bytes) else page.send_str(garbage))
        assert await closed(page) == WSCloseCode.UNSUPPORTED_DATA
        assert started(tmp_path) == []  # no app for it
        speaking = await client.ws_connect("/ws")  # and after the page's own words, the same
        await speaking.send_json(["focus"])
        await drawn(speaking)
        await speaking.send_str("not json")
        assert await closed(speaking) == WSCloseCode.UNSUPPORTED_DATA
        (pid,) = started(tmp_path)
        await until(lambda: not alive(pid) and not server.sockets, "its app to stop")
    assert one_line_warnings(caplog) == [wording.serve_not_the_page()] * 2


# --- the server ----------------------------------------------------------------------------------------------------


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
    """``bgtrainer serve`` on a free port of this machine, its token in ``BGTRAINER_TOKEN`` (not in the process
    list), once it listens: the process, the port and what it printed up to its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "trainer", "serve", "--port", str(port), "--data-dir", str(data_dir)]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, TOKEN_VARIABLE: token},
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
