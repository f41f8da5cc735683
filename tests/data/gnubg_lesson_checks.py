"""Refresh gnubg_lesson_checks.jsonl: GNU Backgammon's second opinion on every best-play and contact cube step of
the shipped lessons (an authoring tool: gnubg is never needed by the app or the tests, which read the file).

Run from the repository with gnubg 1.07 installed (``apt-get install gnubg``) and the oracle scripts
(``gnubg_rank2.py``, ``gnubg_cube2.py`` with ``posid.py`` and ``bgcore.py``) in ``ORACLE_DIR``::

    ORACLE_DIR=../shared/oracle python tests/data/gnubg_lesson_checks.py [--puzzles]

With ``--puzzles`` it does the same for the shipped best-play and contact cube puzzles, into
``gnubg_puzzle_checks.jsonl`` (one line per puzzle, by ``id``).

Plays are ranked at gnubg's 2 plies (bgsage's 3), money game, cube centered; each line keeps the ten best plays
(result as a Position ID from the mover's view, equity, gnubg's notation) or the three cube equities and gnubg's
words. ``tests/test_lesson_content.py`` checks the lessons against it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from trainer.authoring.gnubg import run_gnubg
from trainer.content.cube import cube_step_match_id
from trainer.content.loader import load_lessons
from trainer.content.models import BestStep, CubeStep

HERE = Path(__file__).parent
OUTPUT = HERE / "gnubg_lesson_checks.jsonl"
PUZZLE_OUTPUT = HERE / "gnubg_puzzle_checks.jsonl"
KEPT = 10


def puzzle_cases() -> tuple[list[dict[str, object]], list[dict[str, object]], dict[str, dict[str, object]]]:
    """The gnubg questions of the shipped best-play and contact cube puzzles, and each one's record so far."""
    from trainer.content.puzzles import load_puzzles

    plays: list[dict[str, object]] = []
    cubes: list[dict[str, object]] = []
    keys: dict[str, dict[str, object]] = {}
    for puzzle in load_puzzles().puzzles:
        if puzzle.kind == "best":
            dice = puzzle.roll()
            case = {"id": puzzle.id, "position": puzzle.board().position_id(), "dice": [dice[0], dice[1]]}
            plays.append(case)
            keys[puzzle.id] = {"kind": "best"} | case
        elif puzzle.kind == "cube" and puzzle.figures is not None:
            case = {"id": puzzle.id, "position": puzzle.board().position_id()}
            cubes.append(case)
            keys[puzzle.id] = {"kind": "cube", "question": puzzle.question} | case
    return plays, cubes, keys


def main() -> None:
    oracle = Path(os.environ.get("ORACLE_DIR", "../shared/oracle")).resolve()
    if "--puzzles" in sys.argv:
        write(*puzzle_cases(), oracle, PUZZLE_OUTPUT, keep_id=True)
        return
    library = load_lessons()
    plays: list[dict[str, object]] = []
    cubes: list[dict[str, object]] = []
    keys: dict[str, dict[str, object]] = {}
    for lesson in library.lessons:
        for index, step in enumerate(lesson.steps):
            key = f"{lesson.id}/{index + 1}"
            if isinstance(step, BestStep):
                dice = step.roll()
                case = {"id": key, "position": step.board().position_id(), "dice": [dice[0], dice[1]]}
                plays.append(case)
                keys[key] = {"lesson": lesson.id, "step": index + 1, "kind": "best"} | case
            elif isinstance(step, CubeStep) and step.figures is not None:
                view = step.board().swap() if step.question == "take" else step.board()
                case = {"id": key, "position": view.position_id(), "match_id": cube_step_match_id(step)}
                cubes.append(case)
                keys[key] = {"lesson": lesson.id, "step": index + 1, "kind": "cube", "question": step.question} | case
    write(plays, cubes, keys, oracle, OUTPUT, keep_id=False)


def write(
    plays: list[dict[str, object]],
    cubes: list[dict[str, object]],
    keys: dict[str, dict[str, object]],
    oracle: Path,
    destination: Path,
    *,
    keep_id: bool,
) -> None:
    """Ask gnubg about ``plays`` and ``cubes`` and write a line per key to ``destination``."""
    ranked = run_gnubg("gnubg_rank2.py", plays, oracle, {"RK_PLIES": "2"})
    decided = run_gnubg("gnubg_cube2.py", cubes, oracle, {"PLIES": "2"})
    with destination.open("w") as output:
        for key, record in keys.items():
            if record["kind"] == "best":
                answer = ranked[key]
                kept = [
                    {"result": p["result"], "equity": round(p["equity"], 4), "move": p["move"]} for p in answer["plays"]
                ]
                record = record | {"plays": kept[:KEPT]}
            else:
                answer = decided[key]
                figures = {name: round(answer[name], 4) for name in ("no_double", "double_take", "double_pass")}
                record = record | figures | {"action": answer["action"]}
            if keep_id:
                record["id"] = key
            else:
                record.pop("id", None)
            output.write(json.dumps(record) + "\n")
    print(f"{len(keys)} written to {destination}")


if __name__ == "__main__":
    main()
