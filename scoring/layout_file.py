"""Load a layout file (YAML) into a typed, validated model.

Every problem in a file is reported at once, each naming the file and the
field, so an author fixes a broken layout in one pass.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Protocol, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError


class LayoutError(ValueError):
    """A layout file that cannot be used; ``problems`` lists every reason."""

    def __init__(self, path: Path | str, problems: list[str]):
        self.path = str(path)
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid layout file {self.path}:\n{lines}")


class Strict(BaseModel):
    """Base of every layout model: frozen, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class SelfChecking(Protocol):
    def problems(self) -> list[str]: ...


M = TypeVar("M", bound=BaseModel)


# libyaml's parser where PyYAML was built with it (its wheels are): the same data as
# yaml.safe_load, which it is, in a ninth of the time (the shipped layouts: 43 against
# 371 ms; every pnp score and pnp read loads some)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def layouts_root() -> Path:
    """The folder holding the shipped layout files (works from a wheel too)."""
    return Path(str(resources.files("layouts")))


def _field_path(loc: tuple) -> str:
    return ".".join(str(part) for part in loc) or "(top level)"


def load_model(path: Path | str, model: type[M]) -> M:
    """Parse ``path`` as YAML into ``model``; raise LayoutError listing every problem.

    Models may define ``problems() -> list[str]`` for checks across fields
    (a wall to nowhere, a duplicate id); those run once the types are right.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(path, [f"cannot read file: {exc.strerror or exc}"]) from None
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise LayoutError(
            path, [f"not valid YAML{where}: {getattr(exc, 'problem', exc)}"]
        ) from None
    if not isinstance(data, dict):
        raise LayoutError(path, ["expected a mapping of fields at the top level"])
    try:
        obj = model.model_validate(data)
    except ValidationError as exc:
        problems = [f"{_field_path(err['loc'])}: {err['msg']}" for err in exc.errors()]
        raise LayoutError(path, problems) from None
    check = getattr(obj, "problems", None)
    if callable(check):
        found = check()
        if found:
            raise LayoutError(path, found)
    return obj
