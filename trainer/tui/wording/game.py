"""Play: the game on the board, the tutor and the game's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.engine import Side
from trainer.i18n import N_, _, localized, ngettext
from trainer.tui.wording._lazy import play_wording
from trainer.tui.wording.board import DIE_FACES, O_MARK, X_MARK
from trainer.tui.wording.play_menu import level_name, money_rules

if TYPE_CHECKING:
    from trainer.engine import Dice, Play
    from trainer.play import CubeEvent, Event, GameSetup, Mistake, Opened, Role, TurnLost, Verdict
    from trainer.play.game import CubeHint


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
            values = {"name": name, "play": event.play.notation(), "dice": str(event.dice.high_first())}
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
        return _("Better: {play} ({equity:+.3f})").format(play=play, equity=localized(equity))
    return _("Yours: {play} ({equity:+.3f})").format(play=play, equity=localized(equity))


def looking_for_the_best() -> str:
    return _("Looking for the best…")


def hint_plays(advice: str) -> str:
    return _(
        "Hint: {advice} Equity, W winning and G gammon chances; the arrows show each play on the board, escape or h "
        "closes."
    ).format(advice=advice)


def hint_cube(advice: str, hint: CubeHint) -> str:
    """A cube hint: the advice, then every figure from the learner's side (their own cube decision's three
    equities, or their equity for each answer to a double)."""
    from trainer.play.game import AnswerHint, DoubleHint

    if isinstance(hint, AnswerHint) and hint.answers:
        figures = ", ".join(
            _("{answer} {equity:+.3f}").format(answer=play_wording.decision_name(answer), equity=localized(equity))
            for answer, equity in hint.answers
        )
        return _("Hint: {advice} Your equity: {figures}.").format(advice=advice, figures=figures)
    if not isinstance(hint, DoubleHint):
        return _("Hint: {advice}").format(advice=advice)
    decision = hint.cube.decision
    return _(
        "Hint: {advice} Your equity: no double {no_double:+.3f}, double/take {double_take:+.3f}, double/pass "
        "{double_pass:+.3f}."
    ).format(
        advice=advice,
        no_double=localized(decision.no_double),
        double_take=localized(decision.double_take),
        double_pass=localized(decision.double_pass),
    )


def ranked_hint(rank: int, play: str, equity: float, win: float, gammon: float) -> str:
    """A play of a hint's ranking, two lines: its rank (★ the best), the play and its equity; its winning (W) and
    gammon (G) chances, in percent."""
    mark = "★" if rank == 1 else " "
    return _("{mark}{rank:>2}. {play:<15} {equity:+.3f}\n     W {win:.1f}%  G {gammon:.1f}%").format(
        mark=mark, rank=rank, play=play, equity=localized(equity), win=localized(win), gammon=localized(gammon)
    )


def hint_caption(rank: int, play: str, equity: float) -> str:
    return _("Hint {rank}: {play} ({equity:+.3f})").format(rank=rank, play=play, equity=localized(equity))


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
    """The computer's play as it moves on the board, or that it cannot move."""
    name = play_wording.role_name(role)
    if play.is_pass:
        return _("{name} cannot move.").format(name=name)
    return _("{name} plays {play}.").format(name=name, play=play.notation())


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
        loss=localized(verdict.loss),
        best=play_wording.decision_name(verdict.best),
    )


def mistake_caption(mistake: Mistake) -> str:
    verdict = mistake.verdict
    values = {
        "chosen": play_wording.decision_name(verdict.chosen),
        "chosen_equity": localized(verdict.chosen_equity),
        "best": play_wording.decision_name(verdict.best),
        "best_equity": localized(verdict.best_equity),
    }
    if verdict.best_play is not None:
        return _("Better: {best} ({best_equity:+.3f}); yours: {chosen} ({chosen_equity:+.3f})").format(**values)
    return _("You chose {chosen} ({chosen_equity:+.3f}); better: {best} ({best_equity:+.3f})").format(**values)
