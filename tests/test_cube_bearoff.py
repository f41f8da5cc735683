"""Exact money cube decisions in bear-offs: the shipped cubeful table against an independent recursion and
GNU Backgammon's figures for 400 positions."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import load_jsonl

from trainer.engine import CubeError, NotBearOffError, Position, TableError, bearoff
from trainer.engine.bearoff import HomeBoard, cube_decision, home_side, play_results, positions

QUANTUM = 1 / 32767  # the table stores whole numbers of 1/32767


# --- an independent recursion --------------------------------------------------------------------------------


@cache
def no_double(on_roll: HomeBoard, other: HomeBoard, state: str) -> float:
    """The no-double money equity of the side on roll, written from the rules alone: in each of the 36 rolls it
    picks the play best for its own cube state, then the opponent acts with its best cube decision."""
    if not sum(other):
        return -1.0
    total = 0.0
    for high in range(1, 7):
        for low in range(1, high + 1):
            best = max(-best_action(other, result, opposite(state)) for result in play_results(on_roll, high, low))
            total += best if high == low else 2 * best  # 2-1 and 1-2 are two of the 36 rolls
    return total / 36


def opposite(state: str) -> str:
    """A cube state seen by the other side."""
    return {"centered": "centered", "owned": "opponent owns", "opponent owns": "owned"}[state]


def best_action(on_roll: HomeBoard, other: HomeBoard, state: str) -> float:
    """The equity of the side on roll after its best cube decision (it may double unless the opponent owns the
    cube; the opponent then takes or passes, whichever costs it less)."""
    if not sum(on_roll):
        return 1.0
    if not sum(other):
        return -1.0
    stay = no_double(on_roll, other, state)
    if state == "opponent owns":
        return stay
    return max(stay, min(2 * no_double(on_roll, other, "opponent owns"), 1.0))


def test_the_shipped_table_matches_an_independent_recursion() -> None:
    small = positions(3)[1:]  # every bear-off of one to three checkers a side: 83 x 83 pairs
    worst = 0.0
    for mine in small:
        for theirs in small:
            position = Position.from_points(
                {point: count for point, count in enumerate(mine, 1) if count},
                {point: count for point, count in enumerate(theirs, 1) if count},
            )
            centered = cube_decision(position)
            owned = cube_decision(position, "player")
            expected = (
                no_double(mine, theirs, "centered"),
                no_double(mine, theirs, "owned"),
                2 * no_double(mine, theirs, "opponent owns"),
            )
            found = (centered.no_double, owned.no_double, centered.double_take)
            worst = max(worst, *(abs(a - b) for a, b in zip(found, expected, strict=True)))
            assert centered.double_take == owned.double_take
    assert worst <= 2 * QUANTUM


# --- GNU Backgammon's figures ----------------------------------------------------------------------------------


def test_gnubg_cube_figures_for_400_bear_offs() -> None:
    errors: list[float] = []
    wrong_actions = []
    for case in load_jsonl("cube_cases.jsonl"):
        position = Position.from_position_id(case["position_id"])
        assert position.text() == case["text"]
        centered = cube_decision(position, "centered")
        owned = cube_decision(position, "player")
        errors += [
            abs(centered.cubeless_equity - case["cubeless"]),
            abs(centered.no_double - case["centered"]),
            abs(owned.no_double - case["owned"]),
            abs(centered.double_take - 2 * case["opp_owns"]),
            abs(centered.margin - case["centered_margin"]),
            abs(owned.margin - case["owned_margin"]),
        ]
        for decision, action, margin in (
            (centered, case["centered_action"], case["centered_margin"]),
            (owned, case["owned_action"], case["owned_margin"]),
        ):
            if margin >= 0.003 and decision.action != action:
                wrong_actions.append((case["position_id"], decision.owner, decision.action, action))
    assert len(errors) == 2400
    assert max(errors) < 0.002
    assert wrong_actions == []


def test_owning_the_cube_can_turn_a_double_into_no_double() -> None:
    # X: 6 5x2 4 2 against O: 24x2 22x2 21 20 (GNU Backgammon's case swIAAGkBAAAAAA): with the cube in the
    # middle X should double and O take; owning the cube, X keeps it.
    position = Position.from_position_id("swIAAGkBAAAAAA")
    centered, owned = cube_decision(position), cube_decision(position, "player")
    assert centered.action == "double, take" and centered.should_double and centered.should_take
    assert owned.action == "no double" and not owned.should_double
    assert owned.no_double > centered.no_double  # owning the cube is worth something
    assert centered.double_take == owned.double_take and centered.double_pass == 1.0
    assert centered.equity == centered.double_take and owned.equity == owned.no_double
    assert centered.double_gain == pytest.approx(centered.double_take - centered.no_double)
    assert centered.take_gain == pytest.approx(1.0 - centered.double_take)


def test_a_sure_win_is_a_double_and_a_pass() -> None:
    # X bears off its last checker with any roll: O passes, losing 1 rather than 2.
    decision = cube_decision(Position.from_text("X: 1 / O: 19x6"))
    assert decision.win_probability == 1.0
    assert (decision.no_double, decision.double_take) == (1.0, 2.0)
    assert decision.action == "double, pass" and not decision.should_take


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("X: 8 3x2 / O: 24 23", "X has a checker on its 8-point: this is not a pure bear-off"),
        ("X: 3x2 / O: 24 bar", "O has a checker on the bar"),
        ("X: 6x7 / O: 24 23", "X has 7 checkers left; the exact cube table covers bear-offs of at most 6"),
        ("X: 6 / O: 19x4 20x4", "O has 8 checkers left"),
        ("X: - / O: 24", "the game is over: X has borne off all 15 checkers"),
    ],
)
def test_positions_outside_the_table_are_refused_with_the_reason(text: str, fragment: str) -> None:
    position = Position.from_text(text)
    with pytest.raises(NotBearOffError, match=fragment) as caught:
        cube_decision(position)
    assert position.position_id() in str(caught.value)


def test_the_cube_owner_is_centered_or_the_player() -> None:
    with pytest.raises(CubeError, match="'centered' or 'player', not 'opponent'"):
        cube_decision(Position.from_text("X: 1 / O: 24"), "opponent")  # type: ignore[arg-type]


def test_a_damaged_cubeful_table_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = tmp_path / "cubeful.bin"
    damaged.write_bytes(b"BGT3\x9c\x03\x00\x00not zlib")
    bearoff.cubeful.cache_clear()
    try:
        monkeypatch.setattr(bearoff, "CUBEFUL_FILE", damaged)
        with pytest.raises(TableError, match="damaged"):
            cube_decision(Position.from_text("X: 1 / O: 24"))
        damaged.write_bytes(b"BGT2" + bytes(8))
        bearoff.cubeful.cache_clear()
        with pytest.raises(TableError, match="not a cubeful bear-off table"):
            bearoff.cubeful()
    finally:
        monkeypatch.undo()
        bearoff.cubeful.cache_clear()


def test_home_side_reads_the_six_home_points() -> None:
    position = Position.from_text("X: 6 5x2 4 2 / O: 24x2 22x2 21 20")
    assert home_side(position.player) == (0, 1, 0, 1, 2, 1)
    assert home_side(position.opponent) == (2, 0, 2, 1, 1, 0)
