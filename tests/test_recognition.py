"""The forced-move recognition drill: every shipped position re-checked by the engine, the set's shares (no answer
told by a checker on the bar), located problems for a wrong answer in the file, grading of each answer with the
engine's reason (the rule, not the play, before a forced roll is played), the endless seeded generator, the dealing
(target shares drawn at random, no fixed cycle, every kind from the first positions), and the command line
(generate, export, validate)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest
from conftest import bgtrainer_here, puzzle_export

from trainer.cli.stats import report_text
from trainer.content.generate import Candidate, realistic, to_toml
from trainer.content.loader import load_lessons
from trainer.content.models import RecognitionPuzzle
from trainer.content.puzzles import check_puzzle, load_puzzle_file, load_puzzles
from trainer.content.recognition import (
    ANSWERS,
    CATEGORIES,
    NO_PLAY_KINDS,
    OPENING,
    PARTIAL_THEMES,
    RECOGNITION_THEMES,
    SHARES,
    SLOT_SHARES,
    category,
    deal,
    drill,
    generated_id,
    grade_recognition,
    grade_recognition_play,
    mine_recognition,
    no_play_kind,
    position_key,
    quotas,
    read_answer,
    recognise,
    recognition_difficulty,
    trivial,
)
from trainer.engine import Position, explain, legal_plays
from trainer.store import ProgressStore
from trainer.training.progress import gather, records_of
from trainer.training.service import answer_puzzle, due_reviews
from trainer.tui.screens.drill import drill_positions

LIBRARY = load_puzzles()
DRILLS = LIBRARY.drills


def run(*args: str) -> tuple[int, str]:
    """``bgtrainer ARGS`` in this process: its exit status and output."""
    result = bgtrainer_here(*args)
    return result.returncode, result.stdout


def expected_answer(position: Position, dice: tuple[int, int]) -> str:
    """Worked out from the legal plays alone, independently of the drill's code."""
    plays = legal_plays(position, dice)
    if plays[0].is_pass:
        return "no play"
    return "forced" if len(plays) == 1 else "not forced"


def make(position: str, dice: str, answer: str, theme: str) -> RecognitionPuzzle:
    return RecognitionPuzzle(
        id="hand-made",
        theme=theme,
        difficulty=1,
        position=position,
        dice=dice,
        prompt="Forced?",
        answers=[answer],
    )


# Hand-made positions of each kind.
FORCED = make("X: 6x2 / O: 24x2 23x2 1x11", "61", "forced", "forced")  # 6/5 6/off: point 1 is closed
ONE_DIE = make("X: 6x2 / O: 1x15", "65", "forced", "one-die")  # 6/off; no checker can move 5
NOT_FORCED = make("start", "31", "not forced", "not-forced")
NO_PLAY = make("X: bar 6x14 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3", "66", "no play", "no-play")


# --- the shipped set -------------------------------------------------------------------------------------------


def check_shares(items: list[tuple[Position, str, str]]) -> None:
    """The rules a drill set obeys, for ``(position, answer, theme)`` items, so that no shortcut beats it: each answer
    20% to 50%; a checker on the bar with every answer (each at least a fifth of the bar positions), so that "bar:
    no play" scores little better than always giving the commonest answer; at least 40% of the rolls with no legal
    play without a checker on the bar, and every kind of them; the partial rolls split between forced and not
    forced; few last checkers' bear-offs."""
    total = len(items)
    answers = Counter(answer for _, answer, _ in items)
    for answer in ANSWERS:
        assert 0.2 <= answers[answer] / total <= 0.5, (answer, answers)
    bar = Counter(answer for position, answer, _ in items if position.player_bar)
    for answer in ANSWERS:
        assert bar[answer] >= 0.2 * bar.total(), bar
    off_bar = Counter(answer for position, answer, _ in items if not position.player_bar)
    bar_rule = max(bar.values()) + max(off_bar.values())  # the best answer with a checker on the bar and without
    assert bar_rule / total <= max(answers.values()) / total + 0.05, (bar, off_bar)
    no_play = [position for position, answer, _ in items if answer == "no play"]
    assert sum(1 for position in no_play if not position.player_bar) >= 0.4 * len(no_play)
    assert {no_play_kind(position) for position in no_play} == set(NO_PLAY_KINDS)
    partial = Counter(answer for _, answer, theme in items if theme in PARTIAL_THEMES)
    assert abs(partial["forced"] - partial["not forced"]) <= 1 + partial.total() // 10, partial
    assert sum(1 for position, _, _ in items if trivial(position)) <= 0.05 * total


def test_the_shipped_drill_positions_load_apart_from_the_puzzle_sets_and_no_shortcut_beats_them() -> None:
    assert LIBRARY.problems == []
    assert len(DRILLS) >= 150
    assert all(puzzle.kind == "recognition" for puzzle in DRILLS)
    assert not any(puzzle.kind == "recognition" for puzzle in LIBRARY.puzzles)
    check_shares([(puzzle.board(), puzzle.answers[0], puzzle.theme) for puzzle in DRILLS])
    assert {puzzle.theme for puzzle in DRILLS} == set(RECOGNITION_THEMES)  # every kind of partial roll is there
    assert {puzzle.difficulty for puzzle in DRILLS} == {1, 2, 3}
    for puzzle in DRILLS:
        verdict = recognise(puzzle.board(), puzzle.roll())
        assert puzzle.difficulty == recognition_difficulty(puzzle.board(), verdict, puzzle.roll()), puzzle.id
    assert len({position_key(puzzle) for puzzle in DRILLS}) == len(DRILLS)


def test_a_last_checkers_bear_off_is_trivial_and_a_real_one_is_not() -> None:
    assert trivial(Position.from_text("X: 2 1 / O: 24x15"))
    assert not trivial(Position.from_text("X: 6x3 5x2 / O: 24x15"))
    assert not trivial(Position.from_text("X: bar 1 / O: 24x15"))


def test_the_kinds_of_no_legal_play_are_told_apart() -> None:
    kinds = {
        "X: bar 6x14 / O: 24x2 23x2 22x2 21x2 20x2 19x2 1x3": "entry",
        "X: 6x4 4x3 / O: 5x2 3x2 24x11": "bear-off",
        "X: 24x2 6x13 / O: 23x3 22x3 21x3 20x3 19x3": "home-board",
        "X: 13x2 6x13 / O: 12x2 11x2 10x2 9x2 8x2 7x2 1x3": "prime",
    }
    for text, kind in kinds.items():
        assert no_play_kind(Position.from_text(text)) == kind, text


def test_every_shipped_drill_position_looks_like_a_game() -> None:
    """As the forced-puzzle miner asks: no point above six checkers, at most four checkers back on either side."""
    assert [puzzle.id for puzzle in DRILLS if not realistic(puzzle.board())] == []


def test_every_shipped_drill_position_has_the_engines_answer_and_theme() -> None:
    for puzzle in DRILLS:
        position, dice = puzzle.board(), puzzle.roll()
        answer = expected_answer(position, (dice[0], dice[1]))
        assert puzzle.answers == [answer], puzzle.id
        plays = legal_plays(position, dice)
        partial = not plays[0].is_pass and plays[0].dice_used < dice.move_count
        assert (puzzle.theme in PARTIAL_THEMES) == partial, puzzle.id
        assert check_puzzle(puzzle) == [], puzzle.id


# --- checks and located problems -----------------------------------------------------------------------------


def test_hand_made_positions_of_each_kind_are_accepted() -> None:
    for puzzle in (FORCED, ONE_DIE, NOT_FORCED, NO_PLAY):
        assert check_puzzle(puzzle) == [], puzzle


def test_a_wrong_answer_in_the_file_is_a_located_problem_and_the_good_positions_stay(
    tmp_path: Path,
) -> None:
    good = mine_recognition(6, 11)
    lines = to_toml(good, prefix="mine").splitlines()
    right = good[2].answers[0]
    wrong = {"forced": "not forced", "not forced": "no play", "no play": "forced"}[right]
    start = lines.index('id = "mine-0003"')
    line = lines.index(f'answers = ["{right}"]', start) + 1
    lines[line - 1] = f'answers = ["{wrong}"]'
    text = "\n".join(lines) + "\n"
    path = tmp_path / "drill.toml"
    path.write_text(text, encoding="utf-8")
    puzzles, problems = load_puzzle_file(path)
    assert [puzzle.id for puzzle in puzzles] == ["mine-0001", "mine-0002", "mine-0004", "mine-0005", "mine-0006"]
    (problem,) = problems
    assert (problem.file, problem.line, problem.where) == ("drill.toml", line, "puzzle 3 (mine-0003), field 'answers'")
    assert f"the answer is {right!r}, not {wrong!r}" in problem.message
    assert problem.suggestion == f'answers = ["{right}"]'
    # bgtrainer validate reports the same problem on its line.
    status, report = run("validate", str(path))
    assert status == 1
    assert f"{path}:{line}: puzzle 3 (mine-0003), field 'answers'" in report


@pytest.mark.parametrize(
    ("puzzle", "field", "fragment"),
    [
        (make("start", "31", "forced", "not-forced"), "answers", "the answer is 'not forced', not 'forced'"),
        (make("start", "31", "yes", "not-forced"), "answers", "one answer, forced, not forced or no play"),
        (make("start", "31", "not forced", "forced"), "theme", "shows the theme 'not-forced', not 'forced'"),
        (make("start", "31", "not forced", "tricky"), "theme", "unknown recognition theme 'tricky'"),
        (make("X: 6 / O: 1x15", "65", "forced", "forced"), "theme", "shows the theme 'one-die', not 'forced'"),
    ],
)
def test_wrong_answers_and_themes_are_refused(puzzle: RecognitionPuzzle, field: str, fragment: str) -> None:
    problems = check_puzzle(puzzle)
    assert [problem[0] for problem in problems] == [field]
    assert fragment in problems[0][1]


# --- grading ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle", [FORCED, ONE_DIE, NOT_FORCED, NO_PLAY], ids=["forced", "one-die", "not-forced", "no-play"]
)
def test_each_answer_is_graded_by_the_engine_with_its_reason(puzzle: RecognitionPuzzle) -> None:
    reason = explain(puzzle.board(), puzzle.roll()).text
    right = puzzle.answers[0]
    feedback = grade_recognition(puzzle, right)
    rule = recognise(puzzle.board(), puzzle.roll()).rule
    assert feedback.correct and rule in feedback.message and feedback.message.startswith("Right.")
    assert (rule == reason) == (right != "forced")  # a forced roll's play is not named before it is played
    assert ("Now play it." in feedback.message) == (right == "forced")
    for wrong in ANSWERS:
        if wrong != right:
            missed = grade_recognition(puzzle, wrong)
            assert not missed.correct and not missed.illegal
            assert reason in missed.message and f"\u201c{right}\u201d, not \u201c{wrong}\u201d" in missed.message


def test_a_forced_verdict_names_the_rule_not_the_play_until_the_play_is_made() -> None:
    """Rightly called forced, a roll is then played: the verdict says why it is forced (and for a partial roll what
    the rules cut), never the play; once played, the play is named."""
    forced = [puzzle for puzzle in DRILLS if puzzle.answers == ["forced"]]
    assert {puzzle.theme for puzzle in forced} >= {"forced", "one-die", "partial-entry", "partial-double"}
    for puzzle in forced:
        (only,) = legal_plays(puzzle.board(), puzzle.roll())
        message = grade_recognition(puzzle, "forced").message
        assert message.startswith("Right. Forced: ") and message.endswith("Now play it."), puzzle.id
        for written in {str(only), only.notation(stops=True), *(str(move) for move in only.moves)}:
            assert written not in message, (puzzle.id, written, message)
        assert only.notation(stops=True) in explain(puzzle.board(), puzzle.roll()).text  # the reason after a miss
        assert str(only) in grade_recognition_play(puzzle, only).message


def test_a_forced_roll_is_then_played_and_only_its_legal_play_is_right() -> None:
    (only,) = legal_plays(FORCED.board(), FORCED.roll())
    assert grade_recognition_play(FORCED, str(only)).correct
    assert grade_recognition_play(FORCED, only).correct
    assert grade_recognition_play(FORCED, "6/off 6/off").correct is False
    illegal = grade_recognition_play(FORCED, "6/3 6/1")
    assert not illegal.correct and illegal.illegal
    passed = grade_recognition_play(FORCED, None)
    assert not passed.correct and str(only) in passed.message
    with pytest.raises(ValueError, match="no play to make"):
        grade_recognition_play(NOT_FORCED, "24/21 6/5")


def test_answers_are_read_leniently_and_anything_else_is_refused() -> None:
    assert read_answer(" Not-Forced ") == "not forced"
    assert read_answer("no_play") == read_answer("pass") == read_answer("No legal play") == "no play"
    assert read_answer("FORCED") == "forced"
    with pytest.raises(ValueError, match="'maybe' is not an answer"):
        read_answer("maybe")
    with pytest.raises(ValueError):
        grade_recognition(FORCED, "yes")


# --- the generator ---------------------------------------------------------------------------------------------


def test_the_generator_goes_on_with_the_shares_and_every_position_passes_the_checks() -> None:
    puzzles = list(islice(drill(7), 90))
    assert len({puzzle.id for puzzle in puzzles}) == len({position_key(p) for p in puzzles}) == 90
    assert {category(puzzle.theme) for puzzle in puzzles[:40]} == set(CATEGORIES)
    assert not any(trivial(puzzle.board()) for puzzle in puzzles)
    for puzzle in puzzles:
        assert puzzle.id == generated_id(puzzle.board(), puzzle.roll().high_first())
        assert puzzle.answers == [expected_answer(puzzle.board(), (puzzle.roll()[0], puzzle.roll()[1]))]
        assert check_puzzle(puzzle) == []
        assert realistic(puzzle.board()), puzzle.position
        assert recognise(puzzle.board(), puzzle.roll()).text == explain(puzzle.board(), puzzle.roll()).text
    no_cycle(puzzles, contexts=False)


def test_quotas_follow_the_shares_for_any_count() -> None:
    for count in (1, 6, 12, 60, 180, 1000):
        counts = quotas(count)
        assert sum(counts.values()) == count
        for slot, share in SLOT_SHARES.items():
            assert abs(counts[slot] - share * count) < 1, (count, slot)


def test_a_generated_set_obeys_the_shipped_sets_rules() -> None:
    """``bgtrainer puzzles generate --kind recognition`` makes sets no shortcut beats, as the shipped one."""
    made: list[Candidate] = mine_recognition(60, 2026)
    assert len({(c.position.position_id(), c.dice) for c in made}) == 60
    counts = Counter(
        (category(c.theme), c.answers[0] if c.theme in PARTIAL_THEMES else "bar" if c.position.player_bar else "no-bar")
        for c in made
    )
    assert counts == Counter(quotas(60))
    check_shares([(c.position, c.answers[0], c.theme) for c in made])


# --- dealing -------------------------------------------------------------------------------------------------


def no_cycle(puzzles: list[RecognitionPuzzle], *, contexts: bool = True) -> None:
    """No fixed cycle in the parts dealt: for every period from 2 to 12 and every phase, the windows of that length
    do not all hold the same parts (as cycles of a fixed mix would), and, with ``contexts``, the previous five parts
    leave the next open (of the runs of five seen three times or more, most are followed by different parts)."""
    parts = [category(puzzle.theme) for puzzle in puzzles]
    for period in range(2, 13):
        for phase in range(period):
            windows = {
                tuple(sorted(Counter(parts[start : start + period]).items()))
                for start in range(phase, len(parts) - period + 1, period)
            }
            assert len(windows) > 1, (period, phase)
    if not contexts:
        return
    followers: dict[tuple[str, ...], set[str]] = {}
    seen: Counter[tuple[str, ...]] = Counter()
    for k in range(5, len(parts)):
        context = tuple(parts[k - 5 : k])
        followers.setdefault(context, set()).add(parts[k])
        seen[context] += 1
    frequent = [context for context, times in seen.items() if times >= 3]
    assert len(frequent) >= 10  # enough to tell
    determined = [context for context in frequent if len(followers[context]) == 1]
    assert len(determined) <= 0.3 * len(frequent), (len(determined), len(frequent))


def many(count: int) -> list[RecognitionPuzzle]:
    """``count`` drill positions: the shipped ones again and again under new ids, to deal long runs."""
    return [
        DRILLS[number % len(DRILLS)].model_copy(update={"id": f"{DRILLS[number % len(DRILLS)].id}-{number}"})
        for number in range(count)
    ]


@pytest.mark.parametrize("mode", ["practice", "streak", "storm"])
def test_600_positions_dealt_keep_the_shares_in_no_fixed_cycle(mode: str) -> None:
    positions = many(600)
    pick = random.Random(3).choice if mode == "practice" else None  # practice picks by the rating: any pick here
    dealt = list(islice(drill_positions(positions, mode, 11, near=pick), 600))  # type: ignore[arg-type]
    assert sorted(p.id for p in dealt) == sorted(p.id for p in positions)
    parts = Counter(category(p.theme) for p in dealt)
    answers = Counter(p.answers[0] for p in dealt)
    for part, share in SHARES.items():
        assert abs(parts[part] / 600 - share) <= 0.06, parts
    assert all(0.2 <= answers[answer] / 600 <= 0.5 for answer in ANSWERS), answers
    no_cycle(dealt)
    # The counts of each window of twelve vary: the answer at the end of a window is never sure.
    windows = {tuple(sorted(Counter(p.answers[0] for p in dealt[start : start + 12]).items())) for start in range(588)}
    assert len(windows) > 10


def test_a_fixed_cycle_is_caught() -> None:
    """The cycle check can fail: cycles of six holding two forced, two not forced, one no play and one partial,
    each shuffled, as the drill dealt before."""
    by_part = {part: [p for p in DRILLS if category(p.theme) == part] for part in CATEGORIES}
    rng = random.Random(1)
    cycled: list[RecognitionPuzzle] = []
    for number in range(100):
        cycle = ["forced", "forced", "not-forced", "not-forced", "no-play", "partial"]
        rng.shuffle(cycle)
        cycled += [by_part[part][number % len(by_part[part])] for part in cycle]  # type: ignore[index]
    with pytest.raises(AssertionError):
        no_cycle(cycled)


@pytest.mark.parametrize("mode", ["practice", "streak", "storm"])
def test_the_first_positions_of_every_run_show_every_kind(mode: str) -> None:
    for seed in range(40):
        first = list(islice(drill_positions(DRILLS, mode, seed), OPENING))
        assert {category(p.theme) for p in first} == set(CATEGORIES), (mode, seed)
        assert {p.answers[0] for p in first} == set(ANSWERS)
    starts = {tuple(p.id for p in islice(drill_positions(DRILLS, mode, seed), OPENING)) for seed in range(40)}
    assert len(starts) == 40  # drawn afresh each run, not one fixed opening


def test_positions_are_dealt_each_part_in_its_order_or_by_the_pick() -> None:
    dealt = list(deal(DRILLS, 5))
    assert sorted(p.id for p in dealt) == sorted(p.id for p in DRILLS)
    for part in CATEGORIES:
        assert [p for p in dealt if category(p.theme) == part] == [p for p in DRILLS if category(p.theme) == part]
    # A part that runs out is passed over; the pick chooses among the positions left of the part wanted.
    few = [p for p in DRILLS if category(p.theme) == "forced"][:3] + [p for p in DRILLS if p.theme == "no-play"][:1]
    last_first = list(deal(few, 5, pick=lambda pool: pool[-1]))
    assert sorted(p.id for p in last_first) == sorted(p.id for p in few)
    assert [p for p in last_first if p.theme == "forced"] == few[2::-1]
    assert category(last_first[0].theme) in ("forced", "no-play") and len({p.theme for p in last_first[:2]}) == 2


def test_storm_climbs_from_easy_to_hard() -> None:
    for seed in (1, 2, 3):
        served = list(islice(drill_positions(DRILLS, "storm", seed), len(DRILLS)))
        levels = [p.difficulty for p in served]
        third = len(levels) // 3
        assert sum(levels[:third]) < sum(levels[third : 2 * third]) < sum(levels[2 * third :]), seed
        for part in CATEGORIES:
            part_levels = [p.difficulty for p in served if category(p.theme) == part]
            assert part_levels == sorted(part_levels)


def test_progress_kept_for_positions_no_longer_shipped_breaks_nothing(tmp_path: Path) -> None:
    """A position answered, missed and scheduled for review, then dropped from the set (its id gone): the reviews,
    the dashboard and the drill's practice run go on without it."""
    gone = NO_PLAY.model_copy(update={"id": "recognition-0008"})
    assert gone.id not in {p.id for p in DRILLS}
    store = ProgressStore(tmp_path)
    try:
        answer_puzzle(store, gone, "forced", correct=False, seconds=3.0, now=1_800_000_000.0, question="forced")
        assert store.reviews.review_card(f"puzzle:{gone.id}") is not None
        assert [item.key.puzzle_id for item in due_reviews(store, 1_800_000_000.0 + 86_400.0)] == [gone.id]
        board = gather(records_of(store), load_lessons(), LIBRARY, now=1_800_000_000.0 + 60.0)
        assert report_text(board)
        answered = frozenset(attempt.puzzle_id for attempt in store.puzzles.all_puzzle_attempts())
        dealt = list(islice(drill_positions(DRILLS, "practice", 1, answered=answered), len(DRILLS)))
        assert sorted(p.id for p in dealt) == sorted(p.id for p in DRILLS)
    finally:
        store.close()


def test_the_generator_is_reproducible_by_seed_and_skips_excluded_positions() -> None:
    first = [position_key(puzzle) for puzzle in islice(drill(3), 15)]
    assert [position_key(puzzle) for puzzle in islice(drill(3), 15)] == first
    assert [position_key(puzzle) for puzzle in islice(drill(4), 15)] != first
    shipped = {position_key(puzzle) for puzzle in DRILLS}
    fresh = [position_key(puzzle) for puzzle in islice(drill(2026, exclude=shipped), 15)]
    assert not shipped & set(fresh)


def test_generate_writes_a_drill_file_that_validates_and_export_prints_the_answers(
    tmp_path: Path,
) -> None:
    output = tmp_path / "more.toml"
    status, made = run(
        "puzzles", "generate", "--kind", "recognition", "--count", "12", "--seed", "5", "--output", str(output)
    )
    assert status == 0
    assert made.strip() == f"wrote 12 recognition puzzles to {output}"
    assert run("validate", str(output)) == (0, "The file is valid.\n")
    puzzles, problems = load_puzzle_file(output)
    assert problems == [] and len(puzzles) == 12
    parts = Counter(category(puzzle.theme) for puzzle in puzzles)
    assert parts == Counter({part: sum(n for (p, _), n in quotas(12).items() if p == part) for part in CATEGORIES})

    exported = puzzle_export()
    assert exported.returncode == 0
    records = [json.loads(line) for line in exported.stdout.splitlines()]
    drills = [record for record in records if record["kind"] == "recognition"]
    assert [record["id"] for record in drills] == [puzzle.id for puzzle in DRILLS]
    for record, puzzle in zip(drills, DRILLS, strict=True):
        assert set(record) == {"id", "kind", "theme", "position", "dice", "answers"}
        position = Position.from_position_id(record["position"])
        assert position == puzzle.board() and sorted(record["dice"]) == sorted(puzzle.roll())
        assert record["answers"] in (["forced"], ["not forced"], ["no play"])
        assert record["answers"] == [expected_answer(position, (record["dice"][0], record["dice"][1]))]
