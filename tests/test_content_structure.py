"""The modules of ``trainer/content/`` form a layered order: no import cycle among them, counting every import (at
the top, inside functions and under ``TYPE_CHECKING``), and no module imports a private name of another."""

from __future__ import annotations

import ast
from pathlib import Path

import trainer.content

CONTENT = Path(trainer.content.__file__).parent
PACKAGE = "trainer.content"


def sibling_imports(folder: Path, package: str = PACKAGE) -> dict[str, dict[str, set[str]]]:
    """For each module of ``folder`` (the package ``package``), the sibling modules it imports anywhere in its text,
    each with the names it takes from it (empty for ``import package.module``)."""
    modules = {path.stem for path in folder.glob("*.py")}
    graph: dict[str, dict[str, set[str]]] = {}
    for path in sorted(folder.glob("*.py")):
        found: dict[str, set[str]] = {}
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    module = alias.name.removeprefix(package + ".")
                    if alias.name.startswith(package + ".") and module in modules:
                        found.setdefault(module, set())
            elif isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level == 1:  # from .module import name, from . import module
                    source = f"{package}.{source}" if source else package
                names = {alias.name for alias in node.names}
                if source == package:
                    for name in names & modules:
                        found.setdefault(name, set())
                elif source.startswith(package + ".") and source.removeprefix(package + ".") in modules:
                    found.setdefault(source.removeprefix(package + "."), set()).update(names)
        found.pop(path.stem, None)
        graph[path.stem] = found
    return graph


def import_cycle(graph: dict[str, dict[str, set[str]]]) -> list[str]:
    """A cycle of imports (``a, b, a``: a imports b, which imports a), or ``[]`` when there is none."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for imported in sorted(graph.get(module, {})):
            cycle = visit(imported, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return []

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return []


def private_imports(graph: dict[str, dict[str, set[str]]]) -> list[str]:
    """Each private name (``_name``) a module takes from a sibling."""
    return [
        f"{module} imports {name} from {source}"
        for module, sources in sorted(graph.items())
        for source, names in sorted(sources.items())
        for name in sorted(names)
        if name.startswith("_")
    ]


def test_content_modules_import_each_other_without_a_cycle() -> None:
    assert import_cycle(sibling_imports(CONTENT)) == []


def test_no_content_module_imports_a_private_name_of_another() -> None:
    assert private_imports(sibling_imports(CONTENT)) == []


def test_every_content_module_is_seen_by_the_check() -> None:
    graph = sibling_imports(CONTENT)
    assert {"models", "files", "loader", "puzzles", "recognition", "wording", "author_wording"} <= set(graph)
    assert "models" in graph["loader"] and "files" in graph["puzzles"]


def test_a_cycle_or_a_private_import_is_caught(tmp_path: Path) -> None:
    """The check itself: cycles made by a function-level import, by one under TYPE_CHECKING and by a relative one
    are found; a private name taken from a sibling is reported; a layered tree passes."""
    package = tmp_path / "content"
    package.mkdir()
    files = {
        "__init__.py": "",
        "models.py": "import re\n",
        "grading.py": "from typing import TYPE_CHECKING\nfrom pkg.content.models import Lesson\n",
        "loader.py": "from pkg.content import grading\nfrom pkg.content.models import _Strict\n",
    }
    for name, text in files.items():
        (package / name).write_text(text)
    graph = sibling_imports(package, "pkg.content")
    assert import_cycle(graph) == []
    assert private_imports(graph) == ["loader imports _Strict from models"]

    (package / "models.py").write_text("def f() -> None:\n    from pkg.content.loader import load\n")
    assert import_cycle(sibling_imports(package, "pkg.content")) == ["grading", "models", "loader", "grading"]

    (package / "models.py").write_text("if TYPE_CHECKING:\n    from pkg.content.grading import Feedback\n")
    assert import_cycle(sibling_imports(package, "pkg.content")) == ["grading", "models", "grading"]

    (package / "models.py").write_text("from .loader import load\n")
    assert import_cycle(sibling_imports(package, "pkg.content")) == ["grading", "models", "loader", "grading"]

    (package / "models.py").write_text("import pkg.content.grading\n")
    assert import_cycle(sibling_imports(package, "pkg.content")) == ["grading", "models", "grading"]
