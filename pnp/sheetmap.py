"""The sheet map: every markable field of a printed page, with its geometry in page mm.

The same ``Field`` objects that the sheet builders draw are the ones the map
lists and the photo reader reads, so drawing and reading cannot disagree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pnp.pagecode import PageCode


@dataclass(frozen=True)
class Field:
    """One markable place on a page.

    ``shape`` is "rect" (x, y, w, h) or "circle" (x, y = centre, w = h = diameter);
    ``kind`` says what a mark there means (space, track_box, bubble, ...);
    ``meta`` carries the game facts the scorer needs (colour, value, index...).
    """

    id: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    shape: str = "rect"
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in mm."""
        if self.shape == "circle":
            r = self.w / 2
            return (self.x - r, self.y - r, self.x + r, self.y + r)
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    @property
    def centre(self) -> tuple[float, float]:
        """(x, y) of the field's middle in mm."""
        if self.shape == "circle":
            return (self.x, self.y)
        return (self.x + self.w / 2, self.y + self.h / 2)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "shape": self.shape}
        if self.shape == "circle":
            out.update(cx=round(self.x, 3), cy=round(self.y, 3), r=round(self.w / 2, 3))
        else:
            out.update(
                x=round(self.x, 3), y=round(self.y, 3), w=round(self.w, 3), h=round(self.h, 3)
            )
        if self.meta:
            out["meta"] = self.meta
        return out


@dataclass(frozen=True)
class Fiducial:
    """An ArUco marker: ``id`` in DICT_4X4_50, top-left corner (x, y), side ``size`` mm."""

    id: int
    corner: str
    x: float
    y: float
    size: float

    def corners(self) -> list[tuple[float, float]]:
        """Its four corners in the order ArUco reports them (TL, TR, BR, BL)."""
        x, y, s = self.x, self.y, self.size
        return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]


@dataclass
class SheetMap:
    """What is where on one page."""

    code: PageCode
    paper: str
    width: float
    height: float
    fiducials: list[Fiducial]
    qr: tuple[float, float, float]  # x, y, size of the page-code QR symbol
    fields: list[Field]

    def field(self, field_id: str) -> Field:
        for f in self.fields:
            if f.id == field_id:
                return f
        raise KeyError(f"no field {field_id!r} on {self.code.text}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.code.game,
            "sheet": self.code.sheet,
            "layout": self.code.layout,
            "version": self.code.version,
            "serial": self.code.serial,
            "page_code": self.code.text,
            "paper": self.paper,
            "page_mm": {"width": round(self.width, 3), "height": round(self.height, 3)},
            "fiducials": [
                {
                    "id": f.id,
                    "dictionary": "DICT_4X4_50",
                    "corner": f.corner,
                    "x": round(f.x, 3),
                    "y": round(f.y, 3),
                    "size": round(f.size, 3),
                }
                for f in self.fiducials
            ],
            "qr": {
                "x": round(self.qr[0], 3),
                "y": round(self.qr[1], 3),
                "size": round(self.qr[2], 3),
            },
            "fields": [f.to_json() for f in self.fields],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)
