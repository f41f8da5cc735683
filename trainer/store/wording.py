"""Every sentence the progress store says (its notices, and the reasons in them), translated through
:mod:`trainer.i18n`.

The store's notices are made of a reason (a clause such as "The progress file could not be read (...)") and what
was done about it; a reason is a complete phrase, filled into the sentence that says what was done.
"""

from __future__ import annotations

from pathlib import Path

from trainer.i18n import _, ngettext, translations

# --- opening the file ----------------------------------------------------------------------------------------------


def companion_stuck(companion: Path, kind: str, error: OSError) -> str:
    """Something that is no file stands where SQLite keeps a journal, and it can't be moved."""
    return _(
        "The file {companion} is {kind}, and it could not be moved aside ({error}); progress won't be saved."
    ).format(companion=companion, kind=kind, error=error)


def companion_moved(companion: Path, kind: str, aside: str) -> str:
    """Something that was no file stood where SQLite keeps a journal, and it was moved aside."""
    return _("The file {companion} was {kind}, not one of SQLite's; it was moved to {aside}.").format(
        companion=companion, kind=kind, aside=aside
    )


def not_a_file(path: Path, kind: str) -> str:
    """Why the progress file is moved aside: it is a pipe, a folder... (a reason, filled into another sentence)."""
    return _("The file {path} is {kind}, not a bgtrainer progress file").format(path=path, kind=kind)


def not_a_progress_file(path: Path, error: object) -> str:
    """Why the progress file is moved aside: it is another application's database (a reason)."""
    return _("The file {path} is not a bgtrainer progress file ({error})").format(path=path, error=error)


def unreadable_database(error: object) -> str:
    """Why the progress file is moved aside: SQLite can't read it (a reason)."""
    return _("The progress file could not be read ({error})").format(error=error)


def failed_integrity_check(found: str | None) -> str:
    """Why the progress file is moved aside: it fails SQLite's integrity check (a reason); ``None``: no answer."""
    if found is None:
        return _("The progress file could not be read (integrity check: no answer)")
    return _("The progress file could not be read (integrity check: {found})").format(found=found)


def symbolic_link(path: Path, target: Path) -> str:
    """Why the progress file is moved aside: it is a symbolic link (a reason)."""
    return _(
        "The progress file {path} is a symbolic link to {target}, which bgtrainer never writes through (your progress "
        "would take that file's permissions, not be private to you; to keep it in another folder, start bgtrainer "
        "with --data-dir or BGTRAINER_DATA_DIR)"
    ).format(path=path, target=target)


def a_symbolic_link() -> str:
    """What a journal's place holds, when it is a symbolic link (as ``a pipe``, ``a folder``)."""
    return _("a symbolic link")


def progress_copied(source: Path) -> str:
    return _(
        "The progress in {source} was copied into the new one, private to you; {source} is left as it was."
    ).format(source=source)


def not_copied(source: Path, problem: str) -> str:
    return _("The progress in {source} could not be copied ({problem}); it is left as it was.").format(
        source=source, problem=problem
    )


def refused_and_stuck(reason: str, error: OSError) -> str:
    """A file to be moved aside that could not be."""
    return _("{reason}, and it could not be moved aside ({error}); progress won't be saved.").format(
        reason=reason, error=error
    )


def refused_and_moved(reason: str, aside: str) -> str:
    """A file moved aside, the folder then unusable (what is wrong with it follows)."""
    return _("{reason}; it was moved to {aside}.").format(reason=reason, aside=aside)


def refused_moved_and_refused_again(reason: str, aside: str, again: str) -> str:
    """A file moved aside, and the new one refused too."""
    return _(
        "{reason}; it was moved to {aside}, but a new one can't be used either ({again}); progress won't be saved."
    ).format(reason=reason, aside=aside, again=again)


def refused_moved_and_started(reason: str, aside: str) -> str:
    """A file moved aside, and a new one started."""
    return _("{reason}; it was moved to {aside} and a new one started.").format(reason=reason, aside=aside)


def folder_not_created(folder: Path, error: OSError) -> str:
    return _("Progress can't be saved: the folder {folder} can't be created ({error}).").format(
        folder=folder, error=error
    )


def file_not_created(folder: Path, error: OSError) -> str:
    return _("Progress can't be saved in {folder} ({error}).").format(folder=folder, error=error)


def file_not_readable(path: Path, problem: str) -> str:
    return _(
        "The progress file {path} can't be read ({problem}); it was left as it is, and this session's progress won't "
        "be saved."
    ).format(path=path, problem=problem)


def file_in_use(path: Path) -> str:
    return _(
        "The progress file {path} is in use by another program; bgtrainer keeps this session's progress, and tries "
        "again each time progress is recorded and when you quit."
    ).format(path=path)


def file_not_opened(path: Path, error: object) -> str:
    return _(
        "The progress file {path} can't be opened ({error}); it was left as it is, and this session's progress "
        "won't be saved."
    ).format(path=path, error=error)


def file_from_newer_bgtrainer(version: int, latest: int) -> str:
    return _(
        "The progress file was written by a newer bgtrainer (layout {version}; this one knows up to {latest}): your "
        "progress is shown, but this session won't change the file."
    ).format(version=version, latest=latest)


def file_not_writable(path: Path, problem: str) -> str:
    return _(
        "The progress file {path} can't be written ({problem}): your progress is shown, but this session's progress "
        "won't be saved."
    ).format(path=path, problem=problem)


def folder_read_only(folder: Path) -> str:
    """Why the file can't be written (a reason)."""
    return _("its folder {folder} is read-only").format(folder=folder)


def another_users() -> str:
    """Why the file can't be read or written (a reason)."""
    return _("it belongs to another user")


def read_only() -> str:
    """Why the file can't be written (a reason)."""
    return _("it is read-only")


def permission_denied() -> str:
    """Why the file can't be read (a reason)."""
    return _("permission denied")


# --- the file's layout -----------------------------------------------------------------------------------------------


def newer_layout(version: int, latest: int) -> str:
    """Why a file is left unchanged: a newer bgtrainer wrote it (a reason)."""
    return _("layout version {version}, newer than this bgtrainer's {latest}").format(version=version, latest=latest)


def another_application(application_id: int) -> str:
    """Why a database is not a progress file (a reason)."""
    return _("it belongs to another application (application id {application_id})").format(
        application_id=f"{application_id:#x}"
    )


def foreign_tables(tables: list[str]) -> str:
    """Why a database is not a progress file (a reason): the tables it has."""
    if not tables:
        return _("it is not a bgtrainer progress file (tables: none)")
    return _("it is not a bgtrainer progress file (tables: {tables})").format(tables=", ".join(tables))


def migration_failed(version: int, summary: str, error: object) -> str:
    """Why a file couldn't be brought up to date (``summary`` is the migration's, translated here)."""
    return _("migration {version} ({summary}) failed: {error}").format(
        version=version, summary=_translated(summary), error=error
    )


def unknown_column_type(declared: str) -> str:
    return _("the store can't check values of the column type {declared}").format(declared=repr(declared))


# --- the in-memory copy and the writes ---------------------------------------------------------------------------


def not_updated(error: object) -> str:
    return _(
        "The progress file couldn't be updated for this bgtrainer ({error}); it was left as it was, and this "
        "session's progress won't be saved."
    ).format(error=error)


def damaged_records(count: int) -> str:
    return ngettext(
        "{count} damaged record in the progress file was skipped; it is left in the file, and everything else is "
        "read and saved as usual.",
        "{count} damaged records in the progress file were skipped; they are left in the file, and everything "
        "else is read and saved as usual.",
        count,
    ).format(count=count)


def damaged_games(count: int) -> str:
    return ngettext(
        "{count} damaged saved game in the progress file was skipped (a time or a score that can't be); it is left "
        "in the file, and the other games are listed as usual.",
        "{count} damaged saved games in the progress file were skipped (times or scores that can't be); they are "
        "left in the file, and the other games are listed as usual.",
        count,
    ).format(count=count)


def newer_bgtrainer_changed_it(error: object) -> str:
    return _(
        "A newer bgtrainer has changed the progress file ({error}); this session's progress from now on won't be saved."
    ).format(error=error)


def cannot_save_now(error: object) -> str:
    return _(
        "Progress can't be saved right now ({error}); bgtrainer keeps it, and tries again each time progress is "
        "recorded and when you quit."
    ).format(error=error)


def writable_again() -> str:
    return _("The progress file can be written again; nothing was lost.")


def changes_lost(count: int, path: Path, problem: str, error: OSError) -> str:
    return ngettext(
        "{count} change to your progress could not be saved: the progress file {path} could not be written "
        "({problem}), nor a file to keep it in ({error}).",
        "{count} changes to your progress could not be saved: the progress file {path} could not be written "
        "({problem}), nor a file to keep them in ({error}).",
        count,
    ).format(count=count, path=path, problem=problem, error=error.strerror or error)


def changes_kept(count: int, path: Path, problem: str, kept: Path) -> str:
    return ngettext(
        "The progress file {path} could not be written ({problem}), so this session's last change was kept in "
        "{kept}; bgtrainer saves it the next time it starts.",
        "The progress file {path} could not be written ({problem}), so this session's last {count} changes were "
        "kept in {kept}; bgtrainer saves them the next time it starts.",
        count,
    ).format(count=count, path=path, problem=problem, kept=kept)


def kept_changes_saved(count: int) -> str:
    return ngettext(
        "{count} change to your progress that an earlier session couldn't save is saved now.",
        "{count} changes to your progress that an earlier session couldn't save are saved now.",
        count,
    ).format(count=count)


def kept_changes_refused(path: Path, reason: str, aside: str | None) -> str:
    """A file of kept changes that can't be saved, moved to ``aside`` (``None``: left where it is)."""
    if aside is None:
        return _("Changes an earlier session kept in {path} can't be saved ({reason}); it was left as it is.").format(
            path=path, reason=reason
        )
    return _("Changes an earlier session kept in {path} can't be saved ({reason}); it was moved to {aside}.").format(
        path=path, reason=reason, aside=aside
    )


# --- files of kept writes (the reasons they can't be saved) ------------------------------------------------------


def kept_for_another_layout(layout: int) -> str:
    return _("it was written for the file's layout {layout}, not this one's").format(layout=layout)


def kept_not_a_file() -> str:
    return _("it is not a file")


def kept_unreadable(error: OSError) -> str:
    return _("it can't be read ({error})").format(error=error.strerror or error)


def kept_too_large() -> str:
    return _("it is larger than any session's writes")


def kept_not_json() -> str:
    return _("it is not JSON text")


def kept_not_kept_writes() -> str:
    return _("it is not a file of kept writes")


def kept_by_another_bgtrainer() -> str:
    return _("it was written by another bgtrainer")


def kept_without_transactions() -> str:
    return _("its transactions are missing")


def kept_transaction_not_a_list() -> str:
    return _("a transaction is a list of statements")


def kept_statement_malformed() -> str:
    return _("a statement is its SQL and its parameters")


def kept_statement_unknown() -> str:
    return _("it holds a statement the store never writes")


def kept_parameters_malformed() -> str:
    return _("a statement's parameters are text, numbers or null")


# --- records (what a caller got wrong) ---------------------------------------------------------------------------


def unknown_drill_mode(mode: str, modes: tuple[str, ...]) -> str:
    return _("unknown drill mode {mode}: expected one of {modes}").format(mode=repr(mode), modes=", ".join(modes))


def unknown_drill(drill: str, drills: tuple[str, ...]) -> str:
    return _("unknown drill {drill}: expected one of {drills}").format(drill=repr(drill), drills=", ".join(drills))


def unknown_rating_kind(kind: str, kinds: tuple[str, ...]) -> str:
    return _("unknown kind of rating {kind}: expected one of {kinds}").format(kind=repr(kind), kinds=", ".join(kinds))


def unknown_question(question: str, questions: tuple[str, ...]) -> str:
    return _("unknown question {question}: expected one of {questions}").format(
        question=repr(question), questions=", ".join(questions)
    )


def negative_score(score: int, mistakes: int) -> str:
    return _("a score and a mistake count are never negative (got {score}, {mistakes})").format(
        score=score, mistakes=mistakes
    )


def rating_without_puzzle() -> str:
    return _("a puzzle's rating needs its puzzle id")


def game_without_id_or_record() -> str:
    return _("a saved game needs its id and its record")


def game_changed(change: str) -> str:
    """Why a save of a game was refused: another bgtrainer finished it (``over``), saved it further (``further``) or
    deleted it (``gone``) since it was opened here."""
    if change == "over":
        return _(
            "This game was saved by another bgtrainer since you opened it (it is over there); nothing more of it is "
            "saved here."
        )
    if change == "gone":
        return _("This game was deleted by another bgtrainer since you opened it; nothing more of it is saved here.")
    return _(
        "This game was saved by another bgtrainer since you opened it (it is further on there); open it again from "
        "the Play menu."
    )


def bad_version(version: object) -> str:
    return _("a save's version is a whole number from 1 (the game's first save), not {version}").format(
        version=repr(version)
    )


def game_kind(match_length: int) -> str:
    """``money game`` or ``N-point match``."""
    if not match_length:
        return _("money game")
    return _("{length}-point match").format(length=match_length)


def _translated(message: str) -> str:
    """A message marked with ``N_()`` where it is defined (a migration's summary), translated where it is shown."""
    return translations().gettext(message)


def negative_theme_figures(review: str) -> str:
    return _("the equity lost and the decisions of a theme are never negative (the game reviewed: {review})").format(
        review=review
    )
