"""Distant Suns: hex geometry, the sheet and shape data, and the drawing rules.

Pure: no drawing, no I/O beyond reading the layout files.

* :mod:`.hexgrid`: axial pointy-top hexes, ids ``"q3r5"``, geometry for the renderer.
* :mod:`.layout`: the typed cosmos.yaml and shapes.yaml, ``load_cosmos()``, ``load_shapes()``.
* :mod:`.placement`: ``Sheet``, ``legal_placements()``, ``check_sheet()``.
"""

from scoring.distant_suns.hexgrid import Hex, hex_id, orientations, parse_hex_id
from scoring.distant_suns.layout import Cosmos, Shapes, Zone, load_cosmos, load_shapes
from scoring.distant_suns.placement import (
    PlacedShape,
    Placement,
    Sheet,
    check_sheet,
    legal_placements,
)

__all__ = [
    "Cosmos",
    "Hex",
    "PlacedShape",
    "Placement",
    "Shapes",
    "Sheet",
    "Zone",
    "check_sheet",
    "hex_id",
    "legal_placements",
    "load_cosmos",
    "load_shapes",
    "orientations",
    "parse_hex_id",
]
