"""One unit of puzzle mining: a seeded self-play game between two players of chosen strengths, and the best-play or
cube puzzles settled in it.

A task is a pure function of ``(kind, seed, index)``: the game's dice, its players and every figure come from
them alone, so a task gives the same puzzles in any process, on any machine, in any order
(:mod:`trainer.authoring.mine_job` relies on it). Its puzzles are *settled* records, JSON-ready dicts:

- **best**: a roll where at least two plays look plausible at 1 ply. bgsage ranks them at 2 and 3 plies; where
  3 plies puts the best play at least :data:`STAND_IN_GAP` ahead of every other play, that evaluation stands in
  for a rollout, else the close plays are rolled out (:data:`~trainer.analysis.sage.ROLLOUT_TRIALS` games, the
  same seed for every play; every play within :data:`STAND_IN_GAP` of the best at 3 plies is among them). The
  best play must be at least :data:`MIN_GAP` **and** three combined standard errors ahead of every play left out;
  another play is accepted only within the combined standard error of the best; any play in between and the roll
  is dropped. A play the rollout did not take (no standard error: its figures are bgsage's shallower ones) must be
  :data:`STAND_IN_GAP` behind, as a 3-ply evaluation standing in; else the roll is dropped. (bgsage's standard
  errors are those of the cubeless equities, the only ones it reports.) A roll whose best play is
  :data:`OBVIOUS_GAP` or more ahead is dropped as obvious.
- **cube**: the side on roll's money cube decision, cube centered, before its roll, asked as ``double`` (double
  or not) or as ``take`` (only where the double is right or within :data:`TAKE_ONLY_NEAR` of it), under the same
  rule on the cube's equities.

Each record keeps the raw facts its theme, reason and rating are worked out from
(:mod:`trainer.authoring.mine_records`): the ranking depths that found the answer, the plausible plays, the
chances, the market losers.
"""

from __future__ import annotations

import math
import random
import threading
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from trainer.analysis import CubeDecision, Evaluator, RankedPlay
from trainer.analysis.levels import Level, pick
from trainer.engine import Dice, Position

MiningKind = Literal["best", "cube"]
CubeAnswer = Literal["double", "no double", "take", "pass"]
DOUBLE, NO_DOUBLE, TAKE, PASS = typing.get_args(CubeAnswer)
MINING_KINDS: Final[tuple[MiningKind, ...]] = ("best", "cube")

MIN_GAP: Final = 0.04
"""The best play (or cube answer) is at least this far ahead of every play (answer) left out."""
SE_MULTIPLE: Final = 3.0
"""... and at least this many combined standard errors ahead, in a rollout."""
STAND_IN_GAP: Final = 0.08
"""A 3-ply evaluation stands in for a rollout where its gap is at least this."""
OBVIOUS_GAP: Final = 0.30
"""A best play this far ahead of the next is beginner-obvious: not mined."""
PLAUSIBLE_WITHIN: Final = 0.12
"""A play this close to the best at 1 ply is one a player would consider."""
ROLL_OUT_FROM: Final = 0.055
"""A 3-ply gap below this is not rolled out: a rollout would rarely find the 0.04 and three standard errors the
rule asks."""
LOOK_DEEPER_FROM: Final = 0.05
"""A 2-ply gap below this is not looked at deeper: the roll would rarely settle."""
TAKE_ONLY_NEAR: Final = 0.04
"""A take question is asked only where doubling is right or costs less than this."""
CUBE_WINDOW: Final = 0.30
"""A cube decision whose answer is this far ahead at 1 ply teaches nothing: not looked at deeper."""
MINING_TRIALS: Final = 144
"""The games of a mining rollout: a multiple of 36, enough for the close decisions the rule keeps."""
LISTED: Final = 6
"""How many plays a best-play record lists, past the first play left out."""
MOVES_PER_GAME: Final = 200

MINING_LEVELS: Final[tuple[Level, ...]] = (
    Level("weak", plies=1, window=0.30, temperature=0.10, cube_noise=0.15),
    Level("beginner", plies=1, window=0.15, temperature=0.04, cube_noise=0.08),
    Level("intermediate", plies=1, window=0.06, temperature=0.015, cube_noise=0.04),
    Level("strong", plies=1),
)
"""The players of the self-play games, weakest first: each game pairs two of them, drawn from its seed, so the
positions are those of games between players of different strengths (all choose among bgsage's 1-ply ranking)."""


@dataclass(frozen=True, slots=True)
class MiningTask:
    """One game to mine: its kind of puzzle, the run's seed and the game's number in the run; a self-play game, or
    with ``source`` (a ``.mat`` file's path) that file's game number ``game`` (from 0)."""

    kind: MiningKind
    seed: int
    index: int
    source: str | None = None
    game: int = 0


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn met in self-play: the position (the side on roll to play), the dice, the turn number (from 1) and the
    1-ply ranking of the roll."""

    position: Position
    dice: Dice
    turn: int
    ranked: tuple[RankedPlay, ...]


_EVALUATORS = threading.local()


def evaluator() -> Evaluator:
    """This thread's evaluator, built on first use and kept (a Dask worker runs tasks on several threads at once;
    each has its own, so no two games share one's state)."""
    engine: Evaluator | None = getattr(_EVALUATORS, "engine", None)
    if engine is None:
        from trainer.analysis.sage import SageEvaluator

        engine = SageEvaluator()
        _EVALUATORS.engine = engine
    return engine


def task_random(task: MiningTask) -> random.Random:
    """The task's own random stream, from its seed and number alone."""
    return random.Random(f"bgtrainer-mine:{task.seed}:{task.index}")


def players(rng: random.Random) -> tuple[Level, Level]:
    """The two players of a game: two levels drawn from :data:`MINING_LEVELS` (the same one twice now and then)."""
    return rng.choice(MINING_LEVELS), rng.choice(MINING_LEVELS)


def self_play(engine: Evaluator, rng: random.Random, levels: tuple[Level, Level]) -> Iterator[Turn]:
    """The turns of one seeded self-play game (money, no cube), each with its 1-ply ranking; the two levels play
    alternately, the first level starting."""
    position = Position.start()
    first = rng.randint(1, 6)
    second = rng.choice([die for die in range(1, 7) if die != first])
    dice = Dice(max(first, second), min(first, second))
    for turn in range(1, MOVES_PER_GAME):
        ranked = tuple(engine.rank_plays(position, dice, 1))
        yield Turn(position, dice, turn, ranked)
        chosen = pick(list(ranked), levels[(turn - 1) % 2], rng)
        after = chosen.play.result
        if after.is_game_over():
            return
        position = after.swap()
        first, second = rng.randint(1, 6), rng.randint(1, 6)
        dice = Dice(max(first, second), min(first, second))


def run_task(task: MiningTask) -> list[dict[str, Any]]:
    """The settled puzzles of one task's game, in the order met (records as :mod:`trainer.authoring.mine_records`
    reads them): a self-play game between two players drawn from its seed, or a game of a ``.mat`` file."""
    if task.source is not None:
        return run_recorded_game(task)
    rng = task_random(task)
    return run_game(task, rng, players(rng))


def recorded_turns(engine: Evaluator, path: str, game: int) -> Iterator[Turn]:
    """The checker plays of game number ``game`` (from 0) of a ``.mat`` file as it was played (the mover on roll),
    each with its 1-ply ranking, until the game ends or stops being replayable."""
    from trainer.play.analyse import DecisionKind, DecisionPoint, replayed_games
    from trainer.play.match_file import read_match_file

    for number, points in enumerate(replayed_games(read_match_file(Path(path)))):
        if number != game:
            continue
        for point in points:
            if not isinstance(point, DecisionPoint):
                return
            if point.kind is DecisionKind.MOVE and point.dice is not None:
                position = point.state.position
                yield Turn(position, point.dice, point.number, tuple(engine.rank_plays(position, point.dice, 1)))
        return


def run_recorded_game(task: MiningTask) -> list[dict[str, Any]]:
    """The settled puzzles of a ``.mat`` file's game (money figures, whatever the match's score)."""
    from trainer.content.realism import is_realistic

    assert task.source is not None
    engine = evaluator()
    records: list[dict[str, Any]] = []
    for turn in recorded_turns(engine, task.source, task.game):
        if turn.turn < 3 or not is_realistic(turn.position) or turn.position.is_game_over():
            continue
        source = {"file": Path(task.source).name, "game": task.game + 1, "move": turn.turn}
        seed = task.seed * 1_000_003 + task.index * 1_009 + turn.turn
        if task.kind == "best":
            record = settle_best(engine, turn, seed) if len(turn.ranked) > 1 else None
            if record is not None:
                records.append(record | {"source": source})
        else:
            records.extend(record | {"source": source} for record in settle_cube(engine, turn.position, seed))
    return records


def run_game(task: MiningTask, rng: random.Random, levels: tuple[Level, Level]) -> list[dict[str, Any]]:
    """The settled puzzles of one self-play game between ``levels``, its dice drawn from ``rng``."""
    from trainer.content.realism import is_realistic

    engine = evaluator()
    records: list[dict[str, Any]] = []
    for turn in self_play(engine, rng, levels):
        if turn.turn < 3 or not is_realistic(turn.position):
            continue
        source = {"seed": task.seed, "game": task.index, "turn": turn.turn, "players": [lv.name for lv in levels]}
        seed = task.seed * 1_000_003 + task.index * 1_009 + turn.turn
        if task.kind == "best":
            record = settle_best(engine, turn, seed)
            if record is not None:
                records.append(record | {"source": source})
        else:
            records.extend(record | {"source": source} for record in settle_cube(engine, turn.position, seed))
    return records


# --- best plays ---------------------------------------------------------------------------------------------------


def _combined(first: float | None, second: float | None) -> float:
    return math.hypot(first or 0.0, second or 0.0)


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a ranking settles a roll: the accepted plays, the first play left out, the gap and its standard error."""

    accepted: tuple[RankedPlay, ...]
    left_out: RankedPlay
    gap: float
    se: float


Judgement = Literal["accept", "reject", "open"]


def judge(behind: float, best_se: float | None, play_se: float | None, *, rolled_out: bool) -> tuple[Judgement, float]:
    """How the mining rule (see the module) judges one play ``behind`` the best, and the standard error it went
    by: accepted within the error, rejected past :data:`MIN_GAP` and three errors (or :data:`STAND_IN_GAP` where
    there is no rollout figure), else the roll is left open."""
    judged = rolled_out and play_se is not None
    error = _combined(best_se, play_se) if judged else 0.0
    if judged and behind <= error:
        return "accept", error
    if behind >= MIN_GAP and (behind >= SE_MULTIPLE * error if judged else behind >= STAND_IN_GAP):
        return "reject", error
    return "open", error


def settle(ranked: list[RankedPlay], *, rolled_out: bool) -> Verdict | None:
    """The verdict of a ranking under the mining rule (see the module), or ``None`` if it leaves the roll open."""
    best = ranked[0]
    if rolled_out and best.std_error is None:
        return None  # the best by the figures is a play the rollout did not take
    accepted = [best]
    rejected: list[tuple[float, float, RankedPlay]] = []
    for play in ranked[1:]:
        behind = best.equity - play.equity
        judgement, error = judge(behind, best.std_error, play.std_error, rolled_out=rolled_out)
        if judgement == "open" or (judgement == "accept" and rejected):
            return None  # too close to call, or a play accepted below one rejected
        if judgement == "accept":
            accepted.append(play)
        else:
            rejected.append((behind, error, play))
    if not rejected:
        return None
    gap, error, left_out = min(rejected, key=lambda item: item[0])
    return Verdict(tuple(accepted), left_out, gap, error)


def _play_figure(play: RankedPlay) -> dict[str, Any]:
    chances = play.chances
    return {
        "play": play.play.notation(stops=True),
        "result": play.play.result.position_id(),
        "equity": round(play.equity, 4),
        "se": None if play.std_error is None else round(play.std_error, 4),
        "chances": [
            round(value, 4)
            for value in (
                chances.win,
                chances.win_gammon,
                chances.win_backgammon,
                chances.lose_gammon,
                chances.lose_backgammon,
            )
        ],
    }


def _found_at(verdict: Verdict, rankings: list[list[RankedPlay] | tuple[RankedPlay, ...]]) -> int:
    """The shallowest depth (1, 2, 3; 4 for a rollout only) whose best play is an accepted one."""
    answers = {play.play.result for play in verdict.accepted}
    for depth, ranking in enumerate(rankings, start=1):
        if ranking[0].play.result in answers:
            return depth
    return len(rankings) + 1


def settle_best(engine: Evaluator, turn: Turn, seed: int) -> dict[str, Any] | None:
    """The settled best-play record of a turn, or ``None`` if its roll is no puzzle (see the module)."""
    one = turn.ranked
    plausible = sum(1 for play in one if -play.difference <= PLAUSIBLE_WITHIN)
    if plausible < 2:
        return None
    two = engine.rank_plays(turn.position, turn.dice, 2)
    if not LOOK_DEEPER_FROM <= two[0].equity - two[1].equity < OBVIOUS_GAP + 0.05:
        return None
    three = engine.rank_plays(turn.position, turn.dice, 3)
    gap3 = three[0].equity - three[1].equity
    if gap3 >= OBVIOUS_GAP:
        return None
    verdict = settle(three, rolled_out=False) if gap3 >= STAND_IN_GAP else None
    method, trials, ranked = "3-ply", 0, three
    if verdict is None:
        if gap3 < ROLL_OUT_FROM:
            return None
        from trainer.analysis.sage import SageEvaluator

        assert isinstance(engine, SageEvaluator)
        contenders = [play.play.result for play in three if three[0].equity - play.equity < STAND_IN_GAP]
        ranked = engine.rollout_plays(turn.position, turn.dice, trials=MINING_TRIALS, seed=seed, force=contenders)
        verdict = settle(ranked, rolled_out=True)
        if verdict is None or verdict.gap >= OBVIOUS_GAP:
            return None
        method, trials = "rollout", max(play.trials for play in ranked)
    listed = ranked[: ranked.index(verdict.left_out) + LISTED]
    return {
        "kind": "best",
        "position": turn.position.position_id(),
        "dice": [turn.dice.high, turn.dice.low],
        "answers": sorted(play.play.result.position_id() for play in verdict.accepted),
        "plays": [_play_figure(play) for play in listed],
        "verified": {"method": method, "trials": trials, "gap": round(verdict.gap, 4), "se": round(verdict.se, 4)},
        "found_at": _found_at(verdict, [one, two, three]),
        "plausible": plausible,
    }


# --- cube decisions -----------------------------------------------------------------------------------------------


def _cube_figures(decision: CubeDecision) -> dict[str, Any]:
    return {
        "no_double": round(decision.no_double, 4),
        "double_take": round(decision.double_take, 4),
        "double_pass": 1.0,
        "win": round(decision.chances.win, 4),
        "win_gammon": round(decision.chances.win_gammon, 4),
        "lose_gammon": round(decision.chances.lose_gammon, 4),
        "no_double_se": None if decision.no_double_se is None else round(decision.no_double_se, 4),
        "double_take_se": None if decision.double_take_se is None else round(decision.double_take_se, 4),
    }


def cube_answer(decision: CubeDecision, question: str) -> tuple[CubeAnswer, float, float]:
    """The right answer to ``question`` by ``decision``, its margin and the margin's standard error."""
    if question == "take":
        margin = decision.double_pass - decision.double_take
        return (TAKE if margin >= 0 else PASS), abs(margin), decision.double_take_se or 0.0
    doubled = min(decision.double_take, decision.double_pass)
    margin = doubled - decision.no_double
    taken = decision.double_take <= decision.double_pass
    error = _combined(decision.no_double_se, decision.double_take_se if taken else None)
    return (DOUBLE if margin > 0 else NO_DOUBLE), abs(margin), error


def _questions(decision: CubeDecision) -> list[str]:
    """The questions a decision can ask: double always; take only where doubling is right or close."""
    doubled = min(decision.double_take, decision.double_pass) - decision.no_double
    return ["double", "take"] if doubled > -TAKE_ONLY_NEAR else ["double"]


def settle_cube(engine: Evaluator, position: Position, seed: int) -> list[dict[str, Any]]:
    """The settled cube records of a position before its roll (one a question), or none."""
    if position.all_home() and position.all_home(opponent=True):
        return []  # pure bear-offs are the exact cube puzzles' ground
    quick = engine.cube_decision(position, 1)
    if not 0.5 <= quick.chances.win <= 0.95:
        return []
    near = [q for q in _questions(quick) if cube_answer(quick, q)[1] <= CUBE_WINDOW]
    if not near:
        return []
    deep = engine.cube_decision(position, 3)
    records = []
    rolled: CubeDecision | None = None
    for question in _questions(deep):
        answer, margin, _error = cube_answer(deep, question)
        if margin > CUBE_WINDOW:
            continue
        decision, method, trials, error = deep, "3-ply", 0, 0.0
        if margin < STAND_IN_GAP:
            if margin < ROLL_OUT_FROM:
                continue
            if rolled is None:
                from trainer.analysis.sage import SageEvaluator

                assert isinstance(engine, SageEvaluator)
                rolled = engine.rollout_cube(position, trials=MINING_TRIALS, seed=seed)
            rolled_answer, margin, error = cube_answer(rolled, question)
            if rolled_answer != answer or margin < MIN_GAP or margin < SE_MULTIPLE * error:
                continue
            decision, method, trials = rolled, "rollout", rolled.trials
        record: dict[str, Any] = {
            "kind": "cube",
            "position": position.position_id(),
            "cube_owner": "centered",
            "question": question,
            "answers": [answer],
            "figures": _cube_figures(decision),
            "verified": {"method": method, "trials": trials, "gap": round(margin, 4), "se": round(error, 4)},
            "race": position.is_race(),
        }
        if decision.should_double and decision.should_take:
            from trainer.analysis.sage import SageEvaluator

            assert isinstance(engine, SageEvaluator)
            record["market_losers"] = round(engine.market_losers(position), 4)
        records.append(record)
    return records
