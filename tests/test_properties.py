"""Properties of the rules engine on random legal positions and rolls (Hypothesis)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine import (
    BAR,
    CHECKERS,
    OFF,
    AmbiguousPlayError,
    Constraint,
    IllegalPlayError,
    InvalidNotationError,
    Move,
    Play,
    Position,
    Xgid,
    explain,
    legal_plays,
    parse_play,
)
from trainer.engine.wording import quoted

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROUND_TRIP_PLAYS = 25  # plays per example whose notation is parsed back (each parse searches the roll again)

# --- random legal positions -----------------------------------------------------------------------------------

KINDS = ("spread", "bearoff", "bar")


@st.composite
def positions(draw: st.DrawFn, kind: str | None = None) -> Position:
    """A random legal position: 15 checkers a side over points, bar and off, never both sides on one point.

    ``spread``: checkers anywhere, a few on the bar or off. ``bearoff``: X (on roll) home or nearly, many off.
    ``bar``: X has 1-4 checkers on the bar and O crowds its home board (X's entry points 19-24).
    """
    kind = kind or draw(st.sampled_from(KINDS))
    x = [0] * 26
    o = [0] * 26  # O's own numbering: O's point q is X's point 25 - q
    if kind == "spread":
        x[BAR] = draw(st.integers(0, 2))
        x_off = draw(st.integers(0, 6))
        x_points = list(range(1, 25))
        o[BAR] = draw(st.integers(0, 2))
        o_off = draw(st.integers(0, 6))
    elif kind == "bearoff":
        x_off = draw(st.integers(0, 14))
        x_points = list(range(1, 7))
        o[BAR] = draw(st.integers(0, 1))
        o_off = draw(st.integers(0, 12))
    else:
        x[BAR] = draw(st.integers(1, 4))
        x_off = draw(st.integers(0, 3))
        x_points = list(range(1, 25))
        o[BAR] = draw(st.integers(0, 1))
        o_off = draw(st.integers(0, 3))
    on_board = CHECKERS - x[BAR] - x_off
    for point in draw(st.lists(st.sampled_from(x_points), min_size=on_board, max_size=on_board)):
        x[point] += 1
    if kind == "bearoff" and on_board and draw(st.booleans()):
        # A straggler outside the home board: bearing off is not yet allowed.
        low = min(p for p in range(1, 7) if x[p])
        x[low] -= 1
        x[draw(st.integers(7, 12))] += 1
    free = [point for point in range(1, 25) if not x[point]]
    o_count = CHECKERS - o[BAR] - o_off
    if kind == "bar":
        home = [point for point in free if point >= 19] or free
        crowd = draw(st.integers(0, o_count))
        o_points = draw(st.lists(st.sampled_from(home), min_size=crowd, max_size=crowd))
        o_points += draw(st.lists(st.sampled_from(free), min_size=o_count - crowd, max_size=o_count - crowd))
    else:
        o_points = draw(st.lists(st.sampled_from(free), min_size=o_count, max_size=o_count))
    for point in o_points:
        o[25 - point] += 1
    x[OFF] = CHECKERS - sum(x[1:])
    o[OFF] = CHECKERS - sum(o[1:])
    return Position(x, o)


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))
positions_any = positions()


def spread(items: list[Play], most: int) -> list[Play]:
    """Up to ``most`` items evenly spread over the list (all of them when it is short)."""
    if len(items) <= most:
        return items
    return [items[round(i * (len(items) - 1) / (most - 1))] for i in range(most)]


# --- an independent reference for single moves -------------------------------------------------------------------


def reference_moves(me: list[int], opponent: list[int], die: int) -> Iterator[tuple[int, int]]:
    """Every (start, end) one checker can move with ``die`` by the rules (end 0 = off)."""
    sources = [BAR] if me[BAR] else [point for point in range(24, 0, -1) if me[point]]
    for start in sources:
        end = start - die
        if end > 0:
            if opponent[25 - end] < 2:
                yield start, end
        elif not any(me[7:]) and (end == 0 or not any(me[start + 1 : 7])):
            yield start, OFF


def can_move(me: list[int], opponent: list[int], die: int) -> bool:
    return any(True for _ in reference_moves(me, opponent, die))


def reference_step(me: list[int], opponent: list[int], start: int, end: int) -> tuple[list[int], list[int], bool]:
    me, opponent = list(me), list(opponent)
    me[start] -= 1
    me[end] += 1
    hit = end != OFF and opponent[25 - end] == 1
    if hit:
        opponent[25 - end] = 0
        opponent[BAR] += 1
    return me, opponent, hit


def reference_results(position: Position, dice: tuple[int, int]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The distinct results of a roll by brute force: every die order, most dice, the higher die if only one."""
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] = {}  # result -> (dice used, first die)
    seen: set[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]] = set()

    def search(me: list[int], opponent: list[int], order: tuple[int, ...], depth: int) -> None:
        key = (tuple(me), tuple(opponent), depth, order)
        if key in seen:
            return
        seen.add(key)
        moves = list(reference_moves(me, opponent, order[depth])) if depth < len(order) else []
        if not moves:
            result = (tuple(me), tuple(opponent))
            found[result] = max(found.get(result, (0, 0)), (depth, order[0] if depth else 0))
            return
        for start, end in moves:
            after_me, after_opponent, _ = reference_step(me, opponent, start, end)
            search(after_me, after_opponent, order, depth + 1)

    for order in orders:
        search(list(position.player), list(position.opponent), order, 0)
    most = max(used for used, _ in found.values())
    best = {result: first for result, (used, first) in found.items() if used == most}
    if high != low and most == 1 and high in best.values():
        return {result for result, first in best.items() if first == high}
    return set(best)


# --- properties of legal_plays ------------------------------------------------------------------------------------


@PROPERTY
@given(positions_any, dice_rolls)
def test_legal_plays_are_exactly_those_a_brute_force_search_finds(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    assert {(play.result.player, play.result.opponent) for play in plays} == reference_results(position, dice)


@PROPERTY
@given(positions_any, dice_rolls)
def test_checkers_are_conserved_and_every_result_is_a_legal_board(position: Position, dice: tuple[int, int]) -> None:
    for play in legal_plays(position, dice):
        for side in (play.result.player, play.result.opponent):
            assert len(side) == 26 and sum(side) == CHECKERS and min(side) >= 0
        # Results are built without validation: validating them must not fail (no point held by both sides).
        assert Position(play.result.player, play.result.opponent) == play.result
        assert play.position == position and play.dice == dice


@PROPERTY
@given(positions_any, dice_rolls)
def test_every_play_uses_the_most_dice_it_can(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    used = {play.dice_used for play in plays}
    assert len(used) == 1
    (count,) = used
    high, low = max(dice), min(dice)
    if count == 0:
        assert len(plays) == 1 and plays[0].is_pass and plays[0].result == position and str(plays[0]) == "pass"
        assert not any(can_move(list(position.player), list(position.opponent), die) for die in dice)
        return
    assert not any(play.is_pass for play in plays)
    assert count <= (4 if high == low else 2)
    for play in plays:
        me, opponent = list(play.result.player), list(play.result.opponent)
        if high == low and count < 4:
            # No play can be extended by another of the double's dice.
            assert not can_move(me, opponent, high), play
        elif high != low and count == 1:
            (move,) = play.moves
            fits = [
                die for die in (high, low) if move.start - move.end == die or (move.end == OFF and move.start < die)
            ]
            assert fits, play
            # The other die cannot be played after this one.
            assert any(not can_move(me, opponent, low if die == high else high) for die in fits), play
            if can_move(list(position.player), list(position.opponent), high):
                assert high in fits, f"{play} must use the higher die {high}"


@PROPERTY
@given(positions_any, dice_rolls)
def test_no_two_plays_share_a_result(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    assert len({play.result for play in plays}) == len(plays)
    assert len(set(plays)) == len(plays)


@PROPERTY
@given(positions_any, dice_rolls)
def test_opponent_checkers_change_only_by_hits(position: Position, dice: tuple[int, int]) -> None:
    before = position.opponent
    for play in legal_plays(position, dice):
        after = play.result.opponent
        assert after[OFF] == before[OFF]
        assert after[BAR] - before[BAR] == play.hits == len(play.hit_points())
        for point in range(1, 25):  # X's numbering
            if point in play.hit_points():
                assert before[25 - point] == 1 and after[25 - point] == 0
            else:
                assert after[25 - point] == before[25 - point]
        # The mover never loses borne-off checkers and moves only forward: its pip count drops.
        assert play.result.player_off >= position.player_off
        assert play.result.pip_count()[0] < position.pip_count()[0] or play.is_pass


def replay(
    me: list[int], opponent: list[int], moves: list[Move], left: list[int]
) -> tuple[list[int], list[int]] | None:
    """Play ``moves`` in order with the dice ``left`` by the reference rules; the board after, or ``None``."""
    if not moves:
        return me, opponent
    move, rest = moves[0], moves[1:]
    for die in sorted(set(left)):  # a bear-off may fit more than one die: try each
        if (move.start, move.end) not in set(reference_moves(me, opponent, die)):
            continue
        after_me, after_opponent, hit = reference_step(me, opponent, move.start, move.end)
        if hit != move.hit:
            return None
        remaining = list(left)
        remaining.remove(die)
        outcome = replay(after_me, after_opponent, rest, remaining)
        if outcome is not None:
            return outcome
    return None


@PROPERTY
@given(positions_any, dice_rolls)
def test_each_play_is_a_sequence_of_legal_single_moves(position: Position, dice: tuple[int, int]) -> None:
    high, low = max(dice), min(dice)
    for play in legal_plays(position, dice):
        left = [high] * 4 if high == low else [high, low]
        outcome = replay(list(position.player), list(position.opponent), list(play.moves), left)
        assert outcome is not None, f"{play}: {play.moves} cannot be played in this order with {dice}"
        assert (tuple(outcome[0]), tuple(outcome[1])) == (play.result.player, play.result.opponent), play


@PROPERTY
@given(positions_any, dice_rolls)
def test_explain_agrees_with_the_plays(position: Position, dice: tuple[int, int]) -> None:
    explanation = explain(position, dice)
    plays = legal_plays(position, dice)
    assert {play.result for play in explanation.plays} == {play.result for play in plays}
    assert explanation.forced == (len(plays) == 1)
    assert (Constraint.NO_PLAY in explanation.constraints) == explanation.no_play == plays[0].is_pass
    assert (Constraint.ONLY_ONE_PLAY in explanation.constraints) == (len(plays) == 1 and not plays[0].is_pass)
    full = 4 if dice[0] == dice[1] else 2
    shortfall = explanation.constraints - {Constraint.ONLY_ONE_PLAY}
    assert len(shortfall) == (1 if plays[0].dice_used < full else 0)


# --- round trips ------------------------------------------------------------------------------------------------


@PROPERTY
@given(positions_any, dice_rolls)
def test_position_id_xgid_and_text_round_trip(position: Position, dice: tuple[int, int]) -> None:
    boards = [position, position.swap()]
    boards += [play.result for play in spread(list(legal_plays(position, dice)), 5)]
    for board in boards:
        assert len(board.position_id()) == 14
        assert Position.from_position_id(board.position_id()) == board
        assert Position.from_xgid(board.xgid()) == board
        assert Position.from_xgid(board.xgid(dice)) == board
        assert Xgid.from_xgid(board.xgid(dice)).dice == dice
        assert Position.from_text(board.text()) == board
        assert Position.from_text(board.text().lower()) == board


@PROPERTY
@given(positions_any, dice_rolls)
def test_notation_round_trips(position: Position, dice: tuple[int, int]) -> None:
    plays = sorted(legal_plays(position, dice), key=lambda play: play.result.position_id())
    for play in spread(plays, ROUND_TRIP_PLAYS):
        parsed = parse_play(position, dice, str(play))
        assert parsed == play and parsed.result == play.result, str(play)
        assert parse_play(position, (dice[1], dice[0]), str(play)).result == play.result


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_position_can_be_drawn(kind: str) -> None:
    @settings(max_examples=20, deadline=None)
    @given(positions(kind))
    def check(position: Position) -> None:
        if kind == "bar":
            assert position.player_bar >= 1
        if kind == "bearoff":
            assert not any(position.player[13:])

    check()


# --- the parser raises only its documented errors ----------------------------------------------------------------

DOCUMENTED = (InvalidNotationError, IllegalPlayError, AmbiguousPlayError)
NOTATION_ALPHABET = "0123456789/*() barof,-"


def check_parse(position: Position, dice: tuple[int, int], text: str) -> None:
    try:
        play = parse_play(position, dice, text)
    except DOCUMENTED as error:
        assert error.text == text and error.dice == dice and error.position_id == position.position_id()
        assert error.reason and quoted(text) in str(error)  # the input, cut short when long
        assert "this is not a legal play" not in error.reason, error.reason  # the diagnosis found no rule
        if isinstance(error, AmbiguousPlayError):
            assert len(error.candidates) >= 2
            assert len({parse_play(position, dice, other) for other in error.candidates}) == len(error.candidates)
    else:
        assert play in legal_plays(position, dice)


@PROPERTY
@given(positions_any, dice_rolls, st.text(max_size=40))
def test_parser_raises_only_documented_errors_on_any_text(position: Position, dice: tuple[int, int], text: str) -> None:
    check_parse(position, dice, text)


@PROPERTY
@given(positions_any, dice_rolls, st.text(alphabet=NOTATION_ALPHABET, max_size=30))
def test_parser_raises_only_documented_errors_on_notation_like_text(
    position: Position, dice: tuple[int, int], text: str
) -> None:
    check_parse(position, dice, text)


@st.composite
def plausible_plays(draw: st.DrawFn) -> tuple[Position, tuple[int, int], str]:
    """Readable plays close to legal ones: real starting points and distances from the dice, sometimes off by one,
    with or without hit marks and counts."""
    position = draw(positions_any)
    dice = draw(dice_rolls)
    occupied = [point for point in range(25, 0, -1) if position.player[point]] or [25]
    segments = []
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.sampled_from(occupied) | st.integers(1, 25))
        points = [start]
        for die in draw(st.lists(st.sampled_from(dice) | st.integers(1, 6), min_size=1, max_size=4)):
            points.append(max(points[-1] - die, 0))
            if points[-1] == 0:
                break
        keep = [points[0]] + [p for p in points[1:-1] if draw(st.booleans())] + [points[-1]]
        names = ["bar" if keep[0] == 25 else str(keep[0])]
        for point in keep[1:]:
            name = "off" if point == 0 else str(point)
            names.append(name + ("*" if point and draw(st.integers(0, 4)) == 0 else ""))
        count = draw(st.sampled_from(["", "", "", "(2)", "(3)"]))
        segments.append("/".join(names) + count)
    return position, dice, draw(st.sampled_from([" ", ", ", "  "])).join(segments)


@PROPERTY
@given(plausible_plays())
def test_parser_raises_only_documented_errors_on_plausible_plays(case: tuple[Position, tuple[int, int], str]) -> None:
    check_parse(*case)
