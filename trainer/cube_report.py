"""``bgtrainer cube``: the exact money cube decision of a bear-off, in words."""

from __future__ import annotations

from trainer.engine import CHECKERS, EngineError, Position, Side, read_record
from trainer.engine.bearoff import CubeDecision, CubeOwner, cube_decision, home_side, one_sided

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


def take_point_text(decision: CubeDecision, taker: str = "O") -> str:
    """The doubled side's answer in words, comparing what taking and passing give it."""
    take, give_up = _outcome(-decision.double_take), _outcome(-decision.double_pass)
    prefix = f"{taker} should" if decision.should_double else f"Doubled, {taker} should"
    if decision.should_take:
        return f"{prefix} take: passing {give_up}, taking {take}."
    return f"{prefix} pass: taking {take}, passing {give_up}."


def take_point_words(decision: CubeDecision, taker: str, *, last_roll: bool) -> str:
    """The take point in words: the share of the wins a take needs, against the taker's."""
    chance = 1.0 - decision.win_probability
    if last_roll:
        return (
            f"Take point: on this last roll the cube is never turned again, so a take needs 25% of the wins; "
            f"{taker} has {chance:.1%}."
        )
    return (
        f"Take point: 25% of the wins with the cube dead, less here, since owning the cube after a take is worth "
        f"something. {taker} has {chance:.1%}."
    )


def is_last_roll(position: Position) -> bool:
    """Whether the side not on roll is sure to bear off with its next roll."""
    return one_sided().distribution(home_side(position.opponent))[1] >= 1.0 - 1e-6


def cube_report(decision: CubeDecision, *, mover: str = "X", other: str = "O", last_roll: bool = False) -> str:
    """The report of ``bgtrainer cube`` for one decision; ``mover`` is the side on roll (X unless the position
    says O is)."""
    cube = "the cube in the middle" if decision.owner == "centered" else f"{mover} owning the cube"
    rows = [
        ("No double", decision.no_double),
        ("Double, take", decision.double_take),
        ("Double, pass", decision.double_pass),
    ]
    lines = [
        f"{mover} on roll, {cube}. Without the cube {mover} wins {decision.win_probability:.1%} "
        f"(equity {_signed(decision.cubeless_equity)}).",
        f"Money equities for {mover}, per unit of the cube:",
        *(f"  {label:<14}{_signed(equity)}" for label, equity in rows),
        f"Right action: {decision.action} (margin {decision.margin:.3f}).",
        take_point_text(decision, other),
        take_point_words(decision, other, last_roll=last_roll),
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
    mover = record.turn or Side.X
    report = cube_report(
        cube_decision(record.position, "centered" if owner == "centered" else "player"),
        mover=str(mover),
        other=str(mover.other),
        last_roll=is_last_roll(record.position),
    )
    if not record.match.is_money:
        report += f"\nThese are money figures: the score in the position ({record.match}) is not used."
    return report
