"""Distant Suns pictograms, each centred on (cx, cy) within a square of side ``s`` mm.

* ``zone_glyph``: what a player pencils in every hex of a drawn shape (the
  glyph keys of shapes.yaml). Strokes only, no fill except the dot, so the
  printed sample looks like what a pencil makes.
* ``space_icon``: the printed marks of the Cosmos's special spaces and of the
  Optimization tiles (alien, upgrade, treasure, group, black hole, frontier,
  start). Filled shapes in colour, unlike any pencilled glyph.
* ``you`` / ``opponents``: the Assignment Module pictograms.
"""

from __future__ import annotations

import math

from pnp.render.scene import Circle, Item, Line, Poly, Style, Text
from pnp.render.symbols import gear, rocket, star_points

BLACK = "#000000"
WHITE = "#ffffff"

SPACE_COLOURS = {
    "alien": "#2e9e44",
    "upgrade": "#2a6fdb",
    "treasure": "#c98a00",
    "black_hole": "#000000",
    "frontier": "#d8342c",
    "start": "#2a6fdb",
    "group": "#6b3fa0",
}


def _pts(cx: float, cy: float, u: float, pts) -> tuple[tuple[float, float], ...]:
    return tuple((cx + x * u, cy + y * u) for x, y in pts)


def zone_glyph(
    key: str, cx: float, cy: float, s: float, colour: str = BLACK, width: float | None = None
) -> list[Item]:
    """The glyph ``key`` (shapes.yaml ``glyphs``) drawn as pencil-like strokes."""
    u = s / 2  # half the box
    st = Style(stroke=colour, width=width or max(0.3, s * 0.09), join="round")
    match key:
        case "moon":
            tip = math.radians(55)
            outer = [
                (math.cos(a), math.sin(a))
                for a in (tip + i * (2 * math.pi - 2 * tip) / 16 for i in range(17))
            ]
            tx, ty = math.cos(tip), math.sin(tip)
            inner = [
                (tx - (tx + 0.25) * (1 - t * t), ty * t) for t in (1 - i / 8 for i in range(17))
            ]
            return [Poly(_pts(cx - 0.1 * u, cy, u * 0.9, outer + inner), st)]
        case "lightning":
            return [
                Poly(
                    _pts(cx, cy, u, [(0.45, -0.85), (-0.25, 0.0), (0.25, 0.0), (-0.45, 0.85)]),
                    st,
                    closed=False,
                )
            ]
        case "rocket":
            return [
                Line(cx, cy + 0.85 * u, cx, cy - 0.8 * u, st),
                Poly(
                    _pts(cx, cy, u, [(-0.55, -0.25), (0, -0.85), (0.55, -0.25)]), st, closed=False
                ),
            ]
        case "star":
            pts = [
                (
                    0.85 * math.cos(math.radians(-90 + k * 144)),
                    0.85 * math.sin(math.radians(-90 + k * 144)) + 0.08,
                )
                for k in range(5)
            ]
            return [Poly(_pts(cx, cy, u, pts), st)]
        case "circle":
            return [Circle(cx, cy, 0.72 * u, st)]
        case "wave":
            pts = [
                (-0.85 + 1.7 * i / 16, -0.32 * math.sin(2 * math.pi * i / 16)) for i in range(17)
            ]
            return [Poly(_pts(cx, cy, u, pts), st, closed=False)]
        case "bars":
            return [
                Line(cx - 0.7 * u, cy - 0.3 * u, cx + 0.7 * u, cy - 0.3 * u, st),
                Line(cx - 0.7 * u, cy + 0.3 * u, cx + 0.7 * u, cy + 0.3 * u, st),
            ]
        case "triangle":
            return [Poly(_pts(cx, cy, u, [(0, -0.8), (0.78, 0.62), (-0.78, 0.62)]), st)]
        case "square":
            return [
                Poly(
                    _pts(cx, cy, u, [(-0.65, -0.65), (0.65, -0.65), (0.65, 0.65), (-0.65, 0.65)]),
                    st,
                )
            ]
        case "cross":
            return [
                Line(cx - 0.65 * u, cy - 0.65 * u, cx + 0.65 * u, cy + 0.65 * u, st),
                Line(cx - 0.65 * u, cy + 0.65 * u, cx + 0.65 * u, cy - 0.65 * u, st),
            ]
        case "dot":
            return [Circle(cx, cy, 0.38 * u, Style(stroke=None, fill=colour))]
    raise ValueError(f"unknown zone glyph {key!r}")


def hexagon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    """A pointy-top hexagon of circumradius ``r``."""
    return tuple(
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    )


def space_icon(kind: str, cx: float, cy: float, s: float, ink_saving: bool = False) -> list[Item]:
    """The printed mark of a special space or Optimization tile kind."""
    colour = SPACE_COLOURS[kind]
    fill = Style(stroke=None, fill=colour)
    u = s / 2
    match kind:
        case "alien":
            head = [
                (math.cos(a) * 0.62, math.sin(a) * 0.55 + 0.1)
                for a in (math.radians(i * 15) for i in range(24))
            ]
            eye = Style(stroke=None, fill=WHITE)
            antenna = Style(stroke=colour, width=s * 0.07)
            return [
                Poly(_pts(cx, cy, u, head), fill),
                Line(cx - 0.25 * u, cy - 0.4 * u, cx - 0.5 * u, cy - 0.85 * u, antenna),
                Line(cx + 0.25 * u, cy - 0.4 * u, cx + 0.5 * u, cy - 0.85 * u, antenna),
                Circle(cx - 0.5 * u, cy - 0.85 * u, 0.1 * u, fill),
                Circle(cx + 0.5 * u, cy - 0.85 * u, 0.1 * u, fill),
                Circle(cx - 0.25 * u, cy + 0.05 * u, 0.15 * u, eye),
                Circle(cx + 0.25 * u, cy + 0.05 * u, 0.15 * u, eye),
            ]
        case "upgrade":
            return gear(cx, cy, s * 0.95, fill)
        case "treasure":
            gem = [(-0.8, -0.25), (-0.45, -0.7), (0.45, -0.7), (0.8, -0.25), (0, 0.8)]
            facet = Style(stroke=WHITE, width=s * 0.05)
            return [
                Poly(_pts(cx, cy, u, gem), fill),
                Line(cx - 0.8 * u, cy - 0.25 * u, cx + 0.8 * u, cy - 0.25 * u, facet),
                Poly(
                    _pts(cx, cy, u, [(-0.45, -0.7), (-0.25, -0.25), (0, 0.75)]), facet, closed=False
                ),
                Poly(
                    _pts(cx, cy, u, [(0.45, -0.7), (0.25, -0.25), (0, 0.75)]), facet, closed=False
                ),
            ]
        case "black_hole":
            ring = Style(stroke=WHITE, width=s * 0.05)
            items: list[Item] = [Circle(cx, cy, 0.95 * u, fill)]
            for k in range(3):
                a0 = k * 120
                pts = [
                    (
                        math.cos(math.radians(a0 + t * 12)) * (0.15 + 0.03 * t),
                        math.sin(math.radians(a0 + t * 12)) * (0.15 + 0.03 * t),
                    )
                    for t in range(16)
                ]
                items.append(Poly(_pts(cx, cy, u, pts), ring, closed=False))
            return items
        case "group":
            r = 0.42 * u
            dx, dy = r * math.sqrt(3) / 2 * 1.08, r * 1.5 * 1.08 / 2
            return [
                Poly(hexagon(x, y, r), fill)
                for x, y in ((cx - dx, cy + dy), (cx + dx, cy + dy), (cx, cy - dy))
            ]
        case "frontier":
            pole = Style(stroke=colour, width=s * 0.09)
            return [
                Line(cx - 0.45 * u, cy + 0.9 * u, cx - 0.45 * u, cy - 0.9 * u, pole),
                Poly(_pts(cx, cy, u, [(-0.45, -0.9), (0.7, -0.55), (-0.45, -0.15)]), fill),
            ]
        case "start":
            return [rocket(cx, cy, s, fill)]
    raise ValueError(f"unknown space kind {kind!r}")


def _person(cx: float, cy: float, s: float, style: Style) -> list[Item]:
    u = s / 2
    shoulders = [
        (math.cos(math.radians(a)) * 0.7, 0.95 - math.sin(math.radians(a)) * 0.75)
        for a in range(0, 181, 15)
    ]
    return [Circle(cx, cy - 0.4 * u, 0.36 * u, style), Poly(_pts(cx, cy, u, shoulders), style)]


def you(cx: float, cy: float, s: float, colour: str = BLACK) -> list[Item]:
    """ "You": one figure."""
    return _person(cx, cy, s, Style(stroke=None, fill=colour))


def opponents(cx: float, cy: float, s: float, colour: str = BLACK) -> list[Item]:
    """ "Your opponents": three figures, the middle one in front."""
    fill = Style(stroke=None, fill=colour)
    edge = Style(stroke=WHITE, fill=colour, width=s * 0.04)
    return (
        _person(cx - 0.3 * s, cy - 0.05 * s, s * 0.62, fill)
        + _person(cx + 0.3 * s, cy - 0.05 * s, s * 0.62, fill)
        + _person(cx, cy + 0.08 * s, s * 0.7, edge)
    )


def octagon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    return tuple(
        (
            cx + r * math.cos(math.radians(22.5 + 45 * i)),
            cy + r * math.sin(math.radians(22.5 + 45 * i)),
        )
        for i in range(8)
    )


def star(cx: float, cy: float, s: float, colour: str) -> Poly:
    return Poly(star_points(cx, cy, s / 2, s / 5), Style(stroke=None, fill=colour))


def label(
    x: float,
    y: float,
    text: str,
    size: float = 2.6,
    anchor: str = "start",
    bold: bool = False,
    colour: str = BLACK,
) -> Text:
    return Text(x, y, text, size, anchor, bold, colour)
