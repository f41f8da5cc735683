"""Shared test data: GNU Backgammon's answers for 5,000 positions and rolls (copied into tests/data)."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"

# The suite imports the package in each of its worker processes and in the programs it starts: let them keep the
# compiled modules, so that each compiles them once (a machine may set PYTHONDONTWRITEBYTECODE for its own reasons).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# The suite's words are English whatever the machine's locale; the tests of other languages ask for theirs.
os.environ["BGTRAINER_LANG"] = "en"
# The checked content is cached in one folder for the whole session, made here by the first process (the one that
# starts the xdist workers, which inherit it, as do the programs the tests start), never the learner's own.
SESSION_CACHE = "BGTRAINER_TEST_SESSION_CACHE"
"""Set with the cache folder by the process that made it: a worker (or a program started by a test) keeps it."""
if not os.environ.get(SESSION_CACHE) or os.environ.get(SESSION_CACHE) != os.environ.get("BGTRAINER_CACHE_DIR"):
    os.environ[SESSION_CACHE] = os.environ["BGTRAINER_CACHE_DIR"] = tempfile.mkdtemp(prefix="bgtrainer-test-cache-")
    MADE_CACHE: str | None = os.environ[SESSION_CACHE]
else:
    MADE_CACHE = None
# Garbage collection took a third of the suite's time: each Pilot test makes and drops a whole app's worth of
# objects, and every few hundred of them Python walked all the long-lived data (the content, the reference answers)
# again. Collect less often; what the collection of the tests loaded is set aside for good (below).
gc.set_threshold(50_000, 20, 10)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The process that made the session's cache folder removes it at the end."""
    if MADE_CACHE is not None and not hasattr(config, "workerinput"):
        shutil.rmtree(MADE_CACHE, ignore_errors=True)


def pytest_collection_finish() -> None:
    """What the test modules loaded stays to the end: keep it out of the garbage collector's walks."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """Every test starts and ends in English, whatever language a test switched to."""
    from trainer import i18n

    yield
    i18n.use_language("en")


def bgtrainer_here(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``bgtrainer ARGUMENTS`` run in this process, as its ``main`` (the content it reads is loaded here once for the
    whole worker, where a new process would load it again): its status and what it printed. The command as a
    program of its own is tested in ``test_cli.py``."""
    from trainer.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(arguments))
        except SystemExit as stop:  # argparse's own errors and --help
            status = stop.code if isinstance(stop.code, int) else 1
    return subprocess.CompletedProcess(["bgtrainer", *arguments], status, out.getvalue(), err.getvalue())


@cache
def puzzle_export() -> subprocess.CompletedProcess[str]:
    """``bgtrainer puzzles export``, run once per worker (see :func:`bgtrainer_here`)."""
    return bgtrainer_here("puzzles", "export")


LONG_FIRST = (
    "test_translation_walk.py",
    "test_play_games.py",
    "test_browser.py",
    "test_tui_hardening.py",
    "test_notation.py",
    "test_puzzles.py",
    "test_recognition.py",
    "test_tui_lessons.py",
    "test_counting_drill.py",
    "test_analyse.py",
    "test_tui_play.py",
    "test_tui_training.py",
    "test_game_review.py",
    "test_tui_app.py",
    "test_properties.py",
    "test_tui_puzzles.py",
    "test_snapshots.py",
)
"""The modules that hold the suite's longest tests, longest first."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each worker's share of the suite starts with its share of the long tests (``--dist worksteal`` gives each
    worker a run of the tests in this order, and a worker with nothing left takes from the end of another's): the
    suite then ends on short tests, not on one worker busy with a long test while the others wait."""
    rank = {name: index for index, name in enumerate(LONG_FIRST)}
    long = sorted((item for item in items if item.path.name in rank), key=lambda item: rank[item.path.name])
    short = [item for item in items if item.path.name not in rank]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))

    def part(tests: list[pytest.Item], worker: int) -> list[pytest.Item]:  # a module's tests stay together mostly
        return tests[worker * len(tests) // workers : (worker + 1) * len(tests) // workers]

    shares = [part(long, worker) + part(short, worker) for worker in range(workers)]
    items[:] = [item for share in shares for item in share]


@pytest.fixture(params=["pseudo", "pt"])
def other_language(request: pytest.FixtureRequest) -> Iterator[None]:
    """The pseudo-language (every translated text marked), then Portuguese: a test that asks for it runs in both."""
    from trainer import i18n

    if request.param == "pseudo":
        i18n.use(i18n.PseudoTranslations())
    else:
        i18n.use_language("pt")
    try:
        yield
    finally:
        i18n.use_language("en")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker per core the suite may use, and one more, since a Pilot test spends part of its time
    waiting for the app's threads and timers, time another worker's test can use."""
    return len(os.sched_getaffinity(0)) + 1


@cache
def load_jsonl(name: str) -> list[dict[str, Any]]:
    """The records of ``tests/data/<name>``, read once per test session."""
    with (DATA / name).open() as handle:
        return [json.loads(line) for line in handle if line.strip()]


def legal_cases() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Each reference case paired with its answer."""
    cases, answers = load_jsonl("legal_cases.jsonl"), load_jsonl("legal_answers.jsonl")
    assert [case["id"] for case in cases] == [answer["id"] for answer in answers]
    return list(zip(cases, answers, strict=True))


@pytest.fixture(scope="session")
def sage() -> Any:
    """bgsage's evaluator, built once per test process (its networks load on first use)."""
    from trainer.analysis.sage import SageEvaluator

    return SageEvaluator()
