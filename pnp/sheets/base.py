"""What every sheet builder shares: collecting fields with their ink, and the page frame.

A builder lays its content out in the common box (see pnp.paper) between
``CONTENT_TOP`` and ``CONTENT_BOTTOM``; ``SheetBuilder.finish`` adds the frame,
centres everything on the chosen paper and returns the page and its map.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnp.pagecode import PageCode
from pnp.paper import Paper
from pnp.render.frame import centred, fiducials, frame_items, plain_frame_items
from pnp.render.scene import Group, Item, Page
from pnp.sheetmap import Field, SheetMap

CUBE_COLOURS = {"blue": "#2a6fdb", "yellow": "#e9b800", "red": "#d8342c", "green": "#2e9e44"}
TINTS = {"blue": "#d4e3f7", "yellow": "#fbf0bd", "red": "#f7d3d1", "green": "#d5eed2"}


@dataclass(frozen=True)
class Palette:
    """Colours for a sheet; ``ink_saving`` drops large fills but keeps every symbol."""

    ink_saving: bool = False

    def cube(self, colour: str) -> str:
        return CUBE_COLOURS[colour]

    def tint(self, colour: str) -> str | None:
        return None if self.ink_saving else TINTS[colour]

    def panel(self, shade: str = "#eef0f4") -> str | None:
        return None if self.ink_saving else shade


@dataclass
class RenderedPage:
    """A finished page; ``map`` is None for pages with nothing to mark (tokens, boards)."""

    page: Page
    map: SheetMap | None
    name: str


@dataclass
class SheetBuilder:
    """Collects a sheet's primitives and fields in common-box millimetres."""

    items: list[Item] = field(default_factory=list)
    fields: list[Field] = field(default_factory=list)

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def add_field(self, f: Field, ink: list[Item]) -> Field:
        """Add a markable field; ``ink`` is everything printed inside it."""
        self.fields.append(f)
        self.items.append(Group(tuple(ink), f.id))
        return f

    def finish(self, code: PageCode, paper: Paper, title: str, subtitle: str = "") -> RenderedPage:
        frame, qr = frame_items(code, title, subtitle)
        items, dx, dy = centred(frame + self.items, paper.width, paper.height)
        page = Page(paper.width, paper.height, items, title=f"{title} ({code.text})")
        sheet_map = SheetMap(
            code=code,
            paper=paper.name,
            width=paper.width,
            height=paper.height,
            fiducials=[replace(f, x=f.x + dx, y=f.y + dy) for f in fiducials()],
            qr=(qr[0] + dx, qr[1] + dy, qr[2]),
            fields=[replace(f, x=f.x + dx, y=f.y + dy) for f in self.fields],
        )
        return RenderedPage(page, sheet_map, f"{code.sheet}-{code.layout}")

    def finish_plain(self, paper: Paper, title: str, name: str, subtitle: str = "") -> RenderedPage:
        """A page with nothing to mark: no fiducials, no map (tokens, boards, references)."""
        items, _, _ = centred(
            plain_frame_items(title, subtitle) + self.items, paper.width, paper.height
        )
        return RenderedPage(Page(paper.width, paper.height, items, title=title), None, name)
