"""``bgtrainer cube``: the exact money cube decision of a bear-off, in words."""

from __future__ import annotations

from trainer.engine import CHECKERS, EngineError, read_record
from trainer.engine.bearoff import CubeDecision, CubeOwner, cube_decision

OWNERS: tuple[CubeOwner, ...] = ("centered", "player")


def _signed(equity: float) -> str:
    return f"{equity:+.3f}"


def _outcome(equity: float) -> str:
    """What an equity means for the side that gets it: ``loses 0.684``, ``wins 0.424``."""
    if equity < 0:
        return f"loses {-equity:.3f}"
    if equity > 0:
        return f"wins {equity:.3f}"
    return "breaks even"


def take_point_text(decision: CubeDecision) -> str:
    """O's answer to a double in words, comparing what taking and passing give O."""
    take, give_up = _outcome(-decision.double_take), _outcome(-decision.double_pass)
    prefix = "O should" if decision.should_double else "Doubled, O should"
    if decision.should_take:
        return f"{prefix} take: passing {give_up}, taking {take}."
    return f"{prefix} pass: taking {take}, passing {give_up}."


def cube_report(decision: CubeDecision) -> str:
    """The report of ``bgtrainer cube`` for one decision."""
    cube = "the cube in the middle" if decision.owner == "centered" else "X owning the cube"
    rows = [
        ("No double", decision.no_double),
        ("Double, take", decision.double_take),
        ("Double, pass", decision.double_pass),
    ]
    lines = [
        f"X on roll, {cube}. Without the cube X wins {decision.win_probability:.1%} "
        f"(equity {_signed(decision.cubeless_equity)}).",
        "Money equities for X, per unit of the cube:",
        *(f"  {label:<14}{_signed(equity)}" for label, equity in rows),
        f"Right action: {decision.action} (margin {decision.margin:.3f}).",
        take_point_text(decision),
    ]
    return "\n".join(lines)


def cube_command(position_text: str, owner: str | None = None) -> str:
    """The report of ``bgtrainer cube POSITION [--owner OWNER]``. Without ``owner``, the cube is the position's
    own (an XGID or a Match ID may place it), else in the middle.

    :raises EngineError: for a position that cannot be read, has dice rolled, where the opponent owns the cube,
        or that lies outside the exact table.
    """
    if owner is not None and owner not in OWNERS:
        raise EngineError(f"--owner is 'centered' or 'player', not {owner!r}")
    record = read_record(position_text)
    for name, side in (("X", record.position.player), ("O", record.position.opponent)):
        if side[0] == CHECKERS:
            raise EngineError(f"the game is over: {name} has borne off all {CHECKERS} checkers")
    if record.dice is not None:
        raise EngineError(
            f"the dice are already rolled ({record.dice.high_first()}): a cube decision comes before rolling"
        )
    if owner is None:
        if record.cube.owner is not None and record.cube.owner is not record.turn:
            raise EngineError(
                "the opponent owns the cube in this position, so the player on roll has no cube decision "
                "(use --owner to ask about another cube)"
            )
        owner = "centered" if record.cube.owner is None else "player"
    report = cube_report(cube_decision(record.position, "centered" if owner == "centered" else "player"))
    if not record.match.is_money:
        report += f"\nThese are money figures: the score in the position ({record.match}) is not used."
    return report
