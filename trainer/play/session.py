"""A game or match between the learner (X) and the computer (O), with the tutor watching the learner.

:class:`Session` is everything a Play screen needs, without the screen: it says what the learner may do now
(:attr:`Session.waiting_for`, :attr:`Session.allowed`), applies the learner's actions through the engine (which
refuses illegal ones with its reason), runs the computer's turn (:meth:`Session.computer_turn`, returned as events
to animate), judges each of the learner's decisions (:class:`~trainer.play.tutor.Verdict`), takes the last one back
on request, gives hints, sums up the end, and keeps a compact :class:`~trainer.play.record.SessionRecord` that
rebuilds it exactly.

The flow of a turn:

- the learner on roll (``Waiting.ROLL``) rolls (:meth:`~Session.roll`; not doubling is judged when a double was
  allowed) or doubles (:meth:`~Session.double`); then plays the dice (``Waiting.MOVE``, :meth:`~Session.play`, or
  one checker at a time on :meth:`~Session.turn` and then :meth:`~Session.play` of its play);
- when the computer acts (``Waiting.COMPUTER``: its roll and play, its double, its answer to a double),
  :meth:`~Session.computer_turn` runs it until the learner must decide again or the game ends;
- a double from the computer waits for the learner's :meth:`~Session.take`, :meth:`~Session.drop` (pass) or
  :meth:`~Session.beaver` (``Waiting.ANSWER``);
- after a game of a match, :meth:`~Session.next_game` starts the next (``Waiting.NEXT_GAME``); ``Waiting.OVER``
  ends the session.

Take-back: :meth:`~Session.take_back` undoes the learner's last play, double, take, pass or beaver, and whatever the
computer did after it, as long as no dice have been rolled since (the computer's turn has not rolled yet): the
learner gets the same dice and decides again. A roll cannot be taken back, since it shows the dice; the tutor's
verdict on not doubling is available before rolling (:meth:`~Session.review_roll`) for a screen that wants to warn
first.

The tutor judges at the level's depth (1 ply for beginner and intermediate, 2 plies for strong); with it off
(``tutor=False``) nothing is judged and the summary lists no mistakes.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from trainer.analysis import DEFAULT_LEVEL, CubeOwner, Evaluator, GameContext, Level, RankedPlay, get_level
from trainer.engine import (
    Dice,
    EngineError,
    Explanation,
    GameState,
    Phase,
    Play,
    PlayError,
    Position,
    Side,
    Turn,
    explain,
    parse_play,
)
from trainer.engine.doubling import beaver_problem
from trainer.play import wording
from trainer.play.computer import Computer, context_of, cube_owner, doubler_judgement
from trainer.play.cube import CubeJudge
from trainer.play.game import (
    Action,
    AnswerHint,
    Attempt,
    CannotDoubleHint,
    ComputerTurn,
    DoubleHint,
    GameSetup,
    Hint,
    Mistake,
    Outcome,
    PlayHint,
    Role,
    SaveInfo,
    StoredResult,
    Summary,
    TurnLost,
)
from trainer.play.record import RecordError, SessionRecord, Settings, StoredVerdict, new_id, new_seed
from trainer.play.table import (
    AtTable,
    Beavered,
    Doubled,
    Event,
    Opened,
    Passed,
    Played,
    ReplayError,
    Rolled,
    SessionError,
    Table,
    Took,
    Waiting,
    board_of,
)
from trainer.play.tutor import (
    CubeChoice,
    ErrorRate,
    Verdict,
    answer_equities,
    beaver_answer_equities,
    judge_answer,
    judge_beaver_answer,
    judge_double,
    judge_play,
)

LEARNER: Final = Side.X
COMPUTER: Final = Side.O
DECISIONS: Final = (Played, Doubled, Took, Passed, Beavered)
"""The kinds of event that are decisions the learner can take back."""


class Session(AtTable):
    """A money game or a match between the learner (X) and the computer (O) at ``settings.level``.

    Build one with :meth:`new` or :meth:`resume`. ``evaluator`` defaults to bgsage's (loaded on first need:
    rebuilding a session from its record needs no evaluation).
    """

    _computer_side = COMPUTER

    def __init__(self, record: SessionRecord, *, evaluator: Evaluator | None = None) -> None:
        self.id = record.id
        self._settings = record.settings
        self._evaluator = evaluator
        self._judge: CubeJudge | None = None
        self._computer: Computer | None = None
        self._rankings: dict[tuple[Position, Dice, CubeOwner, GameContext, int], list[RankedPlay]] = {}
        self._verdicts: dict[int, Verdict] = {}
        self._table = self._replay(record)
        if not self._table.actions:
            self._table.open()

    # --- building -------------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        match_length: int = 0,
        level: str = DEFAULT_LEVEL,
        *,
        tutor: bool = True,
        jacoby: bool = False,
        beavers: bool = False,
        seed: int | None = None,
        evaluator: Evaluator | None = None,
    ) -> Session:
        """A new session, its first opening roll made: a money game (``match_length`` 0) or a match of 1, 3, 5 or 7
        points against the computer at ``level``.

        :raises RecordError: for a match length, level or option that cannot be.
        """
        settings = Settings(match_length, level, tutor, jacoby, beavers, new_seed() if seed is None else seed)
        return cls(SessionRecord(new_id(), settings), evaluator=evaluator)

    @classmethod
    def resume(cls, record: SessionRecord | str, *, evaluator: Evaluator | None = None) -> Session:
        """The session a record (or its JSON text) describes, rebuilt by replaying its actions through the engine.

        :raises RecordError: if the record cannot be read or an action cannot be replayed (saying which and why).
        """
        return cls(SessionRecord.from_json(record) if isinstance(record, str) else record, evaluator=evaluator)

    def _replay(self, record: SessionRecord) -> Table:
        settings = record.settings
        table = Table(settings.match_length, settings.seed, settings.options)
        stored = {verdict.index: verdict for verdict in record.verdicts}
        for number, action in enumerate(record.actions, start=1):
            try:
                event = table.apply(action)
            except (ReplayError, EngineError) as error:
                raise RecordError(wording.session_cannot_replay(record.id, number, action, error)) from None
            verdict = stored.get(event.index)
            if verdict is not None:
                self._verdicts[event.index] = _rebuilt(verdict, event)
        return table

    @property
    def record(self) -> SessionRecord:
        """The compact record that rebuilds this session (see :mod:`trainer.play.record`)."""
        verdicts = tuple(
            StoredVerdict(
                index,
                verdict.decision,
                verdict.chosen,
                round(verdict.chosen_equity, 6),
                verdict.best,
                round(verdict.best_equity, 6),
                verdict.source,
                verdict.counts,
            )
            for index, verdict in sorted(self._verdicts.items())
        )
        return SessionRecord(self.id, self._settings, tuple(self._table.actions), verdicts)

    def save_info(self) -> SaveInfo:
        """What the store keeps of this session, as the keywords of ``store.games.save_game`` (with the save's
        number): ``store.games.save_game(**dataclasses.asdict(session.save_info()), version=...)``."""
        score = self._table.score
        finished = self._table.is_over
        stored = StoredResult.of(self.summary()) if finished else None
        return SaveInfo(
            game_id=self.id,
            record=self.record.to_json(),
            match_length=self._settings.match_length,
            level=self._settings.level,
            learner_score=score.score(LEARNER),
            computer_score=score.score(COMPUTER),
            finished=finished,
            result=None if stored is None else stored.code(),
        )

    # --- the evaluation, built on first need ------------------------------------------------------------------

    @property
    def evaluator(self) -> Evaluator:
        """The evaluator (bgsage's unless another was given)."""
        if self._evaluator is None:
            from trainer.analysis.sage import SageEvaluator

            self._evaluator = SageEvaluator()
        return self._evaluator

    @property
    def judge(self) -> CubeJudge:
        """The cube decisions, shared by the computer and the tutor."""
        if self._judge is None:
            self._judge = CubeJudge(self.evaluator)
        return self._judge

    @property
    def computer(self) -> Computer:
        """The computer player."""
        if self._computer is None:
            self._computer = Computer(self.evaluator, self.level, self.judge)
        return self._computer

    # --- the state ---------------------------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        """Match length, level, tutor, money options and seed."""
        return self._settings

    @property
    def setup(self) -> GameSetup:
        """Backgammon against the computer at its level, with the cube."""
        settings = self._settings
        return GameSetup("standard", "computer", settings.match_length, settings.level, settings.options)

    def role(self, side: Side) -> Role:
        """The learner (X) or the computer (O)."""
        return Role.LEARNER if side is LEARNER else Role.COMPUTER

    @property
    def level(self) -> Level:
        """The computer's level."""
        return get_level(self._settings.level)

    @property
    def tutor(self) -> bool:
        """Whether the tutor judges the learner's decisions."""
        return self._settings.tutor

    @tutor.setter
    def tutor(self, on: bool) -> None:
        self._settings = replace(self._settings, tutor=on)

    @property
    def pip_counts(self) -> tuple[int, int]:
        """The learner's and the computer's pip counts."""
        return self.board.pip_count()

    @property
    def is_crawford(self) -> bool:
        """Whether the game under way is the Crawford game (nobody may double)."""
        return self.state.match.crawford

    @property
    def game_events(self) -> tuple[Event, ...]:
        """What happened in the game under way (or last played)."""
        number = self._table.game_number
        return tuple(event for event in self._table.events if event.game == number)

    @property
    def allowed(self) -> frozenset[Action]:
        """What the learner may do now: roll or double, play, take, pass or beaver, start the next game (nothing
        while the computer acts and at the end)."""
        waiting = self.waiting_for
        if waiting is Waiting.ROLL:
            return frozenset({Action.ROLL, Action.DOUBLE} if self._table.game.may_double else {Action.ROLL})
        if waiting is Waiting.MOVE:
            return frozenset({Action.PLAY})
        if waiting is Waiting.ANSWER:
            answers = {Action.TAKE, Action.PASS}
            if self.state.phase is Phase.DOUBLED and beaver_problem(self.state) is None:
                answers.add(Action.BEAVER)
            return frozenset(answers)
        if waiting is Waiting.NEXT_GAME:
            return frozenset({Action.NEXT_GAME})
        return frozenset()

    def double_problem(self) -> str | None:
        """Why the learner may not double now, in the engine's words, or ``None`` if they may."""
        if self.waiting_for is not Waiting.ROLL:
            return wording.double_only_before_rolling()
        return self._table.game.double_problem()

    def _expect(self, waiting: Waiting, action: Action | Attempt) -> None:
        now = self.waiting_for
        if now is not waiting:
            raise SessionError(wording.cannot_now(action, now))

    # --- the learner's actions ----------------------------------------------------------------------------------

    def turn(self) -> Turn:
        """A :class:`~trainer.engine.Turn` to play the learner's dice one checker at a time (``Turn.move`` raises
        :class:`~trainer.engine.IllegalPlayError` with the rule a move breaks); give its ``play`` to :meth:`play`."""
        self._expect(Waiting.MOVE, Attempt.MOVE_A_CHECKER)
        return Turn.from_plays(self._table.game.legal_plays())

    def legal_plays(self) -> tuple[Play, ...]:
        """Every legal play of the learner's dice."""
        self._expect(Waiting.MOVE, Action.PLAY)
        return self._table.game.legal_plays()

    def explanation(self) -> Explanation:
        """Whether the learner's roll is forced, and why."""
        self._expect(Waiting.MOVE, Action.PLAY)
        assert self.dice is not None
        return explain(self.state.position, self.dice, self._table.game.legal_plays())

    def parse_play(self, text: str) -> Play:
        """The legal play ``text`` names (e.g. ``24/18 13/8``, or ``pass``).

        :raises PlayError: (``IllegalPlayError``, ``InvalidNotationError``, ``AmbiguousPlayError``) with the reason.
        """
        self._expect(Waiting.MOVE, Action.PLAY)
        assert self.dice is not None
        return parse_play(self.state.position, self.dice, text, self._table.game.legal_plays())

    def roll(self) -> Outcome:
        """Roll the learner's dice (not doubling: judged if a double was allowed). The outcome explains the roll."""
        self._expect(Waiting.ROLL, Action.ROLL)
        verdict = self.review_roll()
        event = self._table.roll()
        self._keep(event, verdict)
        explanation = explain(event.after.position, event.dice, self._table.game.legal_plays())
        return Outcome(event, verdict, explanation)

    def review_roll(self) -> Verdict | None:
        """The tutor's verdict on rolling without doubling, before rolling (``None`` with the tutor off or when no
        double is allowed)."""
        self._expect(Waiting.ROLL, Action.ROLL)
        if not self.tutor or not self._table.game.may_double:
            return None
        return self._judge_double(doubled=False)

    def double(self) -> Outcome:
        """Double: the computer then answers (:meth:`computer_turn`).

        :raises CubeError: with the engine's reason if the learner may not double now (the Crawford game...).
        """
        self._expect(Waiting.ROLL, Action.DOUBLE)
        verdict = self._judge_double(doubled=True) if self.tutor and self._table.game.may_double else None
        event = self._table.act("double")
        return Outcome(event, self._keep(event, verdict))

    def take(self) -> Outcome:
        """Take the computer's double (or its beaver of the learner's double)."""
        return self._answer("take")

    def drop(self) -> Outcome:
        """Pass the computer's double (or its beaver of the learner's double): the game is over."""
        return self._answer("pass")

    def beaver(self) -> Outcome:
        """Beaver the computer's double (money play with beavers on): take and redouble at once, keeping the cube.

        :raises CubeError: with the engine's reason if a beaver is not allowed.
        """
        return self._answer("beaver")

    def _answer(self, answer: CubeChoice) -> Outcome:
        self._expect(Waiting.ANSWER, Action(answer))
        verdict = self._judge_answer(answer) if self.tutor else None
        event = self._table.act({"take": "take", "pass": "drop", "beaver": "beaver"}[answer])
        return Outcome(event, self._keep(event, verdict))

    def play(self, play: Play | str) -> Outcome:
        """Play the learner's dice: a legal :class:`~trainer.engine.Play` or its notation.

        :raises PlayError: with the engine's reason for an illegal or unreadable play.
        """
        self._expect(Waiting.MOVE, Action.PLAY)
        chosen = self.parse_play(play) if isinstance(play, str) else self._checked(play)
        verdict = self.review_play(chosen) if self.tutor else None
        event = self._table.play(chosen)
        return Outcome(event, self._keep(event, verdict))

    def review_play(self, play: Play) -> Verdict:
        """The tutor's verdict on ``play`` for the learner's dice, without playing it."""
        self._expect(Waiting.MOVE, Action.PLAY)
        plies = self.level.plies
        return judge_play(self._ranking(self.state, plies), self._checked(play), f"{plies}-ply")

    def _checked(self, play: Play) -> Play:
        state = self.state
        assert state.dice is not None
        legal = self._table.game.legal_plays()
        for candidate in legal:
            if candidate == play and sorted(play.dice) == sorted(state.dice):
                return candidate
        reason = wording.not_a_legal_play()
        raise PlayError(str(play), state.position.position_id(), state.dice, reason)

    def next_game(self) -> Outcome:
        """Score the finished game of the match and start the next one with its opening roll."""
        self._expect(Waiting.NEXT_GAME, Action.NEXT_GAME)
        return Outcome(self._table.open())

    def choose_double(self, number: int) -> Outcome:
        """Backgammon has no double to choose (acey-deucey's).

        :raises SessionError: always, saying what the game waits for.
        """
        self._expect(Waiting.CHOOSE_DOUBLE, Action.CHOOSE_DOUBLE)
        raise AssertionError("a session never waits for a chosen double")  # pragma: no cover

    def playable_doubles(self) -> dict[int, bool]:
        """Backgammon has no double to choose.

        :raises SessionError: always, saying what the game waits for.
        """
        self._expect(Waiting.CHOOSE_DOUBLE, Action.CHOOSE_DOUBLE)
        raise AssertionError("a session never waits for a chosen double")  # pragma: no cover

    def turn_lost(self, event: Event) -> TurnLost | None:
        """Backgammon never loses the rest of a turn."""
        return None

    # --- take-back ------------------------------------------------------------------------------------------------

    def _take_back_point(self) -> int | None:
        for event in reversed(self._table.events):
            if isinstance(event, Rolled | Opened):
                return None
            if event.side is LEARNER and isinstance(event, DECISIONS):
                return event.index
        return None

    @property
    def can_take_back(self) -> bool:
        """Whether the learner's last decision can be taken back (no dice rolled since)."""
        return self._take_back_point() is not None

    def take_back(self) -> tuple[Event, ...]:
        """Undo the learner's last play, double, take, pass or beaver and what the computer did since; returns the
        events undone. The learner then decides again with the same dice.

        :raises SessionError: if there is nothing to take back (dice have been rolled since, or no decision yet).
        """
        point = self._take_back_point()
        if point is None:
            raise SessionError(wording.nothing_to_take_back())
        undone = tuple(self._table.events[point:])
        record = self.record
        kept = SessionRecord(
            record.id,
            record.settings,
            record.actions[:point],
            tuple(verdict for verdict in record.verdicts if verdict.index < point),
        )
        verdicts = {index: verdict for index, verdict in self._verdicts.items() if index < point}
        self._verdicts = {}
        self._table = self._replay(kept)
        self._verdicts = verdicts
        return undone

    # --- the computer -----------------------------------------------------------------------------------------------

    def _rng(self) -> random.Random:
        """A random source for the computer's next decision, the same whenever the session reaches this point."""
        return random.Random(f"{self._settings.seed}:{len(self._table.actions)}")

    def computer_turn(self) -> ComputerTurn:
        """Run the computer until the learner must decide or the game ends: its double or roll and play, its answer
        to the learner's double or beaver.

        :raises SessionError: if it is not the computer's turn.
        """
        self._expect(Waiting.COMPUTER, Attempt.COMPUTER_TURN)
        computer = self.computer
        events: list[Event] = []
        while self.waiting_for is Waiting.COMPUTER:
            state = self.state
            rng = self._rng()
            if state.phase is Phase.ROLL:
                doubles = self._table.game.may_double and computer.wants_to_double(state, rng)
                events.append(self._table.act("double" if doubles else "roll"))
            elif state.phase is Phase.MOVE:
                choice = computer.choose_play(state, rng, self._ranking(state, self.level.plies))
                events.append(self._table.play(choice.play))
            elif state.phase is Phase.DOUBLED:
                answer = computer.answer(state, rng)
                events.append(self._table.act({"take": "take", "pass": "drop", "beaver": "beaver"}[answer]))
            else:  # Phase.BEAVERED: the learner beavered the computer's double
                before = doubler_judgement(self.judge, self._doubled_state(), self.level.plies, "answer")
                answer_beaver = computer.answer_beaver(state, rng, before)
                events.append(self._table.act("take" if answer_beaver == "take" else "drop"))
        return ComputerTurn(tuple(events))

    def _doubled_state(self) -> GameState:
        """The state just after the double that a beaver answered (the cube as it was before the double)."""
        for event in reversed(self._table.events):
            if isinstance(event, Doubled):
                return event.after
        raise AssertionError("no double to answer")  # pragma: no cover - a beaver always follows a double

    # --- the tutor ----------------------------------------------------------------------------------------------------

    def _ranking(self, state: GameState, plies: int) -> list[RankedPlay]:
        assert state.turn is not None and state.dice is not None
        side = state.turn
        key = (state.position, state.dice, cube_owner(state, side), context_of(state, side), plies)
        ranked = self._rankings.get(key)
        if ranked is None:
            ranked = self._rankings[key] = self.computer.rank(state, plies)
        return ranked

    def _judge_double(self, *, doubled: bool) -> Verdict:
        judgement = doubler_judgement(self.judge, self.state, self.level.plies, "double")
        return judge_double(judgement.decision, doubled, judgement.source)

    def _judge_answer(self, answer: CubeChoice) -> Verdict:
        state = self.state
        if state.phase is Phase.BEAVERED:
            judgement = doubler_judgement(self.judge, self._doubled_state(), self.level.plies, "answer")
            return judge_beaver_answer(judgement.decision, answer, judgement.source)
        judgement = doubler_judgement(self.judge, state, self.level.plies, "answer")
        allowed = beaver_problem(state) is None
        return judge_answer(judgement.decision, answer, judgement.source, beaver_allowed=allowed)

    def _keep(self, event: Event, verdict: Verdict | None) -> Verdict | None:
        if verdict is not None:
            self._verdicts[event.index] = verdict
        return verdict

    def verdict(self, event: Event) -> Verdict | None:
        """The tutor's verdict on the learner's decision at ``event``, if it was judged."""
        return self._verdicts.get(event.index)

    def hint(self) -> Hint:
        """The evaluator's view of the learner's decision now: the ranking of every play, or the cube decision.

        :raises SessionError: if the learner has no decision to take now.
        """
        waiting = self.waiting_for
        plies = self.level.plies
        if waiting is Waiting.MOVE:
            return PlayHint(tuple(self._ranking(self.state, plies)))
        if waiting is Waiting.ROLL:
            problem = self._table.game.double_problem()
            if problem is not None:
                return CannotDoubleHint(problem)
            return DoubleHint(doubler_judgement(self.judge, self.state, plies, "double"))
        if waiting is Waiting.ANSWER:
            state = self.state
            if state.phase is Phase.BEAVERED:
                judgement = doubler_judgement(self.judge, self._doubled_state(), plies, "answer")
                verdict = judge_beaver_answer(judgement.decision, "take", judgement.source)
                answers: dict[CubeChoice, float] = beaver_answer_equities(judgement.decision)
            else:
                judgement = doubler_judgement(self.judge, state, plies, "answer")
                allowed = beaver_problem(state) is None
                verdict = judge_answer(judgement.decision, "take", judgement.source, beaver_allowed=allowed)
                answers = answer_equities(judgement.decision, beaver_allowed=allowed)
            return AnswerHint(judgement, verdict, tuple(answers.items()))
        raise SessionError(wording.no_decision_now())

    # --- the end --------------------------------------------------------------------------------------------------

    def mistakes(self) -> tuple[Mistake, ...]:
        """The learner's decisions the tutor flagged, in order."""
        found = []
        events = self._table.events
        for index, verdict in sorted(self._verdicts.items()):
            if not verdict.is_mistake:
                continue
            event = events[index]
            before = event.before
            found.append(
                Mistake(
                    game=event.game,
                    index=index,
                    board=board_of(before, LEARNER),
                    dice=before.dice,
                    cube=before.doubling_cube,
                    score=before.match,
                    verdict=verdict,
                    state=before,
                )
            )
        return tuple(found)

    def summary(self) -> Summary:
        """The result, the learner's mistakes and the error rate (so far, or at the end)."""
        table = self._table
        return Summary(
            setup=self.setup,
            finished=table.is_over,
            score=table.score,
            results=table.results,
            winner=table.winner,
            mistakes=self.mistakes(),
            error_rate=ErrorRate.of(list(self._verdicts.values())),
            judged=self.tutor or bool(self._verdicts),
            tutored=True,
        )


def _rebuilt(stored: StoredVerdict, event: Event) -> Verdict:
    """A verdict from its stored figures, with its plays found again on the replayed board."""
    chosen_play = best_play = None
    if stored.decision == "play" and isinstance(event, Played):
        chosen_play = event.play
        try:
            best_play = parse_play(event.play.position, event.dice, stored.best)
        except PlayError:
            best_play = None
    return Verdict(
        decision=stored.decision,
        chosen=stored.chosen,
        best=stored.best,
        chosen_equity=stored.chosen_equity,
        best_equity=stored.best_equity,
        source=stored.source,
        counts=stored.counts,
        chosen_play=chosen_play,
        best_play=best_play,
    )
