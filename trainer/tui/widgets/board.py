"""The board widget: 24 points drawn as triangles in two rows of 12, the bar, the borne-off trays, the dice, the
doubling cube, the score and the pip counts, and in acey-deucey the checkers waiting to enter.

It only displays what it is given (attributes down) and reports clicks and keyboard picks as
:class:`BoardView.PointChosen` messages (messages up). Point 25 is the bar, point 0 the borne-off tray and point 26
(:data:`~trainer.engine.WAITING`) the checkers waiting to enter, in a column of their own right of the tray
(labelled ``in``, as notation writes them: ``in/22``); points are numbered from the learner's side (X, ``●``), who
moves counter-clockwise to the bottom-right home board.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.color import Color
from rich.style import Style
from rich.text import Span, Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from trainer.engine import BAR, OFF, WAITING, Cube, Position, Side
from trainer.i18n import N_
from trainer.tui.widgets.scene import CAPTION_LINES, OUTSIDE, BoardScene, LastMove, TurnCue
from trainer.tui.wording import board as board_words
from trainer.tui.wording.board import DIE_FACES, O_MARK, X_MARK

__all__ = ["DIE_FACES", "O_MARK", "X_MARK", "BoardGeometry", "BoardScene", "BoardView", "LastMove", "TurnCue"]

GHOST = "◌"
"""Where a checker of the last move stood before it moved."""
TARGET_MARK, POINT_MARK = "◇", "◆"
TOP = (13, 14, 15, 16, 17, 18, BAR, 19, 20, 21, 22, 23, 24, OFF)
BOTTOM = (12, 11, 10, 9, 8, 7, BAR, 6, 5, 4, 3, 2, 1, OFF)
WAITING_WIDTH = 3
"""The columns inside the waiting column (as wide as the bar)."""
CUBE_LEVEL = 2
"""The line of its owner's half (0 at the board's edge) where a turned cube sits."""

CENTERED_FACE = "64"
"""What a cube never turned shows, as a real one does: 64 up, the game worth 1."""
EMPTY_BOARD = Position._trusted((0,) * 26, (0,) * 26)
"""What the board draws while it has no position: the points with no checker, nothing borne off."""

Part = Literal["whole", "upper", "lower"]
"""Which part of a checker a line draws: all of it (one line a checker), or the upper or lower line on the screen of
a checker two lines tall (its mark on the lower one)."""


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where everything sits for a board ``point_width`` columns per point and ``rows`` checkers per half, each
    checker ``scale`` lines tall (1, or 2 on a large window), with a column for the checkers waiting to enter right
    of the tray when ``waiting`` (acey-deucey).

    The board proper is ``width`` x ``height`` cells: the point numbers, the frame, ``half`` lines per half (``rows``
    times ``scale``) and the middle line; the widget adds its information lines (pip counts, score, caption) under it.
    """

    point_width: int = 3
    rows: int = 5
    waiting: bool = False
    scale: int = 1

    MIN_POINT_WIDTH: ClassVar[int] = 3
    MAX_POINT_WIDTH: ClassVar[int] = 7
    MIN_ROWS: ClassVar[int] = 5
    MAX_ROWS: ClassVar[int] = 15
    """A whole side's checkers on one point, each one shown."""
    LARGE_MIN_ROWS: ClassVar[int] = 11
    """Checkers two lines tall only where each half still shows this many of them..."""
    LARGE_MIN_POINT_WIDTH: ClassVar[int] = 5
    """...and the points are this wide, so that a checker stays about round."""
    LARGE_MAX_POINT_WIDTH: ClassVar[int] = 9

    @classmethod
    def fit(
        cls, width: int, height: int, info_lines: int = 1 + CAPTION_LINES, *, waiting: bool = False
    ) -> BoardGeometry:
        """The largest board that fits ``width`` x ``height`` cells with ``info_lines`` under it (never smaller than
        the 48 x 15 minimum, 52 wide with the waiting column). Points are an odd number of columns wide, so a checker
        sits in the middle of its point. Where the window is large enough, checkers are two lines tall and the points
        wider.
        """
        extra = WAITING_WIDTH + 1 if waiting else 0

        def point_width(widest: int) -> int:
            fitted = max(cls.MIN_POINT_WIDTH, min(widest, (width - 12 - extra) // 12))
            return fitted - (1 - fitted % 2)

        def rows(scale: int) -> int:
            return max(cls.MIN_ROWS, min(cls.MAX_ROWS, (height - 5 - info_lines) // (2 * scale)))

        large_width, large_rows = point_width(cls.LARGE_MAX_POINT_WIDTH), rows(2)
        if large_rows >= cls.LARGE_MIN_ROWS and large_width >= cls.LARGE_MIN_POINT_WIDTH:
            return cls(large_width, large_rows, waiting, scale=2)
        return cls(point_width(cls.MAX_POINT_WIDTH), rows(1), waiting)

    @property
    def width(self) -> int:
        return 12 + 12 * self.point_width + (WAITING_WIDTH + 1 if self.waiting else 0)

    @property
    def half(self) -> int:
        """The lines of each half's points, from the frame to the middle line."""
        return self.rows * self.scale

    @property
    def height(self) -> int:
        """The lines of the board proper, from the top point numbers to the bottom ones."""
        return 5 + 2 * self.half

    def level_of(self, line: int) -> int:
        """Which checker of a stack (0 at the board's edge) line ``line`` of a half (0 at the edge) draws."""
        return line // self.scale

    def part_of(self, line: int, *, top: bool) -> Part:
        """Which part of its checker line ``line`` of a half draws, as seen on the screen (the bottom half's lines
        count upward from its edge)."""
        if self.scale == 1:
            return "whole"
        return "upper" if (line % self.scale == 0) == top else "lower"

    def at_edge(self, line: int) -> bool:
        """Whether ``line`` of a half is the edge-side line of its checker (where the tray's labels sit)."""
        return line % self.scale == 0

    @property
    def bar_x(self) -> int:
        """The first column inside the bar."""
        return 2 + 6 * self.point_width

    @property
    def right_x(self) -> int:
        """The first column of the right-hand quarter."""
        return 6 + 6 * self.point_width

    @property
    def tray_x(self) -> int:
        """The first column inside the borne-off tray."""
        return 7 + 12 * self.point_width

    @property
    def waiting_x(self) -> int:
        """The first column inside the waiting column (when there is one)."""
        return self.tray_x + 5

    def cell_of(self, point: int) -> tuple[int, int]:
        """A cell inside ``point`` (1-24, 25 bar, 0 tray, 26 the learner's checkers waiting to enter), near the
        board's edge: the inverse of :meth:`point_at`.

        :raises ValueError: for 26 on a board without the waiting column.
        """
        pw = self.point_width
        if point == BAR:
            return self.bar_x + 1, 2 + self.half
        if point == OFF:
            return self.tray_x + 1, 3 + self.half
        if point == WAITING:
            if not self.waiting:
                raise ValueError(board_words.no_waiting_column())
            return self.waiting_x + 1, 2 + 2 * self.half
        if point >= 13:
            y = 2
            x = 1 + (point - 13) * pw if point <= 18 else self.right_x + (point - 19) * pw
        else:
            y = 2 + 2 * self.half
            x = 1 + (12 - point) * pw if point >= 7 else self.right_x + (6 - point) * pw
        return x + pw // 2, y

    def point_at(self, x: int, y: int) -> int | None:
        """The point (1-24, 25 bar, 0 tray, 26 waiting to enter) under cell ``(x, y)``, or ``None``."""
        top = 0 <= y <= 1 + self.half
        bottom = 3 + self.half <= y <= 4 + 2 * self.half
        middle = y == 2 + self.half
        pw = self.point_width
        if self.bar_x <= x < self.bar_x + 3 and (top or bottom or middle):
            return BAR
        if self.tray_x <= x < self.tray_x + 4 and (top or bottom or middle):
            return OFF
        if self.waiting and self.waiting_x <= x < self.waiting_x + WAITING_WIDTH and (top or bottom or middle):
            return WAITING
        if not (top or bottom):
            return None
        if 1 <= x < 1 + 6 * pw:
            index = (x - 1) // pw
            return 13 + index if top else 12 - index
        if self.right_x <= x < self.right_x + 6 * pw:
            index = (x - self.right_x) // pw
            return 19 + index if top else 6 - index
        return None

    def triangle(self, line: int, *, top: bool) -> str:
        """The shape of a point's triangle on line ``line`` of its half (0 at the board's edge) as ``point_width``
        characters: ``█`` a whole cell of the point's colour, ``▌``/``▐`` half of one, a space the board, the tip."""
        return _triangle_shape(self.point_width, self.half, line, top)


@functools.cache
def _triangle_shape(pw: int, half: int, line: int, top: bool) -> str:
    """:meth:`BoardGeometry.triangle` for points ``pw`` cells wide in halves of ``half`` lines (the same few shapes
    are drawn on every frame)."""
    halves = round(2 * pw * (half - line) / half)
    halves = max(2, halves - halves % 2)  # an even number of half cells, so the triangle stays centred
    margin = pw - halves // 2  # half cells left empty on each side
    cells = []
    for cell in range(pw):
        left, right = margin <= 2 * cell < 2 * pw - margin, margin <= 2 * cell + 1 < 2 * pw - margin
        cells.append("█" if left and right else "▌" if left else "▐" if right else " ")
    if line == half - 1 and halves == 2 and pw % 2:
        cells[pw // 2] = "▼" if top else "▲"
    return "".join(cells)


Changes = dict[tuple[Side, int], int]
Cells = Sequence[tuple[str, Style]]
"""Cells of a line of the board, each a character and its style."""


@dataclass(frozen=True, slots=True)
class _Palette:
    """The board's Rich styles for one drawing, read from its component classes (so themes and CSS reach it)."""

    frame: Style
    number: Style
    surface: Style
    points: tuple[Style, Style]
    x: Style
    o: Style
    x_tray: Style
    o_tray: Style
    selected: Style
    target: Style
    cursor: Style
    marked: Style
    last_from: Style
    last_to: Style
    caption: Style
    die: Style
    used_die: Style
    cube: Style
    score: Style

    @classmethod
    def of(cls, board: BoardView) -> _Palette:
        def style(name: str) -> Style:
            return board.get_component_rich_style(f"board--{name}", partial=True)

        return cls(
            frame=style("frame"),
            number=style("number"),
            surface=style("surface"),
            points=(style("point-even"), style("point-odd")),
            x=style("x-checker"),
            o=style("o-checker"),
            x_tray=style("x-tray"),
            o_tray=style("o-tray"),
            selected=style("selected"),
            target=style("target"),
            cursor=style("cursor"),
            marked=style("marked"),
            last_from=style("last-from"),
            last_to=style("last-to"),
            caption=style("caption"),
            die=style("die"),
            used_die=style("used-die"),
            cube=style("cube"),
            score=style("score"),
        )


def _cell(text: str, width: int) -> str:
    return text.center(width)[:width]


CURSOR_KEYS = Binding.Group(N_("Move"), compact=True)
"""The arrow keys that move the cursor, one entry of the footer (``←↑↓→ Move``), its label translated there."""


class BoardView(Widget, can_focus=True):
    """A backgammon board seen from the learner (X, ``●``), moving counter-clockwise to the bottom-right home.

    A screen gives it one value to show, its :attr:`scene` (position, dice, cube, score, highlights, markers,
    labels: see :class:`~trainer.tui.widgets.scene.BoardScene`), and says whether the board takes choices now
    (``choosing``); the keyboard cursor is the board's own. Clicks and keyboard picks come back as
    :class:`BoardView.PointChosen` messages.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--frame",
        "board--number",
        "board--surface",
        "board--point-even",
        "board--point-odd",
        "board--x-checker",
        "board--o-checker",
        "board--x-tray",
        "board--o-tray",
        "board--selected",
        "board--target",
        "board--cursor",
        "board--marked",
        "board--last-from",
        "board--last-to",
        "board--caption",
        "board--die",
        "board--used-die",
        "board--cube",
        "board--score",
    }
    """
    | Class | What it colours |
    | :- | :- |
    | `board--frame` | The frame, the bar and the tray borders. |
    | `board--number` | The point numbers. |
    | `board--surface` | The board between the points. |
    | `board--point-even`, `board--point-odd` | The triangles of the even and the odd points (their `color`). |
    | `board--x-checker`, `board--o-checker` | The learner's (X) and the opponent's (O) checkers: the checker's `background`, the mark's `color`. |
    | `board--x-tray`, `board--o-tray` | The counts of borne-off checkers. |
    | `board--selected` | Added to the checker chosen to move. |
    | `board--target` | Points the chosen checker can reach. |
    | `board--cursor` | The keyboard cursor on a point number. |
    | `board--marked` | Points marked by the screen (a right pick, a play's landing points). |
    | `board--last-from`, `board--last-to` | The last move: where checkers left (a ghost), and the checkers that arrived (their rim). |
    | `board--caption` | The caption under the board. |
    | `board--die`, `board--used-die` | Dice still to play, and dice already played. |
    | `board--cube` | The doubling cube. |
    | `board--score` | The match score line. |
    """  # noqa: E501

    DEFAULT_CSS = """
    BoardView {
        width: 1fr; min-width: 48; height: 1fr; min-height: 18;
        &:focus { background: $boost; }
        & > .board--frame { color: $foreground-muted; }
        & > .board--number { color: $foreground-muted; }
        & > .board--surface { background: #24382c; }
        & > .board--point-even { color: #c9b183; }
        & > .board--point-odd { color: #8e3b2c; }
        & > .board--x-checker { color: #ffffff; background: #1d5fb8; text-style: bold; }
        & > .board--o-checker { color: #000000; background: #f0a020; text-style: bold; }
        & > .board--x-tray { color: #3b8ae6; text-style: bold; }
        & > .board--o-tray { color: #e08a00; text-style: bold; }
        & > .board--selected { text-style: reverse; }
        & > .board--target { color: #000000; background: $success; text-style: bold; }
        & > .board--cursor { color: #000000; background: $warning; text-style: bold; }
        & > .board--marked { color: #000000; background: $accent; text-style: bold; }
        & > .board--last-from { color: #ffffff; text-style: bold; }
        & > .board--last-to { color: #ffffff; text-style: bold; }
        & > .board--caption { text-style: italic; }
        & > .board--die { color: #000000; background: #f4f1e8; text-style: bold; }
        & > .board--used-die { color: #6a6a6a; background: #3a3a3a; }
        & > .board--cube { color: #000000; background: #f4f1e8; text-style: bold; }
        & > .board--score { text-style: bold; }
        &:light > .board--surface { background: #3f6b4f; }
        &:light > .board--used-die { color: #8a8a8a; background: #cfcfcf; }
        /* Without colour (NO_COLOR) the greys must still part the checkers from the points; the marks ● and ○ tell
           the sides apart, and the arrived checkers are underlined. */
        &:nocolor > .board--surface { background: #000000; }
        &:nocolor > .board--point-even { color: #5a5a5a; }
        &:nocolor > .board--point-odd { color: #383838; }
        &:nocolor > .board--x-checker { color: #000000; background: #ffffff; }
        &:nocolor > .board--o-checker { color: #000000; background: #b4b4b4; }
        &:nocolor > .board--last-to { color: #ffffff; text-style: bold underline; }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1, 0)", N_("Move"), key_display="←", group=CURSOR_KEYS),
        Binding("up", "cursor(0, -1)", N_("Move"), key_display="↑", group=CURSOR_KEYS),
        Binding("down", "cursor(0, 1)", N_("Move"), key_display="↓", group=CURSOR_KEYS),
        Binding("right", "cursor(1, 0)", N_("Move"), key_display="→", group=CURSOR_KEYS),
        Binding("enter", "choose", N_("Choose")),
        Binding("space", "choose", N_("Choose"), show=False),
    ]

    class PointChosen(Message):
        """The learner clicked or keyboard-chose a point (1-24, 25 = bar, 0 = tray, 26 = waiting to enter)."""

        def __init__(self, board: BoardView, point: int, *, secondary: bool = False) -> None:
            super().__init__()
            self.board = board
            self.point = point
            self.secondary = secondary

        @property
        def control(self) -> BoardView:
            return self.board

    scene: reactive[BoardScene] = reactive(BoardScene)
    """Everything the board shows (see :class:`~trainer.tui.widgets.scene.BoardScene`)."""
    cursor: reactive[int] = reactive(24)
    cursor_shown: reactive[bool] = reactive(True)
    """Whether the keyboard cursor is shown; while hidden, the first arrow or enter only shows it."""
    choosing: reactive[bool] = reactive(True, bindings=True)
    """Whether the board takes choices now (enter and clicks); when not, enter is left to the screen."""

    _pal: _Palette

    reserved_width = 0
    """Columns of its container the board leaves to its neighbours when its width is ``auto``."""

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """With ``width: auto``, the largest board that fits the container less :attr:`reserved_width`, with a
        column of margin on each side."""
        fitted = BoardGeometry.fit(
            container.width - self.reserved_width - 2, container.height, self.info_lines(), waiting=self.shows_waiting()
        )
        return fitted.width + 2

    def names(self) -> tuple[str, str]:
        """What X and O are called in the pip counts and the score."""
        return self.scene.names or board_words.default_names()

    def info_lines(self) -> int:
        """The lines under the board proper: the pip counts, the score (in a match) and the caption."""
        return self.scene.info_lines

    def shows_waiting(self) -> bool:
        """Whether the board has the column of checkers waiting to enter now."""
        return self.scene.shows_waiting

    def geometry(self) -> BoardGeometry:
        return BoardGeometry.fit(self.size.width, self.size.height, self.info_lines(), waiting=self.shows_waiting())

    def watch_scene(self, old: BoardScene, new: BoardScene) -> None:
        if old.shape() != new.shape():
            self.refresh(layout=True)  # the waiting column or an information line comes or goes: the size changes

    def _offset(self, geometry: BoardGeometry) -> tuple[int, int]:
        return max(0, (self.size.width - geometry.width) // 2), 0

    def offset_of(self, point: int) -> tuple[int, int]:
        """Where to click, relative to the widget, to choose ``point``."""
        geometry = self.geometry()
        left, top = self._offset(geometry)
        x, y = geometry.cell_of(point)
        return x + left, y + top

    # --- input --------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("choose", "cursor"):
            return self.choosing  # when the board only shows, its keys are left to the screen
        return True

    def on_click(self, event: events.Click) -> None:
        if not self.choosing:
            return
        geometry = self.geometry()
        left, top = self._offset(geometry)
        point = geometry.point_at(event.x - left, event.y - top)
        if point is not None:
            self.cursor = point
            self.cursor_shown = True
            self.post_message(self.PointChosen(self, point, secondary=event.button == 3))

    def cursor_rows(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The places the keyboard cursor visits, left to right, in the top and the bottom row."""
        if self.shows_waiting():
            return (*TOP, WAITING), (*BOTTOM, WAITING)
        return TOP, BOTTOM

    def action_cursor(self, dx: int, dy: int) -> None:
        if not self.cursor_shown:
            self.cursor_shown = True
            return
        top, bottom = self.cursor_rows()
        if self.cursor not in top and self.cursor not in bottom:
            self.cursor = OFF  # the waiting column has gone: the cursor comes back to the tray
        row = top if self.cursor in top and (self.cursor not in bottom or dy >= 0) else bottom
        if self.cursor in OUTSIDE:
            row = top if dy < 0 or (dy == 0 and self._cursor_row_top) else bottom
        index = row.index(self.cursor)
        if dy:
            row = top if dy < 0 else bottom
        else:
            index = (index + dx) % len(row)
        self._cursor_row_top = row is top
        self.cursor = row[index]

    _cursor_row_top = False

    def action_choose(self) -> None:
        if not self.cursor_shown:
            self.cursor_shown = True  # the first enter shows where the cursor is; the next one chooses
            return
        self.post_message(self.PointChosen(self, self.cursor))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # --- drawing ------------------------------------------------------------------------------------

    def render(self) -> Text:
        self._pal = _Palette.of(self)
        position = self.scene.position or EMPTY_BOARD
        geometry = self.geometry()
        left, _ = self._offset(geometry)
        text = Text()
        lines = self._board_lines(position, geometry)
        for index, line in enumerate(lines):
            if index:
                text.append("\n")
            text.append(" " * left)
            text.append_text(line)
        for line in self._info(position, max(1, self.size.width - left)):
            text.append("\n")
            text.append(" " * left)
            text.append_text(line)
        return text

    def _board_lines(self, position: Position, g: BoardGeometry) -> list[Text]:
        pw, frame = g.point_width, self._pal.frame
        changes: Changes = self.scene.last_move.changes() if self.scene.last_move else {}
        waiting_top = "┬" + "─" * WAITING_WIDTH if g.waiting else ""
        waiting_bottom = "┴" + "─" * WAITING_WIDTH if g.waiting else ""
        lines = [self._numbers(TOP, g)]
        lines.append(Text("┌" + "─" * 6 * pw + "┬───┬" + "─" * 6 * pw + "┬────" + waiting_top + "┐", frame))
        lines.extend(self._row(position, TOP, line, g, changes) for line in range(g.half))
        lines.append(self._middle(g))
        lines.extend(self._row(position, BOTTOM, line, g, changes) for line in reversed(range(g.half)))
        lines.append(Text("└" + "─" * 6 * pw + "┴───┴" + "─" * 6 * pw + "┴────" + waiting_bottom + "┘", frame))
        lines.append(self._numbers(BOTTOM, g))
        return lines

    def _info(self, position: Position, width: int) -> list[Text]:
        x_pips, o_pips = position.pip_count()
        status = Text()
        names = self.names()
        if self.scene.position is not None and self.scene.pip_counts:  # an empty board has no pips to count
            status.append(f" {X_MARK} ", self._pal.x)
            status.append(f" {board_words.pips(names[0], x_pips)}   ")
            status.append(f" {O_MARK} ", self._pal.o)
            status.append(f" {board_words.pips(names[1], o_pips)}")
        lines = [status]
        if self.scene.match is not None:
            score = board_words.score_line(self.scene.match, names, labels=self.scene.match_labels)
            lines.append(Text(" " + score, self._pal.score))
        caption = Text(self.scene.caption, self._pal.caption).wrap(self.app.console, max(1, width - 1))
        lines.extend(Text(" ").append_text(line) for line in list(caption)[:CAPTION_LINES])
        return lines

    def _numbers(self, row: Iterable[int], g: BoardGeometry) -> Text:
        text = Text(" ")
        cursor = self.cursor if self.cursor_shown and self.choosing and self.has_focus else None
        for point in row:
            if point in (BAR, OFF):
                name = board_words.bar_label() if point == BAR else board_words.off_label()
                label = _cell(name, 5) if cursor == point else "     "
                text.append(label, self._pal.cursor if cursor == point else self._pal.number)
            else:
                style = self._pal.cursor if point == cursor else self._pal.number
                number = point if self.scene.numbered_for is Side.X else 25 - point
                text.append(_cell(str(number), g.point_width), style)
        if g.waiting:
            text.append(" ")
            style = self._pal.cursor if cursor == WAITING else self._pal.number
            text.append(_cell(board_words.waiting_label(), WAITING_WIDTH), style)
        return text

    # --- the points -----------------------------------------------------------------------------------

    def _side_style(self, side: Side) -> Style:
        return self._pal.x if side is Side.X else self._pal.o

    def _triangle(self, point: int, line: int, g: BoardGeometry, top: bool) -> Cells:
        """The cells of ``point``'s triangle on line ``line`` of its half: the point's colour on the board's surface."""
        return _triangle_cells(self._pal.points[point % 2].color, self._pal.surface, g.triangle(line, top=top))

    def _chip(
        self,
        under: Cells,
        mark: str,
        style: Style,
        rim: Style | None = None,
        part: Part = "whole",
    ) -> Cells:
        """A checker (or a marker shaped like one) drawn over the cells ``under``: a disc as wide as the point but
        for half a cell on each side, ``mark`` in its middle, its rim in ``rim``'s colour when given. A mark too
        long for the disc (a stack's count) fills the whole width. A checker two lines tall (``part``) is a line and
        a half: its rounded top in the lower half of the upper line, so that stacked checkers stay apart, and its
        mark on the lower line."""
        width = len(under)
        edge_colour = rim.color if rim is not None else style.bgcolor

        def behind(index: int) -> Color | None:
            return under[index][1].bgcolor or self._pal.surface.bgcolor

        if part == "upper":
            cells = [("▄", Style(color=style.bgcolor, bgcolor=behind(index))) for index in range(width)]
            cells[0] = ("▗", Style(color=edge_colour, bgcolor=behind(0)))
            cells[-1] = ("▖", Style(color=edge_colour, bgcolor=behind(width - 1)))
            return cells
        if len(mark) > width - 2:
            return [(char, style) for char in _cell(mark, width)]
        cells = [(" ", style)] * width
        for index, glyph in ((0, "▐"), (width - 1, "▌")):
            cells[index] = (glyph, Style(color=edge_colour, bgcolor=behind(index)))
        start = (width - len(mark)) // 2
        for offset, char in enumerate(mark):
            cells[start + offset] = (char, style)
        return cells

    def _stack_cell(
        self,
        under: Cells,
        side: Side,
        count: int,
        level: int,
        rows: int,
        *,
        selected: bool,
        arrived: int,
        part: Part = "whole",
    ) -> Cells:
        """Line ``level`` of a stack of ``count`` checkers of ``side``: a checker, or the count on the last line of
        a stack too tall to show; the top one marked when ``selected``, the ``arrived`` top ones rimmed."""
        style = self._side_style(side)
        shown_top = min(count, rows) - 1
        if count > rows and level == rows - 1:
            return self._chip(under, str(count), style + self._pal.selected if selected else style, part=part)
        mark = X_MARK if side is Side.X else O_MARK
        if selected and level == shown_top:
            return self._chip(under, mark, style + self._pal.selected, part=part)
        if arrived and level > shown_top - arrived:
            return self._chip(under, mark, style + self._pal.last_to.without_color, self._pal.last_to, part)
        return self._chip(under, mark, style, part=part)

    def _row(self, position: Position, row: tuple[int, ...], line: int, g: BoardGeometry, changes: Changes) -> Text:
        """Line ``line`` of a half (0 at the board's edge) across the board."""
        top = row is TOP
        frame = self._pal.frame
        cells: list[tuple[str, Style]] = [("│", frame)]
        for point in row:
            if point in (BAR, OFF):
                cells.append(("│", frame))
            if point == BAR:
                cells.extend(self._bar_cell(position, line, g, top, changes))
            elif point == OFF:
                cells.extend(self._tray_cell(position, line, g, top, changes))
            else:
                cells.extend(self._point_cell(position, point, line, g, top, changes))
            if point in (BAR, OFF):
                cells.append(("│", frame))
        if g.waiting:
            cells.extend(self._waiting_cell(position, line, g, top, changes))
            cells.append(("│", frame))
        return _joined(cells)

    def _point_cell(
        self, position: Position, point: int, line: int, g: BoardGeometry, top: bool, changes: Changes
    ) -> Cells:
        under = self._triangle(point, line, g, top)
        level, part = g.level_of(line), g.part_of(line, top=top)
        mine, theirs = position.checkers_at(point)
        side = Side.X if mine else Side.O
        count = mine or theirs
        if level < min(count, g.rows):
            if point in self.scene.marked:
                return self._chip(under, X_MARK if side is Side.X else O_MARK, self._pal.marked, part=part)
            arrived = max(0, changes.get((side, point), 0))
            return self._stack_cell(
                under, side, count, level, g.rows, selected=point == self.scene.selected, arrived=arrived, part=part
            )
        if point in self.scene.targets and level == count:
            return self._chip(under, TARGET_MARK, self._pal.target, part=part)
        if point in self.scene.marked and level == 0:
            return self._chip(under, POINT_MARK, self._pal.marked, part=part)
        left = sum(max(0, -changes.get((mover, point), 0)) for mover in Side)
        if count <= level < count + left and part != "upper":
            cells = list(under)
            middle = g.point_width // 2
            cells[middle] = (GHOST, cells[middle][1] + self._pal.last_from)
            return cells
        return under

    def _bar_cell(self, position: Position, line: int, g: BoardGeometry, top: bool, changes: Changes) -> Cells:
        """Line ``line`` of the bar: O's checkers in the top half, the learner's in the bottom half."""
        count = position.opponent_bar if top else position.player_bar
        if BAR in self.scene.targets and g.level_of(line) == 0 and not top:
            return self._chip([(" ", Style())] * 3, TARGET_MARK, self._pal.target, part=g.part_of(line, top=top))
        return self._column_cell(BAR, count, line, g, top, changes)

    def _waiting_cell(self, position: Position, line: int, g: BoardGeometry, top: bool, changes: Changes) -> Cells:
        """Line ``line`` of the waiting column: O's checkers waiting to enter in the top half, the learner's in the
        bottom half."""
        count = position.opponent_waiting if top else position.player_waiting
        return self._column_cell(WAITING, count, line, g, top, changes)

    def _column_cell(self, place: int, count: int, line: int, g: BoardGeometry, top: bool, changes: Changes) -> Cells:
        """Line ``line`` of a column off the points (the bar, the checkers waiting to enter), as wide as the bar:
        the ``count`` checkers of the half's side stacked from the edge, a ghost where one left."""
        level, part = g.level_of(line), g.part_of(line, top=top)
        side = Side.O if top else Side.X
        under = [(" ", Style())] * 3
        if level < min(count, g.rows):
            arrived = max(0, changes.get((side, place), 0))
            selected = self.scene.selected == place and side is self.scene.on_roll
            return self._stack_cell(under, side, count, level, g.rows, selected=selected, arrived=arrived, part=part)
        if count <= level < count - min(0, changes.get((side, place), 0)) and part != "upper":
            return [(" ", Style()), (GHOST, self._pal.last_from), (" ", Style())]
        return under

    def _tray_cell(self, position: Position, line: int, g: BoardGeometry, top: bool, changes: Changes) -> Cells:
        """Line ``line`` of the tray: the borne-off count at the edge, the cube on its owner's side."""
        level, edge = g.level_of(line), g.at_edge(line)
        side = Side.O if top else Side.X
        off = position.opponent_off if top else position.player_off
        mark, style = (O_MARK, self._pal.o_tray) if top else (X_MARK, self._pal.x_tray)
        cube = self.scene.cube
        if cube is not None and cube.owner is side and level == CUBE_LEVEL and edge:
            return self._cube_cells(cube)
        label = ""
        if level == 0 and edge and OFF in self.scene.targets and side is self.scene.on_roll:
            label, style = (f"{TARGET_MARK}{off}" if off else "off"), self._pal.target
        elif level == 0 and edge and off:
            label = f"{mark}{off}"
            if changes.get((side, OFF), 0) > 0:
                style = style + self._pal.last_to
        return [(char, style) for char in _cell(label, 4)] if label else [(" ", Style())] * 4

    def _cube_cells(self, cube: Cube) -> Cells:
        face = CENTERED_FACE if cube.value == 1 and cube.is_centered else str(cube.value)
        return [(char, self._pal.cube) for char in _cell(face, 4)]

    # --- the middle line: whose turn, the dice, the centered cube ---------------------------------------

    def _middle(self, g: BoardGeometry) -> Text:
        half = 6 * g.point_width
        label = Text()
        cue = board_words.cue(self.scene.cue.value)
        if cue and self.scene.dice:
            mark = X_MARK if self.scene.on_roll is Side.X else O_MARK
            label.append(f" {mark} ", self._side_style(self.scene.on_roll))
            label.append(f" {cue}")
            label.append(f" {self.scene.dice}")
        dice = self._dice()
        left, right = (label, dice) if self.scene.on_roll is Side.X else (dice, label)
        text = Text("│", self._pal.frame)
        for part in (left, right):
            part.truncate(half)
            part.pad_right(half - len(part))
        text.append_text(left)
        text.append(f"│{board_words.bar_label()[:3]:^3}│", self._pal.frame)  # the bar is three cells wide
        text.append_text(right)
        text.append("│", self._pal.frame)
        if self.scene.cube is not None and self.scene.cube.owner is None:
            for char, style in self._cube_cells(self.scene.cube):
                text.append(char, style)
        else:
            text.append(" " * 4)
        text.append("│", self._pal.frame)
        if g.waiting:
            text.append(" " * WAITING_WIDTH)
            text.append("│", self._pal.frame)
        return text

    def _dice(self) -> Text:
        """The dice as faces, in the order to play (a double four times); those played are dimmed."""
        dice = Text(" ")
        used = list(self.scene.used_dice)
        shown = self.scene.dice.moves if self.scene.dice is not None else self.scene.opening_throw or ()
        for die in shown:
            if die in used:
                used.remove(die)
                dice.append(f" {DIE_FACES[die - 1]} ", self._pal.used_die)
            else:
                dice.append(f" {DIE_FACES[die - 1]} ", self._pal.die)
            dice.append(" ")
        return dice


@functools.lru_cache(maxsize=256)
def _triangle_cells(colour: Color | None, surface: Style, shape: str) -> Cells:
    """A triangle's cells of ``shape`` (:meth:`BoardGeometry.triangle`) in ``colour`` on ``surface`` (the same
    styles on every frame: worked out once, and the same objects each time, so that :func:`_joined` finds the runs
    at a glance)."""
    whole, part = surface + Style(bgcolor=colour), surface + Style(color=colour, bold=False)
    return tuple((" ", whole) if cell == "█" else (" ", surface) if cell == " " else (cell, part) for cell in shape)


def _joined(cells: Cells) -> Text:
    """The cells as one text, each run of cells in the same style one span (far fewer spans to draw than one a
    cell, and the same look)."""
    spans: list[Span] = []
    offset = run_start = 0
    run_style: Style | None = None
    for glyph, style in cells:
        if style is not run_style and style != run_style:
            if run_style:
                spans.append(Span(run_start, offset, run_style))
            run_start, run_style = offset, style
        offset += len(glyph)
    if run_style:
        spans.append(Span(run_start, offset, run_style))
    return Text("".join(glyph for glyph, _style in cells), spans=spans)
