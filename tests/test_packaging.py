"""A non-editable install carries the lessons, puzzles and the stylesheet, and finds them without the source tree."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a clean copy: setuptools builds in the source folder, and a build/ left there by an earlier build
    # would still hold lesson files renamed or removed since.
    source = tmp_path_factory.mktemp("source") / "bgtrainer"
    shutil.copytree(
        ROOT, source, ignore=shutil.ignore_patterns("build", "*.egg-info", ".*", "__pycache__", "tests", "benchmarks")
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(source), "-w", str(out)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("bgtrainer-*.whl")
    return built


def test_the_wheel_holds_every_lesson_and_the_stylesheet(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = {path.name for path in (ROOT / "lessons").glob("*.toml")}
    assert lessons and {f"trainer/_content/lessons/{name}" for name in lessons} <= names
    assert "trainer/tui/app.tcss" in names
    tables = {"one_sided.bin", "two_sided_6x6.bin", "cubeful_6x6.bin"}
    assert {f"trainer/engine/bearoff_data/{name}" for name in tables} <= names
    assert {"trainer/analysis/__init__.py", "trainer/analysis/sage.py"} <= names
    # The stubs that list the public names of these packages: their __init__ reads them to import a name.
    assert {f"trainer/{package}/__init__.pyi" for package in ("engine", "analysis", "play")} <= names
    puzzles = {path.name for pattern in ("*.toml", "*.jsonl") for path in (ROOT / "puzzles").glob(pattern)}
    assert puzzles and {f"trainer/_content/puzzles/{name}" for name in puzzles} <= names  # mined JSON lines too
    assert "trainer/locale/pt_BR/LC_MESSAGES/bgtrainer.mo" in names  # the Portuguese catalog, compiled


def test_the_wheel_holds_every_module_and_stub_of_the_package(wheel: Path) -> None:
    """Every source file of the package ships, the served page too: a new package left out of pyproject.toml's list
    fails here (an editable install, as the tests and CI use, would never notice)."""
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "trainer"
    sources = {
        "trainer/" + path.relative_to(package).as_posix()
        for suffix in ("*.py", "*.pyi", "*.tcss", "*.html")
        for path in package.rglob(suffix)
        if "__pycache__" not in path.parts
    }
    assert len(sources) > 100 and sources - names == set()


def test_the_wheel_holds_the_progress_store(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {path.name for path in (ROOT / "trainer" / "store").glob("*.py")}
    assert "migrations.py" in modules and {f"trainer/store/{name}" for name in modules} <= names


def test_an_unpacked_wheel_loads_its_bundled_lessons(wheel: Path, tmp_path: Path) -> None:
    zipfile.ZipFile(wheel).extractall(tmp_path)
    code = (
        "from trainer.content.loader import load_lessons; from trainer.content.paths import content_dir; "
        "library = load_lessons(); "
        "print(content_dir('lessons').relative_to(content_dir('lessons').parents[2]).as_posix(), "
        "len(library.lessons), len(library.problems))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    folder, lessons, problems = result.stdout.split()
    assert folder == "trainer/_content/lessons"
    assert int(lessons) == len(list((ROOT / "lessons").glob("*.toml")))
    assert problems == "0"


def test_the_wheel_holds_the_practice_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {path.name for path in (ROOT / "trainer" / "practice").glob("*.py")}
    assert {"ratings.py", "schedule.py"} <= modules and {f"trainer/practice/{name}" for name in modules} <= names
