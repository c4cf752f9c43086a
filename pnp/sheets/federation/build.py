"""Entry points the game registry calls for Federation sheets."""

from __future__ import annotations

from pnp.paper import Paper
from pnp.sheets.base import Palette, RenderedPage


def scorepad_layouts() -> list[str]:
    return ["table", "player"]


def scorepad(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.federation.scorepad import build_player, build_table
    from scoring.federation.score_pad import load_score_pad

    build = {"table": build_table, "player": build_player}[layout]
    return [build(load_score_pad(), paper, serial, palette)]


def solo_layouts() -> list[str]:
    return ["rounds", "projects"]


def solo(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.federation.solo import build_projects, build_rounds
    from scoring.federation.solo_tracker import load_solo_tracker

    build = {"rounds": build_rounds, "projects": build_projects}[layout]
    return [build(load_solo_tracker(), paper, serial, palette)]


def reference_layouts() -> list[str]:
    return ["reference"]


def reference(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.federation.reference import build_reference_pages
    from scoring.federation.reference import load_reference

    return build_reference_pages(load_reference(), paper, palette)
