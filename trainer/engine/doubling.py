"""The cube rules as steps from one :class:`GameState` to the next: doubling, taking, passing and beavering.

Each step checks its rule and says in words why an action is refused; :class:`~trainer.engine.game.Game` only
calls them in order.
"""

from __future__ import annotations

from dataclasses import replace

from trainer.engine import wording
from trainer.engine.cube import MAX_CUBE
from trainer.engine.errors import CubeError
from trainer.engine.side import Side
from trainer.engine.state import GameResult, GameState, Phase, WinKind


def _sides(state: GameState) -> tuple[Side, Side]:
    assert state.turn is not None
    return state.turn, state.turn.other


def double_problem(state: GameState) -> str | None:
    """Why the side on roll may not double now, or ``None`` if it may.

    A player doubles at the start of their own turn, before rolling, when the cube is in the middle or their own,
    below 64, and never in the Crawford game.
    """
    if state.phase is Phase.OPENING:
        return wording.no_double_before_the_start()
    if state.phase is Phase.OVER:
        return wording.nothing_to_double()
    doubler, other = _sides(state)
    if state.phase is Phase.MOVE:
        return wording.double_before_rolling(doubler)
    if state.phase is Phase.DOUBLED:
        return wording.already_doubled(doubler, other)
    if state.phase is Phase.BEAVERED:
        beaverer = state.cube_owner or other
        return wording.must_answer_beaver(beaverer, beaverer.other)
    if state.phase is Phase.CHOOSE_DOUBLE:
        return wording.double_amid_acey_deucey_turn(doubler)
    if state.history and state.history[-1][0] is doubler:
        return wording.double_before_bonus_roll(doubler)
    return state.match.doubling_problem() or state.doubling_cube.double_problem(doubler)


def double(state: GameState) -> GameState:
    """The side on roll doubles: the other side must now take or pass (or beaver, when allowed).

    :raises CubeError: saying why, if the side on roll may not double now.
    """
    problem = double_problem(state)
    if problem is not None:
        raise CubeError(problem)
    return replace(state, phase=Phase.DOUBLED)


def _no_double_to_answer(state: GameState, *, take: bool) -> CubeError:
    """The error of a take (or, ``take`` false, a pass) with no double waiting for an answer."""
    if state.phase is Phase.OVER:
        return CubeError(wording.no_double_to_answer_game_over(take=take))
    if state.turn is None:
        return CubeError(wording.no_double_to_answer_before_start(take=take))
    return CubeError(wording.no_double_to_answer(state.turn, take=take))


def take(state: GameState) -> GameState:
    """The doubled side takes: it owns the cube at twice the value, and the doubler rolls. After a beaver, the
    doubler takes the redouble: the cube doubles again and stays with the side that beavered.

    :raises CubeError: if no double or beaver waits for an answer.
    """
    if state.phase not in (Phase.DOUBLED, Phase.BEAVERED):
        raise _no_double_to_answer(state, take=True)
    _, other = _sides(state)
    owner = other if state.phase is Phase.DOUBLED else (state.cube_owner or other)
    cube = state.doubling_cube.doubled(owner)  # the taker's, or still the (last) beaverer's
    return replace(state, cube=cube.value, cube_owner=cube.owner, phase=Phase.ROLL)


def drop(state: GameState) -> GameState:
    """Pass: the side answering a double refuses it and loses a single game at the value before the double (the
    result is marked as won by a pass). After a beaver, the doubler passes and loses at the beavered value.

    :raises CubeError: if no double or beaver waits for an answer.
    """
    if state.phase is Phase.DOUBLED:
        doubler, _ = _sides(state)
        result = GameResult(doubler, WinKind.SINGLE, state.cube, passed=True)
        return replace(state, phase=Phase.OVER, dice=None, result=result)
    if state.phase is Phase.BEAVERED:
        doubler, _ = _sides(state)
        winner = state.cube_owner or doubler.other  # the last side to beaver
        result = GameResult(winner, WinKind.SINGLE, state.cube, passed=True)
        if winner is doubler:  # a raccoon passed: the side on roll wins, as after a pass of its double
            return replace(state, phase=Phase.OVER, dice=None, result=result)
        return replace(state, position=state.position.swap(), turn=winner, phase=Phase.OVER, dice=None, result=result)
    raise _no_double_to_answer(state, take=False)


def beaver_problem(state: GameState) -> str | None:
    """Why the side answering a double may not beaver now, or ``None`` if it may. A beaver answers a double; a
    raccoon (the doubler beavering a beaver back, and so on) needs the raccoon option too."""
    if state.phase not in (Phase.DOUBLED, Phase.BEAVERED):
        return wording.beaver_without_double()
    if state.phase is Phase.BEAVERED and not state.options.raccoons:
        return wording.beaver_without_double()
    doubled = state.deciding
    assert doubled is not None  # a double or a beaver waits for an answer
    if not state.match.is_money:
        return wording.beavers_in_a_match(state.match.length)
    if not state.options.beavers:
        return wording.beavers_off()
    if state.cube * 4 > MAX_CUBE:
        return wording.beaver_beyond_the_cube(doubled, state.cube * 2, MAX_CUBE)
    return None


def beaver(state: GameState) -> GameState:
    """The side answering a double (or, with raccoons, a beaver) takes and at once redoubles, keeping the cube; the
    other side must take or pass (or, with raccoons, beaver back).

    :raises CubeError: saying why, if a beaver is not allowed now.
    """
    problem = beaver_problem(state)
    if problem is not None:
        raise CubeError(problem)
    doubled = state.deciding
    assert doubled is not None
    cube = state.doubling_cube.doubled(doubled)
    return replace(state, cube=cube.value, cube_owner=cube.owner, phase=Phase.BEAVERED)
