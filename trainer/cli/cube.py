"""``bgtrainer cube``: the exact money cube decision of a bear-off, in words."""

from __future__ import annotations

import trainer.cli.wording as wording
from trainer.engine import CHECKERS, EngineError, NotBearOffError, Position, Side, read_record
from trainer.engine.bearoff import CubeDecision, CubeOwner, cube_decision, home_side, one_sided
from trainer.i18n import signed

OWNERS: tuple[CubeOwner, ...] = ("centered", "player")


def take_point_text(decision: CubeDecision, taker: str = "O") -> str:
    """The doubled side's answer in words, comparing what taking and passing give it."""
    return wording.take_answer(
        taker,
        doubling=decision.should_double,
        take=decision.should_take,
        taking=wording.outcome(-decision.double_take),
        passing=wording.outcome(-decision.double_pass),
    )


def take_point_words(decision: CubeDecision, taker: str, *, last_roll: bool) -> str:
    """The take point in words: the share of the wins a take needs, against the taker's."""
    return wording.take_point(taker, 1.0 - decision.win_probability, last_roll=last_roll)


def is_last_roll(position: Position) -> bool:
    """Whether the side not on roll is sure to bear off with its next roll."""
    return one_sided().distribution(home_side(position.opponent))[1] >= 1.0 - 1e-6


def cube_report(decision: CubeDecision, *, mover: str = "X", other: str = "O", last_roll: bool = False) -> str:
    """The report of ``bgtrainer cube`` for one decision; ``mover`` is the side on roll (X unless the position
    says O is)."""
    equities = (decision.no_double, decision.double_take, decision.double_pass)
    lines = [
        wording.cube_heading(
            mover,
            centered=decision.owner == "centered",
            chance=decision.win_probability,
            equity=signed(decision.cubeless_equity),
        ),
        wording.money_equities(mover),
        *(f"  {label:<14}{signed(equity)}" for label, equity in zip(wording.cube_rows(), equities, strict=True)),
        wording.right_action(decision.action, decision.margin),
        take_point_text(decision, other),
        take_point_words(decision, other, last_roll=last_roll),
    ]
    return "\n".join(lines)


def cube_command(position_text: str, owner: str | None = None) -> str:
    """The report of ``bgtrainer cube POSITION [--owner OWNER]``. Without ``owner``, the cube is the position's
    own (an XGID or a Match ID may place it), else in the middle.

    :raises EngineError: for a position that cannot be read, has dice rolled, where the opponent owns the cube,
        or that lies outside the exact table (quoting the position as it was typed).
    """
    if owner is not None and owner not in OWNERS:
        raise EngineError(wording.bad_owner(owner))
    record = read_record(position_text)
    for name, side in (("X", record.position.player), ("O", record.position.opponent)):
        if side[0] == CHECKERS:
            raise EngineError(wording.game_over(name, CHECKERS))
    if record.dice is not None:
        raise EngineError(wording.dice_rolled(str(record.dice.high_first())))
    if owner is None:
        if record.cube.owner is not None and record.cube.owner is not record.turn:
            raise EngineError(wording.opponent_owns_cube())
        owner = "centered" if record.cube.owner is None else "player"
    if record.position.has_waiting():
        raise EngineError(wording.cube_waiting(position_text))
    try:
        decision = cube_decision(record.position, "centered" if owner == "centered" else "player")
    except NotBearOffError as error:
        # The engine names the position by its Position ID: name it as the user wrote it instead.
        problem = str(error).removeprefix(f"{record.position.position_id()}: ")
        raise EngineError(wording.not_in_cube_table(position_text, problem)) from None
    mover = record.turn or Side.X
    report = cube_report(decision, mover=str(mover), other=str(mover.other), last_roll=is_last_roll(record.position))
    if not record.match.is_money:
        report += "\n" + wording.money_figures_only(record.match)
    return report
