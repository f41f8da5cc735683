"""Every sentence the engine writes for a learner, in one place and through the translation function, and the
wording helpers the app's layers share: sentences, quoting, number words, the size of a win.

Each function takes values and returns the finished text in the language in use. A reason (why a move, a play or
an action is refused) is a clause without a capital or a full stop, ``point 5 is closed: O has 3 checkers
there``, which :func:`sentence` makes a sentence; explanations are whole sentences. Plays, points and dice stay in
notation (``24/18``, ``bar/22``, ``6-5``), and the sides are ``X`` and ``O``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import reduce
from typing import TYPE_CHECKING

from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.engine.explain import Constraint
    from trainer.engine.state import WinKind

# --- shared helpers -----------------------------------------------------------------------------------------

NUMBER_WORDS = {0: N_("none"), 1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}


def plural(count: int, word: str) -> str:
    """``1 checker``, ``2 checkers`` (English only: for the layers that have not moved to ``ngettext`` yet; the
    engine does not use it)."""
    return f"{count} {noun(count, word)}"


def noun(count: int, word: str) -> str:
    """``word`` for one, ``words`` for any other count, the count itself not written (English only, like
    :func:`plural`)."""
    return word if count == 1 else f"{word}s"


def number_word(count: int) -> str:
    """``one`` to ``four`` (the numbers of moves in a roll) in the language in use, digits beyond."""
    word = NUMBER_WORDS.get(count)
    return str(count) if word is None else _(word)


_PLAY_START = re.compile(r"(bar|in)/", re.IGNORECASE)


def capitalized(text: str) -> str:
    """``text`` with its first letter in capitals (the rest untouched), unless it starts with a play written in
    notation, which keeps its case (``bar/22 needs...``, ``in/19 is...``)."""
    if _PLAY_START.match(text):
        return text
    return text[:1].upper() + text[1:]


def sentence(reason: str) -> str:
    """A reason as a sentence: capital first letter, full stop."""
    text = capitalized(reason)
    return text if text.endswith(".") else _("{reason}.").format(reason=text)


QUOTE_LIMIT = 80


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, cut to about ``limit`` characters however long it is (counting the
    escapes of characters that can't be shown, which take up to ten each)."""
    shown = repr(text)
    if len(text) <= limit and len(shown) <= limit + 2:
        return shown
    cut = text[:limit]
    while len(repr(cut)) > limit + 2:
        cut = cut[:-1]
    count = len(text)
    message = ngettext("{text}… ({count} character)", "{text}… ({count} characters)", count)
    return message.format(text=repr(cut), count=f"{count:,}")


def win_kind_phrase(kind: WinKind) -> str:
    """How big a win is, as a sentence names it: ``a single game``, ``a gammon``, ``a backgammon``."""
    phrases = {1: _("a single game"), 2: _("a gammon"), 3: _("a backgammon")}
    return phrases[kind.value]


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` safe to show on a terminal: every control character (escapes, bells, carriage returns, C1 codes) that
    a terminal would act on instead of showing, written as a visible sign (``␛`` for escape, ``\\x9b`` for a C1 code).
    ``newlines`` keeps line breaks (and tabs) as they are, for text of several lines."""
    kept = "\n\t" if newlines else ""
    if text.isprintable():
        return text
    shown = []
    for char in text:
        code = ord(char)
        if char in kept or char.isprintable():
            shown.append(char)
        elif code < 0x20:
            shown.append(chr(0x2400 + code))  # the Control Pictures block: ␛ for escape, ␇ for bell
        elif code == 0x7F:
            shown.append("␡")
        elif code < 0xA0:
            shown.append(f"\\x{code:02x}")
        else:
            shown.append(" " if char.isspace() else f"\\u{code:04x}")  # other separators and format characters
    return "".join(shown)


def _and(items: Iterable[object]) -> str:
    """``a``, ``a and b``, ``a and b and c``."""
    return reduce(lambda first, second: _("{first} and {second}").format(first=first, second=second), map(str, items))


def _or(items: Iterable[object]) -> str:
    """``a``, ``a or b``, ``a or b or c``."""
    return reduce(lambda first, second: _("{first} or {second}").format(first=first, second=second), map(str, items))


# --- errors about plays -------------------------------------------------------------------------------------


def play_error(text: str, dice: Sequence[int], position: str, reason: str) -> str:
    """The message of an error about a play written in notation: the text, the dice, the position, the reason."""
    return _("{play} with {dice} in {position}: {reason}").format(
        play=quoted(text), dice=f"{dice[0]}-{dice[1]}", position=position, reason=reason
    )


def with_example(text: str, example: str) -> str:
    """A reason or message followed by a legal play that shows the rule."""
    return _("{text} (for example {example})").format(text=text, example=example)


# --- one checker move: the rules ----------------------------------------------------------------------------


def enter_first(count: int) -> str:
    """A checker other than the bar's was moved while ``count`` wait on the bar."""
    return ngettext(
        "you have a checker on the bar: enter it first",
        "you have {count} checkers on the bar: enter them first",
        count,
    ).format(count=count)


def no_checker_on_point(point: int) -> str:
    return _("you have no checker on point {point}").format(point=point)


def no_checker_on_bar() -> str:
    return _("you have no checker on the bar")


def no_checker_waiting() -> str:
    return _("you have no checker waiting to enter")


def none_left_on_point(point: int, moves: str) -> str:
    """The point had checkers, but the earlier ``moves`` of the same play took them all."""
    return _("you have no checker left on point {point} after {moves}").format(point=point, moves=moves)


def none_left_on_bar(moves: str) -> str:
    """The bar had checkers, but the earlier ``moves`` of the same play entered them all."""
    return _("you have no checker left on the bar after {moves}").format(moves=moves)


def none_left_waiting(moves: str) -> str:
    """Checkers waited to enter, but the earlier ``moves`` of the same play entered them all."""
    return _("you have no checker left waiting to enter after {moves}").format(moves=moves)


def point_closed(point: int, count: int) -> str:
    """The mover's ``point`` holds ``count`` (two or more) of O's checkers."""
    return ngettext(
        "point {point} is closed: O has {count} checker there",
        "point {point} is closed: O has {count} checkers there",
        count,
    ).format(point=point, count=count)


def no_bear_off_from_the_bar() -> str:
    return _("you can't bear off while a checker is on the bar")


def no_bear_off_while_waiting(count: int) -> str:
    return ngettext(
        "you can't bear off while a checker still waits to enter",
        "you can't bear off while checkers still wait to enter",
        count,
    )


def no_bear_off_from_outside(point: int) -> str:
    """The mover still has a checker outside its home board, the highest on ``point``."""
    return _("you can't bear off while a checker is on your {point}-point").format(point=point)


def bear_off_from_the_highest(point: int, die: int, higher: int) -> str:
    """A die higher than ``point`` bears off only when no checker stands higher (it does, on ``higher``)."""
    return _(
        "you can't bear off from your {point}-point with a {die} while a checker is on your {higher}-point: "
        "a higher number bears off only from the highest point"
    ).format(point=point, die=die, higher=higher)


# --- why a roll is forced -----------------------------------------------------------------------------------


def constraint_name(constraint: Constraint) -> str:
    """What the rules force about a roll (a :class:`~trainer.engine.explain.Constraint`), in words."""
    return _(constraint.value)


def turn_passes() -> str:
    return _("The turn passes.")


def shut_out(count: int, dice: str, closed: Sequence[tuple[int, int]]) -> str:
    """No legal play: ``count`` checkers on the bar, and every entry point of ``dice`` closed (``closed``: each
    entry point with O's checkers on it, one for a double, two for other rolls)."""
    if len(closed) == 1:
        ((point, checkers),) = closed
        first = ngettext(
            "No legal play: you have {count} checker on the bar and the entry point for {dice} is closed: "
            "point {point} (O has {checkers}).",
            "No legal play: you have {count} checkers on the bar and the entry point for {dice} is closed: "
            "point {point} (O has {checkers}).",
            count,
        ).format(count=count, dice=dice, point=point, checkers=checkers)
    else:
        (first_point, first_checkers), (second_point, second_checkers) = closed
        first = ngettext(
            "No legal play: you have {count} checker on the bar and both entry points for {dice} are closed: "
            "point {first} (O has {first_checkers}) and point {second} (O has {second_checkers}).",
            "No legal play: you have {count} checkers on the bar and both entry points for {dice} are closed: "
            "point {first} (O has {first_checkers}) and point {second} (O has {second_checkers}).",
            count,
        ).format(
            count=count,
            dice=dice,
            first=first_point,
            first_checkers=first_checkers,
            second=second_point,
            second_checkers=second_checkers,
        )
    return f"{first} {_('Nothing else may move until the bar is empty, so the turn passes.')}"


def every_move_closed(dice: Sequence[int]) -> str:
    """No legal play: every move of the different numbers ``dice`` (one or two) lands on a closed point."""
    if len(dice) == 1:
        first = _(
            "No legal play: every checker that could move a {die} would land on a closed point "
            "(two or more O checkers)."
        ).format(die=dice[0])
    else:
        first = _(
            "No legal play: every checker that could move a {high} or a {low} would land on a closed point "
            "(two or more O checkers)."
        ).format(high=dice[0], low=dice[1])
    return f"{first} {turn_passes()}"


def no_play_because(dice: Sequence[int], reason: str, *, others_closed: bool) -> str:
    """No legal play with the different numbers ``dice`` (one or two): the first ``reason`` a move breaks, and
    whether every other move lands on a closed point."""
    because = capitalized(reason)
    if len(dice) == 1:
        first = _("No legal play with a {die}: {reason}.").format(die=dice[0], reason=because)
    else:
        first = _("No legal play with a {high} or a {low}: {reason}.").format(high=dice[0], low=dice[1], reason=because)
    parts = [first, _("Every other move lands on a closed point.")] if others_closed else [first]
    return " ".join([*parts, turn_passes()])


def partial_entry(entered: int, count: int, open_points: Sequence[int]) -> str:
    """Only ``entered`` of ``count`` checkers on the bar can enter, on the ``open_points`` (one or two)."""
    staying = count - entered
    if len(open_points) == 1:
        message = ngettext(
            "Only {entered} of your {count} checkers on the bar can enter (point {point} open); the other stays on "
            "the bar, and the rest of the roll is lost.",
            "Only {entered} of your {count} checkers on the bar can enter (point {point} open); the others stay on "
            "the bar, and the rest of the roll is lost.",
            staying,
        )
        return message.format(entered=entered, count=count, point=open_points[0])
    message = ngettext(
        "Only {entered} of your {count} checkers on the bar can enter (point {first} and point {second} open); the "
        "other stays on the bar, and the rest of the roll is lost.",
        "Only {entered} of your {count} checkers on the bar can enter (point {first} and point {second} open); the "
        "others stay on the bar, and the rest of the roll is lost.",
        staying,
    )
    return message.format(entered=entered, count=count, first=open_points[0], second=open_points[1])


def partial_double(used: int, die: int) -> str:
    """Only ``used`` of the four moves of a double of ``die`` can be played."""
    return ngettext(
        "Only {count} of your four {die}s can be played; the rest of the roll is lost.",
        "Only {count} of your four {die}s can be played; the rest of the roll is lost.",
        used,
    ).format(count=number_word(used), die=die)


def higher_die_only(high: int, low: int) -> str:
    return _("You can play the {high} or the {low}, but not both, so you must play the higher one ({high}).").format(
        high=high, low=low
    )


def one_die_only(die: int, other: int) -> str:
    """Only ``die`` can be played; ``other`` cannot, before it or after."""
    return _(
        "Only the {die} can be played: no checker can move {other}, not even after playing the {die}; "
        "the {other} is lost."
    ).format(die=die, other=other)


def forced(play: str) -> str:
    return _("Forced: {play} is the only legal play.").format(play=play)


def not_forced(count: int) -> str:
    """``count`` (two or more) different legal plays."""
    return ngettext(
        "Not forced: there is {count} different legal play.",
        "Not forced: there are {count} different legal plays.",
        count,
    ).format(count=count)


# --- plays in notation --------------------------------------------------------------------------------------


def play_too_long(length: int) -> str:
    return ngettext(
        "a play is at most four moves, but this text has {count} character",
        "a play is at most four moves, but this text has {count} characters",
        length,
    ).format(count=f"{length:,}")


def unreadable_move(token: str) -> str:
    return _(
        "cannot read {text}: write moves like {moves} or {last} ({entering} enters a checker waiting to enter)"
    ).format(text=quoted(token), moves="24/18, 13/7*/5, bar/22, 6/off", last="8/5(2)", entering="in/22")


def too_many_repeats(token: str, count: int) -> str:
    """``token`` repeats its move ``count`` times, not 1 to 4."""
    return ngettext(
        "{text} repeats a move {count} time; a roll moves at most 4 checkers",
        "{text} repeats a move {count} times; a roll moves at most 4 checkers",
        count,
    ).format(text=quoted(token), count=count)


def no_such_point(token: str, point: int) -> str:
    return _("{text} names point {point}: points run 1-24, with 25 or {bar} for the bar and 0 or {off}").format(
        text=quoted(token), point=point, bar="'bar'", off="'off'"
    )


def bar_only_at_start(token: str) -> str:
    return _("{text}: the bar can only be where a move starts").format(text=quoted(token))


def waiting_only_at_start(token: str) -> str:
    return _("{text}: {waiting} (entering a waiting checker) can only be where a move starts").format(
        text=quoted(token), waiting="'in'"
    )


def off_only_at_end(token: str) -> str:
    return _("{text}: {off} can only be where a move ends").format(text=quoted(token), off="'off'")


def hit_at_start(token: str) -> str:
    return _("{text}: {hit} marks a hit where a checker lands, not where it starts").format(
        text=quoted(token), hit="'*'"
    )


def hit_off_the_board(token: str) -> str:
    return _("{text}: nothing can be hit off the board; {hit} marks a hit on a point").format(
        text=quoted(token), hit="'*'"
    )


def must_play() -> str:
    return _("you must play when you can, and this roll can be played")


def write_a_play() -> str:
    return _("write a play such as {play}, or {word} when the roll can't be played").format(
        play="24/18 13/8", word="'pass'"
    )


def no_blot_to_hit(point: int) -> str:
    return _("there is no O blot to hit on point {point}").format(point=point)


def which_hit(plays: Sequence[str]) -> str:
    """The text matches each of ``plays``, which differ in what they hit."""
    return _("this could mean {plays}: mark the hit you mean with {hit}").format(plays=_or(plays), hit="'*'")


def _reach(high: int, low: int) -> str:
    """What the dice allow one checker: every distance it can go."""
    if high == low:
        return ngettext(
            "with {dice} every move is {count} pip (one checker can go {one}, {two}, {three} or {four})",
            "with {dice} every move is {count} pips (one checker can go {one}, {two}, {three} or {four})",
            high,
        ).format(dice=f"{high}-{high}", count=high, one=high, two=high * 2, three=high * 3, four=high * 4)
    return _("your dice are {high} and {low} ({total} for one checker with both)").format(
        high=high, low=low, total=high + low
    )


def distance_fits_no_dice(move: str, pips: int, high: int, low: int) -> str:
    """``move`` goes ``pips``, which no die of the roll (nor a sum of them) makes."""
    return ngettext("{move} moves {count} pip, but {reach}", "{move} moves {count} pips, but {reach}", pips).format(
        move=move, count=pips, reach=_reach(high, low)
    )


def roll_used_up_before(move: str, dice: str) -> str:
    return _("{move} needs another die, but the roll {dice} is used up").format(move=move, dice=dice)


def backwards(move: str) -> str:
    return _("checkers move from higher to lower points: {move} goes backwards").format(move=move)


def double_moves_left(move: str, needed: int, die: int, left: int) -> str:
    """``move`` takes ``needed`` moves of the double of ``die``; only ``left`` remain."""
    dice = ngettext("{count} {die}", "{count} {die}s", needed).format(count=needed, die=die)
    return ngettext(
        "{move} needs {dice} but only {count} of your four {die}s is left",
        "{move} needs {dice} but only {count} of your four {die}s are left",
        left,
    ).format(move=move, dice=dice, count=left, die=die)


def both_dice_needed(move: str) -> str:
    return _("{move} needs both dice, but one of them is already used").format(move=move)


def die_used_by_another_move(move: str, die: int, dice: str) -> str:
    return _("{move} needs the {die}, but the {die} is already used (you rolled {dice})").format(
        move=move, die=die, dice=dice
    )


def detour_refused(move: str, route: str, reason: str) -> str:
    """``move`` takes several dice, so it goes by ``route``, and one of its steps breaks ``reason``."""
    return _("{move} would have to go {route}, and {reason}").format(move=move, route=route, reason=reason)


def no_stop_on_the_way(move: str, reasons: Sequence[str]) -> str:
    """Every way of ``move`` by several dice stops on a closed point: ``reasons``, one per way."""
    return _("{move} needs an open point to stop on along the way, but {reasons}").format(
        move=move, reasons=_and(reasons)
    )


def plays_too_little_of_double(used: int, most: int, die: int) -> str:
    return ngettext(
        "this plays {used} of your four {die}s, but {most} of them can be played: you must play as many as you can",
        "this plays {used} of your four {die}s, but {most} of them can be played: you must play as many as you can",
        used,
    ).format(used=number_word(used), most=number_word(most), die=die)


def must_use_both_dice() -> str:
    return _("this uses only one die, but a play that uses both dice exists: you must use both dice when you can")


def must_use_higher_die(high: int) -> str:
    return _("only one die can be played, so it must be the higher one ({high})").format(high=high)


def not_a_legal_play() -> str:
    return _("this is not a legal play")


# --- a turn played one checker at a time --------------------------------------------------------------------


def nothing_can_move(reason: str | None = None) -> str:
    """No checker can move with the roll; ``reason``: what stops the checker asked about."""
    if reason is None:
        return _("no checker can move with this roll")
    return _("{reason}; no checker can move with this roll").format(reason=reason)


def roll_used_up() -> str:
    return _("the roll is used up")


def checker_cannot_move() -> str:
    return _("this checker cannot move now")


def by_die(reasons: Sequence[tuple[int, str]]) -> str:
    """Why each die (``(die, reason)``) cannot move a checker."""
    parts = (_("with the {die}, {reason}").format(die=die, reason=reason) for die, reason in reasons)
    return reduce(lambda first, second: _("{first}; {second}").format(first=first, second=second), parts)


def after_move_too_little_of_double(move: str, played: int, most: int, die: int) -> str:
    return ngettext(
        "after {move} only {played} of your four {die}s could be played, but {most} can: you must play as many as "
        "you can",
        "after {move} only {played} of your four {die}s could be played, but {most} can: you must play as many as "
        "you can",
        played,
    ).format(move=move, played=number_word(played), most=number_word(most), die=die)


def either_die_the_higher(high: int) -> str:
    return _("either die can be played but not both, so it must be the higher one ({high})").format(high=high)


def after_move_other_die_lost(move: str, other: int) -> str:
    return _(
        "after {move} the {other} could not be played, but a play that uses both dice exists: you must use both "
        "dice when you can"
    ).format(move=move, other=other)


def play_complete() -> str:
    return _("the roll is used up: this play is complete")


def die_already_used(move: str, die: int) -> str:
    return _("{move} needs the {die}, and it is already used").format(move=move, die=die)


def one_die_a_move(move: str, pips: int, left: Sequence[int]) -> str:
    """``move`` goes ``pips``, more than any single die of those ``left``."""
    return ngettext(
        "{move} is {count} pip, but a move uses one die: you have {dice} left",
        "{move} is {count} pips, but a move uses one die: you have {dice} left",
        pips,
    ).format(move=move, count=pips, dice=_and(left))


def move_not_allowed() -> str:
    return _("this move is not allowed")
