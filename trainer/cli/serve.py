"""``bgtrainer serve``: the app in a browser through textual-serve, each tab its own app process on the same data
folder, private by default.

- It listens on 127.0.0.1 unless ``--host`` says otherwise, and prints a URL holding a secret token (random unless
  ``--token``, ``--token-file`` or ``BGTRAINER_TOKEN`` gives one). Every route (the page, its scripts, styles and
  fonts, the websocket, downloads) refuses a request without the token with 403; the first request with it sets a
  cookie named after the port (HttpOnly, SameSite=Strict) so that the page's own requests carry it.
- Only the server's own pages get in: a request whose ``Origin`` is not the host it asked for (another local port's
  page, another site's) is refused, and so is one that a browser says comes from another site without bringing the
  token itself. On a loopback address only an IP literal or ``localhost`` is accepted as the host asked for, so a
  name rebound to this machine (DNS rebinding) gets nothing.
- The page (``serve_page.html``) is textual-serve's, its links relative or to the host it was asked for (any name
  that reaches the server works), its fonts served from here (never an outside host), its words translated.
- A tab's app starts once its page speaks on the websocket (never for a socket gone already), stops when the socket
  closes, and closes the socket when it ends (the tab then says the session ended and offers to start again).
- A request to the websocket that is not one, or a message the page never sends, is refused with one line in the log.
- Ctrl+C stops the server and the app processes it started.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import ipaddress
import json
import logging
import re
import secrets
import shlex
import string
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from aiohttp import WSCloseCode, WSMessage, WSMsgType, web
from rich.logging import RichHandler
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

import trainer.cli.wording as wording
from trainer.i18n import language

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8000
TOKEN_PARAMETER: Final = "token"
TOKEN_COOKIE: Final = "bgtrainer_token"
"""The cookie's name before its port: ``bgtrainer_token_8000`` (cookies ignore ports: one name a server)."""
TOKEN_VARIABLE: Final = "BGTRAINER_TOKEN"
QUIT_GRACE: Final = 10.0
"""Seconds an app has to quit once its tab is gone, before its process is killed."""
LARGEST_TERMINAL: Final = 1000
"""The most columns or rows a page may ask for."""
PAGE: Final = string.Template((Path(__file__).parent / "serve_page.html").read_text(encoding="utf-8"))
HOST_SYNTAX: Final = re.compile(r"(?P<name>[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")
"""A Host header's value, or an origin's after its scheme: a name or an IP literal, and a port if given."""
DEFAULT_PORTS: Final = {"http": 80, "https": 443}
OTHER_SITES: Final = frozenset({"same-site", "cross-site"})
"""``Sec-Fetch-Site`` values of a request made by another site's page (another port of this machine is the same
site, not the same origin)."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
log = logging.getLogger("bgtrainer.serve")


class TokenFileError(Exception):
    """The token file can't give a token (the message says why, worded for the learner)."""


def new_token() -> str:
    """A secret token for a URL: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def given_token(token: str | None, token_file: Path | None, environ: Mapping[str, str]) -> str:
    """The token to serve with: ``--token``, else ``--token-file``'s first line, else ``BGTRAINER_TOKEN``, else a
    new random one.

    :raises TokenFileError: if the file can't be read or holds no token.
    """
    if token:
        return token
    if token_file is not None:
        try:
            lines = token_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise TokenFileError(wording.serve_token_file_unreadable(str(token_file), reason)) from error
        read = lines[0].strip() if lines else ""
        if not read:
            raise TokenFileError(wording.serve_token_file_empty(str(token_file)))
        return read
    return environ.get(TOKEN_VARIABLE, "").strip() or new_token()


def app_command(data_dir: Path | None) -> str:
    """The command each browser tab runs: this Python's bgtrainer, on ``data_dir`` if given."""
    parts = [sys.executable, "-m", "trainer"]
    if data_dir is not None:
        parts += ["--data-dir", str(data_dir)]
    return shlex.join(parts)


# --- whose request it is -------------------------------------------------------------------------------------------


def host_and_port(value: str) -> tuple[str, int | None] | None:
    """A Host header's name (lower case, an IPv6 literal without its brackets) and port if given; ``None`` if it
    is not a host."""
    found = HOST_SYNTAX.fullmatch(value)
    if found is None:
        return None
    port = found.group("port")
    return found.group("name").strip("[]").lower(), int(port) if port is not None else None


def is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def is_loopback(name: str) -> bool:
    """Whether ``name`` (a host or an address to listen on) is this machine alone."""
    name = name.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    return is_ip_literal(name) and ipaddress.ip_address(name).is_loopback


def host_allowed(host: str, listen_host: str) -> bool:
    """Whether a request may ask for ``host`` (its Host header) of a server listening on ``listen_host``: an IP
    literal or localhost always; another name only when the server listens beyond this machine (on a loopback
    address, a name can only reach it rebound by a DNS server, the page that asks being someone else's)."""
    parts = host_and_port(host)
    if parts is None:
        return False
    name = parts[0]
    return is_ip_literal(name) or is_loopback(name) or not is_loopback(listen_host)


def same_origin(origin: str, host: str) -> bool:
    """Whether a request's ``Origin`` is the host it asks for (``Host``): same name and same port."""
    scheme, separator, rest = origin.partition("://")
    asked, given = host_and_port(host), host_and_port(rest)
    if not separator or scheme.lower() not in DEFAULT_PORTS or asked is None or given is None:
        return False
    default = DEFAULT_PORTS[scheme.lower()]
    return asked[0] == given[0] and (asked[1] or default) == (given[1] or default)


# --- what the page says on the websocket ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Keys:
    """Keys typed and mouse moves in the page's terminal, as the terminal's bytes."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The page's terminal, in columns and rows."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page timing its socket: answered with a pong of the same stamp."""

    stamp: str


@dataclass(frozen=True)
class Focus:
    """The page took the focus (``focused``) or lost it."""

    focused: bool


Order = Keys | Resize | Ping | Focus


def terminal_size(width: object, height: object) -> Resize | None:
    """A size a page may ask for: whole numbers of columns and rows, 1 to :data:`LARGEST_TERMINAL`."""
    sizes = (width, height)
    if all(type(size) is int and 1 <= size <= LARGEST_TERMINAL for size in sizes):
        return Resize(width, height)  # type: ignore[arg-type]
    return None


def read_order(message: WSMessage) -> Order | None:
    """What a message from the page asks for; ``None`` if it is not one the page sends."""
    if message.type is not WSMsgType.TEXT:
        return None
    try:
        envelope = json.loads(message.data)
    except ValueError:
        return None
    match envelope:
        case ["stdin", str(text)]:
            return Keys(text)
        case ["resize", {"width": width, "height": height}]:
            return terminal_size(width, height)
        case ["ping", str(stamp)] if len(stamp) <= 64:
            return Ping(stamp)
        case ["focus"] | ["blur"]:
            return Focus(envelope[0] == "focus")
    return None


def closing(message: WSMessage) -> bool:
    """Whether the socket is gone (closed by either side, or broken)."""
    return message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


class AppSession(AppService):
    """One tab's app process: it closes the tab's socket when it ends, however it ends, and is stopped with it."""

    drawn = False
    """Whether the app has written to its terminal yet (until then it is starting, with nothing to save)."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        """The app's process, started without a shell between (its signals reach the app itself)."""
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
        )
        self._stdin = process.stdin
        return process

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop(TOKEN_VARIABLE, None)  # the app has no use for the server's secret
        return environment

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # the page says the session ended, and offers to start again

    async def on_data(self, payload: bytes) -> None:
        self.drawn = True
        with contextlib.suppress(ConnectionError):  # the tab is gone: the output is read on until the app ends
            await super().on_data(payload)

    async def on_meta(self, data: bytes) -> None:
        with contextlib.suppress(ConnectionError):
            await super().on_meta(data)

    async def stop(self) -> None:
        """Ask the app to quit (a starting one is stopped at once) and wait for it; kill it if it takes longer than
        :data:`QUIT_GRACE`."""
        task, process = self._task, self._process
        if task is None or process is None:
            return
        self._task = None
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                if self.drawn:
                    await self.send_meta({"type": "quit"})
                else:
                    process.terminate()
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
        await task


class TokenServer(Server):
    """textual-serve's server, every route behind a secret token and the server's own origin (see the module)."""

    def __init__(self, command: str, *, host: str, port: int, token: str) -> None:
        super().__init__(command, host=host, port=port, title="bgtrainer")
        self.token = token
        self.sockets: set[web.WebSocketResponse] = set()
        """The open websockets, each with its app (closed when the server stops)."""

    @property
    def url(self) -> str:
        """The address to open, with its token."""
        return f"{self.public_url}/?{TOKEN_PARAMETER}={self.token}"

    @property
    def cookie_name(self) -> str:
        """The token's cookie, named after the port: two servers on one machine keep a cookie each."""
        return f"{TOKEN_COOKIE}_{self.port}"

    def _allowed(self, request: web.Request) -> bool:
        given = request.query.get(TOKEN_PARAMETER) or request.cookies.get(self.cookie_name) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())

    def _own(self, request: web.Request) -> bool:
        """Whether the request comes from the server's own page, or from no page at all (see the module)."""
        if not host_allowed(request.host, self.host):
            return False
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, request.host):
            return False
        site = request.headers.get("Sec-Fetch-Site", "").lower()
        return site not in OTHER_SITES or TOKEN_PARAMETER in request.query

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request from another site or without the token; remember the token in a cookie once given in
        the URL."""
        if not self._own(request):
            raise web.HTTPForbidden(text=wording.serve_not_its_page())
        if not self._allowed(request):
            raise web.HTTPForbidden(text=wording.serve_forbidden())
        response = await handler(request)
        if request.query.get(TOKEN_PARAMETER) and not response.prepared:
            response.set_cookie(
                self.cookie_name, self.token, path="/", httponly=True, samesite="Strict", secure=request.secure
            )
        return response

    def initialize_logging(self) -> None:
        """textual-serve's logging, without the access log (a request's URL may hold the token) and without the
        local variables in a traceback."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        for handler in logging.getLogger().handlers:
            if isinstance(handler, RichHandler):
                handler.tracebacks_show_locals = False

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_token)
        return app

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, its links relative or to the host asked for, its words translated."""
        scheme = "wss" if request.secure else "ws"
        socket_origin = f"{scheme}://{request.host}"
        page = PAGE.substitute(
            language="pt-BR" if language() == "pt" else "en",
            title=html.escape(self.title),
            start=html.escape(wording.serve_page_start()),
            session_ended=html.escape(wording.serve_page_session_ended()),
            start_again=html.escape(wording.serve_page_start_again()),
            websocket_url=html.escape(f"{socket_origin}{request.app.router['websocket'].url_for()}"),
            font_size=min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64),
        )
        policy = (
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; font-src 'self'; connect-src 'self' {socket_origin}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'"
        )
        headers = {
            "Content-Security-Policy": policy,
            "X-Frame-Options": "DENY",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
        }
        return web.Response(text=page, content_type="text/html", headers=headers)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The socket a page drives its app through: the app starts once the page speaks, and stops with it."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if not websocket.can_prepare(request):
            log.warning(wording.serve_not_a_websocket())
            raise web.HTTPBadRequest(text=wording.serve_not_a_websocket())
        await websocket.prepare(request)
        self.sockets.add(websocket)
        try:
            first = await websocket.receive()
            if closing(first):
                return websocket  # the page went before it said anything: no app for it
            order = read_order(first)
            if order is None:
                return await self._refuse(websocket)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            size = order if isinstance(order, Resize) else terminal_size(width, height) or Resize(80, 24)

            async def close() -> None:
                await websocket.close()

            session = AppSession(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await session.start(size.width, size.height)
            try:
                await self._relay(websocket, session, order)
            finally:
                await session.stop()
        finally:
            self.sockets.discard(websocket)
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, session: AppSession, order: Order) -> None:
        """Pass the page's orders to its app, the first one given, until the socket closes."""
        while True:
            match order:
                case Keys(text):
                    await session.send_bytes(text.encode("utf-8"))
                case Resize(width, height):
                    await session.set_terminal_size(width, height)
                case Ping(stamp):
                    await websocket.send_json(["pong", stamp])
                case Focus(focused):
                    await (session.focus() if focused else session.blur())
            message = await websocket.receive()
            if closing(message):
                return
            next_order = read_order(message)
            if next_order is None:
                await self._refuse(websocket)
                return
            order = next_order

    async def _refuse(self, websocket: web.WebSocketResponse) -> web.WebSocketResponse:
        """Close a socket that said what the page never says, with one line in the log."""
        log.warning(wording.serve_not_the_page())
        await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA)
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(wording.serve_listening(self.url), highlight=False, markup=False)
        if not is_loopback(self.host):
            self.console.print(wording.serve_open_to_the_network(self.host), highlight=False, markup=False)
        self.console.print(wording.serve_how_to_stop(), highlight=False, markup=False)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's socket: its app stops, and the tab says the session ended."""
        await asyncio.gather(
            *(websocket.close(code=WSCloseCode.GOING_AWAY) for websocket in list(self.sockets)),
            return_exceptions=True,
        )


def serve_command(host: str, port: int, data_dir: Path | None, token: str) -> None:
    """Serve the app until Ctrl+C."""
    server = TokenServer(app_command(data_dir), host=host, port=port, token=token)
    server.serve()
