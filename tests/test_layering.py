"""Layers point downward: the engine imports only the standard library; each package and top-level module imports
only what its rule allows; the evaluator and the UI load only where they are needed."""

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
                below = node.module.startswith("trainer.engine") or node.module in BELOW_EVERY_LAYER
                assert below, f"{path.name} imports {node.module}"


def test_importing_the_engine_loads_no_ui_validation_or_storage_module() -> None:
    code = f"import sys, trainer.engine; print(sorted(m for m in {sorted(FORBIDDEN)!r} if m in sys.modules))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


PACKAGE = ENGINE.parent
BELOW_EVERY_LAYER = {"trainer.i18n", "trainer.lazy"}
"""Modules every layer may import, the engine included (both standard library only): the translation function, and
the lazy import of a package's public names that the engine's, the analysis' and the play package's ``__init__``
use."""
UI = {"textual", "rich", "textual_plotext"}
EVALUATOR = {"bgsage", "bgbot_cpp"}
STORAGE = {"sqlite3"}  # of the standard library, only for the layers whose rule names it
BELOW_THE_UI = {
    "trainer.engine",
    "trainer.content",
    "trainer.store",
    "trainer.analysis",
    "trainer.play",
    "trainer.practice",
    "trainer.training",
    "trainer.stats_report",
    "trainer.reports",
    "trainer.regular_files",
    "trainer.skill",
    "trainer.kinds",
    "trainer.analyse_report",
    "trainer.serve",
}
ALLOWED: dict[str, set[str]] = {
    # A package (or top-level module) -> all it may import besides the standard library and itself. Layers point
    # downward: engine < content, store, analysis, practice < play < tui < cli. "trainer" alone is the package's
    # __init__ (its version); a module with no rule here fails the test until it is given one.
    "__init__.py": set(),
    "__main__.py": {"trainer.cli"},
    "engine": set(),
    "content": {"pydantic", "trainer.engine", "trainer.regular_files", "trainer.skill"},
    # The store keeps plain numbers: scheduling (fsrs) and ratings are the practice layer's.
    "store": STORAGE
    | {"platformdirs", "trainer.engine", "trainer.regular_files", "trainer.review_card", "trainer.kinds"},
    # Position evaluation: the only place that may import the evaluator (bgsage); it may use the engine only.
    "analysis": EVALUATOR | {"trainer.engine"},
    # Ratings, schedules, statistics: pure, no UI and no storage.
    "practice": {"fsrs", "trainer.engine", "trainer.review_card", "trainer.kinds"},
    # Games against the computer: the engine and the analysis only; its records are saved by the store.
    "play": {"trainer.engine", "trainer.analysis", "trainer.skill"},
    # The app and the turn on the board under it: anything but the command line and the evaluator itself.
    "tui": UI | BELOW_THE_UI | {"trainer.tui"},
    "tui/screens": UI
    | BELOW_THE_UI
    | {
        "trainer.tui.app",
        "trainer.tui.playing",
        "trainer.tui.widgets",
        "trainer.tui.scenes",
        "trainer.tui.steps",
        "trainer.tui.wording",
    },
    # Widgets only display what screens give them: never a screen, the app or the store; their words come from the
    # app's wording module.
    "tui/widgets": UI
    | {
        "trainer.engine",
        "trainer.content",
        "trainer.analysis",
        "trainer.play",
        "trainer.practice",
        "trainer.tui.wording",
    },
    # The top-level modules: the progress the app shows, reports, the bear-off table's build, the command line.
    # No UI outside trainer/tui and the command line that starts it.
    # The training service: every write to the store from the app; it saves the games of the play layer (its values).
    "training.py": {
        "trainer.engine",
        "trainer.content",
        "trainer.practice",
        "trainer.store",
        "trainer.play.game",
        "trainer.play.analyse",
        "trainer.kinds",
        "trainer.skill",
    },
    "stats_report.py": {
        "trainer.engine",
        "trainer.content",
        "trainer.practice",
        "trainer.store",
        "trainer.cli_wording",
    },
    "cube_report.py": {"trainer.engine", "trainer.cli_wording"},
    # The app served to a browser: textual-serve (and its aiohttp) behind a token.
    "serve.py": {"textual_serve", "aiohttp", "trainer.cli_wording"},
    # A match analysed for the command line: the play layer's analysis, a game played here from the store.
    "analyse_report.py": {
        "trainer.engine",
        "trainer.analysis",
        "trainer.play",
        "trainer.store",
        "trainer.skill",
        "trainer.regular_files",
        "trainer.cli_wording",
    },
    # Where a lesson's stored figures meet the evaluator: computed for authors, checked again by validate --deep.
    "figures.py": {"trainer.engine", "trainer.content", "trainer.analysis"},
    # Mining skill puzzles: bgsage's judgement of self-play positions, written as content.
    "skill_mining.py": {"trainer.engine", "trainer.content", "trainer.analysis"},
    # A crash report goes in the data folder, private as the store makes it.
    "reports.py": {"trainer", "trainer.store", "trainer.cli_wording"},
    # The sentences of the command line and its reports: the engine's quoting below them.
    "cli_wording.py": {"trainer.engine"},
    "bearoff_build.py": {"numpy", "trainer.engine"},
    # Reading a file that must be a regular one, without waiting on a pipe: the content files and the store's.
    "regular_files.py": set(),
    # The review card's fields, which the store keeps and the practice layer schedules: below both.
    "review_card.py": set(),
    # The kinds of ratings and drills, which the store keeps apart and the practice layer rates: below both.
    "kinds.py": set(),
    # The translation function, below every layer (see BELOW_EVERY_LAYER).
    "i18n.py": set(),
    # A package's public names imported when first asked for, read from its stub: below every layer (see
    # BELOW_EVERY_LAYER), the engine's __init__ included.
    "lazy.py": set(),
    # The message catalogs, for maintainers: Babel extracts and compiles them.
    "catalogs.py": {"babel", "trainer.i18n"},
    # How good a decision was, by the equity it gave away: below the layers that judge.
    "skill.py": set(),
    "cli.py": UI
    | BELOW_THE_UI
    | {
        "trainer",
        "trainer.cube_report",
        "trainer.figures",
        "trainer.skill_mining",
        "trainer.tui.app",
        "trainer.cli_wording",
    },
}


def imported_modules(path: Path, root: Path = PACKAGE) -> set[str]:
    """Every module ``path`` imports, also under ``TYPE_CHECKING`` and inside functions; relative imports are made
    absolute (``root`` is the folder of the ``trainer`` package)."""
    package = ("trainer", *path.relative_to(root).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                module = node.module or ""
            else:
                base = package[: len(package) - node.level + 1]
                module = ".".join((*base, node.module) if node.module else base)
            submodules = [f"{module}.{alias.name}" for alias in node.names if is_module(f"{module}.{alias.name}", root)]
            names.update(submodules or [module])
    return names


def is_module(name: str, root: Path = PACKAGE) -> bool:
    """Whether ``name`` (``trainer.tui.wording``) is a module or package of the tree at ``root``."""
    parts = name.split(".")
    if parts[0] != "trainer":
        return False
    where = root.joinpath(*parts[1:])
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def layer_of(path: Path, root: Path = PACKAGE) -> str:
    """The key of ``ALLOWED`` whose rule covers ``path``: its package (``tui/screens`` and ``tui/widgets`` apart),
    or its own name for a top-level module."""
    parts = path.relative_to(root).parts
    if len(parts) == 1:
        return parts[0]
    if parts[0] == "tui" and len(parts) > 2 and parts[1] in ("screens", "widgets"):
        return f"tui/{parts[1]}"
    return parts[0]


def may_import(layer: str, module: str) -> bool:
    own = "trainer." + layer.removesuffix(".py").replace("/", ".")
    root = module.split(".")[0]
    if (root in sys.stdlib_module_names and root not in STORAGE) or module == own or module.startswith(own + "."):
        return True
    if module in BELOW_EVERY_LAYER:
        return True
    return any(module == name or (name != "trainer" and module.startswith(name + ".")) for name in ALLOWED[layer])


def layer_offences(root: Path = PACKAGE) -> list[str]:
    """Each import under ``root`` that its layer's rule does not allow, and each module no rule covers."""
    offences = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        layer = layer_of(path, root)
        if layer not in ALLOWED:
            offences.append(f"{where}: no layering rule for {layer}")
            continue
        modules = sorted(imported_modules(path, root))
        offences.extend(f"{where} imports {module}" for module in modules if not may_import(layer, module))
    return offences


def test_layers_only_point_downward() -> None:
    assert layer_offences() == []


def test_every_layer_with_a_rule_exists() -> None:
    missing = [name for name in ALLOWED if not (PACKAGE / name).exists()]
    assert missing == []


def test_an_import_against_a_rule_is_caught(tmp_path: Path) -> None:
    """The check itself works: each kind of bad import, written into a copy of the layout, is reported."""
    bad = {
        "analysis/levels.py": "import trainer.play\nimport numpy\n",
        "tui/widgets/board.py": "from trainer.tui.screens.home import HomeScreen\n",
        "tui/screens/home.py": "from trainer.cli import run\nfrom bgsage import board\n",
        "play/local.py": "from ..store import ProgressStore\n",
        "practice/stats.py": "import sqlite3\n",
        "training.py": "from textual.app import App\n",
        "engine/moves.py": "if TYPE_CHECKING:\n    from trainer.content.models import Lesson\n",
        "new_report.py": "import json\n",
        "content/puzzles.py": "import json\nfrom trainer.engine import Dice\nfrom .models import Lesson\n",  # allowed
    }
    for name, text in bad.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert layer_offences(tmp_path) == [
        "analysis/levels.py imports numpy",
        "analysis/levels.py imports trainer.play",
        "engine/moves.py imports trainer.content.models",
        "new_report.py: no layering rule for new_report.py",
        "play/local.py imports trainer.store",
        "practice/stats.py imports sqlite3",
        "training.py imports textual.app",
        "tui/screens/home.py imports bgsage",
        "tui/screens/home.py imports trainer.cli",
        "tui/widgets/board.py imports trainer.tui.screens.home",
    ]


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


STORE_WRITES = {
    "add_personal_puzzles",
    "complete_step",
    "delete_game",
    "delete_local_game",
    "mark_finished",
    "record_drill_run",
    "record_lesson_finished",
    "record_puzzle_attempt",
    "record_rating",
    "remove_review_card",
    "reset_lesson",
    "save_game",
    "save_local_game",
    "save_review_card",
    "set_aside_setting",
    "set_resume_step",
    "set_setting",
}
"""The store's methods that write to the progress file."""
STORE_WRITERS = {"training.py"}
"""The one service through which the app writes to the store (the store writes itself, of course)."""


def store_writes(root: Path = PACKAGE) -> list[str]:
    """Each call of a store's writing method outside the store and the training service."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if where.startswith("store/") or where in STORE_WRITERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in STORE_WRITES:
                found.append(f"{where}:{node.lineno} calls {node.func.attr}")
    return found


def test_the_store_is_written_through_the_training_service_only(tmp_path: Path) -> None:
    assert store_writes() == []
    (tmp_path / "tui").mkdir()
    (tmp_path / "tui" / "screen.py").write_text("def go(store):\n    store.set_setting('theme', 'x')\n")
    (tmp_path / "training.py").write_text("def go(store):\n    store.set_setting('theme', 'x')\n")
    assert store_writes(tmp_path) == ["tui/screen.py:2 calls set_setting"]


def test_every_store_write_is_known() -> None:
    """The list above names every method of the store that writes (a new one must be added to it)."""
    from trainer.store import ProgressStore

    writers = set()
    for path in (PACKAGE / "store").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                calls = {
                    inner.func.attr
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute)
                }
                if calls & {"write", "execute_write"} or calls & STORE_WRITES:
                    writers.add(node.name)
    public = {name for name in dir(ProgressStore) if not name.startswith("_")}
    assert (writers & public) - STORE_WRITES == set()
