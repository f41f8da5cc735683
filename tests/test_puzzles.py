"""Puzzles: every shipped puzzle re-verified by the engine, the grading criteria on hand-made puzzles, the file
loader's problem reports, the generator (mining, TOML round trip, the command line) and the JSON export."""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import bgtrainer_here, puzzle_export

from trainer.content.generate import TEMPTING_LEVELS, Candidate, mine, tempting_moves, to_toml
from trainer.content.grading import FILL_GAPS, SMOOTH, bearoff_lesson, bearoff_solution, grade_puzzle, play_text
from trainer.content.models import BearoffPuzzle, ForcedPuzzle, PlayPuzzle, read_puzzle
from trainer.content.paths import content_dir
from trainer.content.puzzles import (
    BEAROFF_THEMES,
    CLEAR_ROLLS_MARGIN,
    CLEAR_WIN_MARGIN,
    FORCED_THEMES,
    Puzzle,
    check_puzzle,
    forced_theme,
    load_puzzle_file,
    load_puzzles,
)
from trainer.engine import BAR, IllegalPlayError, Position, legal_plays, parse_play, read_position
from trainer.engine.bearoff import TIE_TOLERANCE as TIE
from trainer.engine.bearoff import RankedPlay, home_side, is_pure_bearoff, rank_plays, win_probability
from trainer.engine.moves import iter_single_moves

LIBRARY = load_puzzles()
FORCED = [puzzle for puzzle in LIBRARY.puzzles if isinstance(puzzle, ForcedPuzzle) and puzzle.variant == "standard"]
BEAROFFS = [puzzle for puzzle in LIBRARY.puzzles if isinstance(puzzle, BearoffPuzzle)]
PLAYED = [puzzle for puzzle in LIBRARY.puzzles if isinstance(puzzle, PlayPuzzle)]
"""The puzzles answered with a play (every kind but the cube's)."""


def needed_margin(theme: str) -> float:
    return CLEAR_WIN_MARGIN if theme == "race" else CLEAR_ROLLS_MARGIN


def measure(entry: RankedPlay, theme: str) -> float:
    """The theme's measure, larger is better: winning chances for a race, minus the expected rolls otherwise."""
    return entry.win_probability if theme == "race" else -entry.expected_rolls


def best_and_margin(ranked: list[RankedPlay], theme: str) -> tuple[set[Position], float, int]:
    """Worked out here, independently of ``best_group``: the results of the plays tied with the best, the margin
    by which the best beats the next play (``inf`` when there is no next play), and how many plays are not best."""
    top = max(measure(entry, theme) for entry in ranked)
    best = {entry.play.result for entry in ranked if top - measure(entry, theme) <= TIE}
    rest = [measure(entry, theme) for entry in ranked if top - measure(entry, theme) > TIE]
    return best, (top - max(rest)) if rest else float("inf"), len(rest)


def make(kind: str, theme: str, position: str, dice: str, answers: list[str]) -> ForcedPuzzle | BearoffPuzzle:
    made = ForcedPuzzle if kind == "forced" else BearoffPuzzle
    return made(
        id="hand-made",
        theme=theme,
        difficulty=2,
        position=position,
        dice=dice,
        prompt="Hand-made puzzle.",
        answers=answers,
    )


# --- every shipped puzzle, re-verified ----------------------------------------------------------------------


def test_the_shipped_puzzles_load_without_problems() -> None:
    assert LIBRARY.problems == []
    assert LIBRARY.skipped == []
    assert len(FORCED) >= 100
    assert len(BEAROFFS) >= 100
    kinds = Counter((puzzle.kind, puzzle.variant) for puzzle in LIBRARY.puzzles)

    def lines(name: str) -> int:  # the mined files: every line a puzzle, none dropped on loading
        return len((content_dir("puzzles") / name).read_text("utf-8").splitlines())

    mined_cube = lines("cube-contact.jsonl") + lines("cube-race.jsonl")
    assert kinds == {("forced", "standard"): 135, ("bearoff", "standard"): 120, ("cube", "standard"): 80 + mined_cube,
                     ("forced", "acey-deucey"): 24, ("double", "acey-deucey"): 18,
                     ("best", "standard"): lines("best.jsonl")}  # fmt: skip
    assert lines("best.jsonl") >= 2000 and mined_cube >= 400
    assert Counter(puzzle.kind for puzzle in LIBRARY.counts) == {"shots": 120, "pips": 60}
    assert {puzzle.theme for puzzle in FORCED} == set(FORCED_THEMES)
    assert {puzzle.theme for puzzle in BEAROFFS} <= set(BEAROFF_THEMES)
    assert all(1 <= puzzle.difficulty <= 3 for puzzle in LIBRARY.puzzles)


def test_shipped_puzzle_ids_are_unique_across_the_files() -> None:
    ids: list[str] = []
    for path in sorted(content_dir("puzzles").glob("*.toml")):
        ids.extend(entry["id"] for entry in tomllib.loads(path.read_text("utf-8"))["puzzles"])
    for path in sorted(content_dir("puzzles").glob("*.jsonl")):
        ids.extend(json.loads(line)["id"] for line in path.read_text("utf-8").splitlines() if line.strip())
    duplicates = [puzzle_id for puzzle_id, count in Counter(ids).items() if count > 1]
    assert duplicates == []
    shipped = LIBRARY.puzzles + LIBRARY.drills + LIBRARY.counts  # the drills' positions are kept apart
    assert len(ids) == len(shipped)  # nothing dropped on the way
    assert sorted(ids) == sorted(puzzle.id for puzzle in shipped)


@pytest.mark.parametrize("puzzle", FORCED, ids=lambda puzzle: puzzle.id)
def test_a_shipped_forced_puzzle_has_one_play_and_its_theme(puzzle: Puzzle) -> None:
    position, dice = puzzle.board(), puzzle.roll()
    plays = legal_plays(position, dice)
    assert len(plays) == 1, [str(play) for play in plays]
    (only,) = plays
    if only.is_pass:
        assert puzzle.answers == ["pass"]
        assert puzzle.theme == "no-play"
    else:
        assert [parse_play(position, dice, answer).result for answer in puzzle.answers] == [only.result]
    assert forced_theme(position, dice) == puzzle.theme
    assert check_puzzle(puzzle) == []


@pytest.mark.parametrize("puzzle", BEAROFFS, ids=lambda puzzle: puzzle.id)
def test_a_shipped_bearoff_puzzle_accepts_exactly_the_clearly_best_plays(puzzle: Puzzle) -> None:
    position, dice = puzzle.board(), puzzle.roll()
    assert is_pure_bearoff(position)
    assert puzzle.theme in BEAROFF_THEMES
    ranked = rank_plays(position, dice)
    assert {entry.play.result for entry in ranked} == {play.result for play in legal_plays(position, dice)}
    # The figures are the bear-off tables' own: the chance after a play is one minus the opponent's, on roll.
    for entry in ranked:
        theirs = 1.0 - win_probability(home_side(position.opponent), home_side(entry.play.result.player))
        assert entry.win_probability == pytest.approx(theirs)
    best, margin, _ = best_and_margin(ranked, puzzle.theme)
    accepted = [parse_play(position, dice, answer).result for answer in puzzle.answers]
    assert len(accepted) == len(set(accepted)), "an answer is listed twice"
    assert set(accepted) == best
    assert margin >= needed_margin(puzzle.theme)
    assert check_puzzle(puzzle) == []


def test_every_shipped_bearoff_puzzle_has_a_wrong_play_to_avoid() -> None:
    """A puzzle in which every legal play is tied with the best can't be answered wrong: there is no next play for
    the best one to beat by the margin."""
    trivial = []
    for puzzle in BEAROFFS:
        _, _, others = best_and_margin(puzzle.ranking(), puzzle.theme)
        if not others:
            trivial.append(f"{puzzle.id}: {puzzle.position} {puzzle.dice} accepts every play {puzzle.answers}")
    assert trivial == []


# --- the shipped sets meet the criteria they were mined for -------------------------------------------------


def test_no_forced_puzzle_is_the_last_roll_of_a_game() -> None:
    for puzzle in FORCED:
        (play,) = legal_plays(puzzle.board(), puzzle.roll())
        assert not play.result.is_game_over(), puzzle.id
        assert sum(puzzle.board().player[1:26]) >= 5, f"{puzzle.id}: the game is all but over"


def test_every_higher_die_puzzle_offers_both_dice_as_visible_choices() -> None:
    """Not a last checker that either die bears off: the lower die, played alone, would make a different move."""
    puzzles = [puzzle for puzzle in FORCED if puzzle.theme == "higher-die"]
    assert len(puzzles) >= 10
    for puzzle in puzzles:
        position, dice = puzzle.board(), puzzle.roll()
        (answer,) = legal_plays(position, dice)
        low_moves = {(move.start, move.end) for move in iter_single_moves(position, min(dice))}
        assert low_moves, f"{puzzle.id}: the lower die can't move at all"
        # A lone checker borne off by either die makes the same move (start/off) with both: no choice at all.
        assert low_moves - {(move.start, move.end) for move in answer.moves}, f"{puzzle.id}: no other move"


def test_no_play_puzzles_come_both_on_the_bar_and_blocked_behind_a_prime() -> None:
    no_play = [puzzle for puzzle in FORCED if puzzle.theme == "no-play"]
    on_bar = [puzzle for puzzle in no_play if puzzle.board().player[BAR]]
    assert len(no_play) >= 10
    assert len(on_bar) >= len(no_play) // 3
    assert len(no_play) - len(on_bar) >= len(no_play) // 3, "no-play puzzles without a checker on the bar"


def test_forced_difficulty_follows_the_moves_that_tempt() -> None:
    """Each puzzle is graded by how many moves tempt the solver away from the answer; every level is shipped, and
    most themes have more than one."""
    levels: dict[str, set[int]] = {}
    for puzzle in FORCED:
        (play,) = legal_plays(puzzle.board(), puzzle.roll())
        tempting = tempting_moves(puzzle.board(), puzzle.roll(), play)
        low, high = TEMPTING_LEVELS
        assert puzzle.difficulty == (1 if tempting <= low else 2 if tempting <= high else 3), puzzle.id
        levels.setdefault(puzzle.theme, set()).add(puzzle.difficulty)
    assert set().union(*levels.values()) == {1, 2, 3}
    assert sum(len(found) > 1 for found in levels.values()) >= 6


def test_every_shipped_position_looks_like_a_game() -> None:
    """No point with more than six checkers, and (in backgammon, where every checker starts on the board) no side
    with more than four checkers back in the other's home; acey-deucey's checkers come in through that home. The
    mined skill puzzles come from games between players of several strengths, back games among them: they pass the
    absurd-position filter instead."""
    from trainer.content.realism import is_realistic

    for puzzle in LIBRARY.puzzles:
        position = puzzle.board()
        if getattr(puzzle, "verified", None) is not None:
            assert is_realistic(position), puzzle.id
            continue
        for side in (position.player, position.opponent):
            assert max(side[1:25]) <= 6, puzzle.id
            assert puzzle.variant == "acey-deucey" or sum(side[19:25]) <= 4, puzzle.id


def test_no_bearoff_puzzle_is_solved_by_taking_off_as_many_as_you_can() -> None:
    """Some play that bears off as many checkers as any play can is wrong: the answer is about which ones."""
    for puzzle in BEAROFFS:
        position, dice = puzzle.board(), puzzle.roll()
        plays = legal_plays(position, dice)
        most = max(play.result.player[0] for play in plays)
        accepted = {play.result for play in puzzle.accepted_plays()}
        assert any(play.result.player[0] == most and play.result not in accepted for play in plays), puzzle.id


def test_race_puzzles_are_won_by_the_play_that_needs_the_fewest_rolls() -> None:
    races = [puzzle for puzzle in BEAROFFS if puzzle.theme == "race"]
    assert len(races) >= 40
    for puzzle in races:
        ranked = puzzle.ranking()
        fewest = min(entry.expected_rolls for entry in ranked)
        quickest = {entry.play.result for entry in ranked if entry.expected_rolls - fewest <= TIE}
        assert {play.result for play in puzzle.accepted_plays()} == quickest, puzzle.id


def test_every_bearoff_puzzle_is_settled_by_filling_a_gap_or_not_stacking() -> None:
    rules = Counter()
    for puzzle in BEAROFFS:
        lesson = bearoff_lesson(puzzle.ranking(), puzzle.theme)
        assert not isinstance(lesson, str), f"{puzzle.id}: {lesson}"
        best, tempting, rule = lesson
        assert rule in (FILL_GAPS, SMOOTH)
        gaps = [
            sum(1 for point in range(1, max(p for p in range(1, 7) if side[p])) if not side[point])
            for side in (best.play.result.player, tempting.play.result.player)
        ]
        stacks = [max(best.play.result.player[1:7]), max(tempting.play.result.player[1:7])]
        assert gaps[0] < gaps[1] if rule == FILL_GAPS else (gaps[0] >= gaps[1] and stacks[0] < stacks[1])
        rules[rule] += 1
    assert rules[FILL_GAPS] and rules[SMOOTH]


def test_shipped_answers_write_a_checker_borne_off_with_both_dice_with_its_stop() -> None:
    written = [answer for puzzle in PLAYED for answer in puzzle.answers]
    assert any(re.search(r"\d+/\d+/off", answer) for answer in written)
    for puzzle in PLAYED:
        for answer, play in zip(puzzle.answers, puzzle.accepted_plays(), strict=True):
            assert answer == play.notation(stops=True), puzzle.id


# --- grading criteria on hand-made puzzles -------------------------------------------------------------------

# X's checker on 8 must play 8/7/4 with 3-1: O holds X's 5-point, and the checkers on 2 may not bear off yet.
ONLY_84 = "X: 8 2x14 / O: 20x13 5x2"
# X on the bar against O's closed home board (points 19-24 in the solver's numbering).
CLOSED_OUT = "X: bar 13x5 8x3 6x5 / O: 24x2 23x2 22x2 21x2 20x2 19x2 12x3"
START = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
# Bear-offs (found by search): 6-2 with 6/off 2/off and 6/off 3/1 tied at exactly one more roll.
TIED = ("X: 6 3 2 / O: 22x2", "62", ["6/off 2/off", "6/off 3/1"])
CLEAR_RACE = ("X: 6 4 / O: 24 19", "31", ["4/off"])
# 3/off is best in the race, but only by 0.3% winning chances; 5/off beats 6/4 3/off by only 0.006 rolls.
UNCLEAR_RACE = ("X: 5 3 / O: 24 22", "21", ["3/off"])
UNCLEAR_ROLLS = ("X: 6 5 3 / O: 22x2", "32", ["5/off"])


def test_the_hand_made_base_puzzles_are_accepted() -> None:
    assert check_puzzle(make("forced", "both-dice", ONLY_84, "31", ["8/4"])) == []
    assert check_puzzle(make("forced", "both-dice", ONLY_84, "31", ["8/7/4"])) == []
    assert check_puzzle(make("forced", "no-play", CLOSED_OUT, "61", ["pass"])) == []
    assert check_puzzle(make("bearoff", "fewest-rolls", *TIED)) == []
    assert check_puzzle(make("bearoff", "race", *CLEAR_RACE)) == []


def test_a_forced_puzzle_whose_roll_has_several_plays_is_refused() -> None:
    problems = check_puzzle(make("forced", "only-play", START, "65", ["24/13"]))
    assert len(problems) == 1
    field, message, _ = problems[0]
    assert field == "dice"
    assert "not forced" in message and "7 legal plays" in message


@pytest.mark.parametrize("wrong", ["pass", "8/5 2/1", "2/1 2/off"])
def test_a_wrong_answer_to_a_forced_puzzle_is_refused_naming_the_only_play(wrong: str) -> None:
    problems = check_puzzle(make("forced", "both-dice", ONLY_84, "31", [wrong]))
    assert problems, f"{wrong!r} was accepted"
    field, message, suggestion = problems[0]
    assert field == "answers"
    assert repr(wrong) in message
    shown = f"{message} {suggestion or ''}"
    assert "8/4" in shown, f"the only play 8/4 is not suggested: {problems}"


def test_a_play_given_for_a_no_play_puzzle_is_refused_naming_pass() -> None:
    problems = check_puzzle(make("forced", "no-play", CLOSED_OUT, "61", ["bar/24"]))
    assert problems
    field, message, suggestion = problems[0]
    assert field == "answers"
    assert "pass" in f"{message} {suggestion or ''}", f"'pass' is not suggested: {problems}"


@pytest.mark.parametrize(
    ("position", "dice", "answers", "wrong", "right"),
    [
        (ONLY_84, "31", ["8/4"], "only-play", "both-dice"),
        (ONLY_84, "31", ["8/4"], "no-play", "both-dice"),
        (CLOSED_OUT, "61", ["pass"], "partial-entry", "no-play"),
    ],
)
def test_a_wrong_theme_is_refused_naming_the_right_one(
    position: str, dice: str, answers: list[str], wrong: str, right: str
) -> None:
    problems = check_puzzle(make("forced", wrong, position, dice, answers))
    assert len(problems) == 1
    field, message, _ = problems[0]
    assert field == "theme"
    assert repr(right) in message and repr(wrong) in message


@pytest.mark.parametrize(
    ("kind", "theme", "case", "themes"),
    [
        ("forced", "sideways", (ONLY_84, "31", ["8/4"]), FORCED_THEMES),
        ("forced", "race", (ONLY_84, "31", ["8/4"]), FORCED_THEMES),
        ("bearoff", "sideways", CLEAR_RACE, BEAROFF_THEMES),
        ("bearoff", "both-dice", CLEAR_RACE, BEAROFF_THEMES),
    ],
)
def test_an_unknown_theme_is_refused_listing_the_themes(
    kind: str, theme: str, case: tuple[str, str, list[str]], themes: tuple[str, ...]
) -> None:
    problems = check_puzzle(make(kind, theme, *case))
    assert len(problems) == 1
    field, message, suggestion = problems[0]
    assert field == "theme"
    assert "unknown" in message and repr(theme) in message
    assert suggestion is not None and all(name in suggestion for name in themes)


@pytest.mark.parametrize(
    ("position", "dice", "answers"),
    [
        ("X: 6 5 / O: 24x3 23x3 22x3 12", "61", ["6/off 5/4"]),  # an O checker still outside its home board
        ("X: 8 5 / O: 24x3 23x3 22x3", "31", ["8/5 5/4"]),  # an X checker outside its home board
    ],
)
@pytest.mark.parametrize("theme", BEAROFF_THEMES)
def test_a_bearoff_puzzle_with_contact_or_outfield_checkers_is_refused(
    position: str, dice: str, answers: list[str], theme: str
) -> None:
    problems = check_puzzle(make("bearoff", theme, position, dice, answers))
    assert len(problems) == 1
    field, message, _ = problems[0]
    assert field == "position"
    assert "every checker of both sides home" in message


@pytest.mark.parametrize(
    "answers",
    [
        ["6/off 2/off"],  # misses the tied 6/off 3/1
        ["6/off 3/1"],  # misses the tied 6/off 2/off
        ["6/off 2/off", "6/off 3/1", "6/off"],  # includes a play that needs more rolls
        ["6/off"],  # only a non-best play
    ],
)
def test_bearoff_answers_must_be_exactly_the_tied_best_plays(answers: list[str]) -> None:
    position, dice, _ = TIED
    problems = check_puzzle(make("bearoff", "fewest-rolls", position, dice, answers))
    assert len(problems) == 1
    field, message, suggestion = problems[0]
    assert field == "answers"
    assert "6/off 2/off" in message and "6/off 3/1" in message
    assert suggestion is not None


def test_a_non_best_race_play_is_refused() -> None:
    position, dice, _ = CLEAR_RACE
    problems = check_puzzle(make("bearoff", "race", position, dice, ["6/2"]))
    assert [(field, message) for field, message, _ in problems] == [("answers", "the best plays are 4/off")]


@pytest.mark.parametrize(("theme", "case"), [("race", UNCLEAR_RACE), ("fewest-rolls", UNCLEAR_ROLLS)])
def test_a_bearoff_puzzle_without_a_clear_best_is_refused(theme: str, case: tuple[str, str, list[str]]) -> None:
    position_text, dice_text, answers = case
    puzzle = make("bearoff", theme, position_text, dice_text, answers)
    best, margin, _ = best_and_margin(puzzle.ranking(), theme)
    assert {play.result for play in puzzle.accepted_plays()} == best  # the answers themselves are right
    assert TIE < margin < needed_margin(theme)
    problems = check_puzzle(puzzle)
    assert len(problems) == 1
    field, message, _ = problems[0]
    assert field == "answers"
    assert "not clearly better" in message and f"{margin:.4f}" in message


def test_a_bearoff_puzzle_where_every_play_is_tied_is_refused() -> None:
    """X: 4 3 with 5-2: 4/2 3/off and 4/off 3/1 both leave one checker and finish next roll; no play is wrong."""
    puzzle = make("bearoff", "fewest-rolls", "X: 4 3 / O: 23 21x5 20x3 19", "52", ["4/2 3/off", "4/off 3/1"])
    best, margin, others = best_and_margin(puzzle.ranking(), "fewest-rolls")
    assert len(best) == 2 and others == 0 and margin == float("inf")
    assert check_puzzle(puzzle) != [], "a puzzle that accepts every legal play passed the checks"


# --- the file loader ---------------------------------------------------------------------------------------

GOOD_FORCED = [
    "[[puzzles]]",
    'id = "good-1"',
    'kind = "forced"',
    'theme = "both-dice"',
    "difficulty = 1",
    f'position = "{ONLY_84}"',
    'dice = "31"',
    'prompt = "Play the 3-1."',
    'answers = ["8/4"]',
    "",
]


def block(puzzle_id: str, **changes: str) -> list[str]:
    """A copy of the good puzzle under another id, some fields written differently (added if missing)."""
    lines = [f'id = "{puzzle_id}"' if line.startswith("id =") else line for line in GOOD_FORCED]
    for key, written in changes.items():
        lines = [f"{key} = {written}" if line.startswith(f"{key} =") else line for line in lines]
        if not any(line.startswith(f"{key} =") for line in lines):
            lines.insert(-1, f"{key} = {written}")
    return lines


def line_of(lines: list[str], text: str, after: int = 0) -> int:
    """1-based number of the first line at or after ``after`` starting with ``text``."""
    return next(number for number, line in enumerate(lines, start=1) if number > after and line.startswith(text))


@pytest.mark.parametrize(
    ("field", "written", "fragment"),
    [
        ("difficulty", "7", "less than or equal to 3"),
        ("answers", '["8/5 2/1"]', "'8/5 2/1' is not a legal play here"),
        ("theme", '"only-play"', "shows the theme 'both-dice'"),
        ("position", '"X: 30 / O: 1"', ""),
        ("dice", '"77"', "77"),
        ("kind", '"checkers"', ""),
        ("answers", "[]", ""),
    ],
)
def test_a_bad_puzzle_is_reported_with_file_line_and_field_and_the_good_ones_stay(
    tmp_path: Path, field: str, written: str, fragment: str
) -> None:
    lines = GOOD_FORCED + block("broken", **{field: written}) + block("good-2")
    path = tmp_path / "mixed.toml"
    path.write_text("\n".join(lines), "utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert [puzzle.id for puzzle in puzzles] == ["good-1", "good-2"]
    assert len(problems) == 1, [str(problem) for problem in problems]
    (problem,) = problems
    assert problem.file == "mixed.toml"
    assert problem.line == line_of(lines, f"{field} =", after=len(GOOD_FORCED))
    assert problem.where == f"puzzle 2 (broken), field '{field}'"
    assert fragment in problem.message
    assert str(problem).startswith(f"mixed.toml:{problem.line}: puzzle 2 (broken), field '{field}': ")


def test_an_unknown_field_is_reported_on_its_line(tmp_path: Path) -> None:
    lines = GOOD_FORCED + block("typo", hint='"look at the 5-point"')
    path = tmp_path / "typo.toml"
    path.write_text("\n".join(lines), "utf-8")
    puzzles, problems = load_puzzle_file(path, display_name="puzzles/typo.toml")
    assert [puzzle.id for puzzle in puzzles] == ["good-1"]
    assert [(problem.file, problem.line, problem.where) for problem in problems] == [
        ("puzzles/typo.toml", line_of(lines, "hint ="), "puzzle 2 (typo), field 'hint'")
    ]


def test_several_bad_puzzles_are_all_reported(tmp_path: Path) -> None:
    lines = block("bad-a", difficulty="0") + GOOD_FORCED + block("bad-b", answers='["pass"]')
    path = tmp_path / "two.toml"
    path.write_text("\n".join(lines), "utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert [puzzle.id for puzzle in puzzles] == ["good-1"]
    assert [(problem.line, problem.where) for problem in problems] == [
        (line_of(lines, "difficulty ="), "puzzle 1 (bad-a), field 'difficulty'"),
        (line_of(lines, "answers =", after=2 * len(GOOD_FORCED)), "puzzle 3 (bad-b), field 'answers'"),
    ]
    assert "you must play when you can" in problems[1].message


def test_bad_toml_is_reported_with_its_line(tmp_path: Path) -> None:
    lines = [*GOOD_FORCED[:2], 'kind = "forced', *GOOD_FORCED[3:]]
    path = tmp_path / "broken.toml"
    path.write_text("\n".join(lines), "utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert puzzles == []
    assert len(problems) == 1
    assert problems[0].file == "broken.toml"
    assert problems[0].line == 3
    assert "not valid TOML" in problems[0].message


def test_a_file_without_puzzle_tables_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text('title = "nothing here"\n', "utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert puzzles == []
    assert len(problems) == 1 and "no [[puzzles]] tables" in problems[0].message


def test_load_puzzles_keeps_the_good_puzzles_and_reports_duplicate_ids(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text("\n".join(GOOD_FORCED + block("bad", difficulty="9")), "utf-8")
    (tmp_path / "b.toml").write_text("\n".join(GOOD_FORCED + block("good-2")), "utf-8")
    library = load_puzzles(tmp_path)
    assert [puzzle.id for puzzle in library.puzzles] == ["good-1", "good-2"]
    assert library.skipped == ["a.toml"]
    assert len(library.problems) == 2
    assert "'good-1' is also in a.toml" in library.problems[1].message


# --- generation --------------------------------------------------------------------------------------------


@cache
def mined(kind: str, count: int, seed: int) -> tuple[Candidate, ...]:
    return tuple(mine(kind, count, seed))


def round_trip(candidates: tuple[Candidate, ...], prefix: str) -> list[Puzzle]:
    raw: dict[str, Any] = tomllib.loads(to_toml(list(candidates), prefix=prefix))
    return [read_puzzle(entry) for entry in raw["puzzles"]]


def key(candidate: Candidate) -> tuple[str, tuple[int, int]]:
    return candidate.position.position_id(), (max(candidate.dice), min(candidate.dice))


def test_mining_forced_puzzles_covers_every_theme_and_each_passes_the_checks() -> None:
    candidates = mined("forced", 18, 1)
    assert len(candidates) == 18
    assert len({key(candidate) for candidate in candidates}) == 18
    assert Counter(candidate.theme for candidate in candidates) == {theme: 2 for theme in FORCED_THEMES}
    puzzles = round_trip(candidates, "mined")
    assert [puzzle.id for puzzle in puzzles] == [f"mined-{number:04d}" for number in range(1, 19)]
    for candidate, puzzle in zip(candidates, puzzles, strict=True):
        assert check_puzzle(puzzle) == [], puzzle
        assert puzzle.board() == candidate.position
        assert puzzle.roll() == candidate.dice
        assert puzzle.theme == candidate.theme == forced_theme(candidate.position, candidate.dice)
        assert read_position(puzzle.position)[0].position_id() == candidate.position.position_id()


def test_mining_is_reproducible_by_seed() -> None:
    first = mined("forced", 9, 1)  # the last of 18 take most of the time (their themes are rare): 9 prove as much
    again = tuple(mine("forced", 9, 1))
    assert again == first
    assert to_toml(list(again), prefix="p") == to_toml(list(first), prefix="p")
    bearoffs = mined("bearoff", 10, 1)
    assert tuple(mine("bearoff", 10, 1)) == bearoffs
    assert [key(candidate) for candidate in mine("bearoff", 10, 2)] != [key(candidate) for candidate in bearoffs]
    assert {key(candidate) for candidate in mine("forced", 3, 2)} != {key(candidate) for candidate in first}


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_mined_bearoff_puzzles_pass_the_checks_with_the_margin(seed: int) -> None:
    candidates = mined("bearoff", 10, seed)
    assert len(candidates) == 10
    assert len({key(candidate) for candidate in candidates}) == 10
    assert {candidate.theme for candidate in candidates} == set(BEAROFF_THEMES)
    for puzzle in round_trip(candidates, f"b{seed}"):
        assert check_puzzle(puzzle) == [], puzzle
        best, margin, _ = best_and_margin(puzzle.ranking(), puzzle.theme)
        assert {play.result for play in puzzle.accepted_plays()} == best
        assert margin >= needed_margin(puzzle.theme)


def test_mined_bearoff_puzzles_always_have_a_wrong_play() -> None:
    trivial = [
        f"{candidate.position.text()} {candidate.dice}: {candidate.answers}"
        for candidate in mined("bearoff", 10, 1)
        if best_and_margin(rank_plays(candidate.position, candidate.dice), candidate.theme)[2] == 0
    ]
    assert trivial == [], "mined puzzles that accept every legal play"


def test_the_generate_command_writes_a_file_that_validates(tmp_path: Path) -> None:
    output = tmp_path / "more.toml"
    made = bgtrainer_here(
        "puzzles", "generate", "--kind", "forced", "--count", "5", "--seed", "7", "--output", str(output)
    )
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip() == f"wrote 5 forced puzzles to {output}"
    entries = tomllib.loads(output.read_text("utf-8"))["puzzles"]
    assert [entry["id"] for entry in entries] == [f"forced-s7-{number:04d}" for number in range(1, 6)]
    checked = bgtrainer_here("validate", str(output))
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.strip() == "The file is valid."


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--kind", "forced", "--count", "0"], "--count must be at least 1, not 0"),
        (["--kind", "nope"], "invalid choice: 'nope'"),
        (["--count", "3"], "required: --kind"),
        (["--kind", "forced", "--count", "many"], "invalid int value: 'many'"),
    ],
)
def test_generate_with_bad_arguments_exits_2_with_one_line(args: list[str], fragment: str) -> None:
    result = bgtrainer_here("puzzles", "generate", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "error:" in lines[0] and fragment in lines[0]


# --- export ------------------------------------------------------------------------------------------------


def test_export_prints_every_shipped_puzzle_as_a_json_line() -> None:
    result = puzzle_export()
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [record["id"] for record in records if record["kind"] == "recognition"] == [p.id for p in LIBRARY.drills]
    counts = [record for record in records if record["kind"] in ("shots", "pips")]
    assert [record["id"] for record in counts] == [p.id for p in LIBRARY.counts]  # checked in test_skill_puzzles
    records = [record for record in records if record["kind"] not in ("recognition", "shots", "pips")]
    by_id = {puzzle.id: puzzle for puzzle in LIBRARY.puzzles}
    assert [record["id"] for record in records] == [puzzle.id for puzzle in LIBRARY.puzzles]
    records = [record for record in records if record["kind"] not in ("cube", "best") and "variant" not in record]
    no_play = 0
    for record in records:
        assert set(record) == {"id", "kind", "theme", "position", "dice", "answers"}
        puzzle = by_id[record["id"]]
        position, dice = puzzle.board(), puzzle.roll()
        assert record["kind"] == puzzle.kind and record["theme"] == puzzle.theme
        assert isinstance(record["position"], str) and len(record["position"]) == 14
        assert record["position"] == position.position_id()
        assert Position.from_position_id(record["position"]) == position
        assert isinstance(record["dice"], list) and len(record["dice"]) == 2
        assert all(type(die) is int for die in record["dice"])
        assert sorted(record["dice"]) == sorted(dice)
        plays = {play.result.position_id(): play for play in legal_plays(position, tuple(record["dice"]))}
        expected = {parse_play(position, dice, answer).result.position_id() for answer in puzzle.answers}
        assert sorted(record["answers"]) == sorted(expected)
        assert len(record["answers"]) == len(puzzle.answers)
        assert set(record["answers"]) <= set(plays)
        if puzzle.answers == ["pass"]:
            no_play += 1
            assert record["answers"] == [record["position"]]
            assert plays[record["position"]].is_pass
    assert no_play == sum(1 for puzzle in FORCED if puzzle.theme == "no-play") > 0


# --- feedback ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", BEAROFF_THEMES)
def test_bearoff_feedback_is_in_plain_figures_with_a_rule_of_thumb_and_no_answer(theme: str) -> None:
    """A wrong bear-off play gets its own figures, the gap to the best in percentage points (a race) or rolls, at
    most two decimals, the rule of thumb that tells the plays apart, and never the best play itself."""
    checked = 0
    for puzzle in (puzzle for puzzle in BEAROFFS if puzzle.theme == theme):
        lesson = bearoff_lesson(puzzle.ranking(), theme)
        assert not isinstance(lesson, str)
        best, tempting, rule = lesson
        feedback = grade_puzzle(puzzle, tempting.play)
        message = feedback.message
        assert not feedback.correct and feedback.solution_offered and "press" not in message  # keys are the screen's
        assert re.findall(r"\d\.\d{3,}", message) == [], message
        assert rule in message
        accepted = puzzle.accepted_plays()
        answers = {play_text(play) for play in accepted} | {str(play) for play in accepted}
        assert not any(f" {answer} " in f" {message} " or f" {answer}." in message for answer in answers), message
        if theme == "race":
            points = (best.win_probability - tempting.win_probability) * 100
            assert f"The best play wins {points:.1f} percentage points more often." in message
            assert f"you win {tempting.win_probability * 100:.1f}% of the time" in message
        else:
            assert f"The best play needs {tempting.expected_rolls - best.expected_rolls:.2f} fewer rolls" in message
        assert f"you need {tempting.expected_rolls:.2f} rolls on average" in message
        solution = bearoff_solution(puzzle)
        assert solution.startswith(play_text(best.play)) and f"{best.expected_rolls:.2f} rolls" in solution
        right = grade_puzzle(puzzle, best.play)
        assert right.correct and right.message.startswith(f"{play_text(best.play)} is best") and rule in right.message
        assert not right.solution_offered
        checked += 1
        if checked == 10:
            break
    assert checked == 10


def test_a_forced_puzzle_answered_with_one_die_gets_the_rule_not_the_play() -> None:
    puzzle = next(puzzle for puzzle in FORCED if puzzle.theme == "both-dice")
    (only,) = puzzle.accepted_plays()
    position, dice = puzzle.board(), puzzle.roll()
    partial = next(
        f"{move.start if move.start < 25 else 'bar'}/{move.end or 'off'}"
        for die in set(dice)
        for move in iter_single_moves(position, die)
        if _fails_with_one_die(position, dice, move)
    )
    feedback = grade_puzzle(puzzle, partial)
    assert feedback.illegal and not feedback.correct
    assert "a play that uses both dice exists" in feedback.message
    assert str(only) not in feedback.message and play_text(only) not in feedback.message


def _fails_with_one_die(position: Position, dice: tuple[int, int], move: object) -> bool:
    text = f"{move.start if move.start < 25 else 'bar'}/{move.end or 'off'}"  # type: ignore[attr-defined]
    try:
        parse_play(position, dice, text)
    except IllegalPlayError as error:
        return "uses both dice" in error.reason
    return False
