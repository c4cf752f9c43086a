"""A format-neutral page scene: primitives in page millimetres, y pointing down.

Sheets are built as a tree of these primitives; the PDF and SVG backends each
walk the tree and draw it. Groups carry ids: a group whose id is a field id of
the sheet map holds exactly the ink of that field.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

Point = tuple[float, float]


@dataclass(frozen=True)
class Style:
    """How a shape is painted. Colours are "#rrggbb" strings or None (no paint)."""

    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.3
    dash: tuple[float, ...] | None = None
    join: str = "miter"  # miter | round


INK = Style()
FILLED = Style(stroke=None, fill="#000000")


def solid(colour: str) -> Style:
    return Style(stroke=None, fill=colour)


def outline(colour: str = "#000000", width: float = 0.3) -> Style:
    return Style(stroke=colour, fill=None, width=width)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = INK
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = INK


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = INK


@dataclass(frozen=True)
class Poly:
    """A polygon (closed) or polyline (open) through ``points``."""

    points: tuple[Point, ...]
    style: Style = INK
    closed: bool = True


@dataclass(frozen=True)
class Text:
    """Text with its baseline at ``y``; ``size`` is the font size in millimetres."""

    x: float
    y: float
    text: str
    size: float = 3.5
    anchor: str = "start"  # start | middle | end
    bold: bool = False
    colour: str = "#000000"


@dataclass(frozen=True)
class Group:
    """Primitives drawn together; ``id`` names a field or a part of the sheet."""

    items: tuple[Item, ...]
    id: str | None = None


Item = Rect | Circle | Line | Poly | Text | Group


@dataclass
class Page:
    """One printed page: its size in millimetres and the primitives on it."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    title: str = ""

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def without_groups(self, ids: set[str]) -> Page:
        """A copy with every group whose id is in ``ids`` removed (for tests)."""
        return replace(self, items=[i for i in _prune(self.items, ids)])

    def only_groups(self, ids: set[str]) -> Page:
        """A copy holding nothing but the groups whose id is in ``ids`` (for tests)."""
        return replace(self, items=[i for i in _keep(self.items, ids)])


def _keep(items, ids: set[str]) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Group):
            if item.id in ids:
                yield item
            else:
                yield from _keep(item.items, ids)


def _prune(items, ids: set[str]) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Group):
            if item.id in ids:
                continue
            yield Group(tuple(_prune(item.items, ids)), item.id)
        else:
            yield item


def group(items, id: str | None = None) -> Group:
    return Group(tuple(items), id)


def translate(items, dx: float, dy: float) -> list[Item]:
    """Items moved by (dx, dy)."""
    return [_moved(i, dx, dy) for i in items]


def _moved(item: Item, dx: float, dy: float) -> Item:
    match item:
        case Rect() | Text():
            return replace(item, x=item.x + dx, y=item.y + dy)
        case Circle():
            return replace(item, cx=item.cx + dx, cy=item.cy + dy)
        case Line():
            return replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
        case Poly():
            return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
        case Group():
            return Group(tuple(_moved(i, dx, dy) for i in item.items), item.id)
    raise TypeError(f"not a scene item: {item!r}")
