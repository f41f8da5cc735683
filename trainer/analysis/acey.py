"""A computer player for acey-deucey (it plays standard backgammon too): a fixed heuristic, no lookahead.

Every legal play is judged by the position it leaves, from the mover's side (:func:`evaluate`), and the best
one is played; ties go to the play :func:`~trainer.engine.legal_plays` lists first, so the player is
deterministic. The heuristic, in order of weight:

- **hit**: each opposing checker on the bar scores 1.5, and every pip the opponent still has to go 0.1 (a hit
  far into its journey sends it back further);
- **make points**: each point held with two or more checkers scores 1, 1.5 in the home board, where the
  opponent's checkers must enter;
- **keep blots few**: a lone checker that an opposing checker (on the board, on the bar or waiting to enter)
  could hit with one die costs 1, with two dice (7-12 pips away) 0.4;
- **enter**: each checker no longer waiting scores 0.25, so checkers come in before the entry points close;
- **race**: every pip still to go costs 0.1, every checker borne off scores 0.5.

After a 1-2 it chooses the double to play (:func:`choose_double`): among the doubles it can play in full (only
those earn the bonus roll), the one whose best play evaluates highest; if none can be played in full, the one
whose best play evaluates highest. It always takes the bonus roll, which the rules give it.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis import wording
from trainer.engine import BAR, OFF, Game, GameResult, Phase, Play, Position, legal_plays

HIT = 1.5
POINT = 1.0
HOME_POINT = 1.5
DIRECT_SHOT = 1.0
INDIRECT_SHOT = 0.4
ENTERED = 0.25
PIP = 0.1
BORNE_OFF = 0.5
DIRECT_RANGE = 6
INDIRECT_RANGE = 12


def evaluate(position: Position) -> float:
    """How good ``position`` is for the player on roll in it (higher is better); see the module's description."""
    me, them = position.player, position.opponent
    my_pips, their_pips = position.pip_count()
    score = HIT * them[BAR] + PIP * (their_pips - my_pips) + BORNE_OFF * me[OFF]
    score += ENTERED * (15 - position.player_waiting)
    # The opponent's checkers in my numbering: its point q is my point 25 - q, and it moves up towards my 24.
    # Checkers on its bar or waiting enter on my points 1-6, as if from my point 0.
    chasers = [0] * bool(them[BAR] or position.opponent_waiting) + [25 - q for q in range(1, 25) if them[q]]
    for point in range(1, 25):
        count = me[point]
        if count >= 2:
            score += HOME_POINT if point <= 6 else POINT
        elif count == 1:
            distances = [point - chaser for chaser in chasers if chaser < point]
            if any(distance <= DIRECT_RANGE for distance in distances):
                score -= DIRECT_SHOT
            elif any(distance <= INDIRECT_RANGE for distance in distances):
                score -= INDIRECT_SHOT
    return score


def choose_play(plays: Sequence[Play]) -> Play:
    """The play among ``plays`` (the legal plays of one roll) that leaves the best position; the first on ties.

    :raises ValueError: if ``plays`` is empty.
    """
    if not plays:
        raise ValueError(wording.no_play_at_all())
    return max(plays, key=lambda play: evaluate(play.result))


def choose_double(position: Position) -> int:
    """The double (1-6) to play after a 1-2 in ``position``: the best-scoring of those playable in full, else the
    best-scoring of all; the lower number on ties."""

    def merit(number: int) -> tuple[bool, float]:
        plays = legal_plays(position, (number, number))
        return plays[0].dice_used == 4, evaluate(choose_play(plays).result)

    return max(range(1, 7), key=merit)


def step(game: Game) -> None:
    """Make the one action ``game`` waits for: the opening roll, a roll, the best play, or the choice of a double
    after a 1-2.

    :raises GameStateError: if the game is over.
    """
    if game.phase is Phase.OPENING:
        game.roll_opening()
    elif game.phase is Phase.MOVE:
        game.play(choose_play(game.legal_plays()))
    elif game.phase is Phase.CHOOSE_DOUBLE:
        game.choose_double(choose_double(game.position))
    else:
        game.roll()  # or, once the game is over, the game's own error


def play_turn(game: Game) -> GameResult | None:
    """Play the whole turn of the side on roll (every part of an acey-deucey turn, bonus rolls included) until
    the other side is on roll or the game ends, and return the result if it ended. Before the opening roll, a
    turn is the opening roll.

    :raises GameStateError: if the game is over.
    """
    side = game.turn
    step(game)
    while game.result is None and game.turn is side:
        step(game)
    return game.result
