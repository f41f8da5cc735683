"""Themes of best-play and cube puzzles read from the position by fixed rules (no evaluation, but for the two
gammon themes, which may take the evaluator's gammon figures).

The mover is the side on roll (``position.player``), its points numbered 24 down to 1 and the bar 25; an opponent
checker on its own point ``q`` stands on the mover's point ``25 - q``. "Holds" a point means two or more checkers
on it; "back" means on the bar or in the opponent's home board (the mover's points 19-24); "outside" means on the
bar or on points 7-24; "trails by N" means the mover's pip count is at least N above the opponent's. Every rule is
written out in ``puzzles/README.md`` ("Themes computed from the position").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Final

from trainer.engine import BAR, OFF, Position
from trainer.engine.ideas import PRIME_LENGTH

HOME: Final = range(1, 7)
BACK: Final = range(19, 26)
"""The mover's points 19-24 (the opponent's home board) and the bar."""
BEAR_IN_OUTSIDE: Final = 5
"""Bear-in with contact: at most this many of the mover's checkers outside its home board."""
BLITZ_HOME_POINTS: Final = 3
"""Attack: at least this many home-board points held by the mover."""
HOLDING_POINTS: Final = (18, 20, 21)
"""The anchors of a holding game (the opponent's bar, 5- and 4-points)."""
HOLDING_LEAD: Final = 10
"""A holding game: the mover leads the race by at most this many pips."""
HOLDING_TO_COME: Final = 2
"""A holding game: at least this many opponent checkers still to bring home."""
BACK_GAME_POINTS: Final = 2
BACK_GAME_DEFICIT: Final = 50
ACE_POINT_DEFICIT: Final = 40
ACE_POINT_OPPONENT_HOME: Final = 11
"""An ace-point game: at least this many of the opponent's checkers home or borne off."""
TIMING_BLOCK: Final = 3
TIMING_TRAPPED: Final = 2
GAMMON_SAVE_LOSSES: Final = 0.20
GAMMON_SAVE_DEFICIT: Final = 30
GAMMON_GO_WINS: Final = 0.25
GAMMON_OUTSIDE: Final = 3
"""The position rule of the gammon themes: at least this many checkers outside the losing side's home board."""
BLITZ_ON_BAR: Final = 2
BLITZ_CLOSED_POINTS: Final = 4


class PositionTheme(Enum):
    """A theme read from the position, named as the puzzle files name it."""

    RACING = "racing"
    BEAR_IN_CONTACT = "bear-in-contact"
    ATTACK_BLITZ = "attack-blitz"
    HOLDING_GAME = "holding-game"
    PRIME_ESCAPE = "prime-escape"
    GAMMON_SAVE = "gammon-save"
    GAMMON_GO = "gammon-go"
    BACK_GAME = "back-game"
    ACE_POINT = "ace-point"
    TIMING = "timing"


# --- facts of the board ---------------------------------------------------------------------------------------


def _theirs(position: Position) -> tuple[int, ...]:
    """The opponent's checkers in the mover's numbering: index 1-24 the points, 25 the opponent's bar."""
    them = position.opponent
    return (0, *(them[25 - point] for point in range(1, 25)), them[BAR])


def _contact(position: Position) -> bool:
    return not position.is_race()


def _outside(side: tuple[int, ...], waiting: int = 0) -> int:
    """Checkers of a side on the bar, waiting to enter or on its points 7-24."""
    return sum(side[7:26]) + waiting


def _back(side: tuple[int, ...], waiting: int = 0) -> int:
    """Checkers of a side on the bar, waiting to enter or in the other side's home board (its points 19-24)."""
    return sum(side[19:26]) + waiting


def _home_points(side: tuple[int, ...]) -> int:
    return sum(1 for point in HOME if side[point] >= 2)


def _deficit(position: Position) -> int:
    """By how many pips the mover trails in the race (negative when it leads)."""
    mine, theirs = position.pip_count()
    return mine - theirs


def _rearmost(side: tuple[int, ...]) -> int:
    """The highest point (bar = 25) a side occupies, 0 if all its checkers are off."""
    return max((point for point in range(1, 26) if side[point]), default=0)


def _runs(held: tuple[int, ...], below: int) -> list[tuple[int, int]]:
    """The runs of points held (two or more of ``held``) among points 1 to ``below - 1``, as (lowest, highest)."""
    runs: list[tuple[int, int]] = []
    start = 0
    for point in range(1, min(below, 25)):
        if held[point] >= 2:
            start = start or point
        elif start:
            runs.append((start, point - 1))
            start = 0
    if start:
        runs.append((start, min(below, 25) - 1))
    return runs


def _mover(position: Position) -> tuple[int, ...]:
    """The mover's counts with checkers waiting to enter (acey-deucey) counted on the bar."""
    me = position.player
    if not position.player_waiting:
        return me
    return (*me[:BAR], me[BAR] + position.player_waiting)


# --- the rules ------------------------------------------------------------------------------------------------


def is_racing(position: Position) -> bool:
    """No contact: every checker of the mover has passed every checker of the opponent."""
    return position.is_race()


def is_bear_in_contact(position: Position) -> bool:
    """Contact, at most 5 of the mover's checkers outside its home board, and none of them back (on the bar or in
    the opponent's home board): the mover brings its last checkers in or bears off past the opponent's checkers."""
    me = _mover(position)
    return _contact(position) and _outside(me) <= BEAR_IN_OUTSIDE and _back(me) == 0


def is_attack_blitz(position: Position) -> bool:
    """Contact, the mover holds 3 or more home-board points and has no checker on the bar, and the opponent has a
    checker on the bar or a blot in the mover's home board."""
    me, theirs = _mover(position), _theirs(position)
    target = theirs[25] > 0 or any(theirs[point] == 1 for point in HOME)
    return _contact(position) and _home_points(me) >= BLITZ_HOME_POINTS and me[BAR] == 0 and target


def is_back_game(position: Position) -> bool:
    """Contact, the mover holds 2 or more points in the opponent's home board (its points 19-24) and trails the
    race by 50 pips or more."""
    me = _mover(position)
    anchors = sum(1 for point in range(19, 25) if me[point] >= 2)
    return _contact(position) and anchors >= BACK_GAME_POINTS and _deficit(position) >= BACK_GAME_DEFICIT


def is_holding_game(position: Position) -> bool:
    """Contact, the mover holds its 18-, 20- or 21-point, the opponent still has 2 or more checkers to bring home
    (on the bar or on the mover's points 1-18), the mover leads the race by at most 10 pips, is not closed out (on
    the bar against six points held in the opponent's home board) and is not in a back game."""
    me, theirs = _mover(position), _theirs(position)
    closed_out = me[BAR] > 0 and all(theirs[point] >= 2 for point in range(19, 25))
    return (
        _contact(position)
        and any(me[point] >= 2 for point in HOLDING_POINTS)
        and sum(theirs[1:19]) + theirs[25] >= HOLDING_TO_COME
        and _deficit(position) >= -HOLDING_LEAD
        and not closed_out
        and not is_back_game(position)
    )


def is_prime_escape(position: Position) -> bool:
    """The opponent holds 4 or more points in a row, every one of them below the mover's rearmost checker (the
    highest point it occupies, the bar counting as 25): that checker must get past the block."""
    rearmost = _rearmost(_mover(position))
    return any(high - low + 1 >= PRIME_LENGTH for low, high in _runs(_theirs(position), rearmost))


def is_ace_point(position: Position) -> bool:
    """Contact, the mover's only point in the opponent's home board is its 24-point (the opponent's ace point),
    11 or more of the opponent's checkers are home or borne off, and the mover trails by 40 pips or more."""
    me, them = _mover(position), position.opponent
    anchors = [point for point in range(19, 25) if me[point] >= 2]
    opponent_home = them[OFF] + sum(them[point] for point in HOME)
    return (
        _contact(position)
        and anchors == [24]
        and opponent_home >= ACE_POINT_OPPONENT_HOME
        and _deficit(position) >= ACE_POINT_DEFICIT
    )


def is_timing(position: Position) -> bool:
    """A priming battle where the mover's timing is the shorter: contact; the opponent holds 4 or more points in a
    row with 2 or more of the mover's checkers above all of them (behind the block); the mover holds a block of 3
    or more points in a row with an opponent checker behind it (below it in the mover's numbering, or on the
    opponent's bar); and the mover leads the race or is level, so it may have to break its block first."""
    if not _contact(position) or _deficit(position) > 0:
        return False
    me, theirs = _mover(position), _theirs(position)
    trapped = any(
        high - low + 1 >= PRIME_LENGTH and sum(me[high + 1 : 26]) >= TIMING_TRAPPED for low, high in _runs(theirs, 25)
    )
    behind = any(high - low + 1 >= TIMING_BLOCK and (theirs[25] or any(theirs[1:low])) for low, high in _runs(me, 25))
    return trapped and behind


def is_gammon_save(position: Position, lose_gammon: float | None = None) -> bool:
    """The mover has borne off none and may lose a gammon.

    With the evaluator's figure (``lose_gammon``, the chance the mover loses a gammon after the best play): 20% or
    more, and the mover has a checker back or trails by 30 pips or more. Without it: every opponent checker is
    home or off (it bears off) and 3 or more of the mover's checkers are outside its home board.
    """
    me = _mover(position)
    if me[OFF]:
        return False
    if lose_gammon is not None:
        return lose_gammon >= GAMMON_SAVE_LOSSES and (_back(me) > 0 or _deficit(position) >= GAMMON_SAVE_DEFICIT)
    return position.all_home(opponent=True) and _outside(me) >= GAMMON_OUTSIDE


def is_gammon_go(position: Position, win_gammon: float | None = None) -> bool:
    """The opponent has borne off none and the mover may win a gammon.

    With the evaluator's figure (``win_gammon``, the chance the mover wins a gammon after the best play): 25% or
    more. Without it: every mover checker is home or off and 3 or more of the opponent's checkers are outside its
    home board, or the opponent has 2 or more checkers on the bar and the mover holds 4 or more home-board points.
    """
    them = position.opponent
    if them[OFF]:
        return False
    if win_gammon is not None:
        return win_gammon >= GAMMON_GO_WINS
    racing_home = position.all_home() and _outside(them, position.opponent_waiting) >= GAMMON_OUTSIDE
    blitz = them[BAR] >= BLITZ_ON_BAR and _home_points(_mover(position)) >= BLITZ_CLOSED_POINTS
    return racing_home or blitz


ThemeRule = Callable[[Position, float | None, float | None], bool]
"""A theme's rule: the position, the mover's gammon-win and gammon-loss chances (``None`` when not known)."""

THEME_RULES: Final[Mapping[PositionTheme, ThemeRule]] = MappingProxyType(
    {
        PositionTheme.RACING: lambda position, _win, _lose: is_racing(position),
        PositionTheme.GAMMON_SAVE: lambda position, _win, lose: is_gammon_save(position, lose),
        PositionTheme.GAMMON_GO: lambda position, win, _lose: is_gammon_go(position, win),
        PositionTheme.BACK_GAME: lambda position, _win, _lose: is_back_game(position),
        PositionTheme.ACE_POINT: lambda position, _win, _lose: is_ace_point(position),
        PositionTheme.TIMING: lambda position, _win, _lose: is_timing(position),
        PositionTheme.ATTACK_BLITZ: lambda position, _win, _lose: is_attack_blitz(position),
        PositionTheme.PRIME_ESCAPE: lambda position, _win, _lose: is_prime_escape(position),
        PositionTheme.HOLDING_GAME: lambda position, _win, _lose: is_holding_game(position),
        PositionTheme.BEAR_IN_CONTACT: lambda position, _win, _lose: is_bear_in_contact(position),
    }
)
"""Each theme's rule, in priority order (the most specific first): the order of :func:`position_themes`."""

POSITION_THEME_NAMES: Final = frozenset(theme.value for theme in PositionTheme)
"""The names of the themes read from the position (other puzzle themes, such as ``hit-or-not``, have no rule)."""


def position_themes(
    position: Position, *, win_gammon: float | None = None, lose_gammon: float | None = None
) -> tuple[PositionTheme, ...]:
    """Every theme whose rule holds, most specific first (the order of :data:`THEME_RULES`)."""
    return tuple(theme for theme, rule in THEME_RULES.items() if rule(position, win_gammon, lose_gammon))


def theme_holds(
    theme: str, position: Position, *, win_gammon: float | None = None, lose_gammon: float | None = None
) -> bool:
    """Whether the rule of the theme named ``theme`` holds for ``position``.

    :raises ValueError: if ``theme`` names no theme read from the position (see :data:`POSITION_THEME_NAMES`).
    """
    return THEME_RULES[PositionTheme(theme)](position, win_gammon, lose_gammon)
