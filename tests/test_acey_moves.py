"""Legal plays with checkers waiting to enter (acey-deucey): the 2,000 reference cases, and properties against a
brute-force search written from the rules."""

from __future__ import annotations

from collections.abc import Iterator

from conftest import load_jsonl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import positions as standard_positions
from test_properties import reference_results as standard_reference
from test_waiting_positions import waiting_positions

from trainer.engine import BAR, CHECKERS, OFF, WAITING, Position, legal_plays

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Board = tuple[tuple[int, ...], int, tuple[int, ...]]  # the mover's 26 counts, its waiting count, the opponent's


def acey_cases() -> list[dict[str, object]]:
    return load_jsonl("acey_cases.jsonl")


# --- the reference cases -----------------------------------------------------------------------------------


def test_every_reference_case_has_exactly_the_reference_results() -> None:
    cases = acey_cases()
    assert len(cases) == 2000
    mismatches = []
    for number, case in enumerate(cases):
        position = Position.from_text(str(case["position"]))
        assert position.text() == case["position"]
        plays = legal_plays(position, tuple(case["dice"]))  # type: ignore[arg-type]
        results = sorted(play.result.text() for play in plays)
        if results != case["results"]:
            mismatches.append(number)
    assert mismatches == [], f"{len(mismatches)} cases differ from the reference, first: {mismatches[:10]}"


def test_the_reference_cases_cover_what_the_variant_changes() -> None:
    starts = {
        move.start
        for case in acey_cases()[:300]
        for play in legal_plays(Position.from_text(str(case["position"])), tuple(case["dice"]))  # type: ignore[arg-type]
        for move in play.moves
    }
    assert {WAITING, BAR} <= starts
    positions = [Position.from_text(str(case["position"])) for case in acey_cases()]
    assert any(p.player_bar and p.player_waiting for p in positions)  # the bar first, waiting checkers after
    assert any(not p.player_waiting and p.opponent_waiting for p in positions)


# --- a brute-force reference written from the rules --------------------------------------------------------


def reference_moves(me: list[int], waiting: int, opponent: list[int], die: int) -> Iterator[tuple[int, int]]:
    """Every (start, end) one checker can move with ``die``: a checker on the bar first; a waiting checker (26)
    enters like one from the bar; bearing off only with every checker home and none waiting (end 0 = off)."""
    sources = [BAR] if me[BAR] else [WAITING] * bool(waiting) + [point for point in range(24, 0, -1) if me[point]]
    for start in sources:
        end = (BAR if start == WAITING else start) - die
        if end > 0:
            if opponent[25 - end] < 2:
                yield start, end
        elif not waiting and not any(me[7:]) and (end == 0 or not any(me[start + 1 : 7])):
            yield start, OFF


def reference_results(position: Position, dice: tuple[int, int]) -> set[Board]:
    """The distinct results of a roll: every die order, the most dice, the higher die if only one can be played."""
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    found: dict[Board, tuple[int, int]] = {}

    def search(me: list[int], waiting: int, opponent: list[int], order: tuple[int, ...], depth: int) -> None:
        moves = list(reference_moves(me, waiting, opponent, order[depth])) if depth < len(order) else []
        if not moves:
            board = (tuple(me), waiting, tuple(opponent))
            found[board] = max(found.get(board, (0, 0)), (depth, order[0] if depth else 0))
        for start, end in moves:
            mine, theirs, left = list(me), list(opponent), waiting
            if start == WAITING:
                left -= 1
            else:
                mine[start] -= 1
            mine[end] += 1
            if end != OFF and theirs[25 - end] == 1:
                theirs[25 - end], theirs[BAR] = 0, theirs[BAR] + 1
            search(mine, left, theirs, order, depth + 1)

    for order in orders:
        search(list(position.player), position.player_waiting, list(position.opponent), order, 0)
    most = max(used for used, _ in found.values())
    best = {board: first for board, (used, first) in found.items() if used == most}
    if high != low and most == 1 and high in best.values():
        return {board for board, first in best.items() if first == high}
    return set(best)


def boards(position: Position, dice: tuple[int, int]) -> set[Board]:
    return {(p.result.player, p.result.player_waiting, p.result.opponent) for p in legal_plays(position, dice)}


dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))
reference_positions = st.sampled_from([str(case["position"]) for case in load_jsonl("acey_cases.jsonl")]).map(
    Position.from_text
)
with_waiting = st.one_of(waiting_positions(), reference_positions)


@PROPERTY
@given(with_waiting, dice_rolls)
def test_legal_plays_are_exactly_those_the_brute_force_search_finds(position: Position, dice: tuple[int, int]) -> None:
    assert boards(position, dice) == reference_results(position, dice)


@PROPERTY
@given(standard_positions(), dice_rolls)
def test_with_nothing_waiting_the_rules_are_the_standard_rules(position: Position, dice: tuple[int, int]) -> None:
    standard = standard_reference(position, dice)
    assert {(me, them) for me, _, them in reference_results(position, dice)} == standard
    assert {(play.result.player, play.result.opponent) for play in legal_plays(position, dice)} == standard
    assert all(not play.result.has_waiting() for play in legal_plays(position, dice))


@PROPERTY
@given(with_waiting, dice_rolls)
def test_checkers_are_conserved_counting_those_waiting(position: Position, dice: tuple[int, int]) -> None:
    for play in legal_plays(position, dice):
        result = play.result
        for side, waiting in ((result.player, result.player_waiting), (result.opponent, result.opponent_waiting)):
            assert len(side) == 26 and min(side) >= 0 and sum(side) + waiting == CHECKERS
        # Results are built without validation: validating them must not fail.
        assert Position(
            result.player, result.opponent, player_waiting=result.player_waiting,
            opponent_waiting=result.opponent_waiting,
        ) == result  # fmt: skip
        # Waiting checkers only ever enter; the opponent's never move; nobody bears off with checkers waiting.
        entered = position.player_waiting - result.player_waiting
        assert entered == sum(move.start == WAITING for move in play.moves) >= 0
        assert result.opponent_waiting == position.opponent_waiting
        if position.player_waiting:
            assert result.player_off == position.player_off
        assert result.pip_count()[0] < position.pip_count()[0] or play.is_pass


@PROPERTY
@given(with_waiting, dice_rolls)
def test_each_play_is_a_sequence_of_legal_single_moves(position: Position, dice: tuple[int, int]) -> None:
    high, low = max(dice), min(dice)
    for play in legal_plays(position, dice):
        me, waiting, opponent = list(position.player), position.player_waiting, list(position.opponent)
        left = [high] * 4 if high == low else [high, low]
        for move in play.moves:
            step = (move.start, move.end)
            die = next(d for d in sorted(set(left)) if step in reference_moves(me, waiting, opponent, d))
            left.remove(die)
            assert move.pips == die or (move.end == OFF and move.pips < die)
            if move.start == WAITING:
                waiting -= 1
            else:
                me[move.start] -= 1
            me[move.end] += 1
            assert move.hit == (move.end != OFF and opponent[25 - move.end] == 1)
            if move.hit:
                opponent[25 - move.end], opponent[BAR] = 0, opponent[BAR] + 1
        result = play.result
        assert (tuple(me), waiting, tuple(opponent)) == (result.player, result.player_waiting, result.opponent)


@PROPERTY
@given(with_waiting, dice_rolls)
def test_the_opponents_waiting_checkers_change_nothing_for_the_mover(position: Position, dice: tuple[int, int]) -> None:
    opponent = list(position.opponent)
    opponent[OFF] += position.opponent_waiting
    if opponent[OFF] == CHECKERS and position.player_off == CHECKERS:
        return
    without = Position(list(position.player), opponent, player_waiting=position.player_waiting)
    assert {(me, waiting) for me, waiting, _ in boards(position, dice)} == {
        (me, waiting) for me, waiting, _ in boards(without, dice)
    }
