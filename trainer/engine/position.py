"""Immutable backgammon positions, always seen from the player on roll.

Each side numbers its own points 1 to 24, moving from 24 towards 1 and bearing off below 1; point ``p`` of one
side is point ``25 - p`` of the other. A side is stored as a tuple of 26 counts: index 0 holds the checkers
borne off, indexes 1 to 24 the points, index 25 the bar.

In acey-deucey checkers also wait beside the board to enter (all 15 a side at the start); each side's waiting
count is kept apart from its 26 counts (:attr:`Position.player_waiting`), and the slot number :data:`WAITING`
(26) names them in moves and in :class:`~trainer.engine.turn.Turn`. With nothing waiting a position is a
standard backgammon position.

In texts and diagrams the player on roll is ``X`` and the opponent ``O``.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping, Sequence
from typing import Final, Literal

from trainer.engine import wording
from trainer.engine.errors import InvalidPositionError

CHECKERS: Final = 15
OFF: Final = 0
BAR: Final = 25
WAITING: Final = 26
"""The slot of checkers waiting to enter (acey-deucey): a move from it enters like a move from the bar (25)."""
HOME_POINTS: Final = range(1, 7)

_START_LAYOUT: Final = {24: 2, 13: 5, 8: 3, 6: 5}


def _side_from_points(points: Mapping[int, int], bar: int = 0, waiting: int = 0) -> tuple[int, ...]:
    counts = [0] * 26
    for point, count in points.items():
        counts[point] += count
    counts[BAR] += bar
    counts[OFF] = CHECKERS - sum(counts[1:]) - waiting
    return tuple(counts)


class Position:
    """A backgammon position seen from the player on roll.

    ``player`` and ``opponent`` are 26-tuples in each side's own numbering (0 = borne off, 1-24 = points,
    25 = bar). ``player_waiting`` and ``opponent_waiting`` count the checkers waiting to enter (acey-deucey);
    borne off = 15 - board - bar - waiting. Build positions with :meth:`start`, :meth:`acey_deucey_start`,
    :meth:`from_position_id`, :meth:`from_xgid`, :meth:`from_text` or :meth:`from_points`; every method returns
    a new position.

    :raises InvalidPositionError: if the counts describe no legal board.
    """

    __slots__ = ("_hash", "_opponent", "_opponent_waiting", "_player", "_player_waiting")

    _player: tuple[int, ...]
    _opponent: tuple[int, ...]
    _player_waiting: int
    _opponent_waiting: int
    _hash: int | None

    def __init__(
        self, player: Sequence[int], opponent: Sequence[int], *, player_waiting: int = 0, opponent_waiting: int = 0
    ) -> None:
        self._player = tuple(player)
        self._opponent = tuple(opponent)
        self._player_waiting = player_waiting
        self._opponent_waiting = opponent_waiting
        self._hash = None
        self._validate()

    @classmethod
    def _trusted(
        cls, player: tuple[int, ...], opponent: tuple[int, ...], player_waiting: int = 0, opponent_waiting: int = 0
    ) -> Position:
        """Build a position from counts known to be valid, skipping validation (used by move generation)."""
        position = cls.__new__(cls)
        position._player = player
        position._opponent = opponent
        position._player_waiting = player_waiting
        position._opponent_waiting = opponent_waiting
        position._hash = None
        return position

    @property
    def player(self) -> tuple[int, ...]:
        """The side on roll: borne off, points 1-24, bar (26 counts, its own numbering)."""
        return self._player

    @property
    def opponent(self) -> tuple[int, ...]:
        """The side not on roll: borne off, points 1-24, bar (26 counts, its own numbering)."""
        return self._opponent

    def _validate(self) -> None:
        """Raise :class:`InvalidPositionError` naming what is wrong, if anything (a quick look first, since nearly
        every position built is valid, then the careful one that finds the first fault)."""
        player, opponent = self._player, self._opponent
        if (
            _well_formed(player, self._player_waiting)
            and _well_formed(opponent, self._opponent_waiting)
            and not any(player[point] and opponent[25 - point] for point in range(1, 25))
            and not (player[OFF] == CHECKERS and opponent[OFF] == CHECKERS)
        ):
            return
        self._find_fault()

    def _find_fault(self) -> None:
        sides = (("X", self.player, self._player_waiting), ("O", self.opponent, self._opponent_waiting))
        for name, side, waiting in sides:
            if not isinstance(waiting, int) or isinstance(waiting, bool):
                raise InvalidPositionError(wording.waiting_not_whole(name, waiting))
            if waiting < 0:
                raise InvalidPositionError(wording.negative_waiting(name, waiting))
            if len(side) != 26:
                raise InvalidPositionError(wording.side_needs_26_counts(name, len(side)))
            for index, count in enumerate(side):
                if not isinstance(count, int) or isinstance(count, bool):
                    raise InvalidPositionError(wording.count_not_whole(name, index, count))
                if count < 0 and index == BAR:
                    raise InvalidPositionError(wording.negative_on_bar(name, count))
                if count < 0 and index != OFF:
                    raise InvalidPositionError(wording.negative_on_point(name, count, index))
            on_board = sum(side[1:])
            if on_board + waiting > CHECKERS:
                raise InvalidPositionError(wording.too_many_in_play(name, on_board, waiting, CHECKERS))
            if side[OFF] < 0:
                raise InvalidPositionError(wording.negative_borne_off(name, side[OFF]))
            if on_board + waiting + side[OFF] != CHECKERS:
                raise InvalidPositionError(wording.counts_do_not_add_up(name, on_board, waiting, side[OFF], CHECKERS))
        for point in range(1, 25):
            mine, theirs = self.player[point], self.opponent[25 - point]
            if mine and theirs:
                raise InvalidPositionError(wording.both_sides_on_point(point, mine, theirs))
        if self.player[OFF] == CHECKERS and self.opponent[OFF] == CHECKERS:
            raise InvalidPositionError(wording.both_borne_off())

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def start(cls) -> Position:
        """The starting position: 2 checkers on the 24-point, 5 on the 13, 3 on the 8 and 5 on the 6."""
        side = _side_from_points(_START_LAYOUT)
        return cls(side, side)

    @classmethod
    def acey_deucey_start(cls) -> Position:
        """The acey-deucey start: all 15 checkers of each side waiting to enter, the board empty."""
        return cls.from_points({}, {}, player_waiting=CHECKERS, opponent_waiting=CHECKERS)

    @classmethod
    def from_points(
        cls,
        player: Mapping[int, int],
        opponent: Mapping[int, int],
        *,
        player_bar: int = 0,
        opponent_bar: int = 0,
        player_waiting: int = 0,
        opponent_waiting: int = 0,
    ) -> Position:
        """Build a position from ``{point: count}`` maps, each side in its own numbering.

        Checkers not placed on a point, on the bar or waiting to enter are borne off.

        :raises InvalidPositionError: for points outside 1-24 or counts that describe no legal board.
        """
        for name, points in (("X", player), ("O", opponent)):
            for point in points:
                if not isinstance(point, int) or not 1 <= point <= 24:
                    raise InvalidPositionError(wording.point_out_of_range(name, point))
        return cls(
            _side_from_points(player, player_bar, player_waiting),
            _side_from_points(opponent, opponent_bar, opponent_waiting),
            player_waiting=player_waiting,
            opponent_waiting=opponent_waiting,
        )

    # --- value semantics ----------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self._player == other._player
            and self._opponent == other._opponent
            and self._player_waiting == other._player_waiting
            and self._opponent_waiting == other._opponent_waiting
        )

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._player, self._opponent, self._player_waiting, self._opponent_waiting))
        return self._hash

    def __repr__(self) -> str:
        if self.has_waiting():
            return f"Position.from_text({self.text()!r})"
        return f"Position.from_position_id({self.position_id()!r})"

    def __str__(self) -> str:
        return self.diagram()

    # --- derived facts ------------------------------------------------------------------------------

    def swap(self) -> Position:
        """The same board with the other side on roll."""
        return Position._trusted(self.opponent, self.player, self._opponent_waiting, self._player_waiting)

    @property
    def player_off(self) -> int:
        """Checkers the player on roll has borne off."""
        return self.player[OFF]

    @property
    def opponent_off(self) -> int:
        """Checkers the opponent has borne off."""
        return self.opponent[OFF]

    @property
    def player_bar(self) -> int:
        """Checkers of the player on roll waiting on the bar."""
        return self.player[BAR]

    @property
    def opponent_bar(self) -> int:
        """Checkers of the opponent waiting on the bar."""
        return self.opponent[BAR]

    @property
    def player_waiting(self) -> int:
        """Checkers of the player on roll still waiting to enter (acey-deucey)."""
        return self._player_waiting

    @property
    def opponent_waiting(self) -> int:
        """Checkers of the opponent still waiting to enter (acey-deucey)."""
        return self._opponent_waiting

    def has_waiting(self) -> bool:
        """Whether either side has checkers waiting to enter (then no Position ID or XGID can hold the position)."""
        return bool(self._player_waiting or self._opponent_waiting)

    def pip_count(self) -> tuple[int, int]:
        """Pips each side still has to travel: ``(player, opponent)``; a checker on the bar or waiting to enter
        counts 25."""
        return (
            sum(point * count for point, count in enumerate(self.player)) + BAR * self._player_waiting,
            sum(point * count for point, count in enumerate(self.opponent)) + BAR * self._opponent_waiting,
        )

    def all_home(self, *, opponent: bool = False) -> bool:
        """Whether every checker of the player on roll (or of the opponent) is in its home board or off."""
        side, waiting = (self.opponent, self._opponent_waiting) if opponent else (self.player, self._player_waiting)
        return not waiting and not any(side[7:])

    def is_race(self) -> bool:
        """Whether contact is over: every checker of the player on roll has passed every opposing checker."""
        my_back = max((p for p in range(25, 0, -1) if self.player[p]), default=0)
        their_back = max((p for p in range(25, 0, -1) if self.opponent[p]), default=0)
        if self.has_waiting():  # a checker waiting to enter is as far back as one on the bar
            my_back = BAR if self._player_waiting else my_back
            their_back = BAR if self._opponent_waiting else their_back
        # The opponent's checker on its point q stands on my point 25 - q.
        return my_back == 0 or their_back == 0 or my_back < 25 - their_back

    def is_game_over(self) -> bool:
        """Whether one side has borne off all its checkers."""
        return self.player[OFF] == CHECKERS or self.opponent[OFF] == CHECKERS

    def checkers_at(self, point: int) -> tuple[int, int]:
        """Checkers on ``point`` (X's numbering, 1-24) as ``(x_count, o_count)``."""
        return self.player[point], self.opponent[25 - point]

    # --- GNU Backgammon Position ID -----------------------------------------------------------------

    def position_id(self) -> str:
        """The 14-character GNU Backgammon Position ID (the side not on roll is encoded first).

        :raises InvalidPositionError: if checkers wait to enter (acey-deucey): a Position ID cannot hold them.
        """
        self.refuse_waiting("position_id")
        key = 0
        bit = 0
        for side in (self.opponent, self.player):
            for slot in range(1, 26):
                count = side[slot]
                key |= ((1 << count) - 1) << bit
                bit += count + 1
        return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]

    @classmethod
    def from_position_id(cls, position_id: str) -> Position:
        """Read a GNU Backgammon Position ID.

        :raises InvalidPositionError: if the text is not a Position ID or describes no legal board.
        """
        text = position_id.strip()
        if text.lower().startswith("gnubgid"):
            text = text[7:].lstrip(" :")
        text = text.split(":", 1)[0].strip()  # a Match ID may follow after a colon
        if not re.fullmatch(r"[A-Za-z0-9+/]{14}", text):
            raise InvalidPositionError(wording.not_a_position_id(position_id))
        try:
            raw = base64.b64decode(text + "==", validate=True)
        except (binascii.Error, ValueError) as error:  # pragma: no cover - the pattern above rules this out
            raise InvalidPositionError(wording.not_a_position_id(position_id, str(error))) from None
        key = int.from_bytes(raw[:10], "little")
        sides: list[list[int]] = []
        bit = 0
        for _ in range(2):
            counts = [0] * 26
            for slot in range(1, 26):
                count = 0
                while bit < 80 and key >> bit & 1:
                    count += 1
                    bit += 1
                if bit >= 80:
                    raise InvalidPositionError(wording.position_id_out_of_bits(position_id))
                bit += 1
                counts[slot] = count
            total = sum(counts)
            if total > CHECKERS:
                name = "O" if not sides else "X"
                raise InvalidPositionError(wording.position_id_too_many_checkers(position_id, name, total, CHECKERS))
            counts[OFF] = CHECKERS - total
            sides.append(counts)
        if key >> bit or base64.b64encode(raw[:10]).decode("ascii")[:14] != text:
            raise InvalidPositionError(wording.position_id_stray_bits(position_id))
        opponent, player = sides
        try:
            return cls(player, opponent)
        except InvalidPositionError as error:
            raise InvalidPositionError(wording.in_position_id(position_id, str(error))) from None

    def refuse_waiting(self, form: Literal["position_id", "xgid"]) -> None:
        """Refuse to write the position as a Position ID or an XGID (``form``), which cannot hold waiting checkers.

        :raises InvalidPositionError: if checkers wait to enter, naming ``form`` and the position.
        """
        if self.has_waiting():
            raise InvalidPositionError(wording.cannot_hold_waiting(form, self.text()))

    def identifier(self) -> str:
        """The Position ID, or the text form when checkers wait to enter (no Position ID can hold them): how
        messages name a position."""
        return self.text() if self.has_waiting() else self.position_id()

    # --- readable text form -------------------------------------------------------------------------

    def text(self) -> str:
        """The readable form, every point in X's numbering, e.g. ``X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2``.

        ``X`` is the player on roll. ``bar`` stands for the bar and ``wait`` for checkers waiting to enter
        (acey-deucey: ``X: waitx13 24 23 / O: waitx15``); checkers not listed are borne off.
        """
        parts = []
        sides = (("X", self.player, False, self._player_waiting), ("O", self.opponent, True, self._opponent_waiting))
        for name, side, flip, waiting in sides:
            tokens = []
            if waiting:
                tokens.append(_token("wait", waiting))
            if side[BAR]:
                tokens.append(_token("bar", side[BAR]))
            for point in range(24, 0, -1):
                count = side[25 - point] if flip else side[point]
                if count:
                    tokens.append(_token(str(point), count))
            parts.append(f"{name}: " + (" ".join(tokens) if tokens else "-"))
        return " / ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read the readable form written by :meth:`text` (any order of tokens, any case, commas allowed), with
        ``wait`` or ``waitxN`` for checkers waiting to enter.

        :raises InvalidPositionError: naming the token that cannot be read or the rule the board breaks.
        """
        halves = text.split("/")
        if len(halves) != 2:
            raise InvalidPositionError(wording.text_needs_both_sides(text))
        sides: dict[str, list[int]] = {}
        for half in halves:
            label, colon, body = half.partition(":")
            name = label.strip().upper()
            if not colon or name not in ("X", "O"):
                raise InvalidPositionError(wording.text_side_label(text, half.strip()))
            if name in sides:
                raise InvalidPositionError(wording.text_side_twice(text, name))
            counts = [0] * (WAITING + 1)
            for token in re.split(r"[\s,]+", body.strip()):
                if token in ("", "-"):
                    continue
                match = re.fullmatch(r"(bar|wait|\d{1,3})(?:x(\d{1,3}))?", token, re.IGNORECASE)
                if not match:
                    raise InvalidPositionError(wording.text_unreadable_token(text, token))
                where, count = match.group(1).lower(), int(match.group(2) or 1)
                if where == "bar":
                    slot = BAR
                elif where == "wait":
                    slot = WAITING
                else:
                    point = int(where)
                    if not 1 <= point <= 24:
                        raise InvalidPositionError(wording.text_no_such_point(text, token, point))
                    slot = point if name == "X" else 25 - point
                counts[slot] += count
            listed = sum(counts)
            if listed > CHECKERS:
                raise InvalidPositionError(
                    wording.text_too_many_checkers(text, name, listed, CHECKERS, waiting=bool(counts[WAITING]))
                )
            counts[OFF] = CHECKERS - listed
            sides[name] = counts
        try:
            x, o = sides["X"], sides["O"]
            return cls(x[:WAITING], o[:WAITING], player_waiting=x[WAITING], opponent_waiting=o[WAITING])
        except InvalidPositionError as error:
            raise InvalidPositionError(wording.in_text(text, str(error))) from None

    # --- XGID ---------------------------------------------------------------------------------------

    def xgid(self, dice: Sequence[int] | None = None) -> str:
        """An XGID for this position with X (the player on roll) at the bottom and on roll.

        :raises InvalidPositionError: if checkers wait to enter (acey-deucey): an XGID cannot hold them.
        """
        from trainer.engine.dice import Dice
        from trainer.engine.xgid import Xgid

        return Xgid(position=self, dice=None if dice is None else Dice.of(dice)).xgid()

    @classmethod
    def from_xgid(cls, text: str) -> Position:
        """The position of an XGID, seen from the side whose turn it is.

        :raises InvalidPositionError: if the text is not an XGID or describes no legal board.
        """
        from trainer.engine.xgid import Xgid

        return Xgid.from_xgid(text).position

    # --- diagram ------------------------------------------------------------------------------------

    def diagram(self) -> str:
        """A board drawn in text: X (on roll) moves from the top-left round to its home board at bottom right.

        Checkers waiting to enter (acey-deucey) are written beside the board: O's at the top, X's at the bottom.
        """
        rows = 5
        x_pips, o_pips = self.pip_count()

        def cell(point: int, level: int) -> str:
            x, o = self.checkers_at(point)
            count, mark = (x, "X") if x else (o, "O")
            if count == 0:
                return " . " if level == 0 else "   "
            if count > rows and level == rows - 1:
                return f"{count:^3}"
            return f" {mark} " if level < count else "   "

        def bar_cell(level: int, top: bool) -> str:
            count, mark = (self.opponent[BAR], "O") if top else (self.player[BAR], "X")
            if count == 0:
                return "   "
            if count > rows and level == rows - 1:
                return f"{count:^3}"
            return f" {mark} " if level < count else "   "

        top_left, top_right = range(13, 19), range(19, 25)
        bottom_left, bottom_right = range(12, 6, -1), range(6, 0, -1)
        lines = [
            " " + "".join(f"{p:^3}" for p in top_left) + "     " + "".join(f"{p:^3}" for p in top_right),
            "+" + "-" * 18 + "+---+" + "-" * 18 + "+",
        ]
        for level in range(rows):
            left = "".join(cell(p, level) for p in top_left)
            right = "".join(cell(p, level) for p in top_right)
            lines.append(f"|{left}|{bar_cell(level, True)}|{right}|")
        lines.append("|" + " " * 18 + f"|{wording.diagram_bar()}|" + " " * 18 + "|")
        for level in reversed(range(rows)):
            left = "".join(cell(p, level) for p in bottom_left)
            right = "".join(cell(p, level) for p in bottom_right)
            lines.append(f"|{left}|{bar_cell(level, False)}|{right}|")
        lines.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
        lines.append(" " + "".join(f"{p:^3}" for p in bottom_left) + "     " + "".join(f"{p:^3}" for p in bottom_right))
        if self._opponent_waiting:
            lines[2] += "  " + wording.diagram_waiting("O", self._opponent_waiting)
        if self._player_waiting:
            lines[-3] += "  " + wording.diagram_waiting("X", self._player_waiting)
        lines.append(wording.diagram_summary(o_pips, self.opponent[OFF], x_pips, self.player[OFF]))
        return "\n".join(lines)


def _token(where: str, count: int) -> str:
    return where if count == 1 else f"{where}x{count}"


def _well_formed(side: tuple[int, ...], waiting: int) -> bool:
    """Whether one side's counts are 26 whole numbers, none negative, adding up to the checkers with those waiting."""
    return (
        type(waiting) is int
        and waiting >= 0
        and len(side) == 26
        and all(type(count) is int for count in side)
        and min(side) >= 0
        and sum(side) + waiting == CHECKERS
    )
