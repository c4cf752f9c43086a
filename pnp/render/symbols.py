"""Small pictograms, each drawn centred on (cx, cy) within a square of side ``s`` mm.

Every cube colour has its own shape (blue circle, yellow triangle, red star,
green square) so that sheets read in grayscale and for colour-blind players.
"""

from __future__ import annotations

import math

from pnp.render.scene import Circle, Item, Line, Poly, Rect, Style, Text

BLACK = "#000000"


def _regular(cx, cy, r, n, start=-90.0):
    return tuple(
        (
            cx + r * math.cos(math.radians(start + i * 360 / n)),
            cy + r * math.sin(math.radians(start + i * 360 / n)),
        )
        for i in range(n)
    )


def star_points(cx, cy, r_out, r_in, n=5):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90 + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(pts)


def colour_shape(colour: str, cx: float, cy: float, s: float, style: Style) -> Item:
    """The shape that stands for a cube colour."""
    r = s / 2
    if colour == "blue":
        return Circle(cx, cy, r * 0.9, style)
    if colour == "yellow":
        return Poly(((cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)), style)
    if colour == "red":
        return Poly(star_points(cx, cy + r * 0.08, r * 1.05, r * 0.45), style)
    if colour == "green":
        return Rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, style)
    raise ValueError(f"unknown cube colour {colour!r}")


def bolt(cx, cy, s, style) -> Item:
    u = s / 10
    pts = [(1, -5), (-3.5, 1), (-0.3, 1), (-1.5, 5), (3.5, -1.2), (0.3, -1.2), (1.8, -5)]
    return Poly(tuple((cx + x * u, cy + y * u) for x, y in pts), style)


def bag(cx, cy, s, style) -> list[Item]:
    u = s / 10
    body = [(-4, 4.5), (4, 4.5), (3.4, -0.5), (1.6, -2.5), (-1.6, -2.5), (-3.4, -0.5)]
    neck = [(-1.6, -2.5), (-2.6, -4.6), (2.6, -4.6), (1.6, -2.5)]
    return [
        Poly(tuple((cx + x * u, cy + y * u) for x, y in body), style),
        Poly(tuple((cx + x * u, cy + y * u) for x, y in neck), style),
    ]


def padlock(cx, cy, s, style: Style, colour: str = BLACK) -> list[Item]:
    u = s / 10
    shackle = Style(stroke=colour, width=u * 1.1)
    return [
        Poly(
            tuple(
                (cx + x * u, cy + y * u)
                for x, y in [
                    (-2.4, 0),
                    (-2.4, -2.6),
                    (-1.6, -3.9),
                    (0, -4.4),
                    (1.6, -3.9),
                    (2.4, -2.6),
                    (2.4, 0),
                ]
            ),
            shackle,
            closed=False,
        ),
        Rect(cx - 3.6 * u, cy - 0.4 * u, 7.2 * u, 5 * u, Style(stroke=None, fill=colour)),
    ]


def plus(cx, cy, s, colour=BLACK) -> list[Item]:
    w = s * 0.14
    st = Style(stroke=None, fill=colour)
    return [Rect(cx - s / 2, cy - w / 2, s, w, st), Rect(cx - w / 2, cy - s / 2, w, s, st)]


def cube(cx, cy, s, style) -> list[Item]:
    """An isometric cube outline (cube income, cube draw)."""
    r = s / 2
    top = _regular(cx, cy, r, 6, -90)
    return [Poly(top, style)] + [Line(cx, cy, top[i][0], top[i][1], style) for i in (1, 3, 5)]


def gear(cx, cy, s, style) -> list[Item]:
    """Tech point: a cog."""
    pts = []
    teeth = 8
    for i in range(teeth * 2):
        r = s / 2 if i % 2 == 0 else s * 0.36
        for k in (-0.5, 0.5):
            a = math.radians((i + 0.5 + k) * 360 / (teeth * 2))
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return [
        Poly(tuple(pts), style),
        Circle(cx, cy, s * 0.13, Style(stroke=style.fill or BLACK, fill="#ffffff", width=0.2)),
    ]


def heart(cx, cy, s, style) -> Item:
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * s / 34, cy - y * s / 34 - s * 0.05))
    return Poly(tuple(pts), style)


def chip(cx, cy, s, style) -> list[Item]:
    r = s * 0.3
    pin = Style(stroke=style.fill or BLACK, width=s * 0.07)
    items: list[Item] = [Rect(cx - r, cy - r, 2 * r, 2 * r, style)]
    for k in (-0.5, 0, 0.5):
        o = k * r * 1.4
        items += [
            Line(cx + o, cy - r, cx + o, cy - s / 2, pin),
            Line(cx + o, cy + r, cx + o, cy + s / 2, pin),
            Line(cx - r, cy + o, cx - s / 2, cy + o, pin),
            Line(cx + r, cy + o, cx + s / 2, cy + o, pin),
        ]
    return items


def flame(cx, cy, s, style) -> Item:
    u = s / 10
    pts = [
        (0, -5),
        (2.2, -1.8),
        (3.6, 1),
        (3.2, 3.4),
        (1.6, 4.8),
        (-1.6, 4.8),
        (-3.2, 3.4),
        (-3.6, 1),
        (-2.6, -1),
        (-1.4, 0.8),
        (-0.8, -2.2),
    ]
    return Poly(tuple((cx + x * u, cy + y * u) for x, y in pts), style)


def rocket(cx, cy, s, style) -> Item:
    """Engines: a rocket seen from the side, nose up, with fins and a flame notch."""
    u = s / 10
    pts = [
        (0, -5),
        (1.6, -2.8),
        (1.8, 1.2),
        (3.6, 3.4),
        (3.6, 5),
        (1.4, 3.8),
        (0, 5),
        (-1.4, 3.8),
        (-3.6, 5),
        (-3.6, 3.4),
        (-1.8, 1.2),
        (-1.6, -2.8),
    ]
    return Poly(tuple((cx + x * u, cy + y * u) for x, y in pts), style)


def drop(cx, cy, s, style) -> Item:
    pts = [(cx, cy - s / 2)]
    r = s * 0.32
    ccy = cy + s / 2 - r
    for i in range(0, 25):
        a = math.radians(-30 + i * 240 / 24)
        pts.append((cx + r * math.cos(a), ccy + r * math.sin(a)))
    return Poly(tuple(pts), style)


def atom(cx, cy, s, style) -> list[Item]:
    """Power (the Reactor): a sun with rays."""
    items: list[Item] = [Circle(cx, cy, s * 0.22, style)]
    ray = Style(stroke=style.fill or BLACK, width=s * 0.09)
    for i in range(8):
        a = math.radians(i * 45)
        items.append(
            Line(
                cx + s * 0.31 * math.cos(a),
                cy + s * 0.31 * math.sin(a),
                cx + s * 0.5 * math.cos(a),
                cy + s * 0.5 * math.sin(a),
                ray,
            )
        )
    return items


def ladder(cx, cy, s, colour=BLACK) -> list[Item]:
    st = Style(stroke=colour, width=s * 0.08)
    x1, x2 = cx - s * 0.25, cx + s * 0.25
    items: list[Item] = [
        Line(x1, cy - s / 2, x1, cy + s / 2, st),
        Line(x2, cy - s / 2, x2, cy + s / 2, st),
    ]
    for k in (-0.3, 0, 0.3):
        items.append(Line(x1, cy + k * s, x2, cy + k * s, st))
    return items


def airlock(cx, cy, s, colour=BLACK) -> list[Item]:
    st = Style(stroke=colour, width=s * 0.08)
    r = s / 2
    items: list[Item] = [Circle(cx, cy, r * 0.95, st), Circle(cx, cy, r * 0.45, st)]
    for i in range(4):
        a = math.radians(45 + i * 90)
        items.append(
            Line(
                cx + r * 0.45 * math.cos(a),
                cy + r * 0.45 * math.sin(a),
                cx + r * 0.95 * math.cos(a),
                cy + r * 0.95 * math.sin(a),
                st,
            )
        )
    return items


def hourglass(cx, cy, s, style) -> Item:
    u = s / 2
    return Poly(
        (
            (cx - u * 0.7, cy - u),
            (cx + u * 0.7, cy - u),
            (cx, cy),
            (cx + u * 0.7, cy + u),
            (cx - u * 0.7, cy + u),
            (cx, cy),
        ),
        style,
    )


def checkmark(cx, cy, s, colour=BLACK) -> Item:
    u = s / 2
    return Poly(
        ((cx - u * 0.8, cy), (cx - u * 0.2, cy + u * 0.6), (cx + u * 0.85, cy - u * 0.7)),
        Style(stroke=colour, width=s * 0.14, join="round"),
        closed=False,
    )


def icon(name: str, cx: float, cy: float, s: float, colour: str = BLACK) -> list[Item]:
    """A named pictogram (reward, track or component symbol)."""
    fill = Style(stroke=None, fill=colour)
    line = Style(stroke=colour, width=max(0.25, s * 0.08), join="round")
    match name:
        case "power":
            return atom(cx, cy, s, fill)
        case "life_support":
            return [heart(cx, cy, s, fill)]
        case "cpu_core":
            return chip(cx, cy, s, fill)
        case "engines":
            return [rocket(cx, cy, s, fill)]
        case "fuel":
            return [drop(cx, cy, s, fill)]
        case "tech":
            return gear(cx, cy, s, fill)
        case "energy":
            return [bolt(cx, cy, s, fill)]
        case "bag":
            return bag(cx, cy, s, fill)
        case "padlock":
            return padlock(cx, cy, s, fill, colour)
        case "energy_income":
            return [
                bolt(cx - s * 0.12, cy + s * 0.05, s * 0.85, fill),
                *plus(cx + s * 0.33, cy - s * 0.3, s * 0.36, colour),
            ]
        case "cube_income":
            return [
                *cube(cx - s * 0.12, cy + s * 0.08, s * 0.72, line),
                *plus(cx + s * 0.33, cy - s * 0.3, s * 0.36, colour),
            ]
        case "cube":
            return cube(cx, cy, s * 0.9, line)
        case "ladder":
            return ladder(cx, cy, s, colour)
        case "airlock":
            return airlock(cx, cy, s, colour)
        case "hourglass":
            return [hourglass(cx, cy, s, fill)]
        case "check":
            return [checkmark(cx, cy, s, colour)]
        case "free_repair":
            return [Text(cx, cy + s * 0.3, "FREE", s * 0.5, "middle", bold=True, colour=colour)]
    raise ValueError(f"unknown icon {name!r}")
