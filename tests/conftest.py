"""Shared test data: GNU Backgammon's answers for 5,000 positions and rolls (copied into tests/data)."""

from __future__ import annotations

import json
import os
import sys
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


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """Every test starts and ends in English, whatever language a test switched to."""
    from trainer import i18n

    yield
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
