"""The ``bgtrainer`` command line: ``moves``, ``cube``, ``--version``, ``--help`` and one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from trainer import __version__
from trainer.cli.main import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, text=True, timeout=60)


def test_moves_lists_every_play_and_says_it_is_not_forced(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "4HPwATDgc/ABMA", "65"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert set(lines[:-1]) == {"24/13", "24/18 13/8", "24/18 8/3", "13/8 13/7", "13/7 8/3", "13/2", "8/3 8/2"}
    assert lines[-1] == "Not forced: there are 7 different legal plays."


def test_moves_accepts_dash_dice_and_an_xgid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "6-5"]) == 0
    first = capsys.readouterr().out
    assert main(["moves", "XGID=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10"]) == 0
    assert capsys.readouterr().out == first
    assert "24/13" in first


def test_moves_explains_a_forced_play(capsys: pytest.CaptureFixture[str]) -> None:
    # X has one checker on the bar and the rest on its 3-point; O holds every home point but X's entry point 19.
    position = "X: bar 3x14 / O: 24x2 23x2 22x2 21x2 20x2 12x5"
    assert main(["moves", position, "65"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "bar/14"
    assert out[1].startswith("Forced: bar/14 is the only legal play.")


def test_moves_says_when_there_is_no_legal_play(capsys: pytest.CaptureFixture[str]) -> None:
    position = "X: bar 6x5 8x3 13x5 / O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3"
    assert main(["moves", position, "53"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith("No legal play:")
    assert "point 20" in out[0] and "point 22" in out[0]


def test_moves_accepts_acey_deucey_checkers_waiting_to_enter(capsys: pytest.CaptureFixture[str]) -> None:
    # O holds X's 22-point, so a 3 cannot enter; the checkers already in may move instead.
    assert main(["moves", "X: waitx13 24 23 / O: waitx13 22x2", "31"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert set(lines[:-1]) == {"in/21", "in/24 23/20", "24/20", "23/19"}
    assert lines[-1] == "Not forced: there are 4 different legal plays."
    assert main(["moves", "X: waitx15 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3", "66"]) == 0
    assert capsys.readouterr().out.startswith("No legal play: every checker that could move a 6 would land on a closed")
    assert main(["moves", "X: waitx16 / O: waitx15", "31"]) == 2
    assert "X has 16 checkers on the board, on the bar and waiting" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["moves", "4HPwATDgc/ABMA", "77"], "cannot read the dice '77'"),
        (["moves", "4HPwATDgc/ABMA", "6"], "cannot read the dice '6'"),
        (["moves", "not-a-position", "65"], "'not-a-position' is not a Position ID"),
        (["moves", "//////////////", "65"], "too many checkers"),
        (["moves", "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "65"], "is not an XGID"),
        (["moves", "4HPwATDgc/ABMA"], "no dice given"),
        (["moves"], "required: POSITION"),
        (["frobnicate"], "invalid choice"),
        (["cube", "4HPwATDgc/ABMA"], "X has a checker on its 24-point: this is not a pure bear-off"),
        (["cube", "X: 6x7 / O: 24"], "X has 7 checkers left; the exact cube table covers bear-offs of at most 6"),
        (["cube", "X: 1 / O: 24", "--owner", "opponent"], "invalid choice: 'opponent'"),
        (["cube", "XGID=---ABBA------------bbaa---:1:-1:1:00:4:3:0:9:10"], "the opponent owns the cube"),
        (["cube", "XGID=---ABBA------------bbaa---:1:1:1:52:4:3:0:9:10"], "the dice are already rolled (5-2)"),
    ],
)
def test_bad_input_gives_a_one_line_error_and_status_2(args: list[str], fragment: str) -> None:
    completed = run(*args)
    assert completed.returncode == 2
    assert completed.stdout == ""
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("bgtrainer")
    assert fragment in lines[0]
    assert "Traceback" not in completed.stderr


def test_version_and_help() -> None:
    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"bgtrainer {__version__}"
    helped = run("--help")
    assert helped.returncode == 0 and "moves" in helped.stdout
    assert run("moves", "--help").stdout.count("POSITION") >= 2


def test_cube_prints_the_equities_the_action_and_the_take_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    # GNU Backgammon's figures for this bear-off: centered 0.4104, opponent owns 0.2195 (so double/take 0.439).
    assert main(["cube", "swIAAGkBAAAAAA"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "X on roll, the cube in the middle. Without the cube X wins 63.6% (equity +0.272).",
        "Money equities for X, per unit of the cube:",
        "  No double     +0.410",
        "  Double, take  +0.439",
        "  Double, pass  +1.000",
        "Right action: double, take (margin 0.029).",
        "O should take: passing loses 1.000, taking loses 0.439.",
        "Take point: 25% of the wins with the cube dead, less here, since owning the cube after a take is worth "
        "something. O has 36.4%.",
    ]


def test_cube_owned_by_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cube", "X: 6 5x2 4 2 / O: 24x2 22x2 21 20", "--owner", "player"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("X on roll, X owning the cube.")
    assert "  No double     +0.464" in out
    assert out[-3:-1] == [
        "Right action: no double (margin 0.025).",
        "Doubled, O should take: passing loses 1.000, taking loses 0.439.",
    ]


def test_cube_reads_the_cube_and_score_of_an_xgid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cube", "XGID=---ABBA------------bbaa---:1:1:1:00:4:3:0:9:10"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("X on roll, X owning the cube.")
    assert out[-1] == "These are money figures: the score in the position (X 4, O 3 in a 9-point match) is not used."


def test_cube_says_when_o_should_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cube", "X: 1 / O: 19x6"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == [
        "Right action: double, pass (margin 0.000).",
        "O should pass: taking loses 2.000, passing loses 1.000.",
        "Take point: 25% of the wins with the cube dead, less here, since owning the cube after a take is worth "
        "something. O has 0.0%.",
    ]


def test_cube_on_the_last_roll_gives_the_25_percent_take_point(capsys: pytest.CaptureFixture[str]) -> None:
    # X's checkers on its 4- and 3-points: 17 of 36 rolls bear both off, and O's last checker is off next turn.
    assert main(["cube", "X: 4 3 / O: 24"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == (
        "Take point: on this last roll the cube is never turned again, so a take needs 25% of the wins; O has 52.8%."
    )


def test_cube_names_the_side_on_roll_as_the_position_says(capsys: pytest.CaptureFixture[str]) -> None:
    """An XGID with O on roll (turn -1, O owning the cube): the report speaks of O doubling and X answering."""
    assert main(["cube", "XGID=---ABBA------------bbaa---:1:-1:-1:00:4:3:0:9:10"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "O on roll, O owning the cube. Without the cube O wins 59.3% (equity +0.186)."
    assert out[1] == "Money equities for O, per unit of the cube:"
    assert out[6] == "Doubled, X should take: passing loses 1.000, taking loses 0.173."


def test_hint_says_that_bgsage_cannot_evaluate_checkers_waiting_to_enter(capsys: pytest.CaptureFixture[str]) -> None:
    """Not that a Position ID can't hold them: the text form was given, and bgsage knows only the standard game."""
    for dice in (["21"], []):
        assert main(["hint", "X: waitx13 24 23 / O: waitx15", *dice]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "Position ID" not in error
        assert "bgsage evaluates standard backgammon only" in error
        assert "'X: waitx13 24 23 / O: waitx15' has checkers waiting to enter (acey-deucey)" in error


def test_cube_quotes_the_position_as_it_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cube", "X: 13 6 / O: 24"]) == 2
    error = capsys.readouterr().err
    assert error == (
        "bgtrainer: error: 'X: 13 6 / O: 24': X has a checker on its 13-point: this is not a pure bear-off\n"
    )
    assert main(["cube", "X: waitx13 6 5 / O: waitx15"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("bgtrainer: error: 'X: waitx13 6 5 / O: waitx15': checkers wait to enter (acey-deucey)")
    assert "Position ID" not in error


def test_the_generators_report_agrees_with_its_count(tmp_path: Path) -> None:
    from trainer.cli.wording import puzzles_written

    assert puzzles_written(1, "forced", tmp_path / "a.toml") == f"wrote 1 forced puzzle to {tmp_path / 'a.toml'}"
    assert puzzles_written(2, "forced", tmp_path / "a.toml") == f"wrote 2 forced puzzles to {tmp_path / 'a.toml'}"
