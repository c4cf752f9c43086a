"""A Cosmos page's board: the zone symbol drawn in each Optimization tile's box, paired
with the zones the hexes show (every tile faces its own zone, every zone drawn faces
one), and the Exploration Zones in play."""

from __future__ import annotations

from collections import Counter
from itertools import product

from pnp.vision import glyph_match
from pnp.vision.cosmos_ink import crop_rect, despeckle
from pnp.vision.cosmos_reading import HexRead
from pnp.vision.cosmos_shapes import STUCK_RUN_ASKED
from pnp.vision.cosmos_symbols import (
    BOX_UNIT_MM,
    COVERED_MM2,
    GLYPH_MARGIN,
    GLYPH_MIN_SCORE,
    closer_match,
)
from scoring.distant_suns.hexgrid import Hex, hex_id
from scoring.distant_suns.state import TILES


class ZoneBoard:
    """The score tiles' zone boxes of a Cosmos page and the zones in play (a part of
    ``distant_suns._Reader``, whose page and findings it shares)."""

    def read_tiles(self) -> dict[str, glyph_match.GlyphScores | None]:
        """Each score tile's box matched against every symbol: in the added ink, and in
        the ink at the base step alone where that is given (``base``), the closer match
        of the two kept (None: a box with too little ink in either), and neither sure
        where both look like a symbol and not the same one (``closer_match``). A small pencil
        symbol fainter than a step the paper's noise raised shows at the base step alone;
        where the paper's grain shows there too, the added ink matches closer. Session 36,
        the Cosmos pages of the held-out set and seeds 111, 112 and 124 (1,200 boxes),
        each box read alone (no pairing): sure (``GLYPH_MIN_SCORE``, ``GLYPH_MARGIN``) and
        wrong 20 -> 2, sure and right 1,097 -> 1,087 (the closer match alone, however
        the other reads: wrong 8, right 1,134)."""
        out: dict[str, glyph_match.GlyphScores | None] = {}
        keys = tuple(self.shapes.glyphs)
        masks = [self.mask] if self.base is None else [self.mask, self.base]
        for tile in self.cosmos.optimization.tiles:
            fid = f"score-tile-{tile.id}-zone"
            f = self.fields.get(fid)
            if f is None:
                continue
            found = []
            for mask in masks:
                ink = despeckle(crop_rect(mask, f, 0.45, self.px), self.px)
                if ink.sum() >= COVERED_MM2 * 0.4 * self.px**2:
                    found.append(glyph_match.match(ink, keys, BOX_UNIT_MM, self.px))
            out[tile.id] = closer_match(found)
        return out

    def _clear_board(self, optimization: dict[str, str]) -> dict[str, str] | None:
        """``optimization`` (zone -> tile, as ``board`` read it) where it gives every tile a
        zone and no tile's zone box is asked about; else None."""
        if sorted(optimization.values()) != sorted(TILES):
            return None
        if any(d.field.startswith("score-tile-") for d in self.doubts):
            return None
        return optimization

    def board(self, tiles, hexes: dict[Hex, HexRead]) -> tuple[list[str], dict[str, str]]:
        drawn = {h.zone for h in hexes.values() if h.covered and len(h.candidates) == 1}
        black = self.shapes.black_hole.id
        tile_zones = tuple(z.id for z in self.shapes.zones)  # the zones a tile may face
        tile_glyphs = {self.zone_glyph[z] for z in tile_zones}
        optimization: dict[str, str] = {}
        close: dict[str, list[str]] = {}  # tile -> the symbols its box may hold
        # the boxes a person read: their zone stands
        fixed = {
            tile: self.zone_glyph[zone]
            for tile in tiles
            if (zone := self.chosen.get(f"score-tile-{tile}-zone")) is not None
        }
        for tile, s in tiles.items():
            fid = f"score-tile-{tile}-zone"
            if tile in fixed:
                close[tile] = [fixed[tile]]
                continue
            if s is None:
                self.confidence[fid] = 0.5
                # answered with a zone a tile may face, as an unclear symbol is
                self.doubt(fid, f"no zone symbol drawn for the {tile} tile", tile_zones)
                continue
            # no tile faces the Black Hole (the rulebook): its symbol is no tile's, and a box
            # whose ink matches it best by the margin (a blot of noise reads as its dot) holds
            # none that can be read (seed 859 #1033, a hard page: the Alien tile's lightning
            # read as the dot, 0.838 against 0.777, and the tile taken to face the Black Hole,
            # nothing asked; ``python -m pnp.bench photos --n 1200 --level hard --seed 859``)
            close[tile] = [
                k for k, v in s.ranked if v >= s.score - GLYPH_MARGIN and k in tile_glyphs
            ]
        readable = {
            t: c
            for t, c in close.items()
            if c and (t in fixed or tiles[t].score >= GLYPH_MIN_SCORE)
        }
        paired = self._pair_tiles(tiles, readable, drawn, fixed)
        for tile, glyphs in close.items():
            fid = f"score-tile-{tile}-zone"
            s = tiles[tile]
            if tile in fixed:  # whatever else the pairing made of it
                self.confidence[fid] = 1.0
                optimization[self.glyph_zone[fixed[tile]]] = tile
                continue
            if tile not in paired:
                self.confidence[fid] = 0.5
                options = tuple(self.glyph_zone[k] for k in glyphs)
                self.doubt(fid, "zone symbol unclear", options or tile_zones)
                continue
            if len(glyphs) > 1:
                self.remarks.append(
                    f"{fid}: {paired[tile]} chosen of {', '.join(glyphs)}: each tile faces its "
                    "own zone, and every zone drawn faces one"
                )
            self.confidence[fid] = round(0.5 + 0.5 * min(1.0, s.margin / (4 * GLYPH_MARGIN)), 3)
            optimization[self.glyph_zone[paired[tile]]] = tile
        zones = [z for z in optimization if z != black]
        for z in sorted(drawn - {black} - set(zones)):
            zones.append(z)
        want = self.cosmos.rules.zones_per_game
        if len(zones) != want:
            self.doubt(
                "zones",
                f"{len(zones)} Exploration Zones found ({', '.join(zones) or 'none'}); "
                f"a game has {want}",
            )
        if len(zones) > want:
            self._doubt_loose_zones(zones, optimization, hexes, fixed)
        return zones, optimization

    def _doubt_loose_zones(self, zones, optimization, hexes, fixed) -> None:
        """More Exploration Zones than a game has, some drawn on the hexes facing no tile
        (``optimization``: zone -> tile, as read): asked as the tiles' boxes read as a zone
        no hex holds (a lookalike of a loose zone's symbol, say), each answered with a
        zone, the loose ones offered first; where every box's zone is drawn, as the loose
        zones' hexes (a misread symbol), each answered with a zone or empty, when they are
        at most ``STUCK_RUN_ASKED``. A box or hex a person named is not asked again."""
        loose = [z for z in zones if z not in optimization]
        held = {z for h in hexes.values() if h.covered for z in h.candidates}
        black = self.shapes.black_hole.id
        boxes = [
            (tile, z)
            for z, tile in optimization.items()
            if z != black and z not in held and tile not in fixed
        ]
        names = " and ".join(self.shapes.zone(z).name for z in loose)
        for tile, z in boxes:
            self.doubt(
                f"score-tile-{tile}-zone",
                f"read {self.shapes.zone(z).name}, which no hex holds, while {names}, drawn, "
                "faces no tile: which zone's symbol?",
                (*loose, z),
            )
        cells = sorted(
            (h for h, r in hexes.items() if r.covered and r.zone in loose),
            key=lambda h: (h[1], h[0]),
        )
        if boxes or len(cells) > STUCK_RUN_ASKED:
            return
        for h in cells:
            if f"hex-{hex_id(h)}" in self.chosen:
                continue
            name = self.shapes.zone(hexes[h].zone).name
            why = (
                f"a {name} symbol, but {name} faces no Optimization tile and a game has "
                f"{self.cosmos.rules.zones_per_game} zones"
            )
            self.ask_zone(h, hexes[h].zone, why)

    def _pair_tiles(
        self, tiles, close: dict[str, list[str]], drawn: set[str], fixed: dict[str, str]
    ) -> dict[str, str]:
        """The symbol of each tile's box that the pairing decides (tile -> glyph): every
        tile faces its own zone, and every zone drawn on the hexes (but the Black Hole)
        faces a tile. Of the pairings of the symbols each box may hold that keep to both,
        the one of the best total score decides each tile that no pairing within
        ``GLYPH_MARGIN`` a box of it reads otherwise. The boxes a person read (``fixed``,
        tile -> glyph) hold that symbol alone, whatever their ink scores."""
        names = sorted(close)
        score = {t: {fixed[t]: 0.0} if t in fixed else dict(tiles[t].ranked) for t in names}
        need = drawn - {self.shapes.black_hole.id}
        unread = len(tiles) - len(names)  # boxes read blank or unclear face the rest
        pairings = [
            p
            for p in product(*(close[t] for t in names))
            if len(set(p)) == len(p) and len(need - {self.glyph_zone[g] for g in p}) <= unread
        ]
        if not pairings:  # a symbol misread somewhere: the boxes read surely, no two alike
            sure = Counter(close[t][0] for t in names if len(close[t]) == 1)
            return {t: close[t][0] for t in names if len(close[t]) == 1 and sure[close[t][0]] == 1}
        total = {p: sum(score[t][g] for t, g in zip(names, p, strict=True)) for p in pairings}
        best = max(pairings, key=total.__getitem__)
        # another pairing is as likely unless the best leads it by GLYPH_MARGIN for each
        # box it reads otherwise
        near = [
            p
            for p in pairings
            if total[best] - total[p]
            < GLYPH_MARGIN * sum(a != b for a, b in zip(p, best, strict=True))
        ]
        return {t: best[i] for i, t in enumerate(names) if all(p[i] == best[i] for p in near)}
