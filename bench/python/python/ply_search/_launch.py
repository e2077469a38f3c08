"""Runs a course's script or module with some of its imports answered by ply's classes: the
launchers ``python -m ply_search.aind`` and ``python -m ply_search.udacity``, so that a
student's project runs on ply unchanged, the course's files included."""

import importlib.abc
import importlib.machinery
import importlib.util
import os
import runpy
import sys
import types
from typing import Dict, List, Optional


class StandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """An import finder that answers each of its module names with a module of ply's, ahead of
    the files on ``sys.path``: a course's package still runs its own ``__init__.py``, and its
    ``from .isolation import ...`` finds ply's module (set on the package as a submodule
    found by import is)."""

    def __init__(self, modules: Dict[str, types.ModuleType]):
        self.modules = modules

    def find_spec(self, name: str, path=None, target=None) -> Optional[importlib.machinery.ModuleSpec]:
        if name not in self.modules:
            return None
        return importlib.util.spec_from_loader(name, self, is_package=hasattr(self.modules[name], "__path__"))

    def create_module(self, spec) -> types.ModuleType:
        return self.modules[spec.name]

    def exec_module(self, module: types.ModuleType) -> None:
        """The module is ply's, already built."""


def run(argv: List[str], modules: Dict[str, types.ModuleType], usage: str) -> None:
    """Runs ``SCRIPT [ARGS...]`` or ``-m MODULE [ARGS...]`` (as ``python`` would) with each
    of ``modules`` answering an import of its name (see ``StandIns``). A script's folder, or
    for a module the working folder, leads ``sys.path`` as under ``python``."""
    if not argv or argv[0] in ("-h", "--help") or (argv[0] == "-m" and len(argv) < 2):
        _refuse(usage)
    sys.meta_path.insert(0, StandIns(modules))
    if argv[0] == "-m":
        sys.path.insert(0, os.getcwd())
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        script = argv[0]
        if not os.path.isfile(script):
            _refuse("bad script `{}`: no such file; expected SCRIPT [ARGS...] or -m MODULE [ARGS...]".format(script))
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
        sys.argv = list(argv)
        runpy.run_path(script, run_name="__main__")


def _refuse(line: str) -> None:
    """Bad arguments: one line on stderr, exit code 2 (as ply's command)."""
    print(line, file=sys.stderr)
    sys.exit(2)
