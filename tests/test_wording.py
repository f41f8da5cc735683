"""Every learner-facing sentence goes through the translation function: ``_()`` of :mod:`trainer.i18n`.

A static check reads every module of the package (but the few :data:`NOT_CHECKED`) and reports every literal that
reads as prose (two words or more) outside ``_()``, ``ngettext()`` and ``N_()``, and every message given to them
that is not a plain literal (an f-string would reach the catalog already filled in). Docstrings, stylesheets and
the other kinds of text no learner sees (see :func:`exempt`) are passed over.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import trainer
from trainer import i18n
from trainer.i18n import PseudoTranslations, pseudo

PACKAGE = Path(trainer.__file__).parent
NOT_CHECKED = {
    "authoring/bearoff_build.py": (
        "a maintainer's tool that rebuilds the bear-off tables; its progress lines are for maintainers"
    ),
    "authoring/corpus.py": "a maintainer's tool that builds the shipped puzzle files; its progress lines are for them",
}
"""The modules (relative to ``trainer/``) no learner's text comes from, and why; every other module is checked."""

TRANSLATORS = {"_", "ngettext", "N_"}
PROSE = re.compile(r"[A-Za-z]{2,}[,;:.!?]?\s+[A-Za-z(]")
"""Two words: what a sentence, a label or a message has, and an identifier, a selector or a key has not."""
QUIET_CALLS = {"compile", "match", "fullmatch", "search", "sub", "execute", "executemany", "executescript", "getLogger"}
"""Calls whose text arguments are never shown: patterns and SQL."""
QUIET_CALLS |= {"execute_read", "execute_write"}  # the progress store's queries and statements (its Database): SQL
QUIET_NAMES = re.compile(r"(DEFAULT_)?CSS|.*_(SQL|sql)|.*_PATTERN|SCHEMA.*|MAT_.*|.*_NOTATION")
"""Assignments whose text is never shown: stylesheets, SQL, patterns, the words GNU Backgammon's .mat files use,
notation the user types (never translated)."""
QUIET_FUNCTIONS = {"__repr__"}
"""Functions whose text is never shown to a learner: a value's representation for programmers."""
PROGRAMMER_ERRORS = {"AssertionError", "AttributeError", "NoViewError", "StubError"}
"""Errors only a programmer meets, whose messages no learner sees: a broken invariant, a name a package does not have,
a kind of step added without its view (:class:`trainer.tui.steps.NoViewError`), a package stub of the wrong form
(:class:`trainer.lazy.StubError`)."""


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of every docstring node: of modules, classes and functions, and the strings after assignments."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)):
                continue
            after_assignment = index > 0 and isinstance(body[index - 1], ast.Assign | ast.AnnAssign)
            if isinstance(statement.value.value, str) and (index == 0 or after_assignment):
                found.add(id(statement.value))
    return found


def call_name(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        return function.attr
    return ""


def translator(node: ast.AST) -> bool:
    """Whether ``node`` is a call of ``_()``, ``ngettext()`` or ``N_()`` (by their plain names)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATORS


def exempt(tree: ast.AST) -> set[int]:
    """The ids of the literals no learner sees or that are translated: the messages given to ``_()`` and its kin;
    the text of patterns and SQL, stylesheets; the messages of assertions and :data:`PROGRAMMER_ERRORS`; and values
    that are compared or looked up rather than shown (enum members, dictionary keys, subscripts, operands of ``==``
    and ``in``, the values of the module's ``Literal[...]`` types, the actions of key bindings and buttons)."""
    found: set[int] = set()
    values = literal_values(tree)

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            found.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        if translator(node) or (isinstance(node, ast.Call) and call_name(node) in QUIET_CALLS):
            for argument in node.args:  # type: ignore[attr-defined]
                skip(argument)
        elif isinstance(node, ast.Call) and call_name(node) == "Binding":
            skip(node.args[1] if len(node.args) > 1 else None)  # the action a key runs
        elif isinstance(node, ast.keyword) and node.arg == "action":
            skip(node.value)
        elif isinstance(node, ast.Assert):
            skip(node.msg)  # a programmer's error, never shown
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            if call_name(node.exc) in PROGRAMMER_ERRORS:
                skip(node.exc)
        elif isinstance(node, ast.ClassDef) and any(
            (isinstance(base, ast.Name) and base.id.endswith("Enum")) for base in node.bases
        ):
            for statement in node.body:
                if isinstance(statement, ast.Assign):
                    skip(statement.value)  # an enum member's value
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                skip(key)
        elif isinstance(node, ast.FunctionDef) and node.name in QUIET_FUNCTIONS:
            skip(node)
        elif isinstance(node, ast.Subscript):
            skip(node.slice)  # a key looked up, or a Literal type's values
        elif isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                skip(operand)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            if any(QUIET_NAMES.fullmatch(name) for name in names):
                skip(node.value)
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            for inner in ast.walk(node.value):  # a variable of a Literal type of the module given its value
                if isinstance(inner, ast.Constant) and inner.value in values:
                    found.add(id(inner))
    return found


def literal_values(tree: ast.AST) -> set[object]:
    """The values the module's ``Literal[...]`` types hold."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Literal":
            found.update(inner.value for inner in ast.walk(node.slice) if isinstance(inner, ast.Constant))
    return found


def keywords(tree: ast.AST) -> set[int]:
    """The ids of the values of ``Literal[...]`` types: keywords of a file format that code compares (``"no
    double"``), identifiers rather than prose."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).rsplit(".", 1)[-1] == "Literal":
            found.update(id(inner) for inner in ast.walk(node.slice))
    return found


def plain_messages(call: ast.Call) -> bool:
    """Whether the messages given to a translator (the first two arguments: ``ngettext`` has two) are literals, or
    for ``_()`` a name that holds one (marked with ``N_()`` where it is defined): never text built on the spot (an
    f-string, a concatenation, a formatted string), which the catalog could not hold."""
    built = (ast.JoinedStr, ast.BinOp, ast.Call)
    if isinstance(call.func, ast.Name) and call.func.id == "_":
        return not any(isinstance(argument, built) for argument in call.args)
    return all(isinstance(argument, ast.Constant) for argument in call.args[:2])


def untranslated(path: Path, root: Path = PACKAGE) -> list[str]:
    """Each literal of ``path`` that reads as prose and does not go through the translation function, and each
    message given to it that is not a plain literal."""
    tree = ast.parse(path.read_text(), filename=str(path))
    skipped = docstrings(tree) | exempt(tree) | keywords(tree)
    where = path.relative_to(root).as_posix()
    offences = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and translator(node) and not plain_messages(node):
            offences.append(f"{where}:{node.lineno}: {call_name(node)}() needs a plain literal")
        if id(node) in skipped:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            skipped.update(id(part) for part in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if PROSE.search(text):
            offences.append(f"{where}:{node.lineno}: {text[:60]!r}")
    return offences


def checked_modules() -> list[Path]:
    """Every module of the package but those :data:`NOT_CHECKED`."""
    return [path for path in sorted(PACKAGE.rglob("*.py")) if path.relative_to(PACKAGE).as_posix() not in NOT_CHECKED]


def test_every_learner_facing_literal_goes_through_the_translation_function() -> None:
    offences = [offence for path in checked_modules() for offence in untranslated(path)]
    assert offences == []


def test_the_check_finds_a_sentence_that_bypasses_it(tmp_path: Path) -> None:
    """The check itself: a sentence left as it is, an f-string inside _(), are caught; the rest passes."""
    module = tmp_path / "_wording_check_sample.py"
    module.write_text(
        '"""A docstring, never shown as a message."""\n'
        "from trainer.i18n import _, N_\n"
        'CSS = "Board { height: auto; }"\n'
        'LABEL = N_("Take back")\n'
        'TABLE = {1: N_("a gammon")}\n'
        "def f(name: str) -> str:\n"
        '    """Its docstring."""\n'
        '    ok = _("You rolled {dice}.").format(dice=name)\n'
        '    bad = f"You played {name} with it."\n'
        '    worse = _(f"Hello {name} there")\n'
        '    key = "play-menu"\n'
        "    shown = _(TABLE[1])\n"
        '    return ok + bad + worse + key + shown + "Press enter to go on" + _("a" + name)\n'
    )
    assert untranslated(module, tmp_path) == [
        "_wording_check_sample.py:9: 'You played  with it.'",
        "_wording_check_sample.py:10: _() needs a plain literal",
        "_wording_check_sample.py:13: _() needs a plain literal",
        "_wording_check_sample.py:13: 'Press enter to go on'",
    ]


def test_the_check_passes_over_identifiers_notation_and_representations(tmp_path: Path) -> None:
    """A ``Literal``'s values, notation the user types and a ``__repr__`` are never shown as words; the same text
    anywhere else is still caught."""
    module = tmp_path / "_wording_check_identifiers.py"
    module.write_text(
        "from typing import Literal\n"
        'Action = Literal["no double", "double, take"]\n'
        'PASS_NOTATION = frozenset({"no play", "no move"})\n'
        "class Value:\n"
        "    def __repr__(self) -> str:\n"
        '        return f"<Value {self!s} with its parts>"\n'
        "    def __str__(self) -> str:\n"
        '        return "no double"\n'
    )
    assert untranslated(module, tmp_path) == ["_wording_check_identifiers.py:8: 'no double'"]


def test_the_check_passes_over_the_keywords_of_literal_types(tmp_path: Path) -> None:
    module = tmp_path / "_keywords_check_sample.py"
    module.write_text(
        "import typing\n"
        "from typing import Literal\n"
        'Answer = Literal["double", "no double"]\n'
        'Ask = typing.Literal["may double X"]\n'
        'HINT = "Take a checker off"\n'
    )
    assert untranslated(module, tmp_path) == ["_keywords_check_sample.py:5: 'Take a checker off'"]


def test_the_pseudo_language_turns_letters_and_keeps_the_fields() -> None:
    assert pseudo("Roll") == "Ŕóĺĺ"
    assert pseudo("You rolled {dice} ({equity:+.3f}).") == "Ýóú ŕóĺĺéđ {dice} ({equity:+.3f})."
    assert pseudo("24/18 13/8") == "24/18 13/8"


def test_the_translation_in_use_applies_at_once_and_english_is_the_messages_themselves() -> None:
    assert i18n._("Roll") == "Roll"
    assert i18n.ngettext("{count} checker", "{count} checkers", 2).format(count=2) == "2 checkers"
    i18n.use(PseudoTranslations())
    try:
        assert i18n._("Roll") == "Ŕóĺĺ"
        assert i18n.ngettext("one", "many", 1) == "óñé"
        assert i18n.N_("Roll") == "Roll"
    finally:
        i18n.use(None)
    assert i18n._("Roll") == "Roll"


@pytest.mark.parametrize("message", ["Take back", "You rolled {dice}."])
def test_pseudo_text_has_no_ascii_letters_outside_its_fields(message: str) -> None:
    outside = re.sub(r"\{[^{}]*\}", "", pseudo(message))
    assert not re.search(r"[A-Za-z]", outside)


def test_a_long_path_in_an_error_keeps_the_file_name() -> None:
    from pathlib import Path

    from trainer.play.wording import quoted_path

    long = Path("/tmp/" + "deep/" * 40 + "match.sgf")
    shown = quoted_path(long)
    assert shown.startswith("'…") and shown.endswith("match.sgf'") and len(shown) <= 84
    assert quoted_path(Path("short.mat")) == "'short.mat'"
