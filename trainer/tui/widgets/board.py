"""The board widget: 24 points in two rows of 12, the bar, both home boards, borne-off trays, dice and pip counts.

It only displays what it is given (attributes down) and reports clicks and keyboard picks as
:class:`BoardView.PointChosen` messages (messages up). Point 25 is the bar, point 0 the borne-off tray.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from trainer.engine import BAR, OFF, Dice, Position

X_MARK, O_MARK = "●", "○"
TOP = (13, 14, 15, 16, 17, 18, BAR, 19, 20, 21, 22, 23, 24, OFF)
BOTTOM = (12, 11, 10, 9, 8, 7, BAR, 6, 5, 4, 3, 2, 1, OFF)


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where everything sits for a board ``point_width`` columns per point and ``rows`` checkers per half."""

    point_width: int = 3
    rows: int = 5

    @classmethod
    def fit(cls, width: int, height: int) -> BoardGeometry:
        """The largest board that fits ``width`` x ``height`` cells (never smaller than the 48 x 16 minimum)."""
        point_width = max(3, min(5, (width - 12) // 12))
        rows = max(5, min(11, (height - 7) // 2))
        return cls(point_width, rows)

    @property
    def width(self) -> int:
        return 12 + 12 * self.point_width

    @property
    def height(self) -> int:
        return 7 + 2 * self.rows

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

    def cell_of(self, point: int) -> tuple[int, int]:
        """A cell inside ``point`` (1-24, 25 bar, 0 tray), near the board's edge: the inverse of :meth:`point_at`."""
        pw = self.point_width
        if point == BAR:
            return self.bar_x + 1, 2 + self.rows
        if point == OFF:
            return self.tray_x + 1, 3 + self.rows
        if point >= 13:
            y = 2
            x = 1 + (point - 13) * pw if point <= 18 else self.right_x + (point - 19) * pw
        else:
            y = 2 + 2 * self.rows
            x = 1 + (12 - point) * pw if point >= 7 else self.right_x + (6 - point) * pw
        return x + pw // 2, y

    def point_at(self, x: int, y: int) -> int | None:
        """The point (1-24, 25 bar, 0 tray) under cell ``(x, y)``, or ``None``."""
        top = 0 <= y <= 1 + self.rows
        bottom = 3 + self.rows <= y <= 4 + 2 * self.rows
        middle = y == 2 + self.rows
        pw = self.point_width
        if self.bar_x <= x < self.bar_x + 3 and (top or bottom or middle):
            return BAR
        if self.tray_x <= x < self.tray_x + 4 and (top or bottom or middle):
            return OFF
        if not (top or bottom):
            return None
        if 1 <= x < 1 + 6 * pw:
            index = (x - 1) // pw
            return 13 + index if top else 12 - index
        if self.right_x <= x < self.right_x + 6 * pw:
            index = (x - self.right_x) // pw
            return 19 + index if top else 6 - index
        return None


@dataclass(frozen=True, slots=True)
class _Palette:
    """The board's Rich styles for one drawing, read from its component classes (so themes and CSS reach it)."""

    frame: Style
    number: Style
    x: Style
    o: Style
    x_tray: Style
    o_tray: Style
    dots: tuple[Style, Style]
    selected: Style
    target: Style
    cursor: Style
    marked: Style
    caption: Style
    die: Style
    used_die: Style

    @classmethod
    def of(cls, board: BoardView) -> _Palette:
        def style(name: str) -> Style:
            return board.get_component_rich_style(f"board--{name}", partial=True)

        return cls(
            frame=style("frame"),
            number=style("number"),
            x=style("x-checker"),
            o=style("o-checker"),
            x_tray=style("x-tray"),
            o_tray=style("o-tray"),
            dots=(style("dot-even"), style("dot-odd")),
            selected=style("selected"),
            target=style("target"),
            cursor=style("cursor"),
            marked=style("marked"),
            caption=style("caption"),
            die=style("die"),
            used_die=style("used-die"),
        )


def _cell(text: str, width: int) -> str:
    return text.center(width)[:width]


class BoardView(Widget, can_focus=True):
    """A backgammon board seen from the learner (X, ``●``), moving counter-clockwise to the bottom-right home."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--frame",
        "board--number",
        "board--x-checker",
        "board--o-checker",
        "board--x-tray",
        "board--o-tray",
        "board--dot-even",
        "board--dot-odd",
        "board--selected",
        "board--target",
        "board--cursor",
        "board--marked",
        "board--caption",
        "board--die",
        "board--used-die",
    }
    """
    | Class | What it colours |
    | :- | :- |
    | `board--frame` | The frame, the bar and the tray borders. |
    | `board--number` | The point numbers. |
    | `board--x-checker`, `board--o-checker` | The learner's (X) and the opponent's (O) checkers. |
    | `board--x-tray`, `board--o-tray` | The counts of borne-off checkers. |
    | `board--dot-even`, `board--dot-odd` | Empty points, alternating. |
    | `board--selected` | Added to the chosen checker. |
    | `board--target` | Points the chosen checker can reach. |
    | `board--cursor` | The keyboard cursor on a point number. |
    | `board--marked` | Points marked by the screen (a right pick, a play's landing points). |
    | `board--caption` | The caption under the board. |
    | `board--die`, `board--used-die` | Dice still to play, and dice already played. |
    """

    DEFAULT_CSS = """
    BoardView {
        width: 1fr; min-width: 48; height: 1fr; min-height: 17;
        &:focus { background: $boost; }
        & > .board--frame { color: $foreground-muted; }
        & > .board--number { color: $foreground-muted; }
        & > .board--x-checker { color: #ffffff; background: #1d5fb8; text-style: bold; }
        & > .board--o-checker { color: #000000; background: #e08a00; text-style: bold; }
        & > .board--x-tray { color: #3b8ae6; text-style: bold; }
        & > .board--o-tray { color: #e08a00; text-style: bold; }
        & > .board--dot-even { color: $foreground 45%; }
        & > .board--dot-odd { color: $foreground 25%; }
        & > .board--selected { text-style: reverse; }
        & > .board--target { color: #000000; background: $success; text-style: bold; }
        & > .board--cursor { color: #000000; background: $warning; text-style: bold; }
        & > .board--marked { color: #000000; background: $accent; text-style: bold; }
        & > .board--caption { text-style: italic; }
        & > .board--die { text-style: bold; }
        & > .board--used-die { text-style: dim strike; }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("enter,space", "choose", "Choose point", show=False),
    ]

    class PointChosen(Message):
        """The learner clicked or keyboard-chose a point (1-24, 25 = bar, 0 = tray)."""

        def __init__(self, board: BoardView, point: int, *, secondary: bool = False) -> None:
            super().__init__()
            self.board = board
            self.point = point
            self.secondary = secondary

        @property
        def control(self) -> BoardView:
            return self.board

    position: reactive[Position | None] = reactive(None, layout=False)
    dice: reactive[tuple[int, ...]] = reactive(())
    used_dice: reactive[tuple[int, ...]] = reactive(())
    selected: reactive[int | None] = reactive(None)
    targets: reactive[frozenset[int]] = reactive(frozenset())
    marked: reactive[frozenset[int]] = reactive(frozenset())
    cursor: reactive[int] = reactive(24)
    caption: reactive[str] = reactive("")
    turn_label: reactive[str] = reactive("to play")
    doubles_move_four: reactive[bool] = reactive(True)
    """Whether the dice are a roll to play (a double shown four times) rather than two single throws."""

    _pal: _Palette

    def geometry(self) -> BoardGeometry:
        return BoardGeometry.fit(self.size.width, self.size.height)

    def _offset(self, geometry: BoardGeometry) -> tuple[int, int]:
        return max(0, (self.size.width - geometry.width) // 2), 0

    def offset_of(self, point: int) -> tuple[int, int]:
        """Where to click, relative to the widget, to choose ``point``."""
        geometry = self.geometry()
        left, top = self._offset(geometry)
        x, y = geometry.cell_of(point)
        return x + left, y + top

    # --- input --------------------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        geometry = self.geometry()
        left, top = self._offset(geometry)
        point = geometry.point_at(event.x - left, event.y - top)
        if point is not None:
            self.cursor = point
            self.post_message(self.PointChosen(self, point, secondary=event.button == 3))

    def action_cursor(self, dx: int, dy: int) -> None:
        row = TOP if self.cursor in TOP and (self.cursor not in BOTTOM or dy >= 0) else BOTTOM
        if self.cursor in (BAR, OFF):
            row = TOP if dy < 0 or (dy == 0 and self._cursor_row_top) else BOTTOM
        index = row.index(self.cursor)
        if dy:
            row = TOP if dy < 0 else BOTTOM
        else:
            index = (index + dx) % len(row)
        self._cursor_row_top = row is TOP
        self.cursor = row[index]

    _cursor_row_top = False

    def action_choose(self) -> None:
        self.post_message(self.PointChosen(self, self.cursor))

    # --- drawing ------------------------------------------------------------------------------------

    def render(self) -> Text:
        self._pal = _Palette.of(self)
        position = self.position or Position.start()
        geometry = self.geometry()
        left, _ = self._offset(geometry)
        text = Text()
        for index, line in enumerate(self._lines(position, geometry)):
            if index:
                text.append("\n")
            text.append(" " * left)
            text.append_text(line)
        return text

    def _lines(self, position: Position, g: BoardGeometry) -> list[Text]:
        pw = g.point_width
        lines: list[Text] = []
        lines.append(self._numbers(TOP, g))
        lines.append(Text("┌" + "─" * 6 * pw + "┬───┬" + "─" * 6 * pw + "┬────┐", self._pal.frame))
        for level in range(g.rows):
            lines.append(self._row(position, TOP, level, g))
        lines.append(self._middle(g))
        for level in reversed(range(g.rows)):
            lines.append(self._row(position, BOTTOM, level, g))
        lines.append(Text("└" + "─" * 6 * pw + "┴───┴" + "─" * 6 * pw + "┴────┘", self._pal.frame))
        lines.append(self._numbers(BOTTOM, g))
        x_pips, o_pips = position.pip_count()
        status = Text()
        status.append(f" {X_MARK} ", self._pal.x)
        status.append(f" You: {x_pips} pips   ")
        status.append(f" {O_MARK} ", self._pal.o)
        status.append(f" O: {o_pips} pips")
        lines.append(status)
        lines.append(Text(" " + self.caption, self._pal.caption))
        return lines

    def _numbers(self, row: Iterable[int], g: BoardGeometry) -> Text:
        text = Text(" ")
        for point in row:
            if point == BAR:
                on_bar = self.cursor == BAR
                text.append(" BAR " if on_bar else "     ", self._pal.cursor if on_bar else self._pal.number)
                continue
            if point == OFF:
                label = "OFF " if self.cursor == OFF else "    "
                text.append(" " + label, self._pal.cursor if self.cursor == OFF else self._pal.number)
                continue
            style = self._pal.cursor if point == self.cursor else self._pal.number
            text.append(_cell(str(point), g.point_width), style)
        return text

    def _checker(self, count: int, mark: str, level: int, rows: int) -> tuple[str, bool]:
        """What one cell of a stack shows: the mark, the stack's count in its last cell when too tall, or empty."""
        if count > rows and level == rows - 1:
            return str(count), True
        return (mark, True) if level < count else ("", False)

    def _row(self, position: Position, row: tuple[int, ...], level: int, g: BoardGeometry) -> Text:
        pw = g.point_width
        text = Text("│", self._pal.frame)
        for point in row:
            if point == BAR:
                text.append("│", self._pal.frame)
                mine = position.player_bar if row is BOTTOM else 0
                theirs = position.opponent_bar if row is TOP else 0
                count, mark, style = (mine, X_MARK, self._pal.x) if mine else (theirs, O_MARK, self._pal.o)
                shown, filled = self._checker(count, mark, level, g.rows)
                cell_style = style if filled else self._pal.frame
                if point == self.selected and filled:
                    cell_style = cell_style + self._pal.selected
                if BAR in self.targets and level == 0:
                    shown, cell_style = shown or "◇", self._pal.target
                text.append(_cell(shown, 3), cell_style)
                text.append("│", self._pal.frame)
                continue
            if point == OFF:
                text.append("│", self._pal.frame)
                off = position.opponent_off if row is TOP else position.player_off
                mark, style = (O_MARK, self._pal.o_tray) if row is TOP else (X_MARK, self._pal.x_tray)
                if level == 0 and OFF in self.targets and row is BOTTOM:
                    text.append(_cell(f"◇{off}" if off else "off", 4), self._pal.target)
                elif level == 0 and off:
                    text.append(_cell(f"{mark}{off}", 4), style)
                else:
                    text.append(" " * 4)
                text.append("│", self._pal.frame)
                continue
            mine, theirs = position.checkers_at(point)
            count, mark, style = (mine, X_MARK, self._pal.x) if mine else (theirs, O_MARK, self._pal.o)
            shown, filled = self._checker(count, mark, level, g.rows)
            if filled:
                cell_style = style + self._pal.selected if point == self.selected else style
                if point in self.marked:
                    cell_style = self._pal.marked
                text.append(_cell(shown, pw), cell_style)
            elif point in self.targets and level == count:
                text.append(_cell("◇", pw), self._pal.target)
            elif point in self.marked and level == 0:
                text.append(_cell("◆", pw), self._pal.marked)
            else:
                text.append(_cell("·", pw), self._pal.dots[point % 2])
        return text

    def _middle(self, g: BoardGeometry) -> Text:
        pw = g.point_width
        text = Text("│", self._pal.frame)
        turn = Text()
        if self.turn_label and self.dice:
            turn.append(f" {X_MARK} ", self._pal.x)
            turn.append(f" {self.turn_label}")
        turn.truncate(6 * pw)
        turn.pad_right(6 * pw - len(turn))
        text.append_text(turn)
        text.append("│BAR│", self._pal.frame)
        dice = Text()
        used = list(self.used_dice)
        as_roll = self.doubles_move_four and len(self.dice) == 2
        shown = list(Dice.of(self.dice).moves) if as_roll else list(self.dice)
        for die in shown:
            if die in used:
                used.remove(die)
                dice.append(f" {die} ", self._pal.used_die)
            else:
                dice.append(f"[{die}]", self._pal.die)
            dice.append(" ")
        width = 6 * pw
        dice.truncate(width)
        dice.pad_right(width - len(dice))
        text.append_text(dice)
        text.append("│    │", self._pal.frame)
        return text
