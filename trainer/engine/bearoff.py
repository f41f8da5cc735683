"""Exact bear-off mathematics: one-sided roll distributions, two-sided winning chances, plays ranked by them.

A one-sided position is the count of checkers on the six home points (``(c1, ..., c6)``, 0-15 checkers in all:
54,264 positions). For each, the database holds the distribution of the number of rolls needed to bear off
with play that minimises the expected number of rolls, and its mean. For pairs of positions with at most six
checkers a side (924 x 924 pairs) it holds the exact chance that the side on roll wins with optimal play by both
sides; larger races combine the two one-sided distributions as independent. For the same pairs it holds the
exact cubeful money equities of the side on roll before rolling, for a cube in the middle, owned by the side on
roll and owned by the opponent, from which :func:`cube_decision` reads the right cube action.

The tables are built by :mod:`trainer.authoring.bearoff_build` (vectorised) and shipped as compressed files beside this
module; this module reads them with the standard library, and can rebuild small parts in pure Python
(:func:`build_one_sided`) so tests can check the shipped data.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, get_args

from trainer.engine import wording
from trainer.engine.dice import Dice
from trainer.engine.errors import CubeError, NotBearOffError, TableError
from trainer.engine.moves import Play, legal_plays
from trainer.engine.position import BAR, CHECKERS, OFF, Position

HomeBoard = tuple[int, int, int, int, int, int]
"""One side's checkers on its six home points, ``(c1, ..., c6)``."""
MAX_CHECKERS = 15
MAX_ROLLS = 32
TWO_SIDED_CHECKERS = 6
TIE_TOLERANCE = 0.0005
DATA_DIR = Path(__file__).with_name("bearoff_data")
ONE_SIDED_FILE = DATA_DIR / "one_sided.bin"
TWO_SIDED_FILE = DATA_DIR / "two_sided_6x6.bin"
CUBEFUL_FILE = DATA_DIR / "cubeful_6x6.bin"
_MAGIC_ONE, _MAGIC_TWO, _MAGIC_CUBE = b"BGT1", b"BGT2", b"BGT3"
EQUITY_SCALE = 32767
"""Cubeful equities are stored as whole numbers of 1/32767 (as GNU Backgammon's bear-off databases do)."""
CubeState = Literal["centered", "owned", "opponent owns"]
CUBE_STATES: tuple[CubeState, CubeState, CubeState] = get_args(CubeState)
"""The cube states of the cubeful table, in the order of its blocks."""
ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (high, low, 1 if high == low else 2) for high in range(1, 7) for low in range(1, high + 1)
)


# --- positions and their order ------------------------------------------------------------------------------


def pips(side: Sequence[int]) -> int:
    """Pip count of a one-sided position."""
    return sum(point * count for point, count in enumerate(side, start=1))


@cache
def positions(max_checkers: int = MAX_CHECKERS) -> tuple[HomeBoard, ...]:
    """Every one-sided position with at most ``max_checkers`` checkers, in database order.

    The order is by pip count, then by the counts: every position comes after all positions it can move to.
    """
    found: list[HomeBoard] = []

    def fill(prefix: list[int], left: int) -> None:
        if len(prefix) == 6:
            found.append((prefix[0], prefix[1], prefix[2], prefix[3], prefix[4], prefix[5]))
            return
        for count in range(left + 1):
            fill([*prefix, count], left - count)

    fill([], max_checkers)
    return tuple(sorted(found, key=lambda side: (pips(side), side)))


@cache
def index_of(max_checkers: int = MAX_CHECKERS) -> dict[HomeBoard, int]:
    """Database index of each one-sided position."""
    return {side: index for index, side in enumerate(positions(max_checkers))}


def single_moves(side: HomeBoard, die: int) -> Iterator[HomeBoard]:
    """Positions after moving one checker by ``die`` (bearing off by the exact number, or from the highest point
    with a larger one); none if the side has no checker."""
    highest = max((point for point in range(6, 0, -1) if side[point - 1]), default=0)
    for point in range(6, 0, -1):
        if not side[point - 1]:
            continue
        target = point - die
        if target < 0 and point != highest:
            continue
        counts = list(side)
        counts[point - 1] -= 1
        if target > 0:
            counts[target - 1] += 1
        yield (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


@cache
def play_results(side: HomeBoard, high: int, low: int) -> frozenset[HomeBoard]:
    """Every position one side can reach with a whole roll (both dice, four of a double, as far as checkers last)."""
    moves = Dice(high, low).moves
    orders = [moves] if high == low else [moves, moves[::-1]]
    results: set[HomeBoard] = set()
    for order in orders:
        frontier = {side}
        for die in order:
            following: set[HomeBoard] = set()
            for current in frontier:
                moved = set(single_moves(current, die))
                following |= moved if moved else {current}
            frontier = following
        results |= frontier
    return frozenset(results)


# --- the one-sided database ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OneSided:
    """Roll distributions: ``distribution(side)[k]`` is P(exactly k more rolls); ``mean(side)`` their mean."""

    means: array  # type: ignore[type-arg]
    distributions: array  # type: ignore[type-arg]
    max_checkers: int = MAX_CHECKERS

    def index(self, side: HomeBoard) -> int:
        return index_of(self.max_checkers)[side]

    def mean(self, side: HomeBoard) -> float:
        """Expected number of rolls to bear off ``side`` with play that minimises it."""
        return float(self.means[self.index(side)])

    def distribution(self, side: HomeBoard) -> list[float]:
        """P(exactly k rolls) for k = 0..31."""
        start = self.index(side) * MAX_ROLLS
        return [float(value) for value in self.distributions[start : start + MAX_ROLLS]]


def build_one_sided(max_checkers: int) -> OneSided:
    """Build the one-sided database for positions of at most ``max_checkers`` checkers, in pure Python.

    Fine for small parts (up to 6 checkers in about a second); the full table comes from
    :mod:`trainer.authoring.bearoff_build`.
    """
    order = positions(max_checkers)
    index = index_of(max_checkers)
    means = array("d", [0.0] * len(order))
    distributions = array("d", [0.0] * (len(order) * MAX_ROLLS))
    distributions[0] = 1.0
    for number, side in enumerate(order):
        if number == 0:
            continue
        total = 0.0
        dist = [0.0] * MAX_ROLLS
        for high, low, weight in ROLLS:
            best = min(play_results(side, high, low), key=lambda result: (means[index[result]], index[result]))
            best_index = index[best]
            total += weight * means[best_index]
            base = best_index * MAX_ROLLS
            for k in range(MAX_ROLLS - 1):
                dist[k + 1] += weight * distributions[base + k]
        means[number] = 1.0 + total / 36.0
        for k in range(MAX_ROLLS):
            distributions[number * MAX_ROLLS + k] = dist[k] / 36.0
    return OneSided(means, distributions, max_checkers)


# --- reading the shipped tables -----------------------------------------------------------------------------


def write_one_sided(path: Path, means: Sequence[float], distributions: Sequence[float]) -> None:
    """Store a full one-sided table: float64 means, float32 distributions, zlib-compressed."""
    body = array("d", means).tobytes() + array("f", distributions).tobytes()
    path.write_bytes(_MAGIC_ONE + struct.pack("<I", len(means)) + zlib.compress(body, 9))


def write_two_sided(path: Path, table: Sequence[float], size: int) -> None:
    """Store the two-sided table (row = side on roll, column = opponent) as float32, zlib-compressed."""
    body = array("f", table).tobytes()
    path.write_bytes(_MAGIC_TWO + struct.pack("<I", size) + zlib.compress(body, 9))


def write_cubeful(path: Path, table: Sequence[int], size: int) -> None:
    """Store the cubeful table: ``table`` holds ``3 x size x size`` whole numbers of 1/32767, the equities with
    the cube centered, owned and owned by the opponent (row = side on roll, column = opponent).

    Written as int16: the centered equity, then owned and opponent-owns each minus the centered one (small
    numbers), all low bytes before all high bytes, zlib-compressed.
    """
    cells = size * size
    packed = array("h", table[:cells])
    for state in (1, 2):
        packed.extend(table[state * cells + cell] - table[cell] for cell in range(cells))
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
        packed.byteswap()
    body = packed.tobytes()
    planes = body[0::2] + body[1::2]
    path.write_bytes(_MAGIC_CUBE + struct.pack("<I", size) + zlib.compress(planes, 9))


def _read_table(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise TableError(wording.table_unreadable(path, error.strerror or error)) from None


def _decompress(path: Path, body: bytes) -> bytes:
    try:
        return zlib.decompress(body)
    except zlib.error as error:
        raise TableError(wording.table_damaged(path, error)) from None


@cache
def one_sided() -> OneSided:
    """The shipped one-sided database (all 54,264 positions).

    :raises TableError: if the data file is missing or damaged (build it with
        ``python -m trainer.authoring.bearoff_build``).
    """
    raw = _read_table(ONE_SIDED_FILE)
    if raw[:4] != _MAGIC_ONE:
        raise TableError(wording.not_a_bearoff_database(ONE_SIDED_FILE))
    (count,) = struct.unpack("<I", raw[4:8])
    body = _decompress(ONE_SIDED_FILE, raw[8:])
    means = array("d")
    means.frombytes(body[: count * 8])
    distributions = array("f")
    distributions.frombytes(body[count * 8 :])
    if count != len(positions()) or len(distributions) != count * MAX_ROLLS:
        raise TableError(wording.table_does_not_match(ONE_SIDED_FILE))
    return OneSided(means, distributions)


@cache
def two_sided() -> array:  # type: ignore[type-arg]
    """The shipped exact table: entry ``i * 924 + j`` is P(the side on roll, position i, beats position j).

    :raises TableError: if the data file is missing or damaged.
    """
    raw = _read_table(TWO_SIDED_FILE)
    if raw[:4] != _MAGIC_TWO:
        raise TableError(wording.not_a_two_sided_table(TWO_SIDED_FILE))
    (size,) = struct.unpack("<I", raw[4:8])
    table = array("f")
    table.frombytes(_decompress(TWO_SIDED_FILE, raw[8:]))
    if size != len(positions(TWO_SIDED_CHECKERS)) or len(table) != size * size:
        raise TableError(wording.table_does_not_match(TWO_SIDED_FILE))
    return table


@cache
def cubeful() -> array:  # type: ignore[type-arg]
    """The shipped cubeful table as int16 (units of 1/32767): entry ``i * 924 + j`` the centered equity of the
    side on roll (position i) against position j, then the owned and opponent-owns equities minus it, each block
    ``924 x 924`` long.

    :raises TableError: if the data file is missing or damaged.
    """
    raw = _read_table(CUBEFUL_FILE)
    if raw[:4] != _MAGIC_CUBE:
        raise TableError(wording.not_a_cubeful_table(CUBEFUL_FILE))
    (size,) = struct.unpack("<I", raw[4:8])
    planes = _decompress(CUBEFUL_FILE, raw[8:])
    if size != len(positions(TWO_SIDED_CHECKERS)) or len(planes) != 3 * size * size * 2:
        raise TableError(wording.table_does_not_match(CUBEFUL_FILE))
    half = len(planes) // 2
    body = bytearray(len(planes))
    body[0::2] = planes[:half]
    body[1::2] = planes[half:]
    table = array("h")
    table.frombytes(bytes(body))
    if sys.byteorder == "big":  # pragma: no cover - the file is little-endian
        table.byteswap()
    return table


# --- winning chances ----------------------------------------------------------------------------------------


def checkers(side: Sequence[int]) -> int:
    return sum(side)


def win_probability(on_roll: HomeBoard, other: HomeBoard) -> float:
    """Chance that the side on roll bears off first: exact with at most six checkers a side, else from the two
    one-sided distributions taken as independent."""
    if not checkers(other):
        return 0.0
    if not checkers(on_roll):
        return 1.0
    if checkers(on_roll) <= TWO_SIDED_CHECKERS and checkers(other) <= TWO_SIDED_CHECKERS:
        small = index_of(TWO_SIDED_CHECKERS)
        size = len(small)
        return float(two_sided()[small[on_roll] * size + small[other]])
    database = one_sided()
    mine, theirs = database.distribution(on_roll), database.distribution(other)
    # The side on roll wins if it needs n rolls and the other side needs at least n.
    still_needs = 1.0
    total = 0.0
    for rolls in range(MAX_ROLLS):
        total += mine[rolls] * still_needs
        still_needs -= theirs[rolls]
    return min(1.0, max(0.0, total))


def home_side(counts: Sequence[int]) -> HomeBoard:
    """The six home points of a 26-count side (index 1-6)."""
    return (counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])


def is_pure_bearoff(position: Position) -> bool:
    """Whether both sides have every checker in their home board or borne off."""
    return position.all_home() and position.all_home(opponent=True)


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """A bear-off play with the mover's chance to win after it and the mover's expected rolls still needed."""

    play: Play
    win_probability: float
    expected_rolls: float
    best: bool


def rank_plays(position: Position, dice: tuple[int, ...]) -> list[RankedPlay]:
    """Every legal play of a pure bear-off, best first (most wins, then fewest expected rolls).

    Plays within 0.0005 of the best winning chance are all marked best.

    :raises NotBearOffError: if a checker of either side is outside its home board.
    """
    if not is_pure_bearoff(position):
        raise NotBearOffError(wording.not_a_pure_bearoff(position.position_id()))
    database = one_sided()
    opponent = home_side(position.opponent)
    ranked = []
    for play in legal_plays(position, dice):
        mine = home_side(play.result.player)
        chance = 1.0 - win_probability(opponent, mine)
        ranked.append((play, chance, database.mean(mine)))
    ranked.sort(key=lambda item: (-item[1], item[2], str(item[0])))
    top = ranked[0][1]
    return [RankedPlay(play, chance, rolls, top - chance <= TIE_TOLERANCE) for play, chance, rolls in ranked]


# --- cube decisions -----------------------------------------------------------------------------------------

CubeOwner = Literal["centered", "player"]
CubeAction = Literal["no double", "double, take", "double, pass"]
"""A cube decision's action as machine output writes it (in words: :func:`~trainer.engine.wording.cube_action`)."""
CUBE_ACTIONS: tuple[CubeAction, CubeAction, CubeAction] = get_args(CubeAction)
NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS = CUBE_ACTIONS


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """The exact money cube decision of the side on roll (X) before rolling, in a bear-off of at most six checkers
    a side. Equities are X's, per unit of the current cube, with optimal checker and cube play by both sides
    afterwards (no gammons are possible).

    ``no_double``: X does not double now. ``double_take``: X doubles and O takes (O then owns the cube).
    ``double_pass``: X doubles and O passes (X wins the current value: +1).
    """

    owner: CubeOwner
    win_probability: float
    no_double: float
    double_take: float
    double_pass: float = 1.0

    @property
    def cubeless_equity(self) -> float:
        """X's equity without a cube: 2 P(win) - 1."""
        return 2.0 * self.win_probability - 1.0

    @property
    def should_take(self) -> bool:
        """Whether O, doubled, should take: taking loses less than passing (a tie counts as a pass)."""
        return self.double_take < self.double_pass

    @property
    def should_double(self) -> bool:
        """Whether X should double: what O's best answer leaves X is at least the no-double equity."""
        return min(self.double_take, self.double_pass) >= self.no_double

    @property
    def action(self) -> CubeAction:
        """The right cube action: ``"no double"``, ``"double, take"`` or ``"double, pass"``."""
        if not self.should_double:
            return NO_DOUBLE
        return DOUBLE_TAKE if self.should_take else DOUBLE_PASS

    @property
    def equity(self) -> float:
        """X's equity with the right action (and O's right answer)."""
        return max(self.no_double, min(self.double_take, self.double_pass))

    @property
    def double_gain(self) -> float:
        """What doubling gains X against O's best answer (negative: doubling costs this much)."""
        return min(self.double_take, self.double_pass) - self.no_double

    @property
    def take_gain(self) -> float:
        """What taking saves O compared with passing (negative: passing is better by this much)."""
        return self.double_pass - self.double_take

    @property
    def margin(self) -> float:
        """How far the deciding equities are from the nearest boundary (doubling or not, taking or passing): a
        small margin means a close decision."""
        return min(abs(self.double_gain), abs(self.take_gain))


def _outside_table(position: Position) -> str | None:
    """Why ``position`` lies outside the exact cube table, or ``None``."""
    for name, side in (("X", position.player), ("O", position.opponent)):
        if side[OFF] == CHECKERS:
            return wording.game_over_borne_off(name, CHECKERS)
    for name, side in (("X", position.player), ("O", position.opponent)):
        if side[BAR]:
            return wording.checker_on_the_bar_not_bearoff(name)
        outside = [point for point in range(24, 6, -1) if side[point]]
        if outside:
            return wording.checker_outside_not_bearoff(name, outside[0])
    for name, side in (("X", position.player), ("O", position.opponent)):
        left = CHECKERS - side[OFF]
        if left > TWO_SIDED_CHECKERS:
            return wording.beyond_the_cube_table(name, left, TWO_SIDED_CHECKERS)
    return None


def cube_decision(position: Position, owner: CubeOwner = "centered") -> CubeDecision:
    """The exact money cube decision of the side on roll in ``position``, with the cube in the middle
    (``"centered"``) or on its side (``"player"``).

    :raises NotBearOffError: naming why, if the position is not a pure bear-off of at most six checkers a side
        with both sides still playing.
    :raises CubeError: for another ``owner`` (with the opponent owning the cube there is no decision to make).
    """
    if owner not in ("centered", "player"):
        raise CubeError(wording.no_such_cube_state(owner))
    problem = _outside_table(position)
    if problem is not None:
        raise NotBearOffError(wording.in_subject(position.position_id(), problem))
    mine, theirs = home_side(position.player), home_side(position.opponent)
    small = index_of(TWO_SIDED_CHECKERS)
    size = len(small)
    cell = small[mine] * size + small[theirs]
    table = cubeful()
    cells = size * size
    centered = table[cell]
    no_double = centered + table[cells + cell] if owner == "player" else centered
    opponent_owns = centered + table[2 * cells + cell]
    return CubeDecision(
        owner=owner,
        win_probability=win_probability(mine, theirs),
        no_double=no_double / EQUITY_SCALE,
        double_take=2.0 * opponent_owns / EQUITY_SCALE,
    )
