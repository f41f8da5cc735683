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

KINDS = {None: WinKind.SINGLE, "gammon": WinKind.GAMMON, "backgammon": WinKind.BACKGAMMON}
KIND_WORDS = {WinKind.SINGLE: "a single game", WinKind.GAMMON: "a gammon", WinKind.BACKGAMMON: "a backgammon"}


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
        raise ScoreStepError(
            f"cannot read the game {text[:40]!r}: write the winner and the points, like 'X 2'", "games"
        )
    winner, points = Side.from_name(match.group(1)), int(match.group(2))
    for cube in (1, 2, 4, 8, 16, 32, 64):  # the smallest cube that gives the points: 2 is a gammon, not a double
        for kind in WinKind:
            if cube * kind.value == points:
                return GameResult(winner, kind, cube)
    raise ScoreStepError(
        f"a game is worth the cube times 1, 2 or 3, so no game wins {points} points ({text!r})", "games"
    )


def score_before(step: ScoreStep) -> MatchScore:
    """The score before this game: after the earlier games from 0-0 (the engine marks the Crawford game), or as
    written.

    :raises ScoreStepError: for games or a score the match cannot have.
    """
    if step.games and step.score is not None:
        raise ScoreStepError("give the earlier games or the score, not both", "score")
    if not step.length:
        if step.games or step.score is not None or step.crawford:
            raise ScoreStepError("money play keeps no match score: set 'length' for a match", "length")
        return MatchScore.money()
    try:
        if step.score is not None:
            found = re.fullmatch(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*", step.score)
            if found is None:
                raise ScoreStepError(
                    f"cannot read the score {step.score[:20]!r}: write yours first, like '3-1'", "score"
                )
            return MatchScore(step.length, int(found.group(1)), int(found.group(2)), crawford=step.crawford)
        if step.crawford:
            raise ScoreStepError("with 'games' the engine finds the Crawford game itself: drop 'crawford'", "crawford")
        score = MatchScore.match(step.length)
        for number, game in enumerate(step.games, start=1):
            result = _game_result(game)
            if score.crawford and result.cube > 1:
                raise ScoreStepError(
                    f"game {number} ({game!r}) is the Crawford game, where nobody may double: it is worth at most "
                    "3 points (a backgammon)",
                    "games",
                )
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
    options = MoneyOptions(jacoby=step.jacoby)
    problem = before.options_problem(options)
    if problem is not None:
        raise ScoreStepError(problem, "jacoby")
    state = GameState(Position.start(), phase=Phase.ROLL, turn=Side.X, match=before, options=options)
    for number, event in enumerate(step.events, start=1):
        found = EVENT_PATTERN.fullmatch(event)
        assert found is not None  # the model checks the form
        side, action = _side(found.group(1)), found.group(2)
        where = f"event {number} ({event!r})"
        if state.phase is Phase.OVER:
            raise ScoreStepError(f"{where} comes after the game is over", "events")
        try:
            if action in ("doubles", "redoubles"):
                if state.phase is not Phase.ROLL:
                    raise ScoreStepError(f"{where}: a double still waits for its answer", "events")
                state = replace(state, turn=side, phase=Phase.ROLL)  # the start of the doubler's turn
                if action == "redoubles" and state.cube_owner is not side:
                    raise ScoreStepError(
                        f"{where}: {side} does not own the cube, so it doubles rather than redoubles, if it may",
                        "events",
                    )
                if action == "doubles" and state.cube_owner is side:
                    raise ScoreStepError(f"{where}: {side} owns the cube, so this is a redouble", "events")
                state = double(state)
            elif state.deciding is not side and action in ("takes", "passes", "beavers"):
                raise ScoreStepError(f"{where}: no double waits for {side}'s answer", "events")
            elif action == "takes":
                state = take(state)
            elif action == "passes":
                state = drop(state)
            elif action == "beavers":
                state = beaver(state)
            else:
                if state.phase is not Phase.ROLL:
                    raise ScoreStepError(f"{where}: a double still waits for its answer", "events")
                state = replace(state, phase=Phase.OVER, result=state.result_for(side, KINDS[found.group(3)]))
        except ScoreStepError:
            raise
        except EngineError as error:
            raise ScoreStepError(f"{where} is against the rules: {error}", "events") from None
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
    return "the cube stayed at 1" if len(values) == 1 else "the cube went " + ", ".join(map(str, values))


def _result_words(result: GameResult, state: GameState, step: ScoreStep) -> str:
    winner = str(result.winner)
    story = _cube_story(state, step)
    if result.passed:
        return f"{story}; the double was passed, so {winner} wins {result.points} at that value"
    if result.jacoby:
        return (f"{story}, never turned: under the Jacoby rule {KIND_WORDS[result.kind]} counts as a single game, "
                f"so {winner} wins {result.points}")  # fmt: skip
    times = {WinKind.SINGLE: "once", WinKind.GAMMON: "twice", WinKind.BACKGAMMON: "three times"}[result.kind]
    return (f"{story}; {KIND_WORDS[result.kind]} counts the cube {times}: {winner} wins "
            f"{result.cube} x {result.kind.value} = {result.points}")  # fmt: skip


def work_out(step: ScoreStep) -> Worked:
    """The engine's answer to a score step, and its working in words.

    :raises ScoreStepError: if the step is against the rules or its question needs what it does not give.
    """
    before = score_before(step)
    state = play_events(step, before)
    result = state.result
    if step.ask in ("points", "score"):
        if result is None:
            raise ScoreStepError(f"the question is about the {step.ask} after the game, but the events don't end it: "
                                 "add 'X wins' (or a gammon, a backgammon) or a pass")  # fmt: skip
        if step.ask == "points":
            words = _result_words(result, state, step)
            return Worked(before, state, str(result.points), words[:1].upper() + words[1:] + ".")
        if before.is_money:
            raise ScoreStepError("money play keeps no score: ask for the points, or set 'length'")
        after = before.after(result)
        words = f"{_result_words(result, state, step)}: {_score_text(before)} becomes {_score_text(after)}"
        if after.is_over:
            words += f", and the {before.length}-point match is over"
        elif after.crawford:
            words += ", and the next game is the Crawford game"
        return Worked(before, state, _score_text(after), words[:1].upper() + words[1:] + ".")
    if result is not None:
        raise ScoreStepError(f"the question ({step.ask}) is about the game going on, but the events end it")
    if step.ask == "crawford":
        if before.is_money:
            raise ScoreStepError("there is no Crawford game in money play: set 'length'")
        if not step.games:
            raise ScoreStepError("give the earlier games, so that the engine finds the Crawford game itself")
        return Worked(before, state, "yes" if before.crawford else "no", crawford_words(before))
    side = Side.from_name(step.ask.split()[-1])
    asking = replace(state, turn=side, phase=Phase.ROLL)
    if state.phase is not Phase.ROLL:
        raise ScoreStepError("a double still waits for its answer: nobody may double now")
    problem = double_problem(asking)
    who = str(side)
    if problem is None:
        return Worked(before, state, "yes", f"Yes: {who} may double at the start of {_their(side)} turn, before "
                      f"rolling ({_cube_words(state)}).")  # fmt: skip
    return Worked(before, state, "no", f"No: {problem}.")


def _their(side: Side) -> str:
    return f"{side}'s"


def _cube_words(state: GameState) -> str:
    if state.cube_owner is None:
        return "the cube is in the middle"
    return f"{state.cube_owner} owns the cube at {state.cube}"


def crawford_words(score: MatchScore) -> str:
    """Whether the game at ``score`` is the Crawford game, and why."""
    short = score.length - 1
    if score.crawford:
        leader = Side.X if score.x == short else Side.O
        return (f"Yes: {leader} reached {short}, one point short of {score.length}, in the game before: this game is "
                "the Crawford game, and nobody may double in it.")  # fmt: skip
    if score.is_post_crawford:
        return (f"No: the Crawford game was played when a side first reached {short}; this game is post-Crawford, "
                "and the cube is back in play.")  # fmt: skip
    return f"No: nobody is at {short} yet, one point short of {score.length}: the Crawford game is still to come."


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


ASK_FORMS = {
    "points": "a number of points, like 4",
    "score": "the score after the game, yours first, like 3-1",
    "crawford": "yes or no",
    "may double X": "yes or no",
    "may double O": "yes or no",
}


def grade_score_step(step: ScoreStep, text: str) -> Feedback:
    """Grade an answer to a score step against the engine's; a right one is shown with the engine's working and
    the step's explanation, a wrong one with the rule to look at again, never the answer."""
    answer = read_answer(step, text)
    if answer is None:
        return Feedback(False, f"Answer with {ASK_FORMS[step.ask]}.")
    worked = work_out(step)
    if answer == worked.answer:
        return Feedback(True, f"{worked.working} {step.explanation}")
    if step.ask == "points":
        hint = "Count the cube's value after every double that was taken, then times 1, 2 or 3 for the win."
    elif step.ask == "score":
        hint = "Add the points of this game to the winner's score (a score stops at the match length)."
    elif step.ask == "crawford":
        hint = "The Crawford game is the one game right after a side first reaches one point short of the match."
    else:
        hint = "Look at who owns the cube, and whether this is the Crawford game."
    said = f"Not {answer}." if step.ask in ("points", "score") else "Look again."
    return Feedback(False, f"{said} {hint}")
