"""Hex geometry for Distant Suns: axial coordinates, pointy-top hexagons.

Convention (shared by the rules, the layout files and the renderer):

* A hex is an axial pair ``(q, r)`` of ints. ``r`` is the row, growing
  downwards (row 0 is the top of the sheet); ``q`` grows to the right along a
  row. Hexagons are *pointy-top*, so rows are horizontal and each row sits
  half a hex to the right of the row above it for the same ``q``.
* The six neighbours of ``(q, r)`` are ``(q+1, r)`` E, ``(q+1, r-1)`` NE,
  ``(q, r-1)`` NW, ``(q-1, r)`` W, ``(q-1, r+1)`` SW and ``(q, r+1)`` SE.
* Geometry is in *hex-size units*: ``size`` is the distance from a hexagon's
  centre to any of its corners. x grows to the right and y grows downwards
  (as on a page); ``hex_center(0, 0, size)`` is ``(0, 0)``.
* A hex's id is ``"q{q}r{r}"``, e.g. ``"q3r5"``, or ``"q-1r2"`` for negative
  coordinates. The shipped cosmos keeps every coordinate >= 0.

>>> hex_id((3, 5)), parse_hex_id("q-1r2")
('q3r5', (-1, 2))
>>> distance((0, 0), (2, -1))
2
>>> [round(v, 2) for v in hex_center(1, 2, 10.0)]
[34.64, 30.0]
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

Hex = tuple[int, int]
Point = tuple[float, float]

#: E, NE, NW, W, SW, SE: counter-clockwise on the page, starting east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_SQRT3 = math.sqrt(3.0)
_HEX_ID = re.compile(r"q(-?\d+)r(-?\d+)")


def hex_id(h: Hex) -> str:
    """The stable id of a hex: ``"q{q}r{r}"``."""
    return f"q{h[0]}r{h[1]}"


def parse_hex_id(text: str) -> Hex:
    """The hex named by ``text``; ValueError quoting it if it is not an id."""
    match = _HEX_ID.fullmatch(text)
    if match is None:
        raise ValueError(f"not a hex id like 'q3r5': {text!r}")
    return int(match.group(1)), int(match.group(2))


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes sharing an edge with ``h``, in DIRECTIONS order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_center(q: int, r: int, size: float) -> Point:
    """Centre of hex (q, r) on the page, y downwards, in the units of ``size``."""
    return size * _SQRT3 * (q + r / 2), size * 1.5 * r


def hex_corners(q: int, r: int, size: float) -> tuple[Point, ...]:
    """The six corners of hex (q, r), clockwise on the page from the top one."""
    cx, cy = hex_center(q, r, size)
    return tuple(
        (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    )


def bounds(hexes: Iterable[Hex], size: float) -> tuple[float, float, float, float]:
    """``(x_min, y_min, x_max, y_max)`` enclosing the outlines of ``hexes``."""
    xs, ys = [], []
    for q, r in hexes:
        cx, cy = hex_center(q, r, size)
        xs += [cx - size * _SQRT3 / 2, cx + size * _SQRT3 / 2]
        ys += [cy - size, cy + size]
    if not xs:
        raise ValueError("bounds of no hexes")
    return min(xs), min(ys), max(xs), max(ys)


def rotate(h: Hex) -> Hex:
    """``h`` turned 60 degrees clockwise on the page about (0, 0)."""
    q, r = h
    return -r, q + r


def reflect(h: Hex) -> Hex:
    """``h`` mirrored across the axis through (0, 0)'s lower-right and upper-left corners.

    The mirror swaps the E and SE neighbours (q and r); with the six
    rotations it gives all twelve symmetries of the grid.
    """
    q, r = h
    return r, q


def normalise(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """``hexes`` translated so the top-left one (least r, then q) is (0, 0), sorted.

    Two sets of hexes are translations of each other exactly when their
    normal forms are equal.
    """
    cells = sorted(set(hexes), key=lambda h: (h[1], h[0]))
    if not cells:
        return ()
    q0, r0 = cells[0]
    return tuple((q - q0, r - r0) for q, r in cells)


def is_connected(hexes: Iterable[Hex]) -> bool:
    """True when every hex can reach every other through neighbours in the set."""
    return len(groups(hexes)) <= 1


def groups(hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
    """The connected groups of ``hexes``, largest first."""
    todo = set(hexes)
    found: list[frozenset[Hex]] = []
    while todo:
        stack = [todo.pop()]
        group = set(stack)
        while stack:
            for n in neighbours(stack.pop()):
                if n in todo:
                    todo.discard(n)
                    group.add(n)
                    stack.append(n)
        found.append(frozenset(group))
    return sorted(found, key=len, reverse=True)


def orientations(hexes: Iterable[Hex]) -> tuple[tuple[Hex, ...], ...]:
    """Every distinct way to lay ``hexes`` down: 6 rotations x 2 sides, normalised.

    Symmetric shapes give fewer than twelve: a straight line of three looks
    the same turned 180 degrees or flipped, so it has three.

    >>> len(orientations([(0, 0), (1, 0), (2, 0)]))
    3
    """
    cells = list(hexes)
    found: dict[tuple[Hex, ...], None] = {}
    for side in (cells, [reflect(h) for h in cells]):
        turned = side
        for _ in range(6):
            found.setdefault(normalise(turned), None)
            turned = [rotate(h) for h in turned]
    return tuple(found)
