"""Entry points the game registry calls for Distant Suns sheets."""

from __future__ import annotations

from pnp.paper import Paper
from pnp.sheets.base import Palette, RenderedPage
from scoring.distant_suns.layout import load_cosmos, load_shapes


def cosmos_layouts() -> list[str]:
    return ["standard"]


def cosmos(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.distant_suns.cosmos import build_cosmos_sheet

    return [build_cosmos_sheet(load_cosmos(), layout, paper, serial, palette)]


def plain_layouts() -> list[str]:
    return ["standard"]


def templates(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.distant_suns.templates import build_template_pages

    return build_template_pages(load_shapes(), paper, palette)


def board(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.distant_suns.board import build_board_pages
    from scoring.distant_suns.engine.board import load_board_layout

    return build_board_pages(load_cosmos(), load_shapes(), load_board_layout(), paper, palette)


def tiles(layout: str, paper: Paper, serial: int, palette: Palette) -> list[RenderedPage]:
    from pnp.sheets.distant_suns.tiles import build_tile_pages

    return build_tile_pages(load_cosmos(), load_shapes(), paper, palette)
