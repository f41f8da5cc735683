"""Each kind of puzzle is a class of its own: a table reads as the class its ``kind`` names, with only that kind's
fields; a field of another kind, or an unknown kind, is refused naming the file, the field and a fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainer.content.models import (
    PUZZLE_CLASSES,
    PUZZLE_KINDS,
    BearoffPuzzle,
    BestPuzzle,
    CubePuzzle,
    DoublePuzzle,
    ForcedPuzzle,
    PipsPuzzle,
    Puzzle,
    RecognitionPuzzle,
    ShotsPuzzle,
    read_puzzle,
)
from trainer.content.puzzles import load_puzzle_file, load_puzzles, puzzle_problems
from trainer.training.service import stored_puzzle

LIBRARY = load_puzzles()
SHIPPED: list[Puzzle] = [*LIBRARY.puzzles, *LIBRARY.drills, *LIBRARY.counts]
COMMON = {"id": "hand-made", "difficulty": 1, "prompt": "Hand-made.", "theme": "only-play"}
START = "X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2"
TABLES: dict[type[Puzzle], dict[str, object]] = {
    ForcedPuzzle: {"kind": "forced", "position": START, "dice": "61", "answers": ["13/7 8/7"]},
    BearoffPuzzle: {"kind": "bearoff", "position": "X: 6 4 / O: 24 19", "dice": "31", "answers": ["4/off"]},
    RecognitionPuzzle: {"kind": "recognition", "position": START, "dice": "31", "answers": ["not forced"]},
    BestPuzzle: {
        "kind": "best", "position": START, "dice": "31", "answers": ["8/5 6/5"], "plies": 3,
        "plays": [{"play": "8/5 6/5", "equity": 0.15}, {"play": "24/21 13/12", "equity": 0.0}],
    },
    CubePuzzle: {"kind": "cube", "position": "X: 3 1 / O: 24", "question": "double", "answers": ["double"]},
    DoublePuzzle: {
        "kind": "double", "variant": "acey-deucey", "position": START, "question": "choose", "answers": ["1-1"],
    },
    ShotsPuzzle: {"kind": "shots", "position": "X: 13 / O: 7", "answers": ["11"]},
    PipsPuzzle: {"kind": "pips", "position": START, "side": "player", "answers": ["167"]},
}  # fmt: skip


@pytest.mark.parametrize("kind", PUZZLE_CLASSES, ids=PUZZLE_KINDS)
def test_a_puzzle_of_each_kind_reads_as_its_class(kind: type[Puzzle]) -> None:
    puzzle = read_puzzle(COMMON | TABLES[kind])
    assert type(puzzle) is kind and puzzle.kind == kind.KIND == TABLES[kind]["kind"]
    shipped = [puzzle for puzzle in SHIPPED if puzzle.kind == kind.KIND]
    assert shipped and all(type(puzzle) is kind for puzzle in shipped)


@pytest.mark.parametrize(
    ("kind", "field", "value", "message"),
    [
        (ForcedPuzzle, "side", "player", "only pips puzzles take 'side'"),
        (BearoffPuzzle, "plies", 3, "only best and cube puzzles take 'plies'"),
        (PipsPuzzle, "targets", [7], "only shots puzzles take 'targets'"),
        (ShotsPuzzle, "conditions", ["safe"], "only double puzzles take 'conditions'"),
        (RecognitionPuzzle, "cube_owner", "player", "only cube puzzles take 'cube_owner'"),
        (CubePuzzle, "dice", "61", "a cube puzzle is asked before rolling: it takes no dice"),
        (PipsPuzzle, "dice", "61", "a counting puzzle is asked before the roll: it takes no dice"),
    ],
)
def test_a_field_of_another_kind_is_refused_naming_the_kinds_that_take_it(
    kind: type[Puzzle], field: str, value: object, message: str
) -> None:
    assert puzzle_problems(COMMON | TABLES[kind] | {field: value}) == [(field, message, f"remove '{field}'")]


def test_a_field_no_kind_takes_is_unknown_and_the_nearest_name_suggested() -> None:
    assert puzzle_problems(COMMON | TABLES[ForcedPuzzle] | {"answer": ["13/7 8/7"]}) == [
        ("answer", "unknown field", "did you mean 'answers'?")
    ]


def test_a_field_its_kind_needs_is_asked_for() -> None:
    table = {name: value for name, value in (COMMON | TABLES[PipsPuzzle]).items() if name != "side"}
    assert puzzle_problems(table) == [
        ("side", "a pips puzzle says whose count it asks: 'side' is player or opponent", 'side = "player"')
    ]


def test_a_file_with_an_unknown_kind_names_the_kinds_allowed(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text(
        '[[puzzles]]\nid = "odd-1"\nkind = "riddle"\ntheme = "only-play"\ndifficulty = 1\n'
        f'position = "{START}"\ndice = "61"\nprompt = "?"\nanswers = ["13/7 8/7"]\n\n'
        '[[puzzles]]\nid = "odd-2"\ntheme = "only-play"\ndifficulty = 1\n'
        f'position = "{START}"\ndice = "61"\nprompt = "?"\nanswers = ["13/7 8/7"]\n',
        encoding="utf-8",
    )
    puzzles, problems = load_puzzle_file(path)
    assert puzzles == []
    kinds = "kind is one of forced, bearoff, recognition, best, cube, double, shots, pips"
    assert [(p.file, p.line, p.where, p.message, p.suggestion) for p in problems] == [
        ("odd.toml", 3, "puzzle 1 (odd-1), field 'kind'", "unknown puzzle kind 'riddle'", kinds),
        ("odd.toml", 11, "puzzle 2 (odd-2), field 'kind'", "the puzzle has no 'kind'", kinds),
    ]


def test_a_field_of_another_kind_in_a_file_names_the_file_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "mixed.toml"
    path.write_text(
        '[[puzzles]]\nid = "mixed-1"\nkind = "forced"\ntheme = "only-play"\ndifficulty = 1\n'
        f'position = "{START}"\ndice = "61"\nfigures = {{ no_double = 0.1, double_take = 0.2, win = 0.6 }}\n'
        'prompt = "?"\nanswers = ["13/7 8/7"]\n',
        encoding="utf-8",
    )
    _puzzles, problems = load_puzzle_file(path)
    assert [(p.line, p.where, p.message, p.suggestion) for p in problems] == [
        (8, "puzzle 1 (mixed-1), field 'figures'", "only cube puzzles take 'figures'", "remove 'figures'")
    ]


def test_a_personal_puzzle_stored_with_every_kinds_fields_still_reads() -> None:
    """A record stored when one model held every kind's fields: those its kind does not take are null or empty."""
    wide = {
        "id": "mine-1", "kind": "best", "variant": "standard", "theme": "personal", "difficulty": 2,
        "position": "4HPwATDgc/ABMA", "dice": "31", "cube_owner": None, "question": None, "conditions": [],
        "prompt": "From game 1.", "answers": ["8/5 6/5"], "plies": 2,
        "plays": [{"play": "8/5 6/5", "equity": 0.1}, {"play": "13/9", "equity": 0.0}], "figures": None,
        "side": None, "targets": [], "personal": True,
    }  # fmt: skip
    puzzle = stored_puzzle(json.dumps(wide))
    assert isinstance(puzzle, BestPuzzle) and puzzle.personal and puzzle.plies == 2
    assert stored_puzzle(puzzle.model_dump_json()) == puzzle
