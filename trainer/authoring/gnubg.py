"""GNU Backgammon as a second opinion, for authoring only (the app and the tests never run it): the oracle
scripts ``gnubg_rank2.py`` (every play of a roll ranked) and ``gnubg_cube2.py`` (a cube decision) run inside gnubg
1.07 (``apt-get install gnubg``) over JSON-lines questions."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

GNUBG = "/usr/games/gnubg"


def run_gnubg(script: str, cases: list[dict[str, object]], oracle: Path, env: dict[str, str]) -> dict[str, Any]:
    """Run one oracle script inside gnubg over ``cases`` (each with an ``id``); its answers by id."""
    if not cases:
        return {}
    with tempfile.TemporaryDirectory() as folder:
        source, answers = Path(folder, "in.jsonl"), Path(folder, "out.jsonl")
        source.write_text("".join(json.dumps(case) + "\n" for case in cases))
        settings = dict(os.environ, RK_IN=str(source), RK_OUT=str(answers), ORACLE_DIR=str(oracle), **env)
        command = [GNUBG, "-t", "-q", "-r", "-s", folder, "-p", script]
        done = subprocess.run(
            command, cwd=oracle, env=settings, input=source.read_text(), capture_output=True, text=True, check=True
        )
        lines = answers.read_text().splitlines() if answers.exists() else done.stdout.splitlines()
        found = (json.loads(line) for line in lines if line.startswith("{"))
        return {answer["id"]: answer for answer in found}


def rank_plays(cases: list[dict[str, object]], oracle: Path, plies: int = 2) -> dict[str, Any]:
    """gnubg's ranking of every play of each case (``id``, ``position``, ``dice``) at ``plies`` (its numbering)."""
    return run_gnubg("gnubg_rank2.py", cases, oracle, {"RK_PLIES": str(plies)})


def cube_decisions(cases: list[dict[str, object]], oracle: Path, plies: int = 2) -> dict[str, Any]:
    """gnubg's money cube decision, cube centered, of each case (``id``, ``position``: the side on roll's)."""
    return run_gnubg("gnubg_cube2.py", cases, oracle, {"PLIES": str(plies)})
