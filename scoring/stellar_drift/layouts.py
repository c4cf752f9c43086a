"""Find and load the Stellar Drift layout files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from scoring.layout_file import layouts_root, load_model
from scoring.stellar_drift.layout import GameRules, Ship, Tech, Tracker


def folder() -> Path:
    return layouts_root() / "stellar_drift"


def ship_names() -> list[str]:
    return sorted(p.stem for p in (folder() / "ships").glob("*.yaml"))


@cache
def load_ship(name: str) -> Ship:
    path = folder() / "ships" / f"{name}.yaml"
    if not path.exists():
        raise KeyError(f"unknown ship {name!r}: choose one of {', '.join(ship_names())}")
    return load_model(path, Ship)


@cache
def load_tracker() -> Tracker:
    return load_model(folder() / "tracker.yaml", Tracker)


@cache
def load_tech() -> Tech:
    return load_model(folder() / "tech.yaml", Tech)


@cache
def load_rules() -> GameRules:
    return load_model(folder() / "game.yaml", GameRules)
