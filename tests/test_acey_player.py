"""The acey-deucey computer player, and whole seeded games between computer players with the invariants checked
after every action, in both variants."""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from test_acey_game import acey

import trainer.analysis.acey
from trainer.analysis.acey import choose_double, choose_play, evaluate, play_turn
from trainer.engine import (
    CHECKERS,
    AceyDeucey,
    Dice,
    Game,
    Phase,
    Play,
    Position,
    Side,
    legal_plays,
    playable_doubles,
    win_kind,
)

# --- the computer player --------------------------------------------------------------------------------


def test_the_computer_player_makes_points_and_avoids_blots() -> None:
    position = Position.from_text("X: waitx13 8 6 / O: waitx15")
    assert str(choose_play(legal_plays(position, (6, 4)))) == "8/2 6/2"


def test_the_computer_player_hits() -> None:
    position = Position.from_text("X: waitx13 24x2 / O: waitx13 21 16")
    assert choose_play(legal_plays(position, (3, 1))).hits >= 1


def test_the_computer_player_chooses_a_double_it_can_play_in_full() -> None:
    position = Position.from_text("X: waitx13 24 23 / O: waitx9 19x2 18x2 13x2")
    number = choose_double(position)
    assert playable_doubles(position)[number]
    best = max(evaluate(play.result) for play in legal_plays(position, (number, number)))
    others = [n for n, full in playable_doubles(position).items() if full and n != number]
    assert all(max(evaluate(p.result) for p in legal_plays(position, (n, n))) <= best for n in others)


def test_the_computer_player_imports_only_the_standard_library_and_the_engine() -> None:
    """The engine, the standard library and the analysis layer's words (no evaluator)."""
    tree = ast.parse(Path(trainer.analysis.acey.__file__).read_text())
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {
        f"{node.module}.{alias.name}" if node.module == "trainer.analysis" else node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    allowed = {"trainer.analysis.wording", "trainer.i18n"}
    assert all(
        m.split(".")[0] in sys.stdlib_module_names or m.startswith("trainer.engine") or m in allowed for m in modules
    ), modules


# --- whole games ---------------------------------------------------------------------------------------------

PlayChooser = Callable[[Sequence[Play]], Play]


def assert_valid(position: Position) -> None:
    """15 checkers a side counting those waiting, and a board that validates."""
    for side, waiting in ((position.player, position.player_waiting), (position.opponent, position.opponent_waiting)):
        assert len(side) == 26 and min(side) >= 0 and sum(side) + waiting == CHECKERS
    rebuilt = Position(
        position.player, position.opponent,
        player_waiting=position.player_waiting, opponent_waiting=position.opponent_waiting,
    )  # fmt: skip
    assert rebuilt == position


def run_game(game: Game, pick_play: PlayChooser, pick_double: Callable[[Position], int]) -> dict[str, int]:
    """Play ``game`` to its end, checking the invariants after every action; counts of what happened."""
    counts = {"turns": 0, "chosen doubles": 0, "bonus rolls": 0}
    acey_rules = isinstance(game.variant, AceyDeucey)
    game.roll_opening()
    assert game.phase is (Phase.ROLL if acey_rules else Phase.MOVE)
    bonus = False
    for _ in range(5000):
        assert_valid(game.position)
        if game.phase is Phase.ROLL:
            counts["bonus rolls"] += bonus
            counts["turns"] += not bonus
            game.roll()
            continue
        mover, position = game.turn, game.position
        assert mover is not None
        if game.phase is Phase.CHOOSE_DOUBLE:
            assert acey_rules
            _, last_dice, last_play = game.history[-1]
            assert set(last_dice) == {1, 2} and last_play.dice_used == 2
            game.choose_double(pick_double(position))
            counts["chosen doubles"] += 1
            assert game.turn is mover and game.phase is Phase.MOVE and game.dice is not None and game.dice.chosen
            continue
        dice = game.dice
        assert game.phase is Phase.MOVE and dice is not None
        options = game.legal_plays()
        assert options == legal_plays(position, dice)
        chosen = pick_play(options)
        result = game.play(chosen)
        assert game.history[-1] == (mover, dice, chosen)
        full = chosen.dice_used == dice.move_count
        if result is not None:
            assert result.winner is mover and result.kind is win_kind(chosen.result)
            assert game.phase is Phase.OVER and game.position == chosen.result
            return counts
        bonus = acey_rules and full and dice.chosen
        if acey_rules and full and (dice.chosen or set(dice) == {1, 2}):
            assert game.turn is mover and game.position == chosen.result
            assert game.phase is (Phase.ROLL if dice.chosen else Phase.CHOOSE_DOUBLE)
        else:
            assert game.turn is mover.other and game.position == chosen.result.swap()
            assert game.phase is Phase.ROLL
    pytest.fail("no result after 5,000 actions")


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6, 7])
def test_computer_players_play_acey_deucey_to_the_end(seed: int) -> None:
    counts = run_game(Game(variant="acey-deucey", seed=seed), choose_play, choose_double)
    assert counts["turns"] >= 20


def test_acey_deucey_games_between_computer_players_have_1_2_turns_with_their_bonus_rolls() -> None:
    totals = {"chosen doubles": 0, "bonus rolls": 0}
    for seed in range(10, 16):
        counts = run_game(Game(variant="acey-deucey", seed=seed), choose_play, choose_double)
        for key in totals:
            totals[key] += counts[key]
    assert totals["chosen doubles"] >= 6 and totals["bonus rolls"] >= 3


def never(position: Position) -> int:
    """The double chooser of a standard game, which never asks for one."""
    raise AssertionError("standard backgammon never asks for a double")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_computer_players_play_standard_backgammon_to_the_end(seed: int) -> None:
    counts = run_game(Game(seed=seed), choose_play, never)
    assert counts["chosen doubles"] == counts["bonus rolls"] == 0 and counts["turns"] >= 20


def test_play_turn_plays_every_part_of_a_turn() -> None:
    game = acey([5, 2, 1, 2, 6, 4, 3, 3])
    assert play_turn(game) is None and game.phase is Phase.ROLL  # the opening roll
    assert play_turn(game) is None
    assert [(side, dice.chosen) for side, dice, _ in game.history] == [(Side.X, False), (Side.X, True), (Side.X, False)]
    assert game.turn is Side.O
    game.roll()
    assert game.dice == Dice(3, 3) and game.history[-1][0] is Side.X
