"""What a play does, in ideas a player names: it hits, makes a point or an anchor, extends a prime, escapes or
splits back checkers, brings a builder down, slots a point, bears off, leaves no blot, or breaks a point (outside
the opponent's home board).

Ideas are facts read from the board before and after the play (the mover's numbering, 24 down to 1): no
evaluation is involved, so they describe any play, good or bad. Back checkers are those on the opponent's home
board (the mover's points 19-24) or on the bar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from trainer.engine.moves import Play
from trainer.engine.position import BAR, OFF

BACK_ZONE = range(19, 26)
"""Where back checkers stand: the opponent's home board (the mover's 19-24) and the bar."""
ESCAPED_BY = 13
"""A back checker that reaches this point (the midpoint) or lower has escaped the opponent's outfield."""
BUILDER_ZONE = range(7, 12)
"""Where a spare checker is a builder for the home-board points and the bar point."""
SLOT_ZONE = range(2, 8)
"""The points worth slotting: the home board's (but the ace point) and the bar point."""
PRIME_LENGTH = 4
"""The shortest run of made points called a prime (a block of four or more)."""


class IdeaKind(Enum):
    """The kinds of idea a play can carry, in the order they are said."""

    HITS = "hits"
    MAKES_POINT = "makes point"
    MAKES_ANCHOR = "makes anchor"
    PRIME = "prime"
    ESCAPES = "escapes"
    RUNS = "runs"
    SPLITS = "splits"
    ENTERS = "enters"
    BUILDER = "builder"
    SLOTS = "slots"
    BEARS_OFF = "bears off"
    SAFE = "safe"
    BREAKS_POINT = "breaks point"


@dataclass(frozen=True, slots=True)
class Idea:
    """One idea of a play: its kind and, where it has one, a point (the mover's numbering) or a count (checkers
    hit, borne off or moved; a prime's length)."""

    kind: IdeaKind
    point: int = 0
    count: int = 0


def _paths(play: Play) -> list[tuple[int, int]]:
    """Each checker's whole path as (start, end): steps of one checker joined where one ends and the next
    starts."""
    paths: list[list[int]] = []
    for move in play.moves:
        for path in paths:
            if path[1] == move.start and path[1] != OFF:
                path[1] = move.end
                break
        else:
            paths.append([min(move.start, BAR), move.end])
    return [(start, end) for start, end in paths]


def longest_block(counts: Sequence[int]) -> int:
    """The longest run of made points (two or more checkers) among points 1-24 of ``counts``."""
    longest = run = 0
    for point in range(1, 25):
        run = run + 1 if counts[point] >= 2 else 0
        longest = max(longest, run)
    return longest


def _split(left: int, landed: int) -> bool:
    """Whether a back checker moved up from a point of two or more splits the back checkers: one is left behind
    (``left``, the checkers on its start after the play), or none is and it lands alone (``landed``), as both of
    24/20 24/21 do (both moved onto one point make an anchor instead)."""
    return left == 1 or (left == 0 and landed == 1)


def play_ideas(play: Play) -> tuple[Idea, ...]:
    """The ideas of ``play``, in the order of :class:`IdeaKind` (none for a pass)."""
    if play.is_pass:
        return ()
    before, after = play.position.player, play.result.player
    paths = _paths(play)
    ideas: list[Idea] = []
    if play.hits:
        ideas.append(Idea(IdeaKind.HITS, count=play.hits))
    for point in range(1, 25):
        if before[point] < 2 <= after[point]:
            kind = IdeaKind.MAKES_ANCHOR if point >= 19 else IdeaKind.MAKES_POINT
            ideas.append(Idea(kind, point))
    block = longest_block(after)
    if block >= PRIME_LENGTH and block > longest_block(before):
        ideas.append(Idea(IdeaKind.PRIME, count=block))
    back = [(start, end) for start, end in paths if start in BACK_ZONE and start != BAR]
    escaped = sum(1 for _, end in back if OFF < end <= ESCAPED_BY)
    if escaped:
        ideas.append(Idea(IdeaKind.ESCAPES, count=escaped))
    ran = sum(1 for _, end in back if ESCAPED_BY < end < 19)
    if ran:
        ideas.append(Idea(IdeaKind.RUNS, count=ran))
    if any(end >= 19 and before[start] >= 2 and _split(after[start], after[end]) for start, end in back):
        ideas.append(Idea(IdeaKind.SPLITS))
    entered = sum(1 for start, _ in paths if start == BAR)
    if entered:
        ideas.append(Idea(IdeaKind.ENTERS, count=entered))
    builders = sorted({end for start, end in paths if end in BUILDER_ZONE and start > end and after[end] == 1})
    if builders:
        ideas.append(Idea(IdeaKind.BUILDER, builders[0], len(builders)))
    hit = play.hit_points()
    for point in sorted({end for _, end in paths if end in SLOT_ZONE}, reverse=True):
        if before[point] == 0 and after[point] == 1 and point not in hit:
            ideas.append(Idea(IdeaKind.SLOTS, point))
    borne = after[OFF] - before[OFF]
    if borne:
        ideas.append(Idea(IdeaKind.BEARS_OFF, count=borne))
    if not any(after[point] == 1 for point in range(1, 25)) and after[BAR] == 0:
        ideas.append(Idea(IdeaKind.SAFE))
    for point in range(18, 0, -1):  # an anchor left is said by the back checkers' ideas
        if before[point] >= 2 > after[point]:
            ideas.append(Idea(IdeaKind.BREAKS_POINT, point))
    return tuple(ideas)
