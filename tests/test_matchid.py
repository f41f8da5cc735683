"""Cube, score and turn in writing: GNU Backgammon's Match ID, the ``POSID:MATCHID`` form and the XGID, against
published examples and round trips."""

from __future__ import annotations

import base64

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine import (
    Cube,
    Dice,
    Game,
    GameStage,
    InvalidPositionError,
    MatchId,
    MatchScore,
    MoneyOptions,
    Position,
    Side,
    WinKind,
    Xgid,
    gnubg_id,
    read_position,
    read_record,
)

HYPOTHESIS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def key_bits(match_id: str) -> str:
    """The Match ID's key as a bit string, first bit first (an independent reading of the format)."""
    key = int.from_bytes(base64.b64decode(match_id), "little")
    return "".join(str(key >> bit & 1) for bit in range(72))


# --- published examples ----------------------------------------------------------------------------------------


def test_the_gnubg_manual_example_match_id() -> None:
    # GNU Backgammon manual, "A technical description of the Match ID": score 2-4 in a 9-point match, player 0
    # holding a 2-cube, player 1 has just rolled 52; the key written out bit by bit, then QYkqASAAIAAA.
    # Player 0 is O (the top side), player 1 is X.
    record = MatchId.from_match_id("QYkqASAAIAAA")
    assert record.match == MatchScore(9, x=4, o=2)
    assert record.cube == Cube(2, Side.O)
    assert record.on_roll is Side.X and record.decider is Side.X
    assert record.dice == (5, 2) and not record.doubled and record.resigned is None
    assert record.stage is GameStage.PLAYING
    assert record.match_id() == "QYkqASAAIAAA"
    manual_bits = "1000 00 1 0 100 1 0 00 101 010 100100000000000 010000000000000 001000000000000"
    assert key_bits("QYkqASAAIAAA")[:66] == manual_bits.replace(" ", "")


def test_the_gnubg_manual_opening_and_bear_off_examples() -> None:
    # GNU Backgammon manual, Introduction: "gnubg rolls 3, anthon rolls 1", gnubg (O, player 0) to play 31,
    # shown as "Positions ID: 4HPwATDgc/ABMA  Match ID : MIEFAAAAAAAA", cube 1, money play.
    opening = read_record("4HPwATDgc/ABMA:MIEFAAAAAAAA")
    assert opening.form == "gnubg id" and opening.position == Position.start()
    assert opening.turn is Side.O and opening.dice == (3, 1)
    assert opening.cube == Cube() and opening.match == MatchScore()
    # GNU Backgammon manual, "Two-sided databases for Hypergammon": "Position ID: ADAAAQAkIAAAAA  Match ID :
    # cAkAAAAAAAAA", X (jth) on roll before rolling, three checkers a side: X on its 24, 17 and 15 points.
    hyper = read_record("GNUbgID: ADAAAQAkIAAAAA:cAkAAAAAAAAA")
    assert hyper.turn is Side.X and hyper.dice is None and hyper.cube == Cube()
    assert hyper.position.text() == "X: 24 17 15 / O: 12x2 2"
    # Both IDs predate the Jacoby bit: 0 there reads as "Jacoby rule on" in money play.
    assert hyper.options == MoneyOptions(jacoby=True)


def test_an_extended_match_id_with_the_jacoby_bit() -> None:
    # The example of gnuid2xgid() in the 'backgammon' R package's documentation (rdrr.io,
    # lassehjorthmadsen/backgammon): 4HPwATDgc/ABMA with 8IhuACAACAAE, written by a current gnubg, whose 67th
    # bit is set (Jacoby off). It is a 3-point match at 1-2 for the Crawford game, X to play 53.
    record = MatchId.from_match_id("8IhuACAACAAE")
    assert record.match == MatchScore(3, x=1, o=2, crawford=True)
    assert record.on_roll is Side.X and record.dice == (5, 3) and record.cube == Cube()
    assert key_bits("8IhuACAACAAE")[66] == "1" and not record.jacoby
    # The bit means nothing in a match: it is written 0.
    assert MatchId.from_match_id(record.match_id()) == record


@pytest.mark.parametrize(
    ("xgid", "turn", "cube", "score", "pips"),
    [
        # XG's analysis export in "Cleveland", bigmoneybill.blogspot.com (March 2012): Bill (bottom, score 4) on
        # roll, leading 5-away 6-away in a 9-point match, holding a 2 cube; pips 27 and 29.
        ("XGID=---ABBA------------bbaa---:1:1:1:00:4:3:0:9:10", Side.X, Cube(2, Side.X), MatchScore(9, 4, 3), (27, 29)),
        # Later in the same game: Ed (top, score 3) on roll with the 4-cube on his side; pips 11 and 9.
        (
            "XGID=----AA--------------aa-a--:2:-1:-1:00:4:3:0:9:10",
            Side.O,
            Cube(4, Side.O),
            MatchScore(9, 4, 3),
            (11, 9),
        ),
        # XG's export quoted by Timothy Chow, "3-away/7-away cube action", rec.games.backgammon (May 2023):
        # "Score is X:4 O:0 7 pt.(s) match", "Pip count X: 107 O: 63", "Cube: 1", "X on roll, cube action".
        ("XGID=-ABBBBBa-----Ba----cBb--h-:0:0:1:00:4:0:0:7:10", Side.X, Cube(), MatchScore(7, 4, 0), (107, 63)),
    ],
)
def test_published_xgids_give_the_cube_and_score(
    xgid: str, turn: Side, cube: Cube, score: MatchScore, pips: tuple[int, int]
) -> None:
    record = Xgid.from_xgid(xgid)
    assert record.turn is turn and record.cube == cube and record.match == score
    assert record.options == MoneyOptions() and record.dice is None
    assert record.position.pip_count() == pips
    assert Xgid.of(record.position, turn=turn, cube=cube, match=score).xgid() == xgid
    full = read_record(xgid)
    assert (full.form, full.turn, full.cube, full.match) == ("xgid", turn, cube, score)


# --- the XGID's rules field ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "options"),
    [
        ("0", MoneyOptions()),
        ("1", MoneyOptions(jacoby=True)),
        ("2", MoneyOptions(beavers=True)),
        ("3", MoneyOptions(jacoby=True, beavers=True)),
    ],
)
def test_the_xgid_rules_field_holds_the_money_options(field: str, options: MoneyOptions) -> None:
    text = f"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:{field}:0:10"
    record = Xgid.from_xgid(text)
    assert record.options == options and not record.crawford and record.match == MatchScore()
    assert Xgid.of(Position.start(), options=options).xgid() == text


def test_the_xgid_rules_field_is_the_crawford_flag_in_a_match() -> None:
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10"
    record = Xgid.from_xgid(text)
    assert record.match == MatchScore(5, 4, 2, crawford=True) and record.options == MoneyOptions()
    assert Xgid.of(Position.start(), match=record.match).xgid() == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10", "Crawford field must be 0 or 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "rules field must be 0-3"),
        ("XGID=-b----E-C---eE---c-e----B-:7:0:1:00:0:0:0:0:10", "the cube is 128|not 128"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:9:0:0:7:10", "X's score 9 is beyond the 7-point match"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:2:1:7:10", "cannot be the Crawford game"),
    ],
)
def test_xgid_cube_and_score_that_cannot_be(text: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        read_record(text)


def test_money_options_and_the_crawford_flag_do_not_mix_in_an_xgid() -> None:
    with pytest.raises(InvalidPositionError, match="no Crawford game in money play"):
        Xgid(position=Position.start(), crawford=True)
    with pytest.raises(InvalidPositionError, match="belong to money play"):
        Xgid(position=Position.start(), match_length=7, jacoby=True)


# --- Match IDs that cannot be read -----------------------------------------------------------------------------


def with_bits(**fields: int) -> str:
    """A Match ID from field values written at the offsets of the gnubg manual (independent of the engine)."""
    offsets = {
        "cube": 0,
        "owner": 4,
        "move": 6,
        "crawford": 7,
        "state": 8,
        "turn": 11,
        "doubled": 12,
        "resign": 13,
        "die1": 15,
        "die2": 18,
        "length": 21,
        "score0": 36,
        "score1": 51,
        "extra": 66,
    }
    values = {"owner": 3, "state": 1} | fields
    key = sum(value << offsets[name] for name, value in values.items())
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("QYkqASAAIAA", "12 characters"),
        ("QYkqASAAIAA*", "12 characters"),
        (with_bits(owner=2), "cube owner bits"),
        (with_bits(state=5), "game state must be 0-4"),
        (with_bits(die1=7, die2=1), "dice must be two numbers 1-6"),
        (with_bits(die1=4), "dice must be two numbers 1-6"),
        (with_bits(cube=7), "the cube is 128, but it stops at 64"),
        (with_bits(length=5, score0=6), "O's score 6 is beyond the 5-point match"),
        (with_bits(crawford=1), "no Crawford game in money play"),
        (with_bits(length=5, doubled=1, die1=3, die2=2), "cannot show both a double and dice"),
        (with_bits(extra=2), "stray bits"),
    ],
)
def test_unreadable_match_ids_name_the_field(text: str, fragment: str) -> None:
    with pytest.raises(InvalidPositionError, match=fragment):
        MatchId.from_match_id(text)
    with pytest.raises(InvalidPositionError, match=fragment):
        read_position(f"4HPwATDgc/ABMA:{text}")


def test_the_independent_writer_agrees_with_the_manual() -> None:
    assert with_bits(cube=1, owner=0, move=1, state=1, turn=1, die1=5, die2=2, length=9, score0=2, score1=4) == (
        "QYkqASAAIAAA"
    )


# --- round trips -----------------------------------------------------------------------------------------------


@st.composite
def scores(draw: st.DrawFn) -> MatchScore:
    length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 11, 25, 32767]))
    if not length:
        return MatchScore(0, draw(st.integers(0, 32767)), draw(st.integers(0, 32767)))
    x, o = draw(st.integers(0, length)), draw(st.integers(0, length))
    crawford = draw(st.booleans()) and (x == length - 1) != (o == length - 1) and max(x, o) < length
    return MatchScore(length, x, o, crawford=crawford)


cubes = st.builds(Cube, st.sampled_from([1, 2, 4, 8, 16, 32, 64]), st.sampled_from([None, Side.X, Side.O]))
sides = st.sampled_from([Side.X, Side.O])
rolls = st.none() | st.builds(Dice, st.integers(1, 6), st.integers(1, 6))


@HYPOTHESIS
@given(
    match=scores(),
    cube=cubes,
    on_roll=sides,
    turn=sides,
    dice=rolls,
    doubled=st.booleans(),
    resigned=st.sampled_from([None, *WinKind]),
    stage=st.sampled_from(list(GameStage)),
    jacoby=st.booleans(),
)
def test_match_ids_round_trip(
    match: MatchScore,
    cube: Cube,
    on_roll: Side,
    turn: Side,
    dice: Dice | None,
    doubled: bool,
    resigned: WinKind | None,
    stage: GameStage,
    jacoby: bool,
) -> None:
    dice = None if doubled else dice
    record = MatchId(match, cube, on_roll, turn, dice, doubled, resigned, stage, jacoby and match.is_money)
    text = record.match_id()
    assert len(text) == 12
    read = MatchId.from_match_id(text)
    # Dice are stored high first.
    expected_dice = None if dice is None else dice.high_first()
    assert read == MatchId(match, cube, on_roll, turn, expected_dice, doubled, resigned, stage, record.jacoby)
    bits = key_bits(text)
    assert int(bits[21:36][::-1], 2) == match.length
    assert int(bits[36:51][::-1], 2) == match.o and int(bits[51:66][::-1], 2) == match.x


@HYPOTHESIS
@given(
    position=st.sampled_from([Position.start(), Position.from_text("X: 6x2 3 / O: 19 bar"), Position.start().swap()]),
    match=scores(),
    cube=cubes,
    on_roll=sides,
    dice=rolls,
    jacoby=st.booleans(),
)
def test_the_combined_form_and_the_xgid_keep_the_whole_record(
    position: Position, match: MatchScore, cube: Cube, on_roll: Side, dice: Dice | None, jacoby: bool
) -> None:
    options = MoneyOptions(jacoby=jacoby and match.is_money)
    combined = gnubg_id(position, MatchId(match, cube, on_roll, dice=dice, jacoby=options.jacoby))
    record = read_record(combined)
    assert record.position == position and record.turn is on_roll and record.cube == cube
    assert record.match == match and record.options == options
    assert record.dice == (None if dice is None else dice.high_first())
    assert read_position(combined) == (position, record.dice)
    xgid = Xgid.of(position, turn=on_roll, dice=dice, cube=cube, match=match, options=options).xgid()
    again = read_record(xgid)
    assert (again.position, again.turn, again.dice, again.cube, again.match, again.options) == (
        position,
        on_roll,
        dice,
        cube,
        match,
        options,
    )


def test_a_game_state_as_a_match_id() -> None:
    game = Game(roll_die=iter([3, 1, 6, 5]).__next__, match=MatchScore(7, 2, 3))
    assert MatchId.from_state(game.state).stage is GameStage.NONE
    game.roll_opening()
    game.play("8/5 6/5")
    game.double()
    record = MatchId.from_state(game.state)
    assert (record.on_roll, record.decider, record.doubled, record.dice) == (Side.O, Side.X, True, None)
    assert record.match == MatchScore(7, 2, 3) and record.stage is GameStage.PLAYING
    combined = gnubg_id(game.position, record)
    back = read_record(combined)
    assert back.doubled and back.turn is Side.O and back.position == game.position
    game.drop()
    assert MatchId.from_state(game.state).stage is GameStage.DROPPED
