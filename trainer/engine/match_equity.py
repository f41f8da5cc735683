"""The match equity table: a side's chances of winning the match (its match winning chance, MWC) at each score, and
the gammonless dead-cube take point it gives at a score.

The table is **Kazaross-XG2**, Neil Kazaross's table as distributed with GNU Backgammon (``met/Kazaross-XG2.xml``),
the one GNU Backgammon, eXtreme Gammon and bgsage use by default: rolled out by eXtreme Gammon up to 9-away, by GNU
Backgammon up to 15-away. It is kept here as data, the pre-Crawford table up to 15-away each side and the
post-Crawford row.

Scores are given as how many points each side still needs ("3-away"). In the pre-Crawford table, a side at 1-away
is in the Crawford game (no double in it): the side one point short has just reached it. After the Crawford game the
score is post-Crawford, read from the post-Crawford row: the trailer's chances against a leader at 1-away.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from trainer.engine import wording
from trainer.engine.cube import MAX_CUBE
from trainer.engine.errors import CubeError, MatchError

TABLE_NAME: Final = "Kazaross-XG2"
"""The table's name, as GNU Backgammon ships it."""
LONGEST: Final = 15
"""The farthest score the table is kept for, each side (15-away)."""

# fmt: off
PRE_CRAWFORD: Final[tuple[tuple[float, ...], ...]] = (
    # 1-away against 1- to 15-away
    (0.50000, 0.67736, 0.75076, 0.81436, 0.84179, 0.88731, 0.90724, 0.93250,
     0.94402, 0.959275, 0.966442, 0.975534, 0.979845, 0.985273, 0.987893),
    # 2-away against 1- to 15-away
    (0.32264, 0.50000, 0.59947, 0.66870, 0.74359, 0.79940, 0.84225, 0.87539,
     0.90197, 0.923034, 0.939311, 0.952470, 0.962495, 0.970701, 0.976887),
    # 3-away against 1- to 15-away
    (0.24924, 0.40053, 0.50000, 0.57150, 0.64795, 0.71123, 0.76209, 0.80468,
     0.84017, 0.870638, 0.894417, 0.914831, 0.930702, 0.944426, 0.954931),
    # 4-away against 1- to 15-away
    (0.18564, 0.33130, 0.42850, 0.50000, 0.57732, 0.64285, 0.69924, 0.74577,
     0.78799, 0.824059, 0.853955, 0.879141, 0.900233, 0.918040, 0.932657),
    # 5-away against 1- to 15-away
    (0.15821, 0.25641, 0.35205, 0.42268, 0.50000, 0.56635, 0.62638, 0.67786,
     0.72540, 0.767055, 0.802732, 0.833654, 0.859934, 0.882866, 0.902013),
    # 6-away against 1- to 15-away
    (0.11269, 0.20060, 0.28877, 0.35715, 0.43365, 0.50000, 0.56261, 0.61636,
     0.66787, 0.713057, 0.753427, 0.788634, 0.819569, 0.846648, 0.869999),
    # 7-away against 1- to 15-away
    (0.09276, 0.15775, 0.23791, 0.30076, 0.37362, 0.43739, 0.50000, 0.55480,
     0.60854, 0.656283, 0.700209, 0.739054, 0.774121, 0.805203, 0.832566),
    # 8-away against 1- to 15-away
    (0.06750, 0.12461, 0.19532, 0.25423, 0.32214, 0.38364, 0.44520, 0.50000,
     0.55442, 0.603718, 0.649899, 0.691356, 0.729447, 0.763593, 0.794397),
    # 9-away against 1- to 15-away
    (0.05598, 0.09803, 0.15983, 0.21201, 0.27460, 0.33213, 0.39146, 0.44558,
     0.50000, 0.550196, 0.597926, 0.641481, 0.682119, 0.718927, 0.752814),
    # 10-away against 1- to 15-away
    (0.040725, 0.076966, 0.129362, 0.175941, 0.232945, 0.286943, 0.343717, 0.396282,
     0.449804, 0.500000, 0.548547, 0.593459, 0.635880, 0.674830, 0.711113),
    # 11-away against 1- to 15-away
    (0.033558, 0.060689, 0.105583, 0.146045, 0.197268, 0.246573, 0.299791, 0.350101,
     0.402074, 0.451453, 0.500000, 0.545552, 0.589242, 0.629736, 0.667927),
    # 12-away against 1- to 15-away
    (0.024466, 0.047530, 0.085169, 0.120859, 0.166346, 0.211366, 0.260946, 0.308644,
     0.358519, 0.406541, 0.454448, 0.500000, 0.544068, 0.585701, 0.625259),
    # 13-away against 1- to 15-away
    (0.020155, 0.037505, 0.069298, 0.099767, 0.140066, 0.180431, 0.225879, 0.270553,
     0.317881, 0.364120, 0.410758, 0.455932, 0.500000, 0.541943, 0.582545),
    # 14-away against 1- to 15-away
    (0.014727, 0.029299, 0.055574, 0.081960, 0.117134, 0.153352, 0.194797, 0.236407,
     0.281073, 0.325170, 0.370264, 0.414299, 0.458057, 0.500000, 0.540750),
    # 15-away against 1- to 15-away
    (0.012107, 0.023113, 0.045069, 0.067343, 0.097987, 0.130001, 0.167434, 0.205603,
     0.247186, 0.288887, 0.332073, 0.374741, 0.417455, 0.459250, 0.500000),
)
POST_CRAWFORD: Final[tuple[float, ...]] = (
    0.500000, 0.48803, 0.32264, 0.31002, 0.19012, 0.18072, 0.11559, 0.10906,
    0.06953, 0.065161, 0.042069, 0.039060, 0.025371, 0.023428, 0.015304,
)
# fmt: on


def _check_away(away: int) -> None:
    if away > LONGEST:
        raise MatchError(wording.beyond_the_equity_table(away, LONGEST))


def match_winning_chance(player_away: int, opponent_away: int, *, post_crawford: bool = False) -> float:
    """The player's chances of winning the match (0 to 1) at ``player_away`` against ``opponent_away``.

    A side at 0-away (or less) has won the match: 1.0 for the player, 0.0 for the opponent. With one side at 1-away,
    the score is the Crawford game unless ``post_crawford``, which reads the post-Crawford row (at 1-away each side,
    double match point, it is 0.5 either way).

    :raises MatchError: if both sides have won, a side is beyond :data:`LONGEST`, or ``post_crawford`` is given
        without a side at 1-away.
    """
    if player_away <= 0 and opponent_away <= 0:
        raise MatchError(wording.both_sides_won())
    if player_away <= 0:
        return 1.0
    if opponent_away <= 0:
        return 0.0
    _check_away(player_away)
    _check_away(opponent_away)
    if post_crawford:
        if opponent_away == 1:
            return POST_CRAWFORD[player_away - 1]
        if player_away == 1:
            return 1.0 - POST_CRAWFORD[opponent_away - 1]
        raise MatchError(wording.post_crawford_without_one_away(player_away, opponent_away))
    return PRE_CRAWFORD[player_away - 1][opponent_away - 1]


@dataclass(frozen=True, slots=True)
class Score:
    """A score of a match as the points each side still needs (0 once a side has won), from one side's view, and
    whether it is post-Crawford."""

    player_away: int
    opponent_away: int
    post_crawford: bool = False

    @property
    def over(self) -> bool:
        """Whether a side has won the match."""
        return self.player_away <= 0 or self.opponent_away <= 0

    @property
    def crawford(self) -> bool:
        """Whether the game played at this score is the Crawford game (one side at 1-away, not post-Crawford)."""
        return (
            not self.over
            and not self.post_crawford
            and 1 in (self.player_away, self.opponent_away)
            and (self.player_away != self.opponent_away)
        )

    @property
    def chance(self) -> float:
        """The player's chances of winning the match at this score (:func:`match_winning_chance`)."""
        return match_winning_chance(
            max(self.player_away, 0), max(self.opponent_away, 0), post_crawford=self.post_crawford and not self.over
        )

    def after(self, player_wins: int, opponent_wins: int) -> Score:
        """The score after the player wins ``player_wins`` points or the opponent ``opponent_wins`` (one of them):
        post-Crawford stays so; from before it, a side reaching 1-away makes the next game the Crawford game."""
        player = max(self.player_away - player_wins, 0)
        opponent = max(self.opponent_away - opponent_wins, 0)
        return Score(player, opponent, self.post_crawford and player > 0 and opponent > 0)


@dataclass(frozen=True, slots=True)
class TakePoint:
    """The gammonless dead-cube take point of a double at a score, from the match equity table, for the taker.

    Passing gives the doubler the cube's value; taking plays for twice it, won or lost (the cube dead: no redouble
    counted). ``risk`` is what taking risks against passing, ``gain`` what it gains, and the take point is the
    share of games the taker must win for taking to be as good as passing: ``risk / (risk + gain)``."""

    taker_away: int
    doubler_away: int
    cube: int
    """The cube's value before the double (it is doubled to twice this)."""
    post_crawford: bool
    passed: Score
    """The score after passing (the taker's view)."""
    lost: Score
    """The score after taking and losing."""
    won: Score
    """The score after taking and winning."""
    pass_mwc: float
    """The taker's match winning chance after passing."""
    lose_mwc: float
    """The taker's match winning chance after taking and losing."""
    win_mwc: float
    """The taker's match winning chance after taking and winning."""
    risk: float
    """``pass_mwc - lose_mwc``."""
    gain: float
    """``win_mwc - pass_mwc``."""
    point: float
    """``risk / (risk + gain)``: the share of games (0 to 1) the taker needs to win."""


def take_point(taker_away: int, doubler_away: int, cube: int, *, post_crawford: bool = False) -> TakePoint:
    """The gammonless dead-cube take point of a double from ``cube`` to twice it, the taker at ``taker_away`` and
    the doubler at ``doubler_away`` (post-Crawford if ``post_crawford``: the trailer doubling the leader at
    1-away).

    :raises CubeError: for a double that cannot be: in the Crawford game (a side at 1-away before it), of a cube
        that is no power of two (or at its highest), by a doubler who wins the match with the cube as it is.
    :raises MatchError: for a score off the table, or post-Crawford without a side at 1-away.
    """
    if cube < 1 or cube > MAX_CUBE // 2 or cube & (cube - 1):
        raise CubeError(wording.no_such_cube(cube, MAX_CUBE))
    for away in (taker_away, doubler_away):
        if away < 1:
            raise MatchError(wording.match_already_won(away))
        _check_away(away)
    score = Score(taker_away, doubler_away, post_crawford)
    if post_crawford and 1 not in (taker_away, doubler_away):
        raise MatchError(wording.post_crawford_without_one_away(taker_away, doubler_away))
    if score.crawford:
        raise CubeError(wording.no_double_in_the_crawford_game())
    if doubler_away <= cube:
        raise CubeError(wording.doubler_wins_with_the_cube(doubler_away, cube))
    passed, lost, won = score.after(0, cube), score.after(0, 2 * cube), score.after(2 * cube, 0)
    pass_mwc, lose_mwc, win_mwc = passed.chance, lost.chance, won.chance
    risk, gain = pass_mwc - lose_mwc, win_mwc - pass_mwc
    return TakePoint(
        taker_away=taker_away,
        doubler_away=doubler_away,
        cube=cube,
        post_crawford=post_crawford,
        passed=passed,
        lost=lost,
        won=won,
        pass_mwc=pass_mwc,
        lose_mwc=lose_mwc,
        win_mwc=win_mwc,
        risk=risk,
        gain=gain,
        point=risk / (risk + gain),
    )
