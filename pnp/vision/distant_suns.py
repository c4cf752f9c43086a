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
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

import cv2
import numpy as np

from pnp.sheetmap import Field, SheetMap
from pnp.vision import glyph_match, glyph_scan
from pnp.vision.cosmos_frontiers import FRONTIER_MARKS, FrontierMarks
from pnp.vision.cosmos_ink import SPECK_MM2, crop_circle, crop_rect, despeckle
from pnp.vision.cosmos_reading import CosmosReading, Doubt, HexRead
from pnp.vision.cosmos_repairs import SymbolRepairs
from pnp.vision.cosmos_shapes import STUCK_RUN_ASKED, ShapeSplits
from pnp.vision.cosmos_upgrades import UpgradeBoxes
from pnp.vision.fields import FieldReading
from scoring.distant_suns.hexgrid import (
    Hex,
    hex_id,
)
from scoring.distant_suns.layout import Cosmos, Shapes, load_cosmos, load_shapes
from scoring.distant_suns.state import TILES

# hexes
HEX_READ_INSET_MM = 0.5  # read a hex field's circle this far inside its edge
COVERED_MM2 = 1.6  # a symbol puts at least this much ink in its hex
EMPTY_MM2 = 0.5  # at most this much: an empty hex
HEX_UNIT_MM = (2.6, 6.8)  # half box side a hex symbol is drawn at (zone_glyph units)
BOX_UNIT_MM = (1.0, 3.4)  # ... and one in a score summary box
GLYPH_MIN_SCORE = 0.55  # below this the ink looks like no symbol at all
# Too little ink for a symbol (under ``COVERED_MM2``) that matches none even loosely (its
# best symbol under ``SPECK_SCORE``) is grain or a stray speck, not a faint symbol: the
# hex reads empty. A faint symbol keeps some of its shape: of the 58 marked hexes asked
# as "ink that looks like no symbol" on the 24 photo sets, the 3 under 1.6 mm2 scored
# 0.42-0.49 (the lowest of all 58: 0.33, at 2.2 and 2.8 mm2); of the 1,718 unmarked, 558
# hold under 1.6 mm2 and score under 0.36 (the dumps of session 23's reader).
SPECK_SCORE = 0.36
GLYPH_MARGIN = 0.03  # a symbol is certain when it leads the runner-up by this much
# A zone is in play where a tile's box shows its symbol, or a hex shows it plainly (leading
# the runner-up by twice ``GLYPH_MARGIN``). Where that leaves the board short of zones
# (seed 759 #78, a real-mode page in a shaky pen: its squares and circles led each other
# by 0.025-0.056 in the 34 of their hexes holding over 20 mm2 of ink, the tiles' boxes
# unclear), the symbols the hexes read (by ``GLYPH_MARGIN``) on the most hexes, at least
# ``SHORT_BOARD_HEXES`` each, are in play too, as many as the board lacks
# (``_short_board``). On the Cosmos pages of 48 sets (seeds 719-766): 15 fields asked ->
# right (10 on that page), 2 right -> asked, none read wrong.
SHORT_BOARD_HEXES = 2
# On grainy paper the raised ink step leaves blobs of noise scattered round a hex's
# symbol, and matched with them the symbol looks like none: a pencilled dot among them
# scored 0.61 as a star, alone 0.92 as a dot (held-out 00033, hard). So a hex's ink is
# matched as its core too, its blobs of ``CORE_SHARE`` of the largest one or more, and
# the core's match taken where it looks like a symbol ``CORE_LEAD`` more than the whole
# ink's (``_symbol``). Session 38, the hexes of 90 hard Cosmos pages (held-out, seeds
# 124-128), matched against the zones in play: sure and wrong 43 -> 15, sure and right
# 4,696 -> 4,756; on their normal and real pages no hex changes but 3 (real: sure and
# wrong 1 -> 1). Taking every core match: normal pages lose 12 sure right hexes (a
# pencil stroke's broken-off end is no noise).
CORE_SHARE = 0.15
CORE_LEAD = 0.1
# A hex whose ink matches two symbols or more within ``GLYPH_MARGIN`` is read with the
# one the photo's darkness matches best (``glyph_scan``) where that is one of them and
# leads every other zone in play by ``SCAN_MARGIN``. The ink mask's blobs of grain move
# its canonical frame; the darkness scanned with templates averages the grain out.
SCAN_MARGIN = 0.03
# A hex the field reader doubts (noisy paper, faint ink) whose ink matches a symbol the
# photo's darkness matches less than ``SCAN_UNSEEN`` is read as ink that looks like no
# symbol: grain the raised step joined into a symbol's shape.
SCAN_UNSEEN = 0.4
# ...and one it matches under ``SCAN_FAINT`` is a faint symbol at best: read covered, but
# uncovered where the noise model is sure the field holds no mark (``CosmosReading.faint``)
SCAN_FAINT = 0.5
# A hex whose ink looks like no symbol, or like one the darkness does not show, holds
# none where the darkness matches no symbol in play as well as ``SCAN_NONE``: it is read
# uncovered, as ``_noise_only``'s grain is; and a hex read empty whose ink the field
# reader doubts (noisy paper, faint strokes) is settled so.
SCAN_NONE = 0.5
# ...a filled dot counting only where the hex holds a blob of ink this large (mm2): any
# blob of grain matches a dot. Over 350 dots pencilled on hard pages the largest blob
# was 2.0 mm2 at the least; of the 55 marked hexes left asked or read empty on eight
# sets, those under 1.0 mm2 match another symbol 0.553 or more.
SOLID_BLOB_MM2 = 1.0
# A hex read covered by one symbol that the field reader doubts (noisy paper) is settled
# covered where the darkness matches that symbol ``SCAN_SURE`` or more, leading every
# other (the dot left out) by ``SCAN_SURE_LEAD``: of the hexes so doubted on eight
# sets, the 51 of grain read as a symbol matched it 0.629 at the most, the 72 real
# symbols 0.64-0.76 at the median.
SCAN_SURE = 0.7
SCAN_SURE_LEAD = 0.05
# A hex whose ink looks like no symbol (or too little of one) is read uncovered, not
# asked, where its largest blob of ink is no bigger than ``GRAIN_SHARE`` of the page's
# grain: the ``GRAIN_QUANTILE`` of the largest blobs in the hexes it reads empty (too
# little ink, or nothing like a symbol; ``GRAIN_MIN_HEXES`` of them at least). A pencil
# stroke, however faint, holds together longer than a grain of noise. Session 38, the
# hard Cosmos pages of 22 photo sets: of the 714 hexes asked "covered or not?", 682 were
# empty and 32 covered; the covered ones' largest blob was 1.04 times the quantile of the
# page's sure empty hexes or more, the empty ones' 0.63 times at the median. Read again:
# 55 fields asked -> right (some settled by the placement rules once fewer hexes were
# left unclear), none read wrong, two pages' last question kept (``keep_one_learned``);
# with 20 hexes at least (not 10), 37 and one. The grainiest pages have too few hexes
# read empty to measure their grain.
GRAIN_SHARE = 0.7
GRAIN_QUANTILE = 0.95
GRAIN_MIN_HEXES = 10
# ...and where its ink lies in scattered pieces: the largest no more than
# ``PIECE_OF_SYMBOL`` of the page's symbols' (the median largest blob of the hexes whose
# ink reads as a symbol, ``SYMBOL_MIN_HEXES`` of them at least) and no more than
# ``PIECE_OF_INK`` of the hex's own ink; or where even at the base step (which joins a
# faint symbol's strokes) its largest blob is no more than ``BASE_PIECE_OF_SYMBOL`` of the
# page's symbols' there. Noise is many grains, none leading; a symbol, however faint,
# keeps a piece of its stroke. Session 39, the hexes asked "covered or not?" on hard
# Cosmos pages, their largest blobs against the page's symbols': first the 22 photo sets
# (891 hexes, 44 covered), where 0.04 / 0.4 / 0.15 settled 440 empty hexes and no covered
# one; then 1,495 fresh hard Cosmos pages (seeds 201, 202, ``python -m pnp.bench photos
# --n 15000 --sheet cosmos --level hard``: 4,442 hexes, 220 covered), where those limits
# settled one covered hex (0.040 / 0.38) and two more lay within 3% of the base-step
# limit. The limits are now set at least 1.37 times clear of every covered hex of both
# (the nearest: 0.041 with 0.21 of its ink, 0.024 with 0.52; at the base step 0.154):
# 1,385 of 4,222 empty hexes of the fresh pages settled, 266 of 847 of the 22 sets, no
# covered one.
PIECE_OF_SYMBOL = 0.03
PIECE_OF_INK = 0.35
SYMBOL_MIN_HEXES = 10
BASE_PIECE_OF_SYMBOL = 0.1


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
    base: np.ndarray | None = None,
    darkness: dict[str, dict[str, float]] | None = None,
) -> CosmosReading:
    """Read a flattened Cosmos sheet (common box, gray) into a DistantSunsState dict.

    ``answered`` names the fields of ``readings`` a person answered: their state stands,
    and no rule settles them otherwise. ``doubted`` names those the reader still asks
    about: Upgrade boxes are settled by the shapes only when no hex is among them, and a
    Frontier value read filled beside the other value of its pair is marked either way
    (circled, or crossed out). ``chosen`` gives the zone a person read in a score tile's
    box or a hex (``score-tile-<tile>-zone`` or ``hex-<id>`` -> zone id,
    ``symbol_field``): it stands; the other boxes are paired with the zones left, and the
    hex is covered, of that zone alone. ``base`` (the added ink at the base step
    alone, ``ink.InkMasks.base``) is a second reading of those boxes' small symbols.
    ``darkness`` (``SheetReading.hex_darkness``) keeps the hexes' glyph scans of ``flat``
    from one reading of it to the next: they are filled in as the reader makes them.

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
    )
    return reader.read()


def _symbol(
    ink: np.ndarray, keys: tuple[str, ...], px: float
) -> tuple[glyph_match.GlyphScores | None, float]:
    """How much a hex's ``ink`` looks like each symbol (None: no ink), as a whole or as
    its core where that looks like a symbol more (``CORE_SHARE``, ``CORE_LEAD``); and the
    pixels of its largest blob of ink (the page's grain: ``_grain``)."""
    if not ink.any():
        return None, 0.0
    whole = glyph_match.match(ink, keys, HEX_UNIT_MM, px)
    n, labels, stats, _ = cv2.connectedComponentsWithStats((ink > 0).astype(np.uint8), 8)
    areas = stats[:, cv2.CC_STAT_AREA]
    largest = float(areas[1:].max())
    keep = areas >= CORE_SHARE * largest
    keep[0] = False
    if whole is None or keep[1:].all():
        return whole, largest
    core = glyph_match.match(ink * keep[labels], keys, HEX_UNIT_MM, px)
    lead = core is not None and core.score >= whole.score + CORE_LEAD
    return (core if lead else whole), largest


def _reads_empty(area: float, s: glyph_match.GlyphScores | None) -> bool:
    """Whether a hex with ``area`` mm2 of ink matching ``s`` (the zones in play) reads
    empty: too little ink for a symbol, or too little like any (``SPECK_SCORE``)."""
    return area <= EMPTY_MM2 or s is None or (area < COVERED_MM2 and s.score < SPECK_SCORE)


def _reads_symbol(area: float, s: glyph_match.GlyphScores | None) -> bool:
    """Whether a hex's ink (``area`` mm2, matching ``s``) reads as a symbol: enough ink,
    and like one (``COVERED_MM2``, ``GLYPH_MIN_SCORE``)."""
    return s is not None and area >= COVERED_MM2 and s.score >= GLYPH_MIN_SCORE


def _symbol_piece(symbols: list[float]) -> float | None:
    """The largest piece of a symbol on the page: the median of ``symbols``, the largest
    blobs of ink (mm2) in the hexes whose ink reads as one; None with fewer than
    ``SYMBOL_MIN_HEXES``."""
    return float(np.median(symbols)) if len(symbols) >= SYMBOL_MIN_HEXES else None


@dataclass(frozen=True)
class PageInk:
    """What a page's hexes show of its noise and its symbols (mm2, None: too few hexes)."""

    grain: float | None = None  # the largest blob in its empty hexes (``_grain``)
    symbol: float | None = None  # the largest blob of its symbols (``_symbol_piece``)
    base_symbol: float | None = None  # the same at the base step


def _noise_only(blob: float, area: float, base_blob: float | None, page: PageInk) -> str:
    """Why a hex whose ink (``area`` mm2, its largest blob ``blob``; ``base_blob`` at the
    base step) looks like no symbol is noise alone ("" if it may not be): its blobs no
    bigger than the page's grain (``GRAIN_SHARE``), or scattered pieces, none more than a
    sliver of the page's symbols' (``PIECE_OF_SYMBOL``, ``PIECE_OF_INK``), or a fraction
    of them even at the base step (``BASE_PIECE_OF_SYMBOL``)."""
    if page.grain is not None and blob <= GRAIN_SHARE * page.grain:
        return "in blobs no bigger than the grain of the page's empty hexes"
    if page.symbol is not None and blob <= PIECE_OF_SYMBOL * page.symbol:
        if blob <= PIECE_OF_INK * area:
            return "in scattered pieces, the largest a sliver of the page's symbols'"
    if page.base_symbol is not None and base_blob is not None:
        if base_blob <= BASE_PIECE_OF_SYMBOL * page.base_symbol:
            return "in pieces, even at the base step, a fraction of the page's symbols'"
    return ""


def _largest_blob(ink: np.ndarray, px: float) -> float:
    """The area (mm2) of the largest blob of ``ink`` (0 if none is ``SPECK_MM2`` or more)."""
    if not ink.any():
        return 0.0
    _, _, stats, _ = cv2.connectedComponentsWithStats((ink > 0).astype(np.uint8), 8)
    largest = float(stats[1:, cv2.CC_STAT_AREA].max())
    return largest / px**2 if largest >= SPECK_MM2 * px * px else 0.0


def _grain(empty: list[float]) -> float | None:
    """A page's grain: the ``GRAIN_QUANTILE`` of ``empty``, the largest blobs of ink
    (mm2) in the hexes it reads empty; None with fewer than ``GRAIN_MIN_HEXES``."""
    return float(np.quantile(empty, GRAIN_QUANTILE)) if len(empty) >= GRAIN_MIN_HEXES else None


def _closer(found: list[glyph_match.GlyphScores]) -> glyph_match.GlyphScores | None:
    """The closer of a box's matches (None: none), its lead taken where another match
    looks like a symbol (``GLYPH_MIN_SCORE``) and names another: the two symbols tie."""
    if not found:
        return None
    best = max(found, key=lambda s: s.score)
    rivals = [s.best for s in found if s.score >= GLYPH_MIN_SCORE and s.best != best.best]
    if not rivals:
        return best
    score = dict(best.ranked) | dict.fromkeys(rivals, best.score)
    return glyph_match.GlyphScores(tuple(sorted(score.items(), key=lambda kv: -kv[1])))


def symbol_field(field_id: str) -> bool:
    """Whether a person answers ``field_id`` with a zone (``--set FIELD=ZONE``): a score
    tile's box, which holds the symbol of the zone the tile faces, or a hex, covered by a
    shape of the zone whose symbol it holds."""
    return field_id.startswith("hex-") or (
        field_id.startswith("score-tile-") and field_id.endswith("-zone")
    )


def frontier_value(field_id: str) -> bool:
    """Whether ``field_id`` is a Frontier value (``frontier-<hex>-high`` or ``-low``): a
    person answers it with how it is marked (``FRONTIER_MARKS``), or empty."""
    return field_id.startswith("frontier-") and field_id.endswith(("-high", "-low"))


def zone_ids() -> tuple[str, ...]:
    """The zones a symbol may name (the shipped shapes')."""
    return tuple(z.id for z in _shipped_shapes().all_zones)


@lru_cache(maxsize=1)
def _shipped_cosmos() -> Cosmos:
    """The shipped cosmos.yaml, parsed once (frozen models; ~40 ms a parse)."""
    return load_cosmos()


@lru_cache(maxsize=1)
def _shipped_shapes() -> Shapes:
    return load_shapes()


class _Reader(SymbolRepairs, ShapeSplits, UpgradeBoxes, FrontierMarks):
    """One Cosmos page read: its tiles and hexes here, its symbols repaired, shapes,
    Upgrade boxes and Frontiers in the parts it is made of, all checked against the rules."""

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
        self.answered = frozenset(answered)  # by a person: never settled otherwise
        # score tile box or hex -> the zone a person read in it (``symbol_field``)
        self.chosen = {f: z for f, z in (chosen or {}).items() if z in self.zone_glyph}
        # the Frontier values a person said are circled or crossed out
        self.told = {f: m for f, m in (chosen or {}).items() if m in FRONTIER_MARKS}
        self.base = base  # the added ink at the base step alone (``read_tiles``)
        self.doubted = frozenset(doubted) - self.answered  # still asked by the field reader
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

    def read_tiles(self) -> dict[str, glyph_match.GlyphScores | None]:
        """Each score tile's box matched against every symbol: in the added ink, and in
        the ink at the base step alone where that is given (``base``), the closer match
        of the two kept (None: a box with too little ink in either), and neither sure
        where both look like a symbol and not the same one (``_closer``). A small pencil
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
            out[tile.id] = _closer(found)
        return out

    # --- hexes -------------------------------------------------------------------

    def _hex_ink(self, mask: np.ndarray, f) -> np.ndarray:
        """``mask`` within the circle a hex (its field ``f``) is read in."""
        return crop_circle(mask, f.x, f.y, f.w / 2 - HEX_READ_INSET_MM, self.px)

    def _hex_blob(self, mask: np.ndarray, h: Hex) -> float:
        """The largest blob (mm2) of ``mask`` in hex ``h``."""
        return _largest_blob(self._hex_ink(mask, self.fields[f"hex-{hex_id(h)}"]), self.px)

    def _scanned(self, f: Field, keys: tuple[str, ...]) -> glyph_match.GlyphScores:
        """How well each glyph of ``keys`` matches the darkness of hex field ``f``, read
        in the square round the circle its ink is read in (``glyph_scan``)."""
        r = f.w / 2 - HEX_READ_INSET_MM
        x0, y0 = max(0, int((f.x - r) * self.px)), max(0, int((f.y - r) * self.px))
        x1, y1 = int((f.x + r) * self.px) + 1, int((f.y + r) * self.px) + 1
        dark = self.dark(x0, y0, x1, y1)
        return glyph_scan.scan(dark, self.blank[y0:y1, x0:x1], keys, self.px)

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
            scores, largest = _symbol(ink, keys, self.px)
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
        empty = [h for h, (area, _) in seen.items() if _reads_empty(area, narrowed[h])]
        symbols = [h for h, (area, _) in seen.items() if _reads_symbol(area, narrowed[h])]
        unclear = [
            h
            for h, (area, _) in seen.items()
            if not _reads_empty(area, narrowed[h]) and not _reads_symbol(area, narrowed[h])
        ]
        # the base step's largest blobs, measured only on a page where a hex looks like
        # no symbol (``_noise_only``)
        base = {}
        if unclear and self.base is not None:
            base = {h: self._hex_blob(self.base, h) for h in symbols + unclear}
        page = PageInk(
            _grain([blobs[h] for h in empty]),
            _symbol_piece([blobs[h] for h in symbols]),
            _symbol_piece([base[h] for h in symbols]) if base else None,
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
            if _reads_empty(area, s):
                speck = area > EMPTY_MM2 and s is not None  # ink, like no symbol
                out[h] = HexRead(h, area, False, confidence=0.75 if speck else 1.0)
                self.confidence[fid] = 0.75 if speck else round(1.0 - 0.5 * area / EMPTY_MM2, 3)
                # the field reader's doubt of its ink, settled where the darkness agrees
                if fid in self.doubted and (why := self._no_symbol_seen(fid, play, blobs[h])):
                    self.settled[fid] = False
                    self.remarks.append(f"{fid}: not covered, its ink ({area:.1f} mm2) {why}")
                continue
            # grain joined into a symbol's shape (``SCAN_UNSEEN``), or a faint one at best
            seen = self._doubted_darkness(fid, s.best) if _reads_symbol(area, s) else None
            unseen = seen is not None and seen < SCAN_UNSEEN
            if seen is not None and SCAN_UNSEEN <= seen < SCAN_FAINT:
                self.faint.add(fid)
            if unseen or not _reads_symbol(area, s):
                noise = _noise_only(blobs[h], area, base.get(h), page) or self._no_symbol_seen(
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
                # answered with any zone (``symbol_field``), as an unclear symbol is
                self.doubt(fid, f"no zone symbol drawn for the {tile} tile", self.zone_glyph)
                continue
            close[tile] = [
                k for k, v in s.ranked if v >= s.score - GLYPH_MARGIN and k in self.glyph_zone
            ]
        readable = {
            t: c for t, c in close.items() if t in fixed or tiles[t].score >= GLYPH_MIN_SCORE
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
                self.doubt(fid, "zone symbol unclear", tuple(self.glyph_zone[k] for k in glyphs))
                continue
            if len(glyphs) > 1:
                self.remarks.append(
                    f"{fid}: {paired[tile]} chosen of {', '.join(glyphs)}: each tile faces its "
                    "own zone, and every zone drawn faces one"
                )
            self.confidence[fid] = round(0.5 + 0.5 * min(1.0, s.margin / (4 * GLYPH_MARGIN)), 3)
            optimization[self.glyph_zone[paired[tile]]] = tile
        black = self.shapes.black_hole.id
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
