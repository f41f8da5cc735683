"""The checked content kept on disk (:mod:`trainer.content.cache`): a hit is the content a fresh load gives; a changed
file, language or code misses; a damaged entry of any kind is ignored and made anew; a cache folder that can't be
written still loads; ``bgtrainer validate`` never reads it."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import bgtrainer_here

from trainer.content import cache
from trainer.content.cache import (
    CACHE_VARIABLE,
    cache_dir,
    cached_lessons,
    cached_puzzles,
    entry_key,
    entry_name,
    lesson_catalogue,
    puzzle_catalogue,
)
from trainer.content.catalogue import LessonCatalogue, PuzzleCatalogue
from trainer.content.library import LessonLibrary, PuzzleLibrary
from trainer.content.loader import load_lessons
from trainer.content.paths import PACKAGE_ROOT, content_dir
from trainer.content.puzzles import load_puzzles

LESSONS = content_dir("lessons")


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own, and no library kept in this process from before."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_VARIABLE, str(folder))
    monkeypatch.setattr(cache, "_LOADED", {})
    yield folder


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A copy of three shipped lessons and their translations, to change."""
    folder = tmp_path / "lessons"
    (folder / "pt").mkdir(parents=True)
    for name in ("01-board.toml", "05-hitting.toml", "08-bearing-off.toml"):
        shutil.copyfile(LESSONS / name, folder / name)
        shutil.copyfile(LESSONS / "pt" / name, folder / "pt" / name)
    return folder


def loads_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The loaders' calls from now on (each a real check of the files), by kind."""
    import trainer.content.loader
    import trainer.content.puzzles

    calls: list[str] = []

    def counted_lessons(*arguments: object) -> LessonLibrary:
        calls.append("lessons")
        return load_lessons(*arguments)  # type: ignore[arg-type]

    def counted_puzzles(*arguments: object) -> PuzzleLibrary:
        calls.append("puzzles")
        return load_puzzles(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(trainer.content.loader, "load_lessons", counted_lessons)
    monkeypatch.setattr(trainer.content.puzzles, "load_puzzles", counted_puzzles)
    return calls


def forget_in_process() -> None:
    """Make the next load read the cache folder (not this process's copy)."""
    cache._LOADED.clear()


def test_a_hit_gives_the_content_a_fresh_load_gives(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = loads_counted(monkeypatch)
    first_lessons, first_puzzles = cached_lessons(), cached_puzzles()
    assert calls == ["lessons", "puzzles"] and len(list(cache_folder.iterdir())) == 2
    forget_in_process()
    lessons, puzzles = cached_lessons(), cached_puzzles()
    assert calls == ["lessons", "puzzles"]  # read back, not checked again
    assert lessons == first_lessons == load_lessons() and lessons.lessons
    assert puzzles == first_puzzles == load_puzzles() and puzzles.puzzles and puzzles.drills and puzzles.counts
    assert lessons.lessons[0] is not first_lessons.lessons[0]  # unpickled anew
    lessons.lessons.clear()  # each caller has lists of its own
    assert cached_lessons().lessons == first_lessons.lessons


def test_problems_and_skipped_files_are_kept_too(
    cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (lessons / "02-broken.toml").write_text('id = "broken"\nnumber = 2\ntitle = "Broken"\nsteps = "none"\n')
    fresh = load_lessons(lessons)
    assert fresh.problems and fresh.skipped == ["02-broken.toml"]
    cached_lessons(lessons)
    forget_in_process()
    calls = loads_counted(monkeypatch)
    assert cached_lessons(lessons) == fresh and calls == []


def test_a_changed_file_misses(cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = loads_counted(monkeypatch)
    assert cached_lessons(lessons).lessons[0].title == "The board and its numbering"
    board = lessons / "01-board.toml"
    board.write_text(board.read_text().replace('title = "The board and its numbering"', 'title = "The board"'))
    forget_in_process()
    assert cached_lessons(lessons).lessons[0].title == "The board"
    assert calls == ["lessons", "lessons"]
    (lessons / "pt" / "05-hitting.toml").unlink()  # a translation's file is part of the key too
    forget_in_process()
    cached_lessons(lessons)
    assert calls == ["lessons", "lessons", "lessons"]


def test_another_language_misses_and_keeps_an_entry_of_its_own(
    cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = loads_counted(monkeypatch)
    english, portuguese = cached_lessons(lessons, "en"), cached_lessons(lessons, "pt")
    assert english.lessons[0].title == "The board and its numbering" and portuguese.lessons[0].title != "The board"
    assert english.lessons[0].title != portuguese.lessons[0].title and calls == ["lessons", "lessons"]
    assert entry_key("lessons", lessons, "en") != entry_key("lessons", lessons, "pt")
    forget_in_process()
    assert cached_lessons(lessons, "pt") == portuguese and cached_lessons(lessons, "en") == english
    assert calls == ["lessons", "lessons"]


def test_content_loaded_in_another_language_in_use_misses(cache_folder: Path, lessons: Path) -> None:
    """The problems are worded in the language in use: a key names it (and the pseudo-language of the tests)."""
    from trainer import i18n

    english = entry_key("lessons", lessons, "en")
    i18n.use_language("pt")
    assert entry_key("lessons", lessons, "en") not in (None, english)
    i18n.use(i18n.PseudoTranslations())
    assert entry_key("lessons", lessons, "en") not in (None, english)


def test_another_version_of_the_code_misses(cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = loads_counted(monkeypatch)
    cached_lessons(lessons)
    before = entry_key("lessons", lessons, None)
    monkeypatch.setattr(cache, "code_digest", lambda: "another version of the checks")
    assert entry_key("lessons", lessons, None) != before
    forget_in_process()
    cached_lessons(lessons)
    assert calls == ["lessons", "lessons"]


def test_the_code_digest_covers_every_module_the_loaders_run() -> None:
    """Every module of the package that loading and checking the content imports is in :data:`CODE`."""
    code = (
        "import sys; import trainer.content.loader, trainer.content.puzzles, trainer.content.translations; "
        "print('\\n'.join(m.__file__ for name, m in sys.modules.items() if name.startswith('trainer')))"
    )
    files = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    covered = [PACKAGE_ROOT / name for name in cache.CODE]
    outside = [file for file in files if not any(Path(file) == part or part in Path(file).parents for part in covered)]
    assert outside == []


def test_the_code_digest_changes_with_a_source_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "trainer"
    for name in cache.CODE:
        source = PACKAGE_ROOT / name
        if source.is_dir():
            shutil.copytree(source, package / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            package.mkdir(exist_ok=True)
            shutil.copyfile(source, package / name)
    monkeypatch.setattr(cache, "PACKAGE_ROOT", package)
    before = cache.code_digest.__wrapped__()
    with (package / "engine" / "moves.py").open("a") as file:
        file.write("\n# a change\n")
    assert cache.code_digest.__wrapped__() != before


DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "garbage": lambda data: os.urandom(len(data)),
    "header only": lambda data: data[: data.index(b"\n", len(cache.MAGIC)) + 1],
    "payload changed": lambda data: data[:-10] + b"0123456789",
    "another key": lambda data: data.replace(data[len(cache.MAGIC) : len(cache.MAGIC) + 8], b"00000000", 1),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_entry_is_ignored_and_made_anew(
    damage: str, cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = cached_lessons(lessons)
    entry = cache_folder / entry_name("lessons", lessons, None)
    whole = entry.read_bytes()
    entry.write_bytes(DAMAGE[damage](whole))
    forget_in_process()
    calls = loads_counted(monkeypatch)
    assert cached_lessons(lessons) == fresh and calls == ["lessons"]
    assert entry.read_bytes() == whole  # written again, whole
    forget_in_process()
    assert cached_lessons(lessons) == fresh and calls == ["lessons"]


def test_an_entry_of_the_right_key_holding_something_else_is_ignored(
    cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached_lessons(lessons)
    entry = cache_folder / entry_name("lessons", lessons, None)
    key = entry_key("lessons", lessons, None)
    assert key is not None
    cache.write_entry(entry, key, PuzzleLibrary())  # a library of the wrong kind
    assert cache.read_entry(entry, key, LessonLibrary) is None
    payload = pickle.dumps(["not", "a", "library"])
    entry.write_bytes(cache.MAGIC + key.encode() + b"\n" + cache.hashlib.sha256(payload).hexdigest().encode() + b"\n")
    with entry.open("ab") as file:
        file.write(payload)
    assert cache.read_entry(entry, key, LessonLibrary) is None
    forget_in_process()
    calls = loads_counted(monkeypatch)
    assert cached_lessons(lessons).lessons and calls == ["lessons"]


def test_a_cache_folder_that_cannot_be_written_still_loads(
    tmp_path: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("not a folder")
    monkeypatch.setenv(CACHE_VARIABLE, str(in_the_way / "cache"))
    monkeypatch.setattr(cache, "_LOADED", {})
    assert cached_lessons(lessons) == load_lessons(lessons)
    assert in_the_way.read_text() == "not a folder"


def test_no_temporary_file_is_left_behind(cache_folder: Path, lessons: Path) -> None:
    cached_lessons(lessons)
    assert [path.name for path in cache_folder.iterdir()] == [entry_name("lessons", lessons, None)]


def test_content_that_cannot_all_be_read_is_not_cached(cache_folder: Path, lessons: Path) -> None:
    (lessons / "02-folder.toml").mkdir()
    assert entry_key("lessons", lessons, None) is None
    assert cached_lessons(lessons) == load_lessons(lessons)
    assert not cache_folder.exists()


def test_the_cache_folder_is_the_variable_s_else_the_user_s(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from platformdirs import user_cache_dir

    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path))
    assert cache_dir() == tmp_path
    monkeypatch.delenv(CACHE_VARIABLE)
    assert cache_dir() == Path(user_cache_dir("bgtrainer", appauthor=False))


def test_the_suite_never_uses_the_learner_s_cache_folder() -> None:
    from platformdirs import user_cache_dir

    chosen = Path(os.environ[CACHE_VARIABLE])
    assert chosen == cache_dir() and Path(user_cache_dir("bgtrainer", appauthor=False)) not in (chosen, *chosen.parents)


def test_a_second_start_reads_the_content_back_without_checking_it() -> None:
    """In a program of its own, as the app starts: the loaders (and their checks) are not even imported."""
    code = (
        "import sys; from trainer.content.cache import cached_lessons, cached_puzzles; "
        "lessons, puzzles = cached_lessons(), cached_puzzles(); "
        "print(len(lessons.lessons), len(puzzles.puzzles), 'trainer.content.loader' in sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)  # the cache is warm
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert output[0] == str(len(load_lessons().lessons)) and output[2] == "False"


# --- the catalogue: what home shows, read back before the content ---------------------------------------------------


def test_an_entry_holds_the_catalogue_of_its_content(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = loads_counted(monkeypatch)
    assert lesson_catalogue() is None and puzzle_catalogue() is None and calls == []  # never loads: a miss is None
    lessons, puzzles = cached_lessons(), cached_puzzles()
    forget_in_process()
    assert lesson_catalogue() == LessonCatalogue.of(lessons) and puzzle_catalogue() == PuzzleCatalogue.of(puzzles)
    first = LessonCatalogue.of(lessons).lessons[0]
    assert (first.number, first.title, first.step_count) == (1, lessons.lessons[0].title, len(lessons.lessons[0].steps))
    assert {entry.kind for entry in PuzzleCatalogue.of(puzzles).counts} == {"shots", "pips"}
    assert calls == ["lessons", "puzzles"]


def test_the_catalogue_keeps_the_files_left_out(cache_folder: Path, lessons: Path) -> None:
    (lessons / "02-broken.toml").write_text('id = "broken"\nnumber = 2\ntitle = "Broken"\nsteps = "none"\n')
    cached_lessons(lessons)
    forget_in_process()
    catalogue = lesson_catalogue(lessons)
    assert catalogue is not None and catalogue.skipped == ("02-broken.toml",) and len(catalogue.lessons) == 3


def test_a_stale_catalogue_is_never_read(cache_folder: Path, lessons: Path) -> None:
    cached_lessons(lessons)
    board = lessons / "01-board.toml"
    board.write_text(board.read_text().replace('title = "The board and its numbering"', 'title = "The board"'))
    forget_in_process()
    assert lesson_catalogue(lessons) is None and lesson_catalogue(lessons, "pt") is None
    cached_lessons(lessons)
    forget_in_process()
    catalogue = lesson_catalogue(lessons)
    assert catalogue is not None and catalogue.lessons[0].title == "The board"


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_entry_has_no_catalogue_until_made_anew(damage: str, cache_folder: Path, lessons: Path) -> None:
    made = LessonCatalogue.of(cached_lessons(lessons))
    entry = cache_folder / entry_name("lessons", lessons, None)
    entry.write_bytes(DAMAGE[damage](entry.read_bytes()))
    forget_in_process()
    assert lesson_catalogue(lessons) is None
    cached_lessons(lessons)
    forget_in_process()
    assert lesson_catalogue(lessons) == made


def test_an_entry_of_the_right_key_with_a_catalogue_of_another_kind_has_none(cache_folder: Path, lessons: Path) -> None:
    cached_lessons(lessons)
    key = entry_key("lessons", lessons, None)
    assert key is not None
    entry = cache_folder / entry_name("lessons", lessons, None)
    cache.write_entry(entry, key, PuzzleLibrary())
    forget_in_process()
    assert lesson_catalogue(lessons) is None


def test_reading_the_catalogue_imports_neither_pydantic_nor_the_content_models() -> None:
    """In a program of its own, as the app starts: home's catalogue comes before the content's models are needed."""
    warm = "from trainer.content.cache import cached_lessons, cached_puzzles; cached_lessons(), cached_puzzles()"
    subprocess.run([sys.executable, "-c", warm], capture_output=True, text=True, check=True)
    code = (
        "import sys; from trainer.content.cache import lesson_catalogue, puzzle_catalogue; "
        "lessons, puzzles = lesson_catalogue(), puzzle_catalogue(); "
        "print(len(lessons.lessons), len(puzzles.puzzles), "
        "[name for name in ('pydantic', 'trainer.content.models', 'trainer.content.library') if name in sys.modules])"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert output == [str(len(load_lessons().lessons)), str(len(load_puzzles().puzzles)), "[]"]


# --- bgtrainer validate checks the files themselves -------------------------------------------------------------------


def test_validate_never_reads_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*arguments: object) -> None:
        raise AssertionError("validate read the cache")

    monkeypatch.setattr(cache, "_cached", refused)
    monkeypatch.setattr(cache, "read_entry", refused)
    result = bgtrainer_here("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    code = (
        "import sys; from trainer.cli.main import main; main(['validate']); "
        "print('trainer.content.cache' in sys.modules)"
    )
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert ran.stdout.splitlines()[-1] == "False"


def test_validate_finds_a_broken_file_the_cache_holds_as_checked(
    cache_folder: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry made for a file as it was, forged to pass for the file broken since: validate still finds the
    problem (it reads the file), where the app would trust the entry."""
    good = cached_lessons(lessons)
    key_before = entry_key("lessons", lessons, None)
    board = lessons / "01-board.toml"
    board.write_text(board.read_text().replace("number = 1", "number = -1"))
    monkeypatch.setattr(cache, "entry_key", lambda *arguments: key_before)  # the entry now passes for the new bytes
    forget_in_process()
    assert cached_lessons(lessons) == good
    result = bgtrainer_here("validate", str(board))
    assert result.returncode != 0 and "number" in result.stdout
