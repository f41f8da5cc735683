"""Legal plays: every distinct way to play a roll, one per resulting position.

Plays are generated depth-first from the side on roll, keeping only those that use the most dice (and, when
only one die of two can be played, the higher die), de-duplicated by the position they leave.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from trainer.engine.errors import InvalidDiceError
from trainer.engine.position import BAR, OFF, Position

Dice = tuple[int, int]


class Move(NamedTuple):
    """One checker moved by one die: from ``start`` (25 = bar) to ``end`` (0 = off), hitting a blot or not."""

    start: int
    end: int
    hit: bool = False


def parse_dice(text: str) -> Dice:
    """Read a roll such as ``65``, ``6-5``, ``6 5`` or ``6,5``.

    :raises InvalidDiceError: if the text is not two numbers from 1 to 6.
    """
    match = re.fullmatch(r"\s*([1-6])\s*[-,/ x]?\s*([1-6])\s*", text)
    if not match:
        raise InvalidDiceError(f"cannot read the dice {text!r}: write two numbers from 1 to 6, like 65 or 6-5")
    return int(match.group(1)), int(match.group(2))


def check_dice(dice: tuple[int, ...]) -> Dice:
    """Return ``dice`` as a pair after checking it holds two numbers from 1 to 6.

    :raises InvalidDiceError: otherwise.
    """
    if (
        len(dice) != 2
        or not all(isinstance(die, int) and not isinstance(die, bool) for die in dice)
        or not all(1 <= die <= 6 for die in dice)
    ):
        raise InvalidDiceError(f"dice must be two numbers from 1 to 6, got {dice!r}")
    return dice[0], dice[1]


def _point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def format_moves(moves: tuple[Move, ...]) -> str:
    """Standard notation for a sequence of moves: one checker's steps joined (``24/13``), an intermediate
    point kept only where it hits (``24/18*/13``), repeated moves counted (``8/5(2)``), highest start first."""
    if not moves:
        return "pass"
    chains: list[list[tuple[int, bool]]] = []
    for move in sorted(moves, key=lambda m: (-m.start, -m.end)):
        for chain in chains:
            if chain[-1][0] == move.start and move.start != OFF:
                chain.append((move.end, move.hit))
                break
        else:
            chains.append([(move.start, False), (move.end, move.hit)])
    texts: list[str] = []
    for chain in chains:
        parts = [_point_name(chain[0][0])]
        for index, (point, hit) in enumerate(chain[1:], start=1):
            if hit or index == len(chain) - 1:
                parts.append(_point_name(point) + ("*" if hit else ""))
        texts.append("/".join(parts))
    grouped: list[tuple[str, int]] = []
    for text in texts:
        if grouped and grouped[-1][0] == text:
            grouped[-1] = (text, grouped[-1][1] + 1)
        else:
            grouped.append((text, 1))
    return " ".join(text if count == 1 else f"{text}({count})" for text, count in grouped)


class Play:
    """A whole legal play: its checker moves in the order played and the position it leaves.

    ``result`` is still seen from the mover's side (not swapped); ``str(play)`` is standard notation and
    ``"pass"`` for the empty play of a roll that cannot be played.
    """

    __slots__ = ("dice", "moves", "position", "result")

    position: Position
    dice: Dice
    moves: tuple[Move, ...]
    result: Position

    def __init__(self, position: Position, dice: Dice, moves: tuple[Move, ...], result: Position) -> None:
        self.position = position
        self.dice = dice
        self.moves = moves
        self.result = result

    @property
    def dice_used(self) -> int:
        """How many dice the play uses (0-4)."""
        return len(self.moves)

    @property
    def is_pass(self) -> bool:
        """Whether this is the empty play of a roll with no legal move."""
        return not self.moves

    @property
    def hits(self) -> int:
        """How many opposing blots the play hits."""
        return sum(move.hit for move in self.moves)

    def hit_points(self) -> frozenset[int]:
        """The points (mover's numbering) where the play hits."""
        return frozenset(move.end for move in self.moves if move.hit)

    def notation(self) -> str:
        """Standard notation, e.g. ``24/18 13/8``, ``13/7*/5``, ``bar/22``, ``6/off``, ``8/5(2)``."""
        return format_moves(self.moves)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<Play {self.notation()!r} from {self.position.position_id()} with {self.dice[0]}-{self.dice[1]}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))


def legal_plays(position: Position, dice: tuple[int, ...]) -> tuple[Play, ...]:
    """Every distinct legal play of ``dice`` in ``position``, one per resulting position.

    A roll with no legal move gives a single empty play (the turn passes) whose result is ``position``.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """
    first, second = check_dice(dice)
    found = _search(position, first, second)
    opponent = position.opponent
    plays: list[Play] = []
    no_hit_opponent = opponent
    for key, moves in found.items():
        hitmask = key[26]
        if hitmask:
            counts = list(opponent)
            for point in range(1, 25):
                if hitmask >> point & 1:
                    counts[25 - point] -= 1
                    counts[BAR] += 1
            result = Position._trusted(key[:26], tuple(counts))
        else:
            result = Position._trusted(key[:26], no_hit_opponent)
        plays.append(Play(position, (first, second), moves, result))
    return tuple(plays)


def iter_single_moves(position: Position, die: int) -> Iterator[Move]:
    """Every move of one checker by ``die`` that is legal on its own right now (ignoring the rest of the roll)."""
    me = position.player
    opponent = position.opponent
    starts = [BAR] if me[BAR] else [p for p in range(24, 0, -1) if me[p]]
    outside = sum(me[7:])
    for start in starts:
        target = start - die
        if target > 0:
            if opponent[25 - target] < 2:
                yield Move(start, target, opponent[25 - target] == 1)
        elif not outside and (target == 0 or not any(me[start + 1 : 7])):
            yield Move(start, OFF, False)


def _search(position: Position, first: int, second: int) -> dict[tuple[int, ...], tuple[Move, ...]]:
    """Depth-first search of the whole plays; returns ``{player counts + (hitmask,): moves}`` of the legal ones."""
    me = list(position.player)
    opponent = position.opponent
    closed = [False] * 26
    blot = [False] * 26
    for point in range(1, 25):
        count = opponent[25 - point]
        closed[point] = count >= 2
        blot[point] = count == 1
    outside = sum(me[7:])
    doubles = first == second
    dice = (first,) * 4 if doubles else (first, second)
    best = [0]
    found: dict[tuple[int, ...], tuple[Move, ...]] = {}
    single_die: dict[tuple[int, ...], int] = {}
    path: list[Move] = []

    def record(depth: int, hitmask: int) -> None:
        if depth < best[0]:
            return
        if depth > best[0]:
            best[0] = depth
            found.clear()
        key = (*me, hitmask)
        if key not in found:
            found[key] = tuple(path)
            if depth == 1:
                single_die[key] = dice[0]

    def search(index: int, start: int, outside: int, hitmask: int) -> None:
        die = dice[index]
        moved = False
        last = index + 1 == len(dice)
        if me[BAR]:
            starts: range | tuple[int] = (BAR,)
        else:
            starts = range(start, 0, -1)
        for source in starts:
            if not me[source]:
                continue
            target = source - die
            if target > 0:
                if closed[target]:
                    continue
            else:
                if outside:
                    break
                if target < 0:
                    if any(me[source + 1 : 7]):
                        continue
                target = OFF
            hit = target != OFF and blot[target] and not hitmask >> target & 1
            me[source] -= 1
            me[target] += 1
            left = outside - 1 if source > 6 >= target else outside
            now_hitmask = hitmask | (1 << target) if hit else hitmask
            path.append(Move(source, target, hit))
            moved = True
            if last:
                record(index + 1, now_hitmask)
            else:
                search(index + 1, source if doubles else BAR, left, now_hitmask)
            path.pop()
            me[source] += 1
            me[target] -= 1
        if not moved:
            record(index, hitmask)

    search(0, BAR, outside, 0)
    if not doubles:
        dice = (second, first)
        search(0, BAR, outside, 0)
        if best[0] == 1:
            higher = max(first, second)
            with_higher = {key: moves for key, moves in found.items() if single_die[key] == higher}
            if with_higher:
                return with_higher
    return found
