"""The progress store across real processes: two bgtrainers writing at once, a bgtrainer killed while writing, and
a bgtrainer that would save over a game another one has played on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from play_support import CheapEvaluator, decide

from trainer.cli.main import main
from trainer.play import Session, Waiting, parse_mat
from trainer.store import LessonProgress, ProgressStore

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str, *args: str, **options: Any) -> subprocess.Popen[str]:
    """A child Python running ``code`` with ``args`` as ``sys.argv[1:]``, with bgtrainer importable."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        **options,
    )


WRITER = """
import sys, time
from pathlib import Path
from trainer.store import ProgressStore

folder, name, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
store = ProgressStore(folder)
for index in range(count):
    store.puzzles.record_puzzle_attempt(name, str(index), correct=index % 2 == 0, seconds=float(index))
    if index % 10 == 0:
        store.lessons.complete_step(name, index, first_try=True)
print(store.persistent, store.notice, flush=True)
store.close()
"""


def test_two_bgtrainers_writing_at_the_same_moment_keep_every_record(tmp_path: Path) -> None:
    folder, go, count = tmp_path / "data", tmp_path / "go", 300
    writers = [run_python(WRITER, str(folder), name, str(count), str(go)) for name in ("first", "second")]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    go.touch()  # both open the (not yet existing) folder and write at once
    for writer in writers:
        out, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
        assert out == "True None\n", "a writer lost its file or had something to report"
    store = ProgressStore(folder)
    assert store.notice is None
    for name in ("first", "second"):
        assert store.puzzles.puzzle_attempts(name) == [(str(i), i % 2 == 0, float(i)) for i in range(count)]
        steps = set(range(0, count, 10))
        assert store.lessons.lesson_progress(name) == LessonProgress(completed=steps, first_try=steps)
    store.close()


ACKNOWLEDGING_WRITER = """
import sys
from pathlib import Path
from trainer.store import ProgressStore

store = ProgressStore(Path(sys.argv[1]))
index = 0
while True:
    store.puzzles.record_puzzle_attempt("p", str(index), correct=True, seconds=1.0)
    store.lessons.complete_step("lesson", index, first_try=False)
    print(index, flush=True)  # acknowledged: both calls returned
    index += 1
"""


def test_killing_a_writing_bgtrainer_loses_nothing_it_acknowledged(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    writer = run_python(ACKNOWLEDGING_WRITER, str(folder))
    assert writer.stdout is not None
    acknowledged = []
    deadline = time.monotonic() + 60
    while len(acknowledged) < 150 and time.monotonic() < deadline:
        line = writer.stdout.readline()
        assert line, writer.stderr.read() if writer.stderr else "the writer stopped"
        acknowledged.append(int(line))
    os.kill(writer.pid, signal.SIGKILL)
    rest, _ = writer.communicate(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    acknowledged += [int(line) for line in rest.split("\n")[:-1]]  # only whole lines were acknowledged
    assert len(acknowledged) >= 150
    store = ProgressStore(folder)
    assert store.notice is None and store.persistent
    answers = [int(answer) for answer, _, _ in store.puzzles.puzzle_attempts("p")]
    assert answers[: len(acknowledged)] == acknowledged
    assert set(acknowledged) <= store.lessons.lesson_progress("lesson").completed
    store.close()
    assert [path.name for path in folder.iterdir() if ".unreadable-" in path.name] == []


STALE_RESUMER = """
import sys
from dataclasses import asdict
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from play_support import CheapEvaluator, decide
from trainer.play import Session
from trainer.store import GameChangedError, ProgressStore

store = ProgressStore(Path(sys.argv[1]))
(stale,) = store.games.unfinished_games()
print("listed", stale.id, stale.version, flush=True)
sys.stdin.readline()  # the first bgtrainer has finished the match meanwhile
print("fresh", [game.id for game in store.games.unfinished_games(fresh=True)], flush=True)
session = Session.resume(stale.record, evaluator=CheapEvaluator())
try:
    store.games.save_game(**asdict(session.save_info()), version=stale.version + 1)
except GameChangedError as error:
    print("refused", error.change, flush=True)
else:
    print("saved", flush=True)
store.close()
"""


def play_on(session: Session, store: ProgressStore, version: int, *, until_over: bool, steps: int = 10) -> int:
    """Decide plainly (:func:`play_support.decide`), saving after each decision; the last version saved."""
    while session.waiting_for is not Waiting.OVER and (until_over or steps > 0):
        steps -= 1
        decide(session)
        version += 1
        store.games.save_game(**asdict(session.save_info()), version=version)
    return version


def test_a_bgtrainer_whose_list_is_stale_cannot_save_over_a_match_another_one_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    store = ProgressStore(folder)
    session = Session.new(3, "beginner", seed=4, evaluator=CheapEvaluator(), tutor=False)
    version = play_on(session, store, 0, until_over=False)
    other = run_python(STALE_RESUMER, str(folder), str(Path(__file__).parent), stdin=subprocess.PIPE)
    assert other.stdout is not None and other.stdin is not None
    assert other.stdout.readline().split() == ["listed", session.id, str(version)]
    play_on(session, store, version, until_over=True)
    assert session.waiting_for is Waiting.OVER and len(session.summary().results) > 1
    store.close()
    out, err = other.communicate("go\n", timeout=120)
    assert other.returncode == 0, err
    assert out.splitlines() == ["fresh []", "refused over"]
    # The match is kept as the first bgtrainer finished it, every game of it.
    assert main(["--data-dir", str(folder), "game", "list"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert "under way" not in line
    assert main(["--data-dir", str(folder), "game", "export"]) == 0
    exported = parse_mat(capsys.readouterr().out)
    assert len(exported.games) == len(session.summary().results) and exported.games[-1].winner is not None
