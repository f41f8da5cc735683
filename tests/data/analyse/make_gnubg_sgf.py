"""Remake the GNU Backgammon .sgf test data of this folder (see README.md): gnubg playing itself, then analysing
the match at its 0-ply, saved as .sgf (with the analysis), exported as .mat and as text (gnubg's own printout of
its analysis of the first game, which the tests read the figures from).

    python tests/data/analyse/make_gnubg_sgf.py      # needs /usr/games/gnubg (Debian package gnubg)

Run by Python, it runs gnubg on itself once per file (``gnubg -t -q -r -p THIS_FILE`` with ``MG_JOB`` set); run by
gnubg, it plays and saves. The gnubg commands it sends, in order: ``set threads 1``, ``set rng mersenne``,
``set seed SEED``, ``set jacoby off``, ``set automatic game off``, ``set display off``, ``set player 0 gnubg``,
``set player 1 gnubg``, ``set defaultnames Anna Bert``, for each player and both ``chequerplay`` and
``cubedecision``: ``evaluation plies 0``, ``evaluation noise 0.03``, ``evaluation deterministic off``; then
``new match 3`` and ``new game`` until the match is over (or ``new session`` and two ``new game``);
``set analysis chequerplay evaluation plies 0``, ``set analysis cubedecision evaluation plies 0``,
``set export moves number 3``, ``analyse match``, ``save match FILE.sgf``, ``export match mat FILE.mat``,
``export match text FILE.txt``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

GNUBG = "/usr/games/gnubg"
MAX_BYTES = 200_000
"""A file larger than this is made again with the next seed (test data stays small)."""
JOBS = {
    "gnubg-match3": {"seed": 1, "length": 3},
    "gnubg-session": {"seed": 3, "length": 0},
}


def inside_gnubg() -> None:
    import gnubg  # type: ignore[import-not-found]

    job = json.loads(os.environ["MG_JOB"])
    commands = [
        "set threads 1",
        "set rng mersenne",
        f"set seed {job['seed']}",
        "set jacoby off",
        "set automatic game off",
        "set display off",
        "set player 0 gnubg",
        "set player 1 gnubg",
        "set defaultnames Anna Bert",
    ]
    for number in (0, 1):
        for kind in ("chequerplay", "cubedecision"):
            commands += [
                f"set player {number} {kind} evaluation plies 0",
                f"set player {number} {kind} evaluation noise 0.03",
                f"set player {number} {kind} evaluation deterministic off",
            ]
    for command in commands:
        gnubg.command(command)
    for number, name in enumerate(("Anna", "Bert")):
        gnubg.command(f"set player {number} name {name}")  # "new session" keeps these; "new match" the defaults
    if job["length"]:
        gnubg.command(f"new match {job['length']}")
        while True:
            info = gnubg.match()["games"][-1]["info"]
            scores = [info["score-X"], info["score-O"]]
            if info.get("winner") in ("X", "O"):
                scores["XO".index(info["winner"])] += info["points-won"]
            if max(scores) >= job["length"]:
                break
            gnubg.command("new game")
    else:
        gnubg.command("new session")
        for _ in range(2):
            gnubg.command("new game")
    if not wanted(gnubg.match(), job["length"]):
        return  # main() tries the next seed
    for command in (
        "set analysis chequerplay evaluation plies 0",
        "set analysis cubedecision evaluation plies 0",
        "set export moves number 3",
        "analyse match",
        f"save match {job['out']}.sgf",
        f"export match mat {job['out']}.mat",
        f"export match text {job['out']}.txt",
    ):
        gnubg.command(command)


def wanted(match: dict, length: int) -> bool:
    """A match with a Crawford game and a game after it; a session of 3 games with a double taken and one dropped."""
    games = [game["info"] for game in match["games"]]
    actions = [action["action"] for game in match["games"] for action in game["game"]]
    if length:
        crawford = [index for index, info in enumerate(games) if length - 1 in (info["score-X"], info["score-O"])]
        return len(crawford) >= 2
    return len(games) == 3 and "take" in actions and "drop" in actions


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    for name, job in JOBS.items():
        out = os.path.join(here, name)
        for suffix in (".sgf", ".mat", ".txt"):
            if os.path.exists(out + suffix):
                os.remove(out + suffix)
        seed = job["seed"]
        while not os.path.exists(out + ".sgf"):  # gnubg's noise is seeded by the clock: a run may miss the shape
            env = dict(os.environ, MG_JOB=json.dumps({**job, "seed": seed, "out": out}))
            subprocess.run(
                [GNUBG, "-t", "-q", "-r", "-p", os.path.abspath(__file__)],
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            seed += 1
            if os.path.exists(out + ".sgf") and os.path.getsize(out + ".sgf") > MAX_BYTES:
                for suffix in (".sgf", ".mat", ".txt"):
                    os.remove(out + suffix)
        for extra in os.listdir(here):  # gnubg writes each further game's text beside: game 1's is enough
            if extra.startswith(name + "_") and extra.endswith(".txt"):
                os.remove(os.path.join(here, extra))
        print(name, "seed", seed - 1)
        for suffix in (".sgf", ".mat", ".txt"):
            print(name + suffix, os.path.getsize(os.path.join(here, name + suffix)), "bytes")


if __name__ == "__main__":
    if "MG_JOB" in os.environ:
        inside_gnubg()
    else:
        main()
        sys.exit(0)
