"""Score questions of lessons, worked out by the engine: the score before a game (from the earlier games, so that
the Crawford game is the engine's to find), the cube after this game's doubles, takes and passes, and what the
step asks (the points won, the score after, whether this is the Crawford game, whether a side may double now).

Every step runs through the engine's own cube and match rules (:mod:`trainer.engine.doubling`,
:class:`~trainer.engine.MatchScore`), so an impossible sequence (a redouble by the side that doesn't own the cube,
a double in the Crawford game) is refused with the engine's reason when the lesson loads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from trainer.content import author_wording, wording
from trainer.content.grading import Feedback
from trainer.content.models import EVENT_PATTERN, GAME_PATTERN, ScoreStep
from trainer.engine import (
    EngineError,
    GameResult,
    GameState,
    MatchError,
    MatchScore,
    MoneyOptions,
    Phase,
    Position,
    Side,
    WinKind,
)
from trainer.engine.doubling import beaver, double, double_problem, drop, take
from trainer.engine.wording import sentence

KINDS = {None: WinKind.SINGLE, "gammon": WinKind.GAMMON, "backgammon": WinKind.BACKGAMMON}


class ScoreStepError(EngineError):
    """A score step the rules do not allow (a game worth an impossible number of points, a sequence of cube
    actions the cube rules refuse, a question that needs what the step does not give); ``field`` names the step's
    field at fault."""

    def __init__(self, message: str, field: str = "ask") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class Worked:
    """What the engine makes of a score step: the score before this game, the game's state after its events,
    the right answer, and the working in words."""

    before: MatchScore
    state: GameState
    answer: str
    working: str


def _game_result(text: str) -> GameResult:
    """An earlier game written as its winner and points (``X 2``): a win the cube and a gammon can give."""
    match = GAME_PATTERN.fullmatch(text)
    if match is None:
        raise ScoreStepError(author_wording.unreadable_game(text), "games")
    winner, points = Side.from_name(match.group(1)), int(match.group(2))
    for cube in (1, 2, 4, 8, 16, 32, 64):  # the smallest cube that gives the points: 2 is a gammon, not a double
        for kind in WinKind:
            if cube * kind.value == points:
                return GameResult(winner, kind, cube)
    raise ScoreStepError(author_wording.impossible_game_points(points, text), "games")


def score_before(step: ScoreStep) -> MatchScore:
    """The score before this game: after the earlier games from 0-0 (the engine marks the Crawford game), or as
    written.

    :raises ScoreStepError: for games or a score the match cannot have.
    """
    if step.games and step.score is not None:
        raise ScoreStepError(author_wording.games_or_score(), "score")
    if not step.length:
        if step.games or step.score is not None or step.crawford:
            raise ScoreStepError(author_wording.money_play_has_no_match_score(), "length")
        return MatchScore.money()
    try:
        if step.score is not None:
            found = re.fullmatch(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*", step.score)
            if found is None:
                raise ScoreStepError(author_wording.unreadable_score(step.score), "score")
            return MatchScore(step.length, int(found.group(1)), int(found.group(2)), crawford=step.crawford)
        if step.crawford:
            raise ScoreStepError(author_wording.crawford_found_from_games(), "crawford")
        score = MatchScore.match(step.length)
        for number, game in enumerate(step.games, start=1):
            result = _game_result(game)
            if score.crawford and result.cube > 1:
                raise ScoreStepError(author_wording.double_in_crawford_game(number, game), "games")
            score = score.after(result)
    except MatchError as error:
        raise ScoreStepError(str(error), "games" if step.games else "score") from None
    return score


def _side(name: str) -> Side:
    return Side.from_name(name)


def play_events(step: ScoreStep, before: MatchScore) -> GameState:
    """This game's state after its events, each one checked by the engine's cube rules.

    :raises ScoreStepError: naming the event the rules refuse, and why.
    """
    options = MoneyOptions(jacoby=step.jacoby, beavers=step.beavers)
    problem = before.options_problem(options)
    if problem is not None:
        raise ScoreStepError(problem, "jacoby" if step.jacoby else "beavers")
    state = GameState(Position.start(), phase=Phase.ROLL, turn=Side.X, match=before, options=options)
    for number, event in enumerate(step.events, start=1):
        found = EVENT_PATTERN.fullmatch(event)
        assert found is not None  # the model checks the form
        side, action = _side(found.group(1)), found.group(2)
        where = author_wording.event_place(number, event)
        if state.phase is Phase.OVER:
            raise ScoreStepError(author_wording.event_after_the_game(where), "events")
        try:
            if action in ("doubles", "redoubles"):
                if state.phase is not Phase.ROLL:
                    raise ScoreStepError(author_wording.double_still_waits(where), "events")
                state = replace(state, turn=side, phase=Phase.ROLL)  # the start of the doubler's turn
                if action == "redoubles" and state.cube_owner is not side:
                    raise ScoreStepError(author_wording.redouble_without_the_cube(where, side), "events")
                if action == "doubles" and state.cube_owner is side:
                    raise ScoreStepError(author_wording.double_with_the_cube(where, side), "events")
                state = double(state)
            elif state.deciding is not side and action in ("takes", "passes", "beavers"):
                raise ScoreStepError(author_wording.no_double_to_answer(where, side), "events")
            elif action == "takes":
                state = take(state)
            elif action == "passes":
                state = drop(state)
            elif action == "beavers":
                state = beaver(state)
            else:
                if state.phase is not Phase.ROLL:
                    raise ScoreStepError(author_wording.double_still_waits(where), "events")
                state = replace(state, phase=Phase.OVER, result=state.result_for(side, KINDS[found.group(3)]))
        except ScoreStepError:
            raise
        except EngineError as error:
            raise ScoreStepError(author_wording.event_against_the_rules(where, error), "events") from None
    return state


def _score_text(score: MatchScore) -> str:
    return f"{score.x}-{score.o}"


def _cube_story(state: GameState, step: ScoreStep) -> str:
    """How the cube got to its value: ``the cube went 1, 2, 4``."""
    values = [1]
    for event in step.events:
        if event.endswith(("doubles", "redoubles")) or event.endswith("beavers"):
            values.append(values[-1] * 2)
    if state.result is not None and state.result.passed:
        values.pop()  # a pass leaves the game at the value before the double
    return wording.cube_story(values)


def _result_words(result: GameResult, state: GameState, step: ScoreStep) -> str:
    story = _cube_story(state, step)
    if result.passed:
        return wording.passed_result(story, result.winner, result.points)
    if result.jacoby:
        return wording.jacoby_result(story, result.kind, result.winner, result.points)
    return wording.counted_result(story, result.kind, result.winner, result.cube, result.points)


def work_out(step: ScoreStep) -> Worked:
    """The engine's answer to a score step, and its working in words.

    :raises ScoreStepError: if the step is against the rules or its question needs what it does not give.
    """
    before = score_before(step)
    state = play_events(step, before)
    result = state.result
    if step.ask in ("points", "score"):
        if result is None:
            raise ScoreStepError(author_wording.game_not_over(step.ask))
        if step.ask == "points":
            return Worked(before, state, str(result.points), sentence(_result_words(result, state, step)))
        if before.is_money:
            raise ScoreStepError(author_wording.money_play_has_no_score())
        after = before.after(result)
        words = wording.score_after(
            _result_words(result, state, step),
            _score_text(before),
            _score_text(after),
            match_over=before.length if after.is_over else 0,
            crawford_next=after.crawford,
        )
        return Worked(before, state, _score_text(after), sentence(words))
    if result is not None:
        raise ScoreStepError(author_wording.game_already_over(step.ask))
    if step.ask == "crawford":
        if before.is_money:
            raise ScoreStepError(author_wording.no_crawford_in_money_play())
        if not step.games:
            raise ScoreStepError(author_wording.give_the_earlier_games())
        return Worked(before, state, "yes" if before.crawford else "no", crawford_words(before))
    side = Side.from_name(step.ask.split()[-1])
    asking = replace(state, turn=side, phase=Phase.ROLL)
    if state.phase is not Phase.ROLL:
        raise ScoreStepError(author_wording.nobody_may_double_now())
    problem = double_problem(asking)
    if problem is None:
        return Worked(before, state, "yes", wording.may_double(side, _cube_words(state)))
    return Worked(before, state, "no", wording.may_not_double(problem))


def _cube_words(state: GameState) -> str:
    if state.cube_owner is None:
        return wording.cube_in_the_middle()
    return wording.cube_owned(state.cube_owner, state.cube)


def crawford_words(score: MatchScore) -> str:
    """Whether the game at ``score`` is the Crawford game, and why."""
    short = score.length - 1
    if score.crawford:
        leader = Side.X if score.x == short else Side.O
        return wording.crawford_game(leader, short, score.length)
    if score.is_post_crawford:
        return wording.post_crawford(short)
    return wording.crawford_to_come(short, score.length)


def read_answer(step: ScoreStep, text: str) -> str | None:
    """The learner's answer in the form the engine's answer takes (``4``, ``4-2``, ``yes``), or ``None`` if it
    cannot be read as one."""
    text = text.strip().lower()
    if step.ask == "points":
        return str(int(text)) if re.fullmatch(r"\d{1,3}", text) else None
    if step.ask == "score":
        found = re.fullmatch(r"(\d{1,2})\s*[-:/ ,]\s*(\d{1,2})", text)
        return f"{int(found.group(1))}-{int(found.group(2))}" if found else None
    return {"y": "yes", "yes": "yes", "n": "no", "no": "no"}.get(text)


def grade_score_step(step: ScoreStep, text: str) -> Feedback:
    """Grade an answer to a score step against the engine's; a right one is shown with the engine's working and
    the step's explanation, a wrong one with the rule to look at again, never the answer."""
    answer = read_answer(step, text)
    if answer is None:
        return Feedback(False, wording.answer_with(step.ask), counts=False)
    worked = work_out(step)
    if answer == worked.answer:
        return Feedback(True, f"{worked.working} {step.explanation}")
    return Feedback(False, wording.wrong_score_answer(step.ask, answer, match=bool(step.length)))
