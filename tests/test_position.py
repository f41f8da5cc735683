"""Tests of :class:`trainer.engine.position.Position` and :class:`trainer.engine.xgid.Xgid`.

The oracle data in ``tests/data`` (GNU Backgammon Position IDs of puzzle positions and of every legal result) is
used as an independent check of the Position ID encoding and of its orientation: the side on roll is encoded
second, and every answer is seen from the side that moved.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine.errors import InvalidPositionError
from trainer.engine.position import Position
from trainer.engine.xgid import Xgid

DATA = Path(__file__).parent / "data"

START_ID = "4HPwATDgc/ABMA"
START_TEXT = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
START_LAYOUT = {24: 2, 13: 5, 8: 3, 6: 5}

# Case c00005 of legal_cases.jsonl: the player on roll has three checkers on the bar (its only play with 1-3 is
# "bar/22"), the opponent none.
BAR_CASE_ID = "O7cHAAAVQkVwHA"

HYPOTHESIS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- data ------------------------------------------------------------------------------------------------


def _read_jsonl(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@cache
def legal_cases() -> list[dict[str, Any]]:
    return _read_jsonl("legal_cases.jsonl")


@cache
def legal_answers() -> list[dict[str, Any]]:
    return _read_jsonl("legal_answers.jsonl")


@cache
def all_ids() -> tuple[str, ...]:
    """Every Position ID of the data: each case position and each answer result, sorted, without repeats."""
    ids = {case["position"] for case in legal_cases()}
    for answer in legal_answers():
        ids.update(answer["results"])
    return tuple(sorted(ids))


@cache
def decoded() -> dict[str, Position]:
    return {position_id: Position.from_position_id(position_id) for position_id in all_ids()}


def some_ids(count: int) -> list[str]:
    """``count`` Position IDs spread evenly over the data."""
    ids = all_ids()
    return list(ids[:: max(1, len(ids) // count)])


# --- helpers ---------------------------------------------------------------------------------------------


def side(points: Mapping[int, int], *, bar: int = 0, off: int | None = None) -> list[int]:
    """A 26-count side: ``off`` defaults to whatever makes 15."""
    counts = [0] * 26
    for point, count in points.items():
        counts[point] = count
    counts[25] = bar
    counts[0] = 15 - sum(counts[1:]) if off is None else off
    return counts


def reference_id(first: list[int] | tuple[int, ...], second: list[int] | tuple[int, ...]) -> str:
    """GNU Backgammon's encoding written out independently: for each side, points 1-24 then the bar, each as
    that many 1 bits and a 0; the 80 bits little-endian in 10 bytes; base64 without padding."""
    bits = ""
    for counts in (first, second):
        for slot in range(1, 26):
            bits += "1" * counts[slot] + "0"
    bits = bits.ljust(80, "0")
    data = bytes(int(bits[i : i + 8][::-1], 2) for i in range(0, 80, 8))
    return base64.b64encode(data).decode("ascii")[:14]


def id_from_bits(bits: str) -> str:
    """A Position ID whose key is the given bit string (first bit = least significant)."""
    return reference_id_raw(int(bits[::-1], 2) if bits else 0)


def reference_id_raw(key: int) -> str:
    return base64.b64encode(key.to_bytes(10, "little")).decode("ascii")[:14]


def board_field(xgid: str) -> str:
    return xgid.removeprefix("XGID=").split(":")[0]


@st.composite
def random_positions(draw: st.DrawFn) -> Position:
    """Any legal position: each side's checkers spread over its points and bar, never sharing a point."""
    player = [0] * 26
    for _ in range(draw(st.integers(0, 15))):
        player[draw(st.integers(1, 25))] += 1
    player[0] = 15 - sum(player[1:])
    free = [slot for slot in range(1, 26) if slot == 25 or player[25 - slot] == 0]
    opponent = [0] * 26
    low = 1 if player[0] == 15 else 0
    for _ in range(draw(st.integers(low, 15))):
        opponent[draw(st.sampled_from(free))] += 1
    opponent[0] = 15 - sum(opponent[1:])
    return Position(player, opponent)


def data_positions() -> st.SearchStrategy[Position]:
    return st.sampled_from(all_ids()).map(Position.from_position_id)


any_position = st.one_of(data_positions(), random_positions())


# --- the starting position ---------------------------------------------------------------------------


def test_start_position_id() -> None:
    assert Position.start().position_id() == START_ID


def test_start_counts() -> None:
    start = Position.start()
    expected = side(START_LAYOUT)
    assert list(start.player) == expected
    assert list(start.opponent) == expected
    assert start.player_off == start.opponent_off == 0
    assert start.player_bar == start.opponent_bar == 0


def test_start_facts() -> None:
    start = Position.start()
    assert start.pip_count() == (167, 167)
    assert not start.is_race()
    assert not start.all_home()
    assert not start.all_home(opponent=True)
    assert not start.is_game_over()


def test_start_text_writes_o_in_x_numbering() -> None:
    assert Position.start().text() == START_TEXT


def test_start_is_symmetric() -> None:
    start = Position.start()
    assert start.swap() == start
    assert start.swap().position_id() == START_ID


def test_start_checkers_at() -> None:
    start = Position.start()
    assert start.checkers_at(6) == (5, 0)
    assert start.checkers_at(24) == (2, 0)
    assert start.checkers_at(1) == (0, 2)
    assert start.checkers_at(19) == (0, 5)
    assert start.checkers_at(7) == (0, 0)


def test_value_semantics() -> None:
    start = Position.start()
    again = Position.from_position_id(START_ID)
    assert again == start
    assert hash(again) == hash(start)
    assert len({start, again, start.swap()}) == 1
    assert start != Position.from_points({6: 2}, START_LAYOUT)
    assert start != START_ID
    assert START_ID in repr(start)


# --- Position ID -----------------------------------------------------------------------------------------


def test_data_is_there() -> None:
    assert len(legal_cases()) == 5000
    assert len(all_ids()) > 60_000


def test_every_position_id_of_the_data_round_trips() -> None:
    wrong = [pid for pid, position in decoded().items() if position.position_id() != pid]
    assert wrong == []


def test_reference_encoder_agrees_with_the_data() -> None:
    # The test's own encoder reproduces the data's IDs (opponent first), so it can vouch for orientation below.
    for position_id in some_ids(500):
        position = decoded()[position_id]
        assert reference_id(position.opponent, position.player) == position_id


@HYPOTHESIS
@given(random_positions())
def test_position_id_round_trips_for_any_position(position: Position) -> None:
    position_id = position.position_id()
    assert re.fullmatch(r"[A-Za-z0-9+/]{14}", position_id)
    assert position_id == reference_id(position.opponent, position.player)
    assert Position.from_position_id(position_id) == position


@HYPOTHESIS
@given(any_position)
def test_swap_is_an_involution(position: Position) -> None:
    swapped = position.swap()
    assert swapped.player == position.opponent
    assert swapped.opponent == position.player
    assert swapped.swap() == position
    assert swapped.pip_count() == position.pip_count()[::-1]


def test_position_id_accepts_surrounding_whitespace() -> None:
    assert Position.from_position_id(f"  {START_ID}\n") == Position.start()


# --- orientation of the Position ID ----------------------------------------------------------------------


def test_side_not_on_roll_is_encoded_first() -> None:
    position = Position.from_points({6: 2}, START_LAYOUT)
    position_id = position.position_id()
    assert position_id == reference_id(position.opponent, position.player)
    assert position_id != reference_id(position.player, position.opponent)
    assert position.swap().position_id() != position_id

    back = Position.from_position_id(position_id)
    assert list(back.player) == side({6: 2})
    assert list(back.opponent) == side(START_LAYOUT)
    assert back.player_off == 13

    swapped = Position.from_position_id(position.swap().position_id())
    assert list(swapped.player) == side(START_LAYOUT)
    assert list(swapped.opponent) == side({6: 2})


def test_known_case_with_the_player_on_roll_on_the_bar() -> None:
    position = Position.from_position_id(BAR_CASE_ID)
    assert position.player_bar == 3
    assert position.opponent_bar == 0
    assert position.swap().opponent_bar == 3
    assert not position.all_home()
    case = next(case for case in legal_cases() if case["position"] == BAR_CASE_ID)
    assert "bar" in case["tags"]


def test_tags_of_the_data_agree_with_the_decoded_positions() -> None:
    # The tags were written by the data's generator from the player on roll's view: 'bar' means that player
    # has a checker on the bar, 'race'/'contact' whether contact is over, 'bearoff' that it is bearing off.
    mismatches = []
    for case in legal_cases():
        position = decoded()[case["position"]]
        tags = set(case["tags"])
        if ("bar" in tags) != (position.player_bar > 0):
            mismatches.append((case["id"], "bar"))
        if ("race" in tags) != position.is_race() or ("contact" in tags) == position.is_race():
            mismatches.append((case["id"], "race"))
        if "bearoff" in tags and not position.all_home():
            mismatches.append((case["id"], "bearoff"))
        if position.is_game_over():
            mismatches.append((case["id"], "over"))
    assert mismatches == []


def test_results_of_the_data_are_seen_from_the_mover() -> None:
    # After a play the mover's pips drop by the dice used (unless it bore off); the other side only loses
    # checkers to the bar. This fails if the decoder mixed up the two sides.
    problems = []
    for answer in legal_answers():
        before = decoded()[answer["position"]]
        high, low = answer["dice"]
        used = answer["dice_used"]
        for result_id in answer["results"]:
            after = decoded()[result_id]
            hit = [before.opponent[q] - after.opponent[q] for q in range(1, 25)]
            if any(count < 0 for count in hit) or after.opponent_bar - before.opponent_bar != sum(hit):
                problems.append((answer["id"], result_id, "opponent"))
            if after.opponent_off != before.opponent_off:
                problems.append((answer["id"], result_id, "opponent off"))
            if after.player_off != before.player_off:
                continue
            drop = before.pip_count()[0] - after.pip_count()[0]
            if high == low:
                allowed = {high * used}
            elif used == 2:
                allowed = {high + low}
            elif used == 1:
                allowed = {high, low}
            else:
                allowed = {0}
            if drop not in allowed:
                problems.append((answer["id"], result_id, f"drop {drop}"))
    assert problems == []


# --- validation ------------------------------------------------------------------------------------------


def test_invalid_position_error_is_a_value_error() -> None:
    assert issubclass(InvalidPositionError, ValueError)
    with pytest.raises(ValueError):
        Position(side({6: 16}, off=0), side(START_LAYOUT))


def test_more_than_fifteen_checkers() -> None:
    with pytest.raises(InvalidPositionError, match=r"X has 16 checkers"):
        Position(side({6: 16}, off=0), side(START_LAYOUT))
    with pytest.raises(InvalidPositionError, match=r"O has 17 checkers"):
        Position(side(START_LAYOUT), side({6: 15}, bar=2, off=0))


def test_more_than_fifteen_checkers_from_points_names_the_count() -> None:
    # Not "a negative number borne off": the user placed 16 checkers and should be told so.
    with pytest.raises(InvalidPositionError, match=r"X has 16 checkers") as info:
        Position.from_points({6: 10, 8: 6}, START_LAYOUT)
    assert "negative" not in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"O has 16 checkers"):
        Position.from_points(START_LAYOUT, START_LAYOUT, opponent_bar=1)


def test_negative_counts() -> None:
    with pytest.raises(InvalidPositionError, match=r"negative") as info:
        Position(side({6: -1, 8: 16}), side(START_LAYOUT))
    assert "-1" in str(info.value)
    assert "point 6" in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"-2\).*bar"):
        Position(side(START_LAYOUT), side({6: 15}, bar=-2, off=2))
    with pytest.raises(InvalidPositionError, match=r"O has a negative number of checkers \(-1\) borne off"):
        Position(side(START_LAYOUT), side({6: 15}, off=-1))
    with pytest.raises(InvalidPositionError, match=r"point 8"):
        Position.from_points({8: -1, 6: 3}, START_LAYOUT)


def test_both_sides_on_one_point() -> None:
    # X's point 6 is O's point 19.
    with pytest.raises(InvalidPositionError, match=r"point 6") as info:
        Position(side({6: 2}), side({19: 1}))
    assert "X has 2" in str(info.value)
    assert "O has 1" in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"point 24"):
        Position.from_points({24: 1}, {1: 1})
    # Different points in each side's numbering, so no clash: X's 6 and O's 6 (X's 19).
    Position.from_points({6: 2}, {6: 2})


def test_counts_must_add_to_fifteen() -> None:
    with pytest.raises(InvalidPositionError, match=r"14 checkers in play and 0 borne off"):
        Position(side({6: 14}, off=0), side(START_LAYOUT))
    with pytest.raises(InvalidPositionError, match=r"O has 15 checkers in play and 1 borne off"):
        Position(side(START_LAYOUT), side(START_LAYOUT, off=1))


def test_sides_need_26_whole_counts() -> None:
    with pytest.raises(InvalidPositionError, match=r"26 counts.*got 25"):
        Position(side(START_LAYOUT)[:25], side(START_LAYOUT))
    bad: list[Any] = side(START_LAYOUT)
    bad[6] = 5.0
    with pytest.raises(InvalidPositionError, match=r"index 6.*5\.0"):
        Position(side(START_LAYOUT), bad)
    bad[6] = True
    with pytest.raises(InvalidPositionError, match=r"index 6"):
        Position(side(START_LAYOUT), bad)


def test_both_sides_cannot_be_off() -> None:
    with pytest.raises(InvalidPositionError, match=r"both sides have borne off"):
        Position(side({}), side({}))


@pytest.mark.parametrize("point", [0, 25, -1, 26])
def test_from_points_rejects_points_outside_the_board(point: int) -> None:
    with pytest.raises(InvalidPositionError, match=rf"point {point}\b"):
        Position.from_points({point: 1, 6: 2}, START_LAYOUT)
    with pytest.raises(InvalidPositionError, match=rf"O has checkers on point {point}\b"):
        Position.from_points(START_LAYOUT, {point: 1})


def test_from_points_fills_off_and_bar() -> None:
    position = Position.from_points({6: 2, 5: 1}, {1: 3}, player_bar=2, opponent_bar=1)
    assert list(position.player) == side({6: 2, 5: 1}, bar=2)
    assert position.player_off == 10
    assert position.player_bar == 2
    assert position.opponent_bar == 1
    assert position.opponent_off == 11


@pytest.mark.parametrize(
    "bad",
    [
        "4HPwATDgc/ABM",  # 13 characters
        "4HPwATDgc/ABMAA",  # 15 characters
        "",
        "4HPwATDgc/AB-A",  # '-' is not base64
        "4HPwATDgc/AB=A",
        "4HPwATDgc/AB A",
        "4HPwATDgc_ABMA",
    ],
)
def test_malformed_position_ids(bad: str) -> None:
    with pytest.raises(InvalidPositionError, match=r"not a Position ID") as info:
        Position.from_position_id(bad)
    assert repr(bad) in str(info.value)


def test_position_id_with_too_many_bits() -> None:
    with pytest.raises(InvalidPositionError, match=r"too many checkers") as info:
        Position.from_position_id("//////////////")
    assert "'//////////////'" in str(info.value)


def test_position_id_giving_a_side_16_checkers() -> None:
    # O (encoded first) gets 16 checkers on its 1-point; X's part is empty.
    too_many = id_from_bits("1" * 16 + "0" * 25 + "0" * 25)
    with pytest.raises(InvalidPositionError, match=r"gives O 16 checkers") as info:
        Position.from_position_id(too_many)
    assert repr(too_many) in str(info.value)
    x_too_many = id_from_bits("0" * 25 + "1" * 16 + "0" * 25)
    with pytest.raises(InvalidPositionError, match=r"gives X 16 checkers"):
        Position.from_position_id(x_too_many)


def test_position_id_with_stray_bits() -> None:
    # One checker on each side's 6-point, then a set bit after both sides' 50 separators.
    one_on_six = "0" * 5 + "10" + "0" * 19
    assert Position.from_position_id(id_from_bits(one_on_six * 2)) == Position.from_points({6: 1}, {6: 1})
    stray = id_from_bits(one_on_six * 2 + "001")
    with pytest.raises(InvalidPositionError, match=r"stray bits") as info:
        Position.from_position_id(stray)
    assert repr(stray) in str(info.value)


def test_position_id_of_an_illegal_board_quotes_the_id() -> None:
    clash = reference_id(side({19: 2}), side({6: 2}))  # O's 19 is X's 6
    with pytest.raises(InvalidPositionError, match=r"point 6") as info:
        Position.from_position_id(clash)
    assert repr(clash) in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"'AAAAAAAAAAAAAA'.*both sides have borne off"):
        Position.from_position_id("AAAAAAAAAAAAAA")


# --- text form -------------------------------------------------------------------------------------------


def test_text_round_trips_for_positions_of_the_data() -> None:
    for position_id in some_ids(400):
        position = decoded()[position_id]
        text = position.text()
        assert Position.from_text(text) == position, text


@HYPOTHESIS
@given(random_positions())
def test_text_round_trips_for_any_position(position: Position) -> None:
    assert Position.from_text(position.text()) == position


@pytest.mark.parametrize(
    "text",
    [
        START_TEXT,
        "x: 24X2 13x5 8X3 6x5 / o: 19x5 17X3 12x5 1x2",
        "X:6x5,8x3,13x5,24x2/O:1x2,12x5,17x3,19x5",
        "O: 1x2 12x5 17x3 19x5 / X: 6x5 8x3 13x5 24x2",
        "  X: 24x2   13x5\t8x3, 6x5 /O: 19x5, 17x3 12x5 1x2  ",
        "X: 24 24 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1 1",
    ],
)
def test_from_text_accepts_case_commas_and_any_order(text: str) -> None:
    assert Position.from_text(text) == Position.start()


def test_text_bar_tokens() -> None:
    position = Position.from_text("X: bar 24 13x5 8x3 6x5 / O: BARX2 19x5 17x3 12x5")
    assert position.player_bar == 1
    assert position.opponent_bar == 2
    assert position.checkers_at(24) == (1, 0)
    assert position.checkers_at(1) == (0, 0)
    assert position.text() == "X: bar 24 13x5 8x3 6x5 / O: barx2 19x5 17x3 12x5"


def test_text_of_a_side_with_everything_off() -> None:
    position = Position.from_points({}, {1: 1})
    assert position.text() == "X: - / O: 24"
    assert Position.from_text("X: - / O: 24") == position
    assert Position.from_text("X: / O: 24") == position


@pytest.mark.parametrize("token", ["13y5", "bar3", "x5", "13x", "6-5", "13x5x2"])
def test_from_text_names_a_bad_token(token: str) -> None:
    text = f"X: 24x2 {token} 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
    with pytest.raises(InvalidPositionError, match=r"cannot read") as info:
        Position.from_text(text)
    assert repr(token) in str(info.value)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("token, point", [("25x2", 25), ("0", 0), ("99", 99)])
def test_from_text_names_a_point_off_the_board(token: str, point: int) -> None:
    with pytest.raises(InvalidPositionError, match=rf"{token!r} names point {point}\b"):
        Position.from_text(f"X: {token} 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2")


def test_from_text_needs_the_side_separator() -> None:
    text = "X: 24x2 13x5 8x3 6x5 O: 19x5 17x3 12x5 1x2"
    with pytest.raises(InvalidPositionError, match=r"'/'") as info:
        Position.from_text(text)
    assert repr(text) in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"'/'"):
        Position.from_text("X: 6x5 / O: 19x5 / X: 1")


def test_from_text_needs_side_labels() -> None:
    with pytest.raises(InvalidPositionError, match=r"'X:' or 'O:'.*'24x2 13x5'"):
        Position.from_text("24x2 13x5 / O: 1x2")
    with pytest.raises(InvalidPositionError, match=r"'X:' or 'O:'.*'Y: 6'"):
        Position.from_text("Y: 6 / O: 1x2")


def test_from_text_rejects_a_duplicate_side() -> None:
    with pytest.raises(InvalidPositionError, match=r"side X is given twice"):
        Position.from_text("X: 6x5 / x: 8x3")
    with pytest.raises(InvalidPositionError, match=r"side O is given twice"):
        Position.from_text("O: 6x5 / O: 8x3")


def test_from_text_rejects_sixteen_checkers() -> None:
    text = "X: 24x2 13x5 8x3 6x6 / O: 19x5 17x3 12x5 1x2"
    with pytest.raises(InvalidPositionError, match=r"X has 16 checkers") as info:
        Position.from_text(text)
    assert repr(text) in str(info.value)
    with pytest.raises(InvalidPositionError, match=r"O has 16 checkers"):
        Position.from_text("X: 6x5 / O: 19x5 17x3 12x5 1x2 barx1")


def test_from_text_rejects_both_sides_on_one_point() -> None:
    text = "X: 6x2 / O: 6x3"  # both written in X's numbering
    with pytest.raises(InvalidPositionError, match=r"point 6") as info:
        Position.from_text(text)
    assert repr(text) in str(info.value)


# --- XGID ------------------------------------------------------------------------------------------------


def test_start_xgid() -> None:
    assert Position.start().xgid() == START_XGID
    xgid = Xgid.from_xgid(START_XGID)
    assert xgid.position == Position.start()
    assert xgid.turn == 1
    assert xgid.dice is None
    assert xgid.cube_value == 1
    assert xgid.cube_owner == 0
    assert (xgid.score_bottom, xgid.score_top, xgid.crawford, xgid.match_length) == (0, 0, False, 0)
    assert xgid.max_cube == 1024
    assert Position.from_xgid(START_XGID) == Position.start()


def test_xgid_prefix_and_trailing_fields_are_optional() -> None:
    board = board_field(START_XGID)
    assert Xgid.from_xgid(board).position == Position.start()
    assert Xgid.from_xgid(f"  xgid={board}:0:0:1  ").turn == 1
    assert Xgid.from_xgid(f"{board}:0:0:-1").turn == -1


def test_xgid_with_dice() -> None:
    assert Position.start().xgid(dice=(5, 2)) == START_XGID.replace(":00:", ":52:")
    assert Xgid.from_xgid(START_XGID.replace(":00:", ":52:")).dice == (5, 2)


def test_start_xgid_with_o_on_turn_is_still_start() -> None:
    xgid = Xgid.from_xgid(START_XGID.replace(":0:0:1:", ":0:0:-1:"))
    assert xgid.turn == -1
    assert xgid.position == Position.start()


def test_hand_written_xgid_with_o_on_turn() -> None:
    # Bottom (X) has 2 checkers on its 6-point, top (O) the starting layout; O is on turn.
    board = "-b----B-----e----c-e------"
    xgid = Xgid.from_xgid(f"XGID={board}:0:0:-1:31:0:0:0:0:10")
    assert xgid.turn == -1
    assert xgid.dice == (3, 1)
    assert list(xgid.position.player) == side(START_LAYOUT)
    assert list(xgid.position.opponent) == side({6: 2})
    bottom, top = xgid.bottom_and_top()
    assert list(bottom) == side({6: 2})
    assert list(top) == side(START_LAYOUT)
    # The same board with X on turn is the swapped position.
    assert Position.from_xgid(f"XGID={board}:0:0:1:31:0:0:0:0:10") == xgid.position.swap()


def test_xgid_with_o_on_turn_round_trips_an_asymmetric_position() -> None:
    position = Position.from_points({6: 2}, START_LAYOUT, player_bar=1)
    text = Xgid(position=position, turn=-1).xgid()
    read = Xgid.from_xgid(text)
    assert read.position == position
    assert read.turn == -1
    assert text.split(":")[3] == "-1"
    assert board_field(text) == board_field(Xgid(position=position.swap(), turn=1).xgid())
    assert board_field(text) != board_field(Xgid(position=position, turn=1).xgid())
    # O on turn has a checker on the bar: O is the top side, whose bar is the first character.
    assert board_field(text)[0] == "a"
    assert board_field(text)[25] == "-"
    assert board_field(Xgid(position=position, turn=1).xgid())[25] == "A"


def test_xgid_fields_round_trip() -> None:
    position = Position.from_points({6: 4, 5: 3, 3: 2}, {24: 1, 23: 2}, opponent_bar=1)
    xgid = Xgid(
        position=position,
        turn=-1,
        dice=(6, 5),
        cube_value=4,
        cube_owner=-1,
        score_bottom=3,
        score_top=5,
        crawford=True,
        match_length=7,
        max_cube=256,
    )
    text = xgid.xgid()
    assert text.split(":")[1:] == ["2", "-1", "-1", "65", "3", "5", "1", "7", "8"]
    assert Xgid.from_xgid(text) == xgid


def test_xgid_of_letters_above_e() -> None:
    position = Position.from_points({6: 15}, {1: 14}, opponent_bar=1)
    text = position.xgid()
    assert board_field(text) == "a" + "-" * 5 + "O" + "-" * 17 + "n-"
    assert Position.from_xgid(text) == position


@HYPOTHESIS
@given(
    position=any_position,
    turn=st.sampled_from([1, -1]),
    dice=st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)),
    cube_log=st.integers(0, 12),
    owner=st.sampled_from([1, 0, -1]),
    scores=st.tuples(st.integers(0, 30), st.integers(0, 30)),
    rules=st.integers(0, 3),
    match_length=st.integers(0, 31),
    max_log=st.integers(0, 15),
)
def test_xgid_round_trips(
    position: Position,
    turn: int,
    dice: tuple[int, int] | None,
    cube_log: int,
    owner: int,
    scores: tuple[int, int],
    rules: int,
    match_length: int,
    max_log: int,
) -> None:
    # The rules field is the Crawford flag in a match, the Jacoby rule (1) and beavers (2) in money play.
    crawford = bool(match_length and rules & 1)
    xgid = Xgid(
        position=position,
        turn=1 if turn == 1 else -1,
        dice=dice,
        cube_value=1 << cube_log,
        cube_owner=1 if owner == 1 else -1 if owner == -1 else 0,
        score_bottom=scores[0],
        score_top=scores[1],
        crawford=crawford,
        match_length=match_length,
        max_cube=1 << max_log,
        jacoby=not match_length and bool(rules & 1),
        beavers=not match_length and bool(rules & 2),
    )
    text = xgid.xgid()
    assert text.split(":")[7] == str(int(crawford) if match_length else rules)
    assert re.fullmatch(r"XGID=[-A-Pa-p]{26}(:-?\d+){9}", text)
    assert Xgid.from_xgid(text) == xgid
    assert Position.from_xgid(text) == position
    flipped = Xgid(position=position.swap(), turn=1 if turn == -1 else -1)
    assert board_field(flipped.xgid()) == board_field(text)


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "26 characters"),  # 25 board characters
        ("XGID=-b----E-C---eE---c-e----B--:0:0:1:00:0:0:0:0:10", "26 characters"),  # 27
        ("XGID=-b----E-C---eE---c-e----Q-:0:0:1:00:0:0:0:0:10", "26 characters"),  # Q is beyond P
        ("XGID=-b----E-C---eE---c-e--z-B-:0:0:1:00:0:0:0:0:10", "26 characters"),
        ("XGID=-b----E-C---eE---c-e--1-B-:0:0:1:00:0:0:0:0:10", "26 characters"),
        ("", "26 characters"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:0:0:10", "dice field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10", "dice field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:07:0:0:0:0:10", "dice field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10", "turn must be 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "turn must be 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "cube owner"),
        ("XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10", "cube field must be 0-15"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "cube field must be a whole number"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:a:0:0:0:10", "bottom score"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:seven:10", "match length"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "first character is O's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10", "last character is X's bar"),
        ("XGID=-b----E-C---eE---c-e----BA:0:0:1:00:0:0:0:0:10", "gives X 16 checkers"),
        ("XGID=ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "gives O 16 checkers"),
    ],
)
def test_malformed_xgids(bad: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError) as info:
        Xgid.from_xgid(bad)
    message = str(info.value)
    assert fragment in message
    assert repr(bad) in message


def test_xgid_with_an_illegal_board() -> None:
    incomplete = "XGID=-b----E-C---eE---c-e------:0:0:1:00:0:0:0:0:10"  # X's 24-point checkers left out
    read = Xgid.from_xgid(incomplete)  # missing checkers count as borne off
    assert read.position.player_off == 2
    with pytest.raises(InvalidPositionError, match=r"both sides have borne off") as info:
        Xgid.from_xgid("XGID=--------------------------:0:0:1:00:0:0:0:0:10")
    assert "XGID=" in str(info.value)
    with pytest.raises(InvalidPositionError):
        Position.from_xgid("not an xgid")


# --- diagram ---------------------------------------------------------------------------------------------


def diagram_columns(position: Position) -> tuple[list[str], dict[int, int]]:
    """The diagram's lines and the text column of each point, read from the point-number lines."""
    lines = str(position).splitlines()
    columns: dict[int, int] = {}
    for header in (lines[0], lines[-2]):
        for match in re.finditer(r"\d+", header):
            columns[int(match.group())] = match.start() - (1 if len(match.group()) == 1 else 0)
    return lines, columns


def column_cells(position: Position, point: int) -> tuple[list[str], list[str]]:
    """The 3-character cells of ``point``'s column: the top half's rows and the bottom half's rows."""
    lines, columns = diagram_columns(position)
    bar_row = next(i for i, line in enumerate(lines) if "BAR" in line)
    column = columns[point]
    top = [line[column : column + 3] for line in lines[2:bar_row]]
    bottom = [line[column : column + 3] for line in lines[bar_row + 1 : -3]]
    return top, bottom


def bar_cells(position: Position) -> tuple[list[str], list[str]]:
    lines = str(position).splitlines()
    bar_row = next(i for i, line in enumerate(lines) if "BAR" in line)
    column = lines[bar_row].index("BAR")
    top = [line[column : column + 3] for line in lines[2:bar_row]]
    bottom = [line[column : column + 3] for line in lines[bar_row + 1 : -3]]
    return top, bottom


def test_diagram_shows_every_point_number() -> None:
    lines, columns = diagram_columns(Position.start())
    assert sorted(columns) == list(range(1, 25))
    assert [int(n) for n in re.findall(r"\d+", lines[0])] == list(range(13, 25))
    assert [int(n) for n in re.findall(r"\d+", lines[-2])] == list(range(12, 0, -1))


def test_diagram_shows_both_sides() -> None:
    text = str(Position.start())
    assert text == Position.start().diagram()
    assert "X" in text
    assert "O" in text
    assert "BAR" in text


def test_diagram_columns_hold_the_right_checkers() -> None:
    start = Position.start()
    # X moves from the top right (its 24-point) round to its home board at the bottom right.
    top, bottom = column_cells(start, 24)
    assert [cell.strip() for cell in top] == ["X", "X", "", "", ""]
    top, bottom = column_cells(start, 6)
    assert [cell.strip() for cell in bottom] == ["X"] * 5
    top, bottom = column_cells(start, 8)
    assert [cell.strip() for cell in bottom] == ["", "", "X", "X", "X"]  # stacked from the bottom edge
    top, bottom = column_cells(start, 13)
    assert [cell.strip() for cell in top] == ["X"] * 5
    top, bottom = column_cells(start, 12)
    assert [cell.strip() for cell in bottom] == ["O"] * 5
    top, bottom = column_cells(start, 19)
    assert [cell.strip() for cell in top] == ["O"] * 5
    top, bottom = column_cells(start, 1)
    assert [cell.strip() for cell in bottom] == ["", "", "", "O", "O"]
    top, bottom = column_cells(start, 7)
    assert [cell.strip() for cell in bottom] == ["", "", "", "", "."]


def test_diagram_writes_the_count_of_a_tall_stack() -> None:
    position = Position.from_points({6: 8, 13: 7}, {1: 6, 11: 9})  # O's 1 and 11 are X's 24 and 14
    _, bottom = column_cells(position, 6)
    assert [cell.strip() for cell in bottom] == ["8", "X", "X", "X", "X"]
    top, _ = column_cells(position, 13)
    assert [cell.strip() for cell in top] == ["X", "X", "X", "X", "7"]
    top, _ = column_cells(position, 24)
    assert [cell.strip() for cell in top] == ["O", "O", "O", "O", "6"]
    top, _ = column_cells(position, 14)
    assert [cell.strip() for cell in top] == ["O", "O", "O", "O", "9"]
    # Exactly five checkers need no count.
    _, bottom = column_cells(Position.start(), 6)
    assert not any(cell.strip().isdigit() for cell in bottom)


def test_diagram_shows_bar_checkers() -> None:
    position = Position.from_points({6: 13}, {6: 14}, player_bar=2, opponent_bar=1)
    top, bottom = bar_cells(position)
    assert [cell.strip() for cell in top] == ["O", "", "", "", ""]
    assert [cell.strip() for cell in bottom] == ["", "", "", "X", "X"]
    crowded = Position.from_points({}, {6: 1}, player_bar=7, opponent_bar=3)
    top, bottom = bar_cells(crowded)
    assert [cell.strip() for cell in bottom] == ["7", "X", "X", "X", "X"]
    assert [cell.strip() for cell in top] == ["O", "O", "O", "", ""]


def test_diagram_pip_count_line() -> None:
    assert str(Position.start()).splitlines()[-1] == "O: 167 pips, 0 off    X (on roll): 167 pips, 0 off"
    position = Position.from_points({6: 2}, {1: 3}, player_bar=1)
    assert str(position).splitlines()[-1] == "O: 3 pips, 12 off    X (on roll): 37 pips, 12 off"


# --- race, home, game over, pips -------------------------------------------------------------------------


def test_pure_race() -> None:
    position = Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5})
    assert position.is_race()
    assert position.all_home()
    assert position.all_home(opponent=True)
    assert position.pip_count() == (75, 75)
    assert not position.is_game_over()


def test_race_boundary() -> None:
    # X on its 12-point, O on its 12-point (X's 13): X has passed O, contact is over.
    assert Position.from_points({12: 15}, {12: 15}).is_race()
    # X on its 13-point, O on its 13-point (X's 12): they still have to pass each other.
    assert not Position.from_points({13: 15}, {13: 15}).is_race()
    # One straggler is enough to keep contact.
    assert not Position.from_points({6: 14, 20: 1}, {6: 14, 8: 1}).is_race()
    assert Position.from_points({6: 14, 16: 1}, {6: 14, 8: 1}).is_race()


def test_contact_broken_after_the_last_back_checker_escapes() -> None:
    before = Position.from_points({24: 1, 6: 14}, {6: 10, 8: 5})
    after = Position.from_points({14: 1, 6: 14}, {6: 10, 8: 5})
    assert not before.is_race()
    assert after.is_race()
    assert after.swap().is_race()
    assert not before.swap().is_race()


def test_bar_checker_counts_25_pips_and_keeps_contact() -> None:
    position = Position.from_points({6: 14}, {6: 15}, player_bar=1)
    assert position.pip_count() == (14 * 6 + 25, 90)
    assert not position.is_race()
    assert not position.all_home()
    opponent_on_bar = Position.from_points({3: 15}, {1: 14}, opponent_bar=1)
    assert opponent_on_bar.pip_count() == (45, 14 + 25)
    assert not opponent_on_bar.is_race()
    assert opponent_on_bar.all_home()
    assert not opponent_on_bar.all_home(opponent=True)


def test_all_home() -> None:
    assert Position.from_points({2: 1, 6: 3}, START_LAYOUT).all_home()
    assert not Position.from_points({7: 1, 6: 3}, START_LAYOUT).all_home()
    assert Position.from_points(START_LAYOUT, {6: 15}).all_home(opponent=True)
    assert not Position.from_points(START_LAYOUT, {6: 15}).all_home()
    assert Position.from_points({}, START_LAYOUT).all_home()  # everything borne off


def test_game_over() -> None:
    won = Position.from_points({}, {6: 3})
    assert won.is_game_over()
    assert won.player_off == 15
    assert won.pip_count() == (0, 18)
    assert won.is_race()
    assert won.swap().is_game_over()
    assert not Position.from_points({1: 1}, {1: 1}).is_game_over()


@HYPOTHESIS
@given(any_position)
def test_pip_count_matches_the_text_form(position: Position) -> None:
    x_pips = o_pips = 0
    x_text, o_text = position.text().split(" / ")
    for text, flip in ((x_text, False), (o_text, True)):
        total = 0
        for token in text.split()[1:]:
            if token == "-":
                continue
            where, _, count = token.partition("x")
            point = 25 if where == "bar" else (25 - int(where) if flip else int(where))
            total += point * int(count or 1)
        if flip:
            o_pips = total
        else:
            x_pips = total
    assert position.pip_count() == (x_pips, o_pips)


def test_position_id_padding_bits_and_match_id_suffix() -> None:
    with pytest.raises(InvalidPositionError, match="stray bits"):
        Position.from_position_id("4HPwATDgc/ABMP")
    for text in ("GNUbgID: 4HPwATDgc/ABMA:cAkAAAAAAAAA", "gnubgid 4HPwATDgc/ABMA", "4HPwATDgc/ABMA:cAkAAAAAAAAA"):
        assert Position.from_position_id(text) == Position.start()
