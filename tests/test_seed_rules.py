"""One test (or a small parametrised group) for each rule of the rule texts the project was created from.

The rules are quoted in English from the two standard-backgammon source texts (seed 000 and seed 004). Every
position is written with :meth:`Position.from_text`, both sides in the numbering of X, the player on roll:
X moves 24 -> 1, O's home board is X's points 19-24, and X enters from the bar on point ``25 - die``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from trainer.engine import (
    BAR,
    CHECKERS,
    OFF,
    Constraint,
    Game,
    IllegalPlayError,
    InvalidPositionError,
    Play,
    Position,
    Side,
    WinKind,
    explain,
    legal_plays,
    parse_play,
    win_kind,
)

START_TEXT = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
ALL_ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def pos(text: str) -> Position:
    return Position.from_text(text)


def plays(text: str, dice: tuple[int, int]) -> set[str]:
    """The legal plays of ``dice`` in the position ``text``, as standard notation."""
    return {str(play) for play in legal_plays(pos(text), dice)}


def rejection(text: str, dice: tuple[int, int], play: str) -> str:
    """The reason parse_play gives for refusing ``play``."""
    with pytest.raises(IllegalPlayError) as caught:
        parse_play(pos(text), dice, play)
    return caught.value.reason


def scripted(values: Iterable[int]) -> Callable[[], int]:
    """A die that shows ``values`` in order (and fails the test if asked for more)."""
    iterator = iter(values)
    return lambda: next(iterator)


def pips_moved(play: Play) -> int:
    return play.position.pip_count()[0] - play.result.pip_count()[0]


# --- the board -------------------------------------------------------------------------------------------


def test_board_has_24_points_numbered_from_each_side() -> None:
    """Seed 000: "The board contains 24 triangles known as points ... The points are numbered 1 to 24 for each
    player ... red's 1-point is white's 24-point."
    """
    start = Position.start()
    assert len(start.player) == len(start.opponent) == 26  # off, points 1-24, bar
    # X's 24-point holds X's two back checkers; the same spot is O's 1-point.
    assert start.checkers_at(24) == (2, 0)
    # X's 1-point is O's 24-point: O's two back checkers stand there.
    assert start.checkers_at(1) == (0, 2)
    assert start.opponent[24] == 2
    for point in range(1, 25):
        assert start.checkers_at(point) == (start.player[point], start.opponent[25 - point])
    # Seen from the other side, X's 24-point becomes the 1-point and O's checker on X's 3 is on its own 22.
    position = pos("X: 24 / O: 3")
    assert position.swap().text() == "X: 22 / O: 1"
    assert position == Position.from_points({24: 1}, {22: 1})
    # There is no 25th point.
    with pytest.raises(InvalidPositionError):
        pos("X: 25 / O: 1")


# --- setup -----------------------------------------------------------------------------------------------


def test_setup() -> None:
    """Seed 000: "Each player's 15 checkers are set up in the same positions at the start of the game. Players
    place two checkers on their 24-point, five on their 13-point, three on their 8-point and five on their
    6-point."
    """
    start = Position.start()
    assert start.text() == START_TEXT
    assert start == pos(START_TEXT)
    layout = {24: 2, 13: 5, 8: 3, 6: 5}
    assert start == Position.from_points(layout, layout)
    for side in (start.player, start.opponent):
        assert sum(side) == CHECKERS
        assert side[OFF] == side[BAR] == 0
        assert {point: side[point] for point in range(1, 25) if side[point]} == layout
    assert start.pip_count() == (167, 167)
    assert start.swap() == start  # both sides are set up alike


# --- the opening roll ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "throws", "winner", "opening"),
    [
        ([6, 2], ((6, 2),), Side.X, (6, 2)),
        ([1, 5], ((1, 5),), Side.O, (5, 1)),
        ([4, 4, 3, 3, 2, 6], ((4, 4), (3, 3), (2, 6)), Side.O, (6, 2)),
    ],
)
def test_opening_roll(
    dice: list[int], throws: tuple[tuple[int, int], ...], winner: Side, opening: tuple[int, int]
) -> None:
    """Seed 000: "Each player rolls a single die to start the game, and the higher number goes first. The winner
    uses the numbers on both dice for the opening move." Seed 004: "if there is a tie, the players roll again."
    """
    game = Game(roll_die=scripted(dice))
    roll = game.roll_opening()
    assert roll.throws == throws
    assert roll.winner is winner
    assert game.turn is winner
    assert roll.dice == opening == game.dice
    # The winner plays both numbers: every opening play uses the two dice.
    assert {str(play) for play in game.legal_plays()} == plays(START_TEXT, opening)
    assert all(play.dice_used == 2 for play in game.legal_plays())


# --- moving ----------------------------------------------------------------------------------------------


def test_checkers_move_forward_only() -> None:
    """Seed 000: "Players always move their checkers forward (clockwise from their own point of view)."
    For X that is from higher to lower points."""
    start = Position.start()
    for dice in ALL_ROLLS:
        for play in legal_plays(start, dice):
            for move in play.moves:
                assert move.end < move.start, (dice, str(play))
            assert pips_moved(play) == sum(start - end for start, end, _ in play.moves)
    for backwards in ("6/8", "13/15", "8/10 6/5"):
        assert "backwards" in rejection("X: 13 8 6x13 / O: 1x2", (2, 1), backwards)


@pytest.mark.parametrize(
    ("dice", "two_checkers", "one_checker"),
    [((6, 1), "13/7 8/7", "13/6"), ((4, 1), "24/23 13/9", "13/8")],
)
def test_two_checkers_or_one_checker_with_both_dice(dice: tuple[int, int], two_checkers: str, one_checker: str) -> None:
    """Seed 000: "They may move two checkers, each using the number rolled on one die, or one checker by the
    combined roll." Seed 004: "if you roll a four and a one, you can move one checker four spaces to an open point
    and a different checker one space to an open point, or you can move one checker five spaces."
    """
    legal = plays(START_TEXT, dice)
    assert {two_checkers, one_checker} <= legal
    play = parse_play(Position.start(), dice, one_checker)
    assert len({move.start for move in play.moves} - {move.end for move in play.moves}) == 1
    assert pips_moved(play) == sum(dice)
    play = parse_play(Position.start(), dice, two_checkers)
    assert len({move.start for move in play.moves}) == 2


@pytest.mark.parametrize("o_checkers", [0, 1, 2, 3, 5])
def test_landing_needs_fewer_than_two_opposing_checkers(o_checkers: int) -> None:
    """Seed 000: "a checker must land on a point occupied by fewer than two opposing checkers." Seed 004: "Your
    checker may only be moved to an open point (one not occupied by two or more of your opponent's checkers)."
    """
    text = f"X: 13 6x14 / O: {'10x' + str(o_checkers) if o_checkers else '-'}"
    if o_checkers < 2:
        play = parse_play(pos(text), (3, 1), "13/10 6/5")
        assert play.result.checkers_at(10) == (1, 0)
        assert play.hits == o_checkers
    else:
        assert rejection(text, (3, 1), "13/10 6/5") == f"point 10 is closed: O has {o_checkers} checkers there"
        assert not any(move.end == 10 for play in legal_plays(pos(text), (3, 1)) for move in play.moves)


def test_combined_move_cannot_end_on_a_closed_point() -> None:
    """Seed 004: "Your checker may only be moved to an open point": a combined 4-1 from the 13-point to a closed
    8-point is illegal even though both points on the way (9 and 12) are open, and the reason must say that it is
    the landing point, not the way, that is closed."""
    text = "X: 13 6x14 / O: 8x2"
    assert "13/8" not in plays(text, (4, 1))
    reason = rejection(text, (4, 1), "13/8")
    assert "point 8 is closed" in reason
    assert "along the way" not in reason, reason


@pytest.mark.parametrize("closed", [9, 12])
def test_combined_move_through_either_open_intermediate_point(closed: int) -> None:
    """Seed 004: "If you choose to use both dice on a single checker, an intermediate point (in this example, four
    spaces or one space from the starting point) must be open." With 4-1 from the 13-point, one of the
    intermediate points 9 and 12 being closed still leaves the way through the other."""
    text = f"X: 13 6x14 / O: {closed}x2"
    assert "13/8" in plays(text, (4, 1))
    play = parse_play(pos(text), (4, 1), "13/8")
    assert play.result.checkers_at(8) == (1, 0)
    assert closed not in {move.end for move in play.moves}


def test_combined_move_with_both_intermediate_points_closed() -> None:
    """Seed 004: "If you choose to use both dice on a single checker, an intermediate point (in this example, four
    spaces or one space from the starting point) must be open." With 9 and 12 both closed, 13/8 is illegal and the
    reason names both closed points."""
    text = "X: 13 6x14 / O: 9x2 12x2"
    legal = plays(text, (4, 1))
    assert legal == {"6/1", "6/5 6/2"}
    reason = rejection(text, (4, 1), "13/8")
    assert "9" in reason, reason
    assert "12" in reason, reason
    # With no other checker to move the roll is lost.
    explanation = explain(pos("X: 13 / O: 9x2 12x2"), (4, 1))
    assert explanation.no_play
    assert Constraint.NO_PLAY in explanation.constraints


# --- doubles ---------------------------------------------------------------------------------------------


def test_doubles_give_four_moves_in_any_combination() -> None:
    """Seed 000: "A roll of doubles gives the player twice the number of moves, which they may use in any
    combination." Seed 004: "if you roll double 5s, you can make four moves of five spaces using any combination of
    checkers (subject to the usual rules about making moves)."
    """
    start = Position.start()
    # 6/1 is closed (O's back checkers) and 24/19 too (O's 6-point), so only the 13 and 8 can move.
    assert plays(START_TEXT, (5, 5)) == {"13/8(4)", "13/3(2)", "13/3 13/8(2)", "13/3 8/3(2)"}
    for play in legal_plays(start, (5, 5)):
        assert play.dice_used == 4
        assert pips_moved(play) == 20
    assert "you must play as many as you can" in rejection(START_TEXT, (5, 5), "13/8(2)")
    # One checker may take all four moves ...
    assert plays("X: 24 / O: 1", (5, 5)) == {"24/4"}
    # ... as many as the board allows: here only one 5 can be played.
    assert plays("X: 24 / O: 14x2", (5, 5)) == {"24/19"}
    assert Constraint.PARTIAL_DOUBLE in explain(pos("X: 24 / O: 14x2"), (5, 5)).constraints


# --- hitting and entering --------------------------------------------------------------------------------


def test_hitting_a_blot_sends_it_to_the_bar() -> None:
    """Seed 000: "If a checker lands on a point occupied by a single opposing checker, the opposing checker is
    'hit' and moved to the bar." Seed 004: "If your checker lands on an opponent's blot, the opponent's checker is
    removed from the board and placed on the bar."
    """
    text = "X: 8 6 / O: 5 1"
    position = pos(text)
    assert "8/5*" in plays(text, (2, 1))
    play = parse_play(position, (2, 1), "8/5*")
    assert play.hits == 1
    assert play.hit_points() == frozenset({5})
    assert play.result.checkers_at(5) == (1, 0)
    assert play.result.opponent_bar == 1
    # O's blot on its own 20-point now has 25 pips to go.
    assert play.result.pip_count()[1] == position.pip_count()[1] + 5
    # Without a blot there is nothing to hit.
    assert rejection("X: 13 6x14 / O: 7", (2, 1), "13/10*") == "there is no O blot to hit on point 10"


def test_checker_on_the_bar_must_enter_before_anything_else_moves() -> None:
    """Seed 000: "When a player has a checker on the bar, they must remove it by rolling the dice on their turn and
    'entering' the checker." Seed 004: "If one or more of your checkers are on the bar, you must put them back on
    the board before moving any others."
    """
    text = "X: bar 13x14 / O: 1x2"
    legal = legal_plays(pos(text), (6, 5))
    assert {str(play) for play in legal} == {"bar/14", "bar/19 13/8", "bar/20 13/7"}
    assert all(play.moves[0].start == BAR for play in legal)
    assert rejection(text, (6, 5), "13/7 13/8") == "you have a checker on the bar: enter it first"


def test_entering_on_the_opponents_points_matching_the_dice() -> None:
    """Seed 000: "entering the checker on the opponent's point matching one of the dice rolled (on a two and a
    four, the checker goes to the opponent's 2- or 4-point)." Those are X's 23- and 21-points."""
    text = "X: bar 8x14 / O: 1x2"
    legal = legal_plays(pos(text), (4, 2))
    assert {move.end for play in legal for move in play.moves if move.start == BAR} == {23, 21}
    # After entering, the other die is played by any checker.
    assert {str(play) for play in legal} == {"bar/23 8/4", "bar/21 8/6", "bar/19"}
    with pytest.raises(IllegalPlayError):
        parse_play(pos(text), (4, 2), "bar/22 8/5")
    # Entering on a blot hits it.
    play = parse_play(pos("X: bar 8x14 / O: 21"), (4, 2), "bar/21* 8/6")
    assert play.result.opponent_bar == 1


def test_both_entry_points_closed_loses_the_turn() -> None:
    """Seed 000: "If both points have more than one opposing checker, the player cannot move off the bar and loses
    that turn." Seed 004: "If both numbers rolled correspond to points that are not open, you lose your turn."
    """
    text = "X: bar 8x14 / O: 23x2 21x2"
    position = pos(text)
    assert plays(text, (4, 2)) == {"pass"}
    assert legal_plays(position, (4, 2))[0].result == position
    explanation = explain(position, (4, 2))
    assert explanation.no_play and explanation.forced
    assert explanation.constraints == frozenset({Constraint.NO_PLAY})
    assert "point 21" in explanation.text and "point 23" in explanation.text
    assert parse_play(position, (4, 2), "pass").is_pass
    assert rejection(text, (4, 2), "bar/21 8/6") == "point 21 is closed: O has 2 checkers there"
    assert rejection(text, (4, 2), "8/4 8/6") == "you have a checker on the bar: enter it first"


def test_several_checkers_on_the_bar_all_enter_first() -> None:
    """Seed 000: "More than one checker can be on the bar, and all of them must be entered before the player can
    move again." """
    text = "X: barx2 8x13 / O: 1x2"
    assert plays(text, (6, 5)) == {"bar/20 bar/19"}
    legal = legal_plays(pos(text), (2, 2))
    assert all(play.moves[0].start == BAR and play.moves[1].start == BAR for play in legal)
    assert "bar/23(2) 8/4" in {str(play) for play in legal}
    assert rejection(text, (2, 2), "bar/23 8/6(3)") == "you have a checker on the bar: enter it first"


def test_partial_entry_forfeits_the_rest_of_the_roll() -> None:
    """Seed 004: "If you can enter one or more of your checkers from the bar, but not all, you must enter. You
    then lose all the remaining moves."
    """
    text = "X: barx2 8x13 / O: 21x2"
    assert plays(text, (4, 2)) == {"bar/23"}
    explanation = explain(pos(text), (4, 2))
    assert explanation.forced
    assert Constraint.PARTIAL_ENTRY in explanation.constraints
    play = legal_plays(pos(text), (4, 2))[0]
    assert play.result.player_bar == 1
    assert rejection(text, (4, 2), "bar/23 8/4") == "you have a checker on the bar: enter it first"


def test_after_the_last_checker_enters_any_checker_plays_the_rest() -> None:
    """Seed 000: "If the player enters the last checker from the bar and there is still an unused die, the player
    uses it to move a checker on the board." Seed 004: "After your last checker is back on the board, all remaining
    numbers must be played. You may move any checker, including one just brought back."
    """
    legal = plays("X: bar 8x14 / O: 1x2", (4, 2))
    assert "bar/19" in legal  # the entered checker moves on
    assert {"bar/21 8/6", "bar/23 8/4"} <= legal  # or another checker plays the rest
    doubles = plays("X: bar 8x14 / O: 1x2", (3, 3))
    assert "bar/13" in doubles  # the entered checker takes all three remaining moves
    assert "bar/22 8/5(3)" in doubles
    assert all(play.dice_used == 4 for play in legal_plays(pos("X: bar 8x14 / O: 1x2"), (3, 3)))


# --- must-use rules --------------------------------------------------------------------------------------


def test_must_use_both_dice_if_possible() -> None:
    """Seed 004: "You must always use as many of your dice rolls as possible, even when that is not to your
    advantage." The 6 first is blocked (the 7-point is closed), but 1 then 6 uses both dice."""
    text = "X: 13 / O: 7x2"
    assert plays(text, (6, 1)) == {"13/6"}
    assert "you must use both dice when you can" in rejection(text, (6, 1), "13/12")
    assert rejection(START_TEXT, (3, 1), "pass").startswith("you must play when you can")


def test_when_either_die_but_not_both_the_higher_must_be_played() -> None:
    """Seed 004: "If either roll is valid, but not both, you must use the higher number."
    From the 24-point, 6-5 can go 24/18 or 24/19 but the 13-point blocks the rest."""
    text = "X: 24 / O: 13x2"
    assert plays(text, (6, 5)) == {"24/18"}
    assert rejection(text, (6, 5), "24/19") == "only one die can be played, so it must be the higher one (6)"
    explanation = explain(pos(text), (6, 5))
    assert Constraint.HIGHER_DIE in explanation.constraints
    assert explanation.forced


def test_when_only_one_die_can_be_played_it_must_be() -> None:
    """Seed 004: "If only one valid move is available, you must make that move." Here only the 5 can be played
    (the 18- and 13-points are closed), so the lower die is played."""
    text = "X: 24 / O: 18x2 13x2"
    assert plays(text, (6, 5)) == {"24/19"}
    explanation = explain(pos(text), (6, 5))
    assert Constraint.ONE_DIE in explanation.constraints
    assert Constraint.HIGHER_DIE not in explanation.constraints
    assert rejection(text, (6, 5), "24/18") == "point 18 is closed: O has 2 checkers there"


def test_no_legal_move_loses_the_turn() -> None:
    """Seed 004: "If no legal move is available, you lose your turn." """
    text = "X: 13 / O: 9x2 12x2"
    position = pos(text)
    (only,) = legal_plays(position, (4, 1))
    assert only.is_pass and str(only) == "pass" and only.result == position
    assert parse_play(position, (4, 1), "pass") == only
    assert rejection(text, (4, 1), "13/12") == "point 12 is closed: O has 2 checkers there"
    assert explain(position, (4, 1)).no_play


# --- bearing off -----------------------------------------------------------------------------------------


def test_bearing_off_only_with_all_checkers_home() -> None:
    """Seed 000: "Once a player has moved all 15 checkers into their home board, they may begin bearing off."
    Seed 004: "you cannot bear off any checker unless all your checkers are in your home board. For example, if
    one or more of your checkers are on the bar, you cannot bear off, even if all your other checkers are in your
    home board."
    """
    on_bar = "X: bar 6x3 5x3 4x3 3x3 2x2 / O: 1x2"
    assert plays(on_bar, (6, 5)) == {"bar/14"}
    assert "bar" in rejection(on_bar, (6, 5), "6/off 5/off")
    # A checker on the 7-point must come home first.
    outside = "X: 7 6x14 / O: 24x2"
    assert plays(outside, (6, 2)) == {"7/1 6/4", "7/5 6/off"}
    assert rejection(outside, (6, 2), "6/off 6/4") == "you can't bear off while a checker is on your 7-point"
    # With all fifteen home, bearing off is allowed.
    home = "X: 6x3 5x3 4x3 3x3 2x2 1 / O: 24x2"
    assert "6/off 5/off" in plays(home, (6, 5))


def test_bear_off_with_the_exact_number() -> None:
    """Seed 004: "You can bear off a checker by rolling the number that corresponds to the point on which the
    checker resides. For example, if you roll a four, you can remove a checker from the 4-point." Seed 000: "on a
    roll of three, the player removes a checker from the 3-point."
    """
    text = "X: 6x3 4x2 2 / O: 24x2"
    assert "4/off 2/1" in plays(text, (4, 1))
    play = parse_play(pos(text), (4, 1), "4/off 2/1")
    assert play.result.player_off == pos(text).player_off + 1
    assert play.result.player[4] == 1
    assert "6/5 3/off" in plays("X: 6x2 3 / O: 24x2", (3, 1))


def test_no_checker_on_the_rolled_point_moves_from_a_higher_point() -> None:
    """Seed 004: "If you roll a number for which there is no checker on the corresponding point, you must make a
    legal move using a checker on a higher-numbered point. For example, if you roll a three and all your checkers
    are on the 4-point or higher, you must move one of them forward three points."
    """
    text = "X: 5x2 4x2 / O: 24x2"
    assert plays(text, (3, 3)) == {"5/2(2) 4/1(2)"}
    # With 6-3 the 6 bears off the highest checker and the 3 is still a move of three pips.
    assert plays(text, (6, 3)) == {"5/2 5/off", "5/off 4/1"}
    for play in legal_plays(pos(text), (6, 3)):
        assert any(start - end == 3 for start, end, _ in play.moves)
    with pytest.raises(IllegalPlayError):
        parse_play(pos(text), (6, 3), "5/off 4/off")


def test_bear_off_from_the_highest_point_when_no_higher_move() -> None:
    """Seed 000: "If there are no checkers on a higher point to move, the player may remove a checker from the
    highest point available." Seed 004: "If no such move is possible, you must remove a checker from the highest
    possible point."
    """
    assert plays("X: 3 2 / O: 24x2", (6, 5)) == {"3/off 2/off"}
    text = "X: 4x2 2 / O: 24x2"
    assert plays(text, (6, 5)) == {"4/off(2)"}
    reason = rejection(text, (6, 5), "4/off 2/off")
    assert "highest point" in reason
    assert "4-point" in reason


def test_never_obliged_to_bear_off_when_another_move_exists() -> None:
    """Seed 004: "You are never required to bear off if another legal move is available." """
    text = "X: 6x2 3 / O: 24x2"
    legal = legal_plays(pos(text), (3, 2))
    assert {str(play) for play in legal} == {"6/1", "6/4 3/off", "6/4 6/3"}
    assert any(all(move.end != OFF for move in play.moves) for play in legal)
    assert parse_play(pos(text), (3, 2), "6/4 6/3").result.player_off == pos(text).player_off


# --- winning ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "kind"),
    [
        ("12x14", WinKind.SINGLE),  # O has borne one checker off
        ("12x15", WinKind.GAMMON),  # O has borne none off
        ("19x15", WinKind.GAMMON),  # none off, all in O's own home board
        ("12x14 3", WinKind.BACKGAMMON),  # a checker in the winner's home board
        ("bar 12x14", WinKind.BACKGAMMON),  # a checker on the bar
        ("3 12x13", WinKind.SINGLE),  # in the winner's home board, but O has borne one off
    ],
)
def test_first_to_bear_off_all_fifteen_wins(loser: str, kind: WinKind) -> None:
    """Seed 000: "The first player to bear off all of their checkers wins the game." Seed 004: "The first player to
    move all 15 checkers off the board wins the game." (Gammon and backgammon: standard rules.)"""
    position = pos(f"X: 1 / O: {loser}")
    assert win_kind(position) is None
    assert not position.is_game_over()
    (play,) = legal_plays(position, (2, 1))
    assert str(play) == "1/off"
    assert play.result.player_off == CHECKERS
    assert play.result.is_game_over()
    assert win_kind(play.result) is kind
    assert win_kind(Position.start()) is None
