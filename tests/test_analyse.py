"""``bgtrainer analyse``: a match replayed decision by decision and judged on GNU Backgammon's scale, from files GNU
Backgammon wrote (tests/data/gnubg_mat, tests/data/analyse), from the app's own export, and from damaged files; the
learner's mistakes made personal puzzles to drill."""

from __future__ import annotations

import io
import json
import math
import re
from dataclasses import asdict
from pathlib import Path
from types import SimpleNamespace

import pytest
from play_support import CheapEvaluator, decide

from trainer.cli import wording as cli_wording
from trainer.cli.main import EXIT_USAGE, main
from trainer.content.best import grade_best
from trainer.content.puzzles import Puzzle
from trainer.engine import parse_play
from trainer.play import Played, Session, Waiting, export_mat, parse_mat
from trainer.play.analyse import (
    DecisionKind,
    DecisionPoint,
    Rating,
    ReplayProblem,
    analyse_match,
    decision_points,
    match_scores,
    rating_of,
)
from trainer.play.match_file import MAX_MATCH_BYTES
from trainer.play.matfile import MAX_GAMES, MatMatch, MatMove
from trainer.play.tutor import Verdict
from trainer.shared.skill import Skill
from trainer.store import ProgressStore
from trainer.training.service import drill_mistakes, due_reviews, personal_puzzles

DATA = Path(__file__).parent / "data"
MATCH = DATA / "gnubg_mat" / "match.gnubg.mat"
MONEY = DATA / "gnubg_mat" / "money.gnubg.mat"


def read(path: Path):
    return parse_mat(path.read_text(encoding="utf-8"))


def moves_in(match) -> int:
    return sum(1 for game in match.games for action in game.actions if isinstance(action, MatMove))


def test_gnu_backgammon_s_rating_words_by_the_error_rate() -> None:
    cases = [(0.0, Rating.SUPERNATURAL), (0.0019, Rating.SUPERNATURAL), (0.002, Rating.WORLD_CLASS),
             (0.0049, Rating.WORLD_CLASS), (0.005, Rating.EXPERT), (0.008, Rating.ADVANCED),
             (0.012, Rating.INTERMEDIATE), (0.018, Rating.CASUAL), (0.026, Rating.BEGINNER), (0.035, Rating.AWFUL),
             (0.2, Rating.AWFUL)]  # fmt: skip
    assert [rating_of(rate) for rate, _ in cases] == [rating for _, rating in cases]
    assert Rating.CASUAL.word == "Casual player"


def test_every_roll_of_a_gnubg_match_is_a_move_decision_and_the_crawford_game_is_found() -> None:
    match = read(MATCH)
    points = list(decision_points(match))
    assert not [point for point in points if isinstance(point, ReplayProblem)]
    moves = [point for point in points if isinstance(point, DecisionPoint) and point.kind is DecisionKind.MOVE]
    assert len(moves) == moves_in(match)
    scores = match_scores(match)
    assert [score.crawford for score in scores].count(True) <= 1
    for point in points:
        assert isinstance(point, DecisionPoint)
        if point.kind is DecisionKind.DOUBLE:
            assert not point.state.match.crawford  # nobody may double in the Crawford game
    doubles = [p for p in points if isinstance(p, DecisionPoint) and p.kind is DecisionKind.DOUBLE]
    assert {p.choice for p in doubles} == {"double", "no double"}
    answers = {p.choice for p in points if isinstance(p, DecisionPoint) and p.kind is DecisionKind.TAKE}
    assert answers == {"take", "pass"}


def test_a_beaver_with_no_takes_written_after_it_is_taken_as_gnu_backgammon_means() -> None:
    points = [point for point in decision_points(read(MONEY)) if isinstance(point, DecisionPoint)]
    beaver = next(index for index, point in enumerate(points) if point.choice == "beaver")
    answer = points[beaver + 1]
    assert answer.kind is DecisionKind.TAKE and answer.beavered and answer.choice == "take"
    assert answer.player != points[beaver].player  # the doubler answers the beaver


def test_our_export_and_gnubg_s_export_of_the_same_session_analyse_alike() -> None:
    ours = analyse_match(read(DATA / "gnubg_mat" / "money.mat"), CheapEvaluator())
    theirs = analyse_match(read(MONEY), CheapEvaluator())
    assert ours.as_json() == theirs.as_json()


def test_each_decision_s_json_names_what_was_played_the_best_and_the_loss() -> None:
    match = read(MATCH)
    analysis = analyse_match(match, CheapEvaluator())
    records = analysis.as_json()
    assert sum(1 for record in records if record["kind"] == "move") == moves_in(match)
    for record in records:
        luck = {"luck"} if record["kind"] == "move" else set()
        assert (
            set(record)
            == {
                "game",
                "player",
                "kind",
                "position",
                "dice",
                "played",
                "result",
                "best",
                "loss",
                "skill",
            }
            | luck
        )
        assert record["player"] in ("bgtrainer", "Ada") and record["loss"] >= 0
        skill = record["skill"]
        assert skill == ("ok" if record["loss"] < 0.03 else "doubtful" if record["loss"] < 0.06 else
                         "bad" if record["loss"] < 0.12 else "very bad")  # fmt: skip
        if record["kind"] == "move":
            assert record["dice"] and record["result"]
            if record["played"] == record["best"]:
                assert record["loss"] == 0
        else:
            assert record["dice"] is None and record["result"] is None
            assert record["played"] in ("double", "no double", "take", "pass", "beaver")
    no_play = [record for record in records if record["kind"] == "move" and record["played"] == ""]
    for record in no_play:  # a roll that cannot be played: the position itself, nothing lost
        assert record["result"] == record["position"] and record["loss"] == 0
    summary = analysis.summary(1)
    assert summary.player == "Ada" and summary.error_rate.decisions > 0
    assert sum(summary.errors.values()) == sum(
        1 for item in analysis.decisions if item.point.column == 1 and item.counts and item.skill is not Skill.GOOD
    )


def test_the_cli_prints_the_summary_and_the_worst_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(MATCH), "--plies", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "5-point match, 3 games, analysed by bgsage at 1 plies"
    assert out[2].startswith("bgtrainer: ") and "millipoints (EMG) per decision: " in out[2]
    assert out[3].startswith("  bgtrainer was ") and "points a game" in out[3]  # its luck
    assert out[4].startswith("Ada: ") and out[5].startswith("  Ada was ")
    assert out[7] == "The worst mistakes:" and out[8].startswith("  game ")
    assert main(["analyse", str(MONEY), "--plies", "1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    kinds = [record["kind"] for record in records]
    assert isinstance(records, list) and set(kinds) == {"move", "double", "take", "luck"}
    assert kinds[-2:] == ["luck", "luck"]  # the totals, one entry a player, after the decisions


def test_the_cli_in_portuguese_writes_decimal_commas_and_its_json_stays_as_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "pt", "analyse", str(MATCH), "--plies", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"taxa de erro de \d+,\d milipontos", out) and re.search(r": 0,\d{3} ", out)
    assert not re.search(r"\d\.\d", out)
    assert main(["--lang", "pt", "analyse", str(MONEY), "--plies", "1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert any(isinstance(record["loss"], float) and record["loss"] > 0 for record in records)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "no 'N point match' line"),
        ("hello\n", "line 1: expected 'N point match'"),
        (" 5 point match\n\n Game 1\n Ada : 0   Bob : 0\n  1) 62: 24/18 13/1", "line 5:"),
        (" 5 point match\n\n Game 1\n Ada : 0   Bob : 0\n  1) 6", "line 5:"),
        (" 5 point match\n\n Game x\n", "line 3: expected ' Game N'"),
        (" 0 point match\n\n", "holds no game to analyse"),
    ],
)
def test_a_damaged_file_is_one_error_line_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragment: str
) -> None:
    path = tmp_path / "damaged.mat"
    path.write_text(text, encoding="utf-8")
    assert main(["analyse", str(path)]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1 and fragment in captured.err, captured.err


def test_a_binary_file_a_folder_and_no_file_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "match.mat"
    binary.write_bytes(b"\x00\x01\x02 5 point match\n")
    for args in ([str(binary)], [str(tmp_path)], [str(tmp_path / "none.mat")], [], [str(MATCH), "--game", "1"]):
        assert main(["analyse", *args]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and err.startswith("bgtrainer: error: "), err


def test_a_game_with_an_illegal_move_is_reported_and_the_rest_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = MATCH.read_text(encoding="utf-8").splitlines()
    game_two = lines.index(" Game 2")
    broken = next(index for index in range(game_two, len(lines)) if ": 24/21 13/11" in lines[index])
    lines[broken] = lines[broken].replace("24/21 13/11", "24/21 13/8")  # a 3-2 cannot move 13/8
    path = tmp_path / "broken.mat"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["analyse", str(path), "--plies", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert "game 2, move 1 cannot be replayed" in captured.err and len(captured.err.splitlines()) == 1
    games = {record["game"] for record in json.loads(captured.out) if record["kind"] != "luck"}
    assert games == {1, 3}


def saved_session(data_dir: Path) -> Session:
    """A 1-point match played out against the cheap evaluator and saved in ``data_dir``."""
    session = Session.new(1, "beginner", seed=21, evaluator=CheapEvaluator(), tutor=False)
    while session.waiting_for is not Waiting.OVER:
        decide(session)
    store = ProgressStore(data_dir)
    store.games.save_game(**asdict(session.save_info()), version=1)
    store.close()
    return session


def test_a_game_played_here_is_analysed_by_its_number_or_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = saved_session(tmp_path)
    assert main(["--data-dir", str(tmp_path), "analyse", "--game", "1", "--plies", "1", "--json"]) == 0
    by_number = json.loads(capsys.readouterr().out)
    assert main(["--data-dir", str(tmp_path), "analyse", "--game", session.id, "--plies", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == by_number
    moves = sum(1 for event in session.events if isinstance(event, Played))
    assert sum(1 for record in by_number if record["kind"] == "move") == moves
    assert {record["player"] for record in by_number} == {"bgtrainer", "Learner"}
    assert main(["--data-dir", str(tmp_path), "analyse", "--game", "9"]) == EXIT_USAGE
    assert "9" in capsys.readouterr().err


def test_drilling_my_mistakes_makes_personal_puzzles_due_at_once(tmp_path: Path) -> None:
    match = read(MONEY)
    analysis = analyse_match(match, CheapEvaluator())
    learner = analysis.summary(1)
    mistakes = [item for item in analysis.decisions if item.point.column == 1 and item.counts
                and item.skill is not Skill.GOOD]  # fmt: skip
    assert mistakes, "the session has mistakes of the learner"
    store = ProgressStore(tmp_path)
    try:
        added = drill_mistakes(store, analysis, 1, now=1000.0)
        assert 0 < added <= len(mistakes) and learner.player == "Learner"
        assert drill_mistakes(store, analysis, 1, now=2000.0) == 0  # already there
        puzzles = personal_puzzles(store)
        assert len(puzzles) == added and all(p.personal and p.theme == "mistake" for p in puzzles)
        due = {item.key.puzzle_id for item in due_reviews(store, 1000.0)}
        assert due == {puzzle.id for puzzle in puzzles}
        for puzzle in puzzles:
            assert puzzle.prompt.startswith("From game ")
            if puzzle.kind == "best":
                check_personal_best(puzzle, mistakes)
    finally:
        store.close()


def check_personal_best(puzzle: Puzzle, mistakes: list) -> None:
    """The play made is rejected, the best one accepted."""
    item = next(item for item in mistakes if item.point.dice is not None and
                item.point.state.position.position_id() == puzzle.position)  # fmt: skip
    made = item.point.play
    assert made is not None
    assert not grade_best(puzzle, made).correct
    assert grade_best(puzzle, parse_play(puzzle.board(), puzzle.roll(), puzzle.answers[0])).correct


def test_a_personal_best_puzzle_never_widens_to_accept_the_mistake() -> None:
    """Plays 0.01 and 0.035 below the best: a shipped puzzle would accept both (the next play is closer than 0.04),
    a personal one only the first."""
    from trainer.content.models import BestPuzzle, PlayFigure

    position, dice = "4HPwATDgc/ABMA", "31"
    plays = ["8/5 6/5", "13/10 24/23", "13/9"]
    figures = [PlayFigure(play=play, equity=equity) for play, equity in zip(plays, (0.1, 0.09, 0.065), strict=True)]
    shipped = BestPuzzle(id="x", theme="opening", difficulty=1, position=position, dice=dice, prompt="p",
                     answers=plays[:3], plies=3, plays=figures)  # fmt: skip
    personal = shipped.model_copy(update={"personal": True})
    third = parse_play(shipped.board(), shipped.roll(), plays[2])
    assert grade_best(shipped, third).correct and not grade_best(personal, third).correct


def test_a_verdict_keeps_the_tutors_scale() -> None:
    assert Verdict("play", "a", "b", 0.0, 0.03, "2-ply").skill is Skill.DOUBTFUL
    assert Verdict("play", "a", "b", 0.0, 0.12, "2-ply").skill is Skill.VERY_BAD


def test_an_exported_session_replays_to_the_same_decisions() -> None:
    session = Session.new(5, "beginner", seed=4, evaluator=CheapEvaluator(), tutor=False)
    for _ in range(60):
        if session.waiting_for is Waiting.OVER:
            break
        decide(session)
    match = parse_mat(export_mat(session.record))
    points = [point for point in decision_points(match) if isinstance(point, DecisionPoint)]
    plays = [event.play for event in session.events if isinstance(event, Played)]
    assert [point.play for point in points if point.kind is DecisionKind.MOVE] == plays


def test_the_tutor_says_what_the_better_play_does() -> None:
    from trainer.engine import Dice, read_position
    from trainer.play.wording import verdict_text

    start = read_position("4HPwATDgc/ABMA")[0]
    made, better = (parse_play(start, Dice(3, 1), text) for text in ("24/21 24/23", "8/5 6/5"))
    said = verdict_text(Verdict("play", str(made), str(better), -0.1, 0.0, "2-ply", chosen_play=made, best_play=better))
    assert said.startswith("Bad play: 24/23 24/21 (-0.100) loses 0.100 against 8/5 6/5 (+0.000).")
    assert "8/5 6/5 makes your 5-point" in said


# --- agreement with GNU Backgammon 2-ply ------------------------------------------------------------------------

NOISY = DATA / "analyse" / "gnubg-noisy.mat"
GNUBG_FIGURES = DATA / "analyse" / "gnubg-noisy.gnubg2.jsonl"
SAMPLE = 30
"""Plays of each kind checked here (every one is checked by ``benchmarks/analyse.py``)."""


def agreement_sample() -> tuple[list[tuple[DecisionPoint, float]], list[tuple[DecisionPoint, float]]]:
    """Plays of the noisy self-play file that GNU Backgammon 2-ply finds 0.08 or more below its best, and plays it
    puts within 0.01 of its best (with a choice), each with its loss; at most :data:`SAMPLE` of each, spread over
    the file."""
    rows = {(row["game"], row["move"]): row for row in map(json.loads, GNUBG_FIGURES.open(encoding="utf-8"))}
    points = [point for point in decision_points(read(NOISY))
              if isinstance(point, DecisionPoint) and point.kind is DecisionKind.MOVE]  # fmt: skip
    assert len(points) == len(rows), "every checker play of the file has GNU Backgammon's figure"
    big, close = [], []
    for point in points:
        row = rows[(point.game, point.number)]
        assert point.play is not None and row["played"] == point.play.result.position_id()
        if row["loss"] >= 0.08:
            big.append((point, row["loss"]))
        elif row["loss"] <= 0.01 and row["plays"] > 1:
            close.append((point, row["loss"]))

    def spread(found: list[tuple[DecisionPoint, float]]) -> list[tuple[DecisionPoint, float]]:
        step = max(1, len(found) // SAMPLE)
        return found[::step][:SAMPLE]

    return spread(big), spread(close)


def test_the_analysis_agrees_with_gnu_backgammon_2_ply_on_its_own_self_play() -> None:
    """Of the plays GNU Backgammon finds 0.08 or more below its best, at least 90% lose 0.03 or more here; of those
    it puts within 0.01 of its best, at most 5% lose 0.06 or more here (bgsage at the default depth)."""
    from trainer.analysis.basics import ANALYSIS_PLIES
    from trainer.analysis.sweep import SweepEvaluator
    from trainer.play.analyse import analyse_point
    from trainer.play.cube import CubeJudge

    evaluator = SweepEvaluator()
    judge = CubeJudge(evaluator, window=math.inf)
    big, close = agreement_sample()
    assert len(big) >= 30 and len(close) >= 30
    found_big = [analyse_point(point, evaluator, judge, ANALYSIS_PLIES).loss for point, _loss in big]
    found_close = [analyse_point(point, evaluator, judge, ANALYSIS_PLIES).loss for point, _loss in close]
    assert sum(loss >= 0.03 for loss in found_big) >= 0.9 * len(found_big), found_big
    assert sum(loss >= 0.06 for loss in found_close) <= 0.05 * len(found_close), found_close


@pytest.mark.parametrize("name", ["gnubg-money.mat", "gnubg-match.mat", "gnubg-match7.mat"])
def test_gnu_backgammon_s_own_self_play_replays_whole_resigned_games_included(name: str) -> None:
    """GNU Backgammon's self-play files: the cube used, a Crawford game and a post-Crawford one, and games it
    resigned (a ``Wins`` line on an unfinished board): every roll is a move entry, nothing refused."""
    match = read(DATA / "analyse" / name)
    analysis = analyse_match(match, CheapEvaluator())
    assert analysis.problems == ()
    moves = [record for record in analysis.as_json() if record["kind"] == "move"]
    assert len(moves) == moves_in(match)
    assert {record["kind"] for record in analysis.as_json()} == {"move", "double", "take"}
    if match.length:
        scores = match_scores(match)
        crawford = [index for index, score in enumerate(scores) if score.crawford]
        assert len(crawford) == 1
        assert not any(item.kind is DecisionKind.DOUBLE and item.game == crawford[0] + 1 for item in analysis.listed)


# --- games dropped or accepted without a word ------------------------------------------------------------------------


def write_mat(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hostile.mat"
    path.write_text(text, encoding="utf-8")
    return path


ONLY_CUBE = " Game {number}\n Ada : 0                       Bob : 0\n  1)  Doubles => 2               Drops\n\n"


@pytest.mark.parametrize("games", [1, 50])
def test_games_of_only_cube_actions_are_reported_and_nothing_analysed_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int
) -> None:
    text = " 0 point match\n\n" + "".join(ONLY_CUBE.format(number=number) for number in range(1, games + 1))
    problems = [item for item in decision_points(parse_mat(text)) if isinstance(item, ReplayProblem)]
    assert [problem.game for problem in problems] == list(range(1, games + 1))
    assert "the game has no roll to replay" in problems[0].text()
    assert main(["analyse", str(write_mat(tmp_path, text)), "--plies", "1"]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1, captured.err
    assert "nothing to analyse" in captured.err and "game 1, move 1 cannot be replayed" in captured.err


def test_a_file_whose_only_game_cannot_be_replayed_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = " 1 point match\n\n Game 1\n Ada : 0   Bob : 0\n  1) 31: 8/4 6/5\n"  # a 3-1 cannot move 8/4
    assert main(["analyse", str(write_mat(tmp_path, text)), "--plies", "1", "--json"]) == EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert "nothing to analyse: the match's 1 game cannot be replayed (game 1, move 1" in captured.err


def money_game(*lines: str) -> MatMatch:
    return parse_mat(" 0 point match\n\n Game 1\n Ada : 0                       Bob : 0\n" + "\n".join(lines) + "\n")


def test_a_double_to_another_value_than_the_cube_s_next_stops_the_game_saying_both() -> None:
    match = money_game("  1) 31: 8/5 6/5                 Doubles => 4")
    found = list(decision_points(match))
    problem = found[-1]
    assert isinstance(problem, ReplayProblem) and (problem.game, problem.number) == (1, 2)
    assert "the file offers the cube at 4, the replay at 2" in problem.text()
    assert [item.kind for item in found if isinstance(item, DecisionPoint)] == [DecisionKind.MOVE, DecisionKind.DOUBLE]


@pytest.mark.parametrize(
    ("wins", "said"),
    [
        ("                                  Wins 99999 points", "Bob wins 99999 points, the game was worth 1 point"),
        ("                                  Wins 2 points", "Bob wins 2 points, the game was worth 1 point"),  # passed
        ("      Wins 1 point", "Ada wins, but in the replay the other player won"),
    ],
)
def test_a_won_figure_must_agree_with_the_result_and_the_game_is_still_analysed(wins: str, said: str) -> None:
    match = money_game("  1) 31: 8/5 6/5                 Doubles => 2", "  2)  Drops", wins)
    found = list(decision_points(match))
    problem = found[-1]
    assert isinstance(problem, ReplayProblem) and said in problem.text(), problem.text()
    assert sum(isinstance(item, DecisionPoint) for item in found) == 3  # the move, the double, the pass


def test_a_resigned_game_wins_a_single_game_a_gammon_or_a_backgammon_at_the_cube_s_value() -> None:
    for points in (1, 2, 3):
        match = money_game("  1) 31: 8/5 6/5", f"      Wins {points} points")
        assert not [item for item in decision_points(match) if isinstance(item, ReplayProblem)]
    match = money_game("  1) 31: 8/5 6/5", "      Wins 4 points")
    problem = list(decision_points(match))[-1]
    assert isinstance(problem, ReplayProblem)
    assert "Ada wins 4 points, but with the cube at 1 a game is worth 1, 2 or 3" in problem.text()


def test_a_won_figure_that_disagrees_is_a_warning_and_the_match_is_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MATCH.read_text(encoding="utf-8")
    wins = next(line for line in text.splitlines() if "Wins" in line)
    text = text.replace(wins, wins.replace(wins.split()[1], "99999", 1), 1)
    assert main(["analyse", str(write_mat(tmp_path, text)), "--plies", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert len(captured.err.splitlines()) == 1 and "wins 99999 points, the game was worth" in captured.err
    assert {record["game"] for record in json.loads(captured.out) if record["kind"] != "luck"} == {1, 2, 3}


# --- escapes, progress, cancellation ---------------------------------------------------------------------------------


def test_the_text_report_writes_no_control_character_from_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = MATCH.read_text(encoding="utf-8")
    left, right = read(MATCH).games[0].names
    text = text.replace(left, "\x1b[2J\x07Ada\x9b").replace(right, "Bob\x1b]0;pwned\x07")
    assert main(["analyse", str(write_mat(tmp_path, text)), "--plies", "1"]) == 0
    out = capsys.readouterr().out
    assert all(char.isprintable() for line in out.splitlines() for char in line), repr(out[:300])
    assert "␛[2J" in out and "␛]0;pwned␇" in out


def test_the_replay_reports_each_game_before_any_decision_is_judged_and_stops_when_cancelled() -> None:
    match = read(DATA / "analyse" / "gnubg-noisy.mat")
    heard: list[tuple[str, int, int]] = []
    analyse_match(
        match,
        CheapEvaluator(),
        replaying=lambda done, total: heard.append(("game", done, total)),
        progress=lambda done, total: heard.append(("decision", done, total)),
    )
    games = len(match.games)
    assert heard[:games] == [("game", done, games) for done in range(1, games + 1)]
    assert {kind for kind, _, _ in heard[games:]} == {"decision"}

    replayed: list[int] = []
    analysis = analyse_match(
        match, CheapEvaluator(), replaying=lambda done, _: replayed.append(done), cancelled=lambda: len(replayed) >= 2
    )
    assert replayed == [1, 2] and analysis.decisions == ()


def test_the_help_gives_the_limits_and_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["analyse", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"at most {MAX_GAMES:,} games and {MAX_MATCH_BYTES:,} bytes" in help_text
    assert "Exit status: 0 when the match was analysed" in help_text and "2 for a file that cannot be read" in help_text


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_progress_line_says_the_time_left_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions judged so far and the time left at that pace, the line rewritten in place (and cleared to its end);
    nothing at all when standard error is not a terminal."""
    from trainer.cli import analyse as cli_analyse

    clock = iter([100.0, 102.0, 106.0])
    monkeypatch.setattr(cli_analyse, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    stream = Terminal()
    show = cli_analyse.terminal_progress(stream)
    assert show is not None
    show(1, 4)  # the pace is not known yet
    show(2, 4)  # 2 s for one decision: about 4 s left for two
    show(4, 4)
    lines = stream.getvalue().split("\r")[1:]
    assert lines[0] == "analysing: 1/4 decisions, estimating the time left\x1b[K"
    assert lines[1] == "analysing: 2/4 decisions, about 4 seconds left\x1b[K"
    assert lines[2] == "analysing: 4/4 decisions, less than a second left\x1b[K\n"
    assert cli_analyse.terminal_progress(io.StringIO()) is None
    replaying = cli_analyse.terminal_progress(Terminal(), cli_wording.replaying)
    assert replaying is not None
