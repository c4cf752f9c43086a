"""Read a flattened Distant Suns Cosmos sheet into the scoring state, with its doubts.

The sheet's marking convention (layouts/README.md, printed on the sheet):
"trace its outline on the hex lines, then draw its symbol in EVERY hex of it".
So:

* a hex is covered when its field holds a pencilled symbol;
* the symbol says the zone (:mod:`pnp.vision.glyph_match` against the zone
  glyphs; the glyphs drawn in the score summary's ``score-tile-<tile>-zone``
  boxes say which zones are in play and which Optimization tile each faces);
* touching hexes of one zone are split into shapes by exact cover with that
  zone's turns and flips (less up to ``max_upgrades_per_turn`` hexes), the
  outline traced on the hex lines choosing between covers;
* the Frontier value circled, the Upgrades gained and used are read from their
  fields and checked against the shapes.

A photo cannot tell in which order the shapes were drawn: the reader gives
them a legal drawing order (first shape at the start, each next one touching
an earlier one, Upgrades spent only once gained) as (round, turn), and says so
with ``order_known = False``. Such a state scores correctly alone
(:func:`scoring.distant_suns.score.score`: the Frontier race is the value
circled on the sheet); a table of photographed sheets should be scored sheet
by sheet and ranked (:func:`scoring.distant_suns.score.rank`), not with
``score_table``, whose Frontier race uses the turns.

Nothing uncertain is guessed: a hex whose symbol is unclear, a zone box that
cannot be read, a run of hexes no legal set of shapes covers, a cover the
outline does not decide, are listed in ``doubtful``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from pnp.sheetmap import Field, SheetMap
from pnp.vision import glyph_match, glyph_scan, glyph_visible
from pnp.vision.cosmos_board import ZoneBoard
from pnp.vision.cosmos_frontiers import FRONTIER_MARKS, FrontierMarks
from pnp.vision.cosmos_ink import circle_square, crop_circle, despeckle, in_circle
from pnp.vision.cosmos_reading import CosmosReading, Doubt, HexRead
from pnp.vision.cosmos_repairs import SymbolRepairs
from pnp.vision.cosmos_shapes import ShapeSplits
from pnp.vision.cosmos_symbols import (
    COVERED_MM2,
    EMPTY_MM2,
    GLYPH_MARGIN,
    HEX_READ_INSET_MM,
    SCAN_FAINT,
    SCAN_MARGIN,
    SCAN_NONE,
    SCAN_SURE,
    SCAN_SURE_LEAD,
    SCAN_UNSEEN,
    SHORT_BOARD_HEXES,
    SOLID_BLOB_MM2,
    PageInk,
    largest_blob,
    noise_only,
    page_grain,
    reads_empty,
    reads_symbol,
    symbol_piece,
    symbol_scores,
)
from pnp.vision.cosmos_unmarked import UnmarkedSpaces
from pnp.vision.cosmos_upgrades import UpgradeBoxes
from pnp.vision.fields import FieldReading
from scoring.distant_suns.hexgrid import Hex, hex_id
from scoring.distant_suns.layout import Cosmos, Shapes, load_cosmos, load_shapes

# --- the reader ----------------------------------------------------------------------


def read_cosmos(
    flat: np.ndarray,
    mask: np.ndarray,
    sheet_map: SheetMap,
    readings: Sequence[FieldReading],
    px_per_mm: float,
    blank: np.ndarray | None = None,
    cosmos: Cosmos | None = None,
    shapes: Shapes | None = None,
    answered: Collection[str] = (),
    doubted: Collection[str] = (),
    chosen: Mapping[str, str] | None = None,
    taken_empty: Collection[str] = (),
    base: np.ndarray | None = None,
    darkness: dict[str, dict[str, float]] | None = None,
    visible: dict[str, dict[str, float] | None] | None = None,
) -> CosmosReading:
    """Read a flattened Cosmos sheet (common box, gray) into a DistantSunsState dict.

    ``answered`` names the fields of ``readings`` a person answered: their state stands,
    and no rule settles them otherwise. ``doubted`` names those the reader still asks
    about: Upgrade boxes are settled by the shapes only when no hex is among them, and a
    Frontier value read filled beside the other value of its pair is marked either way
    (circled, or crossed out); ``taken_empty`` names those of them a score counts empty
    until answered (``Doubt.guess``: a neighbour's tail, a box hatched out), which no
    Upgrade count takes for checked. ``chosen`` gives the zone a person read in a score tile's
    box or a hex (``score-tile-<tile>-zone`` or ``hex-<id>`` -> zone id,
    ``symbol_field``): it stands; the other boxes are paired with the zones left, and the
    hex is covered, of that zone alone. ``base`` (the added ink at the base step
    alone, ``ink.InkMasks.base``) is a second reading of those boxes' small symbols.
    ``darkness`` (``SheetReading.hex_darkness``) keeps the hexes' glyph scans of ``flat``
    from one reading of it to the next: they are filled in as the reader makes them;
    ``visible`` (``SheetReading.hex_visible``) so keeps the matches of the symbols an
    Alien's or an Upgrade's icon hides part of (``glyph_visible``).

    ``mask`` is :func:`pnp.vision.ink.added_ink` of ``flat``, ``sheet_map`` the
    map in common-box mm (:func:`pnp.vision.reference.common_map`) and ``readings``
    :func:`pnp.vision.fields.read_fields` of it. ``blank`` (the blank sheet at
    ``px_per_mm``, default :func:`pnp.vision.reference.reference_image`) lets the
    reader see outlines traced on the printed hex lines.
    """
    cosmos = cosmos or _shipped_cosmos()
    shapes = shapes or _shipped_shapes()
    if blank is None:
        from pnp.vision.reference import reference_image

        c = sheet_map.code
        blank = reference_image(c.game, c.sheet, c.layout, px_per_mm)
    reader = _Reader(
        flat,
        mask,
        sheet_map,
        readings,
        px_per_mm,
        blank,
        cosmos,
        shapes,
        answered,
        doubted,
        chosen,
        base,
        darkness,
        taken_empty,
        visible,
    )
    return reader.read()


def symbol_field(field_id: str) -> bool:
    """Whether a person answers ``field_id`` with a zone (``--set FIELD=ZONE``): a score
    tile's box (``tile_box``), or a hex, covered by a shape of the zone whose symbol it
    holds."""
    return field_id.startswith("hex-") or tile_box(field_id)


def tile_box(field_id: str) -> bool:
    """Whether ``field_id`` is a score tile's box, which holds the symbol of the zone the
    tile faces."""
    return field_id.startswith("score-tile-") and field_id.endswith("-zone")


def frontier_value(field_id: str) -> bool:
    """Whether ``field_id`` is a Frontier value (``frontier-<hex>-high`` or ``-low``): a
    person answers it with how it is marked (``FRONTIER_MARKS``), or empty."""
    return field_id.startswith("frontier-") and field_id.endswith(("-high", "-low"))


def zone_ids(field_id: str) -> tuple[str, ...]:
    """The zones the symbol in ``field_id`` may name (the shipped shapes'): any zone in a
    hex; in a score tile's box, any but the Black Hole, which faces no tile."""
    shapes = _shipped_shapes()
    return tuple(z.id for z in (shapes.zones if tile_box(field_id) else shapes.all_zones))


@lru_cache(maxsize=1)
def _shipped_cosmos() -> Cosmos:
    """The shipped cosmos.yaml, parsed once (frozen models; ~40 ms a parse)."""
    return load_cosmos()


@lru_cache(maxsize=1)
def _shipped_shapes() -> Shapes:
    return load_shapes()


class _Reader(ZoneBoard, SymbolRepairs, ShapeSplits, UpgradeBoxes, FrontierMarks, UnmarkedSpaces):
    """One Cosmos page read: its tiles and hexes here, its symbols repaired, shapes,
    Upgrade boxes, Frontiers and the spaces nothing marks in the parts it is made of, all
    checked against the rules."""

    def __init__(
        self,
        flat,
        mask,
        sheet_map,
        readings,
        px,
        blank,
        cosmos,
        shapes,
        answered=(),
        doubted=(),
        chosen=None,
        base=None,
        darkness=None,
        taken_empty=(),
        visible=None,
    ):
        self.flat, self.mask, self.map, self.px = flat, mask, sheet_map, px
        self.blank = blank
        self.cosmos, self.shapes = cosmos, shapes
        self.readings = {r.id: r for r in readings}
        self.fields = {f.id: f for f in sheet_map.fields}
        self.glyph_zone = {z.glyph: z.id for z in shapes.all_zones}
        self.zone_glyph = {z.id: z.glyph for z in shapes.all_zones}
        self.doubts: list[Doubt] = []
        self.confidence: dict[str, float] = {}
        self.remarks: list[str] = []
        self._paper_bright: np.ndarray | None = None  # :func:`paper` of ``flat``
        # (a, b) -> ``edge_traced``: runs read for other symbols share hex lines
        self._traced: dict[tuple[Hex, Hex], float] = {}
        # (zone, run) -> ``covers``: the same runs come back for every reading of the
        # unsure symbols that ``partition`` tries
        self._covers: dict[tuple[str, frozenset[Hex]], list] = {}
        self._stuck_runs: list[tuple] = []  # (zone, run, zone_of): ``ask_stuck`` asks
        self._facings: dict[str, float] = {}  # Frontier value id -> ``_facing``
        # zone -> its Optimization tile, as ``board`` read them with nothing asked (every
        # tile's zone); None until then, or where it asked (``_scoring_alike``)
        self.board_tiles: dict[str, str] | None = None
        # the glyphs of the zones in play (``read_hexes``; none before it)
        self.in_play_glyphs: set[str] = set()
        self.settled: dict[str, bool] = {}
        self.faint: set[str] = set()  # ``CosmosReading.faint``
        # hex -> glyph -> ``_darkness`` (the page's own: ``read_cosmos``'s ``darkness``)
        self._dark_scores: dict[str, dict[str, float]] = {} if darkness is None else darkness
        # hex -> glyph -> ``_visible_match`` (None: its icon hides none of its ink; the
        # page's own: ``read_cosmos``'s ``visible``)
        self._visible: dict[str, dict[str, float] | None] = {} if visible is None else visible
        self.answered = frozenset(answered)  # by a person: never settled otherwise
        # score tile box or hex -> the zone a person read in it (``symbol_field``)
        self.chosen = {f: z for f, z in (chosen or {}).items() if z in self.zone_glyph}
        # the Frontier values a person said are circled or crossed out
        self.told = {f: m for f, m in (chosen or {}).items() if m in FRONTIER_MARKS}
        self.base = base  # the added ink at the base step alone (``read_tiles``)
        self.doubted = frozenset(doubted) - self.answered  # still asked by the field reader
        # ...and of those, the ones counted empty until answered (``Doubt.guess``)
        self.taken_empty = frozenset(taken_empty) & self.doubted
        # a covered hex's match against the zones in play
        self.hex_scores: dict[Hex, glyph_match.GlyphScores] = {}
        # hex id -> the zones its ink matched alike, where the photo's darkness chose one
        # (``_symbol_read``; ``repair_spending``)
        self.darkness_chose: dict[str, tuple[str, ...]] = {}

    def doubt(self, fid: str, reason: str, options: Iterable[str] = ()) -> None:
        self.doubts.append(Doubt(fid, reason, tuple(options)))

    # --- the whole sheet --------------------------------------------------------

    def read(self) -> CosmosReading:
        tiles = self.read_tiles()
        hexes = self.read_hexes(tiles)
        self.settle_unmarked_spaces()
        hexes = self.repair_symbols(hexes)
        hexes = self.settle_unclear(hexes)
        hexes = self.repair_spending(hexes)
        zones, optimization = self.board(tiles, hexes)
        self.board_tiles = self._clear_board(optimization)
        placed = self.partition(hexes)
        gained, used = self.read_upgrades(hexes, placed)
        frontier = self.read_frontiers(hexes)
        ordered = self.order(placed)
        state: dict[str, Any] = {
            "game": "distant-suns",
            "cosmos": "cosmos",
            "player": "",
            "serial": self.map.code.serial or None,
            "zones": zones,
            "optimization": optimization,
            "shapes": ordered,
            "upgrades_used": used,
            "upgrades_gained": gained,
            "frontier": frontier,
            "order_known": False,
        }
        self.check(state)
        self._settle_hexes(hexes, placed)
        self.ask_stuck()
        self.ask_spending(hexes)
        self.settle_unreached(hexes)
        return CosmosReading(
            state=state,
            confidence=dict(sorted(self.confidence.items())),
            doubtful=tuple(self.doubts),
            hexes={hex_id(h.hex): h for h in hexes.values()},
            order_known=False,
            remarks=tuple(self.remarks),
            settled=dict(self.settled),
            faint=frozenset(self.faint),
        )

    # --- score summary: which zone faces which tile ------------------------------

    # --- hexes -------------------------------------------------------------------

    def _hex_ink(self, mask: np.ndarray, f) -> np.ndarray:
        """``mask`` within the circle a hex (its field ``f``) is read in."""
        return crop_circle(mask, f.x, f.y, f.w / 2 - HEX_READ_INSET_MM, self.px)

    def _hex_blob(self, mask: np.ndarray, h: Hex) -> float:
        """The largest blob (mm2) of ``mask`` in hex ``h``."""
        return largest_blob(self._hex_ink(mask, self.fields[f"hex-{hex_id(h)}"]), self.px)

    def _scanned(self, f: Field, keys: tuple[str, ...]) -> glyph_match.GlyphScores:
        """How well each glyph of ``keys`` matches the darkness of hex field ``f``, read
        in the square round the circle its ink is read in (``glyph_scan``)."""
        r = f.w / 2 - HEX_READ_INSET_MM
        x0, y0 = max(0, int((f.x - r) * self.px)), max(0, int((f.y - r) * self.px))
        x1, y1 = int((f.x + r) * self.px) + 1, int((f.y + r) * self.px) + 1
        dark = self.dark(x0, y0, x1, y1)
        return glyph_scan.scan(dark, self.blank[y0:y1, x0:x1], keys, self.px)

    def _visible_match(self, fid: str, keys: tuple[str, ...]) -> glyph_match.GlyphScores | None:
        """How much the ink of hex ``fid`` looks like each glyph of ``keys`` over the part
        of the hex its printed icon leaves visible (``glyph_visible``); None where the
        icon hides none of it (its ink's own match stands), or without the blank sheet
        (nothing is known of its print). Each glyph matched once a hex (the page's own:
        ``read_cosmos``'s ``visible``)."""
        if self.blank is None or (fid in self._visible and self._visible[fid] is None):
            return None
        known = self._visible.get(fid, {})
        if missing := tuple(k for k in keys if k not in known):
            f = self.fields[fid]
            r = f.w / 2 - HEX_READ_INSET_MM
            ink = despeckle(self._hex_ink(self.mask, f), self.px)  # as ``read_hexes`` reads it
            x0, y0, *_ = circle_square(f.x, f.y, r, self.px)
            h, w = ink.shape
            shown = glyph_visible.visible(self.blank[y0 : y0 + h, x0 : x0 + w], self.px)
            if fid not in self._visible and not glyph_visible.cut_off(ink, shown, self.px):
                self._visible[fid] = None
                return None
            shown *= in_circle(ink.shape, x0, y0, f.x, f.y, r, self.px)
            known = self._visible.setdefault(fid, {})
            known.update(glyph_visible.visible_scores(ink, shown, missing, self.px).ranked)
        return glyph_match.GlyphScores(
            tuple(sorted(((k, known[k]) for k in keys), key=lambda kv: -kv[1]))
        )

    def _darkness(self, fid: str, keys: tuple[str, ...]) -> glyph_match.GlyphScores:
        """``_scanned`` of hex ``fid`` for ``keys``, each glyph scanned once a hex (a glyph's
        score does not depend on the others scanned with it)."""
        known = self._dark_scores.setdefault(fid, {})
        missing = tuple(k for k in keys if k not in known)
        if missing:
            known.update(self._scanned(self.fields[fid], missing).ranked)
        return glyph_match.GlyphScores(
            tuple(sorted(((k, known[k]) for k in keys), key=lambda kv: -kv[1]))
        )

    def _no_symbol_seen(self, fid: str, play: tuple[str, ...], blob: float) -> str:
        """Why a hex whose ink looks like no symbol holds none ("" if it may): the photo's
        darkness matches no symbol in ``play`` as well as ``SCAN_NONE``; a solid symbol (a
        filled dot) counts only where the hex's largest blob of ink (``blob``, mm2) is one
        a pencil leaves (``SOLID_BLOB_MM2``): any grain matches a dot."""
        if fid in self.answered:
            return ""
        if blob < SOLID_BLOB_MM2:
            play = tuple(k for k in play if not glyph_match.solid(k))
        if not play:
            return ""
        scanned = self._darkness(fid, play)
        if scanned.score >= SCAN_NONE:
            return ""
        return (
            f"matches no symbol in the photo's darkness (best {scanned.best} {scanned.score:.2f})"
        )

    def _seen_plainly(self, fid: str, glyph: str, play: tuple[str, ...]) -> str:
        """Why a hex read as holding ``glyph`` that the field reader doubts (noisy paper,
        faint ink) holds it ("" if that is not plain): the photo's darkness matches it
        ``SCAN_SURE`` or more and better than any other symbol in ``play`` by
        ``SCAN_SURE_LEAD`` (a solid one, a dot, left out: any grain matches it; nor is a
        hex read as one settled so)."""
        if fid not in self.doubted or fid in self.answered or glyph_match.solid(glyph):
            return ""
        rivals = tuple(k for k in play if k != glyph and not glyph_match.solid(k))
        score = dict(self._darkness(fid, (glyph, *rivals)).ranked)
        lead = score[glyph] - max((score[k] for k in rivals), default=0.0)
        if score[glyph] < SCAN_SURE or lead < SCAN_SURE_LEAD:
            return ""
        return f"its symbol plain in the photo's darkness ({glyph} {score[glyph]:.2f})"

    def _doubted_darkness(self, fid: str, glyph: str) -> float | None:
        """How well the photo's darkness matches ``glyph`` in a hex whose ink the field
        reader doubts (noisy paper, faint ink); None where it does not, or a person
        answered the hex."""
        if fid not in self.doubted or fid in self.answered:
            return None
        return self._darkness(fid, (glyph,)).score

    def _symbol_read(
        self, fid: str, s: glyph_match.GlyphScores, play: tuple[str, ...]
    ) -> tuple[str, tuple[str, ...], float]:
        """The glyph a hex read as a symbol holds, the glyphs it may hold, and how sure:
        its ink's match ``s`` (among the glyphs in ``play``), the photo's darkness
        (``glyph_scan``) choosing between glyphs the ink matches alike (``SCAN_MARGIN``)."""
        near = tuple(k for k, v in s.ranked if v >= s.score - GLYPH_MARGIN)
        conf = 0.5 + 0.5 * min(1.0, s.margin / (4 * GLYPH_MARGIN))
        if len(near) == 1 or fid in self.answered:
            return s.best, near, conf
        scanned = self._darkness(fid, play)
        if scanned.best not in near or scanned.margin < SCAN_MARGIN:
            return s.best, near, conf
        self.remarks.append(
            f"{fid}: {self.glyph_zone[scanned.best]} (its ink close to "
            f"{', '.join(self.glyph_zone[k] for k in near)}; the photo's darkness matches "
            f"it {scanned.margin:.2f} better than any)"
        )
        self.darkness_chose[fid] = tuple(self.glyph_zone[k] for k in near)
        return scanned.best, (scanned.best,), 0.75

    def _short_board(self, in_play: set[str], seen, board_zones: int) -> set[str]:
        """The symbols put in play beside ``in_play`` where it holds fewer than the
        board's ``board_zones`` zones (the Black Hole's aside): those the covered hexes of
        ``seen`` (hex -> (ink mm2, scores)) read best by ``GLYPH_MARGIN`` on the most
        hexes, ``SHORT_BOARD_HEXES`` or more each, as many as the board lacks."""
        short = board_zones - len(in_play - {self.shapes.black_hole.glyph})
        if short <= 0:
            return set()
        best = Counter(
            s.best
            for area, s in seen.values()
            if s is not None
            and area >= COVERED_MM2
            and s.margin >= GLYPH_MARGIN
            and s.best not in in_play
        )
        return {g for g, n in best.most_common(short) if n >= SHORT_BOARD_HEXES}

    def read_hexes(self, tiles) -> dict[Hex, HexRead]:
        keys = tuple(self.shapes.glyphs)
        # each hex matched once against every glyph; narrowed below to those in play
        seen: dict[Hex, tuple[float, glyph_match.GlyphScores | None]] = {}
        blobs: dict[Hex, float] = {}  # each hex's largest blob of ink, mm2
        for h in sorted(self.cosmos.hexes - self.cosmos.uncoverable, key=lambda h: (h[1], h[0])):
            f = self.fields.get(f"hex-{hex_id(h)}")
            if f is None:
                continue
            ink = despeckle(self._hex_ink(self.mask, f), self.px)
            area = float(ink.sum()) / self.px**2
            scores, largest = symbol_scores(ink, keys, self.px)
            seen[h] = (area, scores)
            blobs[h] = largest / self.px**2
        # zones in play: those named in the summary or by a person, those drawn clearly,
        # the Black Hole's
        in_play = {
            self.shapes.black_hole.glyph,
            *(self.zone_glyph[z] for z in self.chosen.values()),
        }
        for s in tiles.values():
            if s is not None and s.margin >= GLYPH_MARGIN:
                in_play.add(s.best)
        for area, s in seen.values():
            if s is not None and area >= COVERED_MM2 and s.margin >= 2 * GLYPH_MARGIN:
                in_play.add(s.best)
        in_play |= self._short_board(in_play, seen, len(tiles))
        self.in_play_glyphs = in_play
        play = tuple(sorted(in_play))
        narrowed = {
            h: first.among(play) if first is not None else None for h, (_, first) in seen.items()
        }
        empty = [h for h, (area, _) in seen.items() if reads_empty(area, narrowed[h])]
        symbols = [h for h, (area, _) in seen.items() if reads_symbol(area, narrowed[h])]
        unclear = [
            h
            for h, (area, _) in seen.items()
            if not reads_empty(area, narrowed[h]) and not reads_symbol(area, narrowed[h])
        ]
        # the base step's largest blobs, measured only on a page where a hex looks like
        # no symbol (``noise_only``)
        base = {}
        if unclear and self.base is not None:
            base = {h: self._hex_blob(self.base, h) for h in symbols + unclear}
        page = PageInk(
            page_grain([blobs[h] for h in empty]),
            symbol_piece([blobs[h] for h in symbols]),
            symbol_piece([base[h] for h in symbols]) if base else None,
        )
        out: dict[Hex, HexRead] = {}
        for h, (area, _) in seen.items():
            fid = f"hex-{hex_id(h)}"
            if (zone := self.chosen.get(fid)) is not None:  # its symbol, as a person read it
                out[h] = HexRead(h, area, True, zone, (zone,))
                self.confidence[fid] = 1.0
                continue
            if fid in self.answered and self.readings[fid].state == "empty":  # no symbol
                out[h] = HexRead(h, area, False, confidence=1.0)
                self.confidence[fid] = 1.0
                continue
            s = narrowed[h]
            if reads_empty(area, s):
                speck = area > EMPTY_MM2 and s is not None  # ink, like no symbol
                out[h] = HexRead(h, area, False, confidence=0.75 if speck else 1.0)
                self.confidence[fid] = 0.75 if speck else round(1.0 - 0.5 * area / EMPTY_MM2, 3)
                # the field reader's doubt of its ink, settled where the darkness agrees
                if fid in self.doubted and (why := self._no_symbol_seen(fid, play, blobs[h])):
                    self.settled[fid] = False
                    self.remarks.append(f"{fid}: not covered, its ink ({area:.1f} mm2) {why}")
                continue
            # grain joined into a symbol's shape (``SCAN_UNSEEN``), or a faint one at best
            seen = self._doubted_darkness(fid, s.best) if reads_symbol(area, s) else None
            unseen = seen is not None and seen < SCAN_UNSEEN
            if seen is not None and SCAN_UNSEEN <= seen < SCAN_FAINT:
                self.faint.add(fid)
            if unseen or not reads_symbol(area, s):
                noise = noise_only(blobs[h], area, base.get(h), page) or self._no_symbol_seen(
                    fid, play, blobs[h]
                )
                if noise and fid not in self.answered:
                    out[h] = HexRead(h, area, False, confidence=0.75)
                    self.confidence[fid] = 0.75
                    self.settled[fid] = False
                    self.remarks.append(f"{fid}: not covered, its ink ({area:.1f} mm2) {noise}")
                    continue
                out[h] = HexRead(h, area, None, candidates=tuple(k for k, _ in s.ranked[:2]))
                self.confidence[fid] = 0.5
                looks = (
                    f"like {s.best} ({s.score:.2f}), not in the photo's darkness ({seen:.2f})"
                    if unseen
                    else f"like no symbol (best {s.best} {s.score:.2f})"
                )
                self.doubt(
                    fid,
                    f"{area:.1f} mm2 of ink that looks {looks}: covered or not?",
                    tuple(self.glyph_zone[k] for k, _ in s.ranked[:2]),
                )
                continue
            # its icon printed over part of the symbol, the ink not plainly one?
            if h in self.cosmos.space_types and not glyph_visible.sure(s):
                s = self._visible_match(fid, play) or s
            self.hex_scores[h] = s
            best, near, conf = self._symbol_read(fid, s, play)
            if len(near) == 1 and (why := self._seen_plainly(fid, best, play)):
                self.settled[fid] = True
                self.remarks.append(f"{fid}: covered, {why}")
            out[h] = HexRead(
                h,
                area,
                True,
                self.glyph_zone[best],
                tuple(self.glyph_zone[k] for k in near),
                round(conf, 3),
            )
            self.confidence[fid] = round(conf, 3)
        return out

    # --- board: zones and Optimization tiles ---------------------------------------

    # --- the rules ---------------------------------------------------------------------

    def check(self, state: dict[str, Any]) -> None:
        from scoring.distant_suns.check import check
        from scoring.distant_suns.problem import InvalidState
        from scoring.distant_suns.state import parse_state

        try:
            parsed = parse_state(state)
        except InvalidState as e:
            for p in e.problems:
                self.doubt(p.field, p.message)
            return
        listed = {d.field for d in self.doubts}
        for p in check(parsed, self.cosmos, self.shapes):
            if p.field not in listed:
                self.doubt(p.field, p.message)


__all__ = ["CosmosReading", "Doubt", "HexRead", "read_cosmos"]
