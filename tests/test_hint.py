"""``bgtrainer hint``: every play of a roll ranked by bgsage, or the cube decision, as text or JSON."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from trainer.cli.main import main
from trainer.engine import Position, legal_plays

START = "4HPwATDgc/ABMA"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "trainer", *args], capture_output=True, text=True, timeout=60)


def hint_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main(["hint", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_lists_every_legal_play_once_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    records = hint_json(capsys, START, "31")
    assert isinstance(records, list)
    plays = legal_plays(Position.start(), (3, 1))
    assert sorted(record["result"] for record in records) == sorted(play.result.position_id() for play in plays)
    assert sorted(record["play"] for record in records) == sorted(str(play) for play in plays)
    assert [record["rank"] for record in records] == list(range(1, len(plays) + 1))
    equities = [record["equity"] for record in records]
    assert equities == sorted(equities, reverse=True)
    assert records[0]["play"] == "8/5 6/5" and records[0]["difference"] == 0
    for record in records:
        assert set(record) == {"rank", "play", "result", "equity", "cubeless_equity", "difference", "chances", "plies"}
        assert record["difference"] == pytest.approx(record["equity"] - equities[0], abs=1e-4)
        chances = record["chances"]
        assert set(chances) == {"win", "win_gammon", "win_backgammon", "lose", "lose_gammon", "lose_backgammon"}
        assert chances["win"] + chances["lose"] == pytest.approx(1)
        assert chances["win"] >= chances["win_gammon"] >= chances["win_backgammon"] >= 0
        assert record["plies"] == 1


def test_text_ranks_every_play_with_equity_difference_and_chances(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "start", "6-1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"X to play 6-1 in {START}: 10 legal plays, ranked by 1-ply cubeful money equity")
    assert lines[1].split() == ["#", "Play", "Equity", "Diff", "Win", "W(g)", "W(bg)", "Lose", "L(g)", "L(bg)"]
    rows = lines[2:]
    assert len(rows) == 10
    assert rows[0].split()[:3] == ["1", "13/7", "8/7"] and len(rows[0].split()) == 10  # no difference for the best
    listed = [" ".join(row.split()[1 : -7 if index == 0 else -8]) for index, row in enumerate(rows)]
    assert sorted(listed) == sorted(str(play) for play in legal_plays(Position.start(), (6, 1)))
    assert all(row.split()[-7].startswith("-") for row in rows[1:])


def test_the_dice_of_an_xgid_are_used(capsys: pytest.CaptureFixture[str]) -> None:
    with_dice = hint_json(capsys, "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
    assert with_dice == hint_json(capsys, START, "31")


def test_plies_choose_the_depth(capsys: pytest.CaptureFixture[str]) -> None:
    records = hint_json(capsys, START, "65", "--plies", "2")
    assert isinstance(records, list) and {record["plies"] for record in records} == {2}
    assert len(records) == 7


def test_without_dice_the_cube_decision(capsys: pytest.CaptureFixture[str]) -> None:
    record = hint_json(capsys, START)
    assert isinstance(record, dict)
    assert set(record) == {
        "position", "cube", "plies", "no_double", "double_take", "double_pass", "action", "cubeless_equity", "chances",
        "cube_value", "away", "crawford",
    }  # fmt: skip
    assert (record["cube_value"], record["away"], record["crawford"]) == (1, [0, 0], False)  # money play
    assert record["position"] == START and record["cube"] == "centered" and record["plies"] == 1
    assert record["action"] == "no double" and record["double_pass"] == 1.0
    assert record["no_double"] > record["double_take"]
    assert main(["hint", START]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"X on roll in {START}, before rolling (cube centered)")
    assert [line.split()[:2] for line in lines[1:4]] == [["No", "double"], ["Double,", "take"], ["Double,", "pass"]]
    assert lines[4] == "Right action: no double"


def test_a_cube_owned_by_the_player_on_roll(capsys: pytest.CaptureFixture[str]) -> None:
    owned = hint_json(capsys, "X: 6x3 5x3 4x3 3x3 2x3 / O: barx3 24x3 23x3 13x3 12x3", "--cube", "player")
    assert isinstance(owned, dict) and owned["cube"] == "player" and owned["action"] == "too good to double"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["hint", START, "77"], "cannot read the dice '77'"),
        (["hint", "not-a-position", "65"], "'not-a-position' is not a Position ID"),
        (["hint", START, "65", "--plies", "0"], "--plies: must be a whole number from 1 to 3, not '0'"),
        (["hint", START, "65", "--plies", "4"], "from 1 to 3, not '4'"),
        (["hint", START, "65", "--plies", "two"], "not 'two'"),
        (["hint", START, "--cube", "opponent"], "X cannot double, O owns the cube"),
        (["hint", START, "--cube", "middle"], "invalid choice: 'middle'"),
        (["hint", "X: - / O: 24x15", "65"], "the game is over: X has borne off all 15 checkers"),
        (["hint"], "required: POSITION"),
    ],
)
def test_bad_input_gives_a_one_line_error_and_status_2(args: list[str], fragment: str) -> None:
    completed = run(*args)
    assert completed.returncode == 2
    assert completed.stdout == ""
    lines = completed.stderr.splitlines()
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("bgtrainer") and fragment in lines[0]


def test_help_names_the_command() -> None:
    assert "hint" in run("--help").stdout
    assert "--plies" in run("hint", "--help").stdout
