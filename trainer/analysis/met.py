"""The match equity table the evaluator uses (bgsage's, Kazaross XG2, GNU Backgammon 1.07's default): a side's
match winning chances at a score, to turn match winning chances into EMG as GNU Backgammon does."""

from __future__ import annotations


def match_winning_chance(away: int, opponent_away: int, *, post_crawford: bool = False) -> float:
    """The chances of winning the match of a side ``away`` points from it against a side ``opponent_away`` from it
    (1 or 0 once one side is there), before a game; ``post_crawford``: the games after the Crawford game, when one
    side is 1-away (otherwise a side 1-away is about to play the Crawford game)."""
    if away <= 0:
        return 1.0
    if opponent_away <= 0:
        return 0.0
    import bgbot_cpp

    return float(bgbot_cpp.get_met(away, opponent_away, post_crawford and 1 in (away, opponent_away)))
