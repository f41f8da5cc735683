"""Reviewing a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.i18n import _, localized, ngettext
from trainer.tui.wording._lazy import play_wording
from trainer.tui.wording.common import shown
from trainer.tui.wording.game import dice_name
from trainer.tui.wording.play_menu import level_name, saved_at

if TYPE_CHECKING:
    from trainer.engine import Dice
    from trainer.store import StoredGame


def played_here_names() -> tuple[str, str]:
    """The players of a game played here as the game called them, the learner's name first: ``You``,
    ``Computer``."""
    from trainer.play import Role

    return play_wording.role_name(Role.LEARNER), play_wording.role_name(Role.COMPUTER)


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
        result = play_wording.stored_result(game.result, game.match_length, game.learner_score, game.computer_score)
        return _("{game}. {result}").format(game=said, result=result)
    return _("{game}, under way").format(game=said)


def no_games_to_review() -> str:
    return _("No game played here yet: play one from the Play menu, or open a match file.")


def open_match_file_entry() -> str:
    return _("Open a match file…")


def match_file_field() -> str:
    return _(
        "Match file (GNU Backgammon's .mat or .sgf, eXtreme Gammon's .xg); enter opens it, escape goes back to the "
        "list:"
    )


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


def reading_match() -> str:
    return _("Reading the match…")


def replay_progress(done: int, total: int) -> str:
    """How far the replay of the games is: ``12/300 games replayed``."""
    return ngettext("{done}/{total} game replayed", "{done}/{total} games replayed", total).format(
        done=done, total=total
    )


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
    first = _("{name}: {rating} (error rate {rate:.1f} millipoints a decision)").format(
        name=shown(name), rating=rating, rate=localized(rate)
    )
    second = _("{decisions}: {errors}").format(
        decisions=play_wording.decision_counts(decisions, plays, cubes),
        errors=play_wording.error_counts(doubtful, bad, very_bad),
    )
    return f"{'▸ ' if drilled else '  '}{first}\n  {second}"


def drilled_player(name: str, *, choosable: bool) -> str:
    """Whose mistakes ``d`` makes puzzles of (and, for a match file, that ``1`` and ``2`` choose)."""
    if choosable:
        return _("d drills the mistakes of {name} (1 or 2 chooses the player).").format(name=shown(name))
    return _("d drills your mistakes of this game.")


def decision_heading(game: int, number: int, player: str, dice: Dice | None, *, yours: bool) -> str:
    """Which decision is shown, ``Game 2, move 14: Ada, 6-2`` (a cube decision has no dice), and from whose side
    the points are counted, on the board and in the plays: the player's (``yours``: the learner's)."""
    if dice is None:
        heading = _("Game {game}, move {number}: {player}, cube decision").format(
            game=game, number=number, player=shown(player)
        )
    else:
        heading = _("Game {game}, move {number}: {player}, {dice}").format(
            game=game, number=number, player=shown(player), dice=dice_name(dice)
        )
    if yours:
        side = _("Points counted from your side.")
    else:
        side = _("Points counted from {player}'s side.").format(player=shown(player))
    return f"{heading}\n{side}"


def review_choice(chosen: str) -> str:
    """A play in notation, a cube action in words, or no legal play."""
    return play_wording.decision_name(chosen) if chosen else _("no legal play")


def review_played(chosen: str, equity: float) -> str:
    return _("Played: {chosen} ({equity:+.3f})").format(chosen=review_choice(chosen), equity=localized(equity))


def review_best(best: str, equity: float) -> str:
    return _("Best: {best} ({equity:+.3f})").format(best=review_choice(best), equity=localized(equity))


def review_file_analysis(program: str, level: str, best: str, loss: float) -> str:
    """The analysis the file itself carried for the decision shown, by the program that wrote it."""
    figures = {"level": level, "best": review_choice(best), "loss": localized(loss)}
    if not program:
        return _("The file's own analysis ({level}): best {best}, {loss:.3f} lost.").format(**figures)
    return _("{program}'s analysis in the file ({level}): best {best}, {loss:.3f} lost.").format(
        program=program, **figures
    )


def review_forced(chosen: str) -> str:
    """A roll with one legal play, or none: nothing to decide, and not counted."""
    if not chosen:
        return _("No legal play: nothing to decide (not counted).")
    return _("Played: {chosen}, the only legal play (not counted).").format(chosen=chosen)


def review_loss(loss: float, skill: str, *, play: bool) -> str:
    """The equity given away and the verdict word, or that the decision was the best."""
    if loss <= 0:
        return _("The best play.") if play else _("The best cube action.")
    return _("{loss:.3f} lost ({skill}).").format(loss=localized(loss), skill=skill)


def no_decisions_to_review() -> str:
    return _("No decision of this match could be replayed.")


def review_caption(player: str, chosen: str, equity: float | None, *, best: bool) -> str:
    """Under the board: the play (or cube action) shown, whose it was, with its equity (none for a forced play)."""
    choice = review_choice(chosen)
    if best:
        return _("Best: {choice} ({equity:+.3f})").format(choice=choice, equity=localized(equity or 0.0))
    if equity is None:
        return _("{player}: {choice}").format(player=shown(player), choice=choice)
    return _("{player}: {choice} ({equity:+.3f})").format(player=shown(player), choice=choice, equity=localized(equity))


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
