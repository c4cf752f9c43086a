"""The printable setup card: a picture of the setup at a glance, and its setup code.

A card has nothing to mark, so it is a plain page (no fiducials, no map). Each
game draws its own picture: Stellar Drift the bag and each player's cubes and
choices, Distant Suns the Dashboard board (Optimization tiles on both long
edges, zone shapes between them), Federation the piles and stacks.
"""

from __future__ import annotations

from pathlib import Path

from pnp.paper import Paper
from pnp.render.frame import CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Item, Poly, Rect, Style, Text, outline
from pnp.render.symbols import colour_shape
from pnp.render.text import wrap
from pnp.sheets.base import CUBE_COLOURS, RenderedPage, SheetBuilder
from scoring.distant_suns.hexgrid import bounds, hex_corners

GREY = "#555555"
PANEL = "#eef0f4"
SET_TINTS = {"blue": "#d4e3f7", "purple": "#e4d9f3"}
WIDTH = CONTENT_RIGHT - CONTENT_LEFT


class Column:
    """Text flowing down the page from ``y``."""

    def __init__(self, items: list[Item], x: float, y: float, width: float):
        self.items, self.x, self.y, self.width = items, x, y, width

    def text(
        self,
        text: str,
        size: float = 3.2,
        bold: bool = False,
        indent: float = 0.0,
        colour: str = "#000000",
        gap: float = 0.4,
    ) -> None:
        for line in wrap(text, size, self.width - indent) or [""]:
            self.y += size * 1.05
            self.items.append(Text(self.x + indent, self.y, line, size, bold=bold, colour=colour))
        self.y += gap

    def heading(self, text: str) -> None:
        self.y += 2.5
        self.text(text, 4.2, bold=True, gap=1.2)


def setup_card(setup, paper: Paper, components: Path | str | None = None) -> RenderedPage:
    """The card for ``setup`` (any game's setup dataclass) on ``paper``."""
    game = setup.code.game
    items: list[Item] = []
    if game == "stellar-drift":
        title = "Stellar Drift setup"
        _stellar_drift(setup, items)
    elif game == "distant-suns":
        title = "Distant Suns setup"
        _distant_suns(setup, items)
    else:
        title = "Federation setup"
        _federation(setup, items, components)
    builder = SheetBuilder()
    builder.add(*items)
    code = str(setup.code)
    subtitle = f"Setup code {code}  -  reproduce it with: pnp setup --code {code}"
    return builder.finish_plain(paper, f"{title}: {code}", f"setup-{code}", subtitle)


# --- Stellar Drift -------------------------------------------------------------------


def _cube(colour: str, cx: float, cy: float, s: float) -> Item:
    return colour_shape(
        colour, cx, cy, s, Style(stroke="#000000", fill=CUBE_COLOURS[colour], width=0.3)
    )


def _stellar_drift(setup, items: list[Item]) -> None:
    from pnp.setup.stellar_drift import load_data, tech_start_text

    data = load_data()
    y = CONTENT_TOP + 4
    items.append(Text(CONTENT_LEFT, y + 4, "Cube bag", 4.2, bold=True))
    x = CONTENT_LEFT + 25
    for colour, n in setup.bag:
        items.append(_cube(colour, x, y + 2.6, 6))
        items.append(Text(x + 5, y + 4.3, f"x {n}", 4.2))
        x += 24
    items.append(Text(x + 2, y + 4.3, f"= {sum(n for _, n in setup.bag)} cubes", 3.2, colour=GREY))
    y += 13
    row_h = 38
    for p in setup.players:
        items.append(
            Rect(CONTENT_LEFT, y, WIDTH, row_h - 3, Style(stroke="#999999", fill=PANEL), 2)
        )
        how = "random" if p.ship_random else "chosen"
        items.append(Text(CONTENT_LEFT + 4, y + 7, f"Player {p.seat}", 5, bold=True))
        items.append(Text(CONTENT_LEFT + 4, y + 12.5, data.ship_names[p.ship], 3.6))
        items.append(Text(CONTENT_LEFT + 4, y + 17, f"ship: {how}", 2.8, colour=GREY))
        for i, c in enumerate(p.cubes):
            items.append(_cube(c, CONTENT_LEFT + 10 + i * 12, y + 25, 8))
        if p.redraws:
            items.append(
                Text(CONTENT_LEFT + 4, y + 33, f"after {p.redraws} redraw(s)", 2.6, colour=GREY)
            )
        for i, o in enumerate(p.options):
            bx = CONTENT_LEFT + 42 + i * 74
            items.append(
                Rect(bx, y + 3, 71, row_h - 9, Style(stroke="#777777", fill="#ffffff"), 1.5)
            )
            items.append(Text(bx + 3, y + 7.5, f"Option {'AB'[i]}", 3, bold=True, colour=GREY))
            items.append(_cube(o.skill, bx + 5, y + 12.5, 5))
            col = Column(items, bx + 9, y + 9.5, 60)
            col.text(f"Captain Skill: {o.skill}", 3.1, bold=True, gap=0.2)
            col.text(o.skill_text, 2.6, gap=0.8)
            items.append(_cube(o.tech, bx + 5, col.y + 3, 5))
            col.text(f"Tech: {tech_start_text(o)}", 2.6)
        y += row_h
    col = Column(items, CONTENT_LEFT, y + 2, WIDTH)
    col.text(
        "Pull both cubes, all players, then return them: choose one as the Captain Skill "
        "(check its box, put it back), use the other for the Tech tracks (put it back).",
        3,
    )
    order = " > ".join(f"Player {s}" for s in setup.deadlock_order)
    col.text(
        f"Round 1 cube-pulling deadlock: Player {setup.deadlock_first} designates who pulls "
        f"first; priority clockwise from there ({order}).",
        3,
        bold=True,
    )


# --- Distant Suns --------------------------------------------------------------------


def _polyhex(hexes, cx: float, cy: float, box: float, fill: str) -> list[Item]:
    """The shape drawn centred on (cx, cy), its hexes sized to fit a ``box`` mm square."""
    x0, y0, x1, y1 = bounds(hexes, 1.0)
    size = box / max(x1 - x0, y1 - y0)
    ox, oy = cx - (x0 + x1) / 2 * size, cy - (y0 + y1) / 2 * size
    style = Style(stroke="#000000", fill=fill, width=0.35)
    return [
        Poly(tuple((ox + x, oy + y) for x, y in hex_corners(q, r, size)), style) for q, r in hexes
    ]


def _distant_suns(setup, items: list[Item]) -> None:
    from pnp.setup.distant_suns import load_data

    data = load_data()
    first, second = data.sets
    spaces = len(setup.zones) + 1  # the five tiles and the printed Black Hole
    cell = WIDTH / spaces
    top = CONTENT_TOP + 8
    tile_h, zone_h = 22, 42
    board_h = tile_h * 2 + zone_h + 8
    items.append(
        Rect(
            CONTENT_LEFT - 2,
            top - 4,
            WIDTH + 4,
            board_h,
            Style(stroke="#000000", fill="#f6f6f8", width=0.5),
            3,
        )
    )
    items.append(
        Text(CONTENT_LEFT, top - 6, f"{first} Optimization set (shuffled)", 3, colour=GREY)
    )

    def tile(x: float, y: float, tile_id: str, tint: str) -> None:
        items.append(
            Rect(x + 2, y, cell - 4, tile_h - 2, Style(stroke="#000000", fill=tint, width=0.4), 1.5)
        )
        items.append(
            Text(x + cell / 2, y + 8, data.optimization_name(tile_id), 3.6, "middle", bold=True)
        )
        cond = next(c for i, _, c in data.optimization if i == tile_id)
        for j, line in enumerate(wrap(cond, 2.3, cell - 8)[:3]):
            items.append(Text(x + cell / 2, y + 12 + j * 2.6, line, 2.3, "middle", colour=GREY))

    zy = top + tile_h + 2
    for i, (opt, zone_id) in enumerate(setup.pairings):
        x = CONTENT_LEFT + i * cell
        tile(x, top, opt, SET_TINTS.get(first, PANEL))
        zone = data.zone(zone_id)
        items.append(Rect(x + 2, zy, cell - 4, zone_h, outline("#000000", 0.4), 1.5))
        items.append(Text(x + 4, zy + 5, str(i + 1), 3, bold=True, colour=GREY))
        items += _polyhex(
            zone.hexes, x + cell / 2, zy + zone_h / 2 - 2, min(cell - 12, zone_h - 16), "#ffe9a8"
        )
        items.append(Text(x + cell / 2, zy + zone_h - 3, zone.name, 3.4, "middle", bold=True))
        tile(x, zy + zone_h + 2, opt, SET_TINTS.get(second, PANEL))
    x = CONTENT_LEFT + (spaces - 1) * cell
    items.append(
        Rect(x + 2, zy, cell - 4, zone_h, Style(stroke="#000000", fill="#d9d9d9", width=0.4), 1.5)
    )
    items += _polyhex(
        data.black_hole.hexes,
        x + cell / 2,
        zy + zone_h / 2 - 2,
        min(cell - 12, zone_h - 16),
        "#333333",
    )
    items.append(
        Text(x + cell / 2, zy + zone_h - 3, data.black_hole.name, 3.4, "middle", bold=True)
    )
    items.append(Text(x + cell / 2, zy - 2, "printed, fixed", 2.5, "middle", colour=GREY))
    bottom = top - 4 + board_h
    items.append(
        Text(CONTENT_LEFT, bottom + 4, f"{second} set: each tile opposite its twin", 3, colour=GREY)
    )

    col = Column(items, CONTENT_LEFT, bottom + 8, WIDTH)
    col.heading("Pairings")
    for opt, zone_id in setup.pairings:
        col.text(f"{data.optimization_name(opt)} scores the {data.zone(zone_id).name} shape", 3.4)
    col.heading("Back in the box")
    col.text(", ".join(data.zone(z).name for z in setup.out), 3.4)
    y = col.y + 4
    for i, zone_id in enumerate(setup.out):
        x = CONTENT_LEFT + i * (WIDTH / len(setup.out))
        items += _polyhex(data.zone(zone_id).hexes, x + 12, y + 8, 14, "#e5e5e5")


# --- Federation ----------------------------------------------------------------------


def _boxes(
    items: list[Item],
    x: float,
    y: float,
    labels: list[str],
    w: float,
    h: float,
    fill: str = "#ffffff",
    title: str = "",
) -> float:
    """A row of labelled boxes from (x, y); returns the y below them."""
    if title:
        items.append(Text(x, y + 3.5, title, 3.4, bold=True))
        y += 5
    for i, label in enumerate(labels):
        bx = x + i * (w + 2)
        items.append(Rect(bx, y, w, h, Style(stroke="#000000", fill=fill, width=0.35), 1.2))
        for j, line in enumerate(wrap(label, 2.6, w - 3)[: int((h - 2) / 3)]):
            items.append(Text(bx + w / 2, y + 4 + j * 3, line, 2.6, "middle"))
    return y + h + 3


def _federation(setup, items: list[Item], components) -> None:
    from pnp.setup.federation import load_data

    data = load_data(components)
    alteration = dict(data.alteration_tokens)
    dsp = dict(data.deep_space_piracy)
    assistants = dict(data.assistants)
    new = {i for _, i, _ in data.erudite_new}
    o = setup.options
    y = CONTENT_TOP + 3
    col = Column(items, CONTENT_LEFT, y, WIDTH)
    modules = [
        m
        for m, on in (
            ("Piracy module", o.piracy),
            ("advanced setup", o.advanced),
            ("AI Assistant module", o.ai_assistant),
        )
        if on
    ]
    mode = "Solo mode" if setup.code.players == 1 else f"{setup.code.players} players"
    col.text(f"{mode}; {', '.join(modules) or 'base game only'}", 3.6, bold=True)
    y = col.y + 2
    if o.piracy:
        y = _boxes(
            items,
            CONTENT_LEFT,
            y,
            [f"Space {i}: {t} - {alteration[t]}" for i, t in enumerate(setup.alteration_tokens, 1)],
            44,
            12,
            "#e9e9e9",
            "Alteration Piracy tokens, face down (setter's eyes only)",
        )
        bm, medal = setup.arratooine
        y = _boxes(
            items,
            CONTENT_LEFT,
            y,
            [
                f"Tile {bm}: black-market side up, on Arratooine",
                f"Tile {medal}: Medal of honor side up, next to it",
            ],
            60,
            10,
            "#fbf0bd",
            "ARRATOOINE tiles",
        )
        items.append(
            Text(
                CONTENT_LEFT,
                y + 3.5,
                "Level 1 Erudite stacks (top first; top face up)",
                3.4,
                bold=True,
            )
        )
        y += 5
        for k, stack in enumerate(setup.erudite):
            x = CONTENT_LEFT + k * 37
            items.append(Text(x, y + 3, f"Type {stack.type}", 3, bold=True))
            for j, t in enumerate(stack.tiles):
                fill = "#ffffff" if j == 0 else "#d0d0d0"
                items.append(
                    Rect(x, y + 5 + j * 6, 24, 5, Style(stroke="#000000", fill=fill, width=0.35), 1)
                )
                mark = " (new)" if t in new else ""
                items.append(Text(x + 2, y + 8.8 + j * 6, f"{t}{mark}", 2.7, bold=j == 0))
            items.append(Text(x, y + 33, f"box: {' '.join(stack.left_out)}", 2.5, colour=GREY))
        y += 37
        tokens = ", ".join(f"{n} {c}" for c, n in setup.influence)
        items.append(Text(CONTENT_LEFT, y + 3.5, f"Piracy Influence tokens: {tokens}", 3.2))
        y += 7
    if setup.megastructures:
        total = data.base["megastructures"]
        items.append(Text(CONTENT_LEFT, y + 3.5, "New Megastructure tokens", 3.4, bold=True))
        for m in range(1, total + 1):
            cx = CONTENT_LEFT + 62 + (m - 1) * 11
            held = setup.megastructures.index(m) + 1 if m in setup.megastructures else 0
            fill = "#f7d3d1" if held else "#ffffff"
            items.append(
                Rect(cx - 4.5, y - 1, 9, 9, Style(stroke="#000000", fill=fill, width=0.35), 4.5)
            )
            items.append(
                Text(cx, y + 4.5, f"T{held}" if held else str(m), 2.8, "middle", bold=bool(held))
            )
        y += 12
    if setup.deep_space_piracy:
        y = _boxes(
            items,
            CONTENT_LEFT,
            y,
            [f"{t} - {dsp[t]}" for t in setup.deep_space_piracy],
            58,
            11,
            "#e9e9e9",
            "Deep Space Piracy stack, face down, top first",
        )
    if setup.ai_cards:
        y = _boxes(
            items,
            CONTENT_LEFT,
            y,
            [assistants[a] for a in setup.ai_cards],
            24,
            8,
            "#d5eed2",
            "AI Assistant cards on display",
        )
    if setup.solo:
        s = setup.solo
        y = _boxes(
            items,
            CONTENT_LEFT,
            y,
            [f"Round {r}: card #{n}" for r, n in enumerate(s.cards, 1)],
            30,
            10,
            "#d4e3f7",
            "Solo cards, in reveal order",
        )
        col = Column(items, CONTENT_LEFT, y, WIDTH)
        col.text(f"Assistant dice: the {s.dice} colours you are not playing", 3.2)
        col.text(
            f"Deep Space tiles: {', '.join(f'#{n}' for n in s.deep_space)} "
            f"(of {data.base['deep_space_tiles']})",
            3.2,
        )
        col.text(
            f"Starting tiles: {', '.join(f'#{n}' for n in s.starting)} "
            f"(of {data.base['starting_tiles']})",
            3.2,
        )
        col.text(
            "Tile and card numbers: number your base-game tiles and Solo cards once, "
            "1 to N, and keep that order.",
            2.6,
            colour=GREY,
        )
