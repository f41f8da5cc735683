"""The themes read from the position (each rule at its boundary, with hand-picked boards) and the positions refused
as absurd (silly set-ups refused, real game positions accepted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.content.position_themes import (
    POSITION_THEME_NAMES,
    THEME_RULES,
    PositionTheme,
    is_ace_point,
    is_attack_blitz,
    is_back_game,
    is_bear_in_contact,
    is_gammon_go,
    is_gammon_save,
    is_holding_game,
    is_prime_escape,
    is_racing,
    is_timing,
    position_themes,
    theme_holds,
)
from trainer.content.realism import Absurdity, absurdity, is_realistic
from trainer.content.themes import BEST_THEMES, CONTACT_CUBE_THEMES, POSITION_THEMES, THEME_TITLES, THEMES
from trainer.engine import Position

START = Position.start()


def board(text: str) -> Position:
    return Position.from_text(text)


# --- racing -------------------------------------------------------------------------------------------------


def test_racing_is_no_contact() -> None:
    assert is_racing(board("X: 12x2 10x2 8x2 6x3 5x3 4x3 / O: 20x3 19x3 15x3 14x3 13x3"))
    assert not is_racing(START)
    assert not is_racing(board("X: 13x2 10x2 8x2 6x3 5x3 4x3 / O: 20x3 19x3 15x3 14x3 12x3"))


# --- bear-in with contact -----------------------------------------------------------------------------------

ANCHOR_ON_MY_FIVE = "O: 22x3 21x3 20x3 19x4 5x2"


def test_bear_in_contact_allows_five_checkers_outside_not_six() -> None:
    five = board(f"X: 9x2 8x3 6x4 4x3 3x3 / {ANCHOR_ON_MY_FIVE}")
    six = board(f"X: 9x3 8x3 6x3 4x3 3x3 / {ANCHOR_ON_MY_FIVE}")
    assert is_bear_in_contact(five)
    assert not is_bear_in_contact(six)


def test_bear_in_contact_needs_contact_and_no_checker_back() -> None:
    assert not is_bear_in_contact(board("X: 9x2 8x3 6x4 4x3 3x3 / O: 22x3 21x3 20x3 19x4 10x2"))  # a race
    assert not is_bear_in_contact(board(f"X: 24 9 8x3 6x4 4x3 3x3 / {ANCHOR_ON_MY_FIVE}"))  # one back
    assert not is_bear_in_contact(board(f"X: bar 9 8x3 6x4 4x3 3x3 / {ANCHOR_ON_MY_FIVE}"))  # on the bar


# --- attack and blitz ---------------------------------------------------------------------------------------

ATTACKER = "X: 13x5 8x3 6x3 5x2 4x2"


def test_attack_blitz_needs_three_home_points_not_two() -> None:
    assert is_attack_blitz(board(f"{ATTACKER} / O: 24x2 19x4 17x3 12x5 3"))
    assert not is_attack_blitz(board("X: 13x5 8x4 6x3 5x2 4 / O: 24x2 19x4 17x3 12x5 3"))


def test_attack_blitz_needs_a_target_on_the_bar_or_a_blot_at_home() -> None:
    assert is_attack_blitz(board(f"{ATTACKER} / O: bar 24x2 19x4 17x3 12x5"))
    assert not is_attack_blitz(board(f"{ATTACKER} / O: 24x3 19x4 17x3 12x5"))  # an anchor, no blot
    assert not is_attack_blitz(board(f"{ATTACKER} / O: 24x2 19x4 17x3 12x5 9"))  # a blot outside the home board


def test_attack_blitz_is_not_the_side_on_the_bar() -> None:
    assert not is_attack_blitz(board("X: bar 13x4 8x3 6x3 5x2 4x2 / O: 24x2 19x4 17x3 12x5 3"))


# --- holding game -------------------------------------------------------------------------------------------

HOLDER = "13x4 8x3 6x4 5x2"
HOLD_AGAINST = "O: 23x4 17x3 16x2 12x4 10x2"


@pytest.mark.parametrize(("anchor", "holds"), [(18, True), (19, False), (20, True), (21, True), (22, False)])
def test_holding_game_is_the_18_20_or_21_point(anchor: int, holds: bool) -> None:
    assert is_holding_game(board(f"X: {anchor}x2 {HOLDER} / {HOLD_AGAINST}")) == holds


def test_holding_game_needs_checkers_to_come_and_no_big_race_lead() -> None:
    assert is_holding_game(board(f"X: 20x2 {HOLDER} / O: 24x3 23x4 22x3 21x3 10x2"))  # two O checkers to come
    assert not is_holding_game(board(f"X: 20x2 {HOLDER} / O: 24x4 23x4 22x4 21x2 10"))  # one
    leading = board("X: 20x2 7x4 6x5 5x2 4x2 / O: 23x4 17x3 16x2 12x4 10x2")
    assert leading.pip_count()[0] < leading.pip_count()[1] - 10
    assert not is_holding_game(leading)


def test_holding_game_is_not_being_closed_out() -> None:
    closed = "O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3"
    assert not is_holding_game(board(f"X: bar 18x2 13x3 8x3 6x4 5x2 / {closed}"))
    assert is_holding_game(board(f"X: bar 18x2 13x3 8x3 6x4 5x2 / {closed.replace('19x2', '17x2')}"))


# --- primes and escapes -------------------------------------------------------------------------------------


def test_prime_escape_is_four_points_in_a_row_in_front_of_the_rearmost_checker() -> None:
    assert is_prime_escape(board("X: 24x2 13x5 8x3 6x5 / O: 20x2 19x3 18x2 17x2 12x4 1x2"))
    assert not is_prime_escape(board("X: 24x2 13x5 8x3 6x5 / O: 20x2 19x3 18x2 16x2 12x4 1x2"))  # three, a gap


def test_prime_escape_ignores_a_prime_behind_the_rearmost_checker() -> None:
    assert not is_prime_escape(board("X: 13x5 10x2 8x3 6x5 / O: 20x2 19x3 18x2 17x2 14x4 1x2"))


def test_prime_escape_from_the_bar_against_four_home_points() -> None:
    assert is_prime_escape(board("X: bar 13x5 8x4 6x5 / O: 24x2 23x2 22x2 21x2 15x3 12x4"))


# --- back game, ace-point game ------------------------------------------------------------------------------

BACK_GAME = "X: 22x2 20x2 13x3 8x2 6x3 5x3 / O: 24x3 23x3 21x3 19x3 15 10 9"


def test_back_game_is_two_points_back_and_fifty_pips_behind() -> None:
    position = board(BACK_GAME)
    assert position.pip_count()[0] - position.pip_count()[1] >= 50
    assert is_back_game(position)
    assert not is_back_game(board("X: 22x2 20 13x4 8x2 6x3 5x3 / O: 24x3 23x3 21x3 19x3 15 10 9"))  # one point
    assert not is_holding_game(position)  # a back game is not a holding game


def test_back_game_needs_fifty_pips_not_less() -> None:
    close = board("X: 22x2 20x2 8x2 6x3 5x3 4x3 / O: 24x2 23x2 21x2 17x3 15x2 14x2 12x2")
    assert 0 < close.pip_count()[0] - close.pip_count()[1] < 50
    assert not is_back_game(close)


ACE_POINT = "X: 24x2 6x3 5x3 4x3 3x2 2x2 / O: 23x3 22x3 21x3 20x2 19x2"


def test_ace_point_game() -> None:
    position = board(ACE_POINT)
    assert is_ace_point(position)
    assert not is_ace_point(board("X: 24x2 23x2 6x3 5x3 4x2 3 2x2 / O: 22x3 21x3 20x3 19x4"))  # two anchors
    assert not is_ace_point(board("X: 24x2 6x3 5x3 4x3 3x2 2x2 / O: 23x3 22x3 21x2 20 19 16x5"))  # 10 of O home
    assert not is_ace_point(board("X: 24 6x4 5x3 4x3 3x2 2x2 / O: 23x3 22x3 21x3 20x2 19x2"))  # a blot, no anchor


# --- timing -------------------------------------------------------------------------------------------------

TIMING = "X: 24x2 13x2 9x2 8x2 7x2 6x3 5x2 / O: 21x2 20x2 19x2 18x2 14x2 12x3 2x2"


def test_timing_is_a_priming_battle_with_the_mover_ahead_in_the_race() -> None:
    position = board(TIMING)
    mine, theirs = position.pip_count()
    assert mine <= theirs
    assert is_timing(position)
    behind = board(TIMING.replace("14x2", "16x2"))
    assert behind.pip_count()[0] > behind.pip_count()[1]
    assert not is_timing(behind)


def test_timing_needs_a_four_point_block_against_the_back_checkers_and_something_behind_the_movers() -> None:
    assert not is_timing(board(TIMING.replace("18x2", "16x2")))  # three points in a row
    assert not is_timing(board(TIMING.replace("24x2", "24 10")))  # one checker back
    assert not is_timing(board(TIMING.replace("2x2", "11x2")))  # no O checker behind X's block


# --- the gammon themes --------------------------------------------------------------------------------------


def test_gammon_save_by_the_figure() -> None:
    back = board(ACE_POINT)
    assert is_gammon_save(back, 0.20)
    assert not is_gammon_save(back, 0.19)
    bearing_in = board(f"X: 9x2 8x3 6x4 4x3 3x3 / {ANCHOR_ON_MY_FIVE}")
    assert not is_gammon_save(bearing_in, 0.25)  # nothing back, ahead in the race
    bore_off = board("X: 24x2 6x3 5x3 4x3 3x2 / O: 23x3 22x3 21x3 20x2 19x2")
    assert not is_gammon_save(bore_off, 0.30)


def test_gammon_save_by_the_position_when_no_figure_is_known() -> None:
    assert is_gammon_save(board("X: 17x2 16 9 8x2 7 6x2 4 3 2x2 1x2 / O: 24x4 23x6 22 21"))
    assert not is_gammon_save(board("X: 8x2 6x4 5x3 4x2 3x2 2x2 / O: 24x4 23x6 22 21"))  # two outside
    assert not is_gammon_save(board("X: 17x2 16 9 8x2 7 6x2 4 3 2x2 1x2 / O: 24x4 23x6 22 13"))  # O not home


def test_gammon_go_by_the_figure_and_by_the_position() -> None:
    assert is_gammon_go(START, 0.25) and not is_gammon_go(START, 0.24)
    assert not is_gammon_go(START)
    assert is_gammon_go(board("X: 6x2 5x2 4x3 3x3 1x3 / O: 24x2 23 22x3 19x4 12 10 2x3"))  # bearing off, 5 out
    blitz = "X: 13x4 8x2 6x3 5x2 4x2 2x2 / O: barx2 24x2 19x4 17x3 12x4"
    assert is_gammon_go(board(blitz))
    assert not is_gammon_go(board(blitz.replace("barx2", "bar 20")))  # one on the bar
    assert not is_gammon_go(board("X: 6x2 5x2 4x3 3x3 1x2 / O: 24x2 23 22x3 19x3 12 10 2x3"), 0.5)  # O bore off


# --- all the themes -----------------------------------------------------------------------------------------


def test_the_themes_come_in_priority_order_and_by_name() -> None:
    assert list(THEME_RULES) == [
        PositionTheme.RACING,
        PositionTheme.GAMMON_SAVE,
        PositionTheme.GAMMON_GO,
        PositionTheme.BACK_GAME,
        PositionTheme.ACE_POINT,
        PositionTheme.TIMING,
        PositionTheme.ATTACK_BLITZ,
        PositionTheme.PRIME_ESCAPE,
        PositionTheme.HOLDING_GAME,
        PositionTheme.BEAR_IN_CONTACT,
    ]
    assert position_themes(board(BACK_GAME), lose_gammon=0.3) == (
        PositionTheme.GAMMON_SAVE,
        PositionTheme.BACK_GAME,
    )
    assert position_themes(START) == ()
    assert position_themes(START, win_gammon=0.3) == (PositionTheme.GAMMON_GO,)
    assert theme_holds("timing", board(TIMING)) and not theme_holds("racing", board(TIMING))
    assert theme_holds("gammon-save", board(ACE_POINT), lose_gammon=0.25)
    assert not theme_holds("gammon-save", board(ACE_POINT), lose_gammon=0.1)
    with pytest.raises(ValueError):
        theme_holds("hit-or-not", START)


def test_the_catalogue_files_best_and_cube_puzzles_under_every_position_theme() -> None:
    assert set(POSITION_THEMES) == POSITION_THEME_NAMES == {theme.value for theme in PositionTheme}
    assert {"opening-reply", "hit-or-not", "make-a-point"} | POSITION_THEME_NAMES == set(BEST_THEMES)
    assert set(CONTACT_CUBE_THEMES) > POSITION_THEME_NAMES
    assert {"market-loser", "too-good", "not-yet", "take-or-pass", "gammonish-take", "race-cube"} < set(
        CONTACT_CUBE_THEMES
    )
    assert len(THEMES) == len(set(THEMES)) and all(theme in THEME_TITLES for theme in THEMES)


# --- positions refused as absurd ----------------------------------------------------------------------------

REAL = [
    START,
    board("X: 24x2 13x4 8x4 6x4 5 / O: 20x2 19x3 18x2 17 12x5 1x2"),  # after an opening and a reply
    board("X: 20x2 13x2 9x2 8x4 6x5 / O: 19x6 17x2 14 12x4 7 2"),  # a holding game
    board(BACK_GAME),
    board(ACE_POINT),
    board(TIMING),
    board("X: 12x2 10x2 8x2 6x3 5x3 4x3 / O: 20x3 19x3 15x3 14x3 13x3"),  # a race
    board("X: bar 6x3 5x3 4x3 / O: 24x2 23x2 22x3 21x3 19x2 13x2"),  # hit once while bearing off
    board("X: bar 13x4 8x3 6x3 5x2 4x2 / O: barx2 24x2 19x4 17x3 12x4"),  # both on the bar, three together
]


@pytest.mark.parametrize("position", REAL, ids=lambda position: position.text())
def test_real_positions_are_accepted(position: Position) -> None:
    assert absurdity(position) is None and is_realistic(position)


ABSURD = [
    ("X: 6x7 13x4 8x4 / O: 19x5 17x3 12x5 1x2", Absurdity.TOWER),
    ("X: barx5 13x3 8x2 6x5 / O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3", Absurdity.CROWDED_BAR),
    ("X: 24x2 23x2 22x2 13x3 6x6 / O: 19x5 17x3 12x5 1x2", Absurdity.TOO_MANY_BACK),
    ("X: bar 24 6x4 5x4 4x3 / O: 23x2 22x3 21x3 19x3 16x4", Absurdity.BORNE_OFF_WITH_CHECKERS_BACK),
    ("X: 13 10 9 6x4 5x3 / O: 23x2 22x3 21x3 19x3 16x4", Absurdity.BORNE_OFF_WITH_CHECKERS_BACK),
    ("X: barx2 13x4 8x2 6x3 5x2 4x2 / O: barx2 24x2 19x4 17x3 12x4", Absurdity.BOTH_ON_BAR_MANY),
    (
        "X: bar 13x2 6x2 5x2 4x2 3x2 2x2 1x2 / O: bar 24x2 23x2 22x2 21x2 20x2 19x2 12x2",
        Absurdity.BOTH_CLOSED_OUT,
    ),
    ("X: 13x5 8x3 6 2x3 1x3 / O: 19x5 17x3 12x5 24x2", Absurdity.DEAD_CHECKERS),
]


@pytest.mark.parametrize(("text", "reason"), ABSURD, ids=[reason.name for _, reason in ABSURD])
def test_absurd_positions_are_refused_with_the_reason(text: str, reason: Absurdity) -> None:
    position = board(text)
    assert absurdity(position) is reason and not is_realistic(position)
    assert absurdity(position.swap()) is reason  # the same for either side on roll


def test_the_limits_are_one_checker_above_what_real_games_show() -> None:
    assert is_realistic(board("X: 6x6 13x5 8x4 / O: 19x5 17x3 12x5 1x2"))  # six on a point
    assert is_realistic(board("X: 24x2 23x2 22 13x4 6x6 / O: 19x5 17x3 12x5 1x2"))  # five back
    assert is_realistic(board("X: barx4 13x4 8x2 6x5 / O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3"))  # four on the bar
    assert is_realistic(board("X: 13x5 8x3 6x2 2x3 1x2 / O: 19x5 17x3 12x5 24x2"))  # five deep


def test_games_of_gnubg_against_itself_are_nearly_all_accepted() -> None:
    """Every position before a roll in 8 games of GNU Backgammon playing itself with noise: the few refused are
    late boards of a crunched side, seven checkers on one point (as puzzles/README.md says)."""
    data = Path(__file__).parent / "data" / "analyse" / "gnubg-noisy.gnubg2.jsonl"
    positions = [Position.from_position_id(json.loads(line)["position"]) for line in data.open()]
    refused = [reason for reason in map(absurdity, positions) if reason is not None]
    assert len(positions) == 435
    assert len(refused) <= len(positions) // 20
    assert set(refused) == {Absurdity.TOWER}
