"""``scoring`` holds the pure game rules and scores: it imports neither reportlab nor cv2,
nor anything from ``pnp`` (the design card; ``scoring/__init__.py``). Checked in its
source, every import statement of every module, and at run time, every module
imported in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SCORING = Path(__file__).resolve().parents[1] / "scoring"
BARRED = frozenset({"pnp", "cv2", "reportlab", "svgwrite"})


def imported_roots(source: str) -> set[str]:
    """The top-level package of every module an ``import`` or absolute ``from`` names."""
    roots = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_imported_roots_sees_every_form_of_import():
    source = "import cv2\nimport os.path as p\nfrom pnp.vision import read\nfrom . import x\n"
    source += "def f():\n    import reportlab.pdfgen\n"
    assert imported_roots(source) == {"cv2", "os", "pnp", "reportlab"}


def modules() -> list[Path]:
    return sorted(SCORING.rglob("*.py"))


def test_there_are_modules_to_check():
    assert len(modules()) > 20


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(SCORING)))
def test_no_module_imports_a_barred_package(path):
    assert not imported_roots(path.read_text()) & BARRED


def test_importing_every_module_loads_no_barred_package():
    names = [
        ".".join(p.relative_to(SCORING.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in modules()
    ]
    code = (
        "import importlib, sys\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(BARRED)!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=SCORING.parent, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
