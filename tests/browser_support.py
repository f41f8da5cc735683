"""Reading what a served app's page shows: its terminal is drawn on a canvas, so the screen is read from the app's
output on the websocket (a small reader of its cursor moves and text). For tests/test_browser.py and
benchmarks/startup.py."""

from __future__ import annotations

import re

CSI = re.compile(r"\x1b\[([0-9;?<>=$]*)([A-Za-z@])")
OSC = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


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
