"""Every sentence the play layer says, in one place and through the translation function: who the sides are, what a
game is, what happened, the result, the tutor's verdicts and hints, and why an action is refused.

Functions take values (roles, events, verdicts, summaries) and return finished sentences in the language in use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.engine import Side
from trainer.engine.ideas import play_ideas
from trainer.engine.wording import QUOTE_LIMIT, capitalized, play_ideas_sentence, printable, quoted, win_kind_phrase
from trainer.i18n import N_, _, localized, ngettext
from trainer.play.game import (
    Action,
    AnswerHint,
    Attempt,
    CannotDoubleHint,
    DoubleHint,
    GameSetup,
    PlayHint,
    Role,
    StoredResult,
    Summary,
    TurnLost,
)
from trainer.shared.skill import Skill

if TYPE_CHECKING:
    from pathlib import Path

    from trainer.analysis import CubeDecision
    from trainer.engine import GameResult
    from trainer.play.game import Hint
    from trainer.play.table import Waiting
    from trainer.play.tutor import ErrorRate, Verdict

ROLE_NAMES = {
    Role.LEARNER: N_("You"),
    Role.COMPUTER: N_("Computer"),
    Role.FIRST_PLAYER: N_("Player 1"),
    Role.SECOND_PLAYER: N_("Player 2"),
}
LEVEL_NAMES = {"beginner": N_("beginner"), "intermediate": N_("intermediate"), "strong": N_("strong")}
"""The computer's levels (bgsage's), by their names in the record."""
CUBE_CHOICES = {
    "no double": N_("no double"),
    "double": N_("double"),
    "take": N_("take"),
    "pass": N_("pass"),
    "beaver": N_("beaver"),
}
"""The cube actions a verdict names, as words (a play is named by its notation)."""


def role_name(role: Role) -> str:
    """What a side is called: ``You``, ``Computer``, ``Player 1``, ``Player 2``."""
    return _(ROLE_NAMES[role])


def level_name(level: str) -> str:
    """The computer's level in the language in use (``intermediate``); one it doesn't know, as it is stored."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else printable(level)


def variant_title(variant: str) -> str:
    """The rules' name: ``Backgammon`` or ``Acey-deucey`` (the rule set's own title, translated)."""
    from trainer.engine.variants import VARIANTS

    return _(VARIANTS[variant].title)


def game_kind(match_length: int, *, cube: bool = True) -> str:
    """``money game`` (``one game`` without the cube) or ``N-point match``."""
    if match_length:
        return _("{length}-point match").format(length=match_length)
    return _("money game") if cube else _("one game")


def local_title(setup: GameSetup) -> str:
    """A game without bgsage in a few words: ``Acey-deucey against the computer``, ``Backgammon, two players``."""
    rules = variant_title(setup.variant)
    if setup.two_players:
        return _("{rules}, two players").format(rules=rules)
    return _("{rules} against the computer").format(rules=rules)


def decision_name(chosen: str) -> str:
    """A decision as a verdict names it: a cube action in words, a play in its notation."""
    return _(CUBE_CHOICES[chosen]) if chosen in CUBE_CHOICES else chosen


def skill_name(skill: str) -> str:
    """``doubtful``, ``bad``, ``very bad`` (or ``good``)."""
    return Skill(skill).word


# --- the result ---------------------------------------------------------------------------------------------------


def points(count: int) -> str:
    """``1 point``, ``3 points``."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def game_result(result: GameResult, setup: GameSetup) -> str:
    """A game's result with its winner's name: ``You win a gammon for 2 points.``, ``Player 2 wins a single game for
    1 point (the double was passed).``"""
    role = setup.role(result.winner)
    values = {"kind": win_kind_phrase(result.kind), "points": points(result.points)}
    if role.is_learner:
        sentence = _("You win {kind} for {points} (the double was passed).") if result.passed else None
        sentence = sentence or _("You win {kind} for {points}.")
    elif result.passed:
        sentence = _("{name} wins {kind} for {points} (the double was passed).")
    else:
        sentence = _("{name} wins {kind} for {points}.")
    return sentence.format(name=role_name(role), **values)


def headline(summary: Summary) -> str:
    """The result (or the score so far) in a sentence: against bgsage from the learner's side (``You lost a gammon
    for 2 points.``), otherwise with the winner's name."""
    if summary.tutored:
        return _learner_headline(summary)
    setup = summary.setup
    first, second = (role_name(role) for role in setup.roles)
    kind = game_kind(setup.match_length, cube=setup.cube)
    if setup.match_length:
        x, o = summary.score.x, summary.score.o
        if summary.winner is None:
            return _("{kind}: {first} {x}, {second} {o}.").format(
                kind=capitalized(kind), first=first, x=x, second=second, o=o
            )
        role = setup.role(summary.winner)
        if Role.LEARNER in setup.roles:  # the learner's score first, as lesson 14 teaches
            you, other = (x, o) if setup.roles[0] is Role.LEARNER else (o, x)
            if role.is_learner:
                return _("You won the {kind} {you}-{other}.").format(kind=kind, you=you, other=other)
            return _("You lost the {kind} {you}-{other}.").format(kind=kind, you=you, other=other)
        high, low = max(x, o), min(x, o)
        return _("{name} won the {kind} {high}-{low}.").format(name=role_name(role), kind=kind, high=high, low=low)
    if not summary.results:
        return _("The game is under way.")
    result = summary.results[0]
    role = setup.role(result.winner)
    values = {"kind": win_kind_phrase(result.kind), "points": points(result.points), "name": role_name(role)}
    if role.is_learner:
        sentence = _("You won {kind} for {points} (the double was passed).") if result.passed else None
        return (sentence or _("You won {kind} for {points}.")).format(**values)
    if result.passed:
        return _("{name} won {kind} for {points} (the double was passed).").format(**values)
    return _("{name} won {kind} for {points}.").format(**values)


def _learner_headline(summary: Summary) -> str:
    you, computer = summary.score.x, summary.score.o
    setup = summary.setup
    kind = game_kind(setup.match_length)
    if setup.match_length:
        if summary.winner is None:
            return _("{kind}: you {you}, the computer {computer}.").format(kind=kind, you=you, computer=computer)
        if summary.winner is Side.X:  # the learner's score first, as lesson 14 teaches
            return _("You won the {kind} {you}-{other}.").format(kind=kind, you=you, other=computer)
        return _("You lost the {kind} {you}-{other}.").format(kind=kind, you=you, other=computer)
    if not summary.results:
        return _("The money game is under way.")
    result = summary.results[0]
    values = {"kind": win_kind_phrase(result.kind), "points": points(result.points)}
    won = result.winner is Side.X
    if result.passed:
        sentence = _("You won {kind} for {points} (the double was passed).") if won else None
        sentence = sentence or _("You lost {kind} for {points} (the double was passed).")
    else:
        sentence = _("You won {kind} for {points}.") if won else _("You lost {kind} for {points}.")
    return sentence.format(**values)


def stored_result(text: str, match_length: int, learner_score: int, computer_score: int) -> str:
    """A finished game's result as the store keeps it (:class:`~trainer.play.game.StoredResult`), said in the
    language in use: ``You lost a single game for 1 point (the double was passed).``, ``You won the 5-point match
    5-3.`` (with the score kept beside it). Any other text (a sentence an older release stored in another language)
    is shown as it is, its control characters as visible signs."""
    result = StoredResult.read(text)
    if result is None:
        return printable(text)
    if result.kind is None:
        message = _("You won the {kind} {you}-{other}.") if result.learner_won else None
        message = message or _("You lost the {kind} {you}-{other}.")
        return message.format(kind=game_kind(match_length), you=learner_score, other=computer_score)
    if result.passed:
        sentence = _("You won {kind} for {points} (the double was passed).") if result.learner_won else None
        sentence = sentence or _("You lost {kind} for {points} (the double was passed).")
    else:
        sentence = _("You won {kind} for {points}.") if result.learner_won else _("You lost {kind} for {points}.")
    return sentence.format(kind=win_kind_phrase(result.kind), points=points(result.points))


def summary_text(summary: Summary) -> str:
    """The result, the mistakes and the error rate in a few sentences (the result alone where no tutor watches)."""
    head = headline(summary)
    if not summary.tutored:
        return head
    if not summary.judged or summary.error_rate is None:
        return _("{headline} The tutor was off: no decision was judged.").format(headline=head)
    count = len(summary.mistakes)
    if count:
        mistakes = ngettext("{count} mistake.", "{count} mistakes.", count).format(count=count)
    else:
        mistakes = _("No mistakes.")
    return _("{headline} {mistakes} {error_rate}").format(
        headline=head, mistakes=mistakes, error_rate=error_rate_text(summary.error_rate)
    )


def decision_counts(decisions: int, plays: int, cubes: int) -> str:
    """The decisions judged, then how many were checker plays and how many cube decisions:
    ``40 decisions (35 checker plays, 5 cube decisions)``, ``1 decision (1 checker play, 0 cube decisions)``."""
    return _("{decisions} ({plays}, {cubes})").format(
        decisions=ngettext("{count} decision", "{count} decisions", decisions).format(count=decisions),
        plays=ngettext("{count} checker play", "{count} checker plays", plays).format(count=plays),
        cubes=ngettext("{count} cube decision", "{count} cube decisions", cubes).format(count=cubes),
    )


def error_counts(doubtful: int, bad: int, very_bad: int) -> str:
    """The mistakes by size: ``3 doubtful, 1 bad, 0 very bad`` (each word agrees with its count in Portuguese)."""
    return _("{doubtful}, {bad}, {very_bad}").format(
        doubtful=ngettext("{count} doubtful", "{count} doubtful", doubtful).format(count=doubtful),
        bad=ngettext("{count} bad", "{count} bad", bad).format(count=bad),
        very_bad=ngettext("{count} very bad", "{count} very bad", very_bad).format(count=very_bad),
    )


def error_rate_text(rate: ErrorRate) -> str:
    """The error rate in words."""
    if not rate.decisions:
        return _("No decision was judged.")
    return _("Error rate {rate:.1f} millipoints per decision over {decisions}; {loss:.3f} points given away.").format(
        rate=localized(rate.per_decision),
        decisions=decision_counts(rate.decisions, rate.play_decisions, rate.cube_decisions),
        loss=localized(rate.loss),
    )


# --- the tutor ----------------------------------------------------------------------------------------------------


def verdict_text(verdict: Verdict) -> str:
    """The tutor's verdict in a sentence; for a mistaken play, what the better play does, in words."""
    chosen, best = decision_name(verdict.chosen), decision_name(verdict.best)
    play = verdict.decision == "play"
    if play and verdict.chosen_play is not None and verdict.chosen_play.is_pass:  # a dance, not the cube's pass
        return _("No legal play: you cannot move ({best_equity:+.3f}).").format(
            best_equity=localized(verdict.best_equity)
        )
    if not verdict.is_mistake:
        if verdict.chosen == verdict.best or verdict.loss == 0:
            sentence = _("{chosen}: the best play ({best_equity:+.3f}).") if play else None
            sentence = sentence or _("{chosen}: the best cube action ({best_equity:+.3f}).")
            return sentence.format(chosen=capitalized(chosen), best_equity=localized(verdict.best_equity))
        return _("{chosen}: fine ({equity:+.3f}; the best, {best}, {best_equity:+.3f}).").format(
            chosen=capitalized(chosen),
            equity=localized(verdict.chosen_equity),
            best=best,
            best_equity=localized(verdict.best_equity),
        )
    if play:
        sentence = _("{skill} play: {chosen} ({equity:+.3f}) loses {loss:.3f} against {best} ({best_equity:+.3f}).")
    else:
        sentence = _(
            "{skill} cube action: {chosen} ({equity:+.3f}) loses {loss:.3f} against {best} ({best_equity:+.3f})."
        )
    said = sentence.format(
        skill=capitalized(skill_name(verdict.skill.value)),
        chosen=chosen,
        equity=localized(verdict.chosen_equity),
        loss=localized(verdict.loss),
        best=best,
        best_equity=localized(verdict.best_equity),
    )
    better = verdict.best_play
    if play and better is not None and not better.is_pass:
        said = f"{said} {play_ideas_sentence(str(better), play_ideas(better))}"  # why, in words
    return said


def hint_advice(hint: Hint) -> str:
    """The advice of a hint in a sentence: the best play, or what to do with the cube."""
    match hint:
        case PlayHint(ranked):
            return _("The best play is {play} ({equity:+.3f}).").format(
                play=ranked[0].play, equity=localized(ranked[0].equity)
            )
        case CannotDoubleHint(problem):
            return _("You cannot double now ({problem}): roll.").format(problem=problem)
        case DoubleHint(cube):
            return cube_advice(cube.decision)
        case AnswerHint(verdict=verdict):
            return _("{best} ({equity:+.3f} for you).").format(
                best=capitalized(decision_name(verdict.best)), equity=localized(verdict.best_equity)
            )


def cube_advice(decision: CubeDecision) -> str:
    """What the side on roll should do with the cube, against the computer."""
    advice = {
        "no double": N_("Don't double: roll."),
        "too good to double": N_("Too good to double: play on for more."),
        "double, take": N_("Double (the computer should take)."),
        "double, pass": N_("Double (the computer should pass)."),
    }
    return _(advice[decision.action])


# --- acey-deucey --------------------------------------------------------------------------------------------------


def turn_lost(lost: TurnLost) -> str:
    """Why the rest of an acey-deucey turn is lost, in words."""
    if lost.double is None:
        return _("The 1-2 could not be played in full, so the turn ends here: no double to choose, no bonus roll.")
    if lost.played == 0:
        return _("None of the four {number}s could be played, so the turn ends here: no bonus roll.").format(
            number=lost.double
        )
    return _("Only {played} of the four {number}s could be played, so the turn ends here: no bonus roll.").format(
        played=number_word(lost.played), number=lost.double
    )


def number_word(count: int) -> str:
    """``one`` to ``four`` (the moves of a roll), digits beyond."""
    words = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}
    return _(words[count]) if count in words else str(count)


# --- refusals -----------------------------------------------------------------------------------------------------

ACTION_WORDS = {
    Action.ROLL: N_("roll"),
    Action.DOUBLE: N_("double"),
    Action.PLAY: N_("play"),
    Action.TAKE: N_("take"),
    Action.PASS: N_("pass"),
    Action.BEAVER: N_("beaver"),
    Action.CHOOSE_DOUBLE: N_("choose a double"),
    Action.NEXT_GAME: N_("start the next game"),
}


ATTEMPT_WORDS = {Attempt.MOVE_A_CHECKER: N_("move a checker"), Attempt.COMPUTER_TURN: N_("let the computer play")}


def action_word(action: Action | Attempt) -> str:
    """What an action is called in a refusal: ``roll``, ``choose a double``, ``move a checker``..."""
    if isinstance(action, Action):
        return _(ACTION_WORDS[action])
    return _(ATTEMPT_WORDS[action])


def waiting_reason(waiting: Waiting) -> str:
    """Why the learner can't act now, by what the game waits for."""
    from trainer.play.table import Waiting

    reasons = {
        Waiting.ROLL: N_("it is your turn to roll (or double)"),
        Waiting.MOVE: N_("play the dice first"),
        Waiting.ANSWER: N_("the computer has doubled: take or pass first"),
        Waiting.CHOOSE_DOUBLE: N_("choose the double to play first"),
        Waiting.COMPUTER: N_("it is the computer's turn"),
        Waiting.NEXT_GAME: N_("this game is over: start the next one"),
        Waiting.OVER: N_("the session is over"),
    }
    return _(reasons[waiting])


def cannot_now(action: Action | Attempt, waiting: Waiting) -> str:
    """``you cannot roll now: play the dice first``."""
    return _("you cannot {action} now: {reason}").format(action=action_word(action), reason=waiting_reason(waiting))


def double_only_before_rolling() -> str:
    return _("you may double only at the start of your turn, before rolling")


def no_cube_here() -> str:
    return _("the cube is not used in this game")


def nothing_to_take_back() -> str:
    return _("there is nothing to take back: dice have been rolled since your last decision")


def no_take_back_here() -> str:
    return _("there is no taking back in this game")


def no_tutor_here() -> str:
    return _("there is no tutor in this game: bgsage cannot judge it")


def no_decision_now() -> str:
    return _("you have no decision to take now")


def not_a_legal_play() -> str:
    return _("this is not one of the legal plays of this roll")


def session_cannot_replay(record_id: str, number: int, action: str, error: object) -> str:
    """A session record's action that the rules refuse on replay."""
    return _("session {id}: action {number} ({action}) cannot be replayed: {error}").format(
        id=record_id, number=number, action=repr(action), error=error
    )


def game_cannot_replay(record_id: str, number: int, action: str, error: object) -> str:
    """A local game record's action that the rules refuse on replay."""
    return _("game {id}: action {number} ({action}) cannot be replayed: {error}").format(
        id=record_id, number=number, action=repr(action), error=error
    )


def no_beaver_here() -> str:
    return _("beavers belong to money play against the computer, not to this game")


GAME_WAITS = {
    "roll": N_("roll"),
    "move": N_("move"),
    "answer": N_("answer"),
    "choose double": N_("choose double"),
    "computer": N_("computer"),
    "next game": N_("next game"),
    "over": N_("over"),
}


def game_waits_for(action: Action | Attempt, waiting: Waiting) -> str:
    """A local game's refusal: ``you cannot roll now: the game waits for move``."""
    return _("you cannot {action} now: the game waits for {waiting}").format(
        action=action_word(action), waiting=_(GAME_WAITS[waiting.value])
    )


# --- records ------------------------------------------------------------------------------------------------------


def a_session_record() -> str:
    return _("a session record")


def a_local_game_record() -> str:
    return _("a local game record")


def record_not_json(what: str, error: object) -> str:
    return _("{what} is JSON text: {error}").format(what=what, error=error)


def record_nested_too_deeply(what: str) -> str:
    return _("{what} cannot be read: it is nested too deeply").format(what=what)


def record_unreadable(what: str, reason: str) -> str:
    return _("{what} cannot be read: {reason}").format(what=what, reason=reason)


def record_needs_id(what: str, shown: str) -> str:
    return _("{what} needs an id (1 to 64 letters, digits, - or _), not {shown}").format(what=what, shown=shown)


def record_actions_not_texts(what: str) -> str:
    return _("the actions of {what} are a list of texts").format(what=what)


def action_too_long(number: int, shown: str, limit: int) -> str:
    return _("action {number}, {shown}, is longer than any action ({limit} characters)").format(
        number=number, shown=shown, limit=limit
    )


def action_problem(number: int, error: object) -> str:
    return _("action {number}: {error}").format(number=number, error=error)


def setting_type(name: str, kind: str, shown: str) -> str:
    return _("setting {name} must be {kind}, not {shown}").format(name=repr(name), kind=kind, shown=shown)


def bad_match_length(shown: str, *, money: bool) -> str:
    if money:
        return _("the match length must be 0 (a money game), 1, 3, 5 or 7, not {shown}").format(shown=shown)
    return _("the match length must be 0 (one game), 1, 3, 5 or 7, not {shown}").format(shown=shown)


def unknown_level(shown: str, levels: list[str]) -> str:
    return _("unknown level {shown}: choose one of {levels}").format(shown=shown, levels=", ".join(levels))


def money_options_in_a_match() -> str:
    return _("the Jacoby rule and beavers belong to money play, not to a match")


def bad_seed(shown: str) -> str:
    return _("the seed must be a whole number from 0 to 2**63 - 1, not {shown}").format(shown=shown)


def unknown_variant(shown: str, variants: list[str]) -> str:
    return _("unknown variant {shown}: choose one of {variants}").format(shown=shown, variants=", ".join(variants))


def unknown_players(shown: str) -> str:
    return _("players must be 'computer' or 'two', not {shown}").format(shown=shown)


def standard_against_the_computer() -> str:
    return _("standard backgammon against the computer is a Session (bgsage and the tutor)")


def not_a_session_record(format_name: str) -> str:
    return _("not a bgtrainer session record (its format must be {format})").format(format=repr(format_name))


def not_a_local_record(format_name: str) -> str:
    return _("not a bgtrainer local game record (its format must be {format})").format(format=repr(format_name))


def session_record_version(shown: str, version: int) -> str:
    return _("session record version {shown}: this bgtrainer reads version {version}").format(
        shown=shown, version=version
    )


def local_record_version(shown: str, version: int) -> str:
    return _("local game record version {shown}: this bgtrainer reads {version}").format(shown=shown, version=version)


def record_needs_settings(what: str) -> str:
    return _("{what} needs its settings (an object)").format(what=what)


def verdicts_not_a_list() -> str:
    return _("the verdicts of a session record are a list")


def bad_verdict(shown: str) -> str:
    return _("a verdict is [action index, decision, chosen, equity, best, equity, source, counts], not {shown}").format(
        shown=shown
    )


# --- actions in a record ------------------------------------------------------------------------------------------


def unknown_action(action: str, known: list[str]) -> str:
    return _("unknown action {action}: expected one of {known}").format(action=repr(action), known=", ".join(known))


def bad_opening(action: str) -> str:
    return _("{action}: an opening roll is one or more throws like 31 (X's die, O's die)").format(action=repr(action))


def bad_opening_ties(action: str) -> str:
    return _("{action}: every throw but the last must be a tie, and the last must not be").format(action=repr(action))


def bad_roll(action: str) -> str:
    return _("{action}: a roll is written like 'roll 6-5'").format(action=repr(action))


def play_needs_notation(action: str) -> str:
    return _("{action}: a play needs its notation, or 'pass'").format(action=repr(action))


def bad_choice(action: str) -> str:
    return _("{action}: a double is chosen by its number, like 'choose 4' for 4-4").format(action=repr(action))


def takes_nothing(action: str, word: str) -> str:
    return _("{action}: {word} takes nothing after it").format(action=repr(action), word=word)


def no_dice_to_play(number: int, action: str) -> str:
    return _("action {number} ({action}): no dice to play").format(number=number, action=repr(action))


def no_opening_due(number: int) -> str:
    return _("action {number} (open): no opening roll is due").format(number=number)


def game_not_started(number: int, word: str) -> str:
    return _("action {number} ({word}): the game has not started").format(number=number, word=word)


def game_over(number: int, word: str) -> str:
    return _("action {number} ({word}): the game is over").format(number=number, word=word)


def choose_out_of_game(number: int) -> str:
    return _("action {number} (choose): the game has not started or is over").format(number=number)


def not_ranked(play: str) -> str:
    return _("{play} is not among the ranked plays").format(play=play)


# --- .mat files ---------------------------------------------------------------------------------------------------


def bad_player_name(limit: int, shown: str) -> str:
    return _("a player's name is 1 to {limit} printable characters, no colon, not {shown}").format(
        limit=limit, shown=shown
    )


def mat_cannot_replay(number: int, action: str, error: object) -> str:
    return _("action {number} ({action}) cannot be replayed: {error}").format(number=number, action=action, error=error)


def mat_bad_point(number: int) -> str:
    return _("point {number} is not 0 (off) to 25 (bar)").format(number=number)


def mat_bad_move(shown: str) -> str:
    return _("cannot read the move {shown}").format(shown=shown)


def mat_bad_double(shown: str) -> str:
    return _("{shown}: a double names the new cube value, e.g. Doubles => 2").format(shown=shown)


def mat_cannot_read(shown: str) -> str:
    return _("cannot read {shown}").format(shown=shown)


def mat_unreadable(reason: str) -> str:
    return _("not a .mat file that can be read: {reason}").format(reason=reason)


def mat_expected_match(line: int, found: str) -> str:
    return _("line {line}: expected 'N point match', found {found}").format(line=line, found=found)


def mat_no_match_line() -> str:
    return _("not a .mat file: no 'N point match' line")


def mat_expected_game(line: int, found: str) -> str:
    return _("line {line}: expected ' Game N', found {found}").format(line=line, found=found)


def mat_no_scores(number: int) -> str:
    return _("game {number}: the players and scores are missing").format(number=number)


def mat_expected_scores(line: int, found: str) -> str:
    return _("line {line}: expected 'name : score   name : score', found {found}").format(line=line, found=found)


def mat_bad_cube(value: int, limit: int) -> str:
    return _("a cube of {value}: a double names the new cube value, a power of two from 2 to {limit}").format(
        value=value, limit=limit
    )


def mat_bad_game_number(line: int, shown: str, limit: int) -> str:
    return _("line {line}: game number {shown}: games are numbered from 1 to {limit:,}").format(
        line=line, shown=shown, limit=limit
    )


def mat_too_many_games(line: int, limit: int) -> str:
    return _("line {line}: more than {limit:,} games: a match file read here holds at most {limit:,}").format(
        line=line, limit=limit
    )


def mat_name_too_long(line: int, shown: str, limit: int) -> str:
    return _("line {line}: the player's name {shown} is too long: at most {limit} characters").format(
        line=line, shown=shown, limit=limit
    )


def mat_line_problem(line: int, error: object) -> str:
    return _("line {line}: {error}").format(line=line, error=error)


def mat_two_many_actions(shown: str) -> str:
    return _("more than two actions on one line: {shown}").format(shown=shown)


# --- a match analysed -------------------------------------------------------------------------------------------------

RATING_NAMES = {
    "Supernatural": N_("Supernatural"),
    "World class": N_("World class"),
    "Expert": N_("Expert"),
    "Advanced": N_("Advanced"),
    "Intermediate": N_("Intermediate"),
    "Casual player": N_("Casual player"),
    "Beginner": N_("Beginner"),
    "Awful!": N_("Awful!"),
}
"""GNU Backgammon's rating words for an error rate, as it names them (translated where shown)."""


def rating_name(rating: str) -> str:
    return _(RATING_NAMES[rating])


def game_not_replayed(game: int, number: int, reason: str) -> str:
    return _("game {game}, move {number} cannot be replayed: {reason}; the rest of that game is left out").format(
        game=game, number=number, reason=reason
    )


def decision_not_judged(game: int, number: int, reason: str) -> str:
    return _("game {game}, move {number} could not be judged: {reason}; only that decision is left out").format(
        game=game, number=number, reason=reason
    )


def not_this_players_turn(player: str) -> str:
    return _("it is not {player}'s turn").format(player=player)


def mat_other_dice(dice: tuple[int, int]) -> str:
    return _("the dice {first}-{second} are not the ones rolled").format(first=dice[0], second=dice[1])


def mat_no_roll() -> str:
    return _("the game has no roll to replay")


def mat_other_cube(written: int, cube: int) -> str:
    return _("the file offers the cube at {written}, the replay at {cube}").format(written=written, cube=cube)


def mat_other_winner(player: str) -> str:
    return _("the file says {player} wins, but in the replay the other player won").format(player=player)


def mat_other_points(player: str, written: int, worth: int) -> str:
    said = ngettext("{count} point", "{count} points", written).format(count=written)
    return ngettext(
        "the file says {player} wins {said}, the game was worth {worth} point",
        "the file says {player} wins {said}, the game was worth {worth} points",
        worth,
    ).format(player=player, said=said, worth=worth)


def mat_resigned_points(player: str, written: int, cube: int) -> str:
    said = ngettext("{count} point", "{count} points", written).format(count=written)
    return _(
        "the file says {player} wins {said}, but with the cube at {cube} a game is worth {single}, {gammon} or "
        "{backgammon}"
    ).format(player=player, said=said, cube=cube, single=cube, gammon=2 * cube, backgammon=3 * cube)


# --- reading a match: a .mat file, or a game played here -------------------------------------------------------------


def quoted_path(path: Path) -> str:
    """A file's path quoted for an error: a long one keeps its end, where the file's name is."""
    text = str(path)
    return quoted(text if len(text) <= QUOTE_LIMIT else "…" + text[1 - QUOTE_LIMIT :])


def cannot_read_match_file(path: Path, reason: str) -> str:
    return _("cannot read {path}: {reason}").format(path=quoted_path(path), reason=reason)


def match_file_too_large(path: Path, limit: int) -> str:
    return _("{path} is larger than {limit:,} bytes: not a match file").format(path=quoted_path(path), limit=limit)


def match_file_not_text(path: Path) -> str:
    return _("{path} is not a text file").format(path=quoted_path(path))


def match_file_problem(path: Path, reason: str) -> str:
    return _("{path}: {reason}").format(path=quoted_path(path), reason=reason)


def no_games_in_file(path: Path) -> str:
    return _("{path} holds no game to analyse").format(path=quoted_path(path))


def cut_short(line: int, found: str) -> str:
    return _("line {line}: the file stops in the middle of a game, after {found}: it looks cut short").format(
        line=line, found=quoted(found)
    )


def cannot_export(number: int, game_id: str, error: object) -> str:
    return _("game {number} ({id}) cannot be exported: {error}").format(number=number, id=game_id, error=error)


def luck_said(name: str | None, per_game: float, *, money: bool) -> str:
    """How lucky a player was over a file, net of the opponent's luck, per game: ``name`` or, ``None``, you."""
    amount = localized(abs(per_game))
    lucky = per_game >= 0
    if name is None:
        text = (
            _("You were {amount:.2f} points a game lucky.")
            if lucky
            else _("You were {amount:.2f} points a game unlucky.")
        )
    elif lucky:
        text = _("{name} was {amount:.2f} points a game lucky.")
    else:
        text = _("{name} was {amount:.2f} points a game unlucky.")
    said = text.format(name=name, amount=amount)
    if money:
        return said
    return said + " " + _("(Money-equivalent points, EMG.)")


def luck_adjusted_said(adjusted_per_game: float, actual_per_game: float) -> str:
    """The money result less luck, per game, beside the actual one."""
    return _("Luck-adjusted result: {adjusted:+.2f} points a game (actual {actual:+.2f}).").format(
        adjusted=localized(adjusted_per_game), actual=localized(actual_per_game)
    )


# --- GNU Backgammon's .sgf files -------------------------------------------------------------------------------------


def sgf_unreadable(reason: str) -> str:
    return _("not an .sgf file that can be read: {reason}").format(reason=reason)


def sgf_cannot_read(line: int, found: str) -> str:
    return _("line {line}: cannot read {found} (not GNU Backgammon's .sgf layout)").format(line=line, found=found)


def sgf_variation(line: int) -> str:
    return _(
        "line {line}: a game inside a game (an SGF variation): GNU Backgammon writes none, and none is read"
    ).format(line=line)


def sgf_empty_game(line: int) -> str:
    return _("line {line}: a game with no node").format(line=line)


def sgf_cut_short(line: int) -> str:
    return _("line {line}: the file stops inside a game: it looks cut short").format(line=line)


def sgf_no_value(line: int, name: str) -> str:
    return _("line {line}: property {name} has no value in brackets").format(line=line, name=name)


def sgf_no_game() -> str:
    return _("no game in the file (an .sgf file is one game in brackets after another)")


def sgf_too_many_games(limit: int) -> str:
    return _("more than {limit:,} games: a match file read here holds at most {limit:,}").format(limit=limit)


def sgf_not_backgammon(game: int, found: str) -> str:
    return _("game {game} is not a backgammon game: its GM property is {found}, backgammon's is 6").format(
        game=game, found=found
    )


def sgf_bad_property(game: int, name: str, found: str) -> str:
    return _("game {game}: cannot read its {name} property, {found}").format(game=game, name=name, found=found)


def sgf_unsupported_rule(game: int, rule: str) -> str:
    return _("game {game}: rule {rule} is not supported (only standard backgammon is replayed)").format(
        game=game, rule=rule
    )


def sgf_starting_cube(game: int, cube: str) -> str:
    return _("game {game} starts with the cube at {cube} (automatic doubles), which is not supported").format(
        game=game, cube=cube
    )


def sgf_other_length(game: int, length: int, first: int) -> str:
    return _("game {game} is of a {length}-point match, the first game of a {first}-point match").format(
        game=game, length=length, first=first
    )


def sgf_white() -> str:
    return _("White")


def sgf_black() -> str:
    return _("Black")


def sgf_name_too_long(game: int, shown: str, limit: int) -> str:
    return _("game {game}: player name {shown} is longer than {limit} characters").format(
        game=game, shown=shown, limit=limit
    )


def sgf_set_up(game: int, name: str) -> str:
    return _("game {game} sets a position or the cube up ({name}): a game from a set position is not supported").format(
        game=game, name=name
    )


def sgf_two_actions(game: int, number: int) -> str:
    return _("game {game}, move {number}: two actions in one node").format(game=game, number=number)


def sgf_bad_action(game: int, number: int, found: str) -> str:
    return _("game {game}, move {number}: cannot read the action {found}").format(game=game, number=number, found=found)


def xg_no_play(game: int, number: int, reason: str) -> str:
    return _("game {game}, move {number}: {reason}").format(game=game, number=number, reason=reason)


def xg_no_such_play(dice: tuple[int, int]) -> str:
    return _("no legal play of {first}-{second} leads from the board before the play to the board after it").format(
        first=dice[0], second=dice[1]
    )


def gnu_backgammon() -> str:
    return _("GNU Backgammon")
