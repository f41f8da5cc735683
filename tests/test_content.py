"""Lesson content: the shipped lessons, grading of every step kind, and ``bgtrainer validate``'s problem reports."""

from __future__ import annotations

import re
import subprocess
import textwrap
from pathlib import Path

import pytest
from conftest import bgtrainer_here

from trainer.cli.main import main
from trainer.content.grading import (
    START_LAYOUT,
    grade_choice,
    grade_pick,
    grade_play,
    grade_roll,
    grade_setup,
    pick_targets,
    read_step_board,
    successful_plays,
)
from trainer.content.loader import Problem, load_lesson_file, load_lessons
from trainer.content.models import GRADED_KINDS, ChooseStep, Lesson, Option, PickStep, PlayStep, ReadStep, RollStep
from trainer.content.paths import content_dir
from trainer.content.themes import (
    DOUBLE_PUZZLE_THEMES,
    PIPS_THEMES,
    SHOTS_THEMES,
    THEMES,
    VARIANT_TITLES,
)
from trainer.content.validate import validate_paths
from trainer.engine import BAR, OFF, IllegalPlayError, PlayError, Side, legal_plays, parse_play, read_position

LESSONS = load_lessons()
KINDS = ("read", "play", "setup", "choose", "pick", "roll")


def shipped_steps(kind: type) -> list[tuple[str, int, object]]:
    return [
        (lesson.id, index, step)
        for lesson in LESSONS.lessons
        for index, step in enumerate(lesson.steps)
        if isinstance(step, kind)
    ]


def step_id(value: object) -> str:
    return f"{value[0]}-{value[1] + 1}" if isinstance(value, tuple) else str(value)


# --- the shipped lessons ------------------------------------------------------------------------------------


def test_every_shipped_lesson_loads_without_problems() -> None:
    assert LESSONS.problems == []
    assert LESSONS.skipped == []
    files = sorted(content_dir("lessons").glob("*.toml"))
    assert len(LESSONS.lessons) == len(files) == 34


def test_shipped_lessons_are_numbered_from_one_without_gaps_with_unique_ids() -> None:
    assert [lesson.number for lesson in LESSONS.lessons] == list(range(1, len(LESSONS.lessons) + 1))
    ids = [lesson.id for lesson in LESSONS.lessons]
    assert len(set(ids)) == len(ids)
    # Lessons that kept their subject kept their id: stored progress is keyed by it.
    kept = {"board", "opening-and-moving", "dice-and-doubles", "hitting", "the-bar", "must-use", "bearing-off"}
    kept |= {"winning", "doubling-cube", "match-play"}
    assert kept <= set(ids)


@pytest.mark.parametrize("lesson", LESSONS.lessons, ids=lambda lesson: lesson.id)
def test_every_shipped_lesson_ends_with_a_mixed_review(lesson: Lesson) -> None:
    """The last stage is a review: a read step titled "Review" followed by at least three graded tasks, of more
    than one position or kind."""
    reviews = [
        index for index, step in enumerate(lesson.steps) if isinstance(step, ReadStep) and step.title == "Review"
    ]
    assert reviews, "no review stage"
    after = lesson.steps[reviews[-1] + 1 :]
    assert len(after) >= 3 and all(step.kind in GRADED_KINDS for step in after)
    kinds = {step.kind for step in after}
    boards = {(getattr(step, "position", None), getattr(step, "dice", None)) for step in after}
    assert len(kinds) >= 2 or len(boards) == len(after)


@pytest.mark.parametrize("lesson", LESSONS.lessons, ids=lambda lesson: lesson.id)
def test_every_stage_of_a_lesson_is_practised(lesson: Lesson) -> None:
    """Each idea is practised: a lesson has ten or more graded tasks, and at most one read step goes without a task
    before the next read step (the opening one)."""
    assert len(lesson.graded_steps) >= 10
    untried = [
        index
        for index, step in enumerate(lesson.steps)
        if isinstance(step, ReadStep)
        and (index + 1 >= len(lesson.steps) or isinstance(lesson.steps[index + 1], ReadStep))
    ]
    assert len(untried) <= 1, [lesson.steps[index].title for index in untried]


def test_the_practice_links_name_puzzle_themes_that_ship() -> None:
    from trainer.content.puzzles import load_puzzles

    puzzles = load_puzzles().puzzles
    shipped = {puzzle.theme for puzzle in puzzles if puzzle.variant == "standard"}
    links = [key for lesson in LESSONS.lessons for key in lesson.practice]
    linked = [key for key in links if key not in VARIANT_TITLES]
    assert linked and set(linked) <= shipped
    # Every theme that ships is practised after some lesson, but for "No legal play": a set of its own gives every
    # answer away; the acey-deucey double puzzles' themes are practised in the variant's whole set; the counting
    # themes belong to the counting drills' positions, which no puzzle set serves.
    counting = set(SHOTS_THEMES) | set(PIPS_THEMES)
    assert set(linked) == (set(THEMES) & shipped) - {"no-play"} - set(DOUBLE_PUZZLE_THEMES) - counting
    for variant in set(links) & set(VARIANT_TITLES):  # a variant's whole set: it must have puzzles
        assert any(puzzle.variant == variant for puzzle in puzzles), variant


@pytest.mark.parametrize("lesson", LESSONS.lessons, ids=lambda lesson: lesson.id)
def test_every_shipped_lesson_has_at_least_five_graded_steps(lesson: Lesson) -> None:
    assert len(lesson.graded_steps) >= 5


def can_try_an_illegal_play(step: PlayStep) -> bool:
    """Whether some one-checker, one-die move written by a learner would be refused by the rules."""
    position, dice = read_step_board(step)
    me = position.player
    for start in [BAR] if me[BAR] else [point for point in range(1, 25) if me[point]]:
        for die in set(dice):
            end = start - die
            text = f"{'bar' if start == BAR else start}/{'off' if end <= 0 else end}"
            try:
                parse_play(position, dice, text)
            except PlayError:
                return True
    return False


@pytest.mark.parametrize("entry", shipped_steps(PlayStep), ids=step_id)
def test_every_shipped_play_step_can_be_passed_and_failed(entry: tuple[str, int, PlayStep]) -> None:
    _, _, step = entry
    position, dice = read_step_board(step)
    plays = legal_plays(position, dice)
    good = successful_plays(step)
    assert good, "no legal play completes the step"
    assert all(grade_play(step, play).correct for play in good)
    assert all(grade_play(step, str(play)).correct for play in good)
    wrong = [play for play in plays if play not in good]
    assert wrong or can_try_an_illegal_play(step), "the learner cannot get this step wrong"
    for play in wrong:
        feedback = grade_play(step, play)
        assert not feedback.correct
        assert not feedback.illegal


@pytest.mark.parametrize("entry", shipped_steps(PlayStep), ids=step_id)
def test_no_shipped_play_step_is_passed_by_every_legal_play_unless_its_roll_is_forced(
    entry: tuple[str, int, PlayStep],
) -> None:
    _, _, step = entry
    position, dice = read_step_board(step)
    plays = legal_plays(position, dice)
    if step.forced:
        assert len(plays) == 1 and not plays[0].is_pass
        assert "one legal play" in step.prompt.lower(), step.prompt  # the step says the roll is forced
    else:
        assert len(successful_plays(step)) < len(plays)


@pytest.mark.parametrize("entry", shipped_steps(PickStep), ids=step_id)
def test_every_shipped_pick_step_has_targets_and_non_targets(entry: tuple[str, int, PickStep]) -> None:
    _, _, step = entry
    targets = pick_targets(step)
    assert targets
    assert targets <= set(range(1, 26))
    assert set(range(1, 26)) - targets, "every point is right: the learner cannot be wrong"
    assert all(grade_pick(step, point).correct for point in targets)


@pytest.mark.parametrize("entry", shipped_steps(ChooseStep), ids=step_id)
def test_every_shipped_choose_step_has_right_and_wrong_options(entry: tuple[str, int, ChooseStep]) -> None:
    _, _, step = entry
    verdicts = [option.correct for option in step.options]
    assert any(verdicts)
    assert not all(verdicts)


@pytest.mark.parametrize("entry", shipped_steps(RollStep), ids=step_id)
def test_every_shipped_roll_step_ends_on_a_decisive_throw(entry: tuple[str, int, RollStep]) -> None:
    _, _, step = entry
    *ties, last = step.throws
    assert all(mine == theirs for mine, theirs in ties)
    assert last[0] != last[1]
    winner = Side.X if last[0] > last[1] else Side.O
    assert grade_roll(step, len(step.throws), winner).correct
    assert not grade_roll(step, len(step.throws), winner.other).correct


# --- grading play steps -------------------------------------------------------------------------------------


def play_step(position: str, dice: str, **fields: object) -> PlayStep:
    fields.setdefault("explanation", "Well played.")
    return PlayStep.model_validate(
        {"kind": "play", "prompt": "Play the roll.", "position": position, "dice": dice, **fields}
    )


MAKE_FIVE = play_step("start", "31", play="8/5 6/5", hint="Make a new point.")


@pytest.mark.parametrize("answer", ["8/5 6/5", "6/5 8/5", "  6/5    8/5 ", "8/5,6/5", "8/5  6/5", "6/5 8/5 "])
def test_grade_play_accepts_any_notation_of_the_expected_play(answer: str) -> None:
    feedback = grade_play(MAKE_FIVE, answer)
    assert feedback.correct
    assert feedback.message == "Well played."
    assert not feedback.illegal


@pytest.mark.parametrize("answer", ["13/7 13/8", "13/8 13/7", "13/8  13/7", "13/7, 13/8"])
def test_grade_play_ignores_move_order_for_a_given_play(answer: str) -> None:
    step = play_step("start", "65", play="13/7 13/8")
    assert grade_play(step, answer).correct


@pytest.mark.parametrize("answer", ["24/13", "24/18/13", "24/18 18/13", "24/18  18/13", "18/13 24/18"])
def test_grade_play_accepts_a_running_play_written_several_ways(answer: str) -> None:
    assert grade_play(play_step("start", "65", play="24/13"), answer).correct


def test_grade_play_accepts_a_play_object() -> None:
    position, dice = read_step_board(MAKE_FIVE)
    plays = {str(play): play for play in legal_plays(position, dice)}
    assert grade_play(MAKE_FIVE, plays["8/5 6/5"]).correct
    assert not grade_play(MAKE_FIVE, plays["24/20"]).correct


@pytest.mark.parametrize("answer", ["24/17", "6/2 6/2", "13/8", "8/4 8/4", "24/20 24/20"])
def test_grade_play_rejects_an_illegal_text_with_the_engines_reason(answer: str) -> None:
    position, dice = read_step_board(MAKE_FIVE)
    with pytest.raises(PlayError) as raised:
        parse_play(position, dice, answer)
    feedback = grade_play(MAKE_FIVE, answer)
    assert not feedback.correct
    assert feedback.illegal
    assert not feedback.counts  # said why, but no answer: a lesson or puzzle counts no miss for it
    reason = raised.value.reason
    assert feedback.message == reason[:1].upper() + reason[1:] + "."
    assert "Make a new point." not in feedback.message


def test_grade_play_rejects_unreadable_text_without_calling_it_illegal() -> None:
    feedback = grade_play(MAKE_FIVE, "eight to five")
    assert not feedback.correct
    assert not feedback.illegal  # it breaks no rule: it can't be read
    assert not feedback.counts  # a typo is no answer
    assert "Cannot read" in feedback.message


@pytest.mark.parametrize("answer", ["24/20", "13/10 6/5", "24/23 24/21"])
def test_grade_play_rejects_a_legal_but_wrong_play_with_the_hint(answer: str) -> None:
    feedback = grade_play(MAKE_FIVE, answer)
    assert not feedback.correct
    assert not feedback.illegal
    assert feedback.counts
    assert "is legal" in feedback.message
    assert feedback.message.endswith("Make a new point.")


def test_grade_play_without_a_hint_still_says_why() -> None:
    step = play_step("start", "31", play="8/5 6/5")
    feedback = grade_play(step, "24/20")
    assert not feedback.correct
    assert feedback.message == "24/20 is legal, but it isn't the play this task asks for."


# Small hand-made positions, both sides in the learner's numbering (O's home board is points 19-24).
HIT_BOARD = "X: 13x2 6x2 / O: 10 19x2"  # O's blot on the learner's 10-point: 13/10* with the 3
ENTER_BOARD = "X: bar 6x2 / O: 22x2 1x2"  # a 1 enters on 24, a 3 would enter on 22 (closed)
CLOSED_BOARD = "X: bar 13x2 6x2 / O: 19x2 20x2 21x2 22x2 23x2 24x2"  # every entry point closed
BEAR_OFF_BOARD = "X: 6x2 5x2 1 / O: 19x2"
BLOCKED_BOARD = "X: 24x2 6x13 / O: 18x2 17x2"  # with 6-1 only one die can be played


NOT_IN = "it doesn't bring a checker in (from the bar, or one waiting to enter)"


@pytest.mark.parametrize(
    ("position", "dice", "condition", "right", "wrong", "why"),
    [
        (HIT_BOARD, "31", "hits", "13/10* 6/5", "6/5 6/3", "it doesn't hit"),
        (HIT_BOARD, "31", "hits", "13/10*/9", "13/9", "it doesn't hit"),
        (HIT_BOARD, "31", "no_hit", "6/5 6/3", "13/10* 6/5", "it hits, and this task asks you not to"),
        ("start", "31", "no_hit", "8/5 6/5", None, None),
        (ENTER_BOARD, "31", "enters", "bar/24 6/3", None, None),
        (CLOSED_BOARD, "31", "enters", None, "pass", NOT_IN),
        ("start", "31", "enters", None, "8/5 6/5", NOT_IN),
        ("X: waitx13 13x2 / O: waitx15", "31", "enters", "in/22 13/12", "13/9", NOT_IN),  # acey-deucey
        (BEAR_OFF_BOARD, "31", "bears_off", "6/3 1/off", "6/5 6/3", "it doesn't bear a checker off"),
        (BEAR_OFF_BOARD, "31", "bears_off", "5/2 1/off", "5/1", "it doesn't bear a checker off"),
        ("start", "31", "safe", "8/5 6/5", "13/10 6/5", "it leaves 2 blots, on points 5 and 10"),
        ("start", "31", "safe", "8/5 6/5", "24/20", "it leaves 2 blots, on points 20 and 24"),
        ("X: 6x4 5 / O: bar 19x5", "21", "safe", "6/4 5/4", "5/2", "it leaves a blot on point 2"),
        ("X: 6x4 5 / O: bar 19x5", "21", "safe", "6/4 5/4", "6/3", "it leaves 2 blots, on points 3 and 5"),
        ("X: 8x2 6x2 / O: bar 19x5", "21", "safe", None, "8/7 6/4", "it leaves 4 blots, on points 4, 6, 7 and 8"),
        ("start", "31", "uses_all_dice", "24/20", None, None),
        (BLOCKED_BOARD, "61", "uses_all_dice", None, "6/5", "it doesn't use all the dice"),
        (BLOCKED_BOARD, "61", "uses_all_dice", None, "24/23", "it doesn't use all the dice"),
        ("start", "31", "makes_point:5", "8/5 6/5", "24/20", "it doesn't make your 5-point"),
        ("start", "31", "makes_point:8", "24/20", "8/7 8/5", "it gives up your 8-point"),
        ("start", "31", "makes_point:24", "8/5 6/5", "24/20", "it gives up your 24-point"),
    ],
)
def test_grade_play_conditions(
    position: str, dice: str, condition: str, right: str | None, wrong: str | None, why: str | None
) -> None:
    step = play_step(position, dice, conditions=[condition], hint="Think again.")
    if right is not None:
        feedback = grade_play(step, right)
        assert feedback.correct, feedback.message
        assert feedback.message == "Well played."
    if wrong is not None:
        feedback = grade_play(step, wrong)
        assert not feedback.correct
        assert not feedback.illegal
        if why is not None:
            assert why in feedback.message
        assert feedback.message.endswith("Think again.")


@pytest.mark.parametrize("conditions", [["hits"], ["no_hit"], ["safe"], ["hits", "safe"], ["no_hit", "safe"]])
def test_every_legal_play_meets_exactly_its_conditions(conditions: list[str]) -> None:
    # The start position but for an O blot on the learner's 22-point, with 4-2.
    step = play_step("X: 24x2 13x5 8x3 6x5 / O: 22 19x4 17x3 12x5 1x2", "42", conditions=conditions)
    position, dice = read_step_board(step)
    good = set(successful_plays(step))
    for play in legal_plays(position, dice):
        blots = [point for point in range(1, 25) if play.result.player[point] == 1]
        expected = {"hits": bool(play.hits), "no_hit": not play.hits, "safe": not blots}
        meets = all(expected[condition] for condition in conditions)
        assert grade_play(step, play).correct is meets, str(play)
        assert (play in good) is meets, str(play)


def test_all_conditions_must_hold() -> None:
    step = play_step("start", "31", conditions=["makes_point:5", "no_hit", "safe"])
    assert grade_play(step, "8/5 6/5").correct
    assert not grade_play(step, "13/10 6/5").correct
    assert {str(play) for play in successful_plays(step)} == {"8/5 6/5"}


def test_an_illegal_attempt_on_a_conditions_step_gets_the_engines_reason() -> None:
    step = play_step(HIT_BOARD, "31", conditions=["hits"], hint="Hit!")
    position, dice = read_step_board(step)
    with pytest.raises(IllegalPlayError) as raised:
        parse_play(position, dice, "13/8")
    feedback = grade_play(step, "13/8")
    assert feedback.illegal
    assert not feedback.correct
    assert raised.value.reason[1:] in feedback.message
    assert "Hit!" not in feedback.message


# --- grading pick, choose, roll and setup steps ---------------------------------------------------------------

PICK_BOARD = "X: 24x2 13x4 10 8x2 6x4 5 4 / O: 19x4 17x3 16 12x4 11 1x2"


def pick_step(target: str, dice: str | None = None, position: str = PICK_BOARD) -> PickStep:
    fields: dict[str, object] = {"kind": "pick", "prompt": "Click it.", "position": position, "target": target}
    if dice is not None:
        fields["dice"] = dice
    return PickStep.model_validate({**fields, "explanation": "Yes, that one."})


@pytest.mark.parametrize(
    ("target", "dice", "expected"),
    [
        ("point:8", None, {8}),
        ("point:24", None, {24}),
        ("bar", None, {BAR}),
        ("blots", None, {16, 11}),
        ("my_blots", None, {10, 5, 4}),
        ("closed", None, {19, 17, 12, 1}),
        ("home_board", None, {1, 2, 3, 4, 5, 6}),
        ("entry", "53", {20, 22}),
        ("entry", "64", {21}),  # a 6 would enter on 19, which O holds
        ("hittable", "53", {16}),
        ("hittable", "62", {16, 11}),
        ("hittable", "11", set()),
    ],
)
def test_pick_targets(target: str, dice: str | None, expected: set[int]) -> None:
    step = pick_step(target, dice)
    assert pick_targets(step) == expected
    for point in range(0, 26):
        feedback = grade_pick(step, point)
        assert feedback.correct is (point in expected), point
        if feedback.correct:
            assert feedback.message == "Yes, that one."
        else:
            assert feedback.message.endswith("Click it.")


def test_pick_movable_is_every_point_a_checker_can_move_from() -> None:
    # With 5-3: 4/1 is closed by O's 1-point and 4 can't bear off, so the 4-point can't move.
    step = pick_step("movable", "53")
    position = step.board()
    assert position is not None
    targets = pick_targets(step)
    assert 4 not in targets
    assert all(position.player[point] for point in targets), (
        f"movable targets {sorted(targets)} include points without a checker of yours"
    )
    assert targets == {24, 13, 10, 8, 6, 5}


def test_pick_movable_with_a_checker_on_the_bar() -> None:
    # 3-1: the 3 can't enter (O holds 22), so bar/24 with the 1, then a 3 from any checker (13/10, 6/3 or 24/21).
    step = pick_step("movable", "31", position="X: bar 13x2 6x2 / O: 22x2 12x5 1x2")
    assert pick_targets(step) == {BAR, 13, 6}, "24 holds no checker before the play"


def test_pick_rolls_targets_need_dice() -> None:
    for target in ("hittable", "entry", "movable"):
        assert pick_targets(pick_step(target)) == frozenset()


def test_grade_pick_names_the_wrong_place_and_its_quarter() -> None:
    step = pick_step("point:8")
    assert grade_pick(step, 7).message == "Not point 7 (empty), in your outer board. Click it."
    assert grade_pick(step, 6).message == "Not point 6 (your 4 checkers), in your home board. Click it."
    assert grade_pick(step, 10).message == "Not point 10 (your blot), in your outer board. Click it."
    assert grade_pick(step, 1).message == "Not point 1 (2 O checkers: closed to you), in your home board. Click it."
    assert grade_pick(step, 16).message == "Not point 16 (an O blot), in O's outer board. Click it."
    assert grade_pick(step, 21).message == "Not point 21 (empty), in O's home board. Click it."
    assert grade_pick(step, BAR).message == "Not the bar. Click it."
    assert grade_pick(step, OFF).message == "Not the tray of borne-off checkers. Click it."


@pytest.mark.parametrize(
    ("target", "dice", "point", "rule"),
    [
        ("home_board", None, 8, "your home board is points 1-6"),
        ("blots", None, 17, "an O blot is a point with a single O checker on it"),
        ("my_blots", None, 8, "a blot of yours is a point with just one of your checkers on it"),
        ("closed", None, 16, "a point is closed to you when O has two or more checkers on it"),
        ("bar", None, 24, "the bar is the strip in the middle of the board, where hit checkers wait"),
        ("hittable", "53", 11, "you hit by landing exactly on a single O checker"),
    ],
)
def test_a_wrong_pick_says_the_rule_of_the_target(target: str, dice: str | None, point: int, rule: str) -> None:
    """ "Not point 8 (your 2 checkers), in your outer board: your home board is points 1-6." The rule, not the
    answer, and then the prompt again."""
    feedback = grade_pick(pick_step(target, dice), point)
    assert not feedback.correct
    assert feedback.message.startswith(f"Not point {point} (")
    assert f": {rule}" in feedback.message
    assert feedback.message.endswith(". Click it.")


def test_a_wrong_movable_pick_says_why_that_checker_cannot_move() -> None:
    step = pick_step("movable", "53")  # 4/1 lands on O's 1-point and 4/off is not allowed
    message = grade_pick(step, 4).message
    assert message.startswith("Not point 4 (your blot), in your home board: ")
    assert "point 1 is closed" in message or "bear off" in message
    assert grade_pick(step, 7).message.startswith("Not point 7 (empty), in your outer board: choose a point where")


def test_a_pick_hint_replaces_the_prompt_after_a_wrong_pick() -> None:
    step = PickStep.model_validate(
        {
            "kind": "pick",
            "prompt": "Choose O's 6-point.",
            "position": "start",
            "target": "point:19",
            "hint": "O's point N is your point 25 - N.",
            "explanation": "25 - 6 = 19.",
        }
    )
    message = grade_pick(step, 6).message
    assert message == "Not point 6 (your 5 checkers), in your home board. O's point N is your point 25 - N."
    bar = pick_step("bar", position="X: bar 13x2 6x2 / O: 22x2 12x5 1x2")
    assert grade_pick(bar, BAR).correct
    assert not grade_pick(bar, 24).correct


def test_grade_choice_gives_each_options_verdict_and_explanation() -> None:
    step = ChooseStep(
        kind="choose",
        prompt="Who moves first?",
        options=[
            Option(text="You", explanation="No: the higher die moves first."),
            Option(text="O", correct=True, explanation="Yes: O threw the higher die."),
            Option(text="Nobody", explanation="Someone always starts."),
        ],
    )
    assert grade_choice(step, 1).correct
    assert grade_choice(step, 1).message == "Yes: O threw the higher die."
    assert not grade_choice(step, 0).correct
    assert grade_choice(step, 0).message == "No: the higher die moves first."
    assert not grade_choice(step, 2).correct
    assert grade_choice(step, 2).message == "Someone always starts."


def roll_step(*throws: tuple[int, int]) -> RollStep:
    return RollStep(kind="roll", prompt="Who starts?", throws=list(throws), explanation="The higher die starts.")


def test_grade_roll_before_rolling() -> None:
    step = roll_step((3, 3), (5, 2))
    for side in Side:
        feedback = grade_roll(step, 0, side)
        assert not feedback.correct
        assert "Roll" in feedback.message


def test_grade_roll_on_a_tie() -> None:
    step = roll_step((3, 3), (5, 2))
    for side in Side:
        feedback = grade_roll(step, 1, side)
        assert not feedback.correct
        assert "tie" in feedback.message
        assert "3" in feedback.message


def test_grade_roll_right_side() -> None:
    assert grade_roll(roll_step((3, 3), (5, 2)), 2, Side.X) == grade_roll(roll_step((6, 1)), 1, Side.X)
    assert grade_roll(roll_step((6, 1)), 1, Side.X).correct
    assert grade_roll(roll_step((6, 1)), 1, Side.X).message == "The higher die starts."
    assert grade_roll(roll_step((2, 2), (1, 1), (2, 4)), 3, Side.O).correct


def test_grade_roll_wrong_side_when_you_won() -> None:
    feedback = grade_roll(roll_step((3, 3), (5, 2)), 2, Side.O)
    assert not feedback.correct
    assert "5 against 2" in feedback.message
    assert "You threw the higher die" in feedback.message
    assert "you move first" in feedback.message, feedback.message


def test_grade_roll_wrong_side_when_o_won() -> None:
    feedback = grade_roll(roll_step((2, 5)), 1, Side.X)
    assert not feedback.correct
    assert "5 against 2" in feedback.message
    assert "O threw the higher die" in feedback.message
    assert "O moves first" in feedback.message, feedback.message


def test_grade_setup_of_an_empty_board_lists_what_is_missing() -> None:
    feedback = grade_setup([0] * 26)
    assert not feedback.correct
    assert "24-point should hold 2 (it has 0)" in feedback.message
    assert "13-point should hold 5 (it has 0)" in feedback.message
    assert "8-point should hold 3 (it has 0)" in feedback.message
    assert "1 more" in feedback.message


def test_grade_setup_names_a_misplaced_checker() -> None:
    layout = list(START_LAYOUT)
    layout[6] -= 1
    layout[7] += 1
    feedback = grade_setup(layout)
    assert not feedback.correct
    assert "7-point should hold 0 (it has 1)" in feedback.message
    assert "6-point should hold 5 (it has 4)" in feedback.message
    assert "more" not in feedback.message


def test_grade_setup_accepts_the_starting_position() -> None:
    assert grade_setup(list(START_LAYOUT)).correct
    layout = [0] * 26
    for point, count in {24: 2, 13: 5, 8: 3, 6: 5}.items():
        layout[point] = count
    assert grade_setup(layout).correct


# --- validation: broken lesson files ------------------------------------------------------------------------

HEADER = """\
id = "broken"
number = 1
title = "Broken"
summary = "A lesson with mistakes in it."
"""

GOOD_CHOOSE = """
[[steps]]
kind = "choose"
prompt = "Which?"

[[steps.options]]
text = "A"
correct = true
explanation = "Right."

[[steps.options]]
text = "B"
explanation = "Wrong."
"""


def write(folder: Path, name: str, body: str, header: str = HEADER) -> tuple[Path, str]:
    text = header + textwrap.dedent(body)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path, text


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line of ``text`` that contains ``needle``."""
    found = [number for number, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(found) >= occurrence, f"{needle!r} is not in the file {occurrence} time(s)"
    return found[occurrence - 1]


def only_problem(path: Path) -> Problem:
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def test_bad_toml_syntax_names_the_line(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "syntax.toml",
        """
        [[steps]]
        kind = "read"
        text = "an unterminated string
        """,
    )
    problem = only_problem(path)
    line = line_of(text, "unterminated")
    assert problem.line == line
    assert problem.file == "syntax.toml"
    assert str(problem).startswith(f"syntax.toml:{line}: not valid TOML")
    assert problem.suggestion


def test_bad_toml_in_the_header_names_the_line(tmp_path: Path) -> None:
    path, text = write(tmp_path, "header.toml", GOOD_CHOOSE, header='id = "broken"\nnumber = = 1\n')
    problem = only_problem(path)
    assert problem.line == line_of(text, "number = = 1") == 2


def test_an_unknown_step_kind_lists_the_kinds(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "kind.toml",
        GOOD_CHOOSE
        + textwrap.dedent(
            """
            [[steps]]
            kind = "dance"
            prompt = "Dance."
            """
        ),
    )
    problem = only_problem(path)
    line = line_of(text, 'kind = "dance"')
    assert str(problem).startswith(f"kind.toml:{line}: step 2 (dance), field 'kind': unknown step kind 'dance'")
    assert problem.suggestion is not None
    for kind in KINDS:
        assert kind in problem.suggestion


def test_a_step_without_a_kind_is_reported(tmp_path: Path) -> None:
    path, text = write(tmp_path, "nokind.toml", GOOD_CHOOSE + '\n[[steps]]\nprompt = "What?"\n')
    problem = only_problem(path)
    assert problem.line == line_of(text, "[[steps]]", 2)
    assert "step 2" in problem.where
    assert "kind" in problem.message


def test_a_misspelled_field_suggests_the_right_one(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "typo.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Play 3-1."
        position = "start"
        dice = "31"
        play = "8/5 6/5"
        explenation = "The 5-point."
        """,
    )
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    typo = line_of(text, "explenation")
    texts = [str(problem) for problem in problems]
    assert (
        f"typo.toml:{typo}: step 1 (play), field 'explenation': unknown field (suggestion: did you mean 'explanation'?)"
        in texts
    )
    missing = [problem for problem in problems if problem.where == "step 1 (play), field 'explanation'"]
    assert len(missing) == 1
    assert missing[0].line == line_of(text, "[[steps]]")
    assert "required" in missing[0].message


def test_a_misspelled_lesson_field_suggests_the_right_one(tmp_path: Path) -> None:
    header = 'id = "broken"\nnumber = 1\ntitel = "Broken"\nsummary = "S."\n'
    path, text = write(tmp_path, "titel.toml", GOOD_CHOOSE, header=header)
    _, problems = load_lesson_file(path)
    typo = [problem for problem in problems if "titel" in problem.where]
    assert len(typo) == 1
    assert typo[0].line == line_of(text, "titel") == 3
    assert typo[0].suggestion == "did you mean 'title'?"


def test_a_misspelled_option_field_suggests_the_option_field(tmp_path: Path) -> None:
    path, _ = write(tmp_path, "option.toml", GOOD_CHOOSE.replace('explanation = "Wrong."', 'explenation = "Wrong."'))
    _, problems = load_lesson_file(path)
    typo = [problem for problem in problems if "explenation" in problem.where]
    assert len(typo) == 1, "\n".join(map(str, problems))
    assert typo[0].suggestion == "did you mean 'explanation'?", str(typo[0])


def test_a_misspelled_option_field_points_at_its_line(tmp_path: Path) -> None:
    path, text = write(tmp_path, "option.toml", GOOD_CHOOSE.replace('explanation = "Wrong."', 'explenation = "Wrong."'))
    _, problems = load_lesson_file(path)
    typo = [problem for problem in problems if "explenation" in problem.where]
    assert len(typo) == 1
    assert typo[0].line == line_of(text, "explenation"), str(typo[0])


def test_bad_dice_are_reported_on_their_line(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "dice.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Play."
        position = "start"
        dice = "77"
        play = "24/18"
        explanation = "Run."
        """,
    )
    problem = only_problem(path)
    line = line_of(text, 'dice = "77"')
    assert str(problem).startswith(f"dice.toml:{line}: step 1 (play), field 'dice': ")
    assert "'77'" in problem.message


def test_an_illegal_play_gives_the_engines_reason_and_legal_plays(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "illegal.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Play 6-5."
        position = "start"
        dice = "65"
        play = "24/17"
        explanation = "Run."
        """,
    )
    problem = only_problem(path)
    position, dice = read_position("start")[0], (6, 5)
    with pytest.raises(IllegalPlayError) as raised:
        parse_play(position, dice, "24/17")
    line = line_of(text, 'play = "24/17"')
    assert str(problem).startswith(f"illegal.toml:{line}: step 1 (play), field 'play': '24/17' is not a legal play")
    assert raised.value.reason in problem.message
    assert problem.suggestion is not None
    assert problem.suggestion.startswith("legal plays include ")
    listed = problem.suggestion.removeprefix("legal plays include ").split(", ")
    assert listed
    for example in listed:
        parse_play(position, dice, example)  # each suggested play is legal
    assert str(problem).endswith(f"(suggestion: {problem.suggestion})")


def test_conditions_no_legal_play_can_meet(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "conditions.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Hit something."
        position = "start"
        dice = "65"
        conditions = ["hits", "bears_off"]
        explanation = "Impossible."
        """,
    )
    problem = only_problem(path)
    line = line_of(text, "conditions =")
    assert str(problem).startswith(f"conditions.toml:{line}: step 1 (play), field 'conditions': no legal play meets")
    assert "hits" in problem.message and "bears_off" in problem.message
    assert problem.suggestion is not None and "24/13" in problem.suggestion


def test_an_unknown_condition_is_reported(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "unknown-condition.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Play."
        position = "start"
        dice = "65"
        conditions = ["primes"]
        explanation = "x"
        """,
    )
    problem = only_problem(path)
    assert problem.line == line_of(text, "conditions =")
    assert "'primes'" in problem.message
    assert "makes_point:N" in problem.message


def test_a_pick_target_that_matches_no_point(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "pick.toml",
        """
        [[steps]]
        kind = "pick"
        prompt = "Click one of O's blots."
        position = "start"
        target = "blots"
        explanation = "There are none."
        """,
    )
    problem = only_problem(path)
    line = line_of(text, 'target = "blots"')
    assert (
        str(problem)
        == f"pick.toml:{line}: step 1 (pick), field 'target': no point on this board matches target 'blots'"
    )


def test_a_roll_dependent_pick_target_needs_dice(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "pick-dice.toml",
        """
        [[steps]]
        kind = "pick"
        prompt = "Click a blot you can hit."
        position = "start"
        target = "hittable"
        explanation = "x"
        """,
    )
    problem = only_problem(path)
    assert problem.line == line_of(text, 'target = "hittable"')
    assert problem.suggestion is not None and "dice" in problem.suggestion


def test_a_choose_step_with_no_correct_option(tmp_path: Path) -> None:
    path, text = write(tmp_path, "choose.toml", GOOD_CHOOSE.replace("correct = true\n", ""))
    problem = only_problem(path)
    line = line_of(text, "[[steps]]")
    assert str(problem) == (
        f"choose.toml:{line}: step 1 (choose), field 'options': no option is marked correct "
        "(suggestion: set correct = true on the right one)"
    )


def test_a_roll_step_whose_last_throw_is_a_tie(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "roll.toml",
        """
        [[steps]]
        kind = "roll"
        prompt = "Who starts?"
        throws = [[2, 2], [4, 4]]
        explanation = "x"
        """,
    )
    _, problems = load_lesson_file(path)
    line = line_of(text, "throws =")
    assert problems
    assert all(problem.line == line for problem in problems)
    assert all(problem.where == "step 1 (roll), field 'throws'" for problem in problems)
    assert any("(4, 4) is a tie" in problem.message for problem in problems)


def test_a_roll_step_ending_on_a_tie_alone(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "tie.toml",
        """
        [[steps]]
        kind = "roll"
        prompt = "Who starts?"
        throws = [[3, 3]]
        explanation = "x"
        """,
    )
    problem = only_problem(path)
    line = line_of(text, "throws =")
    assert str(problem) == (
        f"tie.toml:{line}: step 1 (roll), field 'throws': the last throw (3, 3) is a tie; add a throw that decides"
    )


MANY_PROBLEMS = """
[[steps]]
kind = "read"
text = "Fine."

[[steps]]
kind = "play"
prompt = "Play."
position = "start"
dice = "77"
play = "24/18"
explanation = "x"

[[steps]]
kind = "dance"
prompt = "Dance."

[[steps]]
kind = "play"
prompt = "Play 6-5."
position = "start"
dice = "65"
play = "24/17"
explanation = "Run."

[[steps]]
kind = "play"
prompt = "Hit."
position = "start"
dice = "65"
conditions = ["hits"]
explanation = "x"

[[steps]]
kind = "pick"
prompt = "Click a blot."
position = "start"
target = "blots"
explanation = "x"

[[steps]]
kind = "choose"
prompt = "Which?"

[[steps.options]]
text = "A"
explanation = "a"

[[steps.options]]
text = "B"
explanation = "b"

[[steps]]
kind = "roll"
prompt = "Who?"
throws = [[3, 3], [4, 4]]
explanation = "x"

[[steps]]
kind = "play"
prompt = "Play 3-1."
position = "start"
dice = "31"
play = "8/5 6/5"
explenation = "x"
"""


def test_every_problem_in_a_file_is_reported_at_once(tmp_path: Path) -> None:
    path, text = write(tmp_path, "many.toml", MANY_PROBLEMS)
    lesson, problems = load_lesson_file(path)
    assert lesson is None
    expected = {
        "step 2 (play), field 'dice'": {line_of(text, 'dice = "77"')},
        # The exact line of an unknown kind is checked in test_an_unknown_step_kind_lists_the_kinds.
        "step 3 (dance), field 'kind'": {line_of(text, 'kind = "dance"'), line_of(text, "[[steps]]", 3)},
        "step 4 (play), field 'play'": {line_of(text, 'play = "24/17"')},
        "step 5 (play), field 'conditions'": {line_of(text, 'conditions = ["hits"]')},
        "step 6 (pick), field 'target'": {line_of(text, 'target = "blots"')},
        "step 7 (choose), field 'options'": {line_of(text, "[[steps]]", 7)},
        "step 8 (roll), field 'throws'": {line_of(text, "throws =")},
        "step 9 (play), field 'explenation'": {line_of(text, "explenation")},
        "step 9 (play), field 'explanation'": {line_of(text, "[[steps]]", 9)},
    }
    report = "\n".join(map(str, problems))
    assert sorted(problem.where for problem in problems) == sorted(expected), report
    for problem in problems:
        assert problem.line in expected[problem.where], report
    for problem in problems:
        assert str(problem).startswith(f"many.toml:{problem.line}: {problem.where}: {problem.message}")
    lines = [problem.line or 0 for problem in problems]
    assert lines == sorted(lines)


def write_lesson(folder: Path, name: str, lesson_id: str, number: int) -> Path:
    header = f'id = "{lesson_id}"\nnumber = {number}\ntitle = "T{number}"\nsummary = "S."\n'
    return write(folder, name, GOOD_CHOOSE, header=header)[0]


def test_a_duplicate_lesson_id_is_reported_and_the_second_file_skipped(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01-first.toml", "same", 1)
    write_lesson(tmp_path, "02-second.toml", "same", 2)
    write_lesson(tmp_path, "03-third.toml", "other", 3)
    library = load_lessons(tmp_path)
    assert [lesson.number for lesson in library.lessons] == [1, 3]
    assert library.skipped == ["02-second.toml"]
    assert len(library.problems) == 1
    text = str(library.problems[0])
    assert text.startswith("02-second.toml")
    assert "'same'" in text and "01-first.toml" in text


def test_a_duplicate_lesson_number_is_reported(tmp_path: Path) -> None:
    write_lesson(tmp_path, "a.toml", "one", 4)
    write_lesson(tmp_path, "b.toml", "two", 4)
    library = load_lessons(tmp_path)
    assert [lesson.id for lesson in library.lessons] == ["one"]
    assert library.skipped == ["b.toml"]
    assert "a.toml" in str(library.problems[0])


def test_validate_reports_a_duplicate_lesson_id_across_two_files(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01-first.toml", "same", 1)
    write_lesson(tmp_path, "02-second.toml", "same", 2)
    report = validate_paths([tmp_path])
    assert report.problems, "validate passes a folder whose second lesson the app would skip:\n" + report.text()
    assert any("same" in str(problem) for problem in report.problems)


# --- one bad file never takes down loading ------------------------------------------------------------------


def test_one_broken_file_is_skipped_and_the_good_lesson_loads(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01-good.toml", "good", 1)
    write(tmp_path, "02-broken.toml", MANY_PROBLEMS, header='id = "broken"\nnumber = 2\ntitle = "B"\nsummary = "S."\n')
    write(tmp_path, "03-syntax.toml", "", header='id = "syntax\n')
    library = load_lessons(tmp_path)
    assert [lesson.id for lesson in library.lessons] == ["good"]
    assert library.skipped == ["02-broken.toml", "03-syntax.toml"]
    files = {problem.file for problem in library.problems}
    assert files == {"02-broken.toml", "03-syntax.toml"}
    assert len([problem for problem in library.problems if problem.file == "02-broken.toml"]) == 9


def test_a_file_that_is_not_utf8_is_skipped(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01-good.toml", "good", 1)
    (tmp_path / "02-binary.toml").write_bytes(b"\xff\xfe\x00garbage\x80")
    library = load_lessons(tmp_path)
    assert [lesson.id for lesson in library.lessons] == ["good"]
    assert library.skipped == ["02-binary.toml"]
    assert library.problems and library.problems[0].file == "02-binary.toml"


def test_a_lesson_with_no_graded_step_is_refused(tmp_path: Path) -> None:
    path, _ = write(tmp_path, "reading.toml", '\n[[steps]]\nkind = "read"\ntext = "Only reading."\n')
    problem = only_problem(path)
    assert "no graded step" in problem.message


# --- the command line ---------------------------------------------------------------------------------------


def run_validate(*paths: str) -> subprocess.CompletedProcess[str]:
    return bgtrainer_here("validate", *paths)


def test_cli_validate_passes_the_shipped_content() -> None:
    result = run_validate()
    assert result.returncode == 0, result.stdout + result.stderr
    lessons, puzzles = content_dir("lessons"), content_dir("puzzles")
    files = [*lessons.glob("*.toml"), *puzzles.glob("*.toml"), *puzzles.glob("*.jsonl"), *lessons.glob("pt/*.toml")]
    count = len(files)  # the translations and the mined puzzles' JSON lines too
    assert re.fullmatch(rf"All {count} files are valid\.\n", result.stdout)


def test_cli_validate_reports_every_problem_and_a_summary(tmp_path: Path) -> None:
    write_lesson(tmp_path, "01-good.toml", "good", 1)
    broken, _ = write(tmp_path, "02-broken.toml", MANY_PROBLEMS)
    result = run_validate(str(tmp_path))
    assert result.returncode == 1
    out = result.stdout.splitlines()
    _, problems = load_lesson_file(broken, display_name=str(broken))
    assert len(problems) == 9
    assert out[:-1] == [str(problem) for problem in problems]
    assert out[-1] == "9 problems in 1 of 2 files."
    for line in out[:-1]:
        assert line.startswith(f"{broken}:")


def test_main_validate_returns_1_on_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken, text = write(
        tmp_path, "roll.toml", '\n[[steps]]\nkind = "roll"\nprompt = "?"\nthrows = [[1, 1]]\nexplanation = "x"\n'
    )
    assert main(["validate", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{broken}:{line_of(text, 'throws')}: step 1 (roll), field 'throws'" in out
    assert "1 problem in 1 of 1 file." in out


def test_main_validate_of_good_files_returns_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_lesson(tmp_path, "a.toml", "a", 1)
    assert main(["validate", str(tmp_path)]) == 0
    assert "The file is valid." in capsys.readouterr().out


def test_main_validate_of_a_missing_path_returns_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "nope.toml")]) == 1
    assert "no such file" in capsys.readouterr().out


# --- validation: tasks that teach nothing -------------------------------------------------------------------


def test_a_play_step_that_every_legal_play_passes_is_refused(tmp_path: Path) -> None:
    """At the start with 6-5, every legal play "uses all dice": there is nothing to get wrong."""
    path, text = write(
        tmp_path,
        "all-pass.toml",
        """
        [[steps]]
        kind = "play"
        prompt = "Play 6-5."
        position = "start"
        dice = "65"
        conditions = ["uses_all_dice"]
        explanation = "x"
        """,
    )
    problem = only_problem(path)
    assert problem.line == line_of(text, "conditions =")
    assert "every legal play (7 in all) passes this step" in problem.message
    assert problem.suggestion is not None and "forced = true" in problem.suggestion


FORCED_STEP = """
[[steps]]
kind = "play"
prompt = "Two on the bar, and you rolled 4-1. There is one legal play: find it."
position = "X: barx2 13x5 8x3 6x5 / O: 22x2 20x2 19x3 17x2 12x4 1x2"
dice = "41"
{extra}
explanation = "bar/24 bar/21."
"""


def test_a_roll_with_one_legal_play_needs_forced_true(tmp_path: Path) -> None:
    path, _ = write(tmp_path, "unmarked.toml", FORCED_STEP.format(extra='play = "bar/24 bar/21"'))
    problem = only_problem(path)
    assert "every legal play (1 in all) passes this step" in problem.message
    marked, _ = write(tmp_path, "marked.toml", FORCED_STEP.format(extra="forced = true"))
    lesson, problems = load_lesson_file(marked)
    assert problems == [] and lesson is not None
    step = lesson.steps[0]
    assert isinstance(step, PlayStep)
    assert grade_play(step, "bar/24 bar/21").correct
    assert grade_play(step, "bar/21 bar/24").correct
    assert grade_play(step, "bar/24 13/9").illegal


def test_forced_true_on_a_roll_with_several_plays_is_refused(tmp_path: Path) -> None:
    path, text = write(
        tmp_path,
        "not-forced.toml",
        '\n[[steps]]\nkind = "play"\nprompt = "One legal play."\nposition = "start"\ndice = "65"\nforced = true\n'
        'explanation = "x"\n',
    )
    problem = only_problem(path)
    assert problem.line == line_of(text, "forced =")
    assert "forced = true, but the roll has 7 legal plays" in problem.message


def test_the_any_condition_is_gone(tmp_path: Path) -> None:
    path, _ = write(
        tmp_path,
        "any.toml",
        '\n[[steps]]\nkind = "play"\nprompt = "Play."\nposition = "start"\ndice = "31"\nconditions = ["any"]\n'
        'explanation = "x"\n',
    )
    problem = only_problem(path)
    assert "unknown condition 'any'" in problem.message


def test_a_task_repeating_the_board_and_roll_of_the_one_before_is_refused(tmp_path: Path) -> None:
    """A question followed by "now play it" on the same board and roll asks the same thing twice."""
    path, text = write(
        tmp_path,
        "repeat.toml",
        """
        [[steps]]
        kind = "pick"
        prompt = "Choose where your checker enters."
        position = "X: bar 24 13x5 8x3 6x5 / O: 22x2 20x2 19x3 17x2 12x4 1x2"
        dice = "52"
        target = "entry"
        explanation = "23."

        [[steps]]
        kind = "read"
        text = "Now play it."

        [[steps]]
        kind = "play"
        prompt = "Play the 5-2."
        position = "X: bar 24 13x5 8x3 6x5 / O: 22x2 20x2 19x3 17x2 12x4 1x2"
        dice = "25"
        play = "bar/23 13/8"
        explanation = "x"
        """,
    )
    problem = only_problem(path)
    assert problem.line == line_of(text, "position =", 2)
    assert problem.where == "step 3 (play), field 'position'"
    assert "the same position and roll as step 1" in problem.message


def test_a_question_whose_answer_is_the_pip_count_under_the_board_is_refused(tmp_path: Path) -> None:
    body = GOOD_CHOOSE.replace('prompt = "Which?"', 'prompt = "Your pip count?"\nposition = "start"')
    path, _ = write(tmp_path, "pips.toml", body.replace('text = "A"', 'text = "167"'))
    problem = only_problem(path)
    assert "the answer '167' is printed under the board" in problem.message


def test_practice_links_must_name_puzzle_themes(tmp_path: Path) -> None:
    header = HEADER + 'practice = ["higher-die", "hitting"]\n'
    path, text = write(tmp_path, "practice.toml", GOOD_CHOOSE, header=header)
    problem = only_problem(path)
    assert problem.line == line_of(text, "practice =")
    assert "unknown puzzle theme 'hitting'" in problem.message
    fine, _ = write(tmp_path, "fine.toml", GOOD_CHOOSE, header=HEADER + 'practice = ["higher-die"]\n')
    lesson, problems = load_lesson_file(fine)
    assert problems == [] and lesson is not None and lesson.practice == ["higher-die"]


# --- feedback in the learner's words ---------------------------------------------------------------------------


def test_feedback_quotes_the_play_as_the_learner_wrote_it() -> None:
    step = play_step("X: 6 3x2 2 / O: 24x3 23x3 22x3", "51", play="6/1 2/1", hint="Keep them all.")
    feedback = grade_play(step, "6/5   5/off")
    assert feedback.message.startswith("6/5 5/off is legal, but"), feedback.message
    position, dice = read_step_board(step)
    (whole,) = [play for play in legal_plays(position, dice) if str(play) == "6/off"]
    assert grade_play(step, whole).message.split(" is legal")[0] in ("6/1/off", "6/5/off")  # its stop shown
    assert grade_play(step, whole, "6/5 5/off").message.startswith("6/5 5/off is legal")
