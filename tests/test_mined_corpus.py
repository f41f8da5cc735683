"""The mined corpus of best-play and cube puzzles (``puzzles/*.jsonl``): its size and spread, themes that hold by
their rules, answers settled by the mining rule and confirmed by GNU Backgammon 2-ply (its figures in
tests/data/gnubg_puzzle_checks.jsonl), few beginner-obvious puzzles, cube questions near the decision's edge, and a
reason in words for every answer that few puzzles share."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from trainer.content.mined import puzzle_reason
from trainer.content.models import BestPuzzle, CubePuzzle
from trainer.content.position_themes import POSITION_THEME_NAMES, theme_holds
from trainer.content.puzzles import load_puzzles

LIBRARY = load_puzzles()
MINED_BEST = [p for p in LIBRARY.puzzles if isinstance(p, BestPuzzle) and p.verified is not None]
MINED_CUBE = [p for p in LIBRARY.puzzles if isinstance(p, CubePuzzle) and p.verified is not None]
CONTACT_CUBE = [p for p in MINED_CUBE if not p.board().is_race()]
CHECKS = {
    record["id"]: record
    for record in map(json.loads, (Path(__file__).parent / "data" / "gnubg_puzzle_checks.jsonl").open())
}


def test_the_corpus_is_large_and_spread_over_themes() -> None:
    assert len(MINED_BEST) >= 2000
    assert len(CONTACT_CUBE) >= 400
    assert sum(1 for puzzle in CONTACT_CUBE if puzzle.question == "take") >= 150
    for puzzles in (MINED_BEST, CONTACT_CUBE):
        themes = Counter(puzzle.theme for puzzle in puzzles)
        assert len(themes) >= 8
        assert max(themes.values()) <= 0.25 * len(puzzles)
    assert {puzzle.difficulty for puzzle in MINED_BEST} == {1, 2, 3}


def test_every_position_theme_holds_by_its_rule() -> None:
    for puzzle in [*MINED_BEST, *MINED_CUBE]:
        if puzzle.theme not in POSITION_THEME_NAMES:
            continue
        board = puzzle.board()
        if isinstance(puzzle, BestPuzzle):
            chances = puzzle.plays[0].chances
            win_gammon, lose_gammon = (chances[1], chances[3]) if chances else (None, None)
        else:
            assert puzzle.figures is not None
            win_gammon, lose_gammon = puzzle.figures.win_gammon, puzzle.figures.lose_gammon
            if puzzle.question == "take":  # the taker's position: the board turned round
                board, win_gammon, lose_gammon = board.swap(), lose_gammon, win_gammon
        assert theme_holds(puzzle.theme, board, win_gammon=win_gammon, lose_gammon=lose_gammon), puzzle.id


def test_every_answer_is_settled_and_verified() -> None:
    for puzzle in [*MINED_BEST, *MINED_CUBE]:
        verified = puzzle.verified
        assert verified is not None and puzzle.rating is not None
        assert verified.gap >= 0.04, puzzle.id
        if verified.method == "rollout":
            assert verified.trials > 0 and verified.gap >= 3 * verified.se, puzzle.id
        else:
            assert verified.gap >= 0.08, puzzle.id


def test_gnubg_accepts_every_answer_within_its_error() -> None:
    from trainer.content.best import best_figures

    for puzzle in MINED_BEST:
        plays = CHECKS[puzzle.id]["plays"]
        equities = {play["result"]: play["equity"] for play in plays}
        accepted = {figure.play.result.position_id() for figure in best_figures(puzzle).accepted}
        assert plays[0]["result"] in accepted, puzzle.id
        assert all(plays[0]["equity"] - equities.get(answer, -9.0) < 0.03 for answer in accepted), puzzle.id


def test_gnubg_finds_few_obvious_best_plays() -> None:
    obvious = 0
    for puzzle in MINED_BEST:
        plays = CHECKS[puzzle.id]["plays"]
        obvious += plays[0]["equity"] - plays[1]["equity"] >= 0.30
    assert obvious <= 0.10 * len(MINED_BEST)


def test_cube_questions_lie_near_the_decisions_edge() -> None:
    for question in ("double", "take"):
        asked = [puzzle for puzzle in CONTACT_CUBE if puzzle.question == question]
        near = 0
        for puzzle in asked:
            record = CHECKS[puzzle.id]
            no_double, take, cash = record["no_double"], record["double_take"], record["double_pass"]
            edge = abs(cash - take) if question == "take" else abs(min(take, cash) - no_double)
            near += edge <= 0.10
        assert near >= len(asked) / 2, question
    for puzzle in CONTACT_CUBE:
        if puzzle.question == "take":
            figures = puzzle.figures
            assert figures is not None
            assert min(figures.double_take, figures.double_pass) - figures.no_double > -0.04, puzzle.id


def test_every_answer_has_a_reason_and_few_share_one() -> None:
    reasons = Counter()
    for puzzle in [*MINED_BEST, *MINED_CUBE]:
        reason = puzzle_reason(puzzle)
        assert reason, puzzle.id
        reasons[reason] += 1
    assert max(reasons.values()) < 0.20 * (len(MINED_BEST) + len(MINED_CUBE))


def test_a_market_loser_is_a_double_take_with_many_market_losing_sequences() -> None:
    """As lesson 24 teaches: doubling is right and a take too, and 15% or more of the next two rolls would lose the
    market (the share the mining measured, kept beside gnubg's figures)."""
    losers = [puzzle for puzzle in CONTACT_CUBE if puzzle.theme == "market-loser"]
    assert losers
    for puzzle in losers:
        figures = puzzle.figures
        assert figures is not None
        assert min(figures.double_take, figures.double_pass) > figures.no_double, puzzle.id
        assert figures.double_take <= figures.double_pass, puzzle.id
        assert CHECKS[puzzle.id]["market_losers"] >= 0.15, puzzle.id
