"""The engine's, the analysis' and the play package's public names come from one list, their ``__init__.pyi`` stub:
each name listed once resolves to the object of its home module, loaded only when first asked for."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.lazy import attach_stub, stub_homes

PACKAGES = ("trainer.engine", "trainer.analysis", "trainer.play")


def stub_of(package: str) -> Path:
    return Path(importlib.import_module(package).__file__ or "").with_suffix(".pyi")


def listed(package: str) -> list[str]:
    """Every name the package's stub imports, read here without :func:`stub_homes` (duplicates kept)."""
    tree = ast.parse(stub_of(package).read_text(encoding="utf-8"))
    return [alias.name for node in tree.body if isinstance(node, ast.ImportFrom) for alias in node.names]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_stub_lists_each_name_once_and_all_of_them_are_public(package: str) -> None:
    names = listed(package)
    assert names and len(names) == len(set(names))
    assert importlib.import_module(package).__all__ == names


@pytest.mark.parametrize("package", PACKAGES)
def test_each_listed_name_resolves_to_the_object_of_its_home_module(package: str) -> None:
    module = importlib.import_module(package)
    for name, home in stub_homes(str(stub_of(package))).items():
        assert getattr(module, name) is getattr(importlib.import_module(home), name), name
    assert set(module.__all__) <= set(dir(module))


@pytest.mark.parametrize("package", PACKAGES)
def test_an_unknown_name_raises_attribute_error(package: str) -> None:
    module = importlib.import_module(package)
    with pytest.raises(AttributeError, match="no_such_name"):
        module.no_such_name  # noqa: B018
    assert not hasattr(module, "legal_play")
    with pytest.raises(ImportError):
        exec(f"from {package} import no_such_name", {})


def test_a_home_module_loads_only_when_one_of_its_names_is_asked_for() -> None:
    code = (
        "import sys, trainer.engine; before = 'trainer.engine.dice' in sys.modules; trainer.engine.Dice; "
        "print(before, 'trainer.engine.dice' in sys.modules, 'trainer.engine.moves' in sys.modules)"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.split() == ["False", "True", "False"]


@pytest.mark.parametrize(
    ("stub", "fault"),
    [
        ("from trainer.engine.dice import Dice\n", "import Dice as Dice"),
        ("from trainer.engine.dice import Dice as Roll\n", "import Dice as Dice"),
        ("from .dice import Dice as Dice\n", "only 'from <module> import <name> as <name>'"),
        ("import trainer.engine.dice\n", "only 'from <module> import <name> as <name>'"),
        ("Dice: int\n", "only 'from <module> import <name> as <name>'"),
        ("from trainer.engine.dice import Dice as Dice\nfrom trainer.engine import Dice as Dice\n", "twice"),
    ],
)
def test_a_stub_that_is_not_one_plain_list_is_refused(tmp_path: Path, stub: str, fault: str) -> None:
    (tmp_path / "__init__.pyi").write_text(stub)
    with pytest.raises(ValueError, match=fault):
        attach_stub("somewhere", str(tmp_path / "__init__.py"))
