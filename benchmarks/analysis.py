"""Evaluation speed with bgsage: a computer's turn and a tutor check at each level, over 200 fixed positions.

The positions come from seeded games between two intermediate computer players (every turn with a legal move,
until 200 are collected), so they look like real play. For each level it times:

- a tutor check: ranking every legal play of the roll at the level's depth (what ``bgtrainer hint`` does);
- a computer turn: the cube decision before rolling plus choosing the play (``ComputerPlayer``).

Prints the mean, median, 95th percentile and maximum, and whether the intermediate level's turn meets the
target. A few 3-ply tutor checks (``bgtrainer hint --plies 3``) are timed too.

Then the Play session (:mod:`trainer.play`) at each level, over seeded games in which an intermediate computer
plays the learner's side through the learner's API with the tutor on: the time of each computer turn
(``Session.computer_turn``: its cube decision, roll and play, or its answer to a double) and of each of the
learner's judged decisions (the tutor's verdict on a roll or a play). Last, the cube window of
:mod:`trainer.play.cube`: on the positions above, whether a 1-ply decision far from its boundary ever disagrees
with bgsage's own 2-ply decision. Run: ``python benchmarks/analysis.py``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from trainer.analysis import LEVELS, ComputerPlayer
from trainer.analysis.sage import SageEvaluator
from trainer.engine import Dice, Game, Position
from trainer.engine.bearoff import is_pure_bearoff
from trainer.play import WINDOW, Computer, Session, Waiting
from trainer.play.cube import is_far

TARGET_SECONDS = 0.300
POSITIONS = 200
DEEP_SAMPLE = 20
SESSION_GAMES = 3


def collect_positions(evaluator: SageEvaluator, count: int = POSITIONS) -> list[tuple[Position, Dice]]:
    """``count`` positions and rolls from seeded games between intermediate players (no forced passes)."""
    found: list[tuple[Position, Dice]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game(seed=seed)
        game.roll_opening()
        player = ComputerPlayer(evaluator, "intermediate", seed=seed)
        while game.result is None and len(found) < count:
            if game.dice is None:
                game.roll()
            assert game.dice is not None
            if not game.legal_plays()[0].is_pass:
                found.append((game.position, game.dice))
            game.play(player.choose_play(game.position, game.dice).play)
    return found


def timings(items: list[tuple[Position, Dice]], action: Callable[[Position, Dice], object]) -> list[float]:
    """Seconds each call of ``action`` took, one per item."""
    seconds = []
    for position, dice in items:
        started = time.perf_counter()
        action(position, dice)
        seconds.append(time.perf_counter() - started)
    return seconds


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)))]
    return (
        f"mean {1000 * statistics.mean(ordered):7.1f} ms  median {1000 * statistics.median(ordered):7.1f} ms  "
        f"p95 {1000 * p95:7.1f} ms  max {1000 * ordered[-1]:7.1f} ms"
    )


def main() -> None:
    evaluator = SageEvaluator()
    started = time.perf_counter()
    items = collect_positions(evaluator)
    plays = sum(len(evaluator.rank_plays(position, dice)) for position, dice in items)
    print(
        f"{len(items)} positions from seeded games ({plays} legal plays), collected in "
        f"{time.perf_counter() - started:.1f} s"
    )
    for level in LEVELS.values():  # warm up: build each depth's analyzer before timing
        evaluator.rank_plays(*items[0], level.plies)
        evaluator.cube_decision(items[0][0], level.plies)
    turn_means = {}
    for name, level in LEVELS.items():
        player = ComputerPlayer(evaluator, level, seed=1)

        def turn(position: Position, dice: Dice, player: ComputerPlayer = player) -> None:
            player.offers_double(position)
            player.choose_play(position, dice)

        check = timings(items, lambda position, dice, plies=level.plies: evaluator.rank_plays(position, dice, plies))
        cube = timings(items, lambda position, _dice, plies=level.plies: evaluator.cube_decision(position, plies))
        whole = timings(items, turn)
        turn_means[name] = statistics.mean(whole)
        print(f"{name} ({level.plies}-ply)")
        print(f"  tutor check (rank every play)  {summary(check)}")
        print(f"  cube decision                  {summary(cube)}")
        print(f"  computer turn (cube + play)    {summary(whole)}")
    deep = timings(items[:DEEP_SAMPLE], lambda position, dice: evaluator.rank_plays(position, dice, 3))
    print(f"3-ply tutor check, first {DEEP_SAMPLE} positions: {summary(deep)}")
    mean = turn_means["intermediate"]
    verdict = "met" if mean <= TARGET_SECONDS else "NOT met"
    print(f"target: intermediate computer turn <= {1000 * TARGET_SECONDS:.0f} ms  ->  {1000 * mean:.1f} ms, {verdict}")
    session_means = {}
    for name in LEVELS:
        computer, learner = session_timings(evaluator, name)
        session_means[name] = statistics.mean(computer)
        print(f"play session, {name}: {SESSION_GAMES} games, {len(computer)} computer turns")
        print(f"  computer turn (cube + roll + play)  {summary(computer)}")
        print(f"  tutor verdict (roll or play)        {summary(learner)}")
    mean = session_means["intermediate"]
    verdict = "met" if mean <= TARGET_SECONDS else "NOT met"
    target = f"{1000 * TARGET_SECONDS:.0f} ms"
    print(f"target: intermediate session computer turn <= {target}  ->  {1000 * mean:.1f} ms, {verdict}")
    cube_window(evaluator, [position for position, _ in items])


def session_timings(evaluator: SageEvaluator, level: str) -> tuple[list[float], list[float]]:
    """Seconds per computer turn and per judged decision of the learner, over seeded sessions at ``level``."""
    computer: list[float] = []
    learner: list[float] = []
    for seed in range(1, SESSION_GAMES + 1):
        session = Session.new(0, level, seed=seed, evaluator=evaluator)
        driver = Computer(evaluator, "intermediate")
        rng = random.Random(seed)
        while not session.is_over:
            waiting = session.waiting_for
            state = session.state
            started = time.perf_counter()
            if waiting is Waiting.COMPUTER:
                session.computer_turn()
                computer.append(time.perf_counter() - started)
                continue
            if waiting is Waiting.ROLL:
                doubles = "double" in session.allowed and driver.wants_to_double(state, rng)
                (session.double if doubles else session.roll)()
            elif waiting is Waiting.MOVE:
                session.play(driver.choose_play(state, rng).play)
            else:
                {"take": session.take, "pass": session.drop, "beaver": session.beaver}[driver.answer(state, rng)]()
            learner.append(time.perf_counter() - started)
    return computer, learner


def cube_window(evaluator: SageEvaluator, positions: list[Position]) -> None:
    """Whether a 1-ply cube decision farther than the window from its boundary agrees with 2 plies."""
    sample = [position for position in positions if not is_pure_bearoff(position)]
    far_double = far_take = flipped_double = flipped_take = 0
    for position in sample:
        first, deep = evaluator.cube_decision(position, 1), evaluator.cube_decision(position, 2)
        if is_far(first, "double"):
            far_double += 1
            flipped_double += first.should_double != deep.should_double
        if is_far(first, "answer"):
            far_take += 1
            flipped_take += first.should_take != deep.should_take
    print(
        f"cube window {WINDOW}: {len(sample)} positions; double/no double far at 1 ply in {far_double} "
        f"(2 plies disagree in {flipped_double}); take/pass far in {far_take} (2 plies disagree in {flipped_take})"
    )


if __name__ == "__main__":
    main()
