"""``bgtrainer analyse``: a match file, or a game played here, analysed decision by decision
(:mod:`trainer.play.analyse`), as a summary per player with the worst mistakes, or as JSON.

A file that cannot be read is one error line naming the line (exit status 2); a game that cannot be replayed (or
whose end disagrees with the file) is reported with its game and move number on standard error, and the rest
analysed; a match of which no decision could be analysed is an error (exit status 2). Progress (the games replayed,
then the decisions judged) goes to standard error when it is a terminal. The report's text shows a control
character from the file (a player's name) as a visible sign, never as itself.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, TextIO

import trainer.cli.wording as wording
from trainer.analysis import Evaluator
from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.engine import EngineError
from trainer.engine.wording import printable
from trainer.play import wording as play_wording
from trainer.play.analyse import AnalysedDecision, DecisionKind, MatchAnalysis, analyse_match, luck_lines
from trainer.play.match_file import game_match, read_match_file
from trainer.play.matfile import MatMatch
from trainer.shared.skill import Skill
from trainer.training.mistake_themes import theme_loss_lines, theme_names

CLEAR_TO_END: Final = "\x1b[K"
"""The terminal's erase-to-end-of-line sequence: a shorter progress line leaves nothing of the longer one."""


def stored_game_match(data_dir: Path | None, key: str) -> MatMatch:
    """A game played here (by id or number, as ``bgtrainer game list`` shows them) as a match.

    :raises EngineError: for a game that is not there, or whose record cannot be read.
    """
    from trainer.store import ProgressStore, find_game

    store = ProgressStore(data_dir)
    try:
        games = store.games.games()
    finally:
        store.close()
    chosen = find_game(games, key)
    if chosen is None:
        raise EngineError(wording.no_such_game(key))
    return game_match(chosen)


def terminal_progress(
    stream: TextIO, said: Callable[[int, int], str] | None = None
) -> Callable[[int, int], None] | None:
    """A progress line (``said`` of what is done of the total; by default the decisions analysed and the time
    left, estimated from the pace since the first report) rewritten in place on ``stream``, if it is a terminal
    (``None`` otherwise)."""
    if not stream.isatty():
        return None
    first: list[tuple[float, int]] = []  # when the first report came, and how much was done then

    def show(done: int, total: int) -> None:
        if said is None:
            now = time.monotonic()
            first[:] = first or [(now, done)]
            since, then = first[0]
            left = (now - since) / (done - then) * (total - done) if done > then else None
            line = wording.analysing(done, total, wording.seconds_left(left))
        else:
            line = said(done, total)
        end = "\n" if done == total else ""
        stream.write("\r" + line + CLEAR_TO_END + end)
        stream.flush()

    return show


def _skill_word(skill: Skill) -> str:
    return play_wording.skill_name(skill.value)


def mistake_line(item: AnalysedDecision) -> str:
    """One of the worst mistakes, in a line, with what the better play does."""
    skill = _skill_word(item.skill)
    if item.kind is DecisionKind.MOVE:
        dice = item.point.dice
        shown = "" if dice is None else f"{dice.first}-{dice.second}"
        played = item.played or wording.no_legal_play()
        best = item.best or wording.no_legal_play()
        line = wording.worst_move(item.game, item.number, item.player, shown, played, best, item.loss, skill)
        why = item.why()
        return f"{line}. {why}" if why else line
    played, best = play_wording.decision_name(item.played), play_wording.decision_name(item.best)
    return wording.worst_cube(item.game, item.number, item.player, played, best, item.loss, skill)


def file_analysis_line(item: AnalysedDecision, program: str) -> str | None:
    """The analysis the file carried for ``item`` (by ``program``), in a line, if it did."""
    kept = item.file_analysis
    if kept is None:
        return None
    if item.kind is DecisionKind.MOVE:
        best = kept.best or wording.no_legal_play()
    else:
        best = play_wording.decision_name(kept.best)
    return wording.file_analysis_note(program, kept.level, best, kept.loss)


def report_text(analysis: MatchAnalysis) -> str:
    """The summary: each player's figures, luck and equity lost per theme, then the worst mistakes."""
    kind = wording.money_session() if not analysis.length else wording.match_of(analysis.length)
    games = len({item.game for item in analysis.decisions} | {problem.game for problem in analysis.problems})
    lines = [wording.analysis_heading(kind, games, analysis.plies), ""]
    for column in (0, 1):
        summary = analysis.summary(column)
        rate = summary.error_rate
        lines.append(
            wording.player_summary(
                summary.player,
                rate.decisions,
                rate.play_decisions,
                rate.cube_decisions,
                summary.errors[Skill.DOUBTFUL],
                summary.errors[Skill.BAD],
                summary.errors[Skill.VERY_BAD],
                summary.millipoints,
                summary.rating.word,
            )
        )
        lines += [f"  {line}" for line in luck_lines(analysis, column, summary.player)]
        lines += [f"  {line}" for line in theme_loss_lines(analysis, column)]
    kept = sum(1 for item in analysis.decisions if item.file_analysis is not None)
    if kept:
        lines += ["", wording.file_analysis_kept(analysis.analysed_by, kept)]
    lines += ["", wording.worst_heading()]
    worst = analysis.worst()
    for item in worst:
        lines.append(f"  {mistake_line(item)}")
        note = file_analysis_line(item, analysis.analysed_by)
        if note is not None:
            lines.append(f"    {note}")
    if not worst:
        lines.append(f"  {wording.no_mistakes()}")
    return "\n".join(printable(line) for line in lines)  # the names are the file's: no escape reaches the terminal


def analysis_json(analysis: MatchAnalysis) -> list[dict[str, object]]:
    """``--json``: every listed decision in order, with its themes (their names), then one ``luck`` entry per
    player."""
    entries = [
        entry | {"themes": theme_names(item)} for entry, item in zip(analysis.as_json(), analysis.listed, strict=True)
    ]
    for column in (0, 1):
        luck = analysis.luck(column)
        entries.append(
            {
                "kind": "luck",
                "player": analysis.players[column],
                "own": round(luck.own, 4),
                "against": round(luck.against, 4),
                "net": round(luck.net, 4),
                "per_game": round(luck.per_game, 4),
                "adjusted": None if luck.adjusted is None else round(luck.adjusted, 4),
            }
        )
    return entries


def analyse_command(
    path: Path | None,
    game: str | None,
    *,
    data_dir: Path | None,
    plies: int = ANALYSIS_PLIES,
    as_json: bool = False,
    evaluator: Evaluator | None = None,
) -> tuple[str, list[str]]:
    """The output of ``bgtrainer analyse`` and the lines for standard error (games that could not be replayed).

    :raises EngineError: for a file or game that cannot be read (one line), or neither or both given.
    """
    if (path is None) == (game is None):
        raise EngineError(wording.analyse_file_or_game())
    match = read_match_file(path) if path is not None else stored_game_match(data_dir, game or "")
    if evaluator is None:
        from trainer.analysis.sweep import SweepEvaluator

        evaluator = SweepEvaluator()
    progress = terminal_progress(sys.stderr)
    replaying = terminal_progress(sys.stderr, wording.replaying)
    analysis = analyse_match(match, evaluator, plies=plies, progress=progress, replaying=replaying)
    problems = [problem.text() for problem in analysis.problems]
    if not analysis.decisions:
        raise EngineError(wording.nothing_analysed(len(match.games), problems[0] if problems else None))
    if as_json:
        return json.dumps(analysis_json(analysis), indent=1), problems
    return report_text(analysis), problems
