"""Entry points the game registry calls for Stellar Drift sheets."""

from __future__ import annotations

from pnp.paper import Paper
from pnp.sheets.base import Palette, RenderedPage
from scoring.stellar_drift import layouts


def ship_layouts() -> list[str]:
    names = layouts.ship_names()
    first = layouts.load_rules().first_game_ship
    return [first] + [n for n in names if n != first]


def ship(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.stellar_drift.ship import build_ship_sheet

    return [build_ship_sheet(layouts.load_ship(layout), paper, serial, palette)]


def tracker_layouts() -> list[str]:
    return ["tracker"]


def tracker(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.stellar_drift.tracker import build_tracker_sheet

    return [build_tracker_sheet(layouts.load_tracker(), paper, serial, palette)]


def tech_layouts() -> list[str]:
    return ["tech"]


def tech(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.stellar_drift.tech import build_tech_sheet

    return [build_tech_sheet(layouts.load_tech(), paper, serial, palette)]


def component_layouts() -> list[str]:
    return ["components"]


def components(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.stellar_drift.components import build_component_pages

    return build_component_pages(layouts.load_tracker(), layouts.load_rules(), paper, palette)
