"""Reading plays written in standard notation and matching them to the legal play they describe.

A checker waiting to enter (acey-deucey) is written entering from ``in``: ``in/22``, ``in/22*``, ``in/20(2)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from trainer.engine import wording
from trainer.engine.dice import Dice
from trainer.engine.errors import AmbiguousPlayError, IllegalPlayError, InvalidNotationError
from trainer.engine.moves import Move, Play, format_moves, legal_plays, point_name
from trainer.engine.position import BAR, OFF, WAITING, Position
from trainer.engine.rules import apply_step, step_problem

PASS_NOTATION = frozenset({"pass", "no play", "no move", "none", "no legal play"})
"""What the learner may write for the empty play of a roll that can't be played (notation: never translated)."""
_POINT = r"(?:bar|off|in|\d{1,3})"
_TOKEN = re.compile(rf"({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d{{1,3}})\))?")
MAX_PLAY_TEXT = 200
"""The longest text read as a play: four moves with every stop written fit in far less."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One checker's path as written: ``points`` from start to end (25 bar, 26 in, 0 off), hits marked, ``count``
    times."""

    points: tuple[int, ...]
    hits: frozenset[int]
    count: int
    text: str


def _read_segments(text: str) -> list[Segment]:
    """Split notation into checker paths without looking at any position.

    :raises ValueError: with the reason the text cannot be read, which :func:`parse_play` turns into an
        :class:`InvalidNotationError` quoting the text, the dice and the position.
    """
    if len(text) > MAX_PLAY_TEXT:
        raise ValueError(wording.play_too_long(len(text)))
    normal = re.sub(r"\s*/\s*", "/", text.strip().lower())
    normal = re.sub(r"\s*\*", "*", normal)
    normal = re.sub(r"\s*\(\s*(\d+)\s*\)", r"(\1)", normal)
    segments = []
    for token in re.split(r"[\s,;]+", normal):
        if not token:
            continue
        token = re.sub(r"(?<=\d)-(?=\d|off)|(?<=bar)-|(?<=^in)-", "/", token)
        match = _TOKEN.fullmatch(token)
        if not match:
            raise ValueError(wording.unreadable_move(token))
        path, repeat = match.group(1), match.group(2)
        count = int(repeat) if repeat else 1
        if not 1 <= count <= 4:
            raise ValueError(wording.too_many_repeats(token, count))
        points: list[int] = []
        hits: set[int] = set()
        parts = path.split("/")
        for index, part in enumerate(parts):
            hit = part.endswith("*")
            name = part.rstrip("*")
            point = BAR if name == "bar" else OFF if name == "off" else WAITING if name == "in" else int(name)
            if point > 25 and name != "in":
                raise ValueError(wording.no_such_point(token, point))
            if point == BAR and index > 0:
                raise ValueError(wording.bar_only_at_start(token))
            if point == WAITING and index > 0:
                raise ValueError(wording.waiting_only_at_start(token))
            if point == OFF and index < len(parts) - 1:
                raise ValueError(wording.off_only_at_end(token))
            if hit and index == 0:
                raise ValueError(wording.hit_at_start(token))
            if hit and point == OFF:
                raise ValueError(wording.hit_off_the_board(token))
            if hit:
                hits.add(point)
            points.append(point)
        segments.append(Segment(tuple(points), frozenset(hits), count, token))
    return segments


def parse_play(position: Position, dice: Sequence[int], text: str, plays: tuple[Play, ...] | None = None) -> Play:
    """The legal play that ``text`` describes, e.g. ``24/18 13/8``, ``bar/22*``, ``6/off``, ``8/5(2)`` or ``pass``;
    ``in/22`` enters a checker waiting to enter (acey-deucey).

    Moves may come in any order, spacing and case; ``25`` means the bar and ``0`` off. ``plays``: the roll's legal
    plays when they are known already (e.g. a game's own; not checked), so that the roll is not searched again.

    :raises InvalidDiceError: if ``dice`` is not two numbers from 1 to 6.
    :raises InvalidNotationError: if the text cannot be read.
    :raises IllegalPlayError: if it is readable but illegal; ``reason`` names the first rule it breaks.
    :raises AmbiguousPlayError: if it matches more than one legal play.
    """
    roll = Dice.of(dice)
    position_id = position.identifier()
    if plays is None:
        plays = legal_plays(position, roll)
    words = " ".join(text.lower().split())
    if words in PASS_NOTATION:
        if plays[0].is_pass:
            return plays[0]
        raise IllegalPlayError(text, position_id, roll, wording.must_play())
    try:
        segments = _read_segments(text)
    except ValueError as error:
        raise InvalidNotationError(text, position_id, roll, str(error)) from None
    if not segments:
        raise InvalidNotationError(text, position_id, roll, wording.write_a_play())

    layout = _mine(position)
    for segment in segments:
        layout[segment.points[0]] -= segment.count
        layout[segment.points[-1]] += segment.count
    stated_hits = frozenset().union(*(segment.hits for segment in segments))
    candidates = [play for play in plays if tuple(_mine(play.result)) == tuple(layout)]
    if not candidates:
        reason, example = _diagnose(position, roll, segments, plays)
        raise IllegalPlayError(text, position_id, roll, reason, example)
    # Every written step is part of the play: the route must be playable, and landing on a blot hits it.
    hops = _hops(segments)
    outcome = _walk(_mine(position), list(position.opponent), hops, list(roll.moves), roll)
    if isinstance(outcome, _Failure):
        raise IllegalPlayError(text, position_id, roll, outcome.reason)
    stated_hits |= {end for _, end in hops if end != OFF and position.opponent[25 - end] == 1}
    matching = [play for play in candidates if stated_hits <= play.hit_points()]
    if not matching:
        missing = min(stated_hits - candidates[0].hit_points())
        raise IllegalPlayError(text, position_id, roll, wording.no_blot_to_hit(missing))
    if len(matching) > 1:
        exact = [play for play in matching if play.hit_points() == stated_hits]
        if len(exact) == 1:
            return exact[0]
        options = tuple(str(play) for play in matching)
        raise AmbiguousPlayError(text, position_id, roll, wording.which_hit(options), options)
    return matching[0]


def _mine(position: Position) -> list[int]:
    """The mover's 26 counts and, as a 27th (slot 26), its checkers waiting to enter."""
    return [*position.player, position.player_waiting]


def _pips(start: int, end: int) -> int:
    """How far a checker goes from ``start`` to ``end`` (to 0 when it bears off); the bar and ``in`` are 25."""
    return min(start, BAR) - end


def _start_order(start: int) -> tuple[int, bool]:
    """Sort key playing higher starts first, the bar before entering a waiting checker."""
    return -min(start, BAR), start == WAITING


# --- diagnosis of illegal plays ---------------------------------------------------------------------------


@dataclass
class _Failure:
    progress: int
    reason: str


def _hop_dice(distance: int, to_off: bool, dice: list[int]) -> list[tuple[int, ...]]:
    """Orders of the remaining dice that carry one checker exactly ``distance`` pips (or past 0 when bearing off)."""
    options: list[tuple[int, ...]] = []
    for size in range(1, len(dice) + 1):
        for order in dict.fromkeys(permutations(dice, size)):
            sums = [sum(order[: i + 1]) for i in range(size)]
            if any(partial >= distance for partial in sums[:-1]):
                continue
            if sums[-1] == distance or (to_off and sums[-1] > distance):
                options.append(order)
    exact = [order for order in options if sum(order) == distance]
    return exact + [order for order in options if order not in exact]


def _label(start: int, end: int) -> str:
    return f"{point_name(start)}/{point_name(end)}"


def _hop_failure(
    me: list[int], opponent: list[int], start: int, end: int, dice: list[int], roll: Dice, emptied_by: str
) -> _Failure | None:
    """Why a written step cannot be made with the dice left at all (direction and distance), if it cannot;
    ``emptied_by``: the earlier moves that took every checker from ``start`` (see :func:`_emptied_by`)."""
    label = _label(start, end)
    if end >= start:
        return _Failure(0, wording.backwards(label))
    if not dice:
        return _Failure(0, wording.roll_used_up_before(label, str(roll)))
    if _hop_dice(_pips(start, end), end == OFF, dice):
        return None
    needed = _hop_dice(_pips(start, end), end == OFF, list(roll.moves))
    if not needed:
        return _Failure(0, wording.distance_fits_no_dice(label, _pips(start, end), roll.high, roll.low))
    first_die = needed[0][0]
    problem = step_problem(me, opponent, start, first_die, emptied_by)
    if problem:  # the die it needs would not be allowed here anyway: that is the real reason
        return _Failure(0, problem)
    if roll.is_double:
        return _Failure(0, wording.double_moves_left(label, len(needed[0]), roll[0], len(dice)))
    if len(needed[0]) == 2:
        return _Failure(0, wording.both_dice_needed(label))
    return _Failure(0, wording.die_used_by_another_move(label, first_die, str(roll.high_first())))


Step = tuple[int, int, tuple[int, int], str]
"""One single-die step of a written play: its start, its die, the written step (start and end) it is part of,
and for a written step of several dice, the route it takes (for messages)."""


def _emptied_by(before: list[int], made: list[Step], start: int) -> str:
    """The steps ``made`` that took checkers from ``start``, as written (``18/13``, ``8/5(2)``), if ``start``
    held some before the play: what emptied it when no checker is left there; empty otherwise."""
    if not before[start]:
        return ""
    written = tuple(Move(*hop) for step_start, _, hop, _ in made if step_start == start)
    return format_moves(written) if written else ""


def _simulate(me: list[int], opponent: list[int], steps: list[Step]) -> int | _Failure:
    """Make single-die steps, highest start first; the number made, or the first refusal."""
    before, me, opponent = me, list(me), list(opponent)
    made: list[Step] = []
    for step in sorted(steps, key=lambda step: _start_order(step[0])):
        start, die, hop, route = step
        problem = step_problem(me, opponent, start, die, _emptied_by(before, made, start))
        if problem:
            return _Failure(len(made), wording.detour_refused(_label(*hop), route, problem) if route else problem)
        apply_step(me, opponent, start, die)
        made.append(step)
    return len(steps)


def _board_after(me: list[int], opponent: list[int], steps: list[Step]) -> tuple[list[int], list[int]]:
    """The board once the steps are made, highest start first, up to the first one the rules refuse."""
    me, opponent = list(me), list(opponent)
    for start, die, _, _ in sorted(steps, key=lambda step: _start_order(step[0])):
        if step_problem(me, opponent, start, die):
            break
        apply_step(me, opponent, start, die)
    return me, opponent


def _walk(
    me: list[int], opponent: list[int], hops: list[tuple[int, int]], dice: list[int], roll: Dice
) -> int | _Failure:
    """Give each written step some of the dice and make the single moves in a legal order.

    Returns the number of dice used, or the refusal that got furthest (the first rule the play breaks).
    """

    def assign(index: int, left: list[int], steps: list[Step]) -> int | _Failure:
        if index == len(hops):
            return _simulate(me, opponent, steps)
        start, end = hops[index]
        emptied_by = _emptied_by(me, steps, start)
        failure = _hop_failure(*_board_after(me, opponent, steps), start, end, left, roll, emptied_by)
        if failure is not None:
            made = _simulate(me, opponent, steps)
            return made if isinstance(made, _Failure) else _Failure(made, failure.reason)
        orders = _hop_dice(_pips(start, end), end == OFF, left)
        on_the_way = _closed_on_the_way(opponent, start, orders)
        if len(orders) > 1 and len(on_the_way) == len(orders):
            reasons = list(dict.fromkeys(on_the_way))
            return _Failure(len(steps), wording.no_stop_on_the_way(_label(start, end), reasons))
        found: _Failure | None = None
        single: _Failure | None = None
        for order in orders:
            rest = list(left)
            points = [start]
            for die in order:
                rest.remove(die)
                points.append(max(min(points[-1], BAR) - die, OFF))
            route = "/".join(point_name(point) for point in points) if len(order) > 1 else ""
            route_steps = [(point, die, (start, end), route) for point, die in zip(points[:-1], order, strict=True)]
            outcome = assign(index + 1, rest, steps + route_steps)
            if isinstance(outcome, int):
                return outcome
            if len(order) == 1 and single is None:
                single = outcome
            if found is None or outcome.progress > found.progress:
                found = outcome
        # One die is the natural reading of a step (and of every bear-off): explain that reading first.
        best = single or found
        assert best is not None
        return best

    return assign(0, dice, [])


def _closed_on_the_way(opponent: list[int], start: int, orders: list[tuple[int, ...]]) -> list[str]:
    """For each multi-die order, the first closed point it would stop on before the end (orders that have one)."""
    reasons = []
    for order in orders:
        point = min(start, BAR)
        for die in order[:-1]:
            point -= die
            if point > 0 and opponent[25 - point] >= 2:
                reasons.append(wording.point_closed(point, opponent[25 - point]))
                break
    return reasons


def _hops(segments: list[Segment]) -> list[tuple[int, int]]:
    """Every written step of every checker, highest start first (the order in which a legal play can be made)."""
    hops: list[tuple[int, int]] = []
    for segment in segments:
        for _ in range(segment.count):
            hops.extend(zip(segment.points, segment.points[1:], strict=False))
    hops.sort(key=lambda hop: _start_order(hop[0]))
    return hops


def _diagnose(
    position: Position, roll: Dice, segments: list[Segment], plays: tuple[Play, ...]
) -> tuple[str, str | None]:
    """The first rule a readable play breaks (it matched no legal play), and for a rule about using more of the
    roll, a legal play that does (kept apart from the reason, so that the reason never gives the answer away)."""
    hops = _hops(segments)
    outcome = _walk(_mine(position), list(position.opponent), hops, list(roll.moves), roll)
    if isinstance(outcome, _Failure):
        return outcome.reason, None
    used, most = outcome, plays[0].dice_used
    high = roll.high
    example = _closest_example(hops, plays)
    if used < most:
        if roll.is_double:
            return wording.plays_too_little_of_double(used, most, high), example
        return wording.must_use_both_dice(), example
    if used == most == 1 and not roll.is_double:
        return wording.must_use_higher_die(high), example
    return wording.not_a_legal_play(), example  # pragma: no cover - every case is named above


def _closest_example(hops: list[tuple[int, int]], plays: tuple[Play, ...]) -> str:
    """A legal play sharing the most starting points with the learner's hops, for an example in a message."""
    starts = [start for start, _ in hops]

    def shared(play: Play) -> int:
        remaining = list(starts)
        count = 0
        for move in play.moves:
            if move.start in remaining:
                remaining.remove(move.start)
                count += 1
        return count

    return str(max(plays, key=shared))
