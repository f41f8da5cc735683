"""Remake the held-out matches of this folder and GNU Backgammon's own verdicts on them (see README.md).

    python tests/data/analysis_match/make_gnubg_verdicts.py            # play, export, analyse: remake every file
    python tests/data/analysis_match/make_gnubg_verdicts.py --analyse  # keep the .mat files, remake the verdicts

Needs GNU Backgammon 1.07 (``/usr/games/gnubg``, Debian package ``gnubg``); no test runs this script, the tests read
only the files it wrote. One file, two roles: run by Python it drives gnubg; run by gnubg (``gnubg -p THIS_FILE``
with ``MV_JOB`` set) it plays one self-play match and exports it as .mat, or (``MV_ANALYSE`` set) imports a .mat
file, analyses it at gnubg's 1-ply (bgtrainer's default 2 plies) and writes its verdicts.

The players' evaluation noise is ``deterministic``: a function of the position, so the same seed gives the same
files on every run (gnubg's non-deterministic noise draws from a generator seeded by the clock).

Each verdicts file (``NAME.gnubg1.jsonl``) holds one JSON object a line, in the order of the match:

- a checker play: ``{"kind": "move", "game", "player", "position", "dice", "loss", "best", "played", "plays"}``,
  ``loss`` gnubg's equity (EMG, per unit of the cube) of its best play minus the play made's, ``best`` and
  ``played`` in gnubg's notation, ``plays`` how many plays it ranked (1: forced; 0: no legal play);
- a cube decision: ``{"kind": "cube", "game", "player", "position", "match_id", "action", "no_double",
  "double_take", "double_pass", "proper", "loss"}``: ``action`` what was done (``no double``, ``double``, ``take``,
  ``pass``; a double beavered back counts as a take), the three equities (EMG) for the side that may double,
  ``proper`` gnubg's words for the right action and ``loss`` its error on the action taken.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile

GNUBG = "/usr/games/gnubg"
HERE = os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else ""  # gnubg runs it without
PLIES = 1
"""gnubg's analysis depth: its 1-ply is bgtrainer's 2 plies, the default of ``bgtrainer analyse``."""

JOBS = {
    "match5": {"seed": 13, "length": 5, "weak": 0.02},
    "match7": {"seed": 6, "length": 7, "weak": 0.02},
    "match7b": {"seed": 5, "length": 7, "weak": 0.02},
    "match5t": {"seed": 13, "length": 5, "weak": 0.02, "cube_noise": 0.3},
    "money": {"seed": 5, "length": 0, "games": 6, "weak": 0.02},
    "money_noisy": {"seed": 9, "length": 0, "games": 6, "weak": 0.05},
}
"""Each match: gnubg's dice seed, its length (0: a money session of ``games`` games, beavers on, Jacoby off), the
evaluation noise of player 1 (player 0 plays without noise; both at gnubg's 0-ply) and, if other, that of player 1's
cube decisions (``cube_noise``: a trailer that does not double at once after the Crawford game)."""


def play_commands(job: dict) -> list[str]:
    """The gnubg commands that set up one self-play match (before ``new match`` / ``new session``)."""
    commands = [
        "set threads 1",
        "set rng mersenne",
        f"set seed {job['seed']}",
        "set jacoby off",
        "set beavers 3",
        "set automatic game off",
        "set display off",
        "set player 0 gnubg",
        "set player 1 gnubg",
        "set cube use on",
        "set defaultnames Steady Shaky",
        "set player 0 name Steady",
        "set player 1 name Shaky",
    ]
    for number, noise in ((0, 0.0), (1, job["weak"])):
        for kind in ("chequerplay", "cubedecision"):
            if kind == "cubedecision" and number:
                noise = job.get("cube_noise", noise)
            commands += [
                f"set player {number} {kind} evaluation plies 0",
                f"set player {number} {kind} evaluation noise {noise}",
                f"set player {number} {kind} evaluation deterministic on",
            ]
    return commands


def analyse_commands(path: str) -> list[str]:
    """The gnubg commands that import a .mat file and analyse it at :data:`PLIES`."""
    commands = ["set threads 1", "set beavers 3", "set jacoby off"]
    for kind in ("chequerplay", "cubedecision"):
        commands += [
            f"set analysis {kind} evaluation plies {PLIES}",
            f"set analysis {kind} evaluation deterministic on",
            f"set analysis {kind} evaluation noise 0",
            f"set analysis {kind} evaluation cubeful on",
        ]
    return [
        *commands,
        "set export cube display unmarked on",
        "set export cube display close on",
        "set export cube display actual on",
        f"import mat {path}",
        "analyse match",
    ]


# --- inside gnubg ------------------------------------------------------------------------------------------------


def play_inside(gnubg, job: dict) -> None:
    for command in play_commands(job):
        gnubg.command(command)
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
        for _ in range(job["games"] - 1):
            gnubg.command("new game")
    gnubg.command(f"export match mat {job['out']}")


def analyse_inside(gnubg, path: str, out: str) -> None:
    for command in analyse_commands(path):
        gnubg.command(command)
    text = os.path.join(os.path.dirname(out), "export.txt")
    gnubg.command(f"export match text {text}")
    match = gnubg.match(analysis=1, boards=1)
    plays = []
    for number, game in enumerate(match["games"], start=1):
        for record in game["game"]:
            if record.get("action") != "move":
                continue
            analysis = record.get("analysis", {})
            moves = analysis.get("moves", [])
            played = analysis.get("imove", 0)
            plays.append(
                {
                    "game": number,
                    "player": record["player"],
                    "position": record["board"],
                    "dice": sorted(record["dice"], reverse=True),
                    "moves": [[move["move"], move["score"]] for move in moves],
                    "imove": played,
                    "played": record["move"],
                }
            )
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(plays, handle)


if __name__ == "__main__" and ("MV_JOB" in os.environ or "MV_ANALYSE" in os.environ):
    import gnubg  # type: ignore[import-not-found]

    if "MV_JOB" in os.environ:
        play_inside(gnubg, json.loads(os.environ["MV_JOB"]))
    else:
        request = json.loads(os.environ["MV_ANALYSE"])
        analyse_inside(gnubg, request["mat"], request["out"])
    sys.exit(0)


# --- driving gnubg -------------------------------------------------------------------------------------------------


def run_gnubg(env: dict[str, str], workdir: str) -> None:
    prefs = tempfile.mkdtemp(dir=workdir)
    subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-s", prefs, "-p", os.path.abspath(__file__)],
        env=dict(os.environ, **env),
        check=True,
        stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )


def notation(move: list[list[int]]) -> str:
    """gnubg's move tuples (from, to; 25 the bar, negative off) as ``24/18 13/11``."""
    parts = [f"{'bar' if start == 25 else start}/{'off' if end <= 0 else end}" for start, end in move]
    return " ".join(parts)


CUBE_NUMBER = re.compile(
    r"^\d\. (No double|No redouble|Double, take|Redouble, take|Double, pass|Redouble, pass)"
    r"\s+([-+]\d+\.\d+)"
)
HEADER = re.compile(
    r"^Move number \d+:\s+(\S+) (to play|on roll, cube decision\?|doubles to \d+|redoubles to \d+|"
    r"beavers to \d+)"
)


def cube_verdicts(text_files: list[str], names: tuple[str, str]) -> list[dict]:
    """Every cube decision gnubg's text export shows (with ``export cube display unmarked``: all of them)."""
    verdicts = []
    for game, path in enumerate(text_files, start=1):
        with open(path, encoding="utf-8") as handle:
            blocks = re.split(r"\n(?=Move number \d+:)", handle.read())
        for block in blocks:
            header = HEADER.search(block)
            if header is None or "Cube analysis" not in block:
                continue
            player, what = header.group(1), header.group(2)
            lines = block.splitlines()
            position = re.search(r"Position ID: (\S+)", block).group(1)
            match_id = re.search(r"Match ID\s*: (\S+)", block).group(1)
            equities = {}
            for line in lines:
                found = CUBE_NUMBER.match(line.strip())
                if found:
                    label = found.group(1).replace("Redouble", "Double").replace("No redouble", "No double")
                    equities[label] = float(found.group(2))
            proper = re.search(r"Proper cube action: (.+)", block).group(1).strip()
            starred = [line[2:] for line in lines if line.startswith("* ")]
            if what == "to play":
                action, decider = "no double", player
            elif what.startswith("on roll"):
                action, decider = "double", player
            else:  # the answer to a double: the other player's
                said = starred[0] if starred else ""
                action = "pass" if "refuses" in said or "rejects" in said else "take"
                decider = names[1 - names.index(player)]
            nd, dt, dp = equities["No double"], equities["Double, take"], equities["Double, pass"]
            if action in ("take", "pass"):  # gnubg shows the doubled side's equities: the doubler's are their opposite
                nd, dt, dp = -nd, -dt, -dp
            if action == "no double":
                loss = max(nd, min(dt, dp)) - nd
            elif action == "double":
                loss = max(nd, min(dt, dp)) - min(dt, dp)
            elif action == "take":
                loss = max(0.0, dt - dp)
            else:
                loss = max(0.0, dp - dt)
            verdicts.append(
                {
                    "kind": "cube",
                    "game": game,
                    "player": decider,
                    "position": position,
                    "match_id": match_id,
                    "action": action,
                    "no_double": nd,
                    "double_take": dt,
                    "double_pass": dp,
                    "proper": proper,
                    "loss": round(loss, 4),
                }
            )
    return verdicts


def analyse(name: str, workdir: str) -> None:
    """gnubg's verdicts on ``NAME.mat``, written to ``NAME.gnubg1.jsonl``."""
    mat = os.path.join(HERE, f"{name}.mat")
    out = os.path.join(workdir, f"{name}.plays.json")
    run_gnubg({"MV_ANALYSE": json.dumps({"mat": mat, "out": out})}, workdir)
    with open(out, encoding="utf-8") as handle:
        plays = json.load(handle)
    texts = sorted(
        (path for path in os.listdir(workdir) if path.startswith("export") and path.endswith(".txt")),
        key=lambda path: (len(path), path),
    )
    names = _names(mat)
    cubes = cube_verdicts([os.path.join(workdir, path) for path in texts], names)
    lines = []
    for play in plays:
        moves, played = play["moves"], play["imove"]
        loss = moves[0][1] - moves[played][1] if len(moves) > 1 else 0.0
        lines.append(
            {
                "kind": "move",
                "game": play["game"],
                "player": names[0 if play["player"] == "X" else 1],
                "position": play["position"],
                "dice": play["dice"],
                "loss": round(max(0.0, loss), 4),
                "best": notation(moves[0][0]) if moves else "",
                "played": notation(play["played"]),
                "plays": len(moves),
            }
        )
    with open(os.path.join(HERE, f"{name}.gnubg1.jsonl"), "w", encoding="utf-8") as handle:
        for line in sorted(lines + cubes, key=lambda line: line["game"]):
            handle.write(json.dumps(line) + "\n")
    for path in texts:
        os.remove(os.path.join(workdir, path))


def _names(mat: str) -> tuple[str, str]:
    with open(mat, encoding="utf-8") as handle:
        for line in handle:
            found = re.match(r"\s*(\S+)\s*:\s*\d+\s+(\S+)\s*:\s*\d+", line)
            if found:
                return found.group(1), found.group(2)
    raise SystemExit(f"no players' names in {mat}")


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--analyse", action="store_true", help="keep the .mat files, remake gnubg's verdicts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        for name, job in JOBS.items():
            mat = os.path.join(HERE, f"{name}.mat")
            if not args.analyse:
                run_gnubg({"MV_JOB": json.dumps(dict(job, out=mat))}, workdir)
            analyse(name, workdir)
            with open(os.path.join(HERE, f"{name}.gnubg1.jsonl"), encoding="utf-8") as handle:
                print(f"{name}: {sum(1 for _ in handle)} verdicts")


if __name__ == "__main__":
    main()
