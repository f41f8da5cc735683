"""GNU Backgammon's .sgf and eXtreme Gammon's .xg match files: read into the same match a .mat file gives, with the
analysis an .sgf file carries kept beside bgtrainer's own (tests/data/analyse/gnubg-match3.* and gnubg-session.*:
gnubg's self-play saved as .sgf, exported as .mat and as text); hostile files refused in one line."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from play_support import CheapEvaluator

from trainer.cli.main import EXIT_USAGE, main
from trainer.engine import EngineError
from trainer.play import parse_mat
from trainer.play.analyse import (
    DecisionKind,
    DecisionPoint,
    ReplayProblem,
    analyse_match,
    decision_points,
    kept_analysis,
)
from trainer.play.match_file import MAX_MATCH_BYTES, read_match_file
from trainer.play.matfile import MatMatch
from trainer.play.sgffile import SgfParseError, parse_sgf

DATA = Path(__file__).parent / "data" / "analyse"
PAIRS = ("gnubg-match3", "gnubg-session")


def sgf_text(name: str) -> str:
    return (DATA / f"{name}.sgf").read_text(encoding="utf-8")


def kept_by_key(match: MatMatch) -> dict[tuple[int, int, bool], object]:
    return {(item.game, item.number, item.before_roll): item for item in match.file_analysis}


@pytest.mark.parametrize("name", PAIRS)
def test_an_sgf_file_lists_the_same_decisions_as_the_mat_file_of_the_same_match(name: str) -> None:
    from_sgf = read_match_file(DATA / f"{name}.sgf")
    from_mat = read_match_file(DATA / f"{name}.mat")
    assert [game.number for game in from_sgf.games] == [game.number for game in from_mat.games]
    assert [(g.names, g.scores, g.winner, g.points) for g in from_sgf.games] == [
        (g.names, g.scores, g.winner, g.points) for g in from_mat.games
    ]
    points = list(decision_points(from_sgf))
    assert points == list(decision_points(from_mat))  # same games, moves, dice, plays and cube actions
    assert all(isinstance(point, DecisionPoint) for point in points)
    kinds = {point.kind for point in points if isinstance(point, DecisionPoint)}
    assert kinds == {DecisionKind.MOVE, DecisionKind.DOUBLE, DecisionKind.TAKE}


def test_the_sgf_file_s_rules_and_analysis_are_read() -> None:
    match = parse_sgf(sgf_text("gnubg-match3"))
    assert (match.length, match.crawford_rule, match.cube_used, match.jacoby) == (3, True, True, False)
    assert match.analysed_by == "GNU Backgammon"
    assert {item.level for item in match.file_analysis} == {"0-ply"}
    assert parse_sgf(sgf_text("gnubg-session")).length == 0


def _printed(name: str) -> tuple[list[float], list[tuple[float, float]]]:
    """gnubg's printout of game 1: the loss of each play made (the starred line), and each cube analysis's no
    double and double/take equities."""
    text = (DATA / f"{name}.txt").read_text(encoding="utf-8")
    losses = []
    for line in text.splitlines():
        found = re.match(r"\*\s+\d+\. .*Eq\.:\s+[-+]\d\.\d{3}(?:\s+\(([-+]\d\.\d{3})\))?", line)
        if found:
            losses.append(0.0 if found.group(1) is None else -float(found.group(1)))
    cubes = []
    for block in text.split("Cube analysis")[1:]:
        no_double = re.search(r"No double\s+([-+]\d\.\d{3})", block)
        double_take = re.search(r"Double, take\s+([-+]\d\.\d{3})", block)
        assert no_double and double_take
        cubes.append((float(no_double.group(1)), float(double_take.group(1))))
    return losses, cubes


def _expected(point: DecisionPoint, no_double: float, double_take: float) -> tuple[float, float]:
    """The equities of the choice made and of the best, as gnubg's figures give them (double/pass is 1; an answer's
    figures are printed from the taker's side)."""
    if point.kind is DecisionKind.TAKE:
        doubler_take = -double_take
        return (-doubler_take if point.choice == "take" else -1.0), -min(doubler_take, 1.0)
    doubled = min(double_take, 1.0)
    return (doubled if point.choice == "double" else no_double), max(no_double, doubled)


@pytest.mark.parametrize("name", PAIRS)
def test_the_kept_analysis_has_the_figures_gnubg_printed(name: str) -> None:
    match = parse_sgf(sgf_text(name))
    found = kept_by_key(match)
    losses: list[float] = []
    cubes: list[tuple[DecisionPoint, float, float]] = []
    for point in decision_points(match):
        assert isinstance(point, DecisionPoint)
        if point.game != 1:
            continue
        key = (point.game, point.number, point.kind is DecisionKind.DOUBLE and point.choice == "no double")
        kept = kept_analysis(point, found.get(key))  # type: ignore[arg-type]
        if kept is None:
            continue
        if point.kind is DecisionKind.MOVE:
            losses.append(kept.loss)
        else:
            cubes.append((point, kept.played_equity, kept.best_equity))
    printed_losses, printed_cubes = _printed(name)
    assert len(losses) == len(printed_losses) > 20
    assert losses == pytest.approx(printed_losses, abs=0.0011)
    assert len(cubes) == len(printed_cubes) > 20
    assert {point.choice for point, _, _ in cubes} == {"no double", "double", "take"}
    for (point, played, best), (no_double, double_take) in zip(cubes, printed_cubes, strict=True):
        assert (played, best) == pytest.approx(_expected(point, no_double, double_take), abs=0.0011)


def test_analyse_shows_gnubg_s_figures_beside_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    match = read_match_file(DATA / "gnubg-match3.sgf")
    analysis = analyse_match(match, CheapEvaluator(), plies=1)
    kept = [item for item in analysis.decisions if item.file_analysis is not None]
    assert analysis.analysed_by == "GNU Backgammon" and len(kept) > 100
    entries = analysis.as_json()
    with_file = [entry for entry in entries if "file_analysis" in entry]
    assert with_file and all(set(entry["file_analysis"]) >= {"level", "loss", "best"} for entry in with_file)
    plain = read_match_file(DATA / "gnubg-match3.mat")
    plain_entries = analyse_match(plain, CheapEvaluator(), plies=1).as_json()
    assert [{k: v for k, v in entry.items() if k != "file_analysis"} for entry in entries] == plain_entries
    assert not any("file_analysis" in entry for entry in plain_entries)


def test_the_cli_text_and_json_carry_the_file_s_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(DATA / "gnubg-match3.sgf"), "--plies", "1"]) == 0
    out = capsys.readouterr().out
    assert "The file's own analysis (GNU Backgammon) was kept" in out
    assert "GNU Backgammon's analysis in the file: 0-ply, best" in out
    assert main(["analyse", str(DATA / "gnubg-match3.sgf"), "--plies", "1", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    first = entries[0]
    assert first["file_analysis"]["level"] == "0-ply" and first["file_analysis"]["best"] == "24/14"
    assert first["file_analysis"]["loss"] == pytest.approx(0.0515, abs=0.0001)


def _replace_action(text: str, game: int, old: str, new: str) -> str:
    trees = text.split("(;")
    trees[game] = trees[game].replace(old, new, 1)
    return "(;".join(trees)


GOOD = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[Ann]PB[Bo]\n;W[31hefe]\n;B[62aggi])\n"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (GOOD[:-6], "cut short"),
        (GOOD.replace("GM[6]", "GM[1]"), "not a backgammon game"),
        (GOOD.replace(";B[62aggi])", "(;B[62aggi]))"), "variation"),
        ("(" * 50_000, "variation"),
        (GOOD.replace("PW[Ann]", "PW[Ann]]]]"), "line 1"),
        (GOOD.replace(";W[31hefe]", ";PL[W]AE[a:y]AW[a][a]"), "set position"),
        (GOOD.replace("MI[", "RU[Nackgammon]MI["), "Nackgammon"),
        (GOOD.replace("W[31hefe]", "W[71hefe]"), "cannot read the action"),
        ("(;FF[4]GM[6]MI[length:0]\x01\x02junk", "cannot read"),
        (")(", "cannot read"),
    ],
)
def test_a_hostile_sgf_file_is_one_error_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragment: str
) -> None:
    path = tmp_path / "hostile.sgf"
    path.write_text(text, encoding="utf-8")
    assert main(["analyse", str(path)]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1, captured.err
    assert "hostile.sgf" in captured.err and fragment in captured.err, captured.err


def test_binary_junk_and_a_huge_file_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sgf"
    junk.write_bytes(bytes(range(256)) * 10)
    huge = tmp_path / "huge.sgf"
    huge.write_bytes(b"(;GM[6]" + b" " * (MAX_MATCH_BYTES + 1))
    xg = tmp_path / "junk.xg"
    xg.write_bytes(b"RGMH" + bytes(range(256)) * 40)
    for path, fragment in ((junk, "not a text file"), (huge, "larger than"), (xg, "not a .xg file")):
        assert main(["analyse", str(path)]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and path.name in err and fragment in err, err


def test_a_game_that_cannot_be_replayed_is_reported_and_the_rest_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = sgf_text("gnubg-match3")
    match = parse_sgf(text)
    second = match.games[1].actions[2]
    assert second.player == 0 and hasattr(second, "dice")
    # game 2's third action: Anna's play made illegal (a checker from her 1-point, where she has none)
    broken = re.sub(r"(\(;.*?\(;.*?\n;[WB]\[.*?\n;[WB]\[.*?\n;W\[)(\d\d)[a-y]{2}", r"\1\2aa", text, count=1, flags=re.S)
    assert broken != text
    path = tmp_path / "broken.sgf"
    path.write_text(broken, encoding="utf-8")
    items = list(decision_points(read_match_file(path)))
    problems = [item for item in items if isinstance(item, ReplayProblem)]
    assert [(problem.game, problem.number) for problem in problems] == [(2, 3)]
    assert {item.game for item in items if isinstance(item, DecisionPoint)} == {1, 2, 3, 4}
    assert main(["analyse", str(path), "--plies", "1", "--json"]) == 0
    err = capsys.readouterr().err
    assert "game 2" in err


def test_parse_mat_still_reads_the_mat_files() -> None:
    for name in PAIRS:
        assert parse_mat((DATA / f"{name}.mat").read_text(encoding="utf-8")).games


def test_parse_sgf_refuses_a_second_move_in_one_node_and_a_lone_beaver() -> None:
    with pytest.raises(SgfParseError, match="two actions"):
        parse_sgf(GOOD.replace(";B[62aggi]", ";B[62aggi]W[31hefe]"))
    with pytest.raises(SgfParseError, match="cannot read the action"):
        parse_sgf(GOOD.replace(";B[62aggi]", ";B[beaver]"))


def test_a_beaver_and_a_raccoon_are_read_as_in_a_mat_file() -> None:
    text = GOOD.replace(";B[62aggi])", ";B[62aggi]\n;W[double]\n;B[double]\n;W[double]\n;B[take]\n;W[drop])")
    actions = parse_sgf(text).games[0].actions
    assert [type(action).__name__ for action in actions[2:]] == [
        "MatDouble",
        "MatBeaver",
        "MatBeaver",
        "MatTake",
        "MatDrop",
    ]
    assert [getattr(action, "cube", None) for action in actions[2:5]] == [2, 4, 8]


# --- eXtreme Gammon ---------------------------------------------------------------------------------------------------


def _xg_file(path: Path, match: MatMatch) -> None:
    """A .xg file made with bgsage's own writer (bgsage.xg_file) from a match replayed by our engine: no .xg file
    of XG's own can be shipped here, so this checks that the conversion agrees with bgsage's reader and writer."""
    from bgsage import xg_file

    from trainer.analysis.board import to_board

    def record(kind: int) -> bytearray:
        data = bytearray(xg_file.TSAVEREC_SIZE)
        data[8] = kind
        return data

    header = record(xg_file.TS_HEADER_MATCH)
    for offset, name in ((9, match.games[0].names[0]), (50, match.games[0].names[1])):
        header[offset] = len(name)
        header[offset + 1 : offset + 1 + len(name)] = name.encode()
    struct.pack_into("<i", header, 92, match.length or 99999)
    records = [bytes(header)]
    points = [point for point in decision_points(match) if isinstance(point, DecisionPoint)]
    for game in match.games:
        start = to_board(next(point for point in points if point.game == game.number).state.position)
        records.append(xg_file.build_game_header(bytes(record(1)), start, game.number, *game.scores))
        for point in (point for point in points if point.game == game.number):
            actif = 1 if point.column == 0 else -1
            if point.kind is DecisionKind.DOUBLE and point.choice == "double":
                answer = next(p for p in points if p.game == game.number and p.number == point.number + 1)
                take = 1 if answer.choice == "take" else 0
                board = to_board(point.state.position)
                records.append(xg_file.build_cube_record(bytes(record(2)), board, actif, double=1, take=take))
            elif point.kind is DecisionKind.MOVE:
                assert point.play is not None and point.dice is not None
                steps = [(move.start, move.end) for move in point.play.moves]
                records.append(
                    xg_file.build_move_record(
                        bytes(record(3)),
                        to_board(point.state.position),
                        to_board(point.play.result),
                        point.dice.first,
                        point.dice.second,
                        steps,
                        actif,
                    )
                )
        records.append(bytes(record(4)))
    prefix = struct.pack("<I", xg_file.MAGIC_RGMH) + bytes(xg_file.RICH_HEADER_SIZE - 4)
    archive = xg_file.XgArchive(prefix, [])
    archive.set("temp.xg", b"".join(records))
    archive.save(path)


def test_an_xg_file_made_by_bgsage_s_writer_replays_to_the_same_decisions(tmp_path: Path) -> None:
    mat = read_match_file(DATA / "gnubg-session.mat")
    path = tmp_path / "session.xg"
    _xg_file(path, mat)
    from_xg = read_match_file(path)
    assert from_xg.length == 0 and len(from_xg.games) == len(mat.games)
    assert list(decision_points(from_xg)) == list(decision_points(mat))
    renamed = tmp_path / "session.bin"  # told by its content, whatever its name
    renamed.write_bytes(path.read_bytes())
    assert list(decision_points(read_match_file(renamed))) == list(decision_points(mat))


def test_read_match_file_names_the_file_for_an_sgf_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "x.sgf"
    path.write_text("(;GM[6]MI[length:0];W[99])", encoding="utf-8")
    with pytest.raises(EngineError, match=r"x\.sgf"):
        read_match_file(path)
