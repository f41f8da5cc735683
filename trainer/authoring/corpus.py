"""The shipped corpus of mined puzzles, built from the checkpoints of ``bgtrainer puzzles mine`` runs and GNU
Backgammon's second opinion (an authoring step: gnubg is never needed by the app)::

    python -m trainer.authoring.corpus gnubg CHECKPOINT...   # ask gnubg 2-ply about every record not asked yet
    python -m trainer.authoring.corpus build CHECKPOINT...   # write puzzles/best.jsonl, cube-contact.jsonl, ...

A record is shipped only if:

- its position passes the absurd-position filter (:func:`trainer.content.realism.is_realistic`);
- gnubg 2-ply agrees: for a best-play puzzle its best play is an accepted one, no play within
  :data:`GNUBG_CLOSE` of its best is left out, and every accepted play lies less than :data:`GNUBG_ACCEPTED`
  below its best; for a cube puzzle it gives the same answer by at least
  :data:`GNUBG_CLOSE`;
- it fits the shares: no theme above :data:`THEME_SHARE` of its file (a record whose first theme is full takes its
  next one), beginner-obvious best-play puzzles (gnubg's gap :data:`OBVIOUS` or more) at most
  :data:`OBVIOUS_SHARE`, and cube questions far from the decision's edge (gnubg's figures more than
  :data:`NEAR_EDGE` from the take point or the doubling point) no more than those near it.

The opinions asked are kept in ``gnubg-opinions.jsonl`` beside the first checkpoint, and the ones the shipped
puzzles use are copied to ``tests/data/gnubg_puzzle_checks.jsonl``, which the tests check the corpus against.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from trainer.authoring.gnubg import cube_decisions, rank_plays
from trainer.authoring.mine_job import record_key
from trainer.authoring.mine_records import finish, themes_of
from trainer.authoring.mine_tasks import judge
from trainer.content.realism import is_realistic
from trainer.engine import Position

GNUBG_CLOSE: Final = 0.02
GNUBG_ACCEPTED: Final = 0.03
"""An accepted play lies less than this below gnubg's best (else the two engines dispute the answer)."""
OBVIOUS: Final = 0.30
OBVIOUS_SHARE: Final = 0.10
THEME_SHARE: Final = 0.25
NEAR_EDGE: Final = 0.10
ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
CHECKS = ROOT / "tests" / "data" / "gnubg_puzzle_checks.jsonl"
ORACLE = ROOT.parent / "shared" / "oracle"

Record = dict[str, Any]


def read_records(checkpoints: Iterable[Path]) -> list[Record]:
    """Every settled record of the checkpoints, in task order, each position (and roll, or question) once."""
    records: list[Record] = []
    seen: set[tuple[object, ...]] = set()
    for path in checkpoints:
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
        tasks: dict[int, list[Record]] = {}
        for line in lines:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            tasks[int(entry["task"])] = entry["records"]
        for index in sorted(tasks):
            for record in tasks[index]:
                if record_key(record) not in seen:
                    seen.add(record_key(record))
                    records.append(record)
    return records


def opinion_key(record: Record) -> str:
    """The key of a record's gnubg opinion: the position and the roll (best) or the position (cube)."""
    if record["kind"] == "best":
        return f"{record['position']}:{record['dice'][0]}{record['dice'][1]}"
    return str(record["position"])


def read_opinions(path: Path) -> dict[str, Any]:
    """The opinions asked so far, by key."""
    if not path.exists():
        return {}
    found = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {answer["id"]: answer for answer in found}


def ask_gnubg(records: list[Record], path: Path, oracle: Path = ORACLE, batch: int = 200) -> None:
    """Ask gnubg 2-ply about every record not yet in ``path`` and add its answers there, a batch at a time."""
    known = read_opinions(path)
    best: dict[str, dict[str, object]] = {}
    cube: dict[str, dict[str, object]] = {}
    for record in records:
        key = opinion_key(record)
        if key in known:
            continue
        if record["kind"] == "best":
            best[key] = {"id": key, "position": record["position"], "dice": record["dice"]}
        else:
            cube[key] = {"id": key, "position": record["position"]}
    for cases, ask in ((list(best.values()), rank_plays), (list(cube.values()), cube_decisions)):
        for start in range(0, len(cases), batch):
            answers = ask(cases[start : start + batch], oracle)
            with path.open("a", encoding="utf-8") as file:
                for answer in answers.values():
                    file.write(json.dumps(answer) + "\n")
            print(f"gnubg: {min(start + batch, len(cases))} of {len(cases)}", file=sys.stderr)


def best_agrees(record: Record, opinion: Any) -> tuple[bool, float]:
    """Whether gnubg agrees with a best-play record (see the module), and gnubg's gap after its best play."""
    plays = opinion.get("plays") or []
    if len(plays) < 2:
        return False, 0.0
    answers = set(record["answers"])
    top = plays[0]["equity"]
    equities = {play["result"]: play["equity"] for play in plays}
    agrees = (
        plays[0]["result"] in answers
        and all(play["result"] in answers for play in plays if top - play["equity"] < GNUBG_CLOSE)
        and all(top - equities.get(answer, -9.0) < GNUBG_ACCEPTED for answer in answers)
    )
    return agrees, top - plays[1]["equity"]


def cube_edge(record: Record, opinion: Any) -> tuple[bool, float]:
    """Whether gnubg gives a cube record's answer by at least :data:`GNUBG_CLOSE`, and how far its figures lie
    from the edge the question asks about (the take point, or the doubling point)."""
    no_double, double_take, double_pass = opinion["no_double"], opinion["double_take"], opinion["double_pass"]
    if record["question"] == "take":
        margin = double_pass - double_take
        answer = "take" if margin >= 0 else "pass"
    else:
        margin = min(double_take, double_pass) - no_double
        answer = "double" if margin > 0 else "no double"
    return answer == record["answers"][0] and abs(margin) >= GNUBG_CLOSE, abs(margin)


def assign_themes(records: list[Record], share: float = THEME_SHARE) -> list[tuple[Record, str]]:
    """Each record with a theme, none above ``share`` of the whole: a record takes its first theme with room, and
    one with none is left out."""
    candidates = [(record, themes_of(record)) for record in records]
    candidates = [(record, themes) for record, themes in candidates if themes]
    total = len(candidates)
    while True:
        cap = max(1, int(share * total))
        counts: Counter[str] = Counter()
        placed: list[tuple[Record, str]] = []
        for record, themes in candidates:
            theme = next((theme for theme in themes if counts[theme] < cap), None)
            if theme is not None:
                counts[theme] += 1
                placed.append((record, theme))
        if len(placed) == total or total == 0:
            return placed
        total = len(placed)  # the cap is a share of what is kept: shrink until everything placed fits


def resettled(record: Record) -> Record | None:
    """A best-play record held to the mining rule as it stands (:func:`trainer.authoring.mine_tasks.judge`): the
    record with its ``verified`` gap and error worked out again from its own figures, or ``None`` if they no longer
    settle its roll with the answers it gives (a record mined under an earlier rule, which compared a play the
    rollout left out by the best play's error alone)."""
    plays = record["plays"]
    best = plays[0]
    rolled_out = record["verified"]["method"] == "rollout"
    if rolled_out and best["se"] is None:
        return None
    accepted = {best["result"]}
    rejected: list[tuple[float, float]] = []
    for play in plays[1:]:
        behind = best["equity"] - play["equity"]
        judgement, error = judge(behind, best["se"], play["se"], rolled_out=rolled_out)
        if judgement == "open" or (judgement == "accept" and rejected):
            return None
        if judgement == "accept":
            accepted.add(play["result"])
        else:
            rejected.append((behind, error))
    if accepted != set(record["answers"]) or not rejected:
        return None
    gap, error = min(rejected, key=lambda item: item[0])  # the first of equal gaps, as the loader takes it
    return record | {"verified": record["verified"] | {"gap": round(gap, 4), "se": round(error, 4)}}


def capped(
    records: list[Record], limited: set[int], share: float, place: Callable[[list[Record]], list[tuple[Record, str]]]
) -> list[tuple[Record, str]]:
    """The records placed by ``place`` (their themes) with those of ``limited`` (by ``id``) at most ``share`` of
    what is placed: the limited ones are taken in order, fewer each round, until the share holds after placing."""
    plain = [record for record in records if id(record) not in limited]
    allowed = int(share * len(plain) / (1 - share)) if share < 1 else len(records)
    while True:
        extra = [record for record in records if id(record) in limited][:allowed]
        chosen = {id(record) for record in plain + extra}
        placed = place([record for record in records if id(record) in chosen])
        over = sum(1 for record, _theme in placed if id(record) in limited) - int(share * len(placed))
        if over <= 0 or allowed == 0:
            return placed
        allowed = max(0, allowed - over)


def select_best(records: list[Record], opinions: dict[str, Any]) -> list[tuple[Record, str, Any]]:
    """The best-play records to ship, with their themes and gnubg's opinions (see the module)."""
    agreed: list[Record] = []
    obvious: set[int] = set()
    for mined in records:
        opinion = opinions.get(opinion_key(mined))
        record = resettled(mined)
        if opinion is None or record is None or not is_realistic(Position.from_position_id(record["position"])):
            continue
        agrees, gap = best_agrees(record, opinion)
        if agrees:
            if gap >= OBVIOUS:
                obvious.add(id(record))
            agreed.append(record)
    placed = capped(agreed, obvious, OBVIOUS_SHARE, assign_themes)
    return [(record, theme, opinions[opinion_key(record)]) for record, theme in placed]


def near_and_far(
    records: list[Record], edges: dict[int, float], place: Callable[[list[Record]], list[tuple[Record, str]]]
) -> list[tuple[Record, str]]:
    """The records placed by ``place``, for each question those far from the edge (``edges``, by ``id``, more
    than :data:`NEAR_EDGE`) no more than those near it, counted after placing."""
    far = {id(record) for record in records if edges[id(record)] > NEAR_EDGE}
    placed: list[tuple[Record, str]] = []
    for question in ("double", "take"):
        asked = [record for record in records if record["question"] == question]
        placed += capped(asked, far & {id(record) for record in asked}, 0.5, place)
    order = {id(record): index for index, record in enumerate(records)}
    placed.sort(key=lambda item: order[id(item[0])])
    return placed


def select_cube(records: list[Record], opinions: dict[str, Any]) -> list[tuple[Record, str, Any]]:
    """The cube records to ship (contact and race apart), with their themes and gnubg's opinions: per question,
    no more far from the decision's edge than near it, counted in the file that ships."""
    agreed: list[Record] = []
    edges: dict[int, float] = {}
    for record in records:
        opinion = opinions.get(opinion_key(record))
        if opinion is None or not is_realistic(Position.from_position_id(record["position"])):
            continue
        agrees, edge = cube_edge(record, opinion)
        if agrees:
            agreed.append(record)
            edges[id(record)] = edge
    contact = [record for record in agreed if not record.get("race")]
    race = [record for record in agreed if record.get("race")]
    placed = near_and_far(contact, edges, assign_themes)
    placed += near_and_far(race, edges, lambda kept: [(record, "race-cube") for record in kept])
    return [(record, theme, opinions[opinion_key(record)]) for record, theme in placed]


def write_lines(path: Path, records: Iterable[Record]) -> int:
    """Write JSON lines; how many."""
    lines = [json.dumps(record, ensure_ascii=False) for record in records]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return len(lines)


def loads(puzzle: Record) -> bool:
    """Whether a finished puzzle passes every check the app makes when it loads the file (the same function reads
    it): a record the loader would refuse never ships."""
    from trainer.content.puzzles import read_puzzle_line

    loaded, problems, _id = read_puzzle_line(json.dumps(puzzle))
    return loaded is not None and not problems


def build(checkpoints: list[Path], opinions_path: Path) -> None:
    """Write the shipped files and the tests' copy of gnubg's opinions (with, for a cube puzzle, the market losers
    the mining measured, which its theme was read from)."""
    opinions = read_opinions(opinions_path)
    records = read_records(checkpoints)
    best = select_best([record for record in records if record["kind"] == "best"], opinions)
    cube = select_cube([record for record in records if record["kind"] == "cube"], opinions)
    checks: list[Record] = []
    files: dict[str, list[Record]] = {"best.jsonl": [], "cube-contact.jsonl": [], "cube-race.jsonl": []}
    refused = 0
    for record, theme, opinion in best:
        puzzle = finish(record, f"best-v2-{len(files['best.jsonl']) + 1:05d}", theme)
        if not loads(puzzle):
            refused += 1
            continue
        files["best.jsonl"].append(puzzle)
        plays = [{"result": p["result"], "equity": round(p["equity"], 4), "move": p["move"]} for p in opinion["plays"]]
        checks.append({"id": puzzle["id"], "kind": "best", "position": record["position"], "plays": plays[:10]})
    for record, theme, opinion in cube:
        name, prefix = ("cube-race.jsonl", "cube-race") if record.get("race") else ("cube-contact.jsonl", "cube-v2")
        puzzle = finish(record, f"{prefix}-{len(files[name]) + 1:04d}", theme)
        if not loads(puzzle):
            refused += 1
            continue
        files[name].append(puzzle)
        figures = {name: opinion[name] for name in ("no_double", "double_take", "double_pass", "action")}
        head = {"id": puzzle["id"], "kind": "cube", "position": record["position"], "question": record["question"]}
        checks.append(head | figures | {"market_losers": record.get("market_losers")})
    for name, puzzles in files.items():
        print(f"{name}: {write_lines(PUZZLES / name, puzzles)}", file=sys.stderr)
    print(f"refused by the loader's checks: {refused}", file=sys.stderr)
    write_lines(CHECKS, checks)


def main(arguments: list[str]) -> int:
    """``gnubg CHECKPOINT...`` or ``build CHECKPOINT...``."""
    action, checkpoints = arguments[0], [Path(name) for name in arguments[1:]]
    opinions = checkpoints[0].parent / "gnubg-opinions.jsonl"
    if action == "gnubg":
        ask_gnubg(read_records(checkpoints), opinions)
    else:
        build(checkpoints, opinions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
