"""Our positions in bgsage's board form: the mapping is exact, and bgsage's moves are our legal plays.

bgsage's own move generator, fed our positions through :func:`to_board` and read back through
:func:`from_board`, must find exactly the positions our engine finds, on all 5,000 of GNU Backgammon's
reference cases: if the mapping were off in orientation, bar or borne-off slots, the sets would differ.
"""

from __future__ import annotations

import bgsage
import pytest
from conftest import legal_cases

from trainer.analysis import from_board, to_board
from trainer.engine import InvalidPositionError, Position, legal_plays


def test_the_starting_position_is_bgsage_s_starting_board() -> None:
    assert to_board(Position.start()) == bgsage.STARTING_BOARD
    assert from_board(bgsage.STARTING_BOARD) == Position.start()


def test_bars_points_and_borne_off_checkers_land_in_bgsage_s_slots() -> None:
    position = Position.from_text("X: bar 24 6x3 / O: barx2 19 1")
    board = to_board(position)
    assert board[25] == 1 and board[0] == 2  # X's bar last, O's bar first, both counted up
    assert board[24] == 1 and board[6] == 3  # X's checkers on X's points, positive
    assert board[19] == -1 and board[1] == -1  # O's checkers on X's numbering, negative
    assert sum(1 for count in board[1:25] if count) == 4
    back = from_board(board)
    assert back == position and (back.player_off, back.opponent_off) == (10, 11)


def test_round_trip_is_the_identity_on_every_reference_position_and_result() -> None:
    checked = 0
    for case, _ in legal_cases():
        position = Position.from_position_id(case["position"])
        for candidate in (position, *(play.result for play in legal_plays(position, tuple(case["dice"])))):
            assert from_board(to_board(candidate)) == candidate
            checked += 1
    assert checked > 50_000


def test_bgsage_finds_exactly_our_legal_plays_on_every_reference_case() -> None:
    mismatches = []
    for case, _ in legal_cases():
        position = Position.from_position_id(case["position"])
        first, second = case["dice"]
        boards = bgsage.possible_moves(to_board(position), first, second)
        theirs = [from_board(board) for board in boards]
        ours = {play.result for play in legal_plays(position, (first, second))}
        if len(theirs) != len(set(theirs)) or set(theirs) != ours:
            mismatches.append(case["id"])
    assert mismatches == [], f"{len(mismatches)} cases differ, first: {mismatches[:10]}"


def test_a_roll_that_cannot_be_played_leaves_bgsage_s_board_unchanged() -> None:
    passes = 0
    for case, answer in legal_cases():
        if answer["forced_pass"]:
            position = Position.from_position_id(case["position"])
            board = to_board(position)
            assert bgsage.possible_moves(board, *case["dice"]) == [board]
            passes += 1
    assert passes == 456


@pytest.mark.parametrize(
    ("board", "fragment"),
    [
        ([0] * 25, "26 whole numbers"),
        ([0] * 25 + [1.5], "26 whole numbers"),
        ([-1] + [0] * 25, "the bars"),
        ([0] + [16] + [0] * 24, "16 checkers"),
        ([0] + [1] * 24 + [0], "24 checkers"),
    ],
)
def test_a_board_that_is_no_position_is_refused(board: list[int], fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        from_board(board)
