"""The blank sheet as the reader sees it: rendered, flattened into the common box.

Marks are what the photo has and the blank sheet has not, so every field is read
against its own printed ink.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from pnp.games import GAMES
from pnp.pagecode import PageCode
from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH, find_paper
from pnp.sheetmap import SheetMap
from pnp.sheets.base import Palette, RenderedPage


@lru_cache(maxsize=32)
def blank_sheet(
    game: str, sheet: str, layout: str, serial: int, ink_saving: bool = False
) -> RenderedPage:
    """The page a code names, as printed on A4 (its fields in common-box mm differ by
    a fixed offset only between papers), in colour or as ``pnp kit --ink-saving`` prints
    it (the same fields; no large fills, symbols in black)."""
    kind = GAMES[game].sheet(sheet)
    if layout not in kind.layout_names():
        raise KeyError(f"unknown {game} {sheet} layout {layout!r}")
    pages = kind.build(layout, find_paper("a4"), serial, Palette(ink_saving=ink_saving))
    return next(p for p in pages if p.map and p.map.code.layout == layout)


def common_map(code: PageCode) -> SheetMap:
    """The sheet map of ``code`` with every field moved into common-box mm (built once
    per sheet and serial, and shared: callers must not change it)."""
    return _common_map(code.game, code.sheet, code.layout, code.serial)


@lru_cache(maxsize=32)
def _common_map(game: str, sheet: str, layout: str, serial: int) -> SheetMap:
    from dataclasses import replace

    # Built once per layout: a sheet's fields, markers and size do not depend on its
    # serial (tests/test_blank_cache.py), only its page code does.
    m = _layout_map(game, sheet, layout)
    return replace(m, code=replace(m.code, serial=serial))


@lru_cache(maxsize=32)
def _layout_map(game: str, sheet: str, layout: str) -> SheetMap:
    from pnp.vision.blank_cache import cached_map

    return cached_map(f"{game}-{sheet}-{layout}-map", lambda: _moved_map(game, sheet, layout))


def _moved_map(game: str, sheet: str, layout: str) -> SheetMap:
    from dataclasses import replace

    m = blank_sheet(game, sheet, layout, 1).map
    dx, dy = (m.width - COMMON_WIDTH) / 2, (m.height - COMMON_HEIGHT) / 2
    return replace(m, fields=[replace(f, x=f.x - dx, y=f.y - dy) for f in m.fields])


@lru_cache(maxsize=32)
def reference_image(
    game: str, sheet: str, layout: str, px_per_mm: float, ink_saving: bool = False
) -> np.ndarray:
    """The blank sheet in gray, the common box at ``px_per_mm`` (as printed in colour, or
    ink-saving: ``blank_sheet``); kept on disk between runs (``pnp.vision.blank_cache``).
    Shared by every caller, so read-only."""
    out = rendered_blank(game, sheet, layout, px_per_mm, ink_saving)
    out.flags.writeable = False
    return out


def rendered_blank(
    game: str, sheet: str, layout: str, px_per_mm: float, ink_saving: bool = False
) -> np.ndarray:
    """``reference_image``, not kept in memory: from the disk cache, else rendered."""
    from pnp.vision.blank_cache import cached_gray

    print_name = "ink-saving" if ink_saving else "colour"
    name = f"{game}-{sheet}-{layout}-{print_name}-{float(px_per_mm)!r}"
    shape = (round(COMMON_HEIGHT * px_per_mm), round(COMMON_WIDTH * px_per_mm))
    return cached_gray(name, shape, lambda: _render(game, sheet, layout, px_per_mm, ink_saving))


def _render(game: str, sheet: str, layout: str, px_per_mm: float, ink_saving: bool) -> np.ndarray:
    from pnp.render.pdf import pdf_bytes
    from pnp.render.png import rasterize_pdf

    page = blank_sheet(game, sheet, layout, 1, ink_saving).page
    rgb = rasterize_pdf(pdf_bytes([page]), px_per_mm * 25.4)[0]
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    dx = round((page.width - COMMON_WIDTH) / 2 * px_per_mm)
    dy = round((page.height - COMMON_HEIGHT) / 2 * px_per_mm)
    w, h = round(COMMON_WIDTH * px_per_mm), round(COMMON_HEIGHT * px_per_mm)
    out = np.full((h, w), 255, np.uint8)
    crop = gray[dy : dy + h, dx : dx + w]
    out[: crop.shape[0], : crop.shape[1]] = crop
    return out
