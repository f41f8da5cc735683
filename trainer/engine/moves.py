"""Legal plays: every distinct way to play a roll, one per resulting position.

Plays are generated depth-first from the side on roll, keeping only those that use the most dice (and, when
only one die of two can be played, the higher die), de-duplicated by the position they leave.

Checkers waiting to enter (acey-deucey) enter like checkers from the bar, but need not come in first; a checker
on the bar still must. The same search handles both: during it the waiting checkers share the bar's slot, and
only as many of that slot's checkers as were on the bar must move before anything else.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, NamedTuple

from trainer.engine.dice import Dice
from trainer.engine.position import BAR, OFF, WAITING, Position


class Move(NamedTuple):
    """One checker moved by one die: from ``start`` (25 = bar, 26 = waiting to enter) to ``end`` (0 = off),
    hitting a blot or not."""

    start: int
    end: int
    hit: bool = False

    @property
    def pips(self) -> int:
        """How far the checker goes; a checker entering from the bar or from waiting starts from 25."""
        return min(self.start, BAR) - self.end


def point_name(point: int) -> str:
    """How notation writes a point: its number, ``bar`` (25), ``in`` (26, entering from waiting) or ``off`` (0)."""
    return "bar" if point == BAR else "off" if point == OFF else "in" if point == WAITING else str(point)


def _written_order(point: int) -> float:
    """Where a checker path starting at ``point`` comes in notation: highest first, the bar before entering."""
    return BAR - 0.5 if point == WAITING else point


def format_moves(moves: tuple[Move, ...], *, stops: bool = False) -> str:
    """Standard notation for a play's moves, highest start first.

    One checker's steps are joined (``24/13``), keeping an intermediate point only where it hits
    (``24/18*/13``); a hit is marked once, on the first move to reach the point; identical moves are counted
    (``8/5(2)``). A checker entering from waiting starts at ``in`` (``in/22``, ``in/22*``, ``in/20(2)``). With
    ``stops``, a checker borne off with more than one die keeps its stops too (``6/5/off`` rather than GNU
    Backgammon's ``6/off``), as a beginner reads it. The points are the mover's own: its 24-point is its furthest
    back, whichever side it is.
    """
    if not moves:
        return "pass"
    chains: list[list[int]] = []
    for start, end, _ in sorted(moves, key=lambda m: (-m.start, -m.end)):
        for chain in chains:
            if chain[-1] == start and start != OFF:
                chain.append(end)
                break
        else:
            chains.append([start, end])
    chains.sort(key=lambda chain: (-_written_order(chain[0]), -chain[1]))
    unhit = {move.end for move in moves if move.hit}
    grouped: list[tuple[list[int], set[int], int]] = []  # (points, hit points, count)
    for chain in chains:
        hits = {point for point in chain[1:] if point in unhit}
        unhit -= hits
        if grouped and grouped[-1][0] == chain:
            grouped[-1] = (chain, grouped[-1][1] | hits, grouped[-1][2] + 1)
        else:
            grouped.append((chain, hits, 1))

    texts = []
    for chain, hits, count in grouped:
        parts = [point_name(chain[0])]
        keep_stops = stops and chain[-1] == OFF
        for index, point in enumerate(chain[1:], start=1):
            if point in hits or index == len(chain) - 1 or keep_stops:
                parts.append(point_name(point) + ("*" if point in hits else ""))
        text = "/".join(parts)
        texts.append(text if count == 1 else f"{text}({count})")
    return " ".join(texts)


class Play:
    """A whole legal play: its checker moves in the order played and the position it leaves.

    ``result`` is still seen from the mover's side (not swapped); ``str(play)`` is standard notation and
    ``"pass"`` for the empty play of a roll that cannot be played.
    """

    __slots__ = ("_moves", "_raw", "dice", "position", "result")

    position: Position
    dice: Dice
    result: Position

    def __init__(
        self, position: Position, dice: Dice, moves: tuple[tuple[int, int, bool], ...], result: Position
    ) -> None:
        self.position = position
        self.dice = dice
        self._raw = moves
        self._moves: tuple[Move, ...] | None = None
        self.result = result

    @property
    def moves(self) -> tuple[Move, ...]:
        """The checker moves in the order played, one die each."""
        if self._moves is None:
            self._moves = tuple(Move(*move) for move in self._raw)
        return self._moves

    @property
    def dice_used(self) -> int:
        """How many dice the play uses (0-4)."""
        return len(self._raw)

    @property
    def is_pass(self) -> bool:
        """Whether this is the empty play of a roll with no legal move."""
        return not self._raw

    @property
    def hits(self) -> int:
        """How many opposing blots the play hits."""
        return sum(move.hit for move in self.moves)

    def hit_points(self) -> frozenset[int]:
        """The points (mover's numbering) where the play hits."""
        return frozenset(move.end for move in self.moves if move.hit)

    def notation(self, *, stops: bool = False) -> str:
        """Standard notation in the mover's numbering, e.g. ``24/18 13/8``, ``13/7*/5``, ``bar/22``, ``in/20``,
        ``6/off``, ``8/5(2)``; with ``stops`` a checker borne off with several dice shows where it stopped
        (``6/5/off``)."""
        return format_moves(self.moves, stops=stops)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<Play {self.notation()!r} from {self.position.identifier()} with {self.dice}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.position == other.position and self.result == other.result

    def __hash__(self) -> int:
        return hash((self.position, self.result))


PLAYS_KEPT: Final = 256
"""How many positions' legal plays are kept (each a tuple of immutable plays)."""


def legal_plays(position: Position, dice: Sequence[int]) -> tuple[Play, ...]:
    """Every distinct legal play of ``dice`` in ``position``, one per resulting position.

    A roll with no legal move gives a single empty play (the turn passes) whose result is ``position``.
    Checkers waiting to enter (acey-deucey) enter like checkers from the bar but need not come in first; with
    none waiting these are exactly the standard rules.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    """
    return _legal_plays(position, Dice.of(dice))


@functools.lru_cache(maxsize=PLAYS_KEPT)
def _legal_plays(position: Position, roll: Dice) -> tuple[Play, ...]:
    """:func:`legal_plays`, kept for the last positions asked (a match's analysis asks each one thrice)."""
    first, second = roll
    if position.has_waiting():
        return _plays_with_waiting(position, roll)
    opponent = position.opponent
    trusted = Position._trusted
    return tuple(
        [
            Play(position, roll, moves, trusted(player, _after_hits(opponent, hitmask) if hitmask else opponent))
            for (player, hitmask), moves in _search(position, first, second, 0)
        ]
    )


def _after_hits(opponent: tuple[int, ...], hitmask: int) -> tuple[int, ...]:
    """The opponent's counts once the blots on the points set in ``hitmask`` (mover's numbering) are hit."""
    counts = list(opponent)
    while hitmask:
        point = hitmask.bit_length() - 1
        hitmask ^= 1 << point
        counts[25 - point] -= 1
        counts[BAR] += 1
    return tuple(counts)


def _plays_with_waiting(position: Position, roll: Dice) -> tuple[Play, ...]:
    """:func:`legal_plays` for a position where checkers wait to enter (either side's)."""
    waiting, bar = position.player_waiting, position.player_bar
    opponent, their_waiting = position.opponent, position.opponent_waiting
    trusted = Position._trusted
    plays: list[Play] = []
    for (counts, hitmask), raw in _search(position, roll.first, roll.second, waiting):
        # The bar's slot held the bar and the waiting checkers; the bar's ones had to enter first.
        shared = counts[BAR]
        if waiting:
            if shared:
                counts = (*counts[:BAR], max(shared - waiting, 0))
            moves: list[RawMove] = []
            entered = 0
            for move in raw:
                if move[0] == BAR:
                    entered += 1
                    if entered > bar:
                        move = (WAITING, move[1], move[2])
                moves.append(move)
            raw = tuple(moves)
        opposing = _after_hits(opponent, hitmask) if hitmask else opponent
        plays.append(Play(position, roll, raw, trusted(counts, opposing, min(shared, waiting), their_waiting)))
    return tuple(plays)


def play_order(play: Play) -> tuple[tuple[int, int], ...]:
    """The key that lists plays the way ``bgtrainer moves`` and the app do: by their moves, each highest start (then
    highest end) first, so the plays that move the back checkers furthest come first."""
    return tuple(sorted((-move.start, -move.end) for move in play.moves))


def sorted_plays(plays: Iterable[Play]) -> tuple[Play, ...]:
    """``plays`` in listing order (see :func:`play_order`)."""
    return tuple(sorted(plays, key=play_order))


def iter_single_moves(position: Position, die: int) -> Iterator[Move]:
    """Every move of one checker by ``die`` that is legal on its own right now (ignoring the rest of the roll);
    a checker waiting to enter moves from :data:`~trainer.engine.position.WAITING` (26)."""
    me = position.player
    opponent = position.opponent
    waiting = position.player_waiting
    starts = [BAR] if me[BAR] else [WAITING] * bool(waiting) + [p for p in range(24, 0, -1) if me[p]]
    outside = sum(me[7:]) + waiting
    for start in starts:
        target = min(start, BAR) - die
        if target > 0:
            if opponent[25 - target] < 2:
                yield Move(start, target, opponent[25 - target] == 1)
        elif not outside and (target == 0 or not any(me[start + 1 : 7])):
            yield Move(start, OFF, False)


RawMove = tuple[int, int, bool]
Found = Iterable[tuple[tuple[tuple[int, ...], int], tuple[RawMove, ...]]]
"""What the search finds: ``((player counts, hitmask), moves)`` for each legal play, one per result (the hitmask
sets the points, in the mover's numbering, where a blot was hit)."""


def _search(position: Position, first: int, second: int, waiting: int) -> Found:
    """Depth-first search of whole plays, one per result (see :data:`Found`).

    Only plays using the most dice are kept; when only one die of two can be played, only the higher die.
    The ``waiting`` checkers are counted on the bar's slot (they enter the same way), which must empty first
    only while it holds more than them: a checker on the bar enters before anything moves, a waiting one need not.
    """
    me = list(position.player)
    me[BAR] += waiting
    opponent = position.opponent
    closed = [False] * 26
    blot = [False] * 26
    for point in range(1, 25):
        count = opponent[25 - point]
        if count:
            closed[point] = count >= 2
            blot[point] = count == 1
    outside = sum(me[7:])
    if first == second:
        return _search_doubles(me, closed, blot, first, outside, waiting)
    return _search_mixed(me, closed, blot, first, second, outside, waiting)


def _search_doubles(me: list[int], closed: list[bool], blot: list[bool], die: int, outside: int, waiting: int) -> Found:
    """Plays of a double: up to four moves, each starting no higher than the one before.

    Any legal order of a double's moves can be reordered so that the starting points never rise, with the
    same result, so this finds every distinct play while skipping most permutations. Nor does it find one result
    twice: the result tells how many checkers left each point (from the highest point down), and so which moves
    were made.
    """
    best = 0
    found: list[tuple[tuple[tuple[int, ...], int], tuple[RawMove, ...]]] = []
    path: list[RawMove] = []

    def search(depth: int, start: int, outside: int, hitmask: int) -> None:
        nonlocal best
        moved = False
        for source in (BAR,) if me[BAR] > waiting else range(start, 0, -1):
            if not me[source]:
                continue
            target = source - die
            if target > 0:
                if closed[target]:
                    continue
                hit = blot[target] and not hitmask >> target & 1
            else:
                if outside:
                    break
                if target < 0 and any(me[source + 1 : 7]):
                    continue
                target = OFF
                hit = False
            me[source] -= 1
            me[target] += 1
            path.append((source, target, hit))
            moved = True
            if depth == 3:
                if best < 4:
                    best = 4
                    found.clear()
                found.append(((tuple(me), hitmask | (1 << target) if hit else hitmask), tuple(path)))
            else:
                left = outside - 1 if source > 6 >= target else outside
                search(depth + 1, source, left, hitmask | (1 << target) if hit else hitmask)
            path.pop()
            me[source] += 1
            me[target] -= 1
        if not moved and depth >= best:
            if depth > best:
                best = depth
                found.clear()
            found.append(((tuple(me), hitmask), tuple(path)))

    search(0, BAR, outside, 0)
    return found


def _search_mixed(
    me: list[int], closed: list[bool], blot: list[bool], first: int, second: int, outside: int, waiting: int
) -> Found:
    """Plays of a non-double: each die order in turn, two nested levels of single moves."""
    both: dict[tuple[tuple[int, ...], int], tuple[RawMove, ...]] = {}
    one: dict[int, dict[tuple[tuple[int, ...], int], tuple[RawMove, ...]]] = {first: {}, second: {}}
    # Once the first order has found plays using both dice, the second order can only add plays in which one
    # checker moves twice, unless the bar or bearing off makes the order of two different checkers matter.
    independent_order_matters = me[BAR] > 0 or outside <= 1
    top = BAR if waiting else 24
    # The points the first move can start from, highest first: the bar alone while it must empty first.
    starts = [BAR] if me[BAR] > waiting else [point for point in range(top, 0, -1) if me[point]]
    for die_one, die_two in ((first, second), (second, first)):
        same_checker_only = bool(both) and not independent_order_matters
        for source in starts:
            target = source - die_one
            if target > 0:
                if closed[target]:
                    continue
                hit = blot[target]
            else:
                if outside:
                    break
                if target < 0 and any(me[source + 1 : 7]):
                    continue
                target = OFF
                hit = False
            me[source] -= 1
            me[target] += 1
            hitmask = 1 << target if hit else 0
            left = outside - 1 if source > 6 >= target else outside
            step = (source, target, hit)
            moved = False
            if me[BAR] > waiting:
                sources2: range | tuple[int, ...] = (BAR,)
            elif same_checker_only:
                sources2 = (target,) if target else ()
            else:
                sources2 = range(top, 0, -1)
            for source2 in sources2:
                if not me[source2]:
                    continue
                target2 = source2 - die_two
                if target2 > 0:
                    if closed[target2]:
                        continue
                    hit2 = blot[target2] and not hitmask >> target2 & 1
                else:
                    if left:
                        break
                    if target2 < 0 and any(me[source2 + 1 : 7]):
                        continue
                    target2 = OFF
                    hit2 = False
                moved = True
                me[source2] -= 1
                me[target2] += 1
                key = (tuple(me), hitmask | (1 << target2) if hit2 else hitmask)
                if key not in both:
                    both[key] = (step, (source2, target2, hit2))
                me[source2] += 1
                me[target2] -= 1
            if not moved and not both:
                key = (tuple(me), hitmask)
                if key not in one[die_one]:
                    one[die_one][key] = (step,)
            me[source] += 1
            me[target] -= 1
    if both:
        return both.items()
    higher, lower = max(first, second), min(first, second)
    if one[higher]:
        return one[higher].items()
    if one[lower]:
        return one[lower].items()
    return [((tuple(me), 0), ())]
