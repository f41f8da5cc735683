"""The Play session without a screen: whose turn, what the learner may do, the computer's turn as data, the tutor's
verdicts, take-back, hints, the summary, and resuming from the record. All with the instant evaluator of
``tests/play_support.py`` (``tests/test_play_sage.py`` has the few that need bgsage)."""

from __future__ import annotations

import random

import pytest
from play_support import CheapEvaluator

from trainer.analysis import CubeDecision, CubeOwner, GameContext
from trainer.engine import (
    CubeError,
    IllegalPlayError,
    MatchId,
    Phase,
    PlayError,
    Position,
    legal_plays,
)
from trainer.play import (
    BAD,
    COMPUTER,
    DOUBTFUL,
    LEARNER,
    VERY_BAD,
    Computer,
    CubeJudge,
    Doubled,
    ErrorRate,
    Opened,
    Passed,
    Played,
    RecordError,
    Rolled,
    Session,
    SessionError,
    SessionRecord,
    Skill,
    Took,
    Verdict,
    Waiting,
    wording,
)
from trainer.play.game import AnswerHint, CannotDoubleHint, DoubleHint, PlayHint


class ScriptedCube(CheapEvaluator):
    """The cheap evaluator, with the cube decision fixed while ``cube`` is set (no double, double/take,
    double/pass)."""

    def __init__(self) -> None:
        super().__init__()
        self.cube: tuple[float, float, float] | None = None

    def cube_decision(
        self, position: Position, plies: int = 1, *, cube: CubeOwner = "centered", context: GameContext | None = None
    ) -> CubeDecision:
        decision = super().cube_decision(position, plies, cube=cube, context=context)
        if self.cube is None:
            return decision
        no_double, double_take, double_pass = self.cube
        return CubeDecision(no_double, double_take, double_pass, 0.0, decision.chances, plies, cube)


def learner_to_move(seed: int = 1, **settings: object) -> tuple[Session, CheapEvaluator]:
    """A new session advanced until the learner has dice to play."""
    evaluator = ScriptedCube()
    session = Session.new(seed=seed, evaluator=evaluator, **settings)  # type: ignore[arg-type]
    for _ in range(10):
        if session.waiting_for is Waiting.MOVE:
            return session, evaluator
        if session.waiting_for is Waiting.COMPUTER:
            session.computer_turn()
        elif session.waiting_for is Waiting.ROLL:
            session.roll()
    raise AssertionError("the learner never got to move")


def learner_on_roll(seed: int = 1, **settings: object) -> tuple[Session, ScriptedCube]:
    """A new session advanced until the learner is on roll, before rolling, and may double."""
    evaluator = ScriptedCube()
    session = Session.new(seed=seed, evaluator=evaluator, **settings)  # type: ignore[arg-type]
    for _ in range(10):
        waiting = session.waiting_for
        if waiting is Waiting.ROLL and "double" in session.allowed:
            return session, evaluator
        if waiting is Waiting.COMPUTER:
            session.computer_turn()
        elif waiting is Waiting.MOVE:
            session.play(session.hint().ranked[0].play)
        elif waiting is Waiting.ROLL:
            session.roll()
    raise AssertionError("the learner never got on roll")


def test_a_new_session_starts_with_its_opening_roll() -> None:
    session = Session.new(3, "beginner", seed=5, evaluator=CheapEvaluator())
    (opening,) = session.events
    assert isinstance(opening, Opened) and opening.game == 1
    assert session.record.actions[0].startswith("open ")
    x_die, o_die = opening.opening_throws[-1]
    assert opening.side is (LEARNER if x_die > o_die else COMPUTER)
    expected = Waiting.MOVE if opening.side is LEARNER else Waiting.COMPUTER
    assert session.waiting_for is expected and session.dice == opening.dice
    assert session.board == Position.start()
    assert session.score.length == 3 and session.game_number == 1 and not session.is_crawford
    assert session.settings.level == "beginner" and session.level.name == "beginner"


def test_the_computer_s_turn_comes_as_events_to_animate() -> None:
    session, _ = learner_to_move(seed=2)
    session.play(session.legal_plays()[0])
    assert session.waiting_for is Waiting.COMPUTER and session.allowed == frozenset()
    turn = session.computer_turn()
    assert [type(event) for event in turn.events] == [Rolled, Played]
    assert turn.dice == turn.events[0].dice and turn.play is turn.events[1].play and turn.cube_actions == ()
    play_event = turn.events[1]
    assert isinstance(play_event, Played) and play_event.side is COMPUTER
    assert play_event.play in legal_plays(play_event.before.position, play_event.dice)
    steps = play_event.steps(LEARNER)
    assert len(steps) == len(play_event.play.moves) and steps[-1] == play_event.board_after(LEARNER)
    assert session.board == play_event.board_after(LEARNER)
    assert session.waiting_for is Waiting.ROLL and "roll" in session.allowed


def test_actions_out_of_turn_are_refused_with_the_reason() -> None:
    session, _ = learner_to_move(seed=2)
    with pytest.raises(SessionError, match="you cannot roll now: play the dice first"):
        session.roll()
    with pytest.raises(SessionError, match="you cannot let the computer play now: play the dice first"):
        session.computer_turn()
    with pytest.raises(SessionError, match="you cannot take now"):
        session.take()
    with pytest.raises(SessionError, match="nothing to take back"):
        session.take_back()


def test_an_illegal_play_gets_the_engine_s_reason_and_changes_nothing() -> None:
    session, _ = learner_to_move(seed=2)
    before = session.record
    with pytest.raises(PlayError) as caught:
        session.play("24/12")
    assert caught.value.reason
    assert session.record == before and session.waiting_for is Waiting.MOVE
    # One checker at a time: the engine's Turn says why a move is refused.
    turn = session.turn()
    with pytest.raises(IllegalPlayError) as refused:
        turn.move(6, 7)
    assert "backwards" in refused.value.reason
    other_dice = legal_plays(session.state.position, (6, 6) if session.dice != (6, 6) else (1, 2))[0]
    with pytest.raises(PlayError, match="not one of the legal plays"):
        session.play(other_dice)


def test_a_roll_comes_with_whether_it_is_forced_and_why() -> None:
    seen_forced = False
    for seed in range(40):
        session, _ = learner_on_roll(seed=seed, tutor=False)
        for _ in range(30):
            if session.waiting_for is Waiting.ROLL:
                outcome = session.roll()
                explanation = outcome.explanation
                assert explanation is not None and explanation.dice == outcome.event.dice
                assert explanation.forced == (len(session.legal_plays()) == 1)
                assert session.explanation().text == explanation.text
                if explanation.forced:
                    seen_forced = True
                    assert explanation.text.startswith("Forced") or explanation.text.startswith("No legal play")
                    session.play(explanation.plays[0])
                else:
                    session.play(session.legal_plays()[0])
            elif session.waiting_for is Waiting.COMPUTER:
                session.computer_turn()
            elif session.waiting_for is Waiting.ANSWER:
                session.take()
            else:
                break
        if seen_forced:
            break
    assert seen_forced


def learner_with_a_blunder() -> tuple[Session, CheapEvaluator]:
    """A session with the learner to move, where the worst play gives away a very bad 0.16 or more."""
    for seed in range(30):
        session, evaluator = learner_to_move(seed=seed)
        ranked = evaluator.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
        if ranked[0].equity - ranked[-1].equity >= VERY_BAD:
            return session, evaluator
    raise AssertionError("no blunder to plant")


def test_the_tutor_flags_a_planted_mistake_with_its_size_and_the_better_play() -> None:
    session, evaluator = learner_with_a_blunder()
    ranked = evaluator.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
    worst = ranked[-1]
    loss = ranked[0].equity - worst.equity
    outcome = session.play(str(worst.play))
    verdict = outcome.verdict
    assert verdict is not None and verdict.decision == "play"
    assert verdict.chosen_play == worst.play and verdict.best_play == ranked[0].play
    assert verdict.loss == pytest.approx(loss) and verdict.skill is Skill.VERY_BAD and verdict.is_mistake
    assert verdict.best_equity == pytest.approx(ranked[0].equity)
    assert verdict.chosen_equity == pytest.approx(worst.equity)
    text = wording.verdict_text(verdict)
    assert f"{verdict.best_equity:+.3f}" in text and str(ranked[0].play) in text
    assert session.verdict(outcome.event) == verdict


@pytest.mark.parametrize(
    ("loss", "skill"),
    [
        (0.0, Skill.GOOD),
        (0.0299, Skill.GOOD),
        (0.03, Skill.DOUBTFUL),
        (0.0599, Skill.DOUBTFUL),
        (0.06, Skill.BAD),
        (0.1199, Skill.BAD),
        (0.12, Skill.VERY_BAD),
        (1.2, Skill.VERY_BAD),
    ],
)
def test_gnu_backgammon_s_thresholds_name_a_mistake(loss: float, skill: Skill) -> None:
    verdict = Verdict("play", "13/9", "24/20", 0.1 - loss, 0.1, "1-ply")
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.03, 0.06, 0.12)  # GNU Backgammon 1.07's "show analysis"
    assert verdict.skill is skill and verdict.is_mistake == (skill is not Skill.GOOD)


def test_every_category_of_play_mistake_is_named() -> None:
    wanted = {Skill.DOUBTFUL, Skill.BAD, Skill.VERY_BAD}
    for seed in range(30):
        session, evaluator = learner_to_move(seed=seed)
        ranked = evaluator.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
        for item in ranked:
            skill = Skill.of(ranked[0].equity - item.equity)
            if skill in wanted:
                review = session.review_play(item.play)
                assert review.skill is skill and review.best_play == ranked[0].play
                wanted.discard(skill)
        if not wanted:
            return
    raise AssertionError(f"no play found for {wanted}")


def test_a_play_can_be_taken_back_until_the_computer_rolls() -> None:
    session, evaluator = learner_with_a_blunder()
    dice = session.dice
    ranked = evaluator.rank_plays(session.state.position, dice)  # type: ignore[arg-type]
    mistake = session.play(ranked[-1].play)
    assert mistake.verdict is not None and mistake.verdict.is_mistake
    assert session.can_take_back and len(session.summary().mistakes) == 1
    undone = session.take_back()
    assert [type(event) for event in undone] == [Played]
    assert session.waiting_for is Waiting.MOVE and session.dice == dice
    assert session.summary().mistakes == ()
    assert all(verdict.index < mistake.event.index for verdict in session.record.verdicts)
    again = session.play(ranked[0].play)
    assert again.verdict is not None and again.verdict.loss == 0 and not again.verdict.is_mistake
    assert session.can_take_back
    turn = session.computer_turn()
    if turn.dice is not None:  # the computer rolled: its dice are out, the play stands
        assert not session.can_take_back
        with pytest.raises(SessionError, match="dice have been rolled"):
            session.take_back()


def test_the_same_dice_come_after_a_take_back() -> None:
    session, _ = learner_to_move(seed=4)
    session.play(session.legal_plays()[0])
    first = session.computer_turn()
    session2, _ = learner_to_move(seed=4)
    session2.play(session2.legal_plays()[-1])
    session2.take_back()
    session2.play(session2.legal_plays()[0])
    assert session2.computer_turn().dice == first.dice


def test_a_missed_double_is_flagged_before_and_after_rolling() -> None:
    session, evaluator = learner_on_roll(seed=3)
    evaluator.cube = (0.5, 0.7, 1.0)  # double, take: not doubling gives away 0.2
    warning = session.review_roll()
    assert warning is not None and warning.decision == "no double" and warning.best == "double"
    assert warning.loss == pytest.approx(0.2) and warning.skill is Skill.VERY_BAD
    outcome = session.roll()
    assert outcome.verdict == warning and outcome.verdict.counts
    assert not session.can_take_back  # the dice are out


def test_a_wrong_double_is_flagged_and_the_computer_answers() -> None:
    session, evaluator = learner_on_roll(seed=3)
    evaluator.cube = (0.3, 0.2, 1.0)  # no double: doubling gives away 0.1
    outcome = session.double()
    verdict = outcome.verdict
    assert verdict is not None and verdict.decision == "double" and verdict.best == "no double"
    assert verdict.loss == pytest.approx(0.1) and verdict.skill is Skill.BAD
    assert session.waiting_for is Waiting.COMPUTER
    answer = session.computer_turn()
    assert [type(event) for event in answer.events][:1] == [Took]  # 0.2 <= 1.0: the computer takes
    assert session.cube.value == 2 and session.cube.owner is COMPUTER
    assert session.waiting_for is Waiting.ROLL and session.allowed == frozenset({"roll"})
    assert "owns the cube" in (session.double_problem() or "")
    hint = session.hint()  # why not, and no judgement of a double that cannot be offered
    assert isinstance(hint, CannotDoubleHint) and hint.problem == session.double_problem()
    assert wording.hint_advice(hint) == f"You cannot double now ({hint.problem}): roll."
    with pytest.raises(CubeError, match="owns the cube"):
        session.double()


def test_a_double_the_computer_passes_can_be_taken_back() -> None:
    session, evaluator = learner_on_roll(seed=3)
    evaluator.cube = (0.7, 1.4, 1.0)  # double, pass
    outcome = session.double()
    assert outcome.verdict is not None and not outcome.verdict.is_mistake
    turn = session.computer_turn()
    assert [type(event) for event in turn.events] == [Passed] and turn.result is not None
    assert turn.result.winner is LEARNER and turn.result.passed and session.is_over
    assert session.waiting_for is Waiting.OVER
    undone = session.take_back()
    assert [type(event) for event in undone] == [Doubled, Passed]
    assert session.waiting_for is Waiting.ROLL and not session.is_over and session.cube.value == 1


def test_the_learner_s_answer_to_a_double_is_judged() -> None:
    session, evaluator = learner_to_move(seed=2)
    session.play(session.legal_plays()[0])
    evaluator.cube = (0.5, 0.7, 1.0)  # the computer doubles; the learner should take (-0.7 > -1)
    turn = session.computer_turn()
    assert [type(event) for event in turn.events] == [Doubled]
    assert session.waiting_for is Waiting.ANSWER and session.allowed == frozenset({"take", "pass"})
    hint = session.hint()
    assert isinstance(hint, AnswerHint) and wording.hint_advice(hint).startswith("Take")
    outcome = session.drop()
    verdict = outcome.verdict
    assert verdict is not None and verdict.decision == "pass" and verdict.best == "take"
    assert verdict.chosen_equity == -1.0 and verdict.best_equity == pytest.approx(-0.7)
    assert verdict.skill is Skill.VERY_BAD
    assert outcome.result is not None and outcome.result.winner is COMPUTER
    session.take_back()
    assert session.waiting_for is Waiting.ANSWER
    taken = session.take()
    assert taken.verdict is not None and not taken.verdict.is_mistake
    assert session.cube.value == 2 and session.cube.owner is LEARNER
    assert session.waiting_for is Waiting.COMPUTER


def test_beavers_in_money_play() -> None:
    session, evaluator = learner_to_move(seed=2, beavers=True)
    session.play(session.legal_plays()[0])
    evaluator.cube = (0.1, 0.2, 1.0)  # the computer doubles
    turn = session.computer_turn()
    assert [type(event) for event in turn.events] == [Doubled]
    assert session.allowed == frozenset({"take", "pass", "beaver"})
    evaluator.cube = None
    outcome = session.beaver()
    assert outcome.verdict is not None and outcome.verdict.decision == "beaver"
    assert session.state.phase is Phase.BEAVERED and session.cube.value == 2 and session.cube.owner is LEARNER
    answer = session.computer_turn()
    assert isinstance(answer.events[0], Took | Passed)
    if isinstance(answer.events[0], Took):
        assert answer.events[0].cube.value == 4 and answer.events[0].cube.owner is LEARNER


def test_no_doubling_in_the_crawford_game() -> None:
    for seed in range(60):
        evaluator = CheapEvaluator()
        session = Session.new(3, "intermediate", seed=seed, evaluator=evaluator, tutor=False)
        while not session.is_over:
            waiting = session.waiting_for
            if session.is_crawford and waiting is Waiting.ROLL:
                assert session.allowed == frozenset({"roll"})
                assert "Crawford" in (session.double_problem() or "")
                with pytest.raises(CubeError, match="Crawford"):
                    session.double()
                return
            if waiting is Waiting.COMPUTER:
                turn = session.computer_turn()
                assert not (turn.events[0].before.match.crawford and turn.cube_actions)
            elif waiting is Waiting.NEXT_GAME:
                session.next_game()
            elif waiting is Waiting.ROLL:
                (session.double if "double" in session.allowed and seed % 2 else session.roll)()
            elif waiting is Waiting.MOVE:
                session.play(session.legal_plays()[-1])
            else:
                session.take()
    raise AssertionError("no Crawford game with the learner on roll")


def test_hints_rank_the_plays_or_judge_the_cube() -> None:
    session, evaluator = learner_on_roll(seed=3)
    evaluator.cube = (0.5, 0.7, 1.0)
    hint = session.hint()
    assert isinstance(hint, DoubleHint) and wording.hint_advice(hint) == "Double (the computer should take)."
    evaluator.cube = None
    session.roll()
    hint = session.hint()
    assert isinstance(hint, PlayHint) and [item.play for item in hint.ranked] == [
        item.play
        for item in evaluator.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
    ]
    assert str(hint.ranked[0].play) in wording.hint_advice(hint)
    session.play(hint.ranked[0].play)
    with pytest.raises(SessionError, match="no decision"):
        session.hint()


def test_the_summary_lists_the_mistakes_and_the_error_rate() -> None:
    session, evaluator = learner_with_a_blunder()
    ranked = evaluator.rank_plays(session.state.position, session.dice)  # type: ignore[arg-type]
    planted = session.play(ranked[-1].play).event
    while not session.is_over:
        waiting = session.waiting_for
        if waiting is Waiting.COMPUTER:
            session.computer_turn()
        elif waiting is Waiting.ROLL:
            session.roll()
        elif waiting is Waiting.MOVE:
            session.play(session.hint().ranked[0].play)
        else:
            session.take()
    summary = session.summary()
    assert summary.finished and summary.judged and summary.winner in (LEARNER, COMPUTER)
    assert [mistake.index for mistake in summary.mistakes] == sorted(mistake.index for mistake in summary.mistakes)
    (first,) = [mistake for mistake in summary.mistakes if mistake.index == planted.index]
    assert first.game == 1 and first.dice == planted.dice and first.verdict.skill is Skill.VERY_BAD
    assert first.verdict.best_play is not None and first.board == first.verdict.best_play.position
    position_id, match_id = first.gnubg_id.split(":")
    assert Position.from_position_id(position_id) == first.board
    assert first.dice is not None and MatchId.from_match_id(match_id).dice == first.dice.high_first()
    verdicts = [session.verdict(event) for event in session.events if event.side is LEARNER]
    judged = [verdict for verdict in verdicts if verdict is not None]
    rate = ErrorRate.of(judged)
    assert summary.error_rate == rate and rate.decisions == sum(verdict.counts for verdict in judged)
    assert rate.per_decision == pytest.approx(1000 * sum(v.loss for v in judged if v.counts) / rate.decisions)
    assert rate.play_decisions + rate.cube_decisions == rate.decisions
    text = wording.summary_text(summary)
    assert "millipoints per decision" in text and "mistake" in text
    assert text.startswith("You won" if summary.winner is LEARNER else "You lost")


def test_with_the_tutor_off_nothing_is_judged() -> None:
    session, evaluator = learner_to_move(seed=2, tutor=False)
    calls = evaluator.rank_calls
    outcome = session.play(session.legal_plays()[-1])
    assert outcome.verdict is None and evaluator.rank_calls == calls
    summary = session.summary()
    assert not summary.judged and summary.mistakes == () and "tutor was off" in wording.summary_text(summary)
    session.tutor = True
    assert session.settings.tutor and session.record.settings.tutor


def play_some(session: Session, turns: int) -> None:
    for _ in range(turns):
        waiting = session.waiting_for
        if waiting is Waiting.COMPUTER:
            session.computer_turn()
        elif waiting is Waiting.ROLL:
            (session.double if "double" in session.allowed and len(session.events) % 7 == 0 else session.roll)()
        elif waiting is Waiting.MOVE:
            plays = session.legal_plays()
            session.play(plays[len(session.events) % len(plays)])
        elif waiting is Waiting.ANSWER:
            session.take()
        elif waiting is Waiting.NEXT_GAME:
            session.next_game()


@pytest.mark.parametrize(("length", "level"), [(0, "beginner"), (5, "intermediate")])
def test_a_resumed_session_equals_the_original_and_goes_on_alike(length: int, level: str) -> None:
    original = Session.new(length, level, seed=11, evaluator=CheapEvaluator())
    play_some(original, 60)
    text = original.record.to_json()
    resumed = Session.resume(text, evaluator=CheapEvaluator())
    assert resumed.record == original.record and resumed.record.to_json() == text
    assert resumed.id == original.id and resumed.settings == original.settings
    assert [event.after for event in resumed.events] == [event.after for event in original.events]
    assert resumed.waiting_for is original.waiting_for and resumed.board == original.board
    assert resumed.score == original.score and resumed.cube == original.cube and resumed.dice == original.dice
    assert [m.verdict.best_play for m in resumed.mistakes()] == [m.verdict.best_play for m in original.mistakes()]
    resumed_rate, original_rate = resumed.summary().error_rate, original.summary().error_rate
    assert resumed_rate.decisions == original_rate.decisions
    assert resumed_rate.per_decision == pytest.approx(original_rate.per_decision, abs=1e-3)
    # Both go on with the same dice and the same computer choices.
    play_some(original, 40)
    play_some(resumed, 40)
    assert resumed.record.actions == original.record.actions


def test_the_same_seed_plays_the_same_session() -> None:
    first = Session.new(3, "beginner", seed=21, evaluator=CheapEvaluator())
    second = Session.new(3, "beginner", seed=21, evaluator=CheapEvaluator())
    play_some(first, 50)
    play_some(second, 50)
    assert first.record.actions == second.record.actions and first.id != second.id


def test_a_record_that_cannot_be_replayed_says_which_action_and_why() -> None:
    session = Session.new(seed=3, evaluator=CheapEvaluator())
    play_some(session, 6)
    record = session.record
    broken = SessionRecord(record.id, record.settings, (*record.actions, "double", "double"))
    with pytest.raises(RecordError, match=rf"action {len(record.actions) + 2} \('double'\)"):
        Session.resume(broken)
    with pytest.raises(RecordError, match="not a bgtrainer session record"):
        Session.resume('{"format": "other"}')


def test_fast_cube_decisions_use_the_exact_table_in_short_bear_offs() -> None:
    evaluator = CheapEvaluator()
    judge = CubeJudge(evaluator)
    race = Position.from_text("X: 5x2 / O: 24x2 22")
    exact = judge.decide(race, "centered", GameContext(), 1)
    assert exact.source == "exact bear-off" and exact.decision.action == "double, pass"
    assert evaluator.cube_calls == 0
    # In a match the table (money equities) does not apply.
    assert judge.decide(race, "centered", GameContext(1, 3, 3), 1).source == "1-ply"
    # Deeper levels search only close decisions.
    far = judge.decide(Position.start(), "centered", GameContext(), 2)
    assert far.source == "1-ply" and judge.deep_calls == 0


def test_the_computer_never_wants_a_double_the_rules_forbid() -> None:
    session, evaluator = learner_to_move(seed=2)
    evaluator.cube = (0.5, 0.7, 1.0)
    computer = Computer(evaluator, "intermediate")
    assert not computer.wants_to_double(session.state, random.Random(1))  # the dice are rolled
