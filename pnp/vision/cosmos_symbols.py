"""A Cosmos hex's or score box's ink read as a zone symbol: how much ink a symbol puts
down, how alike it must be, and what the page's grain and symbols say of ink that looks
like none (the thresholds and pure measures ``distant_suns`` and ``cosmos_board`` read
with)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pnp.vision import glyph_match
from pnp.vision.cosmos_ink import SPECK_MM2

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
# ink's (``symbol_scores``). Session 38, the hexes of 90 hard Cosmos pages (held-out, seeds
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
# uncovered, as ``noise_only``'s grain is; and a hex read empty whose ink the field
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


def symbol_scores(
    ink: np.ndarray, keys: tuple[str, ...], px: float
) -> tuple[glyph_match.GlyphScores | None, float]:
    """How much a hex's ``ink`` looks like each symbol (None: no ink), as a whole or as
    its core where that looks like a symbol more (``CORE_SHARE``, ``CORE_LEAD``); and the
    pixels of its largest blob of ink (the page's grain: ``page_grain``)."""
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


def reads_empty(area: float, s: glyph_match.GlyphScores | None) -> bool:
    """Whether a hex with ``area`` mm2 of ink matching ``s`` (the zones in play) reads
    empty: too little ink for a symbol, or too little like any (``SPECK_SCORE``)."""
    return area <= EMPTY_MM2 or s is None or (area < COVERED_MM2 and s.score < SPECK_SCORE)


def reads_symbol(area: float, s: glyph_match.GlyphScores | None) -> bool:
    """Whether a hex's ink (``area`` mm2, matching ``s``) reads as a symbol: enough ink,
    and like one (``COVERED_MM2``, ``GLYPH_MIN_SCORE``)."""
    return s is not None and area >= COVERED_MM2 and s.score >= GLYPH_MIN_SCORE


def symbol_piece(symbols: list[float]) -> float | None:
    """The largest piece of a symbol on the page: the median of ``symbols``, the largest
    blobs of ink (mm2) in the hexes whose ink reads as one; None with fewer than
    ``SYMBOL_MIN_HEXES``."""
    return float(np.median(symbols)) if len(symbols) >= SYMBOL_MIN_HEXES else None


@dataclass(frozen=True)
class PageInk:
    """What a page's hexes show of its noise and its symbols (mm2, None: too few hexes)."""

    grain: float | None = None  # the largest blob in its empty hexes (``page_grain``)
    symbol: float | None = None  # the largest blob of its symbols (``symbol_piece``)
    base_symbol: float | None = None  # the same at the base step


def noise_only(blob: float, area: float, base_blob: float | None, page: PageInk) -> str:
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


def largest_blob(ink: np.ndarray, px: float) -> float:
    """The area (mm2) of the largest blob of ``ink`` (0 if none is ``SPECK_MM2`` or more)."""
    if not ink.any():
        return 0.0
    _, _, stats, _ = cv2.connectedComponentsWithStats((ink > 0).astype(np.uint8), 8)
    largest = float(stats[1:, cv2.CC_STAT_AREA].max())
    return largest / px**2 if largest >= SPECK_MM2 * px * px else 0.0


def page_grain(empty: list[float]) -> float | None:
    """A page's grain: the ``GRAIN_QUANTILE`` of ``empty``, the largest blobs of ink
    (mm2) in the hexes it reads empty; None with fewer than ``GRAIN_MIN_HEXES``."""
    return float(np.quantile(empty, GRAIN_QUANTILE)) if len(empty) >= GRAIN_MIN_HEXES else None


def closer_match(found: list[glyph_match.GlyphScores]) -> glyph_match.GlyphScores | None:
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
