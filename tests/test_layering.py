"""The engine is pure: it imports only the standard library, never the UI, validation or storage layers."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import trainer.engine

ENGINE = Path(trainer.engine.__file__).parent
FORBIDDEN = {"textual", "rich", "pydantic", "sqlite3", "platformdirs"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_sources_import_only_the_standard_library_and_the_engine() -> None:
    offenders = {}
    for path in sorted(ENGINE.rglob("*.py")):
        outside = {root for root in imported_roots(path) if root not in sys.stdlib_module_names and root != "trainer"}
        outside |= imported_roots(path) & FORBIDDEN
        if outside:
            offenders[path.name] = sorted(outside)
    assert offenders == {}


def test_engine_only_imports_other_engine_modules_from_the_package() -> None:
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("trainer"):
                assert node.module.startswith("trainer.engine"), f"{path.name} imports {node.module}"


def test_importing_the_engine_loads_no_ui_validation_or_storage_module() -> None:
    code = (
        "import sys, trainer.engine; "
        f"print(sorted(m for m in {sorted(FORBIDDEN)!r} if m in sys.modules))"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


PACKAGE = ENGINE.parent
UI = {"textual", "rich", "textual_plotext", "trainer.tui"}
LAYERS = {
    # module or package -> what it may never import. Layers point downward: engine < content, store, analysis,
    # practice < tui < cli. A package named here but not written yet is checked as soon as it exists.
    "content": UI | {"sqlite3", "bgsage", "trainer.store", "trainer.cli", "trainer.analysis", "trainer.practice"},
    # The store keeps plain numbers: scheduling (fsrs) and ratings are the practice layer's.
    "store": UI
    | {"pydantic", "bgsage", "fsrs", "trainer.content", "trainer.cli", "trainer.analysis", "trainer.practice",
       "trainer.play"},
    "engine": {"trainer.analysis", "bgsage", "bgbot_cpp"},
    # Position evaluation: the only place that may import the evaluator (bgsage); it may use the engine only.
    "analysis": UI | {"pydantic", "sqlite3", "trainer.content", "trainer.store", "trainer.cli", "trainer.practice"},
    # Ratings, schedules, statistics: pure, no UI and no storage.
    "practice": UI | {"sqlite3", "bgsage", "trainer.store", "trainer.cli", "trainer.analysis"},
    # Games against the computer: the engine and the analysis only; its records are saved by the store.
    "play": UI | {"pydantic", "sqlite3", "trainer.content", "trainer.store", "trainer.cli", "trainer.practice"},
    "tui": {"trainer.cli", "bgsage"},
    # Widgets only display what screens give them.
    "tui/widgets": {"trainer.tui.screens", "trainer.tui.app", "trainer.store"},
}
PLANNED = {"analysis", "practice"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_layers_only_point_downward() -> None:
    offenders = []
    for name, forbidden in LAYERS.items():
        target = PACKAGE / name
        if name in PLANNED and not target.exists():
            continue
        files = sorted(target.rglob("*.py")) if target.is_dir() else [target]
        assert files, name
        for path in files:
            for module in imported_modules(path):
                if any(module == bad or module.startswith(bad + ".") for bad in forbidden):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_a_forbidden_import_is_caught(tmp_path: Path) -> None:
    """The checker itself works: a widget importing a screen is found."""
    module = tmp_path / "bad.py"
    module.write_text("from trainer.tui.screens.home import HomeScreen\nimport bgsage.board\n")
    assert imported_modules(module) == {"trainer.tui.screens.home", "bgsage.board"}


def test_commands_other_than_the_app_never_load_the_ui() -> None:
    code = (
        "import sys; from trainer.cli import main; main(['moves', 'start', '65']); "
        "print(sorted(m for m in ('textual', 'trainer.tui') if m in sys.modules), file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "[]"


def test_only_the_analysis_package_imports_bgsage() -> None:
    analysis = PACKAGE / "analysis"
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if analysis not in path.parents
        for module in imported_modules(path)
        if module.split(".")[0] in ("bgsage", "bgbot_cpp")
    ]
    assert offenders == []


def test_bgsage_loads_only_when_an_evaluation_is_asked_for() -> None:
    code = (
        "import sys, trainer.analysis; from trainer.cli import main; main(['moves', 'start', '65']); "
        "print(sorted(m for m in ('bgsage', 'bgbot_cpp') if m in sys.modules), file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "[]"


def test_a_play_session_loads_the_evaluator_only_when_it_evaluates() -> None:
    """Starting, rebuilding and exporting a session need the engine alone; UI and storage are never loaded."""
    code = (
        "import sys; from trainer.play import Session, export_mat; session = Session.new(3, seed=1); "
        "export_mat(Session.resume(session.record.to_json()).record); "
        "print(sorted(m for m in ('bgsage', 'bgbot_cpp', 'textual', 'sqlite3') if m in sys.modules), file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "[]"
