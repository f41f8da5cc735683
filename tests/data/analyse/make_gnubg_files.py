"""Remake the GNU Backgammon test data of this folder (see README.md): three .mat files of gnubg self-play and
gnubg's 2-ply judgement of every checker play of one of them.

    source /work/venv/bin/activate
    python tests/data/analyse/make_gnubg_files.py            # remake all four files, check them, print counts
    python tests/data/analyse/make_gnubg_files.py --check    # only check the files here and print counts

Needs GNU Backgammon 1.07 (``/usr/games/gnubg``, Debian package ``gnubg``), ``faketime`` (Debian package
``faketime``) and the oracle scripts ``gnubg_rank2.py``, ``posid.py``, ``bgcore.py`` (``--oracle DIR``; by default
``shared/oracle`` beside the repository). No test runs this script: the tests read only the files it wrote.

Why faketime: gnubg's evaluation noise with ``deterministic off`` draws from a generator that gnubg seeds from the
clock (``time(NULL)``) when it starts, not from ``set seed`` (which only seeds the dice). Running gnubg under
``faketime -f '2024-01-01 00:00:00'`` (the clock frozen at that second, however long gnubg takes to start) pins that
seed, so the same seeds give the same files, byte for byte (the ``[EventDate]`` line is that date too). Without
faketime the dice stay the same but the plays change from run to run.

This one file has two roles: run by Python, it drives everything; run by gnubg (``gnubg -p THIS_FILE`` with
``MG_JOB`` set), it plays one self-play session and exports it. The gnubg commands it sends, in order:

    set threads 1
    set rng mersenne
    set seed SEED
    set jacoby off
    set automatic game off
    set display off
    set player 0 gnubg
    set player 1 gnubg
    set cube use on|off
    set defaultnames NAME0 NAME1                            (``new match`` resets the names to these)
    set player N name NAME                                  (N = 0, 1)
    set player N chequerplay evaluation plies P
    set player N chequerplay evaluation noise X
    set player N chequerplay evaluation deterministic off
    set player N cubedecision evaluation plies P
    set player N cubedecision evaluation noise X
    set player N cubedecision evaluation deterministic off
    new session | new match LENGTH
    new game                                                (until the games are played / the match is over)
    export match mat FILE

and the whole run is ``faketime -f '2024-01-01 00:00:00' /usr/games/gnubg -t -q -r -s TMPDIR -p make_gnubg_files.py``.
"""

from __future__ import annotations

import json
import os
import sys
from itertools import pairwise

FAKE_TIME = "2024-01-01 00:00:00"
GNUBG = "/usr/games/gnubg"

# The three self-play files: gnubg against gnubg, both at 0-ply with evaluation noise (not deterministic).
JOBS = {
    "money": {
        "file": "gnubg-money.mat",
        "seed": 3,
        "length": 0,
        "games": 3,
        "cube": True,
        "players": [
            {"name": "Anna", "plies": 0, "noise": 0.03},
            {"name": "Bert", "plies": 0, "noise": 0.03},
        ],
    },
    "match": {
        "file": "gnubg-match.mat",
        "seed": 6,
        "length": 5,
        "games": None,
        "cube": True,
        "players": [
            {"name": "Anna", "plies": 0, "noise": 0.03},
            {"name": "Bert", "plies": 0, "noise": 0.03},
        ],
    },
    "match7": {
        "file": "gnubg-match7.mat",
        "seed": 7,
        "length": 7,
        "games": None,
        "cube": True,
        "players": [
            {"name": "Anna", "plies": 0, "noise": 0.03},
            {"name": "Bert", "plies": 0, "noise": 0.03},
        ],
    },
    "noisy": {
        "file": "gnubg-noisy.mat",
        "seed": 1,
        "length": 0,
        "games": 8,
        "cube": False,
        "players": [
            {"name": "Careful", "plies": 0, "noise": 0.05},
            {"name": "Sloppy", "plies": 0, "noise": 0.10},
        ],
    },
}
JUDGED = "gnubg-noisy.gnubg2.jsonl"
JUDGE_PLIES = 2


def gnubg_commands(job: dict) -> list[str]:
    """The gnubg commands that set up a self-play session (before ``new session`` / ``new match``)."""
    commands = [
        "set threads 1",
        "set rng mersenne",
        f"set seed {job['seed']}",
        "set jacoby off",
        "set automatic game off",
        "set display off",
        "set player 0 gnubg",
        "set player 1 gnubg",
        f"set cube use {'on' if job['cube'] else 'off'}",
    ]
    names = [player["name"] for player in job["players"]]
    commands.append(f"set defaultnames {names[0]} {names[1]}")  # "new match" resets the names to these
    for number, player in enumerate(job["players"]):
        commands.append(f"set player {number} name {player['name']}")
        for kind in ("chequerplay", "cubedecision"):
            commands += [
                f"set player {number} {kind} evaluation plies {player['plies']}",
                f"set player {number} {kind} evaluation noise {player['noise']}",
                f"set player {number} {kind} evaluation deterministic off",
            ]
    return commands


# --- inside gnubg ------------------------------------------------------------------------------------------------


def inside_gnubg() -> None:
    """Play the session of ``MG_JOB`` (JSON: a job of JOBS plus ``out``) and export it as a .mat file."""
    import gnubg

    job = json.loads(os.environ["MG_JOB"])
    for command in gnubg_commands(job):
        gnubg.command(command)
    if job["length"]:
        gnubg.command(f"new match {job['length']}")
        while True:
            info = gnubg.match()["games"][-1]["info"]  # "X" is player 0, "O" player 1
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


# --- outside: replaying, judging, checking ----------------------------------------------------------------------


def replay_moves(match):
    """Play a .mat file's games through our engine, the file's dice fed in (as tests/test_play_matfile.py's
    ``replay`` does); for every checker play (no legal play included): game number, move index in the game, the
    mover's name, the position before (mover on roll), dice, and our Play. Also each game's result.

    :raises AssertionError: naming the game and action that does not replay.
    """
    from trainer.engine import Game, MatchScore, MoneyOptions, Side, parse_play
    from trainer.play.matfile import MatBeaver, MatDouble, MatDrop, MatMove, MatTake

    plays, results = [], []
    reordered = 0
    crawford_done = False
    for mat_game in match.games:
        left, right = mat_game.scores
        short = [score for score in (left, right) if match.length and score == match.length - 1]
        crawford = len(short) == 1 and not crawford_done
        crawford_done = crawford_done or crawford
        moves = [action for action in mat_game.actions if isinstance(action, MatMove)]
        high, low = moves[0].dice
        dice = [high, low] if moves[0].player == 1 else [low, high]
        for action in moves[1:]:
            dice += action.dice
        feed = iter(dice)
        score = MatchScore(match.length, right, left, crawford) if match.length else MatchScore()
        options = MoneyOptions(beavers=True) if not match.length else None
        game = Game(roll_die=feed.__next__, match=score, options=options)
        game.roll_opening()
        index = 0
        for number, action in enumerate(mat_game.actions, start=1):
            where = f"game {mat_game.number}, action {number} ({action})"
            assert game.deciding is (Side.O if action.player == 0 else Side.X), where
            if isinstance(action, MatMove):
                index += 1
                if game.dice is None:
                    game.roll()
                assert game.dice == action.dice, where
                notation = " ".join(f"{a}/{b}{'*' if hit else ''}" for a, b, hit in action.moves) or "pass"
                play = parse_play(game.position, game.dice, notation)
                # gnubg lists a play's moves in its own order (and marks a hit on the move that makes it in that
                # order), so our Play's moves may come in another order or path: check instead that the file's
                # moves, applied one by one as written, are possible, mark exactly the hits they make and leave
                # the position our play leaves.
                assert literal_result(game.position, action.moves) == play.result, where
                reordered += tuple((m.start, m.end, m.hit) for m in play.moves) != action.moves
                plays.append(
                    {
                        "game": mat_game.number,
                        "move": index,
                        "player": mat_game.names[action.player],
                        "position": game.position,
                        "dice": action.dice,
                        "play": play,
                        "plays": len({p.result for p in game.legal_plays()}),
                    }
                )
                game.play(play)
            elif isinstance(action, MatDrop):
                game.drop()
            else:
                {MatDouble: game.double, MatBeaver: game.beaver, MatTake: game.take}[type(action)]()
        results.append(game.result)
    return plays, results, reordered


def literal_result(position, moves):
    """The position after the checker moves exactly as a .mat file writes them (mover's numbering, 25 the bar,
    0 off), each from a point holding a checker of the mover to a point not held by two or more of the opponent's,
    a ``*`` on exactly the moves that hit a blot.

    :raises AssertionError: if a move is impossible or a hit mark is wrong.
    """
    from trainer.engine import Position

    me, them = list(position.player), list(position.opponent)
    for start, end, hit in moves:
        assert 1 <= start <= 25 and 0 <= end < start and me[start] > 0, (start, end)
        assert end == 0 or them[25 - end] < 2, (start, end)
        me[start] -= 1
        me[end] += 1
        hits = end != 0 and them[25 - end] == 1
        assert hits == hit, (start, end, hit)
        if hits:
            them[25 - end] -= 1
            them[25] += 1
    return Position(me, them)


def check_mat(path: str) -> dict:
    """Parse and replay one .mat file; its counts. Raises if it does not parse or a game does not replay, or if a
    game's result differs from the file's ``Wins`` line."""
    from trainer.play import parse_mat
    from trainer.play.matfile import MatBeaver, MatDouble, MatDrop, MatMove, MatTake

    words = {MatMove: "move", MatDouble: "double", MatBeaver: "beaver", MatTake: "take", MatDrop: "drop"}
    with open(path, encoding="utf-8") as handle:
        match = parse_mat(handle.read())
    plays, results, reordered = replay_moves(match)
    kinds: dict[str, int] = {}
    for game in match.games:
        for action in game.actions:
            kinds[words[type(action)]] = kinds.get(words[type(action)], 0) + 1
    takes = drops = 0
    for game in match.games:
        for before, after in pairwise(game.actions):
            if isinstance(before, MatDouble | MatBeaver):
                # gnubg writes no "Takes" after a beaver: the game goes on
                takes += isinstance(after, MatTake) or (isinstance(before, MatBeaver) and isinstance(after, MatMove))
                drops += isinstance(after, MatDrop)
        if game.actions and isinstance(game.actions[-1], MatDouble | MatBeaver):
            raise AssertionError(f"game {game.number} ends on a double without an answer")
    mismatched = []
    for game, result in zip(match.games, results, strict=True):
        won = None if result is None else (0 if result.winner.name == "O" else 1, result.points)
        if won != (game.winner, game.points):
            mismatched.append((game.number, won, (game.winner, game.points)))
    return {
        "match": match,
        "games": len(match.games),
        "moves": kinds.get("move", 0),
        "no_play": sum(1 for p in plays if p["play"].is_pass),
        "doubles": kinds.get("double", 0),
        "beavers": kinds.get("beaver", 0),
        "takes": takes,
        "drops": drops,
        "mismatched": mismatched,
        "reordered": reordered,
        "plays": plays,
    }


def judge(plays: list[dict], oracle: str, workdir: str) -> list[dict]:
    """gnubg's 2-ply judgement of each play (gnubg_rank2.py), as the JSON lines of JUDGED."""
    import subprocess

    rank_in, rank_out = os.path.join(workdir, "rank_in.jsonl"), os.path.join(workdir, "rank_out.jsonl")
    with open(rank_in, "w", encoding="utf-8") as handle:
        for number, item in enumerate(plays):
            case = {"id": number, "position": item["position"].position_id(), "dice": list(item["dice"])}
            handle.write(json.dumps(case) + "\n")
    env = dict(os.environ, RK_IN=rank_in, RK_OUT=rank_out, RK_PLIES=str(JUDGE_PLIES), ORACLE_DIR=oracle)
    prefs = os.path.join(workdir, "prefs-judge")
    os.makedirs(prefs, exist_ok=True)
    subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-s", prefs, "-p", os.path.join(oracle, "gnubg_rank2.py")],
        cwd=oracle,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    with open(rank_out, encoding="utf-8") as handle:
        answers = [json.loads(line) for line in handle if line.strip()]
    assert [answer["id"] for answer in answers] == list(range(len(plays))), "gnubg_rank2.py lost cases"
    lines = []
    for item, answer in zip(plays, answers, strict=True):
        where = f"game {item['game']} move {item['move']}"
        assert "error" not in answer, (where, answer.get("error"))
        position = item["position"].position_id()
        played = item["play"].result.position_id()
        rows = answer["plays"]
        if not rows:  # no legal play
            assert item["play"].is_pass, where
            best, loss, count = position, 0.0, 0
        else:
            assert not item["play"].is_pass, where
            results = [row["result"] for row in rows]
            assert len(set(results)) == len(results) == item["plays"], (where, len(results), item["plays"])
            # every play at 2 plies; gnubg evaluates a single legal play at 0 plies (its loss is 0 anyway)
            assert len(rows) == 1 or all(row["plies"] == JUDGE_PLIES for row in rows), where
            equity = {row["result"]: row["equity"] for row in rows}
            assert played in equity, (where, played)
            best, count = rows[0]["result"], len(rows)
            loss = round(max(0.0, rows[0]["equity"] - equity[played]), 6)
        lines.append(
            {
                "game": item["game"],
                "move": item["move"],
                "player": item["player"],
                "position": position,
                "dice": list(item["dice"]),
                "played": played,
                "best": best,
                "loss": loss,
                "plays": count,
            }
        )
    return lines


def self_play(name: str, out: str, workdir: str) -> None:
    """Run gnubg (under faketime) on this file for job ``name``, exporting to ``out``."""
    import subprocess

    job = dict(JOBS[name], out=out)
    prefs = os.path.join(workdir, f"prefs-{name}")
    os.makedirs(prefs, exist_ok=True)
    subprocess.run(
        ["faketime", "-f", FAKE_TIME, GNUBG, "-t", "-q", "-r", "-s", prefs, "-p", os.path.abspath(__file__)],
        env=dict(os.environ, MG_JOB=json.dumps(job)),
        check=True,
        stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    if not os.path.exists(out):
        raise SystemExit(f"gnubg wrote no {out}")


def summary(here: str) -> None:
    """Check every file here and print its counts."""
    for name, job in JOBS.items():
        counts = check_mat(os.path.join(here, job["file"]))
        check_criteria(name, counts)
        match = counts["match"]
        scores = [game.scores for game in match.games]
        print(
            f"{job['file']}: length {match.length}, {counts['games']} games, {counts['moves']} checker plays "
            f"({counts['no_play']} without a legal play), {counts['doubles']} doubles, {counts['beavers']} beavers, "
            f"{counts['takes']} taken, {counts['drops']} dropped; scores before each game {scores}; "
            f"results {[(g.winner, g.points) for g in match.games]}"
        )
        print(f"  plays whose moves gnubg lists in another order than our Play's: {counts['reordered']}")
        for number, ours, theirs in counts["mismatched"]:
            if ours is None:
                print(
                    f"  game {number}: resigned (the board is not finished), the file says player {theirs[0]} "
                    f"wins {theirs[1]}"
                )
            else:
                print(f"  game {number}: our engine's result {ours}, the file's Wins line {theirs}")
    judged_path = os.path.join(here, JUDGED)
    if os.path.exists(judged_path):
        with open(judged_path, encoding="utf-8") as handle:
            lines = [json.loads(line) for line in handle if line.strip()]
        noisy = check_mat(os.path.join(here, JOBS["noisy"]["file"]))
        keys = [(p["game"], p["move"]) for p in noisy["plays"]]
        assert [(line["game"], line["move"]) for line in lines] == keys, "the judgement is not in file order"
        print(f"{JUDGED}: {len(lines)} lines")
        ties = sum(1 for line in lines if line["loss"] == 0 and line["played"] != line["best"])
        print(f"  loss 0 with played != best (a tie at 2 plies): {ties}")
        for player in sorted({line["player"] for line in lines}):
            mine = [line for line in lines if line["player"] == player]
            losses = [line["loss"] for line in mine if line["plays"] > 1]
            print(
                f"  {player}: {len(mine)} plays, {sum(1 for line in mine if line['plays'] == 0)} without a legal "
                f"play, {sum(1 for line in mine if line['plays'] == 1)} forced; of the {len(losses)} with a choice: "
                f"loss 0: {sum(1 for x in losses if x == 0)}, under 0.03: {sum(1 for x in losses if 0 < x < 0.03)}, "
                f"doubtful [0.03, 0.06): {sum(1 for x in losses if 0.03 <= x < 0.06)}, "
                f"bad [0.06, 0.12): {sum(1 for x in losses if 0.06 <= x < 0.12)}, "
                f"very bad >= 0.12: {sum(1 for x in losses if x >= 0.12)}; "
                f">= 0.08: {sum(1 for x in losses if x >= 0.08)}; total loss {sum(losses):.3f}"
            )


def check_criteria(name: str, counts: dict) -> None:
    """What the brief asks of each file (README.md).

    :raises AssertionError: if a file misses it (then pick other seeds in JOBS).
    """
    from trainer.play.matfile import MatDouble

    match = counts["match"]
    finished = all(game.winner is not None for game in match.games)
    assert finished, f"{name}: a game without its Wins line"
    if name == "money":
        assert match.length == 0 and 2 <= counts["games"] <= 4, name
        assert counts["takes"] >= 1 and counts["drops"] >= 1, name
    elif name in ("match", "match7"):
        length = match.length
        assert length in (5, 7), name
        final = list(match.games[-1].scores)
        final[match.games[-1].winner] += match.games[-1].points
        assert max(final) >= length, f"{name}: the match is not played to the end"
        crawford = [i for i, game in enumerate(match.games) if length - 1 in game.scores]
        assert crawford, f"{name}: no game at {length - 1}-away (Crawford)"
        first = crawford[0]
        assert not any(isinstance(action, MatDouble) for action in match.games[first].actions), "a double in Crawford"
        assert first == len(match.games) - 1 or length - 1 in match.games[first + 1].scores, name
    else:
        assert match.length == 0 and 300 <= counts["moves"] <= 500, name
        assert counts["doubles"] == counts["beavers"] == 0, name


def main() -> None:
    import argparse
    import tempfile

    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    sys.path.insert(0, repo)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the files here and print their counts")
    parser.add_argument("--oracle", default=os.path.join(os.path.dirname(repo), "shared", "oracle"))
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep gnubg's intermediate files there")
    args = parser.parse_args()
    if not args.check:
        with tempfile.TemporaryDirectory() as scratch:
            workdir = args.keep or scratch
            os.makedirs(workdir, exist_ok=True)
            for name, job in JOBS.items():
                out = os.path.join(workdir, job["file"])
                self_play(name, out, workdir)
                check_criteria(name, check_mat(out))  # parses and replays, or raises
                os.replace(out, os.path.join(here, job["file"]))
            plays = check_mat(os.path.join(here, JOBS["noisy"]["file"]))["plays"]
            lines = judge(plays, os.path.abspath(args.oracle), workdir)
            with open(os.path.join(here, JUDGED), "w", encoding="utf-8") as handle:
                handle.writelines(json.dumps(line) + "\n" for line in lines)
    summary(here)


if __name__ == "__main__":
    if os.environ.get("MG_JOB"):
        inside_gnubg()
    else:
        main()
