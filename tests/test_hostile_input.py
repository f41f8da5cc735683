"""Hostile input never crashes or hangs: every reader raises only its documented errors with a short quote of the
input, the command line answers every bad argument in one line with exit status 2, and `validate` reports files
that can't be read (loops, pipes, devices, huge or deeply nested files) as that file's problem."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from trainer.analysis.results import CUBE_OWNERS
from trainer.cli import main as cli
from trainer.content.files import MAX_CONTENT_BYTES, ContentFileError, read_content_text
from trainer.content.validate import validate_paths
from trainer.engine import Dice, EngineError, MatchId, Position, Xgid, parse_play, read_position, read_record
from trainer.engine.wording import QUOTE_LIMIT, quoted
from trainer.play import LocalRecord, RecordError, SessionRecord, Settings, StoredVerdict
from trainer.play.local import LocalSettings
from trainer.store import ProgressStore

HUGE_NUMBER = "1" * 4301  # past Python's int() digit limit
CORPUS = [
    f"X: 1x{HUGE_NUMBER} / O: -",
    f"X: {HUGE_NUMBER} / O: 1",
    f"XGID=-b----E-C---eE---c-e----B-:{HUGE_NUMBER}:0:1:52:0:0:3:0:10",
    "[/x]",
    "[@click=app.quit]quit[/]",
    "X: 24x2 [b]13x5[/b] / O: 19x5",
    " " * 200_000,
    "\n" * 50_000 + "X:",
    "24/18 " * 10_000,
    "\x00\x01\x02",
    "é" * 1000,
    "0" * 14 + "\x1b" * 5 + "\U0001342f" * 12,  # short, but each character's escape takes ten
    "X: wait" + "x9" * 500 + " / O: waitx15",
]
READERS: dict[str, Callable[[str], object]] = {
    "from_text": Position.from_text,
    "from_position_id": Position.from_position_id,
    "xgid": Xgid.from_xgid,
    "match_id": MatchId.from_match_id,
    "read_position": read_position,
    "read_record": read_record,
    "dice": Dice.parse,
    "parse_play": lambda text: parse_play(Position.start(), (6, 5), text),
}
MAX_MESSAGE = 400


def check_reader(reader: Callable[[str], object], text: str) -> None:
    """The reader returns, or raises an engine error whose message quotes at most a short part of the input."""
    try:
        reader(text)
    except EngineError as error:
        assert len(str(error)) <= MAX_MESSAGE, str(error)[:500]


@pytest.mark.parametrize("text", CORPUS, ids=range(len(CORPUS)))
@pytest.mark.parametrize("name", READERS)
def test_every_reader_refuses_the_corpus_in_a_short_message(name: str, text: str) -> None:
    check_reader(READERS[name], text)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=300))
@pytest.mark.parametrize("name", READERS)
def test_every_reader_raises_only_engine_errors_on_any_text(name: str, text: str) -> None:
    check_reader(READERS[name], text)


@settings(max_examples=60, deadline=None)
@given(text=st.from_regex(r"[XO0-9xbarwit:/ ,\-]{0,120}", fullmatch=True))
def test_the_text_form_reader_on_near_miss_text(text: str) -> None:
    check_reader(Position.from_text, text)


# --- the readers of saved games ----------------------------------------------------------------------------------

RECORDS: dict[str, tuple[Callable[[str], object], str]] = {
    "session": (
        SessionRecord.from_json,
        SessionRecord(
            "5f0c2a9e41d7",
            Settings(match_length=3, level="strong", seed=7),
            ("open 52", "play 13/11 13/8", "roll 6-4", "play 24/18 13/9"),
            (StoredVerdict(3, "play", "24/18 13/9", 0.012, "24/14", 0.041, "2-ply", True),),
        ).to_json(),
    ),
    "local": (
        LocalRecord.from_json,
        LocalRecord("a1b2c3d4e5f6", LocalSettings("acey-deucey", "two", 3, 7), ("open 21", "roll 6-5")).to_json(),
    ),
}
RECORD_CORPUS = [
    *CORPUS,
    "[" * 100_000,
    '{"a":' * 50_000,
    "9" * 5000,
    '{"format": "bgtrainer-session", "version": ' + "9" * 4000 + "}",
    '{"format": "bgtrainer-local", "version": ' + "1" * 5000 + "}",
    "[1e999, NaN, -Infinity]",
]


def check_record_reader(reader: Callable[[str], object], text: str) -> None:
    """The reader returns, or raises a record error whose message is one line quoting at most a short part."""
    try:
        reader(text)
    except RecordError as error:
        assert len(str(error)) <= MAX_MESSAGE and "\n" not in str(error), str(error)[:500]


def damaged(valid: str, path: list[str | int], value: object) -> str:
    """The JSON text ``valid`` with the value at ``path`` (keys and list indexes) replaced by ``value``."""
    document = json.loads(valid)
    target: Any = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return json.dumps(document)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=200),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
PLACES = [
    ["format"],
    ["version"],
    ["id"],
    ["settings"],
    ["actions"],
    ["verdicts"],
    ["settings", "match_length"],
    ["settings", "level"],
    ["settings", "seed"],
    ["settings", "variant"],
    ["settings", "players"],
    ["actions", 0],
    ["actions", 1],
    ["verdicts", 0],
    ["verdicts", 0, 0],
    ["verdicts", 0, 3],
    ["verdicts", 0, 7],
]


@pytest.mark.parametrize("text", RECORD_CORPUS, ids=range(len(RECORD_CORPUS)))
@pytest.mark.parametrize("name", RECORDS)
def test_every_record_reader_refuses_the_corpus_in_a_short_message(name: str, text: str) -> None:
    check_record_reader(RECORDS[name][0], text)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=300))
@pytest.mark.parametrize("name", RECORDS)
def test_every_record_reader_raises_only_record_errors_on_any_text(name: str, text: str) -> None:
    check_record_reader(RECORDS[name][0], text)


@settings(max_examples=150, deadline=None)
@given(place=st.sampled_from(PLACES), value=JSON_VALUES | st.just("x" * 100_000) | st.just(10**400))
@pytest.mark.parametrize("name", RECORDS)
def test_a_damaged_record_raises_only_record_errors(name: str, place: list[str | int], value: object) -> None:
    reader, valid = RECORDS[name]
    try:
        text = damaged(valid, place, value)
    except (KeyError, IndexError):
        return  # that place is not in this kind of record
    check_record_reader(reader, text)


def test_quoted_cuts_a_long_input() -> None:
    assert quoted("abc") == "'abc'"
    long = quoted("x" * 10_000)
    assert len(long) < QUOTE_LIMIT + 40 and "10,000 characters" in long


# --- the command line in a subprocess ----------------------------------------------------------------------------


def bgtrainer(*arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ["moves", f"X: 1x{HUGE_NUMBER} / O: -", "65"],
        ["moves", "start", "7" * 5000],
        ["moves", "[/x]", "65"],
        ["cube", f"XGID=-b----E-C---eE---c-e----B-:{HUGE_NUMBER}"],
        ["hint", "garbage" * 1000, "65"],
        ["puzzles", "generate", "--kind", "forced", "--count", HUGE_NUMBER],
        ["puzzles", "generate", "--kind", "forced", "--count", "1", "--output", "/nonexistent/folder/x.toml"],
        ["--data-dir", "x" * 5000, "moves", "start"],
        ["moves", "start", "65", "z" * 5000, "a\nb\nc"],
        ["hint", "start", "65", "--plies", "1'" + "z" * 5000],
        ["puzzles", "generate", "--kind", "forced", "--count", "100000000"],
    ],
    ids=[
        "huge-count",
        "huge-dice",
        "markup",
        "huge-xgid-field",
        "long-garbage",
        "huge-option",
        "bad-output",
        "no-dice",
        "unrecognized",
        "quote-in-value",
        "count-for-ever",
    ],
)
def test_the_cli_answers_bad_arguments_in_one_short_line(arguments: list[str]) -> None:
    result = bgtrainer(*arguments)
    assert result.returncode == 2, result.stderr[-2000:]
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert len(lines[0]) <= MAX_MESSAGE


def test_the_cli_reads_progress_without_waiting_on_a_pipe_at_its_path(tmp_path: Path) -> None:
    for command in (["stats"], ["game", "list"]):
        folder = tmp_path / command[0]
        folder.mkdir()
        os.mkfifo(folder / "progress.sqlite3")
        result = bgtrainer("--data-dir", str(folder), *command)  # fails on its timeout if it waits
        assert result.returncode == 0 and "is a pipe, not a bgtrainer progress file" in result.stderr, result.stderr


def positional(text: str) -> str:
    """``text`` as an argument argparse won't take for an option (as ``-h`` would be)."""
    return "x" + text if text.startswith("-") else text


def valid(read: Callable[[str], object], text: str) -> bool:
    try:
        read(text)
    except Exception:
        return False
    return True


HOSTILE_ARGUMENTS = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["'" * 5000, "z" * 5000, "a\nb\nc", "\x1b[2J\x1b[31m", "[/x]", "\udcff", "9" * 5000, "\u2028x"]),
    st.tuples(st.text(max_size=20), st.sampled_from(["'" * 300, "\n" * 300, "z" * 3000, "'\n" * 200])).map("".join),
)
COMMANDS = ("moves", "cube", "hint", "validate", "stats", "puzzles", "game")
CLI_CASES: dict[str, Callable[[str, str], list[str] | None]] = {
    "extra": lambda text, _: ["moves", "start", "65", positional(text)],
    "dice": lambda text, _: None if valid(Dice.parse, text) else ["moves", "start", positional(text)],
    "position": lambda text, _: None if valid(read_position, text) else ["moves", positional(text), "65"],
    "cube-position": lambda text, _: None if valid(read_position, text) else ["cube", positional(text)],
    "plies": lambda text, _: None if text.strip() in ("1", "2", "3") else ["hint", "start", "65", "--plies", text],
    "cube-owner": lambda text, _: None if text in CUBE_OWNERS else ["hint", "start", "--cube", text],
    "command": lambda text, _: None if positional(text) in COMMANDS else [positional(text)],
    "count": lambda text, _: (
        None
        if re.fullmatch(r"\s*\+?[0-9]{1,5}\s*", text) and 1 <= int(text) <= cli.MAX_COUNT
        else ["puzzles", "generate", "--kind", "forced", "--count", text]
    ),
    "game": lambda text, data: (
        None if text.strip() in ("1", "5f0c2a9e41d7") else ["--data-dir", data, "game", "export", positional(text)]
    ),
    "name": lambda text, data: ["--data-dir", data, "game", "export", "--name", f"{text}:"],
}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(sorted(CLI_CASES)), text=HOSTILE_ARGUMENTS)
def test_the_cli_answers_any_hostile_argument_with_exit_2_and_one_short_line(
    saved_game_folder: Path, case: str, text: str
) -> None:
    arguments = CLI_CASES[case](text, str(saved_game_folder))
    assume(arguments is not None)
    assert arguments is not None
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(arguments)
        except SystemExit as stop:
            status = stop.code
    lines = err.getvalue().splitlines()
    assert status == 2 and out.getvalue() == "", (arguments[:6], err.getvalue()[:500])
    assert len(lines) == 1 and len(lines[0]) <= MAX_MESSAGE, err.getvalue()[:2000]


@pytest.fixture
def saved_game_folder(tmp_path: Path) -> Path:
    """A data folder with one saved game (number 1, id 5f0c2a9e41d7), to name a game that isn't there."""
    store = ProgressStore(tmp_path)
    record = SessionRecord("5f0c2a9e41d7", Settings(seed=7), ("open 52",))
    store.games.save_game(record.id, record.to_json(), match_length=0, level="intermediate", version=1)
    store.close()
    return tmp_path


def test_output_survives_a_terminal_that_cannot_show_accents(tmp_path: Path) -> None:
    lesson = tmp_path / "01-accent.toml"
    lesson.write_text('id = "accent"\nnumber = 1\ntitle = "Leçon"\nsummary = "é"\n[[steps]]\nkind = "réad"\n', "utf-8")
    # Python would switch a C locale's output to UTF-8 by itself; an ASCII-only terminal is asked for outright.
    environment = {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii", "PYTHONCOERCECLOCALE": "0"}
    result = bgtrainer("validate", str(lesson), env=environment)
    assert result.returncode == 1, result.stderr
    assert "UnicodeEncodeError" not in result.stderr and "Traceback" not in result.stderr
    assert "unknown step kind 'r?ad'" in result.stdout


# --- validate on files that are not content files -----------------------------------------------------------------


def problems_of(path: Path) -> list[str]:
    return [problem.message for problem in validate_paths([path]).problems]


def test_validate_reports_a_symlink_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    assert any("cannot read" in message for message in problems_of(loop))


def test_validate_reports_a_pipe_without_waiting_for_it(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    assert problems_of(pipe) == ["this is a pipe, not a content file"]


def test_validate_reports_a_device_without_reading_it_all() -> None:
    assert problems_of(Path("/dev/zero")) == ["this is a device or socket, not a content file"]


def test_validate_reports_a_file_too_large(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * MAX_CONTENT_BYTES)
    assert any("1 MB" in message for message in problems_of(big))


def test_validate_reports_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.toml"
    locked.write_text('id = "x"\n', "utf-8")
    real_open = os.open

    def refuse(path: object, flags: int, *args: object) -> int:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(ContentFileError, match="Permission denied"):
        read_content_text(locked)
    assert problems_of(locked) == ["cannot read the file: Permission denied"]


def test_validate_reports_an_unlistable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()

    def refuse(self: Path) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", refuse)
    assert problems_of(folder) == ["cannot list the folder: Permission denied"]


def test_validate_reports_files_it_cannot_even_look_at_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    long_name = tmp_path / ("x" * 300 + ".toml")  # longer than a file name may be
    locked = tmp_path / "locked"  # a folder this user may not search (simulated: the tests run as root)
    locked.mkdir()
    (locked / "hidden.toml").write_text('id = "x"\n', "utf-8")
    good = tmp_path / "01-board.toml"
    good.write_bytes((Path(__file__).resolve().parent.parent / "lessons" / "01-board.toml").read_bytes())

    def refusing(real: Callable[..., object]) -> Callable[..., object]:
        def call(path: object, *args: object, **kwargs: object) -> object:
            if str(path).startswith(f"{locked}/"):
                raise PermissionError(13, "Permission denied", str(path))
            return real(path, *args, **kwargs)

        return call

    for name in ("stat", "lstat", "open"):
        monkeypatch.setattr(os, name, refusing(getattr(os, name)))
    status = cli.main(["validate", str(long_name), str(locked / "hidden.toml"), str(locked / "folder"), str(good)])
    lines = capsys.readouterr().out.splitlines()
    assert status == 1
    assert lines[0].startswith(str(tmp_path)) and lines[0].endswith("…oml: cannot read the file: File name too long")
    assert lines[1:] == [
        f"{locked / 'hidden.toml'}: cannot read the file: Permission denied",
        f"{locked / 'folder'}: cannot read the file: Permission denied",
        "3 problems in 3 of 4 files.",
    ]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (f"x = {'9' * 5000}\n".encode(), "not valid TOML"),
        (b"x = " + b"[" * 3000 + b"]" * 3000 + b"\n", "not valid TOML"),
        (b"\xff\xfe not utf-8", "not UTF-8"),
    ],
    ids=["5000-digits", "3000-nested", "not-utf8"],
)
def test_validate_reports_hostile_content_as_the_files_problem(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "hostile.toml"
    path.write_bytes(content)
    messages = problems_of(path)
    assert messages and any(expected in message for message in messages), messages


@pytest.mark.parametrize(
    "lesson",
    [
        'id = "x"\nnumber = 1\ntitle = "T"\nsummary = "s"\n[[steps]]\nkind = "' + "k" * 900_000 + '"\n',
        'id = "x"\nnumber = 1\ntitle = "T"\nsummary = "s"\n' + "k" * 900_000 + ' = 1\n[[steps]]\nkind = "read"\n',
        'id = "x"\nnumber = 1\ntitle = "T"\nsummary = "s"\n[[steps]]\nkind = "a\\nb\\u001b[2Jc"\n',
    ],
    ids=["huge-kind", "huge-key", "newline-and-escape"],
)
def test_validate_quotes_what_a_file_holds_short_and_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lesson: str
) -> None:
    path = tmp_path / "hostile.toml"
    path.write_text(lesson, "utf-8")
    assert cli.main(["validate", str(path)]) == 1
    *problems, summary = capsys.readouterr().out.splitlines()
    assert summary == f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in 1 of 1 file."
    assert problems and all(len(line) <= 600 and "\x1b" not in line for line in problems), problems
    assert any("unknown" in line for line in problems), problems


def test_validate_reads_a_file_of_newlines_as_an_empty_lesson(tmp_path: Path) -> None:
    path = tmp_path / "newlines.toml"
    path.write_bytes(b"\n" * 200_000)  # the puzzle-table search is linear in the lines, not quadratic
    problems = [(problem.where, problem.message) for problem in validate_paths([path]).problems]
    fields = ("id", "number", "title", "summary", "steps")
    assert problems == [(f"field '{name}'", "this field is required") for name in fields]


HOSTILE_CONTENT = Path(__file__).resolve().parent / "data" / "hostile_content"
FINITE_FIX = "write the evaluator's number, e.g. 0.153; bgtrainer lessons figures POSITION DICE computes them"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "nan_equity.toml",
            [
                ("step 1 (best), field 'plays.0.equity'", "nan is not a figure: an equity or a chance must be a "
                 "finite number", FINITE_FIX),
                ("step 2 (cube), field 'figures.win'", "inf is not a figure: an equity or a chance must be a finite "
                 "number", FINITE_FIX),
            ],
        ),
        (
            "nan_puzzle.toml",
            [
                ("puzzle 1 (not-a-number-0001), field 'plays.1.equity'", "-inf is not a figure: an equity or a "
                 "chance must be a finite number", FINITE_FIX),
            ],
        ),
        (
            "float_answer.toml",
            [
                ("step 1 (pips), field 'answer'", "'17.0' is not a whole number",
                 "write a whole number, without quotes or decimals, e.g. 17"),
            ],
        ),
        (
            "huge_number.toml",
            [
                ("field 'number'", "lesson number 100000000000000000000 is out of range: number the lessons from 1 "
                 "to 999", None),
            ],
        ),
    ],
)  # fmt: skip
def test_validate_names_figures_that_are_no_numbers_and_counts_that_are_no_whole_numbers(
    name: str, expected: list[tuple[str, str, str | None]]
) -> None:
    path = HOSTILE_CONTENT / name
    problems = validate_paths([path]).problems
    assert [(problem.where, problem.message, problem.suggestion) for problem in problems] == expected
    assert all(problem.file == str(path) for problem in problems)


def test_validate_takes_a_whole_number_count_and_the_last_lesson_number(tmp_path: Path) -> None:
    text = (HOSTILE_CONTENT / "float_answer.toml").read_text("utf-8")
    fixed = text.replace('answer = "17.0"', "answer = 17").replace("number = 91", "number = 999")
    path = tmp_path / "fixed.toml"
    path.write_text(fixed, "utf-8")
    assert validate_paths([path]).problems == []


def test_one_bad_file_never_stops_the_others(tmp_path: Path) -> None:
    (tmp_path / "a-pipe.toml").unlink(missing_ok=True)
    os.mkfifo(tmp_path / "a-pipe.toml")
    (tmp_path / "b-nested.toml").write_bytes(b"x = " + b"[" * 3000 + b"]" * 3000)
    shipped = Path(__file__).resolve().parent.parent / "lessons" / "01-board.toml"
    (tmp_path / "c-good.toml").write_bytes(shipped.read_bytes())
    report = validate_paths([tmp_path])
    assert {problem.file.rsplit("/", 1)[-1] for problem in report.problems} == {"a-pipe.toml", "b-nested.toml"}
    assert len(report.checked) == 3
