"""The report of ``bgtrainer hint``: every play of a roll ranked, or the cube decision, as text or JSON."""

from __future__ import annotations

import json
from typing import Any

from trainer.analysis import wording
from trainer.analysis.results import (
    Chances,
    CubeDecision,
    CubeOwner,
    Evaluator,
    GameContext,
    RankedPlay,
    check_cube,
    check_plies,
)
from trainer.engine import Dice, Position, parse_dice, read_position
from trainer.engine.reading import read_record
from trainer.i18n import decimal, signed


def hint_command(
    position_text: str,
    dice_text: str | None,
    *,
    plies: int,
    as_json: bool = False,
    cube: str = "centered",
    evaluator: Evaluator | None = None,
) -> str:
    """Rank every legal play of the roll (the dice given, or those of an XGID), or without dice judge the cube.

    ``evaluator`` defaults to bgsage's (:class:`~trainer.analysis.sage.SageEvaluator`).

    :raises EngineError: for a bad position or dice, or a finished game.
    :raises AnalysisError: for a bad depth or cube owner, or a cube the player on roll cannot turn.
    """
    check_plies(plies)
    owner = check_cube(cube)
    position, xgid_dice = read_position(position_text, allow_finished=False)
    record = read_record(position_text)
    dice = parse_dice(dice_text) if dice_text is not None else xgid_dice
    if record.cube.owner is not None:  # the cube the form gives (a Match ID's or an XGID's) is the one in play
        owner = "player" if record.cube.owner is record.turn else "opponent"
    context = GameContext.of(record.match, record.turn, cube_value=record.cube.value, options=record.options)
    if evaluator is None:
        from trainer.analysis.sage import SageEvaluator

        evaluator = SageEvaluator()
    if dice is None:
        decision = evaluator.cube_decision(position, plies, cube=owner, context=context)
        return _cube_json(position, decision, context) if as_json else _cube_text(position, decision, context)
    ranked = evaluator.rank_plays(position, dice, plies, cube=owner, context=context)
    if as_json:
        return _plays_json(ranked)
    return _plays_text(position, dice, ranked, owner, ranked[0].plies if ranked else plies, context)  # may be deeper


def _percent(chances: Chances) -> list[str]:
    figures = chances.as_dict().values()
    return [decimal(100 * figure, 1) for figure in figures]


def _plays_text(
    position: Position, dice: Dice, ranked: list[RankedPlay], cube: CubeOwner, plies: int, context: GameContext
) -> str:
    lines = [wording.plays_heading(str(dice), position.position_id(), len(ranked), plies, cube), *_stakes(context)]
    play_column = wording.play_column()
    width = max(len(play_column), *(len(str(item.play)) for item in ranked))
    rank_width = len(str(len(ranked)))
    heading = "".join(f"{name:>6}" for name in wording.chance_headings())
    equity, difference = wording.equity_column(), wording.difference_column()
    lines.append(f"{'#':>{rank_width}}  {play_column:<{width}}  {equity:>7}  {difference:>7} {heading}")
    for item in ranked:
        difference = "" if item.rank == 1 else signed(item.difference)
        chances = "".join(f"{figure:>6}" for figure in _percent(item.chances))
        lines.append(
            f"{item.rank:>{rank_width}}  {item.play!s:<{width}}  {signed(item.equity):>7}  {difference:>7} {chances}"
        )
    return "\n".join(lines)


def _plays_json(ranked: list[RankedPlay]) -> str:
    records: list[dict[str, Any]] = [
        {
            "rank": item.rank,
            "play": str(item.play),
            "result": item.play.result.position_id(),
            "equity": round(item.equity, 5),
            "cubeless_equity": round(item.cubeless_equity, 5),
            "difference": round(item.difference, 5),
            "chances": _rounded(item.chances),
            "plies": item.plies,
        }
        for item in ranked
    ]
    return json.dumps(records, indent=2)


def _stakes(context: GameContext) -> list[str]:
    """The line that says the score and the cube's value, where they are not money play's at a cube of 1."""
    if context.is_money and context.cube_value == 1:
        return []
    if context.is_money:
        return [wording.money_stakes(context.cube_value)]
    return [wording.match_stakes(context.player_away, context.opponent_away, context.crawford, context.cube_value)]


def _cube_text(position: Position, decision: CubeDecision, context: GameContext) -> str:
    equities = (decision.no_double, decision.double_take, decision.double_pass)
    lines = [wording.cube_heading(position.position_id(), decision.cube, decision.plies), *_stakes(context)]
    lines += [f"  {name:<14}{signed(equity)}" for name, equity in zip(wording.cube_rows(), equities, strict=True)]
    lines.append(wording.right_action(decision.action))
    chances = "  ".join(
        f"{name} {figure}" for name, figure in zip(wording.chance_headings(), _percent(decision.chances), strict=True)
    )
    lines.append(wording.chances_line(decision.cubeless_equity, chances))
    return "\n".join(lines)


def _cube_json(position: Position, decision: CubeDecision, context: GameContext) -> str:
    record = {
        "position": position.position_id(),
        "cube": decision.cube,
        "cube_value": context.cube_value,
        "away": [context.player_away, context.opponent_away],
        "crawford": context.crawford,
        "plies": decision.plies,
        "no_double": round(decision.no_double, 5),
        "double_take": round(decision.double_take, 5),
        "double_pass": round(decision.double_pass, 5),
        "action": decision.action,
        "cubeless_equity": round(decision.cubeless_equity, 5),
        "chances": _rounded(decision.chances),
    }
    return json.dumps(record, indent=2)


def _rounded(chances: Chances) -> dict[str, float]:
    return {name: round(figure, 5) for name, figure in chances.as_dict().items()}
