"""``bgtrainer serve``: the app in a browser through textual-serve, each tab its own app process on the same data
folder, private by default.

- It listens on 127.0.0.1 unless ``--host`` says otherwise, and prints a URL holding a secret token (random unless
  ``--token`` gives one). Every route (the page, its scripts and styles, the websocket, downloads) refuses a request
  without the token with 403; the first request with it sets a cookie (HttpOnly, SameSite=Strict) so that the
  page's own requests carry it.
- Ctrl+C stops the server and the app processes it started.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Final

from aiohttp import web
from textual_serve.server import Server

import trainer.cli.wording as wording

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8000
TOKEN_PARAMETER: Final = "token"
TOKEN_COOKIE: Final = "bgtrainer_token"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_token() -> str:
    """A secret token for a URL: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def app_command(data_dir: Path | None) -> str:
    """The command each browser tab runs: this Python's bgtrainer, on ``data_dir`` if given."""
    parts = [sys.executable, "-m", "trainer"]
    if data_dir is not None:
        parts += ["--data-dir", str(data_dir)]
    return shlex.join(parts)


class TokenServer(Server):
    """textual-serve's server, every route behind a secret token (see the module)."""

    def __init__(self, command: str, *, host: str, port: int, token: str) -> None:
        super().__init__(command, host=host, port=port, title="bgtrainer")
        self.token = token

    @property
    def url(self) -> str:
        """The address to open, with its token."""
        return f"{self.public_url}/?{TOKEN_PARAMETER}={self.token}"

    def _allowed(self, request: web.Request) -> bool:
        given = request.query.get(TOKEN_PARAMETER) or request.cookies.get(TOKEN_COOKIE) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request without the token; remember it in a cookie once given in the URL."""
        if not self._allowed(request):
            raise web.HTTPForbidden(text=wording.serve_forbidden())
        response = await handler(request)
        if request.query.get(TOKEN_PARAMETER) and not response.prepared:
            response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="Strict")
        return response

    def initialize_logging(self) -> None:
        """textual-serve's logging, without the access log (a request's URL may hold the token)."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_token)
        return app

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(wording.serve_listening(self.url), highlight=False, markup=False)
        if self.host not in ("127.0.0.1", "localhost", "::1"):
            self.console.print(wording.serve_open_to_the_network(self.host), highlight=False, markup=False)
        self.console.print(wording.serve_how_to_stop(), highlight=False, markup=False)


def serve_command(host: str, port: int, data_dir: Path | None, token: str | None) -> None:
    """Serve the app until Ctrl+C."""
    server = TokenServer(app_command(data_dir), host=host, port=port, token=token or new_token())
    server.serve()
