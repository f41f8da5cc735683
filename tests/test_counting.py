"""Counting shots (trainer.engine.shots) against hand-counted cases, and the shots and pips steps of lessons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from trainer.content.grading import Feedback
from trainer.content.loader import load_lesson_file, load_lessons
from trainer.content.models import ChooseStep, PipsStep, ShotsStep
from trainer.engine import Dice, Position, blot_points, count_shots, legal_plays
from trainer.tui.steps import view_for

O_BACK = "O: 1x2 12x5 17x3 19x4"
"""Fourteen O checkers out of the way of the blots below (a blot is added on the point asked)."""


def shots_at(distance: int) -> int:
    """Shots at an O blot ``distance`` pips in front of an X checker on the 23-point, nothing else in between."""
    position = Position.from_text(f"X: 23 6x14 / O: {23 - distance} 24x14")
    return count_shots(position).total


@pytest.mark.parametrize(("distance", "rolls"), [(1, 11), (2, 12), (3, 14), (4, 15), (5, 15), (6, 17)])
def test_direct_shots_in_an_open_board(distance: int, rolls: int) -> None:
    assert shots_at(distance) == rolls


def test_an_indirect_shot_eight_away() -> None:
    shots = count_shots(Position.from_text("X: 23 6x14 / O: 15 24x14"))
    assert shots.total == 6
    assert [str(roll) for roll in shots.ordered()] == ["6-2", "2-6", "5-3", "3-5", "4-4", "2-2"]
    assert shots.rolls == ((Dice(6, 2), 2), (Dice(5, 3), 2), (Dice(4, 4), 1), (Dice(2, 2), 1))


def test_a_blocked_point_between_takes_the_combination_away() -> None:
    # 8 away; O holds 17 (6 away): 6-2 still goes through 21, 2-2 (21, 19, 17) is stopped.
    one = count_shots(Position.from_text("X: 23 6x14 / O: 15 17x2 24x12"))
    assert [str(roll) for roll in one.ordered()] == ["6-2", "2-6", "5-3", "3-5", "4-4"]
    # O holds 21 (2 away) too: 6-2 has no open point to touch down on.
    two = count_shots(Position.from_text("X: 23 6x14 / O: 15 17x2 21x2 24x10"))
    assert [str(roll) for roll in two.ordered()] == ["5-3", "3-5", "4-4"]
    assert two.total == 3


def test_a_point_held_on_the_way_blocks_a_double() -> None:
    # 8 away: 4-4 through 19, 2-2 through 21, 19 and 17; O holds 19, so 4-4 and 2-2 cannot get there.
    shots = count_shots(Position.from_text("X: 23 6x14 / O: 15 19x2 24x12"))
    assert [str(roll) for roll in shots.ordered()] == ["6-2", "2-6", "5-3", "3-5"]
    assert shots.total == 4


def test_a_checker_on_the_bar_must_enter_first() -> None:
    # An O blot 2 away from X's checker on 13 (12 rolls in an open board), but X has one on the bar and only a 3
    # enters (O holds 24, 23, 21, 20 and 19): the 2 must wait for the 3 to enter, so only 3-2 and 2-3 hit.
    position = Position.from_text("X: bar 13 6x13 / O: 11 24x2 23x2 21x2 20x2 19x2 1x4")
    assert [str(roll) for roll in count_shots(position).ordered()] == ["3-2", "2-3"]
    assert count_shots(Position.from_text("X: 13 6x14 / O: 11 24x2 23x2 21x2 20x2 19x2 1x4")).total == 12


def test_entering_hits_a_blot_in_the_board() -> None:
    # X on the bar, O blot on X's 20-point (a 5 enters there), nothing else of O's in the way.
    position = Position.from_text("X: bar 6x14 / O: 20 1x14")
    assert count_shots(position).total == 15


def test_two_blots_and_targets() -> None:
    # Blots 6 and 3 away from the X checker on 23: any roll with a 6 or a 3, or making 6 or 3 by combination.
    position = Position.from_text("X: 23 6x14 / O: 17 20 1x13")
    six = count_shots(position, [17]).total
    three = count_shots(position, [20]).total
    both = count_shots(position)
    assert (six, three) == (17, 14)
    # 20 rolls with a 6 or a 3, then 5-1, 4-2, 2-2 (six away) and 2-1, 1-1 (three away): 28
    assert both.total == 28
    assert both == count_shots(position, [17, 20])
    assert count_shots(position, [10]).total == 0


def test_a_point_that_is_not_a_blot_is_never_hit() -> None:
    position = Position.from_text("X: 23 6x14 / O: 17x2 1x13")
    assert count_shots(position).total == 0
    assert count_shots(position, [17]).total == 0


# --- the shots and pips steps ----------------------------------------------------------------------------------

START = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
START_BOARD = Position.start()
SIX_AWAY = "X: 23 6x14 / O: 17 1x14"
"""An O blot 6 away from X's checker on 23, nothing in between: 17 shots."""


def lesson_file(tmp_path: Path, step: str) -> Path:
    path = tmp_path / "18-counting.toml"
    path.write_text(
        'id = "counting"\nnumber = 18\ntitle = "Counting"\nsummary = "Shots and pips."\n\n[[steps]]\n' + step
    )
    return path


def problems_of(tmp_path: Path, step: str) -> list[str]:
    lesson, problems = load_lesson_file(lesson_file(tmp_path, step))
    assert (lesson is None) == bool(problems)
    return [str(problem) for problem in problems]


def shots(**fields: Any) -> ShotsStep:
    values: dict[str, Any] = {"kind": "shots", "prompt": "?", "position": SIX_AWAY, "answer": 17}
    return ShotsStep.model_validate(values | {"explanation": "Why."} | fields)


def pips(**fields: Any) -> PipsStep:
    values: dict[str, Any] = {"kind": "pips", "prompt": "?", "position": START, "side": "player", "answer": 167}
    return PipsStep.model_validate(values | {"explanation": "Why."} | fields)


def test_a_right_shots_step_loads(tmp_path: Path) -> None:
    step = f'kind = "shots"\nprompt = "?"\nposition = "{SIX_AWAY}"\nanswer = 17\nexplanation = "Why."\n'
    assert problems_of(tmp_path, step) == []


def test_a_wrong_shots_answer_is_refused_naming_file_step_field_and_the_right_number(tmp_path: Path) -> None:
    step = f'kind = "shots"\nprompt = "?"\nposition = "{SIX_AWAY}"\nanswer = 15\nexplanation = "Why."\n'
    [problem] = problems_of(tmp_path, step)
    assert problem.startswith("18-counting.toml:")
    assert "step 1 (shots), field 'answer'" in problem
    assert "the rules give 17, not 15" in problem
    assert "6-6, 6-5, 5-6" in problem and "answer = 17" in problem


def test_a_shots_target_without_an_o_blot_is_refused(tmp_path: Path) -> None:
    step = f'kind = "shots"\nprompt = "?"\nposition = "{SIX_AWAY}"\ntargets = [16]\nanswer = 0\nexplanation = "W."\n'
    [problem] = problems_of(tmp_path, step)
    assert "field 'targets'" in problem and "no blot on your 16-point" in problem


def test_a_shots_step_on_a_board_without_o_blots_is_refused(tmp_path: Path) -> None:
    step = f'kind = "shots"\nprompt = "?"\nposition = "{START}"\nanswer = 0\nexplanation = "Why."\n'
    [problem] = problems_of(tmp_path, step)
    assert "field 'position'" in problem and "no blot on the board" in problem


@pytest.mark.parametrize(
    ("side", "right", "wrong"), [("player", 167, 160), ("opponent", 167, 166), ("difference", 0, 1)]
)
def test_a_wrong_pips_answer_is_refused_with_the_right_number(
    tmp_path: Path, side: str, right: int, wrong: int
) -> None:
    step = f'kind = "pips"\nprompt = "?"\nposition = "{START}"\nside = "{side}"\nanswer = {{}}\nexplanation = "W."\n'
    assert problems_of(tmp_path, step.format(right)) == []
    [problem] = problems_of(tmp_path, step.format(wrong))
    assert "step 1 (pips), field 'answer'" in problem
    assert f"the rules give {right}, not {wrong}" in problem


def test_an_unknown_pips_side_is_refused(tmp_path: Path) -> None:
    step = f'kind = "pips"\nprompt = "?"\nposition = "{START}"\nside = "both"\nanswer = 0\nexplanation = "W."\n'
    [problem] = problems_of(tmp_path, step)
    assert "step 1 (pips), field 'side'" in problem and "'difference'" in problem
    with pytest.raises(ValidationError):
        pips(side="mine")


def test_a_shots_answer_out_of_36_and_a_target_off_the_board_are_refused() -> None:
    with pytest.raises(ValidationError):
        shots(answer=37)
    with pytest.raises(ValidationError, match="points run 1-24"):
        shots(targets=[25])


def test_the_shots_view_grades_a_typed_number() -> None:
    view = view_for(shots(hint="Count each roll with a 6, then the ways to make 6."))
    assert view.typed and view.scene().marked == frozenset()
    right = view.on_text(" 17 ")
    assert isinstance(right, Feedback) and right.correct
    assert right.message.startswith("6-6, 6-5, 5-6, 6-4, 4-6, 6-3, 3-6, 6-2, 2-6, 6-1, 1-6, 5-1, 1-5, 4-2, 2-4,")
    assert right.message.endswith("3-3, 2-2: 17 of 36. Why.")
    wrong = view.on_text("15")
    assert isinstance(wrong, Feedback) and not wrong.correct
    assert wrong.message == "Not 15. Count each roll with a 6, then the ways to make 6."
    unreadable = view.on_text("seventeen")
    assert isinstance(unreadable, Feedback) and not unreadable.correct and not unreadable.counts  # no answer
    assert unreadable.message == "Answer with a whole number, like 12."
    assert wrong.counts and right.counts


def test_the_shots_view_marks_the_targets_and_counts_only_them() -> None:
    step = shots(position="X: 23 6x14 / O: 17 20 1x13", targets=[20], answer=14)
    view = view_for(step)
    assert view.scene().marked == frozenset({20})
    assert isinstance(feedback := view.on_text("14"), Feedback) and feedback.correct
    miss = view.on_text("28")
    assert isinstance(miss, Feedback) and not miss.correct and "14" not in miss.message


def test_the_pips_view_holds_the_counts_back_until_answered() -> None:
    view = view_for(pips())
    assert view.typed and not view.scene().pip_counts
    wrong = view.on_text("160")
    assert isinstance(wrong, Feedback) and not wrong.correct and "167" not in wrong.message
    right = view.on_text("167")
    assert isinstance(right, Feedback) and right.correct
    assert right.message == "24x2 = 48, 13x5 = 65, 8x3 = 24, 6x5 = 30: 167 pips. Why."
    view.answered()
    assert view.scene().pip_counts


def test_the_pips_view_counts_o_in_os_numbering_and_the_difference() -> None:
    position = "X: bar 13x2 6x5 / O: 19x4 1"
    opponent = view_for(pips(position=position, side="opponent", answer=48)).on_text("48")
    assert isinstance(opponent, Feedback) and opponent.correct
    assert "24x1 = 24, 6x4 = 24: 48 pips." in opponent.message
    mine = view_for(pips(position=position, side="player", answer=81)).on_text("81")
    assert isinstance(mine, Feedback) and mine.correct and mine.message.startswith("barx1 = 25, 13x2 = 26,")
    difference = view_for(pips(position=position, side="difference", answer=33))
    for typed in ("33", " 33"):
        feedback = difference.on_text(typed)
        assert isinstance(feedback, Feedback) and feedback.correct
        assert feedback.message.startswith("You 81, O 48: 81 - 48 = 33.")
    behind = view_for(pips(position="X: 6 / O: 1", side="difference", answer=-18))
    assert isinstance(miss := behind.on_text("18"), Feedback) and not miss.correct
    assert isinstance(hit := behind.on_text("-18"), Feedback) and hit.correct
    assert hit.message.startswith("You 6, O 24: 6 - 24 = -18.")


def test_a_pip_difference_with_the_wrong_sign_is_told_its_size_is_right() -> None:
    """Lesson 20's step 24: yours minus O's is -14; 14 has the right size and the wrong sign."""
    lesson = next(lesson for lesson in load_lessons().lessons if lesson.id == "counting")
    step = lesson.steps[23]
    assert isinstance(step, PipsStep) and step.side == "difference" and step.answer == -14
    sign = view_for(step).on_text("14")
    assert isinstance(sign, Feedback) and not sign.correct and sign.counts
    assert sign.message.startswith("Not 14: the size is right, but the sign is not.")
    assert "Count both sides" not in sign.message
    even = view_for(pips(position="X: 6 / O: 19", side="difference", answer=0)).on_text("-0")
    assert isinstance(even, Feedback) and even.correct  # zero has no sign to get wrong
    other = view_for(step).on_text("15")
    assert isinstance(other, Feedback) and other.message.startswith("Not 15. Count both sides")


def entering_rolls(position: Position) -> int:
    """How many of the 36 rolls bring every checker on the bar in, by the engine's legal plays."""
    entering = 0
    for high in range(1, 7):
        for low in range(1, 7):
            plays = legal_plays(position, (high, low))
            if any(play.result.player_bar == 0 for play in plays):
                entering += 1
    return entering


def test_the_entering_questions_of_the_counting_lesson_agree_with_the_engine() -> None:
    lesson = next(lesson for lesson in load_lessons().lessons if lesson.id == "counting")
    asked = [step for step in lesson.steps if isinstance(step, ChooseStep) and (step.board() or START_BOARD).player_bar]
    assert len(asked) == 3
    for step in asked:
        position = step.board()
        assert position is not None
        right = next(option.text for option in step.options if option.correct)
        assert right == f"{entering_rolls(position)} of 36"


def test_the_shot_count_skips_only_rolls_that_cannot_reach_a_blot() -> None:
    """Against the plain count (every roll's legal plays searched) on the shipped shot-counting positions."""
    from trainer.content.puzzles import load_puzzles
    from trainer.engine.shots import ROLLS

    library = load_puzzles()
    positions = {puzzle.board() for puzzle in library.counts if puzzle.kind == "shots"}
    checked = 0
    for position in sorted(positions, key=Position.position_id):
        wanted = frozenset(blot_points(position))
        if position.is_game_over() or not wanted:
            continue
        plain = sum(
            1 if roll.is_double else 2
            for roll in ROLLS
            if any(move.hit and move.end in wanted for play in legal_plays(position, roll) for move in play.moves)
        )
        assert count_shots(position).total == plain, position.text()
        checked += 1
    assert checked >= 100
