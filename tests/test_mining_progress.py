"""``bgtrainer puzzles generate`` under long runs and odd outputs: a progress line with the time left on a terminal
(a line every hundred puzzles elsewhere), a clean stop on Ctrl+C, and an ``--output`` that is not a regular file
refused at once, before the mining and without opening it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from trainer.authoring.skill_mining import _spread
from trainer.cli import main as cli
from trainer.cli.progress import LINE_EVERY, MiningProgress
from trainer.content import generate
from trainer.i18n import use_language

DATA = Path(__file__).resolve().parent / "data" / "hostile_output"


class Terminal(io.StringIO):
    """Standard error as a terminal would be."""

    def isatty(self) -> bool:
        return True


class Clock:
    """A clock moved by hand, in seconds."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def drawn_lines(stream: io.StringIO) -> list[str]:
    """The states of a line redrawn with carriage returns, each without its trailing blanks."""
    return [part.rstrip() for part in stream.getvalue().replace("\n", "\r").split("\r") if part.strip()]


def test_on_a_terminal_the_line_shows_the_count_a_bar_and_the_time_left_from_the_rate_so_far() -> None:
    clock, stream = Clock(), Terminal()
    with MiningProgress("best", 1000, stream=stream, clock=clock) as found:
        clock.now += 80
        found(1)
        clock.now += 80 * 99
        found(100)
        clock.now += 80 * 899
        found(999)
    assert drawn_lines(stream) == [
        "[..........] best: 0 of 1,000 puzzles found, estimating the time left",
        "[..........] best: 1 of 1,000 puzzles found, about 22 h 12 min left",
        "[#.........] best: 100 of 1,000 puzzles found, about 20 h 00 min left",
        "[#########.] best: 999 of 1,000 puzzles found, about 1 minute left",
    ]
    assert stream.getvalue().endswith("\n"), "the line is ended, so that what follows starts on its own"


def test_a_shorter_line_wipes_the_longer_one_before_it() -> None:
    clock, stream = Clock(), Terminal()
    with MiningProgress("pips", 5, stream=stream, clock=clock) as found:
        clock.now += 30
        found(1)
    first, second = stream.getvalue().split("\r")[1:3]
    assert len(second) >= len(first)


def test_elsewhere_a_line_every_hundred_puzzles_and_nothing_for_a_short_run() -> None:
    clock, stream = Clock(), io.StringIO()
    with MiningProgress("forced", 250, stream=stream, clock=clock) as found:
        for kept in range(1, 251):
            clock.now += 1
            found(kept)
    assert stream.getvalue().splitlines() == [
        f"forced: {LINE_EVERY} of 250 puzzles found, about 2 minutes left",  # 150 s at 1 s a puzzle
        f"forced: {2 * LINE_EVERY} of 250 puzzles found, less than a minute left",
    ]
    quiet = io.StringIO()
    with MiningProgress("forced", 20, stream=quiet) as found:
        for kept in range(1, 21):
            found(kept)
    assert quiet.getvalue() == ""


def test_more_kept_than_asked_for_shows_as_all_of_them() -> None:
    stream = Terminal()
    with MiningProgress("forced", 30, stream=stream, clock=Clock()) as found:
        found(34)
    assert drawn_lines(stream)[-1].startswith("[##########] forced: 30 of 30 puzzles found")


def test_ctrl_c_ends_the_line_and_says_what_was_found_and_that_nothing_was_written() -> None:
    stream = Terminal()
    with pytest.raises(KeyboardInterrupt), MiningProgress("best", 1000, stream=stream, clock=Clock()) as found:
        found(37)
        raise KeyboardInterrupt
    lines = stream.getvalue().split("\n")
    assert lines[-2] == "bgtrainer: stopped after 37 of 1,000 puzzles: nothing written" and lines[-1] == ""


def test_the_progress_line_speaks_portuguese() -> None:
    use_language("pt")
    try:
        stream = Terminal()
        with MiningProgress("pips", 1000, stream=stream, clock=Clock()) as found:
            found(1)
    finally:
        use_language("en")
    assert drawn_lines(stream)[-1] == "[..........] pips: 1 de 1,000 problemas encontrados, falta menos de um minuto"


def test_the_generate_command_shows_its_progress_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    output = tmp_path / "forced.toml"
    assert cli.main(["puzzles", "generate", "--kind", "forced", "--count", "3", "--output", str(output)]) == 0
    lines = drawn_lines(stream)
    assert lines[0].endswith("forced: 0 of 3 puzzles found, estimating the time left")
    assert [line.split("] ")[1].split(",")[0] for line in lines[1:]] == [
        f"forced: {kept} of 3 puzzles found" for kept in (1, 2, 3)
    ]
    assert capsys.readouterr().out.strip() == f"wrote 3 forced puzzles to {output}"


def test_ctrl_c_while_mining_stops_cleanly_with_status_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(kind: str, count: int, seed: int, *, found: generate.Found | None = None) -> list[object]:
        assert found is not None
        found(2)
        raise KeyboardInterrupt

    monkeypatch.setattr(generate, "mine", interrupted)
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    output = tmp_path / "forced.toml"
    assert cli.main(["puzzles", "generate", "--kind", "forced", "--count", "9", "--output", str(output)]) == 130
    assert stream.getvalue().endswith("\nbgtrainer: stopped after 2 of 9 puzzles: nothing written\n")
    assert not output.exists()


def test_the_skill_miners_tell_how_many_they_have_kept() -> None:
    told: list[int] = []

    def stream() -> Iterator[str]:
        yield from ["a1", "a2", "b1", "a3", "b2", "c1", "b3"]

    picked = _spread(stream(), 4, ("a", "b"), lambda c: c[0], lambda c: c, found=told.append)
    assert picked == ["a1", "a2", "b1", "b2"]
    assert told == [1, 2, 3, 4]


def bgtrainer(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer", *arguments], capture_output=True, text=True, timeout=30, check=False
    )


def test_an_output_that_is_a_pipe_is_refused_at_once_without_being_opened(tmp_path: Path) -> None:
    pipe = tmp_path / "out.toml"
    os.mkfifo(pipe)
    # a pipe opened for writing would wait for a reader: the subprocess's timeout fails the test if it does
    result = bgtrainer("puzzles", "generate", "--kind", "best", "--count", "1000", "--output", str(pipe))
    assert result.returncode == 2
    assert result.stderr == f"bgtrainer: error: cannot write {pipe}: it is a pipe, not a file\n"
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("folder", "it is a folder, not a file"),
        ("missing/out.toml", "No such file or directory"),
        ("regular.toml/out.toml", "Not a directory"),
    ],
)
def test_an_output_that_can_t_be_a_new_or_regular_file_is_refused_before_mining(
    tmp_path: Path, name: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "regular.toml").write_text("", encoding="utf-8")

    def never(*arguments: object, **keywords: object) -> list[object]:
        raise AssertionError("mined for an output that can't be written")

    monkeypatch.setattr(generate, "mine", never)
    target = tmp_path / name
    assert cli.main(["puzzles", "generate", "--kind", "forced", "--count", "5", "--output", str(target)]) == 2
    assert capsys.readouterr().err == f"bgtrainer: error: cannot write {target}: {said}\n"


def test_an_output_that_is_a_device_is_refused() -> None:
    result = bgtrainer("puzzles", "generate", "--kind", "forced", "--count", "1", "--output", os.devnull)
    assert result.returncode == 2
    assert result.stderr == f"bgtrainer: error: cannot write {os.devnull}: it is a device or socket, not a file\n"


def test_an_existing_regular_output_and_a_link_to_one_are_replaced(tmp_path: Path) -> None:
    old = DATA / "old_output.toml"
    target = tmp_path / "old.toml"
    target.write_bytes(old.read_bytes())
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    result = bgtrainer("puzzles", "generate", "--kind", "forced", "--count", "2", "--output", str(link))
    assert result.returncode == 0, result.stderr
    text = target.read_text(encoding="utf-8")
    assert link.is_symlink() and "forced-s1-0002" in text and old.read_text(encoding="utf-8") not in text
