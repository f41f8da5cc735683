"""``bgtrainer puzzles mine``: puzzle mining as a batch job on local worker processes or a Dask cluster.

The run is a sequence of tasks (:class:`~trainer.authoring.mine_tasks.MiningTask`, one self-play game each),
numbered from 0, each a pure function of the kind, the seed and its number. Tasks go out to an executor (a local
process pool, or a Dask ``distributed`` cluster's, through :meth:`distributed.Client.get_executor`, so nothing
else changes) a few more at a time than there are workers; their results are taken **in task order**, each
position (and roll, or question) once, until ``count`` puzzles are in. So the output depends on the seed alone,
never on the number of workers or the order results come back.

Every finished task is appended to the checkpoint (one JSON line, flushed to disk) the moment it returns, in
whatever order. A run killed at any point (even ``kill -9`` in the middle of a line) is resumed by running the
same command again: the finished tasks are read back (a torn last line is dropped and its task done again) and
only the others are mined. Nothing is mined twice and nothing is lost. The header is written whole or not at all
(to a temporary file, then renamed), so a kill at the very start leaves no checkpoint that blocks the next run.

A task that fails (an error inside one game) is kept as finished with no puzzles and its error, and the run goes
on; each failure is told as it happens. The checkpoint keeps its error, and a resumed run mines it again. When the
run has its puzzles, or is interrupted, the tasks still running are stopped, not waited for.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from trainer.authoring.mine_tasks import MiningKind, MiningTask, run_task

CHECKPOINT_VERSION: Final = 1
AHEAD: Final = 2
"""How many tasks per worker are handed out ahead of the ones being taken."""
MAX_TASKS_PER_PUZZLE: Final = 50
"""A run gives up (with what it has) after this many tasks per puzzle asked for: a seed that finds nothing."""

Records = list[dict[str, Any]]
TaskOutcome = tuple[Records, str | None]
"""What a task gives back: its records, and its error if it failed (then no records)."""


class CheckpointError(Exception):
    """A checkpoint that belongs to another run (another kind or seed) or is not one at all."""


@dataclass(frozen=True, slots=True)
class MiningRun:
    """What a run mines: ``count`` puzzles of ``kind`` from ``seed``: from self-play games, or from the games of
    ``sources`` (``.mat`` files, in order) when there are any."""

    kind: MiningKind
    count: int
    seed: int
    sources: tuple[tuple[str, int], ...] = ()
    """Each ``.mat`` file's path and its number of games."""

    def header(self) -> dict[str, Any]:
        """The checkpoint's first line: whose tasks it holds."""
        header: dict[str, Any] = {"checkpoint": CHECKPOINT_VERSION, "kind": self.kind, "seed": self.seed}
        if self.sources:
            header["sources"] = [[Path(path).name, games] for path, games in self.sources]
        return header

    def task(self, index: int) -> MiningTask | None:
        """Task number ``index``, or ``None`` past the last game of the sources."""
        if not self.sources:
            return MiningTask(self.kind, self.seed, index)
        left = index
        for path, games in self.sources:
            if left < games:
                return MiningTask(self.kind, self.seed, index, source=path, game=left)
            left -= games
        return None

    def limit(self, count: int) -> int:
        """How many tasks the run may take: every game of the sources, or :data:`MAX_TASKS_PER_PUZZLE` a puzzle."""
        return sum(games for _path, games in self.sources) if self.sources else count * MAX_TASKS_PER_PUZZLE


def read_checkpoint(path: Path, run: MiningRun) -> dict[int, Records]:
    """The finished tasks a checkpoint holds (none if there is no file yet), but those that failed.

    :raises CheckpointError: if the file is another run's or not a checkpoint.
    """
    if not path.exists() or path.stat().st_size == 0:
        return {}  # none yet, or a file its run was killed before it could write the header
    finished: dict[int, Records] = {}
    with path.open(encoding="utf-8") as lines:
        first = lines.readline()
        try:
            header = json.loads(first)
        except json.JSONDecodeError:
            header = None
        if header != run.header():
            raise CheckpointError(str(path))  # the command line says what it is not
        for line in lines:
            try:
                entry = json.loads(line)
                if "error" not in entry:  # a game that failed is mined again
                    finished[int(entry["task"])] = list(entry["records"])
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                continue  # a line torn by a kill: its task is mined again
    return finished


class Checkpoint:
    """The append-only record of finished tasks (see the module)."""

    def __init__(self, path: Path | None, run: MiningRun) -> None:
        self.path = path
        self.finished = read_checkpoint(path, run) if path is not None else {}
        if path is not None:
            if not path.exists() or path.stat().st_size == 0:
                partial = path.with_name(path.name + ".new")
                partial.write_text(json.dumps(run.header()) + "\n", encoding="utf-8")
                os.replace(partial, path)
            elif not path.read_bytes().endswith(b"\n"):
                with path.open("a", encoding="utf-8") as file:
                    file.write("\n")  # end a torn line, so the next entry starts a line of its own

    def add(self, index: int, outcome: TaskOutcome) -> None:
        """Keep a finished task (its records, or its error), on disk at once."""
        records, error = outcome
        self.finished[index] = records
        entry: dict[str, Any] = {"task": index, "records": records}
        if error is not None:
            entry["error"] = error
        if self.path is None:
            return
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")
            file.flush()
            os.fsync(file.fileno())


def record_key(record: dict[str, Any]) -> tuple[object, ...]:
    """What makes two mined puzzles the same: the position and the roll (best) or the question (cube)."""
    return (record["kind"], record["position"], tuple(record.get("dice", ())), record.get("question"))


def taken(finished: dict[int, Records], count: int) -> tuple[Records, int]:
    """The first ``count`` distinct records of the finished tasks in task order, up to the first task not yet
    finished, and how many tasks that prefix holds."""
    kept: Records = []
    seen: set[tuple[object, ...]] = set()
    index = 0
    while index in finished and len(kept) < count:
        for record in finished[index]:
            key = record_key(record)
            if key not in seen and len(kept) < count:
                seen.add(key)
                kept.append(record)
        index += 1
    return kept, index


def guarded(task: Callable[[MiningTask], Records], job: MiningTask) -> TaskOutcome:
    """Run one task in a worker, its failure caught: the records, or none and the error's last lines."""
    try:
        return task(job), None
    except Exception as error:  # one game's failure must not end the run
        lines = traceback.format_exception_only(type(error), error)
        return [], "".join(lines).strip()


@contextmanager
def executor_for(workers: int, cluster: str | None) -> Iterator[tuple[Executor, int]]:
    """The executor tasks run on and how many tasks it runs at once: a Dask cluster's (``cluster`` its
    scheduler's address; needs the ``[cluster]`` extra; every thread of every worker counts) or a pool of
    ``workers`` local processes (spawned). On leaving, queued tasks are cancelled and running ones stopped, not
    waited for."""
    if cluster is None:
        # Spawned, not forked: a fork of a process whose bgsage threads hold a lock (one that evaluated before the
        # run, as the benchmark does) would wait on that lock for ever.
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
        try:
            yield pool, workers
        finally:
            processes = list((pool._processes or {}).values())  # the pool gives no public way to stop a running task
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                process.join(timeout=10)
        return
    from distributed import Client

    with Client(cluster) as client:  # type: ignore[no-untyped-call]
        workers_info = client.scheduler_info().get("workers", {})
        size = max(1, sum(int(info.get("nthreads", 1)) for info in workers_info.values()))
        executor = client.get_executor(pure=False)
        try:
            yield executor, size
        finally:
            executor.shutdown(wait=False)  # cancels what is queued or running


def mine(
    run: MiningRun,
    *,
    workers: int = 1,
    cluster: str | None = None,
    checkpoint: Path | None = None,
    found: Callable[[int], None] | None = None,
    resumed: Callable[[int], None] | None = None,
    task: Callable[[MiningTask], Records] = run_task,
    failed: Callable[[int, str], None] | None = None,
) -> Records:
    """The run's puzzles, settled records in task order (see the module); ``resumed`` is told how many the
    checkpoint already held, ``found`` how many are in as tasks finish, ``failed`` of each task that fails (its
    number and error).

    :raises CheckpointError: if ``checkpoint`` is another run's.
    """
    store = Checkpoint(checkpoint, run)
    kept, next_needed = taken(store.finished, run.count)
    if resumed is not None:
        resumed(len(kept))
    limit = run.limit(run.count)
    if len(kept) >= run.count or next_needed >= limit:
        return kept
    with executor_for(workers, cluster) as (executor, size):
        pending: dict[Future[TaskOutcome], int] = {}
        upcoming = next_needed
        while True:
            while len(pending) < size * AHEAD and upcoming < limit:
                job = run.task(upcoming)
                if upcoming not in store.finished and job is not None:
                    pending[executor.submit(guarded, task, job)] = upcoming
                upcoming += 1
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                outcome = future.result()
                store.add(index, outcome)
                if outcome[1] is not None and failed is not None:
                    failed(index, outcome[1])
            kept, next_needed = taken(store.finished, run.count)
            if found is not None:
                found(len(kept))
            if len(kept) >= run.count or next_needed >= limit:
                for future in pending:
                    future.cancel()
                break
    return taken(store.finished, run.count)[0]
