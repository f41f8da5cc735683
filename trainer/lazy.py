"""A package's public names from one list, imported when first asked for (standard library only, below every layer).

The package's ``__init__.pyi`` stub lists each name once, imported from its home module::

    from trainer.engine.dice import Dice as Dice

Type checkers read the stub (the ``as`` re-exports the name). At run time the package's ``__init__.py`` calls
:func:`attach_stub`, which reads the same stub and gives the package its ``__getattr__``, ``__dir__`` and
``__all__``: a home module is imported only when one of its names is first asked for, so that a program needing a
few of a package's values does not load the rest.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any


def stub_homes(init_file: str) -> dict[str, str]:
    """``{name: home module}`` for each name the ``__init__.pyi`` beside ``init_file`` imports, in the stub's order.

    :raises ValueError: if the stub holds anything but lines ``from <module> import <name> as <name>`` (with an
        absolute module), or imports a name twice.
    """
    stub = Path(init_file).with_suffix(".pyi")
    homes: dict[str, str] = {}
    for node in ast.parse(stub.read_text(encoding="utf-8"), filename=str(stub)).body:
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            raise ValueError(f"{stub}:{node.lineno}: a package stub holds only 'from <module> import <name> as <name>'")
        for alias in node.names:
            if alias.asname != alias.name:
                raise ValueError(f"{stub}:{node.lineno}: import {alias.name} as {alias.name}, to re-export it")
            if alias.name in homes:
                raise ValueError(f"{stub}:{node.lineno}: {alias.name} is imported twice")
            homes[alias.name] = node.module
    return homes


def attach_stub(package: str, init_file: str) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """The ``__getattr__``, ``__dir__`` and ``__all__`` of ``package`` (its ``__name__``), whose ``__init__.py`` is
    ``init_file`` (its ``__file__``), from the names its stub lists (see :func:`stub_homes`).

    ``__getattr__`` imports a name's home module and returns the name; a name the stub does not list raises
    :class:`AttributeError`.
    """
    homes = stub_homes(init_file)

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(home), name)

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return __getattr__, __dir__, list(homes)
