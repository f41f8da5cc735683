"""Mining speed of ``bgtrainer puzzles mine``: settled puzzles per CPU-minute for games between players of each
level (both sides at that level), for best-play and cube puzzles, and the speed-up of two local workers over one
on the same run (the same puzzles, checked).

Prints the figures and asserts nothing. Run: ``python benchmarks/mining.py [GAMES] [COUNT]`` (default 3 games a
level, and runs of 60 best-play puzzles for the speed-up).
"""

from __future__ import annotations

import os
import sys
import time

from trainer.authoring.mine_job import MiningRun, mine
from trainer.authoring.mine_tasks import MINING_KINDS, MINING_LEVELS, MiningTask, run_game, task_random


def cpu_seconds() -> float:
    """This process's CPU time and its finished children's."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def per_level(games: int) -> None:
    """Puzzles per CPU-minute for each kind and level."""
    for kind in MINING_KINDS:
        for level in MINING_LEVELS:
            started, found = time.process_time(), 0
            for index in range(games):
                task = MiningTask(kind, 4242, index)
                found += len(run_game(task, task_random(task), (level, level)))
            minutes = (time.process_time() - started) / 60
            rate = found / minutes
            print(f"{kind:5} {level.name:13} {found:4d} puzzles in {minutes * 60:6.1f} CPU s: {rate:6.1f} a CPU-minute")


def speed_up(count: int) -> None:
    """Wall time of one run on one worker and on two, and the speed-up."""
    run = MiningRun("best", count, 4243)
    walls = []
    outputs = []
    for workers in (1, 2):
        started = time.perf_counter()
        outputs.append(mine(run, workers=workers))
        walls.append(time.perf_counter() - started)
        print(f"best  {count} puzzles on {workers} worker(s): {walls[-1]:6.1f} s")
    same = "the same puzzles" if outputs[0] == outputs[1] else "DIFFERENT puzzles"
    print(f"speed-up of 2 workers over 1: {walls[0] / walls[1]:.2f}x ({same}; {os.cpu_count()} cores here)")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    per_level(games)
    speed_up(count)


if __name__ == "__main__":
    main()
