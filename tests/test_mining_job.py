"""``bgtrainer puzzles mine`` as a batch job: the same puzzles for a seed whatever runs them (one local worker, two,
a Dask cluster), a checkpoint that survives ``kill -9``, and the run's refusals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from trainer.authoring.mine_job import Checkpoint, CheckpointError, MiningRun, mine, read_checkpoint, taken
from trainer.authoring.mine_tasks import MiningTask, task_random
from trainer.content.puzzles import load_puzzle_file

KILL_TIMEOUT = 240.0
"""The longest a run may take to finish its first task (the test fails loudly past it, never waits blindly)."""


def fake_task(task: MiningTask) -> list[dict[str, Any]]:
    """A cheap stand-in for a self-play game: a few records drawn from the task's own random stream, with
    duplicates across tasks, so that the order and the dedupe show."""
    rng = task_random(task)
    return [
        {"kind": "best", "position": f"p{rng.randint(0, 30)}", "dice": [6, 5], "task": task.index}
        for _ in range(rng.randint(0, 3))
    ]


def test_taken_keeps_task_order_and_each_position_once() -> None:
    first = {"kind": "best", "position": "a", "dice": [6, 5]}
    finished = {0: [first], 1: [first | {"n": 2}, {"kind": "best", "position": "b", "dice": [6, 5]}], 3: [first]}
    kept, prefix = taken(finished, 10)
    assert [record["position"] for record in kept] == ["a", "b"]
    assert prefix == 2  # task 2 is not finished: nothing after it is taken yet


def test_the_output_is_the_same_for_one_worker_or_two() -> None:
    run = MiningRun("best", 25, 7)
    one = mine(run, workers=1, task=fake_task)
    two = mine(run, workers=2, task=fake_task)
    assert one == two
    assert len(one) == 25


def test_a_torn_checkpoint_line_is_mined_again_and_nothing_twice(tmp_path: Path) -> None:
    run = MiningRun("best", 25, 7)
    whole = mine(run, task=fake_task)
    path = tmp_path / "run.checkpoint"
    store = Checkpoint(path, run)
    for index in range(3):
        store.add(index, (fake_task(MiningTask("best", 7, index)), None))
    with path.open("a", encoding="utf-8") as file:
        file.write('{"task": 3, "records": [{"kind": "be')  # killed in the middle of a line
    assert sorted(read_checkpoint(path, run)) == [0, 1, 2]
    assert mine(run, checkpoint=path, task=fake_task) == whole
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:] if line.endswith("}")]
    indices = [entry["task"] for entry in entries if isinstance(entry, dict) and "task" in entry]
    assert len(indices) == len(set(indices))  # no task mined twice
    assert 3 in indices  # the torn task mined again


def test_another_runs_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.checkpoint"
    Checkpoint(path, MiningRun("best", 5, 1))
    with pytest.raises(CheckpointError):
        mine(MiningRun("cube", 5, 1), checkpoint=path, task=fake_task)
    path.write_text("not a checkpoint\n", encoding="utf-8")
    with pytest.raises(CheckpointError):
        read_checkpoint(path, MiningRun("best", 5, 1))


def failing_task(task: MiningTask) -> list[dict[str, Any]]:
    """The fake task, but game 3 fails."""
    if task.index == 3:
        raise ValueError("an impossible position")
    return fake_task(task)


def test_a_failing_task_is_kept_with_its_error_and_the_run_goes_on(tmp_path: Path) -> None:
    run = MiningRun("best", 25, 7)
    path = tmp_path / "run.checkpoint"
    failures: list[tuple[int, str]] = []
    records = mine(run, workers=2, checkpoint=path, task=failing_task, failed=lambda *f: failures.append(f))
    assert len(records) == 25
    assert failures == [(3, "ValueError: an impossible position")]
    assert 3 not in read_checkpoint(path, run)  # kept with its error, to be mined again
    assert not path.with_name(path.name + ".new").exists()  # the header went in whole
    again: list[tuple[int, str]] = []
    assert mine(run, checkpoint=path, task=fake_task, failed=lambda *f: again.append(f)) == mine(run, task=fake_task)
    assert again == [] and 3 in read_checkpoint(path, run)  # the resumed run mined game 3 again


def test_an_empty_checkpoint_left_by_a_kill_is_no_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "run.checkpoint"
    path.write_bytes(b"")
    run = MiningRun("best", 5, 7)
    assert mine(run, checkpoint=path, task=fake_task) == mine(run, task=fake_task)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0]) == run.header()


AFTER_AN_EVALUATION = """
from trainer.authoring.mine_job import MiningRun, mine
from trainer.authoring.mine_tasks import evaluator
from trainer.engine import Dice, Position

evaluator().rank_plays(Position.start(), Dice(3, 1), 3)  # bgsage's threads busy in this process first
print(len(mine(MiningRun("cube", 3, 11), workers=2)))
"""


def test_a_run_on_local_workers_after_this_process_evaluated_finishes() -> None:
    """Workers forked from a process whose bgsage threads held a lock would wait on it for ever: they are spawned."""
    done = subprocess.run([sys.executable, "-c", AFTER_AN_EVALUATION], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "3"


def test_a_negative_seed_is_refused() -> None:
    command = [sys.executable, "-m", "trainer", "puzzles", "mine", "--kind", "best", "--count", "1", "--seed", "-4"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "--seed must be 0 or more, not -4" in done.stderr


# --- the real command, with bgsage --------------------------------------------------------------------------------

COUNT = "24"
SEED = "11"


def _mine(*arguments: str, output: Path) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "trainer", "puzzles", "mine", "--kind", "cube", "--count", COUNT, "--seed", SEED]
    done = subprocess.run([*command, *arguments, "--output", str(output)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert output.with_name(output.name + ".checkpoint").exists()  # kept, for the corpus build and a longer run
    puzzles, problems = load_puzzle_file(output)
    assert problems == [] and len(puzzles) == int(COUNT)  # the output is a puzzle file as it stands
    return [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The run on one local worker, the reference the others must equal."""
    records = _mine("--workers", "1", output=tmp_path_factory.mktemp("one") / "cube.jsonl")
    assert len(records) == int(COUNT)
    for record in records:
        assert {"id", "kind", "theme", "position", "question", "answers", "verified", "why", "rating"} <= set(record)
    return records


def test_a_dask_cluster_of_two_workers_mines_the_same_puzzles(one_worker: list[dict[str, Any]], tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        records = _mine("--cluster", cluster.scheduler_address, output=tmp_path / "cube.jsonl")
    assert records == one_worker


def test_a_run_killed_mid_way_resumes_from_its_checkpoint(one_worker: list[dict[str, Any]], tmp_path: Path) -> None:
    output = tmp_path / "cube.jsonl"
    checkpoint = output.with_name(output.name + ".checkpoint")
    command = [sys.executable, "-m", "trainer", "puzzles", "mine", "--kind", "cube", "--count", COUNT, "--seed", SEED]
    process = subprocess.Popen(
        [*command, "--workers", "2", "--output", str(output)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + KILL_TIMEOUT
    try:
        while not (checkpoint.exists() and len(checkpoint.read_text(encoding="utf-8").splitlines()) >= 2):
            assert process.poll() is None, "the run ended before its first task was checkpointed"
            assert time.monotonic() < deadline, "no task was checkpointed in time"
            time.sleep(0.05)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the run and its worker processes, at once
        process.wait()
    assert not output.exists()
    before = read_checkpoint(checkpoint, MiningRun("cube", int(COUNT), int(SEED)))
    assert before
    assert _mine("--workers", "1", output=output) == one_worker


def test_a_resumed_runs_time_left_leaves_out_what_the_checkpoint_held() -> None:
    from io import StringIO

    from trainer.cli.progress import MiningProgress

    now = [0.0]
    progress = MiningProgress("best", 100, stream=StringIO(), clock=lambda: now[0])
    progress.resume(60)  # read back from the checkpoint
    assert progress.seconds_left() is None
    now[0] = 100.0
    progress(70)  # 10 more in 100 s: 30 left take 300 s
    assert progress.seconds_left() == pytest.approx(300.0)


def test_a_run_from_mat_files_takes_their_games_in_order() -> None:
    data = Path(__file__).parent / "data" / "analyse"
    run = MiningRun("best", 5, 1, ((str(data / "gnubg-match.mat"), 2), (str(data / "gnubg-money.mat"), 3)))
    tasks = [run.task(index) for index in range(6)]
    assert [(Path(t.source).name, t.game) for t in tasks if t is not None and t.source] == [
        ("gnubg-match.mat", 0),
        ("gnubg-match.mat", 1),
        ("gnubg-money.mat", 0),
        ("gnubg-money.mat", 1),
        ("gnubg-money.mat", 2),
    ]
    assert tasks[5] is None and run.limit(5) == 5
    assert run.header()["sources"] == [["gnubg-match.mat", 2], ["gnubg-money.mat", 3]]


def test_a_mat_files_game_gives_its_checker_plays_as_played() -> None:
    from trainer.authoring.mine_tasks import evaluator, recorded_turns

    path = Path(__file__).parent / "data" / "analyse" / "gnubg-money.mat"
    turns = list(recorded_turns(evaluator(), str(path), 0))
    assert len(turns) > 10
    assert turns[0].position.pip_count() == (167, 167)
    assert all(turn.ranked and turn.ranked[0].play.result for turn in turns)
