"""The acceptance games: 100 seeded computer-against-computer games, money and match, with the cube, played to the
end through the session (and so through the engine's ``Game`` and ``Match``) with bgsage at the app's own levels,
every step checked independently.

The computer (O) is the session's own, at beginner, intermediate or strong; the learner's side (X) is driven through
the learner's API by a second computer player of the same level, sharing the session's cube judge and taking its
plays from the hint's ranking (so each position is ranked once), which now and then doubles or takes against its
judgement so that every cube path is walked. The games come in four chunks of 25, each a test of its own so that
pytest-xdist spreads them, and each must see doubles, takes and passes, the computer's own among them.

Cost: a 1-ply roll costs some 2 ms (a ranking and a cube decision), a 2-ply roll some 40 ms (the 2-ply ranking,
and the 2-ply cube search when the decision is close), so the first chunk opens with one strong session (a
1-point match) and every other game is at 1 ply: a few seconds of CPU a chunk.

At every step: each play is one of ``legal_plays`` of the position and dice before it (computed again here), the
position after it is the play's result, both sides keep fifteen checkers, the cube's value and owner follow the
actions as the rules say, nobody doubles in the Crawford game (and the session never offers it), and each game's
points and the match score are recomputed here from the final position. At the end, each session's record
rebuilds it exactly (every play's notation reads back to the same play).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from trainer.analysis import Evaluator
from trainer.engine import BAR, CHECKERS, OFF, Phase, Position, Side, legal_plays
from trainer.play import Beavered, Computer, Doubled, Event, Opened, Passed, Played, Rolled, Session, Took, Waiting


@dataclass
class Tally:
    games: int = 0
    events: Counter[type[Event]] = field(default_factory=Counter)
    results: Counter[str] = field(default_factory=Counter)
    computer: Counter[type[Event]] = field(default_factory=Counter)


def play_out(session: Session, driver: Computer, seed: int, *, erratic: float = 0.03) -> None:
    """Play the session to its end, the learner's side by ``driver`` (through the learner's API)."""
    rng = random.Random(seed)
    for _ in range(5000):
        waiting = session.waiting_for
        state = session.state
        if waiting is Waiting.OVER:
            return
        if waiting is Waiting.COMPUTER:
            session.computer_turn()
        elif waiting is Waiting.NEXT_GAME:
            session.next_game()
        elif waiting is Waiting.ROLL:
            assert ("double" in session.allowed) == (session.double_problem() is None)
            if "double" in session.allowed and (rng.random() < erratic or driver.wants_to_double(state, rng)):
                session.double()
            else:
                session.roll()
        elif waiting is Waiting.MOVE:
            session.play(driver.choose_play(state, rng, list(session.hint().ranked)).play)
        elif state.phase is Phase.BEAVERED:
            (session.take if rng.random() < 0.7 else session.drop)()
        else:
            answer = driver.answer(state, rng)
            if rng.random() < erratic:
                answer = "take"
            {"take": session.take, "pass": session.drop, "beaver": session.beaver}[answer]()
    raise AssertionError("the session did not end")


def sides_total(position: Position) -> tuple[int, int]:
    return sum(position.player), sum(position.opponent)


def check_session(session: Session, tally: Tally) -> None:
    """Replay the session's events with independent bookkeeping of the cube, the games and the score."""
    length = session.settings.match_length
    jacoby = session.settings.jacoby
    score = {Side.X: 0, Side.O: 0}
    crawford_done = False
    games = [event.game for event in session.events]
    for number in sorted(set(games)):
        events = [event for event in session.events if event.game == number]
        # The Crawford game: the first with one side (only one) a point short of the match.
        short = [side for side in score if length and score[side] == length - 1]
        crawford = len(short) == 1 and not crawford_done
        crawford_done = crawford_done or crawford
        first = events[0]
        assert isinstance(first, Opened) and first.before.match.crawford == crawford
        assert (first.before.match.x, first.before.match.o) == (score[Side.X], score[Side.O])
        value, owner = 1, None
        pending: Side | None = None  # the side that doubled, waiting for an answer
        for event in events:
            check_event(event)
            tally.events[type(event)] += 1
            if event.side is Side.O:
                tally.computer[type(event)] += 1
            if isinstance(event, Doubled):
                assert not crawford and pending is None
                assert owner in (None, event.side) and value < 64
                assert event.before.phase is Phase.ROLL and event.before.turn is event.side
                pending = event.side
            elif isinstance(event, Took):
                if event.before.phase is Phase.BEAVERED:
                    value, owner = value * 2, event.side.other  # the beaverer keeps the cube
                else:
                    assert pending is not None and event.side is pending.other
                    value, owner = value * 2, event.side
                pending = None
            elif isinstance(event, Beavered):
                assert pending is not None and event.side is pending.other and not length
                value, owner = value * 2, event.side
            elif isinstance(event, Passed):
                result = event.result
                assert result is not None and result.passed and result.winner is event.side.other
                assert result.points == value  # the value before the double (or the beavered value)
            assert event.cube.value == value and event.cube.owner is owner, (number, event.index, event)
        last = events[-1]
        result = last.result
        if result is None:
            assert last is session.events[-1] and not session.is_over
            break
        tally.games += 1
        if not result.passed:
            assert isinstance(last, Played) and last.side is result.winner
            kind = win_kind(last.after.position)
            assert result.kind.value == kind
            counted = 1 if jacoby and owner is None else kind
            assert result.points == value * counted
        tally.results[f"{result.kind.name.lower()}{' passed' if result.passed else ''}"] += 1
        score[result.winner] += result.points
        if length:
            score[result.winner] = min(score[result.winner], length)
    if length:
        assert session.score.x == score[Side.X] and session.score.o == score[Side.O]
        assert session.is_over == (max(score.values()) >= length)
        if session.is_over:
            assert session.summary().winner is max(score, key=lambda side: score[side])
    else:
        assert session.is_over and len(set(games)) == 1


def win_kind(position: Position) -> int:
    """1, 2 or 3 for the side that just bore off its last checker (the position is seen from it)."""
    assert position.player[OFF] == CHECKERS
    loser = position.opponent
    if loser[OFF]:
        return 1
    return 3 if loser[BAR] or any(loser[19:25]) else 2


def check_event(event: Event) -> None:
    for state in (event.before, event.after):
        assert sides_total(state.position) == (CHECKERS, CHECKERS)
    if isinstance(event, Played):
        before = event.before
        assert event.side is before.turn and before.phase is Phase.MOVE and event.dice == before.dice
        assert event.play in legal_plays(before.position, event.dice)
        assert event.play.position == before.position
        after = event.after.position
        assert after == (event.play.result if event.result is not None else event.play.result.swap())
    elif isinstance(event, Rolled):
        assert event.after.dice == event.dice and event.after.phase is Phase.MOVE


SESSIONS = [  # (match length, level, jacoby, beavers), at 1 ply
    (0, "beginner", False, False),
    (0, "intermediate", True, False),
    (0, "beginner", False, True),
    (0, "intermediate", True, True),
    (1, "intermediate", False, False),
    (3, "beginner", False, False),
    (5, "intermediate", False, False),
    (7, "beginner", False, False),
]
STRONG = (1, "strong", False, False)
"""The first chunk opens with one session at 2 plies (some 40 ms a roll, 20 times a 1-ply roll)."""
CHUNKS = 4
GAMES_PER_CHUNK = 25


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_one_hundred_seeded_games_between_computers_keep_every_rule(sage: Evaluator, chunk: int) -> None:
    tally = Tally()
    first = seed = 1000 * chunk
    while tally.games < GAMES_PER_CHUNK:
        length, level, jacoby, beavers = STRONG if seed == first == 0 else SESSIONS[seed % len(SESSIONS)]
        session = Session.new(
            length, level, tutor=seed % 3 == 0, jacoby=jacoby, beavers=beavers, seed=seed, evaluator=sage
        )
        play_out(session, Computer(sage, level, session.judge), seed, erratic=0.05)
        check_session(session, tally)
        # Its record rebuilds it exactly, through the engine alone.
        resumed = Session.resume(session.record.to_json())
        assert resumed.record == session.record
        assert [event.after for event in resumed.events] == [event.after for event in session.events]
        seed += 1
    # Every cube path was walked, bgsage's own doubles, takes and passes among them, and games ended every way.
    assert {Doubled, Took, Passed} <= set(tally.events)
    assert {Doubled, Took, Passed} <= set(tally.computer)
    assert {"single", "gammon", "single passed"} <= set(tally.results)
