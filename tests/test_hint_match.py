"""``bgtrainer hint`` at the score and cube a Match ID or an XGID gives: the evaluator is asked in that context, and
the report says the stakes."""

from __future__ import annotations

import json

from play_support import CheapEvaluator

from trainer.analysis import GameContext
from trainer.analysis.hint import hint_command
from trainer.analysis.results import CubeDecision, CubeOwner, RankedPlay
from trainer.engine import Dice, Position


class Recording(CheapEvaluator):
    """The cheap evaluator, keeping the cube owner and context of each question."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[CubeOwner, GameContext | None]] = []

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        self.asked.append((cube, context))
        return super().cube_decision(position, plies, cube=cube, context=context)

    def rank_plays(
        self,
        position: Position,
        dice: Dice,
        plies: int = 1,
        *,
        cube: CubeOwner = "centered",
        context: GameContext | None = None,
    ) -> list[RankedPlay]:
        self.asked.append((cube, context))
        return super().rank_plays(position, dice, plies, cube=cube, context=context)


POST_CRAWFORD = "4PPgASLgc/BBBA:MAGgABAAIAAA"  # 5-point match, X 1-4 on roll before rolling, post-Crawford


def test_a_match_id_gives_the_score_and_the_report_says_it() -> None:
    evaluator = Recording()
    text = hint_command(POST_CRAWFORD, None, plies=1, evaluator=evaluator)
    assert evaluator.asked == [("centered", GameContext(1, player_away=4, opponent_away=1))]
    assert "Match: the player on roll is 4-away, the opponent 1-away." in text
    record = json.loads(hint_command(POST_CRAWFORD, None, plies=1, as_json=True, evaluator=evaluator))
    assert (record["away"], record["crawford"], record["cube_value"]) == ([4, 1], False, 1)


def test_a_plain_position_id_is_money_play_and_says_nothing_of_stakes() -> None:
    evaluator = Recording()
    text = hint_command("4PPgASLgc/BBBA", "31", plies=1, evaluator=evaluator)
    assert evaluator.asked == [("centered", GameContext())]
    assert "Match:" not in text and "Money play" not in text


def test_an_xgid_gives_its_cube_and_owner() -> None:
    evaluator = Recording()
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:0:0:0:0:10"  # money, cube at 2 on the side on roll
    text = hint_command(xgid, None, plies=1, evaluator=evaluator)
    assert evaluator.asked == [("player", GameContext(2))]
    assert "Money play, the cube at 2" in text
