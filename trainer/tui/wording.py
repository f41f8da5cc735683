"""Every sentence and label the app's screens and widgets show, in one place and through the translation function.

Functions take values and return finished text in the language in use; tables of labels are marked with ``N_()``
where they are defined and translated where they are shown. Sentences about a game itself (results, the tutor's
verdicts) come from :mod:`trainer.play.wording`, the engine's reasons from :mod:`trainer.engine.wording`.
"""

from __future__ import annotations

import importlib
import time
from typing import TYPE_CHECKING

from trainer.engine import Side
from trainer.engine.wording import printable
from trainer.i18n import N_, _, ngettext


class _ModuleOnFirstUse:
    """A module imported when one of its names is first read (the play layer's wording brings the game's values,
    which the home screen's first frame does without)."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> object:
        return getattr(importlib.import_module(self._name), attribute)


if TYPE_CHECKING:
    from trainer.play import wording as play_wording
else:
    play_wording = _ModuleOnFirstUse("trainer.play.wording")

if TYPE_CHECKING:
    from collections.abc import Mapping

    from trainer.analysis import CubeDecision
    from trainer.content.puzzles import Puzzle
    from trainer.engine import Dice, MatchScore, MoneyOptions, Play
    from trainer.play import CubeEvent, Event, GameSetup, Hint, Mistake, Opened, Role, TurnLost, Verdict
    from trainer.shared.kinds import RatingKind
    from trainer.store import StoredGame

X_MARK, O_MARK = "●", "○"
DIE_FACES = "⚀⚁⚂⚃⚄⚅"

# --- the board ------------------------------------------------------------------------------------------------------

CUES = {"to play": N_("to play"), "to roll": N_("to roll"), "doubles": N_("doubles"), "": ""}
"""What the board's middle line says after the mark of the side whose dice are shown."""


def cue(value: str) -> str:
    """A turn cue (``to play``, ``to roll``, ``doubles``) in the language in use."""
    return _(CUES[value]) if value else ""


def default_names() -> tuple[str, str]:
    """What X and O are called on a board that names them no other way."""
    return (_("You"), "O")


def bar_label() -> str:
    """The bar's label under the keyboard cursor."""
    return _("BAR")


def off_label() -> str:
    """The borne-off tray's label under the keyboard cursor."""
    return _("OFF")


def waiting_label() -> str:
    """The label of the column of checkers waiting to enter, as notation writes it (``in/22``): not translated."""
    return "in"


def pips(name: str, count: int) -> str:
    """``You: 167 pips``."""
    return _("{name}: {count} pips").format(name=name, count=count)


def score_line(match: MatchScore, names: tuple[str, str], *, labels: bool = True) -> str:
    """The score line: ``Match to 7 · You 3, O 5 · Crawford game`` (``names`` for X and O); money play says so.
    ``labels=False`` leaves out whether this is the Crawford game or post-Crawford."""
    scores = _("{first} {x}, {second} {o}").format(first=names[0], x=match.x, second=names[1], o=match.o)
    if match.is_money:
        if match.x or match.o:
            return _("Money play · {scores}").format(scores=scores)
        return _("Money play")
    text = _("Match to {length} · {scores}").format(length=match.length, scores=scores)
    if not labels:
        return text
    if match.crawford:
        return _("{score} · Crawford game").format(score=text)
    if match.is_post_crawford:
        return _("{score} · post-Crawford").format(score=text)
    return text


# --- moving checkers on the board ------------------------------------------------------------------------------------


def choose_own_checker(side: Side) -> str:
    """Said when a choice on the board is not one of the mover's checkers."""
    mark = X_MARK if side is Side.X else O_MARK
    return _("Choose one of your own checkers ({mark}) first.").format(mark=mark)


def route(written: str, hits: list[int]) -> str:
    """A way a checker can go, in words: ``13/7*/5, hitting on point 7`` or ``13/8/5, without hitting``."""
    if not hits:
        return _("{route}, without hitting").format(route=written)
    points = listed([str(point) for point in hits])
    return ngettext("{route}, hitting on point {points}", "{route}, hitting on points {points}", len(hits)).format(
        route=written, points=points
    )


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# --- the cube ------------------------------------------------------------------------------------------------------

CUBE_BUTTONS = {
    "double": N_("Double"),
    "no double": N_("No double"),
    "take": N_("Take"),
    "pass": N_("Pass"),
    "beaver": N_("Beaver"),
}


def cube_button(action: str, key: str) -> str:
    """A cube action's button: ``Double (d)``."""
    return _("{action} ({key})").format(action=_(CUBE_BUTTONS[action]), key=key)


# --- lessons and puzzles: the task on the board ---------------------------------------------------------------


def kind_heading(kind_name: str) -> str:
    """A step's heading from the name of its kind (marked with ``N_()``)."""
    return _(kind_name)


def your_roll() -> str:
    return _("your roll")


def setup_caption(left: int) -> str:
    return _("to place: {left} · enter or click adds a checker, minus or right-click takes one off").format(left=left)


def setup_on_points() -> str:
    return _("Checkers go on the points 1 to 24.")


def setup_not_yours(point: int) -> str:
    return _("O's checkers stand on point {point}: it's not yours.").format(point=point)


def setup_all_placed() -> str:
    return _("All 15 checkers are placed: remove one first (right-click or -).")


def press_r_to_roll() -> str:
    return _("press r or enter to roll")


def opening_throw(mine: int, theirs: int) -> str:
    """An opening throw under the board: ``you threw 3, O threw 5`` (a tie says to roll again)."""
    if mine == theirs:
        return _("you threw {mine}, O threw {theirs}  tie: roll again").format(mine=mine, theirs=theirs)
    return _("you threw {mine}, O threw {theirs}").format(mine=mine, theirs=theirs)


def cube_caption(question: str) -> str:
    """Under a cube question: the keys that answer it."""
    return _("take (t) or pass (p)?") if question == "take" else _("double (d) or no double (r)?")


def puzzle_caption(puzzle_id: str) -> str:
    return _("puzzle {id}").format(id=puzzle_id)


def yes() -> str:
    return _("Yes")


def no() -> str:
    return _("No")


def type_a_number_placeholder() -> str:
    """What the box says while empty, for a count typed in it."""
    return _("type the number, then enter")


def shots_caption(targets: int) -> str:
    """Under the board of a shots question: which blots count (the marked ones, or all)."""
    if targets:
        return ngettext("You are on roll: hit the marked blot", "You are on roll: hit a marked blot", targets)
    return _("You are on roll: hit any O blot")


def pips_caption() -> str:
    """Under the board of a pip-count question, while the counts are held back."""
    return _("Pip counts hidden until you answer")


def score_placeholder(ask: str) -> str:
    """What the box says while empty, for a score question answered in it."""
    if ask == "points":
        return _("type the number of points, then enter")
    if ask == "score":
        return _("type the score, yours first: 3-1")
    return type_a_play_placeholder()


def choose_a_double_caption() -> str:
    return _("you played the 1-2: now choose a double")


def type_a_play_placeholder() -> str:
    return _("type a play, e.g. 24/18 13/8")


def type_a_bearoff_placeholder() -> str:
    return _("type a play, e.g. 6/off 5/3")


# --- the lesson screen --------------------------------------------------------------------------------------------


def numbered(number: int, label: str) -> str:
    """An option with its number: ``2. Bear off``."""
    return _("{number}. {label}").format(number=number, label=printable(label))


def lesson_title(number: int, title: str, step: int, steps: int, *, review: bool) -> str:
    """The title bar of a lesson step."""
    values = {"number": number, "title": printable(title), "step": step, "steps": steps}
    if review:
        return _("Review: lesson {number}: {title}   step {step} of {steps}").format(**values)
    return _("Lesson {number}: {title}   step {step} of {steps}").format(**values)


def lesson_complete_title(number: int, title: str) -> str:
    return _("Lesson {number}: {title}   complete").format(number=number, title=printable(title))


def lesson_complete() -> str:
    return _("Lesson complete")


def lesson_summary(stars: int, right: int, graded: int, low: int, high: int, *, practice: bool) -> str:
    """The summary of a finished lesson (Markdown): stars, tasks right at the first try, the thresholds, and the
    practice sets when there are some."""
    lines = [
        "## " + "★" * stars + "☆" * (3 - stars),
        "",
        _("You got **{right} of {graded}** tasks right at the first try.").format(right=right, graded=graded),
        "",
        _(
            "Stars count first tries: ★★★ for {high}% or more, ★★ for {low}% or more, ★ for finishing. Take the "
            "lesson again any time to earn more."
        ).format(high=high, low=low),
    ]
    if practice:
        lines += ["", _("Practise what you learned with these puzzles:")]
    return "\n".join(lines)


def practise_option(title: str, count: int) -> str:
    """A practice set offered at the end of a lesson."""
    return ngettext("Practise: {title}  ({count} puzzle)", "Practise: {title}  ({count} puzzles)", count).format(
        title=title, count=count
    )


def continue_label() -> str:
    return _("Continue")


def finish_lesson_label() -> str:
    return _("Finish lesson")


def roll_label() -> str:
    return _("Roll")


def i_start_label() -> str:
    return _("I start")


def o_starts_label() -> str:
    return _("O starts")


def check_label() -> str:
    return _("Check")


def undo_label() -> str:
    return _("Undo")


def next_lesson_label() -> str:
    return _("Next lesson")


def back_to_lessons_label() -> str:
    return _("Back to lessons")


# --- puzzles ------------------------------------------------------------------------------------------------------

DIFFICULTIES = {0: N_("all"), 1: N_("easy"), 2: N_("medium"), 3: N_("hard")}
PUZZLE_NAMES = {
    "forced": N_("Forced move"),
    "bearoff": N_("Bear-off"),
    "cube": N_("Cube decision"),
    "double": N_("Choosing the double"),
    "best": N_("Best play"),
}
"""One puzzle of each kind, as its screen names it."""


def puzzles_title() -> str:
    return _("Puzzles")


def set_title(kind: str, variant: str) -> str:
    """What the menu calls a kind of puzzle in a variant: ``Forced moves``, ``Acey-deucey: forced moves``."""
    from trainer.practice.stats import kind_name

    title = _(kind_name(kind).title)
    if variant == "standard":
        return title
    return _("{variant}: {kind}").format(variant=variant_title(variant), kind=title[:1].lower() + title[1:])


def puzzle_title(puzzle: Puzzle) -> str:
    """What a puzzle is, for its screen's title: ``Forced move``, ``Cube decision``, ``Acey-deucey: forced move``."""
    name = _(PUZZLE_NAMES[puzzle.kind]) if puzzle.kind in PUZZLE_NAMES else puzzle.kind.capitalize()
    if puzzle.variant == "standard":
        return name
    return _("{variant}: {kind}").format(variant=variant_title(puzzle.variant), kind=name[:1].lower() + name[1:])


def variant_title(variant: str) -> str:
    """The rules' name: ``Backgammon``, ``Acey-deucey``."""
    return play_wording.variant_title(variant)


def theme_title(theme: str) -> str:
    """A puzzle theme's title."""
    from trainer.content.themes import THEME_TITLES

    return _(THEME_TITLES[theme]) if theme in THEME_TITLES else theme


RATING_NAMES = {"rules": N_("Rules"), "best": N_("Best play"), "cube": N_("Cube")}
"""The learner's ratings by kind (:data:`trainer.shared.kinds.RATING_KINDS`), as the puzzle screens name them."""


def puzzle_filter(ratings: Mapping[RatingKind, str], difficulty: int) -> str:
    """The learner's rating of each kind, then the difficulty chosen."""
    shown = " · ".join(f"{_(RATING_NAMES[kind])} {rating}" for kind, rating in ratings.items())
    return _("Your ratings: {ratings}\nDifficulty: {difficulty}  (press 0, 1, 2 or 3)").format(
        ratings=shown, difficulty=_(DIFFICULTIES[difficulty])
    )


def loading_puzzles() -> str:
    return _("Loading puzzles…")


def puzzle_set_line(label: str, done: int, total: int) -> str:
    return _("{label}  ({done}/{total} solved)").format(label=label, done=done, total=total)


def all_puzzles() -> str:
    return _("All puzzles")


def at_your_level(count: int) -> str:
    return _("At your level  ({count} unsolved near your rating)").format(count=count)


def puzzle_title_bar(where: tuple[int, int] | None, kind: str, difficulty: int, theme: str | None) -> str:
    """A puzzle's title bar: ``Puzzle 3 of 20   Forced move  ★★   Race`` (the theme once answered); ``where``
    ``None`` in review."""
    stars = "★" * difficulty
    place = _("Review") if where is None else _("Puzzle {number} of {count}").format(number=where[0], count=where[1])
    text = _("{where}   {kind}  {stars}").format(where=place, kind=kind, stars=stars)
    return text if theme is None else _("{title}   {theme}").format(title=text, theme=theme)


def rating_moved(kind: str, rating: str, change: int, puzzle: int) -> str:
    """The learner's rating of ``kind`` after a rated answer, how much it moved, and the puzzle's rating."""
    return _("{kind} rating {rating}  ({change:+d})   puzzle {puzzle}").format(
        kind=_(RATING_NAMES[kind]), rating=rating, change=change, puzzle=puzzle
    )


def rating_line(kind: str, rating: str, *, rated: bool) -> str:
    """The learner's rating of ``kind``, and whether the puzzle shown is rated."""
    if rated:
        return _("{kind} rating {rating}   this one is rated").format(kind=_(RATING_NAMES[kind]), rating=rating)
    return _("{kind} rating {rating}").format(kind=_(RATING_NAMES[kind]), rating=rating)


# --- the skill drills: best-play Streak and Storm, the counting drills ----------------------------------------------


def skill_drills_title() -> str:
    return _("Skill drills")


def skill_drills_subtitle() -> str:
    return _("Find the best play against the clock, and count shots and pips faster.")


def skill_drills_entry() -> str:
    return _("Skill drills: best-play Streak and Storm, counting shots and pips  (k)")


def best_streak_entry(best: int) -> str:
    return _("1. Best play: Streak  —  until the first miss  (best {best})").format(best=best)


def best_storm_entry(minutes: int, penalty: int, best: int) -> str:
    return _("2. Best play: Storm  —  {minutes} minutes, a miss costs {penalty} seconds  (best {best})").format(
        minutes=minutes, penalty=penalty, best=best
    )


def count_drill_entry(number: int, kind: str, best_ten: float | None) -> str:
    """A counting drill's entry, with its best average time over ten right answers once there is one."""
    shots = kind == "shots"
    if shots:
        name = _("Count the shots  —  how many of the 36 rolls hit, against the clock")
    else:
        name = _("Count the pips  —  yours or O's, against the clock")
    if best_ten is None:
        return f"{number}. {name}"
    return _("{number}. {name}  (best ten: {seconds:.1f} s)").format(number=number, name=name, seconds=best_ten)


def best_run_title_bar(mode: str, status: str) -> str:
    """``Best play   Streak   streak 3   best 7``."""
    title = _("Best play   {mode}").format(mode=_(MODE_TITLES[mode]))
    return f"{title}   {status}" if status else title


def run_not_rated() -> str:
    return _("A run is not rated: answer fast, the first play counts.")


def the_best_play() -> str:
    return _("the best play")


def point_answer(point: int) -> str:
    """An answer stored for a refused choice on the board before any move: ``point 7``."""
    return _("point {point}").format(point=point)


def try_again_or_solution(message: str) -> str:
    return _("{message} Try again, or press s for the solution.").format(message=message)


def solution(text: str) -> str:
    return _("Solution: {text}").format(text=text)


def solution_no_play(explanation: str) -> str:
    return _("Solution: no legal play. {explanation}").format(explanation=explanation)


def end_of_puzzle_set() -> str:
    return _("You have reached the end of this puzzle set.")


def no_legal_play_label() -> str:
    return _("No legal play")


def retry_label() -> str:
    return _("Retry")


def solution_label() -> str:
    return _("Solution")


def next_label() -> str:
    return _("Next")


# --- the forced-or-not drill --------------------------------------------------------------------------------------

MODE_TITLES = {"practice": N_("Practice"), "streak": N_("Streak"), "storm": N_("Storm"), "review": N_("Review")}
RECOGNITION_ANSWERS = {"forced": N_("forced"), "not forced": N_("not forced"), "no play": N_("no play")}


def drill_title() -> str:
    return _("Forced or not?")


def drill_subtitle() -> str:
    return _("Is the roll forced, not forced, or is there no legal play? Then play the forced ones.")


def practice_mode() -> str:
    return _("1. Practice  —  untimed, at your pace")


def streak_mode(best: int) -> str:
    return _("2. Streak  —  until the first miss  (best {best})").format(best=best)


def storm_mode(minutes: int, penalty: int, best: int) -> str:
    return _("3. Storm  —  {minutes} minutes, a miss costs {penalty} seconds  (best {best})").format(
        minutes=minutes, penalty=penalty, best=best
    )


def is_the_roll_forced() -> str:
    return _("is the roll forced?")


def drill_question() -> str:
    return _("Forced, not forced, or no legal play?")


def drill_title_bar(mode: str, status: str) -> str:
    """``Forced or not?   Streak   streak 3   best 7``."""
    title = _("Forced or not?   {mode}").format(mode=_(MODE_TITLES[mode]))
    return f"{title}   {status}" if status else title


def practice_status(right: int, answered: int) -> str:
    return _("{right} right of {answered}").format(right=right, answered=answered)


def streak_status(score: int, best: int) -> str:
    return _("streak {score}   best {best}").format(score=score, best=best)


def storm_status(left: str, score: int, best: int) -> str:
    return _("{left} left   {score} right   best {best}").format(left=left, score=score, best=best)


def run_score(score: int, best: int) -> str:
    return _("{score} right   best {best}").format(score=score, best=best)


def recognised(answer: str, plays: int | None) -> str:
    """The right answer under the board: ``not forced: 7 legal plays``."""
    said = _(RECOGNITION_ANSWERS[answer])
    if plays is None:
        return said
    return _("{answer}: {count} legal plays").format(answer=said, count=plays)


def now_play_it() -> str:
    return _("Now play it")


def forced_play_it() -> str:
    return _("forced: play it")


def forced_only_play() -> str:
    return _("forced: the only legal play")


def previous_position(message: str) -> str:
    return _("Previous position: {message}").format(message=message)


def right_or_missed(correct: bool) -> str:
    return _("Right") if correct else _("Missed")


def storm_over(score: int, mistakes: int) -> str:
    return _("Time is up: {score} right, {mistakes} missed.").format(score=score, mistakes=mistakes)


def streak_over(score: int) -> str:
    return _("Streak over: {score} right in a row.").format(score=score)


def run_over(mode: str) -> str:
    return _("Storm over") if mode == "storm" else _("Streak over")


def run_result(lead: str, best: int, *, new_best: bool) -> str:
    tail = _("A new best!") if new_best else _("Your best: {best}.").format(best=best)
    return _("{lead} {tail}\n\nPress a to go again, q to go back.").format(lead=lead, tail=tail)


# --- play: the menu -----------------------------------------------------------------------------------------------

LENGTH_NAMES = {0: N_("Money game"), 1: N_("1 point"), 3: N_("3 points"), 5: N_("5 points"), 7: N_("7 points")}
LEVEL_NAMES = {"beginner": N_("beginner"), "intermediate": N_("intermediate"), "strong": N_("strong")}
MONEY_OPTION_NAMES = {"none": N_("Neither"), "jacoby": N_("Jacoby rule"), "beavers": N_("Beavers"), "both": N_("Both")}


def play_title() -> str:
    return _("Play")


def play_subtitle() -> str:
    return _("A game against the computer, or two players at this keyboard.")


def game_length_field() -> str:
    return _("Game (m):")


def level_field() -> str:
    return _("Level (l):")


def money_field() -> str:
    return _("Money (o):")


def length_name(length: int) -> str:
    return _(LENGTH_NAMES[length])


def level_name(level: str) -> str:
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else printable(level)


def money_option(key: str) -> str:
    return _(MONEY_OPTION_NAMES[key])


def saved_at(seconds: float) -> str:
    """When a game was saved, as the menu says it (``05 Dec 14:03``); a time that can't be a date is said so."""
    try:
        return time.strftime("%d %b %H:%M", time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return _("at an unknown time")


def resume_line(game: StoredGame) -> str:
    """An unfinished game against the computer in the menu: kind, level, score and when it was saved."""
    kind = play_wording.game_kind(game.match_length)
    if game.match_length:
        score = _("you {learner}, computer {computer}").format(learner=game.learner_score, computer=game.computer_score)
    else:
        score = _("under way")
    return _("Resume: {kind} against the computer ({level}), {score}, saved {saved}").format(
        kind=kind, level=level_name(game.level), score=score, saved=saved_at(game.updated_at)
    )


def resume_local_line(setup: GameSetup, updated_at: float) -> str:
    """An unfinished game without bgsage in the menu: what it is and when it was saved."""
    return _("Resume: {title}, {kind}, saved {saved}").format(
        title=play_wording.local_title(setup),
        kind=play_wording.game_kind(setup.match_length, cube=setup.cube),
        saved=saved_at(updated_at),
    )


def local_game_set_aside(error: str) -> str:
    return _("The unfinished game can't be resumed ({error}); its record is kept aside in the progress file.").format(
        error=error
    )


def money_rules(options: MoneyOptions) -> str:
    """The money options in force, as the menu and the title add them: `` (Jacoby rule and beavers)``."""
    names = [_(name) for name in options.names]
    return _(" ({rules})").format(rules=listed(names)) if names else ""


def new_game_against_sage(length: int, options: MoneyOptions, level: str) -> str:
    return _("Against the computer: backgammon, {kind}{rules}, {level}").format(
        kind=play_wording.game_kind(length), rules=money_rules(options), level=level_name(level)
    )


def new_acey_deucey_game(length: int) -> str:
    """The acey-deucey computer plays without the cube: a single game or a match."""
    return _("Against the computer: acey-deucey, {kind}").format(kind=play_wording.game_kind(length, cube=False))


def new_two_player_game(variant: str, length: int) -> str:
    kind = play_wording.game_kind(length)
    if variant == "standard":
        return _("Two players at this keyboard: backgammon, {kind}").format(kind=kind)
    return _("Two players at this keyboard: acey-deucey, {kind}").format(kind=kind)


def cannot_resume(error: str) -> str:
    return _("This game cannot be resumed: {error}").format(error=error)


def game_moved_on() -> str:
    return _("That game was saved by another bgtrainer meanwhile: the list now shows it as it is.")


# --- play: the game -----------------------------------------------------------------------------------------------


def who(role: Role, side: Side) -> str:
    """Who acts, as the status line names them: ``You``, or ``Player 2 ○`` (the mark without brackets, so that a
    line's own brackets never nest around it)."""
    if role.is_learner:
        return play_wording.role_name(role)
    mark = X_MARK if side is Side.X else O_MARK
    return _("{name} {mark}").format(name=play_wording.role_name(role), mark=mark)


def dice_faces(dice: Dice) -> str:
    """``⚄⚃ 5-4``: the dice as faces and in numbers, the higher die first as every roll is written."""
    high, low = dice.high, dice.low
    return f"{DIE_FACES[high - 1]}{DIE_FACES[low - 1]} {high}-{low}"


def written_play(role: Role, play: Play) -> str:
    """A play as the learner reads it: the computer's in the learner's numbering (the board's), a person's in their
    own (two players at one keyboard each read their own)."""
    return play.notation(mirrored=role.value == "computer")


def dice_name(dice: Dice) -> str:
    """A roll to play, the higher die first (``5-2``), a chosen double said so."""
    roll = str(dice.high_first())
    return _("{dice} (the chosen double)").format(dice=roll) if dice.chosen else roll


def play_title_bar(setup: GameSetup, *, tutor: bool) -> str:
    """The title bar of a game: what it is, and against bgsage the level and whether the tutor is on."""
    if setup.evaluated:
        assert setup.level is not None
        return _("Play · {kind}{rules} · computer: {level} · {tutor}").format(
            kind=play_wording.game_kind(setup.match_length),
            rules=money_rules(setup.options),
            level=level_name(setup.level),
            tutor=_("tutor on (T)") if tutor else _("tutor off (T)"),
        )
    return _("Play · {title} · {kind}").format(
        title=play_wording.local_title(setup), kind=play_wording.game_kind(setup.match_length, cube=setup.cube)
    )


def confirm_label() -> str:
    return _("Confirm")


def go_on_label() -> str:
    return _("Go on")


def take_back_label() -> str:
    return _("Take back")


def hint_label() -> str:
    return _("Hint")


def next_game_label() -> str:
    return _("Next game")


def game_resumed(number: int) -> str:
    return _("Game {number} resumed where it was.").format(number=number)


def opening(event: Opened, roles: tuple[Role, Role], game_number: int, *, acey_deucey: bool) -> str:
    """Who won the opening roll, and what they do now."""
    throws = event.opening_throws
    x, o = throws[-1]
    names = [play_wording.role_name(role) for role in roles]
    ties = len(throws) - 1
    if ties:
        head = ngettext(
            "Opening roll after {ties} tie: {first} {x}, {second} {o}.",
            "Opening roll after {ties} ties: {first} {x}, {second} {o}.",
            ties,
        ).format(ties=ties, first=names[0], x=x, second=names[1], o=o)
    else:
        head = _("Opening roll: {first} {x}, {second} {o}.").format(first=names[0], x=x, second=names[1], o=o)
    role = roles[0] if event.side is Side.X else roles[1]
    high, low = (x, o) if event.side is Side.X else (o, x)
    values = {"name": play_wording.role_name(role), "high": high, "low": low}
    if role.is_learner:
        start = _("You start and roll both dice.") if acey_deucey else _("You start and play {high}-{low}.")
    elif acey_deucey:
        start = _("{name} starts and rolls both dice.")
    else:
        start = _("{name} starts and plays {high}-{low}.")
    line = _("{opening} {start}").format(opening=head, start=start.format(**values))
    return _("Game {number}. {line}").format(number=game_number, line=line) if game_number > 1 else line


def roll_prompt(role: Role, side: Side, *, bonus: bool, may_double: bool) -> str:
    """Whose turn it is to roll (or double)."""
    if bonus:
        if role.is_learner:
            return _("Bonus roll: You roll again (r or enter).")
        return _("Bonus roll: {who} rolls again (r or enter).").format(who=who(role, side))
    if role.is_learner:
        return _("Your turn: roll (r or enter) or double (d).") if may_double else _("Your turn: roll (r or enter).")
    if may_double:
        return _("{who} to play: roll (r or enter) or double (d).").format(who=who(role, side))
    return _("{who} to play: roll (r or enter).").format(who=who(role, side))


def move_prompt(role: Role, side: Side, dice: Dice) -> str:
    if role.is_learner:
        return _("You play {dice}: move on the board or press / to type; u undoes.").format(dice=dice_name(dice))
    return _("{who} plays {dice}: move on the board or press / to type; u undoes.").format(
        who=who(role, side), dice=dice_name(dice)
    )


def no_play_prompt(role: Role, side: Side, dice: Dice) -> str:
    return _("{who}: no legal play with {dice}. Press enter to go on.").format(
        who=who(role, side), dice=dice_name(dice)
    )


def answer_prompt(doubler: Role, doubler_side: Side, role: Role, side: Side, value: int) -> str:
    """A double waiting for its answer."""
    if role.is_learner:
        return _("{doubler} doubled to {value}: you, take (t) or pass (p)?").format(
            doubler=who(doubler, doubler_side), value=value
        )
    return _("{doubler} doubled to {value}: {who}, take (t) or pass (p)?").format(
        doubler=who(doubler, doubler_side), value=value, who=who(role, side)
    )


def choose_double_prompt(role: Role, side: Side) -> str:
    if role.is_learner:
        return _(
            "Acey-deucey! You choose the double to play (1-6): played in full, it earns a bonus roll; after one "
            "marked ✗ the turn ends."
        )
    return _(
        "Acey-deucey! {who} chooses the double to play (1-6): played in full, it earns a bonus roll; after one "
        "marked ✗ the turn ends."
    ).format(who=who(role, side))


def double_option(number: int, full: bool) -> str:
    face = DIE_FACES[number - 1]
    note = _("✓ in full") if full else _("✗ not in full")
    return f"{number}-{number} {face}{face}  {note}"


def next_game_prompt(result: str) -> str:
    return _("{result} Press n or enter for the next game.").format(result=result)


def game_over(*, match: bool) -> str:
    return _("Match over.") if match else _("Game over.")


def judging(*, tutor: bool) -> str:
    return _("The tutor is looking at your play…") if tutor else _("Playing…")


def rolling() -> str:
    return _("Rolling…")


def cube_working(action: str) -> str:
    words = {
        "double": N_("You double…"),
        "take": N_("You take…"),
        "pass": N_("You pass…"),
        "beaver": N_("You beaver…"),
    }
    return _(words[action])


def play_made(role: Role, side: Side, written: str) -> str:
    return _("{who}: {play}. Press enter to confirm, u to take a move back.").format(who=who(role, side), play=written)


def moves_so_far(role: Role, side: Side, notation: str) -> str:
    return _("{who}: {moves}.").format(who=who(role, side), moves=notation or _("no move yet"))


def double_not_in_full() -> str:
    return _("It can't be played in full: the turn ends after it.")


def event_line(role: Role, event: Event, *, note: str | None = None, lost: TurnLost | None = None) -> str:
    """What a decision did, for the list of what happened (empty for the opening roll, said on its own)."""
    from trainer.play.table import Beavered, ChoseDouble, Doubled, Passed, Played, Rolled, Took

    name = play_wording.role_name(role)
    match event:
        case Rolled():
            if role.is_learner:
                return _("You rolled {dice}.").format(dice=dice_faces(event.dice))
            return _("{name} rolled {dice}.").format(name=name, dice=dice_faces(event.dice))
        case Played():
            values = {"name": name, "play": written_play(role, event.play), "dice": str(event.dice.high_first())}
            if event.play.is_pass:  # a dance: the roll has no legal play ("pass" is the cube's word)
                line = (
                    _("You rolled {dice} and cannot move.")
                    if role.is_learner
                    else _("{name} rolled {dice} and cannot move.")
                ).format(**values)
            else:
                line = (
                    _("You played {play} with {dice}.") if role.is_learner else _("{name} played {play} with {dice}.")
                ).format(**values)
            return line if lost is None else f"{line} {play_wording.turn_lost(lost)}"
        case ChoseDouble():
            number = event.dice.first
            line = _("{name} chose {number}-{number}.").format(name=name, number=number)
            return line if note is None else f"{line} {note}"
    learner = {
        Doubled: N_("You doubled."),
        Took: N_("You took."),
        Passed: N_("You passed."),
        Beavered: N_("You beavered."),
    }
    other = {
        Doubled: N_("{name} doubled."),
        Took: N_("{name} took."),
        Passed: N_("{name} passed."),
        Beavered: N_("{name} beavered."),
    }
    kind = type(event)
    if kind not in learner:
        return ""
    return _(learner[kind]) if role.is_learner else _(other[kind]).format(name=name)


def took_back(event: Event) -> str:
    """The learner's decision taken back."""
    from trainer.play.table import Beavered, Doubled, Passed, Played, Took

    if isinstance(event, Played):
        return _("Took back your play {play}: decide again.").format(play=event.play)
    words = {
        Doubled: N_("Took back your double: decide again."),
        Took: N_("Took back your take: decide again."),
        Passed: N_("Took back your pass: decide again."),
        Beavered: N_("Took back your beaver: decide again."),
    }
    kind = type(event)
    return _(words[kind]) if kind in words else _("Took back your decision: decide again.")


def tutor_switched(on: bool) -> str:
    return _("The tutor is on.") if on else _("The tutor is off.")


def tutor_says(verdict: str, forced: str | None = None) -> str:
    said = _("Tutor: {verdict}").format(verdict=verdict)
    return said if forced is None else f"{said} {forced}"


def mistake_prompt(verdict: Verdict, *, take_back: bool, view: bool) -> str:
    """After a mistake: what it was, and the keys that go on from it."""
    skill = play_wording.skill_name(verdict.skill.value)
    keys = [_("z takes it back")] if take_back else []
    if view:
        keys.append(_("v shows yours or the better play"))
    keys.append(_("enter goes on"))
    if verdict.decision == "play":
        return _("A {skill} play: {keys}.").format(skill=skill, keys=", ".join(keys))
    return _("A {skill} cube decision: {keys}.").format(skill=skill, keys=", ".join(keys))


def verdict_caption(play: str, equity: float, *, better: bool) -> str:
    if better:
        return _("Better: {play} ({equity:+.3f})").format(play=play, equity=equity)
    return _("Yours: {play} ({equity:+.3f})").format(play=play, equity=equity)


def looking_for_the_best() -> str:
    return _("Looking for the best…")


def hint_plays(advice: str) -> str:
    return _(
        "Hint: {advice} Equity, W winning and G gammon chances; the arrows show each play on the board, escape or h "
        "closes."
    ).format(advice=advice)


def hint_cube(advice: str, hint: Hint) -> str:
    """A cube hint: the advice, then every figure from the learner's side (their own cube decision's three
    equities, or their equity for each answer to a double)."""
    if hint.kind == "answer" and hint.answers:
        figures = ", ".join(
            _("{answer} {equity:+.3f}").format(answer=play_wording.decision_name(answer), equity=equity)
            for answer, equity in hint.answers
        )
        return _("Hint: {advice} Your equity: {figures}.").format(advice=advice, figures=figures)
    if hint.cube is None or hint.kind != "double":
        return _("Hint: {advice}").format(advice=advice)
    decision = hint.cube.decision
    return _(
        "Hint: {advice} Your equity: no double {no_double:+.3f}, double/take {double_take:+.3f}, double/pass "
        "{double_pass:+.3f}."
    ).format(
        advice=advice,
        no_double=decision.no_double,
        double_take=decision.double_take,
        double_pass=decision.double_pass,
    )


def hint_caption(rank: int, play: str, equity: float) -> str:
    return _("Hint {rank}: {play} ({equity:+.3f})").format(rank=rank, play=play, equity=equity)


def computer_thinking() -> str:
    return _("The computer is thinking…")


def computer_rolled(role: Role, dice: Dice, *, bonus: bool) -> str:
    name = play_wording.role_name(role)
    if bonus:
        return _("{name} rolled {dice} (the bonus roll).").format(name=name, dice=dice_faces(dice))
    return _("{name} rolled {dice}.").format(name=name, dice=dice_faces(dice))


def computer_chose(role: Role, number: int) -> str:
    return _("Acey-deucey: {name} chose {number}-{number}.").format(name=play_wording.role_name(role), number=number)


def computer_plays(role: Role, play: Play) -> str:
    """The computer's play as it moves on the board (in the learner's numbering), or that it cannot move."""
    name = play_wording.role_name(role)
    if play.is_pass:
        return _("{name} cannot move.").format(name=name)
    return _("{name} plays {play}.").format(name=name, play=written_play(role, play))


def computer_cube(role: Role, event: CubeEvent) -> tuple[str, str]:
    """The computer's cube action: what the status line says while it shows, and the line for what happened."""
    from trainer.play.table import Beavered, Doubled, Passed, Took

    name = play_wording.role_name(role)
    if isinstance(event, Doubled):
        value = 2 * event.before.cube
        return (
            _("{name} doubles to {value}.").format(name=name, value=value),
            _("{name} doubled to {value}.").format(name=name, value=value),
        )
    words = {Took: N_("{name} takes."), Passed: N_("{name} passes."), Beavered: N_("{name} beavers.")}
    said = _(words[type(event)]).format(name=name)
    return said, said


def something_went_wrong(error: str) -> str:
    return _("Something went wrong: {error}").format(error=error)


def game_saved_as_it_was() -> str:
    return _("The game is saved as it was: press q to leave, and resume it from the Play menu.")


def your_mistakes() -> str:
    return _("Your mistakes (choose one to see it on the board):")


def mistake_line(mistake: Mistake) -> str:
    verdict = mistake.verdict
    dice = f" {mistake.dice.high_first()}" if mistake.dice is not None else ""
    return _("Game {game}{dice}: {skill}, {chosen} (-{loss:.3f}; better {best})").format(
        game=mistake.game,
        dice=dice,
        skill=play_wording.skill_name(verdict.skill.value),
        chosen=play_wording.decision_name(verdict.chosen),
        loss=verdict.loss,
        best=play_wording.decision_name(verdict.best),
    )


def mistake_caption(mistake: Mistake) -> str:
    verdict = mistake.verdict
    values = {
        "chosen": play_wording.decision_name(verdict.chosen),
        "chosen_equity": verdict.chosen_equity,
        "best": play_wording.decision_name(verdict.best),
        "best_equity": verdict.best_equity,
    }
    if verdict.best_play is not None:
        return _("Better: {best} ({best_equity:+.3f}); yours: {chosen} ({chosen_equity:+.3f})").format(**values)
    return _("You chose {chosen} ({chosen_equity:+.3f}); better: {best} ({best_equity:+.3f})").format(**values)


# --- reviews ------------------------------------------------------------------------------------------------------


def reviews_title() -> str:
    return _("Reviews")


def reviews_done(answered: int) -> str:
    """Said when no item is left due: how many were reviewed."""
    if not answered:
        return _("Nothing is due for review now.")
    return _("Nothing more is due. You reviewed {count}.").format(count=answered)


ANSWER_BUTTONS = {"forced": N_("Forced"), "not forced": N_("Not forced"), "no play": N_("No legal play")}


def answer_button(key: str, answer: str) -> str:
    """A drill answer's button: ``n  Not forced``."""
    return f"{key}  {_(ANSWER_BUTTONS[answer])}"


def again_button() -> str:
    return _("a  Again")


def no_waiting_column() -> str:
    return _("this board has no column for checkers waiting to enter")


# --- the app ------------------------------------------------------------------------------------------------------


def shown(text: str) -> str:
    """Text from a file or the store (a title, a file name, a notice), with its control characters as visible signs."""
    return printable(text)


def shown_lines(text: str) -> str:
    """Text of several lines from a file (Markdown), its line breaks and tabs kept, its other control characters
    shown as visible signs."""
    return printable(text, newlines=True)


def progress_notice_title() -> str:
    """The title of a notice about the progress file."""
    return _("Progress")


def lessons_notice_title() -> str:
    """The title of a notice about the lesson files."""
    return _("Lessons")


def skipped_lessons(files: list[str]) -> str:
    """The notice that lesson files were left out, naming them."""
    return _("Skipped {count} broken lesson file(s): {files}. Run 'bgtrainer validate' for details.").format(
        count=len(files), files=", ".join(shown(name) for name in files)
    )


def skipped_puzzles(files: list[str]) -> str:
    """The notice that puzzle files were (in part) left out, naming them."""
    return _(
        "Puzzles that failed their checks were left out of: {files}. Run 'bgtrainer validate' for details."
    ).format(files=", ".join(shown(name) for name in files))


def window_too_small(width: int, height: int, least_width: int, least_height: int) -> str:
    """The too-small screen: how large the window must be, and how large it is."""
    return _(
        "Make the window larger.\n\nbgtrainer needs at least {least_width} x {least_height}; this one is {width} x "
        "{height}.\n\nctrl+q quits."
    ).format(width=width, height=height, least_width=least_width, least_height=least_height)


def which_route() -> str:
    """The question of the route-choice modal."""
    return _("This checker can get there in more than one way. Which?")


def only_web_links() -> str:
    """Said when a link in a lesson is not a web address."""
    return _("Only web links (http and https) open from here.")


def illegal(message: str) -> str:
    """Feedback on an attempt the rules refuse."""
    return _("Illegal: {message}").format(message=message)


# --- home ---------------------------------------------------------------------------------------------------------


def lesson_line(number: int, title: str, status: str) -> str:
    """A lesson in the home menu: ``3. The opening roll and moving  —  ○ new``."""
    return _("{number}. {title}  —  {status}").format(number=number, title=shown(title), status=status)


def stars(count: int, out_of: int = 3) -> str:
    """``★★☆``: stars earned, of all."""
    return "★" * count + "☆" * (out_of - count)


def lesson_done(earned: int, first_try: int, graded: int) -> str:
    """A lesson done: its stars and the tasks right at the first try."""
    return _("✓ done  {stars}  {first_try}/{graded}").format(stars=stars(earned), first_try=first_try, graded=graded)


def lesson_done_earlier_edition(earned: int) -> str:
    """A lesson done in an earlier edition of it, which has new tasks now."""
    return _("✓ done  {stars}  (an earlier edition: new tasks to try)").format(stars=stars(earned))


def lesson_started(step: int, steps: int) -> str:
    """A lesson started: the step it resumes at."""
    return _("● step {step} of {steps}").format(step=step, steps=steps)


def lesson_new() -> str:
    return _("○ new")


def loading_lessons() -> str:
    return _("Loading lessons…")


def no_lessons() -> str:
    return _("No lessons could be loaded")


def review_entry(due: int | None) -> str:
    """The reviews in the home menu: how many are due (``None`` while the content loads)."""
    if due is None:
        return _("Review  (loading…)")
    return _("Review ({due} due)  (r)").format(due=due)


def puzzles_entry(solved: int | None, total: int) -> str:
    """The puzzles in the home menu: how many are solved (``None`` while they load)."""
    if solved is None:
        return _("Puzzles  (loading…)")
    return _("Puzzles  (p)  —  {solved} of {total} solved").format(solved=solved, total=total)


def drill_entry() -> str:
    return _("Forced or not? Practice, Streak, Storm  (f)")


def play_entry() -> str:
    return _("Play a game  (g)")


def explore_entry() -> str:
    return _("Explore a position  (e)")


def help_entry() -> str:
    return _("Help  (?)")


def progress_button() -> str:
    return _("Progress  (s)")


def continue_button(label: str | None = None) -> str:
    """The Continue button: ``▶ Continue`` until the next useful thing is known, then ``▶ <what it is>  (c)``."""
    if label is None:
        return _("▶ Continue")
    return _("▶ {label}  (c)").format(label=shown(label))


def skipped_lesson_files(files: list[str]) -> str:
    """Home's notice of the lesson files left out."""
    return _("Skipped broken lesson files: {files} (run 'bgtrainer validate').").format(
        files=", ".join(shown(name) for name in files)
    )


# --- the dashboard at a glance ------------------------------------------------------------------------------------


def loading_progress() -> str:
    return _("Loading your progress…")


def lessons_done(done: int, total: int) -> str:
    return _("Done: Lessons {done}/{total}").format(done=done, total=total)


def kind_solved(kind: str, solved: int, total: int) -> str:
    """A kind of puzzle (its short name, already in the language in use) and how many of it are solved."""
    return _("{kind} {solved}/{total}").format(kind=shown(kind), solved=solved, total=total)


def percent(share: float | None) -> str:
    """``73%``; nothing for no share."""
    return "" if share is None else f"{share:.0%}"


def kind_accuracy(kind: str, share: float | None) -> str:
    """A kind of puzzle (its short name, already in the language in use) and its first-try accuracy."""
    return _("{kind} {accuracy}").format(kind=shown(kind), accuracy=percent(share))


def first_try(part: str) -> str:
    """The first of the first-try figures, which names them."""
    return _("First try: {part}").format(part=part)


def theme_name(title: str) -> str:
    """A theme's name, as the content's table of theme titles holds it, in the language in use."""
    return shown(_(title))


def weakest(title: str, share: float | None, kind: str | None = None) -> str:
    """The weakest theme and its accuracy, with its kind (short name) where a theme of another kind shares its name."""
    if kind is None:
        return _("Weakest: {title} {accuracy}").format(title=theme_name(title), accuracy=percent(share))
    return _("Weakest: {title} ({kind}) {accuracy}").format(
        title=theme_name(title), kind=shown(kind), accuracy=percent(share)
    )


def rating(text: str) -> str:
    """``Rating 1500 ± 350``."""
    return _("Rating {rating}").format(rating=text)


def kind_rating(kind: str, text: str) -> str:
    """``Best play 1523 ± 64``: one of the learner's other ratings, on the dashboard."""
    return _("{kind} {rating}").format(kind=_(RATING_NAMES[kind]), rating=text)


def best_play_bests(streak: int, storm: int) -> str:
    return _("Best play: streak {streak}, storm {storm}").format(streak=streak, storm=storm)


def counting_best(kind: str, best_ten: float | None, answered: int) -> str:
    """A counting drill's best average time over ten right answers, or how many it has answered before that."""
    name = _("Shots") if kind == "shots" else _("Pips")
    if best_ten is None:
        counted = ngettext("{count} answer", "{count} answers", answered).format(count=answered)
        return _("{name}: {answers}").format(name=name, answers=counted)
    return _("{name}: best ten {seconds:.1f} s").format(name=name, seconds=best_ten)


def mistakes_part(total: int, due: int) -> str:
    """The learner's own mistakes kept as puzzles, on the dashboard: ``My mistakes 12 (3 due)``."""
    return _("My mistakes {total} ({due} due)").format(total=total, due=due)


def mistakes_line(total: int, due: int) -> str:
    """The learner's own mistakes, on the progress page."""
    return _("My mistakes     {total} to drill, {due} due").format(total=total, due=due)


def review_game_entry() -> str:
    return _("Review a game: analyse a game played here or a match file  (a)")


def bests(streak: int, storm: int, days_in_a_row: int) -> str:
    """The best Streak and Storm and the days practised in a row."""
    best = _("Best streak {streak}, storm {storm}").format(streak=streak, storm=storm)
    days = ngettext("{count} day in a row", "{count} days in a row", days_in_a_row).format(count=days_in_a_row)
    return f"· {best} · {days}"


# --- the progress page --------------------------------------------------------------------------------------------

FIGURE_COLUMNS = (N_("Puzzles"), N_("Solved"), N_("First try"))
"""The columns of the table of puzzles by kind and theme."""


def your_progress() -> str:
    return _("Your progress")


def loading() -> str:
    return _("Loading…")


def accuracy_of(share: float, attempted: int) -> str:
    """First-try accuracy and the attempts it is of: ``75% of 8``."""
    return _("{accuracy} of {attempted}").format(accuracy=percent(share), attempted=attempted)


def time_until(seconds: float) -> str:
    """A wait in words, rounded: ``in 10 minutes``, ``in 3 hours``, ``in 2 days``."""
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        return ngettext("in {count} minute", "in {count} minutes", minutes).format(count=minutes)
    hours = round(minutes / 60)
    if hours < 24:
        return ngettext("in {count} hour", "in {count} hours", hours).format(count=hours)
    days = round(hours / 24)
    return ngettext("in {count} day", "in {count} days", days).format(count=days)


def lessons_line(done: int, total: int, started: int) -> str:
    if started:
        return _("Lessons          {done} of {total} done, {started} started").format(
            done=done, total=total, started=started
        )
    return _("Lessons          {done} of {total} done").format(done=done, total=total)


def rating_line_of(rating: str, attempts: int, *, provisional: bool) -> str:
    """The rating, whether it is provisional, and the rated attempts."""
    counted = ngettext("{count} rated attempt", "{count} rated attempts", attempts).format(count=attempts)
    if provisional:
        return _("Rating           {rating} (provisional), {attempts}").format(rating=rating, attempts=counted)
    return _("Rating           {rating}, {attempts}").format(rating=rating, attempts=counted)


def kind_rating_line_of(kind: str, rating: str, attempts: int, *, provisional: bool) -> str:
    """Another of the learner's ratings (best play, cube), as :func:`rating_line_of` says the first."""
    counted = ngettext("{count} rated attempt", "{count} rated attempts", attempts).format(count=attempts)
    name = _(RATING_NAMES[kind])
    if provisional:
        return _("{name:<16} {rating} (provisional), {attempts}").format(name=name, rating=rating, attempts=counted)
    return _("{name:<16} {rating}, {attempts}").format(name=name, rating=rating, attempts=counted)


def best_drills_line(streak: int, streak_runs: int, storm: int, storm_runs: int) -> str:
    return _("Best-play drill  streak {streak} ({streak_runs}); storm {storm} ({storm_runs})").format(
        streak=streak, streak_runs=runs(streak_runs), storm=storm, storm_runs=runs(storm_runs)
    )


def counting_line(kind: str, answered: int, right: int, best_ten: float | None, last_ten: float | None) -> str:
    """A counting drill's answers and its average times over ten right answers."""
    name = _("Shot counts") if kind == "shots" else _("Pip counts")
    if not answered:
        return _("{name:<16} none answered yet").format(name=name)
    if best_ten is None or last_ten is None:
        return _("{name:<16} {right} right of {answered}").format(name=name, right=right, answered=answered)
    return _("{name:<16} {right} right of {answered}; last ten {last:.1f} s, best ten {best:.1f} s").format(
        name=name, right=right, answered=answered, last=last_ten, best=best_ten
    )


def runs(count: int) -> str:
    return ngettext("{count} run", "{count} runs", count).format(count=count)


def drills_line(streak: int, streak_runs: int, storm: int, storm_runs: int) -> str:
    return _("Best streak      {streak} ({streak_runs}); best storm {storm} ({storm_runs})").format(
        streak=streak, streak_runs=runs(streak_runs), storm=storm, storm_runs=runs(storm_runs)
    )


def reviews_line(due: int, cards: int, next_due_in: float | None) -> str:
    """Reviews due of all cards, and when the next one comes due (``next_due_in`` seconds from now)."""
    counted = ngettext("{count} card", "{count} cards", cards).format(count=cards)
    if next_due_in is None:
        return _("Reviews due      {due} of {cards}").format(due=due, cards=counted)
    return _("Reviews due      {due} of {cards}; the next {when}").format(
        due=due, cards=counted, when=time_until(next_due_in)
    )


def days_line(in_a_row: int, total: int, best_run: int, *, today: bool) -> str:
    """Days practised in a row (said not yet today while a run waits for today), in all, and the best run."""
    days = ngettext("{count} day", "{count} days", total).format(count=total)
    values = {"in_a_row": in_a_row, "days": days, "best": best_run}
    if in_a_row and not today:
        return _("Days in a row    {in_a_row} (not yet today); {days} in all, best run {best}").format(**values)
    return _("Days in a row    {in_a_row}; {days} in all, best run {best}").format(**values)


def chart_starts_later() -> str:
    return _("The rating chart starts after your first rated puzzle.")


def chart_title() -> str:
    return _("Rating after each rated attempt (0: the start)")


def chart_x_label() -> str:
    return _("rated attempts")


# --- explore a position -------------------------------------------------------------------------------------------

CUBE_ACTIONS = (N_("no double"), N_("double, take"), N_("double, pass"), N_("too good to double"))
"""The right cube actions, as the evaluator names them (its values are their English names): marked here for the
catalog, translated where shown."""


def explore_title() -> str:
    return _("Explore a position")


def position_field() -> str:
    return _("Position (Position ID, XGID, text form or 'start'):")


def position_placeholder() -> str:
    return _("e.g. 4HPwATDgc/ABMA")


def dice_field() -> str:
    return _("Dice:")


def dice_placeholder() -> str:
    return _("e.g. 31 or 6-5; empty for the cube decision")


def unreadable_position(error: str) -> str:
    """Why a position could not be read, and every form it may be written in."""
    return _(
        "{error}. Write a Position ID (e.g. 4HPwATDgc/ABMA, a Match ID may follow after a colon), an XGID "
        "(XGID=...), the text form (e.g. X: 24x2 13x5 8x3 6x5 / O: 19x5 17x3 12x5 1x2) or start."
    ).format(error=error)


def position_caption(position_id: str) -> str:
    """Under the board: the position's ID."""
    return _("ID {id}").format(id=position_id)


def no_dice() -> str:
    return _("No dice: the cube decision of X, on roll.")


def not_judged_waiting() -> str:
    return _("bgsage does not judge positions with checkers waiting to enter (acey-deucey).")


def evaluating() -> str:
    return _("Evaluating with bgsage…")


def not_evaluated(error: str) -> str:
    return _("bgsage could not evaluate this: {error}").format(error=error)


def ranked_play(play: str, rank: int, equity: float, win: float, gammon: float) -> str:
    """A play in the list once ranked: its rank (★ the best) and equity, and on a second line its winning (W) and
    gammon (G) chances in percent."""
    place = f"★{rank}" if rank == 1 else f"#{rank}"
    return _("{play}  {rank} {equity:+.3f}\n  W {win:.1f}%  G {gammon:.1f}%").format(
        play=play, rank=place, equity=equity, win=win, gammon=gammon
    )


def ranked_by(plies: int, best: str) -> str:
    return _(
        "Ranked by bgsage ({plies} ply): money equity with the cube centered, W winning and G gammon chances. "
        "★ the best: {best}."
    ).format(plies=plies, best=best)


def cube_decision(decision: CubeDecision) -> str:
    """The cube decision in a few words, with the three equities."""
    return _(
        "Cube decision of X on roll, the cube centered (bgsage, {plies} ply): {action}. No double {no_double:+.3f}, "
        "double/take {double_take:+.3f}, double/pass {double_pass:+.3f}; X wins {win:.1f}%, a gammon {gammon:.1f}%."
    ).format(
        plies=decision.plies,
        action=_(decision.action),
        no_double=decision.no_double,
        double_take=decision.double_take,
        double_pass=decision.double_pass,
        win=100 * decision.chances.win,
        gammon=100 * decision.chances.win_gammon,
    )


# --- help -----------------------------------------------------------------------------------------------------------

HELP_SECTIONS = (
    N_("# Help"),
    N_(
        "## Keys\n"
        "- **Arrows** move around menus and the board; **enter** chooses. On a new task the board shows no cursor:\n"
        "  the first arrow or **enter** shows it, so an extra enter never answers by itself.\n"
        "- On the board: choose one of your checkers (●), then one of the lit points (◇) to move it, with the arrows\n"
        "  and **enter** or with the mouse; or press **/** and type the play, e.g. `24/18 13/8`. **escape** "
        "leaves the\n"
        "  box for the board; after a wrong answer the box is emptied for the next try, and the keys the feedback\n"
        "  names (such as **s** for the solution) still work.\n"
        "- **1**, **2**, **3** ... choose a numbered answer. **Tab** goes from the board to the answers or the box.\n"
        "- **u** undoes a move in this turn, **enter** or **n** goes on after a right answer, **q** or "
        "**escape** goes\n"
        "  back, **page up** and **page down** scroll the text beside the board, **ctrl+q** quits from anywhere,\n"
        "  **ctrl+t** switches between the dark and the light theme.\n"
        "- Setting up the board: choose a point (**enter** or a click) to add a checker there, **-** or a right-click\n"
        "  to take one away, **c** to check.\n"
        "- Where the doubling cube is in play: **d** doubles, **t** takes, **p** passes.\n"
        "- On the home screen: **c** continues with the next useful thing, **r** opens the reviews due, **f** the\n"
        "  forced-or-not drill, **s** your whole progress.\n"
        "- Forced or not?: **f** forced, **n** not forced, **p** no legal play; a forced roll is then played on the\n"
        "  board or typed; **enter** goes on, **a** starts a Streak or Storm again.\n"
        "- Playing a game (**g** on home): **r** rolls, **enter** confirms a play, **u** takes a move back "
        "before that;\n"
        "  after the tutor flags a mistake **z** takes it back, **v** shows yours or the better play, "
        "**enter** goes on;\n"
        "  **h** shows the ranking of the plays (or the cube decision), **T** switches the tutor off and on; after an\n"
        "  acey-deucey 1-2, **1**-**6** choose the double. The game is saved as you go: **q** leaves it, and "
        "the Play menu\n"
        "  offers to resume it."
    ),
    N_(
        "## The board\n"
        "You are ● and move from your 24-point down to your 1-point, then bear off. O (○) moves the other way.\n"
        "The bar is in the middle; borne-off checkers go to the tray on the right, where the doubling cube sits too:\n"
        "in the middle while nobody owns it, on its owner's side once it has been turned. The dice are shown beside\n"
        "the bar (dimmed once played). After a play, a dotted ring ◌ marks where each checker left and a rim the\n"
        "checkers that arrived. In a match, the score line under the board gives the length, both scores and the\n"
        "Crawford game."
    ),
    N_(
        "## The rules in brief\n"
        "- Move one checker by each die, or one checker by both; doubles are played four times.\n"
        "- You may land on an empty point, your own, or one with a single O checker (a blot), which you hit "
        "to the bar.\n"
        "- With a checker on the bar you must enter it first, in O's home board.\n"
        "- Use both dice when you can; if only one can be played, play the higher one when either could be.\n"
        "- Bear off once all 15 checkers are in your home board. The first to bear off all 15 wins."
    ),
    N_("Progress is saved as you go; a lesson resumes where you left it."),
)
"""The help page (Markdown), section by section."""


def help_text() -> str:
    """The help page: the keys, the board and the rules in brief (Markdown)."""
    return "\n\n".join(_(section) for section in HELP_SECTIONS) + "\n"


def puzzle_theme_idea(theme: str) -> str:
    """The idea of a best-play puzzle, named by its theme: ``The theme: Hit or not.``"""
    return _("The theme: {theme}.").format(theme=theme_title(theme))


# --- the counting drills ------------------------------------------------------------------------------------------

COUNTING_TITLES = {"shots": N_("Count the shots"), "pips": N_("Count the pips")}


def counting_title(kind: str) -> str:
    """The name of a counting drill: ``Count the shots``, ``Count the pips``."""
    return _(COUNTING_TITLES[kind])


def counting_prompt(kind: str, side: str | None, targets: int) -> str:
    """What to count on the board: the rolls that hit (the marked blots, or any O blot), your pips or O's."""
    if kind == "shots":
        if targets:
            return ngettext(
                "You are on roll. How many of the 36 rolls hit the marked blot?",
                "You are on roll. How many of the 36 rolls hit a marked blot?",
                targets,
            )
        return _("You are on roll. How many of the 36 rolls hit an O blot?")
    if side == "opponent":
        return _("Count O's pips: how far O's checkers have to go, counted from O's side (the bar counts 25).")
    return _("Count your pips: how far your checkers have to go (the bar counts 25).")


def seconds_text(seconds: float) -> str:
    """A time in seconds, to a tenth: ``4.2 s``."""
    return _("{seconds:.1f} s").format(seconds=seconds)


def counting_title_bar(kind: str, number: int, size: int, right: int, average: float | None) -> str:
    """``Count the shots   3 of 10   2 right   average 4.1 s``: the position shown, this round's right answers and
    their average time (once there is one)."""
    title = _("{title}   {number} of {size}   {right} right").format(
        title=counting_title(kind), number=number, size=size, right=right
    )
    if average is None:
        return title
    return _("{title}   average {average}").format(title=title, average=seconds_text(average))


def counting_figures_line(last_ten: float | None, best_ten: float | None, to_go: int) -> str:
    """The averages over ten right answers, ``last ten: 7.2 s · best ten: 5.9 s``, or (without them yet) how many
    more right answers it takes to have them."""
    if last_ten is None or best_ten is None:
        return ngettext(
            "Averages of ten right answers: one more to go.",
            "Averages of ten right answers: {count} more to go.",
            to_go,
        ).format(count=to_go)
    return _("last ten: {last} · best ten: {best}").format(last=seconds_text(last_ten), best=seconds_text(best_ten))


def timed_answer(seconds: float, message: str) -> str:
    """The verdict on a count with the time it took: ``4.2 s. Right: 11. ...``."""
    return _("{time}. {message}").format(time=seconds_text(seconds), message=message)


def counting_loading() -> str:
    """The counting drill's panel while the positions are still loading."""
    return _("The positions are loading…")


def round_over() -> str:
    return _("Round over")


def round_summary(right: int, size: int, average: float | None, figures: str, *, new_best: bool) -> str:
    """The end of a round: the right answers, the average time, the averages of ten (and a new best), the keys."""
    lead = _("{right} right of {size}.").format(right=right, size=size)
    if average is not None:
        lead = _("{lead} Average: {average} a position.").format(lead=lead, average=seconds_text(average))
    if new_best:
        figures = _("{figures} A new best average!").format(figures=figures)
    return _("{lead}\n{figures}\n\nPress enter or a for another round, q to go back.").format(
        lead=lead, figures=figures
    )


def another_round_button() -> str:
    return _("a  Another round")


# --- reviewing a game -----------------------------------------------------------------------------------------------


def game_review_title() -> str:
    return _("Review a game")


def game_review_subtitle() -> str:
    return _("A game played here or a match file, every decision judged on GNU Backgammon's scale.")


def game_to_review(game: StoredGame) -> str:
    """A game played here in the review menu: its number, kind and level, when it started, and its result (or that
    it is under way)."""
    said = _("Game {number}: {kind} against the computer ({level}), started {started}").format(
        number=game.number,
        kind=play_wording.game_kind(game.match_length),
        level=level_name(game.level),
        started=saved_at(game.started_at),
    )
    if game.finished and game.result:
        return _("{game}. {result}").format(game=said, result=shown(game.result))
    return _("{game}, under way").format(game=said)


def no_games_to_review() -> str:
    return _("No game played here yet: play one from the Play menu, or open a match file.")


def open_match_file_entry() -> str:
    return _("Open a match file…")


def match_file_field() -> str:
    return _("Match file (a GNU Backgammon .mat file); enter opens it, escape goes back to the list:")


def match_file_placeholder() -> str:
    return _("the file's path, e.g. ~/matches/final.mat")


def review_game_title(number: int, match_length: int) -> str:
    """The review of a game played here, named as the menu names it: ``Game 3, 5-point match``."""
    return _("Game {number}, {kind}").format(number=number, kind=play_wording.game_kind(match_length))


def review_title_bar(title: str, place: tuple[int, int] | None, *, mistakes_first: bool) -> str:
    """``Review · final.mat · 3 of 147, in order``: what is reviewed, and once analysed which decision is shown."""
    if place is None:
        return _("Review · {title}").format(title=shown(title))
    number, total = place
    order = _("mistakes first") if mistakes_first else _("in order")
    return _("Review · {title} · {number} of {total}, {order}").format(
        title=shown(title), number=number, total=total, order=order
    )


def analysing_match() -> str:
    return _("Analysing the match…")


def analysis_progress(done: int, total: int) -> str:
    """How far the analysis is: ``12/147 decisions judged``."""
    return ngettext("{done}/{total} decision judged", "{done}/{total} decisions judged", total).format(
        done=done, total=total
    )


def analysis_failed(error: str) -> str:
    return _("The analysis stopped: {error}").format(error=error)


def analysis_heading(length: int, games: int, plies: int) -> str:
    """``5-point match, 3 games, analysed at 2 plies``."""
    kind = _("Money session") if not length else _("{length}-point match").format(length=length)
    counted = ngettext("{count} game", "{count} games", games).format(count=games)
    return _("{kind}, {games}, analysed at {plies} plies").format(kind=kind, games=counted, plies=plies)


def review_player_summary(
    name: str,
    decisions: int,
    plays: int,
    cubes: int,
    errors: tuple[int, int, int],
    rate: float,
    rating: str,
    *,
    drilled: bool,
) -> str:
    """A player's figures in two lines: the rating word and the error rate (millipoints of EMG per decision), then
    the decisions that count and the errors by size (doubtful, bad, very bad); a mark before the player whose
    mistakes ``d`` drills."""
    doubtful, bad, very_bad = errors
    counted = ngettext("{count} decision", "{count} decisions", decisions).format(count=decisions)
    first = _("{name}: {rating} (error rate {rate:.1f} millipoints a decision)").format(
        name=shown(name), rating=rating, rate=rate
    )
    second = _(
        "{decisions} ({plays} checker plays, {cubes} cube): {doubtful} doubtful, {bad} bad, {very_bad} very bad"
    ).format(decisions=counted, plays=plays, cubes=cubes, doubtful=doubtful, bad=bad, very_bad=very_bad)
    return f"{'▸ ' if drilled else '  '}{first}\n  {second}"


def drilled_player(name: str, *, choosable: bool) -> str:
    """Whose mistakes ``d`` makes puzzles of (and, for a match file, that ``1`` and ``2`` choose)."""
    if choosable:
        return _("d drills the mistakes of {name} (1 or 2 chooses the player).").format(name=shown(name))
    return _("d drills your mistakes of this game.")


def decision_heading(game: int, number: int, player: str, dice: Dice | None) -> str:
    """Which decision is shown: ``Game 2, move 14: Ada, 6-2`` (a cube decision has no dice)."""
    if dice is None:
        return _("Game {game}, move {number}: {player}, cube decision").format(
            game=game, number=number, player=shown(player)
        )
    return _("Game {game}, move {number}: {player}, {dice}").format(
        game=game, number=number, player=shown(player), dice=dice_name(dice)
    )


def review_choice(chosen: str) -> str:
    """A play in notation, a cube action in words, or no legal play."""
    return play_wording.decision_name(chosen) if chosen else _("no legal play")


def review_played(chosen: str, equity: float) -> str:
    return _("Played: {chosen} ({equity:+.3f})").format(chosen=review_choice(chosen), equity=equity)


def review_best(best: str, equity: float) -> str:
    return _("Best: {best} ({equity:+.3f})").format(best=review_choice(best), equity=equity)


def review_forced(chosen: str) -> str:
    """A roll with one legal play, or none: nothing to decide, and not counted."""
    if not chosen:
        return _("No legal play: nothing to decide (not counted).")
    return _("Played: {chosen}, the only legal play (not counted).").format(chosen=chosen)


def review_loss(loss: float, skill: str, *, play: bool) -> str:
    """The equity given away and the verdict word, or that the decision was the best."""
    if loss <= 0:
        return _("The best play.") if play else _("The best cube action.")
    return _("{loss:.3f} lost ({skill}).").format(loss=loss, skill=skill)


def no_decisions_to_review() -> str:
    return _("No decision of this match could be replayed.")


def review_caption(player: str, chosen: str, equity: float | None, *, best: bool) -> str:
    """Under the board: the play (or cube action) shown, whose it was, with its equity (none for a forced play)."""
    choice = review_choice(chosen)
    if best:
        return _("Best: {choice} ({equity:+.3f})").format(choice=choice, equity=equity or 0.0)
    if equity is None:
        return _("{player}: {choice}").format(player=shown(player), choice=choice)
    return _("{player}: {choice} ({equity:+.3f})").format(player=shown(player), choice=choice, equity=equity)


def review_cube_caption(player: str, chosen: str, best: str) -> str:
    """Under the board for a cube decision: the action taken and the best one."""
    return _("{player}: {chosen}; best: {best}").format(
        player=shown(player), chosen=review_choice(chosen), best=review_choice(best)
    )


def mistakes_added(count: int, name: str | None) -> str:
    """What ``d`` did: how many mistakes of the player ``name`` (``None``: the learner's own, in a game played here)
    were newly made puzzles in the reviews."""
    if name is None:
        return ngettext(
            "{count} mistake of yours added to your reviews.", "{count} mistakes of yours added to your reviews.", count
        ).format(count=count)
    return ngettext(
        "{count} mistake of {name} added to your reviews.",
        "{count} mistakes of {name} added to your reviews.",
        count,
    ).format(count=count, name=shown(name))


def no_new_mistakes(name: str | None) -> str:
    """``d`` added nothing new: the mistakes that make puzzles were drilled before."""
    if name is None:
        return _("Nothing new to add: your mistakes that make puzzles are in your reviews already.")
    return _("Nothing new to add: the mistakes of {name} that make puzzles are in your reviews already.").format(
        name=shown(name)
    )


def no_mistakes_to_drill(name: str | None) -> str:
    if name is None:
        return _("You made no mistake at or past doubtful: nothing to drill.")
    return _("{name} made no mistake at or past doubtful: nothing to drill.").format(name=shown(name))
