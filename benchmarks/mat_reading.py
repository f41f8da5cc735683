"""Reading hostile .mat files: how long a line of a megabyte takes to read or refuse, and how long the largest file
read (1,000 games) takes to read and replay.

Targets: every hostile line (the score line's spaces and colons, a move's hops, a game number's digits) read or
refused in well under a second however long (each pattern runs in time linear in its line: a line twice as long
takes about twice as long); a file of 1,000 games read in a second and replayed in under a minute (the replay
reports each game as it goes). Prints the figures and asserts nothing. Run: ``python benchmarks/mat_reading.py``.
"""

from __future__ import annotations

import contextlib
import time

from trainer.play import MatParseError, parse_mat
from trainer.play.analyse import replayed_games
from trainer.play.matfile import MAX_GAMES

HEADER = " 3 point match\n\n Game 1\n"
HOSTILE = {
    "score line, spaces": lambda size: HEADER + "a" + " " * size + "b\n",
    "score line, colons": lambda size: HEADER + "a :" * (size // 3) + "\n",
    "score line, a long name": lambda size: HEADER + " a : 0" + " " * size + "b : 0\n",
    "move, hops": lambda size: HEADER + " a : 0   b : 0\n  1) 31: 8" + "/5" * (size // 2) + "x\n",
    "game number": lambda size: " 3 point match\n\n Game " + "1" * size + "x\n",
}
GAME = " Game {number}\n Ada : 0                       Bob : 0\n  1) 31: 8/5 6/5                 64: 24/18 13/9\n\n"


def timed(text: str) -> float:
    started = time.perf_counter()
    with contextlib.suppress(MatParseError):
        parse_mat(text)
    return time.perf_counter() - started


def main() -> None:
    for name, make in HOSTILE.items():
        small, large = timed(make(500_000)), timed(make(1_000_000))
        print(f"{name:24} 0.5 MB {small * 1000:7.1f} ms, 1 MB {large * 1000:7.1f} ms (ratio {large / small:.1f})")
    text = " 0 point match\n\n" + "".join(GAME.format(number=number) for number in range(1, MAX_GAMES + 1))
    started = time.perf_counter()
    match = parse_mat(text)
    read = time.perf_counter() - started
    started = time.perf_counter()
    for _ in replayed_games(match):
        pass
    replayed = time.perf_counter() - started
    print(f"{MAX_GAMES:,} games ({len(text):,} bytes): read in {read:.2f} s, replayed in {replayed:.2f} s")


if __name__ == "__main__":
    main()
