"""Rolled-out best-play steps of lessons (``trials``, each play with its ``se``): the plays accepted within the
rollout's error, the steps refused as unclear, the feedback that says how the figures were settled, the deep check
that leaves them alone, and the authoring command that prints them."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from trainer.analysis import RankedPlay
from trainer.analysis.results import Chances
from trainer.authoring.figures import deep_check, rollout_play_lines
from trainer.cli.main import main
from trainer.content.best import (
    best_figures,
    best_problems,
    grade_best,
    rolled_out_accepts,
    rolled_out_window,
    split_rolled_out,
)
from trainer.content.models import BestStep, Lesson
from trainer.engine import Dice, Position, legal_plays, parse_play

TWO_ONE: dict[str, Any] = {
    "kind": "best",
    "prompt": "You open with 2-1. Find a good play.",
    "position": "start",
    "dice": "21",
    "hint": "A builder with the big die.",
    "explanation": "Split or slot.",
    "plies": 3,
    "trials": 1296,
    "plays": [
        {"play": "24/23 13/11", "equity": 0.016, "se": 0.006},
        {"play": "13/11 6/5", "equity": -0.003, "se": 0.006},
        {"play": "24/21", "equity": -0.035, "se": 0.006},
        {"play": "13/10", "equity": -0.036, "se": 0.006},
    ],
}
"""A 2-1 rolled out: the slot is 0.019 below the split (accepted); 24/21 is 0.051 below, more than three combined
errors (0.025): rejected."""


def step(**fields: Any) -> BestStep:
    return BestStep.model_validate(TWO_ONE | fields)


def play_of(text: str) -> Any:
    return parse_play(Position.start(), Dice.of((2, 1)), text)


def test_the_window_is_two_hundredths_or_two_combined_errors() -> None:
    assert rolled_out_window(0.006, 0.006) == pytest.approx(0.02)
    assert rolled_out_window(0.012, 0.016) == pytest.approx(0.04)


def test_plays_within_the_error_are_accepted_and_the_others_rejected() -> None:
    found = best_figures(step())
    assert [str(figure.play) for figure in found.accepted] == ["24/23 13/11", "13/11 6/5"]
    assert found.first_left_out is not None and str(found.first_left_out.play) == "24/21"
    assert not found.widened and best_problems(step()) == []
    # Wide errors: a play 0.03 below the best is within two combined errors (0.034) and is accepted.
    wide = [(0.016, 0.012), (-0.014, 0.012), (-0.060, 0.012)]
    assert rolled_out_accepts(wide) == [True, True, False]


def test_a_step_whose_first_rejected_play_is_within_three_errors_is_refused() -> None:
    plays = [
        {"play": "24/23 13/11", "equity": 0.016, "se": 0.006},
        {"play": "13/11 6/5", "equity": -0.008, "se": 0.006},  # 0.024 below: not accepted, not 0.0255 below
        {"play": "24/21", "equity": -0.035, "se": 0.006},
    ]
    problems = best_problems(step(plays=plays))
    assert len(problems) == 1
    field, message, _suggestion = problems[0]
    assert field == "plays.1.equity" and "0.024 below the best" in message and "0.025" in message


def test_a_rejected_play_above_an_accepted_one_is_refused() -> None:
    plays = [
        {"play": "24/23 13/11", "equity": 0.016, "se": 0.002},
        {"play": "13/11 6/5", "equity": -0.030, "se": 0.002},  # 0.046 below: rejected
        {"play": "24/21", "equity": -0.032, "se": 0.030},  # 0.048 below, within two errors (0.060): accepted
    ]
    assert [field for field, _message, _suggestion in best_problems(step(plays=plays))] == ["plays.1.equity"]


def test_a_step_that_accepts_every_listed_play_is_refused() -> None:
    plays = [{"play": "24/23 13/11", "equity": 0.016, "se": 0.006}, {"play": "13/11 6/5", "equity": 0.0, "se": 0.006}]
    assert "nothing shows" in best_problems(step(plays=plays))[0][1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"trials": None}, "has an 'se', but the step has no 'trials'"),
        ({"plays": [{"play": "24/23 13/11", "equity": 0.016}, {"play": "13/10", "equity": -0.036}]}, "no standard"),
        ({"trials": 0}, "greater than or equal to 1"),
    ],
)
def test_errors_and_trials_go_together(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        BestStep.model_validate({key: value for key, value in (TWO_ONE | change).items() if value is not None})


def test_the_feedback_says_the_figures_were_rolled_out_with_their_errors() -> None:
    said = grade_best(step(), play_of("13/11 6/5"), explanation="Split or slot.")
    assert said.correct
    settled = (
        "Rolled out over 1,296 games: 24/23 13/11 +0.016 (± 0.006), 13/11 6/5 -0.003 (± 0.006), 24/21 -0.035 (± 0.006)."
    )
    assert said.lines[-1] == settled
    missed = grade_best(step(), play_of("24/21"), final=True)
    assert not missed.correct and missed.lines[-1] == settled
    unrolled = {key: value for key, value in TWO_ONE.items() if key != "trials"}
    unrolled["plays"] = [{"play": item["play"], "equity": item["equity"]} for item in TWO_ONE["plays"]]
    plain = grade_best(BestStep.model_validate(unrolled), play_of("24/23 13/11"))
    assert not any("Rolled out" in line for line in plain.lines)


class NoEvaluator:
    """An evaluator that must not be asked: a rolled-out step is never evaluated again."""

    def rank_plays(self, *_: Any, **__: Any) -> list[RankedPlay]:
        raise AssertionError("evaluated again")

    def cube_decision(self, *_: Any, **__: Any) -> Any:
        raise AssertionError("evaluated again")


def lesson_of(*steps: dict[str, Any]) -> Lesson:
    return Lesson.model_validate({"id": "skill", "number": 30, "title": "S", "summary": "S", "steps": list(steps)})


def test_the_deep_check_reads_a_rolled_out_step_without_rolling_it_out_again() -> None:
    assert deep_check("30-skill.toml", lesson_of(TWO_ONE), NoEvaluator()) == []
    unclear = TWO_ONE | {"plays": [*TWO_ONE["plays"][:1], {"play": "13/10", "equity": -0.006, "se": 0.006}]}
    problems = [str(problem) for problem in deep_check("30-skill.toml", lesson_of(unclear), NoEvaluator())]
    assert len(problems) == 1 and "not within its error" in problems[0]


class TableRollout:
    """An evaluator whose 3-ply equities and rollout figures come from tables (notation -> figures); every other
    play is far below, and the rollout leaves out every play not forced."""

    def __init__(self, shallow: dict[str, float], rolled: dict[str, tuple[float, float]]) -> None:
        self.shallow, self.rolled = shallow, rolled
        self.forced: list[Position] = []

    def _ranked(self, position: Position, dice: Dice, figures: dict[str, tuple[float, float | None]]) -> list[Any]:
        chances = Chances(0.5, 0.1, 0.0, 0.1, 0.0)
        scored = sorted(
            ((*figures.get(str(play), (-1.0, None)), play) for play in legal_plays(position, dice)),
            key=lambda item: -item[0],
        )
        top = scored[0][0]
        return [
            RankedPlay(rank, play, equity, equity, chances, equity - top, 3, error)
            for rank, (equity, error, play) in enumerate(scored, start=1)
        ]

    def rank_plays(self, position: Position, dice: Dice, plies: int = 1, **_: Any) -> list[Any]:
        return self._ranked(position, dice, {play: (equity, None) for play, equity in self.shallow.items()})

    def rollout_plays(self, position: Position, dice: Dice, *, force: list[Position], **_: Any) -> list[Any]:
        self.forced = force
        taken = {str(item.play) for item in self._ranked(position, dice, {}) if item.play.result in force}
        figures: dict[str, tuple[float, float | None]] = {
            play: (equity, None) for play, equity in self.shallow.items()
        }  # a play the rollout leaves out keeps a shallower figure, with no error
        figures |= {play: self.rolled[play] for play in taken if play in self.rolled}
        return self._ranked(position, dice, figures)


def test_the_authoring_lines_roll_out_every_play_near_the_best() -> None:
    shallow = {"24/23 13/11": 0.01, "13/11 6/5": 0.0, "24/21": -0.02, "13/10": -0.05, "24/23 24/22": -0.2}
    rolled = {
        "24/23 13/11": (0.016, 0.006),
        "13/11 6/5": (-0.003, 0.006),
        "24/21": (-0.035, 0.006),
        "13/10": (-0.036, 0.006),
        "24/23 24/22": (-0.1, 0.006),
    }
    judge = TableRollout(shallow, rolled)
    lines = rollout_play_lines(Position.start(), Dice.of((2, 1)), 1296, evaluator=judge)  # type: ignore[arg-type]
    assert len(judge.forced) == 4  # within 0.10 of the best at 3 plies: not 24/23 24/22
    assert lines.startswith("plies = 3\ntrials = 1296\nplays = [\n")
    assert '  { play = "13/11 6/5", equity = -0.003, se = 0.006 },' in lines
    parsed = tomllib.loads(lines)
    assert [item["play"] for item in parsed["plays"]] == ["24/23 13/11", "13/11 6/5", "24/21", "13/10"]
    assert best_problems(BestStep.model_validate(TWO_ONE | parsed)) == []


def test_the_listing_stops_above_a_play_the_rollout_left_out() -> None:
    shallow = {"24/23 13/11": 0.01, "13/11 6/5": 0.0, "24/21": -0.02, "13/10": -0.15, "24/23 24/22": -0.04}
    rolled = {"24/23 13/11": (0.016, 0.006), "13/11 6/5": (-0.003, 0.006), "24/21": (-0.035, 0.006)}
    judge = TableRollout(shallow, rolled)
    lines = rollout_play_lines(Position.start(), Dice.of((2, 1)), 1296, evaluator=judge)  # type: ignore[arg-type]
    # 24/23 24/22 was not rolled out (no error) and ranks above 13/10: the listing stops at the first left out
    assert [item["play"] for item in tomllib.loads(lines)["plays"]] == ["24/23 13/11", "13/11 6/5", "24/21"]


def test_split_rolled_out_ignores_plays_without_an_error() -> None:
    judge = TableRollout({}, {"24/23 13/11": (0.016, 0.006), "13/10": (-0.036, 0.006)})
    start = Position.start()
    forced = [play_of("24/23 13/11").result, play_of("13/10").result]
    ranked = judge.rollout_plays(start, Dice.of((2, 1)), force=forced)
    accepted, left_out = split_rolled_out(ranked)
    assert [str(item.play) for item in accepted] == ["24/23 13/11"]
    assert left_out is not None and str(left_out.play) == "13/10"


def test_the_command_line_refuses_a_rollout_of_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "figures", "start", "21", "--rollout", "0"]) != 0
    assert "--rollout must be 1 or more, not 0" in capsys.readouterr().err


def test_a_rolled_out_lesson_file_loads(tmp_path: Path) -> None:
    from trainer.content.loader import load_lesson_file

    body = "".join(f"{key} = {value!r}\n".replace("'", '"') for key, value in TWO_ONE.items() if key != "plays")
    plays = "".join(
        f'  {{ play = "{item["play"]}", equity = {item["equity"]}, se = {item["se"]} }},\n' for item in TWO_ONE["plays"]
    )
    path = tmp_path / "30-skill.toml"
    head = 'id = "skill"\nnumber = 30\ntitle = "Skill"\nsummary = "Plays."\n\n[[steps]]\n'
    path.write_text(head + body + f"plays = [\n{plays}]\n")
    lesson, problems = load_lesson_file(path)
    assert problems == [] and lesson is not None


def test_the_command_line_rolls_an_opening_roll_out_with_bgsage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "figures", "start", "21", "--rollout", "36", "--seed", "2"]) == 0
    parsed = tomllib.loads(capsys.readouterr().out)
    assert parsed["plies"] == 3 and parsed["trials"] == 36 and len(parsed["plays"]) >= 2
    assert all(play["se"] > 0 for play in parsed["plays"])
    BestStep.model_validate(TWO_ONE | parsed)  # the lines make a step's fields as they stand
