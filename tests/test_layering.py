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
"""Modules every layer may import, the engine included (standard library only, but for Babel's locale data that the
translation module's numbers and dates load when first needed): the translation function, and the lazy import of a
package's public names that the engine's, the analysis' and the play package's ``__init__`` use."""
UI = {"textual", "rich", "textual_plotext"}
EVALUATOR = {"bgsage", "bgbot_cpp"}
STORAGE = {"sqlite3"}  # of the standard library, only for the layers whose rule names it
BELOW_THE_UI = {
    "trainer.engine",
    "trainer.shared",
    "trainer.content",
    "trainer.store",
    "trainer.analysis",
    "trainer.play",
    "trainer.practice",
    "trainer.training",
}
ALLOWED: dict[str, set[str]] = {
    # A package (or top-level module) -> all it may import besides the standard library and itself. Layers point
    # downward (see LAYERS): engine < shared < content, store, analysis, practice < play < training < tui < cli, and
    # authoring beside the app, for the command line alone. "trainer" alone is the package's __init__ (its
    # version); a module with no rule here fails the test until it is given one.
    "__init__.py": set(),
    # ``python -m trainer`` runs the console script.
    "__main__.py": {"trainer.cli.main"},
    # The rules of the game: nothing of the package but the translation function.
    "engine": set(),
    # Values and helpers shared by the layers above the engine (kinds, skill, review cards, regular files): below
    # them all, so they stand on nothing.
    "shared": set(),
    # Lesson and puzzle files: pydantic models of the engine's values; the checked content is cached in the user's
    # cache folder (platformdirs), never in the store.
    "content": {"pydantic", "platformdirs", "trainer.engine", "trainer.shared"},
    # The store keeps plain numbers: scheduling (fsrs) and ratings are the practice layer's.
    "store": STORAGE | {"platformdirs", "trainer.engine", "trainer.shared"},
    # Position evaluation: the only place that may import the evaluator (bgsage); it may use the engine only.
    "analysis": EVALUATOR | {"trainer.engine"},
    # Ratings, schedules, statistics: pure, no UI, no storage and no content (the records and the catalogue are
    # passed in).
    "practice": {"fsrs", "trainer.engine", "trainer.shared"},
    # Games against the computer and reading a match: the engine and the analysis only; the store saves its records.
    "play": {"trainer.engine", "trainer.analysis", "trainer.shared"},
    # The training service (every write to the store from the app; it saves the play layer's games, its values) and
    # the progress the dashboard shows (the store's records over the content, through the practice layer).
    "training": {
        "trainer.engine",
        "trainer.shared",
        "trainer.content",
        "trainer.practice",
        "trainer.store",
        "trainer.play.game",
        "trainer.play.analyse",
    },
    # The app and the turn on the board under it: anything but the command line, the authors' tools and the
    # evaluator itself; a crash report names the package's version.
    "tui": UI | BELOW_THE_UI | {"trainer", "trainer.tui"},
    "tui/screens": UI
    | BELOW_THE_UI
    | {
        "trainer.tui.app",
        "trainer.tui.play_presenter",
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
    # The authors' tools: the content met with the evaluator (figures, mining), the bear-off tables' build (numpy),
    # the message catalogs (Babel), mining on a Dask cluster (distributed, the optional extra) and from the games
    # of .mat files (the play layer reads them). Never the store or the app.
    "authoring": {
        "numpy",
        "babel",
        "distributed",
        "trainer.engine",
        "trainer.content",
        "trainer.analysis",
        "trainer.play",
    },
    # The command line on top: every layer below, the app it starts (and its crash reports), the authors' tools, and
    # the app served to a browser (textual-serve, its aiohttp and its rich log).
    "cli": BELOW_THE_UI
    | {
        "textual_serve",
        "aiohttp",
        "rich",
        "trainer",
        "trainer.tui.app",
        "trainer.tui.crash_report",
        "trainer.authoring",
    },
    # The translation function, below every layer (see BELOW_EVERY_LAYER), and the numbers and dates written in the
    # language in use (Babel's locale data, imported only for a language other than English).
    "i18n.py": {"babel"},
    # A package's public names imported when first asked for, read from its stub: below every layer (see
    # BELOW_EVERY_LAYER), the engine's __init__ included.
    "lazy.py": set(),
}
LAYERS: list[set[str]] = [
    {"i18n.py", "lazy.py", "__init__.py"},
    {"engine"},
    {"shared"},
    {"content", "store", "analysis", "practice"},
    {"play"},
    {"training"},
    {"tui", "authoring"},
    {"cli"},
    {"__main__.py"},
]
"""The layers from the bottom up: a rule may name a package of a lower layer only (and its own)."""
TOP_LEVEL = {"__init__.py", "__main__.py", "i18n.py", "lazy.py"}
"""The modules left at the top of ``trainer/`` on purpose (every other module belongs to a package): the package's
version, ``python -m trainer``, the translation function every layer imports and the lazy public names of the
packages (read from their stubs)."""


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


def layer_named(module: str) -> str:
    """The layer (a key of ``ALLOWED``, its package for a subpackage) of a module of the package a rule names."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__.py"
    return parts[1] if len(parts) > 2 or (PACKAGE / parts[1]).is_dir() else f"{parts[1]}.py"


def rule_offences(rules: dict[str, set[str]]) -> list[str]:
    """Each module of the package a rule names that is not in a lower layer than the rule's own (see LAYERS)."""
    rank = {layer: number for number, layers in enumerate(LAYERS) for layer in layers}
    offences = []
    for layer, allowed in sorted(rules.items()):
        own = layer.split("/")[0]
        for module in sorted(name for name in allowed if name.split(".")[0] == "trainer"):
            named = layer_named(module)
            if named != own and rank[named] >= rank[own]:
                offences.append(f"{layer} may import {module}")
    return offences


def test_every_rule_names_only_lower_layers() -> None:
    """The rules themselves point downward: no arrow runs up or sideways between the layers of LAYERS."""
    assert {layer.split("/")[0] for layer in ALLOWED} == set().union(*LAYERS)
    assert rule_offences(ALLOWED) == []
    upward = {"play": {"trainer.engine", "trainer.training.service"}, "content": {"trainer.store"}}
    assert rule_offences(upward) == ["content may import trainer.store", "play may import trainer.training.service"]


def test_the_top_of_the_package_holds_only_the_modules_left_there_on_purpose() -> None:
    """Every other module belongs to a package, so that the layout shows the layers (a new loose module fails)."""
    assert {path.name for path in PACKAGE.glob("*.py")} == TOP_LEVEL


def test_an_import_against_a_rule_is_caught(tmp_path: Path) -> None:
    """The check itself works: each kind of bad import, written into a copy of the layout, is reported."""
    bad = {
        "analysis/levels.py": "import trainer.play\nimport numpy\n",
        "tui/widgets/board.py": "from trainer.tui.screens.home import HomeScreen\n",
        "tui/screens/home.py": "from trainer.cli.main import run\nfrom bgsage import board\n",
        "tui/screens/game_review.py": "from trainer.cli.analyse import read_match_file\n",
        "tui/app.py": "from trainer.authoring.figures import deep_check\n",
        "play/local.py": "from ..store import ProgressStore\n",
        "practice/stats.py": "import sqlite3\nfrom trainer.content.loader import LessonLibrary\n",
        "training/service.py": "from textual.app import App\n",
        "authoring/figures.py": "from trainer.store import ProgressStore\n",
        "shared/kinds.py": "from trainer.engine import Side\n",
        "engine/moves.py": "if TYPE_CHECKING:\n    from trainer.content.models import Lesson\n",
        "new_report.py": "import json\n",
        "content/puzzles.py": "import json\nfrom trainer.engine import Dice\nfrom .models import Lesson\n",  # allowed
        "cli/stats.py": "from trainer.training.progress import gather\nfrom trainer.cli import wording\n",  # allowed
    }
    for name, text in bad.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert layer_offences(tmp_path) == [
        "analysis/levels.py imports numpy",
        "analysis/levels.py imports trainer.play",
        "authoring/figures.py imports trainer.store",
        "engine/moves.py imports trainer.content.models",
        "new_report.py: no layering rule for new_report.py",
        "play/local.py imports trainer.store",
        "practice/stats.py imports sqlite3",
        "practice/stats.py imports trainer.content.loader",
        "shared/kinds.py imports trainer.engine",
        "training/service.py imports textual.app",
        "tui/app.py imports trainer.authoring.figures",
        "tui/screens/game_review.py imports trainer.cli.analyse",
        "tui/screens/home.py imports bgsage",
        "tui/screens/home.py imports trainer.cli.main",
        "tui/widgets/board.py imports trainer.tui.screens.home",
    ]


def test_commands_other_than_the_app_never_load_the_ui() -> None:
    code = (
        "import sys; from trainer.cli.main import main; main(['moves', 'start', '65']); "
        "print(sorted(m for m in ('textual', 'trainer.tui') if m in sys.modules), file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "[]"


PLAIN_UI_MODULES = ("trainer.tui.play_presenter", "trainer.tui.scenes")
"""Modules of the app that decide what a screen shows without the UI toolkit: they load neither Textual nor Rich."""


def test_the_presenters_and_scenes_load_no_ui_toolkit() -> None:
    code = (
        f"import sys, importlib; [importlib.import_module(m) for m in {PLAIN_UI_MODULES!r}]; "
        "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


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
        "import sys, trainer.analysis; from trainer.cli.main import main; main(['moves', 'start', '65']); "
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
    "record_knowledge_answer",
    "record_lesson_finished",
    "record_puzzle_attempt",
    "record_rating",
    "remove_review_card",
    "reset_lesson",
    "save_game",
    "save_local_game",
    "save_review_card",
    "save_theme_losses",
    "set_aside_setting",
    "set_resume_step",
    "set_setting",
}
"""The methods of the store's parts (``store.settings.set_setting``...) that write to the progress file."""
STORE_WRITERS = {"training/service.py"}
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
    writes = (
        "def go(store):\n    store.settings.set_setting('theme', 'x')\n    return store.settings.setting('theme')\n"
    )
    (tmp_path / "tui" / "screen.py").write_text(writes)
    (tmp_path / "training").mkdir()
    (tmp_path / "training" / "service.py").write_text(writes)
    assert store_writes(tmp_path) == ["tui/screen.py:2 calls set_setting"]


def store_part_methods(tmp_path: Path) -> set[str]:
    """The public methods of the store and of each of its parts (``store.lessons``, ``store.games``...)."""
    from trainer.store import ProgressStore
    from trainer.store.database import Records

    store = ProgressStore(tmp_path)
    try:
        parts = [value for value in vars(store).values() if isinstance(value, Records)]
    finally:
        store.close()
    return {name for owner in (store, *parts) for name in dir(type(owner)) if not name.startswith("_")}


def store_writers() -> set[str]:
    """The functions of the store that write to the progress file: those that call ``execute_write``, and those that
    call one of them (by name, whatever it belongs to)."""
    calls: dict[str, set[str]] = {}
    for path in (PACKAGE / "store").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                calls.setdefault(node.name, set()).update(
                    inner.func.attr if isinstance(inner.func, ast.Attribute) else inner.func.id
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute | ast.Name)
                )
    writers = {"execute_write"}
    while more := {name for name, called in calls.items() if called & writers} - writers:
        writers |= more
    return writers


def unknown_store_writes(public: set[str], known: set[str] = STORE_WRITES) -> set[str]:
    """The methods in ``public`` that write to the progress file but are not in ``known``."""
    return (store_writers() & public) - known


def test_every_store_write_is_known(tmp_path: Path) -> None:
    """The list above names every method of the store's parts that writes (a new one must be added to it), and each
    name in it is a method of a part."""
    public = store_part_methods(tmp_path)
    assert unknown_store_writes(public) == set()
    assert STORE_WRITES - public == set()
    assert unknown_store_writes(public, STORE_WRITES - {"set_setting", "save_game"}) == {"set_setting", "save_game"}
