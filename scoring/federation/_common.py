"""Small helpers shared by the Federation layout models."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from scoring.layout_file import layouts_root


def federation_dir() -> Path:
    """The folder holding the shipped Federation layout files."""
    return layouts_root() / "federation"


def duplicate_ids(where: str, ids: Iterable[str]) -> list[str]:
    """One problem per id used more than once in ``where``."""
    return [
        f"{where}: id {name!r} is used {count} times"
        for name, count in Counter(ids).items()
        if count > 1
    ]
