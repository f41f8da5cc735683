"""Puzzle files of JSON lines (``puzzles/*.jsonl``): one puzzle a line, each line exactly the record
``bgtrainer puzzles export`` writes for it, so that a mined file and an export are the same thing. They hold the
best-play and contact cube puzzles mined in bulk, with the figures that settle them (:data:`LINE_KINDS`).

A best-play record::

    {"id": "best-v2-00001", "kind": "best", "theme": "holding-game", "difficulty": 2, "rating": 1650,
     "position": "<Position ID, solver on roll>", "dice": [6, 2], "answers": ["<Position ID after each accepted play>"],
     "plays": [{"play": "24/18 13/11", "result": "<Position ID>", "equity": 0.123, "se": 0.004,
                "chances": [0.55, 0.15, 0.01, 0.10, 0.005]}, ...],
     "verified": {"method": "rollout", "trials": 1296, "gap": 0.052, "se": 0.011}, "why": "..."}

``plays`` run best first, down past the first rejected play, each with its cubeful money equity (cube centered), its
standard error (``null`` at 3 plies) and its chances (win, win a gammon, win a backgammon, lose a gammon, lose a
backgammon; may be left out). A cube record has ``cube_owner``, ``question`` and ``figures`` (``no_double``,
``double_take``, ``double_pass``, ``win``, ``win_gammon``, ``lose_gammon``, ``no_double_se``, ``double_take_se``) in
place of the dice and plays, and its answer in words. ``verified`` says how the figures were settled
(:class:`~trainer.content.models.Verification`); a record without it gives the depth of its figures (``plies``)
instead. ``rating`` (the puzzle's starting rating) and ``why`` (a sentence saying why) may be left out.

A record is read as the fields of the puzzle's model (:func:`puzzle_fields`): the dice as written in TOML, the
answers as the plays whose ``result`` they name, and the prompt every puzzle of its kind has (in English: the
prompts' table translates it). The rules checks then are the puzzle's own.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any, Final

from trainer.content import author_wording as wording
from trainer.content.models import BestPuzzle, CubePuzzle, PlayFigure
from trainer.content.wording import BEST_PROMPT, CUBE_PROMPTS
from trainer.engine import parse_play

LINE_KINDS: Final = ("best", "cube")
"""The kinds of puzzle a file of JSON lines holds."""
BEST_FIELDS: Final = (
    "id", "kind", "theme", "difficulty", "rating", "position", "dice", "answers", "plays", "plies", "verified", "why",
)  # fmt: skip
"""A best-play record's fields, in the order the export writes them."""
CUBE_FIELDS: Final = (
    "id", "kind", "theme", "difficulty", "rating", "position", "cube_owner", "question", "answers", "figures",
    "plies", "verified", "why",
)  # fmt: skip
"""A cube record's fields, in the order the export writes them."""
FIGURE_FIELDS: Final = (
    "no_double", "double_take", "double_pass", "win", "win_gammon", "lose_gammon", "no_double_se", "double_take_se",
)  # fmt: skip
"""A cube record's figures, in the order the export writes them."""

FieldProblem = tuple[str, str, str | None]
"""A problem of one record: the field, what is wrong, and what to write instead (if anything)."""


def puzzle_fields(record: object) -> tuple[dict[str, Any], list[FieldProblem]]:
    """The fields of a puzzle's model (what a TOML ``[[puzzles]]`` table holds) read from one line's record, and the
    problems of the record's own form (the fields it may hold, the dice, the answers' results). The fields of a
    record with problems are as complete as they can be, so that the model's checks find the other problems."""
    if not isinstance(record, dict):
        return {}, [("", wording.not_a_json_object(type(record).__name__), wording.write_one_json_object())]
    kind = record.get("kind")
    if kind not in LINE_KINDS:
        return {}, [("kind", wording.jsonl_kinds(kind, LINE_KINDS), wording.write_other_kinds_in_toml())]
    known = BEST_FIELDS if kind == "best" else CUBE_FIELDS
    problems: list[FieldProblem] = []
    for name in record:
        if name not in known:
            close = difflib.get_close_matches(str(name), known, n=1)
            suggestion = wording.did_you_mean(close[0]) if close else wording.known_fields(list(known))
            problems.append((str(name), wording.unknown_field(), suggestion))
    fields = {name: value for name, value in record.items() if name in known and value is not None}
    if kind == "best":
        fields["prompt"] = BEST_PROMPT
        problems.extend(_read_dice(fields))
        problems.extend(_read_answers(fields))
    else:
        owned = record.get("cube_owner") == "player"
        fields["prompt"] = CUBE_PROMPTS.get((str(record.get("question")), owned), BEST_PROMPT)
    return fields, problems


def _read_dice(fields: dict[str, Any]) -> list[FieldProblem]:
    """The record's dice (``[6, 2]``) as a puzzle writes them (``"62"``)."""
    dice = fields.pop("dice", None)
    if dice is None:
        return []  # the model says it is missing
    if not isinstance(dice, list) or len(dice) != 2 or not all(_is_die(die) for die in dice):
        return [("dice", wording.dice_are_a_pair(), '"dice": [6, 2]')]
    fields["dice"] = f"{dice[0]}{dice[1]}"
    return []


def _is_die(value: object) -> bool:
    return type(value) is int and 1 <= value <= 6


def _read_answers(fields: dict[str, Any]) -> list[FieldProblem]:
    """The record's answers (the Position IDs the accepted plays leave) as the plays listed with those results."""
    answers, plays = fields.get("answers"), fields.get("plays")
    if not isinstance(answers, list) or not isinstance(plays, list):
        return []  # the model says what is wrong with them
    problems: list[FieldProblem] = []
    played: dict[str, str] = {}
    for index, listed in enumerate(plays):
        if not isinstance(listed, dict):
            continue
        result, play = listed.get("result"), listed.get("play")
        if result is None:
            problems.append((f"plays.{index}.result", wording.play_needs_result(index + 1), wording.give_the_result()))
        elif isinstance(result, str) and isinstance(play, str):
            played.setdefault(result, play)
    named = []
    for answer in answers:
        if isinstance(answer, str) and answer in played:
            named.append(played[answer])
        else:
            problems.append(("answers", wording.answer_not_listed(str(answer)), wording.list_every_accepted_play()))
    fields["answers"] = named
    return problems


def puzzle_record(puzzle: BestPuzzle | CubePuzzle, *, why: str | None) -> dict[str, object]:
    """A best-play or cube puzzle's record, as a file of JSON lines holds it (and ``bgtrainer puzzles export`` writes
    it), with ``why`` as its reason (left out if ``None``); fields the puzzle doesn't know are left out."""
    record: dict[str, object] = {"id": puzzle.id, "kind": puzzle.kind, "theme": puzzle.theme}
    record["difficulty"] = puzzle.difficulty
    if puzzle.rating is not None:
        record["rating"] = puzzle.rating
    record["position"] = puzzle.board().position_id()
    if isinstance(puzzle, BestPuzzle):
        dice = puzzle.roll()
        record["dice"] = [dice[0], dice[1]]
        record["answers"] = sorted({play.result.position_id() for play in puzzle.accepted_plays()})
        record["plays"] = [_play_record(puzzle, listed) for listed in puzzle.plays]
    else:
        record |= {"cube_owner": puzzle.owner, "question": puzzle.question, "answers": list(puzzle.answers)}
        if puzzle.figures is not None:
            figures = puzzle.figures.model_dump()
            record["figures"] = {name: figures[name] for name in FIGURE_FIELDS}
    if puzzle.verified is not None:
        record["verified"] = puzzle.verified.model_dump()
    elif puzzle.plies is not None:
        record["plies"] = puzzle.plies
    if why is not None:
        record["why"] = why
    return record


def _play_record(puzzle: BestPuzzle, listed: PlayFigure) -> Mapping[str, object]:
    """One listed play's record: the play as written, the position it leaves (as stored, which loading checked, or
    worked out), its equity, error and chances."""
    result = listed.result or parse_play(puzzle.board(), puzzle.roll(), listed.play).result.position_id()
    record: dict[str, object] = {"play": listed.play, "result": result, "equity": listed.equity, "se": listed.se}
    if listed.chances is not None:
        record["chances"] = list(listed.chances)
    return record
