"""The engine's small values and shared pieces: Dice, Side, the error family, the turn helpers, game phases."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

import pytest

import trainer.engine.bearoff as bearoff
import trainer.engine.turn as turn_module
from trainer.engine import (
    OFF,
    Dice,
    EngineError,
    Game,
    GameState,
    GameStateError,
    IllegalPlayError,
    InvalidDiceError,
    NotBearOffError,
    Phase,
    Play,
    Position,
    Side,
    TableError,
    Turn,
    Variant,
    Xgid,
    legal_plays,
    parse_dice,
)
from trainer.engine.variants import STANDARD, variant_named
from trainer.engine.wording import capitalized, noun, number_word, plural, sentence

# --- Dice -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["65", "6-5", "6 5", "6,5", " 6/5 ", "6x5"])
def test_dice_parse_reads_every_written_form(text: str) -> None:
    assert Dice.parse(text) == Dice(6, 5) == (6, 5)
    assert parse_dice(text) == Dice(6, 5)


@pytest.mark.parametrize("text", ["", "7", "70", "6", "666", "a1", "0-3"])
def test_dice_parse_refuses_anything_else_quoting_it(text: str) -> None:
    with pytest.raises(InvalidDiceError, match="two numbers from 1 to 6"):
        Dice.parse(text)


def test_dice_parse_quotes_a_long_input_briefly() -> None:
    with pytest.raises(InvalidDiceError) as caught:
        Dice.parse("6" * 10_000)
    assert len(str(caught.value)) < 120


@pytest.mark.parametrize("values", [(0, 1), (7, 1), (1,), (1, 2, 3), (True, 2), (1.0, 2)])
def test_dice_of_checks_values(values: tuple[object, ...]) -> None:
    with pytest.raises(InvalidDiceError):
        Dice.of(values)  # type: ignore[arg-type]


def test_a_double_gives_four_moves_and_other_rolls_two() -> None:
    assert Dice(3, 3).is_double and Dice(3, 3).moves == (3, 3, 3, 3) and Dice(3, 3).move_count == 4
    assert not Dice(2, 5).is_double and Dice(2, 5).moves == (2, 5) and Dice(2, 5).move_count == 2
    assert (Dice(2, 5).high, Dice(2, 5).low) == (5, 2)
    assert Dice(2, 5).high_first() == Dice(5, 2)
    assert str(Dice(2, 5)) == "2-5" and str(Dice(6, 6)) == "6-6"


def test_engine_functions_return_dice_values() -> None:
    play = legal_plays(Position.start(), (3, 1))[0]
    assert isinstance(play.dice, Dice)
    assert isinstance(Turn(Position.start(), (3, 1)).dice, Dice)


# --- Side -----------------------------------------------------------------------------------------------------


def test_side_values_follow_the_xgid_and_other_flips() -> None:
    assert Side.X == 1 and Side.O == -1
    assert Side.X.other is Side.O and Side.O.other is Side.X
    assert Side.from_name(" o ") is Side.O and str(Side.X) == "X"
    with pytest.raises(EngineError, match="'X' or 'O'"):
        Side.from_name("Z")


def test_xgid_turn_is_a_side() -> None:
    board = Position.start()
    record = Xgid.from_xgid(Xgid(position=board, turn=Side.O).xgid())
    assert record.turn is Side.O
    assert Xgid(position=board, turn=-1).turn is Side.O  # type: ignore[arg-type]


# --- errors ---------------------------------------------------------------------------------------------------


def test_bear_off_errors_are_engine_errors() -> None:
    with pytest.raises(NotBearOffError) as caught:
        bearoff.rank_plays(Position.start(), (6, 5))
    assert isinstance(caught.value, EngineError)


def test_a_damaged_table_is_a_table_error(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    damaged = tmp_path / "two.bin"
    damaged.write_bytes(b"BGT2\x00\x00\x00\x00not zlib")
    missing = tmp_path / "missing.bin"
    bearoff.two_sided.cache_clear()
    bearoff.one_sided.cache_clear()
    try:
        monkeypatch.setattr(bearoff, "TWO_SIDED_FILE", damaged)
        with pytest.raises(TableError, match="damaged"):
            bearoff.two_sided()
        monkeypatch.setattr(bearoff, "ONE_SIDED_FILE", missing)
        with pytest.raises(TableError, match="cannot read"):
            bearoff.one_sided()
    finally:
        monkeypatch.undo()
        bearoff.two_sided.cache_clear()
        bearoff.one_sided.cache_clear()
    assert isinstance(TableError("x"), EngineError)


def builtin_raises(source: str) -> list[str]:
    """``function: Exception`` for each builtin exception raised in ``source`` outside a private function."""
    found = []

    def visit(node: ast.AST, names: tuple[str, ...]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, (*names, child.name))
                continue
            if isinstance(child, ast.Raise) and child.exc is not None:
                raised = child.exc.func if isinstance(child.exc, ast.Call) else child.exc
                name = raised.id if isinstance(raised, ast.Name) else ""
                is_builtin = isinstance(getattr(builtins, name, None), type)
                if is_builtin and not any(part.startswith("_") for part in names):
                    found.append(f"{'.'.join(names) or '<module>'}: {name}")
            visit(child, names)

    visit(ast.parse(source), ())
    return found


def test_the_engine_raises_builtin_exceptions_only_inside_private_helpers() -> None:
    """What a caller of the engine meets is an EngineError (a ValueError quoting the input); a bare ValueError
    stays inside a private helper whose caller turns it into one."""
    engine = Path(bearoff.__file__).parent
    found = {path.name: builtin_raises(path.read_text()) for path in sorted(engine.rglob("*.py"))}
    assert {name: raises for name, raises in found.items() if raises} == {}
    assert builtin_raises("def read(text):\n    raise ValueError(text)\ndef _read(text):\n    raise ValueError\n") == [
        "read: ValueError"
    ]


def test_game_errors_name_what_the_game_waits_for() -> None:
    game = Game(roll_die=iter([3, 1, 6, 5]).__next__)
    assert game.phase is Phase.OPENING
    with pytest.raises(GameStateError, match="opening roll first"):
        game.roll()
    game.roll_opening()
    assert game.phase is Phase.MOVE
    with pytest.raises(GameStateError, match="already rolled"):
        game.roll()
    game.play("8/5 6/5")
    assert game.phase is Phase.ROLL
    with pytest.raises(GameStateError, match="roll the dice first"):
        game.play("24/18 13/8")
    assert isinstance(GameStateError("x"), EngineError)


# --- the turn helpers -----------------------------------------------------------------------------------------


def test_turn_route_moves_one_checker_by_several_dice() -> None:
    turn = Turn(Position.start(), (6, 5))
    moved = turn.route(24, 13)
    assert moved is not None and moved.is_complete and str(moved.play) == "24/13"
    assert moved.used_dice == (6, 5) or moved.used_dice == (5, 6)
    assert turn.route(24, 12) is None


def test_turn_route_finds_the_open_stop_when_one_is_closed() -> None:
    position = Position.from_text("X: 13x15 / O: 18x2")  # X's 7-point is O's 18-point: closed
    turn = Turn(position, (6, 5))
    moved = turn.route(13, 2)
    assert moved is not None and [move.end for move in moved.moves] == [8, 2]


def test_turn_reachable_lists_every_point_a_checker_can_get_to() -> None:
    turn = Turn(Position.start(), (3, 3))
    assert turn.reachable(8) == frozenset({5, 2})  # 8/5, 8/2; a third 3 would need point -1
    assert turn.reachable(24) == frozenset({21, 18, 15})  # 24/12 would land on O's 5 checkers


def test_turn_why_stuck_gives_the_rule() -> None:
    position = Position.from_text("X: bar 6x14 / O: 24x2 23x2 22x2 21x2 20x2 19x2")
    turn = Turn(position, (6, 5))
    assert "no checker can move" in turn.why_stuck(6)
    blocked = Turn(Position.from_text("X: bar 6x14 / O: 20x2"), (5, 2))
    assert blocked.why_stuck(6) == "you have a checker on the bar: enter it first"
    done = blocked.route(25, 23)
    assert done is not None
    with pytest.raises(IllegalPlayError):
        done.move(6, 2)


def test_turn_used_dice_tracks_the_dice_played() -> None:
    turn = Turn(Position.start(), (4, 4)).move(24, 20)
    assert turn.used_dice == (4,) and turn.remaining_dice == (4, 4, 4)
    assert Turn(Position.start(), (6, 1)).move(13, 7).move(8, 7).used_dice == (6, 1)
    bear = Turn(Position.from_text("X: 2x2 / O: 19"), (6, 1)).move(2, OFF)
    assert bear.used_dice == (6,)  # bearing off from the 2-point with the 6 (the 1 can't take it off)


def test_a_turn_played_step_by_step_searches_its_roll_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turns a turn leads to (a move, a route, undo, with_moves) share its legal plays: the roll is searched
    once, however the learner moves and takes moves back."""
    searched: list[tuple[Position, object]] = []
    search = turn_module.legal_plays

    def counted(position: Position, dice: tuple[int, int]) -> tuple[Play, ...]:
        searched.append((position, dice))
        return search(position, dice)

    monkeypatch.setattr(turn_module, "legal_plays", counted)
    turn = Turn(Position.start(), (4, 4))
    assert turn.reachable(24) == frozenset({20, 16}) and turn.movable_points() == frozenset({24, 13, 8, 6})
    moved = turn.move(24, 20).move(20, 16)
    (routed,) = moved.routes(13, 5)
    assert routed.is_complete and str(routed.play) == "24/16 13/5"
    again = routed.undo().undo().undo().undo()
    assert again == turn and again.with_moves(routed.moves) == routed
    assert len(searched) == 1
    assert Turn(Position.start(), (4, 4)).plays == turn.plays and len(searched) == 2  # a new turn searches again


def test_wording_helpers() -> None:
    assert plural(1, "checker") == "1 checker" and plural(3, "checker") == "3 checkers"
    assert plural(0, "point") == "0 points" and noun(1, "point") == "point" and noun(2, "point") == "points"
    assert capitalized("a gammon: 2-1") == "A gammon: 2-1" and capitalized("") == ""
    assert number_word(4) == "four" and number_word(7) == "7"
    assert sentence("point 5 is closed") == "Point 5 is closed."
    assert sentence("Done.") == "Done."


# --- variants -------------------------------------------------------------------------------------------------


def test_the_standard_variant_is_the_default_and_named() -> None:
    assert Game().variant is STANDARD and variant_named("standard") is STANDARD
    assert Game(variant="standard").variant is STANDARD
    with pytest.raises(EngineError, match="unknown variant 'chouette'"):
        variant_named("chouette")


def test_a_variant_subclass_changes_the_rules_without_touching_the_game() -> None:
    class NoHitting(Variant):
        """A toy rule set whose plays never hit (when a non-hitting play exists)."""

        name = "no-hitting"

        def legal_plays(self, position: Position, dice: Dice) -> tuple:  # type: ignore[type-arg]
            plays = super().legal_plays(position, dice)
            calm = tuple(play for play in plays if not play.hits)
            return calm or plays

    game = Game(roll_die=iter([6, 4]).__next__, variant=NoHitting())
    game.position = Position.from_text("X: 24x2 13x5 8x3 6x5 / O: 18 12x5 1x2 19x5 17x2")
    game.roll_opening()
    assert all(not play.hits for play in game.legal_plays())
    assert any(play.hits for play in legal_plays(game.position, (6, 4)))


def test_game_state_is_a_frozen_value() -> None:
    game = Game(roll_die=iter([3, 1]).__next__)
    before = game.state
    game.roll_opening()
    assert before.phase is Phase.OPENING and game.state.phase is Phase.MOVE
    assert isinstance(game.state, GameState)
    with pytest.raises(AttributeError):
        game.state.turn = Side.X  # type: ignore[misc]


# The must-use lesson's 6-2: 13/11/5 is the only play; the checkers at home can't bear off with a checker on 13.
MUST_USE_BOTH = "X: 13x2 6x3 5x3 4x3 3x4 / O: 7x2 19x3 20x3 21x3 22x2 23x2"


def test_a_move_allowed_on_its_own_is_refused_with_the_rule_of_the_roll() -> None:
    """Choosing 6/4 with the 2 breaks no rule of a single move: it breaks "use both dice", and says so without
    naming the play that does."""
    turn = Turn(Position.from_text(MUST_USE_BOTH), (6, 2))
    with pytest.raises(IllegalPlayError) as caught:
        turn.move(6, 4)
    reason = caught.value.reason
    assert reason == (
        "after 6/4 the 6 could not be played, but a play that uses both dice exists: you must use both dice when "
        "you can"
    )
    assert "13/5" not in reason and "13/11" not in reason


def test_why_a_checker_is_stuck_names_the_rule_of_each_die_the_roll_rule_first() -> None:
    """The 6-point checker can't move: the 2 (6/4) would break "use both dice", the 6 would bear off while a
    checker is on 13. Both are said, the move the learner most likely meant first."""
    turn = Turn(Position.from_text(MUST_USE_BOTH), (6, 2))
    reason = turn.why_stuck(6)
    two, six = reason.split("; ")
    assert two.startswith("with the 2, after 6/4 the 6 could not be played")
    assert six == "with the 6, you can't bear off while a checker is on your 13-point"


def test_why_stuck_under_the_higher_die_rule_and_for_a_double() -> None:
    higher = Turn(Position.from_text("X: 13 / O: 19x5 2x2"), (6, 5))
    with pytest.raises(IllegalPlayError, match=r"either die can be played but not both, so it must be the higher"):
        higher.move(13, 8)
    # 6-6 from the start: the back checkers can go 24/18 but no further (12 is O's), the 8s and 6s not at all.
    double = Turn(Position.from_text("X: 24x2 13x2 8x3 6x4 5x2 4x2 / O: 18x2 2x2 1x2 19x3 20x3 21x3"), (6, 6))
    assert double.why_stuck(8) == "point 2 is closed: O has 2 checkers there"


def test_turn_notation_keeps_the_stop_of_a_checker_borne_off_with_both_dice() -> None:
    turn = Turn(Position.from_text("X: 6 3x2 2 / O: 24x3 23x3 22x3"), (5, 1)).move(6, 5).move(5, 0)
    assert turn.is_complete
    assert turn.notation() == "6/5/off"
    play = turn.play
    assert play is not None and str(play) == "6/off"  # GNU Backgammon's notation, as the engine writes it
    assert play.notation(stops=True) in ("6/5/off", "6/1/off")


def test_printable_text_shows_control_characters_as_signs() -> None:
    from trainer.engine.wording import printable

    assert printable("Lesson \x1b]0;owned\x07 one") == "Lesson ␛]0;owned␇ one"
    assert printable("tab\there\r\nend") == "tab␉here␍␊end"
    assert printable("two\nlines\tkept", newlines=True) == "two\nlines\tkept"
    assert printable("\x7f\x9b\u202e") == "␡\\x9b\\u202e"
    assert printable("24/18 13/8 ★ ●") == "24/18 13/8 ★ ●"
