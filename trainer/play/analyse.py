"""A whole match analysed: every decision of both players in a .mat file (or a session played here), judged by the
evaluator the way the tutor judges the learner's, on GNU Backgammon's scale.

- **Replaying** (:func:`decision_points`): each game of the file is replayed through the rules engine from the
  score its header gives (the first game with one side a point short of the match is the Crawford game), the file's
  dice fed in. Each roll is a checker-play decision; before a roll, a side that could have doubled made a cube
  decision (no double); a double, and each answer to it (take, pass, beaver, and the doubler's answer to a beaver),
  are cube decisions too. A game that cannot be replayed (a move the rules refuse) is reported with its game and
  move number, the decisions before it kept, and the next game analysed.
- **Judging** (:func:`analyse_points`): a play is ranked with every legal play of its roll at the given depth, with
  the cube and the score as they were (money: cubeful equity; a match: match winning chances normalised as money,
  GNU Backgammon's EMG), per unit of the cube; a cube decision goes through the tutor's cube judge, every one at the
  depth. An evaluator that can rank around the play made (:class:`~trainer.analysis.ChoiceEvaluator`, as
  :class:`~trainer.analysis.sweep.SweepEvaluator`, the one ``analyse`` and the review screen use) is asked so. The
  loss is the best option's equity minus the chosen one's (:mod:`trainer.play.tutor`), named by
  :class:`~trainer.shared.skill.Skill`.
- **Which count** (as GNU Backgammon counts them for its error rate): every play that had a choice, every cube
  action taken, and every no-double that was close; forced plays and rolls with no legal play are listed (one
  ``move`` entry for every roll of the file) but do not count, and a no-double far from doubling is not listed.
- **The summary** (:class:`PlayerSummary`): per player the decisions that count, the errors by size, the error rate
  (EMG per decision, in millipoints) and GNU Backgammon's rating word for it (:func:`rating_of`).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Final

from trainer.analysis import (
    AnalysisError,
    Chances,
    ChoiceEvaluator,
    CubeDecision,
    Evaluator,
    LuckEvaluator,
    match_winning_chance,
)
from trainer.analysis.basics import ANALYSIS_PLIES
from trainer.engine import (
    Dice,
    EngineError,
    Game,
    GameState,
    MatchScore,
    MoneyOptions,
    Phase,
    Play,
    Position,
    Side,
    legal_plays,
    parse_play,
)
from trainer.engine.doubling import beaver_problem
from trainer.engine.ideas import play_ideas
from trainer.engine.wording import play_ideas_sentence
from trainer.play import wording
from trainer.play.computer import context_of, cube_owner, doubler_judgement
from trainer.play.cube import CubeJudge
from trainer.play.matfile import (
    CubeFigures,
    FileAnalysis,
    MatAction,
    MatBeaver,
    MatDouble,
    MatDrop,
    MatGame,
    MatMatch,
    MatMove,
    MatTake,
)
from trainer.play.tutor import (
    NOT_DOUBLED,
    CubeChoice,
    ErrorRate,
    Verdict,
    judge_answer,
    judge_beaver_answer,
    judge_double,
    judge_play,
)
from trainer.shared.skill import Skill

SIDE_OF_COLUMN: Final = (Side.O, Side.X)
"""The file's left player (0) plays O, the right one (1) X, as the app's export writes them."""
WORST_SHOWN: Final = 5


class DecisionKind(Enum):
    """What was decided: a checker play, doubling (or not), or answering a double."""

    MOVE = "move"
    DOUBLE = "double"
    TAKE = "take"


class Rating(Enum):
    """GNU Backgammon's rating of a player by the error rate (EMG per decision), best first."""

    SUPERNATURAL = "Supernatural"
    WORLD_CLASS = "World class"
    EXPERT = "Expert"
    ADVANCED = "Advanced"
    INTERMEDIATE = "Intermediate"
    CASUAL = "Casual player"
    BEGINNER = "Beginner"
    AWFUL = "Awful!"

    @property
    def word(self) -> str:
        """The rating's name in the language in use."""
        return wording.rating_name(self.value)


RATING_LIMITS: Final = (
    (0.002, Rating.SUPERNATURAL),
    (0.005, Rating.WORLD_CLASS),
    (0.008, Rating.EXPERT),
    (0.012, Rating.ADVANCED),
    (0.018, Rating.INTERMEDIATE),
    (0.026, Rating.CASUAL),
    (0.035, Rating.BEGINNER),
)
"""GNU Backgammon 1.07's limits (``arThrsRating``): the rating of an error rate below each limit, EMG per decision."""


def rating_of(error_rate: float) -> Rating:
    """GNU Backgammon's rating for an error rate in EMG per decision (0.008 is 8 millipoints)."""
    for limit, rating in RATING_LIMITS:
        if error_rate < limit:
            return rating
    return Rating.AWFUL


# --- replaying ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One decision as the file records it, with the game as it stood: ``state`` before it (for an answer to a
    beaver, the state when the first double was offered), ``play`` for a move, ``choice`` for a cube decision."""

    game: int
    number: int
    """The action's place in its game, from 1 (both players counted): the move number in reports."""
    column: int
    player: str
    kind: DecisionKind
    state: GameState
    dice: Dice | None = None
    play: Play | None = None
    choice: CubeChoice | None = None
    beavered: bool = False
    """An answer to a beaver (the doubler takes or passes the redouble)."""

    @property
    def side(self) -> Side:
        return SIDE_OF_COLUMN[self.column]


@dataclass(frozen=True, slots=True)
class ReplayProblem:
    """A game that could not be replayed past one of its actions: the rest of that game is not analysed; or, with
    ``one_decision``, a decision replayed but not judged (the evaluator refused it): only it is left out."""

    game: int
    number: int
    reason: str
    one_decision: bool = False

    def text(self) -> str:
        """The problem in a sentence naming the game and the move."""
        if self.one_decision:
            return wording.decision_not_judged(self.game, self.number, self.reason)
        return wording.game_not_replayed(self.game, self.number, self.reason)


def match_scores(match: MatMatch) -> list[MatchScore]:
    """The score before each game of ``match`` (money play: a money game each), the Crawford game found from the
    scores: the first game with exactly one side a point short of the length.

    :raises EngineError: (a :class:`~trainer.engine.MatchError`) for a score the match cannot have.
    """
    scores: list[MatchScore] = []
    crawford_done = False
    for game in match.games:
        if not match.length:
            scores.append(MatchScore())
            continue
        left, right = game.scores
        short = [score for score in (left, right) if score == match.length - 1]
        crawford = len(short) == 1 and not crawford_done and match.crawford_rule
        crawford_done = crawford_done or crawford or (len(short) == 1 and not match.crawford_rule)
        scores.append(MatchScore(match.length, right, left, crawford))
    return scores


def decision_points(match: MatMatch) -> Iterator[DecisionPoint | ReplayProblem]:
    """Every decision of every game of ``match`` in order, or a :class:`ReplayProblem` where a game stops."""
    for game in replayed_games(match):
        yield from game


def replayed_games(match: MatMatch) -> Iterator[list[DecisionPoint | ReplayProblem]]:
    """Each game of ``match`` replayed in turn: its decisions in order, then a :class:`ReplayProblem` if it stops
    early or its end disagrees with the file (for scores the match cannot have, one problem at the first game)."""
    try:
        scores = match_scores(match)
    except EngineError as error:
        for index, mat_game in enumerate(match.games):  # said once, at the first game
            yield [ReplayProblem(mat_game.number, 1, str(error))] if not index else []
        return
    for mat_game, score in zip(match.games, scores, strict=True):
        yield list(_game_points(mat_game, score, match))


def _opening_dice(actions: Sequence[MatAction]) -> list[int]:
    """The opening throw, X's die first: the first mover's roll, its higher die the winner's."""
    first = next((action for action in actions if isinstance(action, MatMove)), None)
    if first is None:
        return []
    high, low = max(first.dice), min(first.dice)
    return [high, low] if SIDE_OF_COLUMN[first.player] is Side.X else [low, high]


def _game_points(mat_game: MatGame, score: MatchScore, match: MatMatch) -> Iterator[DecisionPoint | ReplayProblem]:
    feed: deque[int] = deque(_opening_dice(mat_game.actions))
    if not feed:
        if mat_game.actions:  # a double or an answer with no roll before it
            yield ReplayProblem(mat_game.number, 1, wording.mat_no_roll())
        return  # a game with no roll (its header only): nothing to analyse
    # GNU Backgammon's default: beavers and raccoons; the Jacoby rule when the file says so (a .mat file never does)
    options = MoneyOptions(jacoby=match.jacoby, beavers=True, raccoons=True) if score.is_money else None
    try:
        game = Game(roll_die=feed.popleft, match=score, options=options)
        game.roll_opening()
    except EngineError as error:
        yield ReplayProblem(mat_game.number, 1, str(error))
        return
    doubled_state: GameState | None = None
    raccooned = False  # the double now answered has been beavered back (a raccoon): its answers are not judged
    for number, action in enumerate(mat_game.actions, start=1):
        player = mat_game.names[action.player]
        base = (mat_game.number, number, action.player, player)
        try:
            beavered = game.state.phase is Phase.BEAVERED and doubled_state is not None
            answers = isinstance(action, MatTake | MatDrop | MatBeaver)
            if beavered and not (answers and game.deciding is SIDE_OF_COLUMN[action.player]):
                # GNU Backgammon writes no "Takes" after a beaver: the next action says the redouble was taken.
                if not raccooned and doubled_state is not None:
                    yield DecisionPoint(*base, DecisionKind.TAKE, doubled_state, choice="take", beavered=True)
                game.take()
            if game.deciding is not SIDE_OF_COLUMN[action.player]:
                raise EngineError(wording.not_this_players_turn(player))
            match action:
                case MatMove(dice=dice, moves=moves):
                    if game.dice is None:
                        if game.may_double and match.cube_used and not cube_is_dead(game.state):
                            yield DecisionPoint(*base, DecisionKind.DOUBLE, game.state, choice=NOT_DOUBLED)
                        feed.extend(dice)
                        game.roll()
                    if game.dice is None or sorted(game.dice) != sorted(dice):
                        raise EngineError(wording.mat_other_dice(dice))
                    notation = " ".join(f"{start}/{end}{'*' if hit else ''}" for start, end, hit in moves)
                    play = parse_play(game.position, game.dice, notation or "pass")
                    yield DecisionPoint(*base, DecisionKind.MOVE, game.state, dice=game.dice, play=play)
                    game.play(play)
                case MatDouble(cube=written):
                    _refuse(game.double_problem())  # before the decision is yielded to be judged
                    yield DecisionPoint(*base, DecisionKind.DOUBLE, game.state, choice="double")
                    doubled_state, raccooned = game.state, False
                    game.double()
                    _check_cube(written, game.cube)
                case MatBeaver(cube=written):
                    _refuse(beaver_problem(game.state))
                    if game.state.phase is Phase.BEAVERED and doubled_state is not None:  # a raccoon
                        yield DecisionPoint(*base, DecisionKind.TAKE, doubled_state, choice="beaver", beavered=True)
                        raccooned = True
                    elif not raccooned:
                        yield DecisionPoint(*base, DecisionKind.TAKE, game.state, choice="beaver")
                    game.beaver()
                    _check_cube(written, game.cube)
                case MatTake() | MatDrop():
                    choice: CubeChoice = "take" if isinstance(action, MatTake) else "pass"
                    if raccooned:
                        pass  # the answer to a raccoon (or beyond) is replayed, not judged
                    elif game.state.phase is Phase.BEAVERED and doubled_state is not None:
                        yield DecisionPoint(*base, DecisionKind.TAKE, doubled_state, choice=choice, beavered=True)
                    else:
                        yield DecisionPoint(*base, DecisionKind.TAKE, game.state, choice=choice)
                    if choice == "take":
                        game.take()
                    else:
                        game.drop()
        except (EngineError, ValueError) as error:
            yield ReplayProblem(mat_game.number, number, str(error))
            return
    problem = _ending_problem(mat_game, game)
    if problem is not None:
        yield ReplayProblem(mat_game.number, len(mat_game.actions), problem)


def cube_is_dead(state: GameState) -> bool:
    """Whether, in a match, the cube already gives the side on roll the match with a single win (the post-Crawford
    leader, or a side 2-away with the cube at 2): its double would gain nothing, so not doubling is no decision
    (GNU Backgammon leaves it out)."""
    side = state.turn
    return side is not None and not state.match.is_money and state.cube >= state.match.away(side)


def _refuse(problem: str | None) -> None:
    """Stop the replay of a game at a cube action the rules refuse.

    :raises EngineError: saying why, if there is a ``problem``.
    """
    if problem is not None:
        raise EngineError(problem)


def _check_cube(written: int, cube: int) -> None:
    """A double (or beaver) offers the cube at twice its value once doubled, as the file writes it.

    :raises ValueError: if the file's value is another.
    """
    if written != 2 * cube:
        raise ValueError(wording.mat_other_cube(written, 2 * cube))


def _ending_problem(mat_game: MatGame, game: Game) -> str | None:
    """How the file's ``Wins N points`` disagrees with the game replayed, if it does: another winner, or points the
    result (or, for a game resigned, the cube) cannot give. Money play accepts a single game for a gammon (the
    Jacoby rule may have been on)."""
    if mat_game.winner is None or mat_game.points is None:
        return None
    player, points = mat_game.names[mat_game.winner], mat_game.points
    result = game.result
    if result is None:  # resigned: a single game, a gammon or a backgammon at the cube's value
        cube = game.cube
        return None if points in (cube, 2 * cube, 3 * cube) else wording.mat_resigned_points(player, points, cube)
    if result.winner is not SIDE_OF_COLUMN[mat_game.winner]:
        return wording.mat_other_winner(player)
    allowed = {result.points, result.cube} if game.match.is_money else {result.points}
    return None if points in allowed else wording.mat_other_points(player, points, result.points)


# --- the file's own analysis ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeptAnalysis:
    """The analysis a file carried for a decision, on the scale of bgtrainer's own (per unit of the cube, money
    equity or EMG): its ``level`` as the analysing program names it (``0-ply``, ``rollout``), the ``loss`` of the
    choice made against its best, the ``best`` choice (a play in notation, empty for no legal play, or a cube
    action), and the equities of the choice made and of the best."""

    level: str
    loss: float
    best: str
    played_equity: float
    best_equity: float

    def as_json(self) -> dict[str, object]:
        """As ``--json`` prints it on the decision's entry."""
        return {
            "level": self.level,
            "loss": round(self.loss, 4),
            "best": self.best,
            "played_equity": round(self.played_equity, 4),
            "best_equity": round(self.best_equity, 4),
        }


def _analysis_key(point: DecisionPoint) -> tuple[int, int, bool] | None:
    """Where a file's analysis of ``point`` is kept: its game, action and whether it is the cube decision before a
    roll (``None`` for a beaver and the answers to one, which keep none)."""
    if point.kind is DecisionKind.MOVE:
        return point.game, point.number, False
    if point.kind is DecisionKind.DOUBLE:
        return point.game, point.number, point.choice == NOT_DOUBLED
    if point.beavered or point.choice == "beaver":
        return None
    return point.game, point.number, False


def _emg(chances: float, state: GameState, doubler: Side) -> float:
    """Match winning chances of ``doubler`` as EMG at the cube's value (GNU Backgammon's ``mwc2eq``)."""
    match = state.match
    cube = state.cube
    post = match.crawford or match.is_post_crawford
    away, other = match.away(doubler), match.away(doubler.other)
    win = match_winning_chance(away - cube, other, post_crawford=post)
    lose = match_winning_chance(away, other - cube, post_crawford=post)
    return 2 * (chances - lose) / (win - lose) - 1


def _kept_cube(point: DecisionPoint, figures: CubeFigures, level: str) -> KeptAnalysis:
    """A cube decision judged by a file's figures, the doubler's: double/pass is worth 1."""
    doubler = point.side if point.kind is DecisionKind.DOUBLE else point.side.other
    no_double, double_take = figures.no_double, figures.double_take
    if figures.match_winning_chances:
        no_double = _emg(no_double, point.state, doubler)
        double_take = _emg(double_take, point.state, doubler)
    doubled = min(double_take, 1.0)  # the doubler gets the answer's best for the taker
    if point.kind is DecisionKind.DOUBLE:
        best = "double" if doubled > no_double else NOT_DOUBLED
        chosen = doubled if point.choice == "double" else no_double
        best_equity = max(doubled, no_double)
        return KeptAnalysis(level, max(0.0, best_equity - chosen), best, chosen, best_equity)
    best = "take" if double_take <= 1.0 else "pass"
    chosen = double_take if point.choice == "take" else 1.0
    # the taker's figures are the doubler's, negated: the taker loses what the doubler gains
    return KeptAnalysis(level, max(0.0, chosen - doubled), best, -chosen, -doubled)


def kept_analysis(point: DecisionPoint, found: FileAnalysis | None) -> KeptAnalysis | None:
    """The file's analysis of ``point`` (``found`` at its key), on bgtrainer's scale, or ``None``."""
    if found is None:
        return None
    if point.kind is DecisionKind.MOVE and found.move is not None and point.dice is not None:
        figures = found.move
        notation = " ".join(f"{start}/{end}" for start, end in figures.best_moves)
        try:
            play = parse_play(point.state.position, point.dice, notation or "pass")
            best = "" if play.is_pass else str(play)
        except EngineError:
            best = notation
        return KeptAnalysis(found.level, max(0.0, figures.best - figures.played), best, figures.played, figures.best)
    if point.kind is not DecisionKind.MOVE and found.cube is not None:
        return _kept_cube(point, found.cube, found.level)
    return None


# --- judging --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnalysedDecision:
    """A decision with its verdict: what was chosen, the best option, both equities (per unit of the cube) and
    whether it counts for the error rate; for a move, the play and the position after it."""

    point: DecisionPoint
    verdict: Verdict
    ranked: tuple[tuple[Play, float], ...] = ()
    """A move's best plays with their equities, best first (at most five), for the review screen."""
    cube: CubeDecision | None = None
    """A cube decision's figures: the doubler's, before the double (per unit of the cube before it)."""
    luck: float | None = None
    """A move's roll: how much it gained the mover against an average roll, per unit of the cube (``None`` when the
    evaluator cannot tell luck)."""
    file_analysis: KeptAnalysis | None = None
    """The analysis the file carried for this decision (GNU Backgammon's, in an .sgf file), if it did."""
    best_chances: Chances | None = None
    """A move's best play's chances (the mover's, after it), as the ranking gave them: the gammon figures the
    position's themes may take (``None`` for a forced play, which is not ranked)."""

    @property
    def game(self) -> int:
        return self.point.game

    @property
    def number(self) -> int:
        return self.point.number

    @property
    def player(self) -> str:
        return self.point.player

    @property
    def kind(self) -> DecisionKind:
        return self.point.kind

    @property
    def loss(self) -> float:
        return self.verdict.loss

    @property
    def skill(self) -> Skill:
        return self.verdict.skill

    @property
    def counts(self) -> bool:
        return self.verdict.counts

    @property
    def position(self) -> Position:
        """The board before the decision, the decider on roll (an answer to a double: the doubled side's view)."""
        position = self.point.state.position
        if self.kind is DecisionKind.TAKE and not self.point.beavered:
            return position.swap()
        return position

    @property
    def played(self) -> str:
        """The play in notation (empty for no legal play), or the cube action."""
        if self.point.play is not None:
            return "" if self.point.play.is_pass else str(self.point.play)
        return self.verdict.chosen

    @property
    def best(self) -> str:
        """The best play in notation (empty for no legal play), or the best cube action."""
        best = self.verdict.best_play
        if best is not None:
            return "" if best.is_pass else str(best)
        return self.verdict.best

    def why(self) -> str:
        """What the better play does, in words (empty when the play made was the best, or for the cube)."""
        best = self.verdict.best_play
        if best is None or self.point.play is None or best == self.point.play:
            return ""
        return play_ideas_sentence(str(best), play_ideas(best))

    def as_json(self) -> dict[str, object]:
        """The decision as ``bgtrainer analyse --json`` prints it."""
        play = self.point.play
        dice = self.point.dice
        return {
            "game": self.game,
            "player": self.player,
            "kind": self.kind.value,
            "position": self.position.position_id(),
            "dice": None if dice is None else [dice.first, dice.second],
            "played": self.played,
            "result": None if play is None else play.result.position_id(),
            "best": self.best,
            "loss": round(self.loss, 4),
            "skill": "ok" if self.skill is Skill.GOOD else self.skill.value,
        } | (
            ({} if self.kind is not DecisionKind.MOVE else {"luck": None if self.luck is None else round(self.luck, 4)})
            | ({} if self.file_analysis is None else {"file_analysis": self.file_analysis.as_json()})
        )

    @property
    def luck_points(self) -> float:
        """The roll's luck in points: per unit of the cube times the cube's value (0 where it cannot be told)."""
        return (self.luck or 0.0) * self.point.state.cube


def roll_luck(point: DecisionPoint, evaluator: Evaluator) -> float | None:
    """The luck of a move's roll, from the mover's side (``None`` if ``evaluator`` cannot tell luck)."""
    if not isinstance(evaluator, LuckEvaluator) or point.dice is None:
        return None
    state, side = point.state, point.side
    return evaluator.roll_luck(
        state.position,
        point.dice,
        cube=cube_owner(state, side),
        context=context_of(state, side),
        opening=not state.history,
    )


def analyse_point(point: DecisionPoint, evaluator: Evaluator, judge: CubeJudge, plies: int) -> AnalysedDecision:
    """The verdict on one decision at ``plies``."""
    state = point.state
    if point.kind is DecisionKind.MOVE:
        assert point.play is not None and point.dice is not None
        luck = roll_luck(point, evaluator)
        if len(legal_plays(state.position, point.dice)) <= 1:
            text = "" if point.play.is_pass else str(point.play)
            verdict = Verdict("play", text, text, 0.0, 0.0, "forced", counts=False, chosen_play=point.play,
                              best_play=point.play)  # fmt: skip
            return AnalysedDecision(point, verdict, luck=luck)
        side = point.side
        cube, context = cube_owner(state, side), context_of(state, side)
        ranked = (
            evaluator.rank_choice(state.position, point.dice, point.play, plies, cube=cube, context=context)
            if isinstance(evaluator, ChoiceEvaluator)
            else evaluator.rank_plays(state.position, point.dice, plies, cube=cube, context=context)
        )
        verdict = judge_play(ranked, point.play, f"{ranked[0].plies}-ply")  # deeper where a backgammon is at stake
        shown = tuple((item.play, item.equity) for item in ranked[:WORST_SHOWN])
        return AnalysedDecision(point, verdict, shown, luck=luck, best_chances=ranked[0].chances)
    assert point.choice is not None
    if point.kind is DecisionKind.DOUBLE:
        judgement = doubler_judgement(judge, state, plies, "double")
        verdict = judge_double(judgement.decision, point.choice == "double", judgement.source)
        return AnalysedDecision(point, verdict, cube=judgement.decision)
    judgement = doubler_judgement(judge, state, plies, "answer")
    if point.beavered:
        verdict = judge_beaver_answer(judgement.decision, point.choice, judgement.source, raccoon_allowed=True)
        return AnalysedDecision(point, verdict, cube=judgement.decision)
    allowed = beaver_problem(state) is None
    verdict = judge_answer(judgement.decision, point.choice, judgement.source, beaver_allowed=allowed)
    return AnalysedDecision(point, verdict, cube=judgement.decision)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's figures: the decisions that count, the errors by size, the error rate and its rating."""

    player: str
    error_rate: ErrorRate
    errors: dict[Skill, int]
    rating: Rating

    @property
    def millipoints(self) -> float:
        """The error rate in millipoints of EMG per decision."""
        return self.error_rate.per_decision


@dataclass(frozen=True)
class Luck:
    """One player's luck over a file, in points (money-equivalent in a match): ``own`` is the sum of the luck of the
    player's rolls, ``against`` that of the opponent's; ``net`` (the difference) is what luck did to the result, and
    ``adjusted`` (money play) the points won less it, the result that the players' skill alone would have given."""

    own: float
    against: float
    games: int
    adjusted: float | None = None
    told: bool = True
    """Whether any roll's luck was told (an evaluator that cannot tell luck gives none)."""

    @property
    def net(self) -> float:
        return self.own - self.against

    @property
    def per_game(self) -> float:
        """The net luck per game."""
        return self.net / self.games if self.games else 0.0

    @property
    def adjusted_per_game(self) -> float | None:
        return None if self.adjusted is None or not self.games else self.adjusted / self.games


@dataclass(frozen=True)
class MatchAnalysis:
    """Every decision of a match, judged, and the games that could not be replayed; ``points``, in money play,
    the points each player won in the games replayed to their end."""

    length: int
    players: tuple[str, str]
    plies: int
    decisions: tuple[AnalysedDecision, ...]
    problems: tuple[ReplayProblem, ...] = ()
    points: tuple[int, int] | None = None
    analysed_by: str = ""
    """The program whose analysis the file carried (its figures are on the decisions), empty if none."""
    listed: tuple[AnalysedDecision, ...] = field(init=False)
    """The decisions as reports list them: every move, every cube decision that counts."""

    def __post_init__(self) -> None:
        shown = tuple(item for item in self.decisions if item.kind is DecisionKind.MOVE or item.counts)
        object.__setattr__(self, "listed", shown)

    def summary(self, column: int) -> PlayerSummary:
        """The figures of the file's player ``column`` (0 left, 1 right)."""
        mine = [item for item in self.decisions if item.point.column == column]
        verdicts = [item.verdict for item in mine]
        errors: dict[Skill, int] = {skill: 0 for skill in Skill if skill is not Skill.GOOD}
        for item in mine:
            if item.counts and item.skill is not Skill.GOOD:
                errors[item.skill] += 1
        rate = ErrorRate.of(verdicts)
        return PlayerSummary(self.players[column], rate, errors, rating_of(rate.per_decision / 1000))

    def luck(self, column: int) -> Luck:
        """The luck of the file's player ``column``: each of its rolls' luck, in points (see :class:`Luck`)."""
        rolls = [item for item in self.decisions if item.kind is DecisionKind.MOVE and item.luck is not None]
        games = len({item.game for item in self.decisions})
        own = sum(item.luck_points for item in rolls if item.point.column == column)
        against = sum(item.luck_points for item in rolls if item.point.column != column)
        adjusted = None
        if not self.length and self.points is not None:
            adjusted = self.points[column] - self.points[1 - column] - (own - against)
        return Luck(own, against, games, adjusted, told=bool(rolls))

    def worst(self, count: int = WORST_SHOWN) -> list[AnalysedDecision]:
        """The biggest mistakes, biggest first (those at or past doubtful)."""
        mistakes = [item for item in self.decisions if item.counts and item.skill is not Skill.GOOD]
        return sorted(mistakes, key=lambda item: -item.loss)[:count]

    def as_json(self) -> list[dict[str, object]]:
        """Every listed decision in order, as ``--json`` prints them."""
        return [item.as_json() for item in self.listed]


def luck_lines(analysis: MatchAnalysis, column: int, name: str | None) -> list[str]:
    """A player's luck in words (``name`` ``None``: you), with the luck-adjusted result in money play; nothing when
    no roll's luck was told."""
    luck = analysis.luck(column)
    if not luck.told:
        return []
    lines = [wording.luck_said(name, luck.per_game, money=not analysis.length)]
    adjusted = luck.adjusted_per_game
    if adjusted is not None:
        lines.append(wording.luck_adjusted_said(adjusted, adjusted + luck.per_game))
    return lines


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision judged (or each game replayed)."""


def analyse_match(
    match: MatMatch,
    evaluator: Evaluator,
    *,
    plies: int = ANALYSIS_PLIES,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    replaying: Progress | None = None,
) -> MatchAnalysis:
    """Replay and judge every decision of ``match`` at ``plies`` (see the module). ``replaying`` hears of each game
    replayed, then ``progress`` of each decision judged; ``cancelled`` (asked between games, then between decisions)
    stops early with what was judged so far."""
    found: list[DecisionPoint | ReplayProblem] = []
    for done, game in enumerate(replayed_games(match), start=1):
        if cancelled is not None and cancelled():
            break
        found += game
        if replaying is not None:
            replaying(done, len(match.games))
    points = [item for item in found if isinstance(item, DecisionPoint)]
    problems = tuple(item for item in found if isinstance(item, ReplayProblem))
    judge = CubeJudge(evaluator, window=math.inf)  # every cube decision at the analysis depth, as gnubg does
    judged: list[AnalysedDecision] = []
    in_file = {(item.game, item.number, item.before_roll): item for item in match.file_analysis}
    for done, point in enumerate(points, start=1):
        if cancelled is not None and cancelled():
            break
        try:
            decision = analyse_point(point, evaluator, judge, plies)
            key = _analysis_key(point)
            kept = kept_analysis(point, in_file.get(key)) if key is not None else None
            judged.append(decision if kept is None else replace(decision, file_analysis=kept))
        except AnalysisError as error:  # one decision the evaluator cannot judge: the others still are
            problems += (ReplayProblem(point.game, point.number, str(error), one_decision=True),)
        if progress is not None:
            progress(done, len(points))
    names = match.games[0].names if match.games else ("", "")
    return MatchAnalysis(
        match.length, names, plies, tuple(judged), problems, _points_won(match, problems), match.analysed_by
    )


def _points_won(match: MatMatch, problems: tuple[ReplayProblem, ...]) -> tuple[int, int] | None:
    """In money play, the points each player won in the games replayed to their end (``None`` in a match)."""
    if match.length:
        return None
    stopped = {problem.game for problem in problems if not problem.one_decision}
    won = [0, 0]
    for game in match.games:
        if game.winner is not None and game.points is not None and game.number not in stopped:
            won[game.winner] += game.points
    return won[0], won[1]
