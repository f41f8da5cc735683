"""The progress of a long ``bgtrainer puzzles generate`` on standard error (a thousand best-play puzzles take most of
a day): on a terminal, one line redrawn as each puzzle is found, with a bar and the time left estimated from the
rate so far; elsewhere (a log), a line each time another :data:`LINE_EVERY` are found, so short runs say nothing."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from trainer.cli import wording

BAR_WIDTH = 10
LINE_EVERY = 100
"""When standard error is not a terminal: a line each time this many more puzzles are found."""


class MiningProgress:
    """Told how many puzzles are kept so far (:data:`trainer.content.generate.Found`), shows it; used as a context
    around the mining, which ends the terminal's line whatever happens and says what a Ctrl+C stopped."""

    def __init__(
        self,
        kind: str,
        count: int,
        *,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.kind = kind
        self.count = count
        self.stream = stream if stream is not None else sys.stderr
        self.terminal = self.stream.isatty()
        self.clock = clock
        self.started = clock()
        self.kept = 0
        self.resumed = 0
        """Puzzles already in when the first count came (a run resumed from its checkpoint): the rate leaves them
        out."""
        self._next_line = LINE_EVERY
        self._drawn = 0
        """The width of the line last drawn on the terminal (0: none is open)."""

    def __call__(self, kept: int) -> None:
        kept = min(kept, self.count)  # the themes' shares, rounded up, may hold a few more than asked for
        if kept == self.kept:
            return
        self.kept = kept
        if self.terminal:
            self._draw()
        elif kept >= self._next_line:
            self._next_line = (kept // LINE_EVERY + 1) * LINE_EVERY
            self.stream.write(self.text() + "\n")
            self.stream.flush()

    def resume(self, kept: int) -> None:
        """Start from ``kept`` puzzles a checkpoint already held (the rate leaves them out)."""
        self.resumed = min(kept, self.count)
        self(kept)

    def seconds_left(self) -> float | None:
        """The time the rest should take at the rate so far (``None`` before the first puzzle)."""
        if self.kept <= self.resumed:
            return None
        elapsed = self.clock() - self.started
        return elapsed * max(0, self.count - self.kept) / (self.kept - self.resumed)

    def text(self) -> str:
        """The progress in words: how many of how many, and the time left."""
        return wording.mining_progress(self.kind, self.kept, self.count, wording.time_left(self.seconds_left()))

    def _draw(self) -> None:
        filled = BAR_WIDTH * min(self.kept, self.count) // max(self.count, 1)
        line = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {self.text()}"
        line = line[: max(1, self._columns() - 1)]  # a wrapped line could not be redrawn
        self.stream.write("\r" + line.ljust(self._drawn))
        self.stream.flush()
        self._drawn = len(line)

    def _columns(self) -> int:
        """The terminal's width (80 if it can't be told)."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns or 80
        except (OSError, ValueError):
            return 80

    def __enter__(self) -> MiningProgress:
        if self.terminal:
            self._draw()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self._drawn:
            self.stream.write("\n")
            self._drawn = 0
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.stream.write(wording.notice_line(wording.mining_stopped(self.kept, self.count)) + "\n")
        self.stream.flush()
