"""The progress store across real processes: two bgtrainers writing at once, and a bgtrainer killed while
writing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

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
    store.record_puzzle_attempt(name, str(index), correct=index % 2 == 0, seconds=float(index))
    if index % 10 == 0:
        store.complete_step(name, index, first_try=True)
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
        assert store.puzzle_attempts(name) == [(str(i), i % 2 == 0, float(i)) for i in range(count)]
        steps = set(range(0, count, 10))
        assert store.lesson_progress(name) == LessonProgress(completed=steps, first_try=steps)
    store.close()


ACKNOWLEDGING_WRITER = """
import sys
from pathlib import Path
from trainer.store import ProgressStore

store = ProgressStore(Path(sys.argv[1]))
index = 0
while True:
    store.record_puzzle_attempt("p", str(index), correct=True, seconds=1.0)
    store.complete_step("lesson", index, first_try=False)
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
    answers = [int(answer) for answer, _, _ in store.puzzle_attempts("p")]
    assert answers[: len(acknowledged)] == acknowledged
    assert set(acknowledged) <= store.lesson_progress("lesson").completed
    store.close()
    assert [path.name for path in folder.iterdir() if ".unreadable-" in path.name] == []
