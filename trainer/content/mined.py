"""The reason in words of a mined puzzle's answer, from its record (a line of a ``.jsonl`` puzzle file, as
``bgtrainer puzzles export`` and ``bgtrainer puzzles mine`` write it): for a best-play puzzle, why the best play
beats the most tempting play left out; for a cube puzzle, why its answer is right (:mod:`trainer.content.reasons`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from trainer.content.models import BestPuzzle, CubePuzzle
from trainer.content.reasons import PlayOutcome, cube_reason, play_reason
from trainer.engine import Dice, Play, PlayError, Position, parse_play


def outcome(play: Play, equity: float, chances: Sequence[float] | None) -> PlayOutcome:
    """A play with its equity and (when known: win, win gammon, win backgammon, lose gammon, lose backgammon) its
    chances."""
    if chances is None or len(chances) != 5:
        return PlayOutcome(play, equity)
    return PlayOutcome(play, equity, win=chances[0], win_gammon=chances[1], lose_gammon=chances[3])


def tempting(answers: set[str], plays: Sequence[Mapping[str, Any]]) -> int:
    """The index of the most tempting play left out: the best listed play whose result is not an answer."""
    return next(index for index, figure in enumerate(plays) if figure["result"] not in answers)


def record_reason(record: Mapping[str, Any], played: str | None = None) -> str:
    """Why the record's answer is right, in the current language; for a best-play record, against ``played`` (the
    Position ID its learner's play leaves) when that play is listed and not accepted, else against the most tempting
    play left out.

    :raises ValueError, PlayError, KeyError: for a record whose figures don't hold together.
    """
    position = Position.from_position_id(record["position"])
    if record["kind"] == "best":
        dice = Dice(*sorted(record["dice"], reverse=True))
        plays = record["plays"]
        answers = set(record["answers"])
        listed = {figure["result"]: figure for figure in plays}
        best = plays[0]
        other = listed[played] if played in listed and played not in answers else plays[tempting(answers, plays)]
        return play_reason(
            position,
            dice,
            outcome(parse_play(position, dice, best["play"]), best["equity"], best.get("chances")),
            outcome(parse_play(position, dice, other["play"]), other["equity"], other.get("chances")),
        )
    figures = record["figures"]
    return cube_reason(
        position,
        cast(Literal["double", "take"], record["question"]),
        record["answers"][0],
        no_double=figures["no_double"],
        double_take=figures["double_take"],
        win=figures["win"],
        win_gammon=figures.get("win_gammon"),
        lose_gammon=figures.get("lose_gammon"),
    )


def puzzle_reason(puzzle: BestPuzzle | CubePuzzle, played: Play | None = None) -> str | None:
    """Why a best-play or contact cube puzzle's answer is right, in the current language (against the learner's
    ``played`` play where it is listed and wrong), or ``None`` for a puzzle whose figures can't tell (an exact
    bear-off cube, a listing without the play's results)."""
    from trainer.content.puzzle_lines import puzzle_record

    if isinstance(puzzle, CubePuzzle) and puzzle.figures is None:
        return None
    record = puzzle_record(puzzle, why=None)
    try:
        return record_reason(record, None if played is None else played.result.position_id())
    except (ValueError, KeyError, StopIteration, PlayError):
        return None
