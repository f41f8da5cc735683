"""The Play session with bgsage itself: the few checks the instant evaluator cannot make (a bgsage game is in
``tests/test_play_games.py``)."""

from __future__ import annotations

from trainer.analysis import Evaluator, GameContext
from trainer.engine import Game
from trainer.engine.bearoff import is_pure_bearoff
from trainer.play import WINDOW, CubeJudge, Session, Skill, Waiting
from trainer.play.cube import is_far


def test_the_tutor_flags_a_blunder_with_bgsage_s_better_play(sage: Evaluator) -> None:
    for seed in range(20):
        session = Session.new(seed=seed, evaluator=sage)
        if session.waiting_for is Waiting.MOVE:
            break
    ranked = sage.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
    outcome = session.play(ranked[-1].play)
    verdict = outcome.verdict
    assert verdict is not None and verdict.source == "1-ply"
    assert verdict.best_play == ranked[0].play and verdict.chosen_play == ranked[-1].play
    assert verdict.loss == ranked[0].equity - ranked[-1].equity and verdict.skill is Skill.of(verdict.loss)
    assert verdict.is_mistake
    session.take_back()
    again = session.play(ranked[0].play)
    assert again.verdict is not None and again.verdict.loss == 0
    turn = session.computer_turn()
    assert turn.play is not None and turn.events[-1].after.turn is not None


def test_the_window_never_hides_a_two_ply_cube_action(sage: Evaluator) -> None:
    """Where the 1-ply decision is more than the window from doubling (or from passing), 2 plies agree, and only
    close decisions are searched; ``benchmarks/analysis.py`` checks some 170 positions."""
    judge = CubeJudge(sage)
    game = Game(seed=12)
    game.roll_opening()
    checked = 0
    while game.result is None and checked < 8:
        if game.dice is None:
            game.roll()
        assert game.dice is not None
        position = game.position
        if len(game.history) % 3 == 1 and not is_pure_bearoff(position):
            first = sage.cube_decision(position, 1)
            deep = sage.cube_decision(position, 2)
            if is_far(first, "double"):
                assert first.should_double == deep.should_double
            if is_far(first, "answer"):
                assert first.should_take == deep.should_take
            searches = judge.deep_calls
            judged = judge.decide(position, "centered", GameContext(), 2, "double")
            assert judged.source == ("1-ply" if is_far(first, "double") else "2-ply")
            assert judge.deep_calls == searches + (judged.source == "2-ply")
            checked += 1
        game.play(sage.rank_plays(position, game.dice)[0].play)
    assert checked == 8 and WINDOW == 0.2
