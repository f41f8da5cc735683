"""``bgtrainer game list`` and ``bgtrainer game export``: saved games, and one as a .mat file."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest
from play_support import CheapEvaluator, decide

from trainer.cli.main import EXIT_USAGE, main
from trainer.play import Session, Waiting, parse_mat
from trainer.store import ProgressStore


def saved_games(data_dir: Path) -> list[Session]:
    """Two sessions saved in ``data_dir``: a finished money game, then a 3-point match under way."""
    sessions = []
    store = ProgressStore(data_dir)
    for length, turns in ((0, 10_000), (3, 30)):
        session = Session.new(length, "beginner", seed=7 + length, evaluator=CheapEvaluator(), tutor=False)
        for _ in range(turns):
            if session.waiting_for is Waiting.OVER:
                break
            decide(session)
        store.games.save_game(**asdict(session.save_info()), version=1)
        sessions.append(session)
    store.close()
    return sessions


def test_game_list_shows_every_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "game", "list"]) == 0
    assert capsys.readouterr().out == "No games against the computer yet.\n"
    money, match = saved_games(tmp_path)
    assert main(["--data-dir", str(tmp_path), "game", "list"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.split()[:2] == ["1", money.id] and "money game, beginner" in first and "You " in first
    assert second.split()[:2] == ["2", match.id] and "3-point match, beginner" in second and "under way" in second


def test_game_list_in_portuguese_says_the_level_the_date_and_the_result_even_one_stored_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ProgressStore(tmp_path)
    old = "You lost a single game for 1 point (the double was passed)."
    for game_id, result in (("a", old), ("b", "lost single 1 passed")):
        store.games.save_game(game_id, "{}", match_length=0, level="intermediate", computer_score=1, finished=True,
                              result=result, version=1)  # fmt: skip
    store.close()
    assert main(["--lang", "pt", "--data-dir", str(tmp_path), "game", "list"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert "intermediário" in first and "intermediate" not in first and re.search(r" \d\d/\d\d/\d{4} ", first)
    assert "You " not in first and "1 ponto" in first
    assert first.split("intermediário")[1] == second.split("intermediário")[1]


def test_game_export_prints_a_mat_file_of_the_latest_or_the_chosen_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, match = saved_games(tmp_path)
    assert main(["--data-dir", str(tmp_path), "game", "export"]) == 0
    latest = parse_mat(capsys.readouterr().out)
    assert latest.length == 3 and latest.games[0].names == ("bgtrainer", "Learner")
    assert main(["--data-dir", str(tmp_path), "game", "export", "1", "--name", "Ada"]) == 0
    first = parse_mat(capsys.readouterr().out)
    assert first.length == 0 and first.games[0].names == ("bgtrainer", "Ada") and first.games[0].winner is not None
    assert main(["--data-dir", str(tmp_path), "game", "export", match.id]) == 0
    assert parse_mat(capsys.readouterr().out) == latest


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["game", "export", "9"], "no saved game '9'"),
        (["game", "export", "nonsense"], "no saved game 'nonsense'"),
        (["game", "export", "1", "--name", "a:b"], "colon"),
    ],
)
def test_bad_input_gives_a_one_line_error_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    saved_games(tmp_path)
    assert main(["--data-dir", str(tmp_path), *args]) == EXIT_USAGE
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("bgtrainer: error: ") and fragment in error


def test_exporting_with_no_game_or_a_damaged_record_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(tmp_path), "game", "export"]) == EXIT_USAGE
    assert "no saved game to export" in capsys.readouterr().err
    store = ProgressStore(tmp_path)
    store.games.save_game("broken", '{"format": "bgtrainer-session"}', match_length=0, level="beginner", version=1)
    store.close()
    assert main(["--data-dir", str(tmp_path), "game", "export"]) == EXIT_USAGE
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "game 1 (broken) cannot be exported" in error


def test_the_game_command_needs_an_action() -> None:
    result = subprocess.run([sys.executable, "-m", "trainer", "game"], capture_output=True, text=True, check=False)
    assert result.returncode == EXIT_USAGE and result.stderr.count("\n") == 1


def test_game_list_shows_stored_control_characters_as_visible_signs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ProgressStore(tmp_path)
    store.games.save_game("g\x1b]0;owned\x07", "{}", match_length=0, level="strong\x1b[31m", version=1)
    store.games.save_game("h", "{}", match_length=0, level="beginner", finished=True, result="won\r\x9b2J", version=1)
    store.close()
    assert main(["--data-dir", str(tmp_path), "game", "list"]) == 0
    out = capsys.readouterr().out
    assert out.replace("\n", "").isprintable()
    first, second = out.splitlines()
    assert "g␛]0;owned␇" in first and "money game, strong␛[31m" in first
    assert second.endswith("won␍\\x9b2J")


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("Ada\x1b[2J", "can't hold control characters"),
        ("Ada\tLovelace", "can't hold control characters"),
        ("Ada\r", "can't hold control characters"),
        ("x" * 1_000_000, "--name must be at most 40 characters, not 1,000,000"),
        ("a:b", "can't hold a colon"),
        ("  ", "--name can't be empty"),
    ],
)
def test_a_name_the_mat_file_cannot_carry_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, fragment: str
) -> None:
    saved_games(tmp_path)
    assert main(["--data-dir", str(tmp_path), "game", "export", "--name", name]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and len(captured.err) < 300
    assert captured.err.startswith("bgtrainer: error: --name") and fragment in captured.err
    assert "\x1b" not in captured.err and "\t" not in captured.err and "\r" not in captured.err


@pytest.mark.parametrize("name", ["Ada\x1b[2J", "Ada\tLovelace", "Ada\r", "x" * 41, "a:b", "", "Ada\n"])
def test_the_mat_writer_itself_refuses_a_name_it_cannot_carry(tmp_path: Path, name: str) -> None:
    from trainer.play import RecordError, SessionRecord, export_mat

    money, _ = saved_games(tmp_path)
    record = SessionRecord.from_json(money.record.to_json())
    with pytest.raises(RecordError, match="a player's name is 1 to 40 printable characters"):
        export_mat(record, learner_name=name)
    with pytest.raises(RecordError):
        export_mat(record, computer_name=name)
    assert "x" * 40 in export_mat(record, learner_name="x" * 40)


def test_game_list_skips_a_damaged_game_and_says_so_on_standard_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    from trainer.store import DATABASE_NAME

    money, match = saved_games(tmp_path)
    for assignment in ("started_at = 1e308", "started_at = -1e300", "updated_at = 1e308"):
        connection = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
        connection.execute(f"UPDATE game SET {assignment} WHERE id = ?", (money.id,))
        connection.close()
        assert main(["--data-dir", str(tmp_path), "game", "list"]) == 0
        captured = capsys.readouterr()
        (line,) = captured.out.splitlines()
        assert line.split()[:2] == ["1", match.id]
        assert captured.err.startswith("bgtrainer: 1 damaged saved game in the progress file was skipped")
        connection = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
        connection.execute("UPDATE game SET started_at = 1e9, updated_at = 1e9 WHERE id = ?", (money.id,))
        connection.close()
