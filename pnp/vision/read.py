"""Read a photo: load -> locate every page -> identify -> read every field -> flag doubt.

``read_photo`` returns one ``SheetReading`` per page found; ``pnp.vision.states``
turns readings into game states. A reading is never silently confident about a
field it has reasons to doubt: besides the ink thresholds of ``fields``, a box
filled solid (a mark, or a correction hatched over?) and a box holding far more
ink than the other marks of its kind on the page are flagged too.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.fields import EMPTY_MAX, FILLED_MIN, QUIET_BASE_RATIO, FieldReading
from pnp.vision.page_marks import inner_fill_coverage
from pnp.vision.photo_io import BlackAndWhite, NoSheet, OtherVersion, PhotoError

# Fields a person reads and the reader does not (names, written totals, storage).
UNREAD_KINDS = frozenset({"write_in", "cube_slot"})
# Fields whose mark is a solid fill by convention; any other box filled solid is doubtful.
SOLID_KINDS = frozenset({"bubble"})
SOLID_INK = 0.9  # coverage: of the inside where ink can show at all
# ...but a fill stays inside its outline and a hatching-out runs past it: a box filled
# solid with less than this share of the band past its outline inked is a fill.
SOLID_BEYOND = 0.05
# A correction is hatched in two directions a little past the field; a mark stays inside.
HATCHED_COVERAGE = 0.6  # a box this covered...
HATCHED_BEYOND = 0.2  # ...with this share of the band past its outline inked: hatched out?
BUBBLE_BEYOND = 0.65  # a circle whose square's corners are this inked: hatched out?
# ...unless it is sparser than the page's fills of its kind kept inside their circles (a
# median of at least ``page_marks.MIN_FILLS``): a hatching-out lays its strokes over a mark and
# closer than the hand fills, and covers a circle at least as densely as the hand's fills
# (tune8: 0.94-2.7 times their median coverage), where a fill drawn too large spreads the
# same strokes wider apart (0.56-0.75 times on the pages where it shows).
SPARSER_THAN_FILLS = 0.8
# A circle filled solid (``SOLID_CIRCLE`` of it inked) whose square's corners are inked
# ``SOLID_CIRCLE_BEYOND`` is asked too: a hatching-out laid over the circle's square
# (seeds 38 and 39: minus bubbles hatched out, 0.98 covered, corners 0.62, read filled on
# an easy and a normal page, their numbers negative). On the seed 8, 11, 13, 21, 22 and
# 31-40 sets the bubbles hatched out and read filled unasked were these two, a light one
# on seed 11 (0.44 covered, corners 0.61: not caught) and a round circle at 0.87 (0.61
# covered, read as a fill drawn large); 14 marks as solid had corners at 0.6-0.65 (now
# asked).
SOLID_CIRCLE = 0.95
SOLID_CIRCLE_BEYOND = 0.6
SMALL_MARK_KINDS = frozenset({"space"})  # marked with a small cross or tick, well inside
SMALL_MARK_BEYOND = 0.15
# ...unless, on quiet paper, it holds no more ink than the page's other marks of its kind
# (at most ``LIKE_MARKS`` times their median, of ``LIKE_MARKS_MIN`` marks or more): a
# cross drawn a little large, its arms past the corners. A hatching-out lays several
# strokes each way. On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22, 31-46)
# the spaces asked so were crosses at 0.87-1.56 times their page's median ink, spaces
# hatched out at 7.2-11.9 times, and the unmarked spaces read inked on one hard page's
# noise at 0.4-2.4 times, all of them on noisy paper.
LIKE_MARKS = 2.0
LIKE_MARKS_MIN = 5
# ...and covering little of it: one this covered is a mark hatched out or a box filled,
# asked though no ink shows past its outline (the outline's print can hide a tight
# hatching's fringe). On the seed 8, 11 and 13 sets no space but those hatched out was
# covered more than 0.19, and 93 of the 97 hatched out at least 0.6 (once their solid
# ink shows: ``ink.SOLID_CLOSING_MM``). Covered so at the base step counts too: a light
# patch over the box, part of it under a step the paper's noise raised (seed 113 #125, a
# normal page: a space hatched out in light pencil, 0.49 covered at the raised step, 0.75
# at the base, read filled unasked; on the 15 sets of session 36 the spaces covered 0.6 at
# the base step alone were that one, 5 more hatched out and a cross on a noisy hard page,
# all of those asked already).
SMALL_MARK_COVERAGE = 0.6
BUBBLE_MIN_COVERAGE = 0.2  # a bubble is marked by filling it; less than this is no fill
# ...and on noisy paper (the base step inks more of it than the raised one) a bubble less
# covered than this may be grains of noise read as a fill
NOISY_BUBBLE_COVERAGE = 0.4
# Where noise raised the ink step, strokes fainter than it are lost: a field the base step
# alone reads as this inked is doubtful, not empty (on quiet paper both steps are one).
RAISED_BASE_INK = 2 * FILLED_MIN
# ...and so is one with a few strokes past the raised step and more below it: a faint mark
# the raised step cut into pieces (pencil on a small, grainy page).
CUT_BASE_INK = 0.015
CUT_INK = 0.005
# Where noise raised the step, a field inked mostly by strokes fainter than the raised
# step is read on the noise's terms: filled, but not vouched for.
NOISY_INK_SHARE = 0.55  # ink at the raised step under this share of the base-step ink
# An empty box with ink just past at least two of its sides (the spill bands at least
# this inked): a mark drawn large across its outline, where the print hides the ink.
ACROSS_SPILL = 0.1
# A box whose little ink runs in across one side (the spill band past that side well
# inked, the other sides much less: an overrun's ink may curl round a corner) holds a
# neighbour's mark overrunning into it, or a small mark of its own against that side:
# asked, never read filled on trust. Other sides up to 0.25 (was 0.1: a Stellar Drift
# bonus box filled by the overrun of the box above, its sides at 0.2 and 0.11, passed;
# seeds 8 and 11: no real mark in the new band).
RUN_IN_INK = 0.1
RUN_IN_SPILL = 0.5
RUN_IN_OTHERS = 0.25
# (and one read filled and not asked about, its ink on one side only, may be a
# neighbour's tail: ``run_in.tails``)
# A faint mark with no more than this past any side is a mark of its own, not a sliver
# of a neighbour's (``settled_doubts``).
CLEAN_SPILL = 0.1
OUTLIER_FACTOR = 3.0  # this many times the page's median mark of that kind...
OUTLIER_MIN_INK = 0.3  # ...and at least this much ink, and inked past its outline
# (``SOLID_BEYOND``): a correction, perhaps; a fill among ticks stays inside its box
# A box filled solid whose ink runs past all four of its sides (``PATCH_SPILL`` of each
# band or more), ``PATCH_FACTOR`` times the page's marks of its kind, is asked though its
# strokes run one way: one-way strokes overrun a box where they end, at two opposite
# sides, and a patch laid over a mark covers it past every side; the strokes showing
# through are the mark's own (seed 111 #202, an easy page: a scribble hatched out under a
# solid patch, 2.3x the page's scribbles, each side 0.38-0.77 inked, read filled unasked).
PATCH_SPILL = 0.3
PATCH_FACTOR = 2.0
GUESS_INK = (EMPTY_MAX + FILLED_MIN) / 2  # a doubtful field's best guess
# Why a field is doubted, where a look at the page's other fields can settle it
# (``settled_doubts``, ``pnp.vision.page_gap``):
NOISE = "noise"  # ink the paper's noise may have made, or hidden
FAINT = "faint"  # too little ink to call
# ...and where the other marks of its number or row can settle it (``bubble_digits``,
# ``track_rows``):
HATCHED = "hatched"  # a mark, or a mark hatched out (a correction)?
# ...and where the place of its ink in the box settles it (``run_in``):
RUN_IN = "run_in"  # a little ink run in across one side: its own mark, or a neighbour's?
ACROSS = "across"  # an empty box inked just past two sides: a mark across its outline?
# ...and where nothing on the page can settle it:
WASHED = "washed"  # paper at white, light print lighter than printed (``washed``): a light
# mark would not show
LIGHT = "light"  # pen-wide strokes below the ink step on a quiet page (``light_marks``)
SPILLED = "spilled"  # a circle's ink all toward a neighbour's overrun (``spilled``)


@dataclass(frozen=True)
class Doubt:
    """A field the reader will not vouch for, and why; ``source`` names the sheet."""

    field: str
    reason: str
    source: str
    cause: str = ""  # NOISE, FAINT, HATCHED, RUN_IN or ACROSS where the page may settle it
    # The likelier answer where the reason itself makes one so: the field's best guess
    # until someone answers: the state shown with the doubt open, and ``pnp score``'s
    # provisional total, count it so, while the page's own rules weigh the field as
    # read (``states._provisional``, ``Assembled.counted``); None: its reading's
    # (``best_guess``). Three doubts on a field read filled guess it empty: of the fields
    # they asked on the 34 photo sets of session 27 (easy to real), few were marks:
    # strokes crossing past the outline 6 of 179 (mostly a mark taken back), a bubble
    # barely filled 3 of 32, ink on the filled neighbour's side only 2 of 29 (its tail).
    guess: bool | None = None
    # What a person may answer besides filled or empty: the zones a Cosmos symbol may
    # name, likeliest first (``pnp.vision.distant_suns``; ``--set FIELD=ZONE``).
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetReading:
    """One page of one photo, read."""

    source: str  # the photo's path, "#2" for a second sheet in it ("#3" for a PDF's page 3)
    code: PageCode
    readings: tuple[FieldReading, ...]
    kinds: dict[str, str]  # field id -> kind (space, bubble, ...)
    doubtful: tuple[Doubt, ...]
    reprojection_mm: float
    markers: tuple[int, ...]
    px_per_mm: float
    timing: dict[str, float]  # seconds per stage
    page: np.ndarray = field(repr=False)  # the flattened page, gray
    color: np.ndarray | None = field(default=None, repr=False)  # the same in colour, BGR
    # The added ink the fields were read from (``ink.ink_masks``: 1 = ink, made within
    # ``ink.READ_MARGIN_MM`` of the fields), for readers of more than fields (shapes).
    ink: np.ndarray | None = field(default=None, repr=False)
    # ...and at the base step alone (``InkMasks.base``): strokes fainter than a step the
    # paper's noise raised (the Cosmos score tiles' small symbols, ``distant_suns``)
    base: np.ndarray | None = field(default=None, repr=False)
    # The page's resolution in the photo as taken (its file's pixels per page mm, at the
    # page's centre; 0 where unknown): how close the photo was (``pnp.vision.retake``)
    photo_px_per_mm: float = 0.0
    # Printed with ``pnp kit --ink-saving`` (``pnp.vision.print_variant``): read against
    # that blank sheet
    ink_saving: bool = False
    # What a person should know of the photo it came from (another sheet in it not read)
    warnings: tuple[str, ...] = ()
    # The local alignment's grid of shifts the fields were read by (``InkMasks.shifts``;
    # None: the page as flattened): ``page_read``
    shifts: np.ndarray | None = field(default=None, repr=False)

    @cached_property
    def page_read(self) -> np.ndarray:
        """``page`` resampled as the fields were read from it (``ink.follow``): the print
        where the sheet map has it, a bowed page's curl followed (the crops and the
        overlay show it, so that each field's outline sits on its box; ``color`` is made
        so)."""
        from pnp.vision.ink import follow

        return follow(self.page, self.shifts)

    @cached_property
    def hex_darkness(self) -> dict[str, dict[str, float]]:
        """How well each Cosmos symbol matches the photo's darkness in each hex scanned
        so far (hex field id -> glyph -> score, ``distant_suns.glyph_scan``): the page's
        alone, whatever is answered, so kept with it for every reading of its shapes
        (``states.assemble`` reads them up to four times)."""
        return {}

    @property
    def photo(self) -> str:
        return self.source.split("#")[0]

    @property
    def name(self) -> str:
        """The sheet's name in answers (``--set NAME:FIELD=...``): its photo's file name,
        with "#2" for a second sheet in it ("#3" for a PDF's page 3)."""
        return Path(self.source).name

    @property
    def file_stem(self) -> str:
        """A stem for files of this sheet's pictures: its photo's, "-page2" for a second
        sheet in it (or a PDF's page 2)."""
        page = self.source.partition("#")[2]
        return Path(self.photo).stem + (f"-page{page}" if page else "")

    def reading(self, field_id: str) -> FieldReading:
        return next(r for r in self.readings if r.id == field_id)

    def to_json(self) -> dict:
        return {
            "source": self.source,
            "page_code": self.code.text,
            **(
                {"page_code_matched": round(self.code.matched, 3)}
                if self.code.matched is not None
                else {}
            ),
            "reprojection_mm": round(self.reprojection_mm, 3),
            "photo_px_per_mm": round(self.photo_px_per_mm, 2),
            "markers": list(self.markers),
            "printed": "ink-saving" if self.ink_saving else "colour",
            "timing_ms": {k: round(v * 1000, 1) for k, v in self.timing.items()},
            "fields": {
                r.id: {"state": r.state, "ink": r.ink, "confidence": r.confidence}
                for r in self.readings
            },
            "doubtful": [{"field": d.field, "reason": d.reason} for d in self.doubtful],
        }


def best_guess(reading: FieldReading) -> bool:
    """Whether a field counts as marked before anyone has answered for it, by its reading
    alone (a doubt's own ``Doubt.guess`` comes first)."""
    if reading.state == "doubtful":
        return reading.ink >= GUESS_INK
    return reading.state == "filled"


def doubts(
    readings: list[FieldReading],
    kinds: dict[str, str],
    source: str,
    shapes: dict[str, str] | None = None,
) -> list[Doubt]:
    """Every field to ask about: doubtful by ink, filled solid, hatched past its outline,
    far inkier than its kind, a bubble barely filled, faint strokes under a noise-raised
    step, or a fill resting on the few strokes of a noisy patch that pass the raised step.
    A circle inked past its outline but sparser than the page's own fills is a fill drawn
    too large, and not asked about. ``shapes`` (field id -> "rect" or "circle") tells
    circles from boxes; without it only bubbles count as circles."""
    shapes = shapes or {}

    def is_circle(field_id: str) -> bool:
        kind = kinds[field_id]
        return shapes.get(field_id, "circle" if kind in SOLID_KINDS else "rect") == "circle"

    out = []
    marked_ink: dict[str, list[float]] = {}
    for r in readings:
        if r.state == "filled":
            marked_ink.setdefault(kinds[r.id], []).append(r.ink)
    median = {k: float(np.median(v)) for k, v in marked_ink.items()}
    inner_fills = inner_fill_coverage(readings, lambda i: kinds[i] if is_circle(i) else None)
    for r in readings:
        kind = kinds[r.id]
        if kind in UNREAD_KINDS or r.hatched or r.settled or r.fill_strokes:
            continue
        shape = shapes.get(r.id, "circle" if kind in SOLID_KINDS else "rect")
        circle = shape == "circle"
        if r.state == "doubtful" and r.spilled:
            out.append(
                Doubt(
                    r.id,
                    "ink only on the side of a neighbour filled past its circle: a mark "
                    "of its own, or that fill run over?",
                    source,
                    SPILLED,
                )
            )
        elif r.state == "doubtful":
            out.append(Doubt(r.id, f"faint mark ({r.ink:.1%} of the box inked)", source, FAINT))
        elif r.state == "empty":
            raised = r.base_ink > QUIET_BASE_RATIO * r.ink  # (a circle emptied of its
            # neighbour's ink, ``neighbour_spill``, keeps that ink, on quiet paper)
            if raised and (
                r.base_ink >= RAISED_BASE_INK or (r.base_ink >= CUT_BASE_INK and r.ink >= CUT_INK)
            ):
                out.append(
                    Doubt(
                        r.id,
                        f"noisy paper: faint strokes ({r.base_ink:.1%} of the box) "
                        "below the raised ink step",
                        source,
                        NOISE,
                    )
                )
            elif shape == "rect" and _past_sides(r.spill) >= 2:
                out.append(
                    Doubt(
                        r.id,
                        "empty, but inked just past two sides: a mark across its outline?",
                        source,
                        ACROSS,
                    )
                )
        elif r.base_ink >= RAISED_BASE_INK and r.ink < NOISY_INK_SHARE * r.base_ink:
            out.append(
                Doubt(
                    r.id,
                    f"noisy paper: {r.ink:.1%} of the box inked past the raised step, "
                    f"{r.base_ink:.1%} past the base step",
                    source,
                    NOISE,
                )
            )
        elif r.crossed:
            out.append(
                Doubt(
                    r.id,
                    "strokes crossing past its outline: a mark hatched out?",
                    source,
                    HATCHED,
                    guess=False,
                )
            )
        elif not circle and r.ink < RUN_IN_INK and _runs_in(r.spill):
            out.append(
                Doubt(r.id, "ink running in from one side: a neighbour's mark?", source, RUN_IN)
            )
        elif r.striped and not (
            (_outlier(r, kind, median) and _inked_past(r, circle))
            or (not circle and _patched(r, kind, median))
        ):
            # strokes that run one way (or a neighbour's ink past one side): a fill, not a
            # hatching-out (``hatching``); but one far inkier than the page's marks of its
            # kind and inked past two sides or more (a circle: to its square's corners),
            # or a solid patch past all four sides, may be a mark hatched out
            continue
        elif _filled_solid(r, kind) and r.beyond >= SOLID_BEYOND:
            out.append(Doubt(r.id, "filled solid: a mark, or a mark hatched out?", source, HATCHED))
        elif circle and (
            (
                r.beyond >= BUBBLE_BEYOND
                and not r.coverage < SPARSER_THAN_FILLS * inner_fills.get(kind, 0.0)
            )
            or (r.coverage >= SOLID_CIRCLE and r.beyond >= SOLID_CIRCLE_BEYOND)
        ):
            out.append(
                Doubt(r.id, "inked past the circle: a fill, or hatched out?", source, HATCHED)
            )
        elif not circle and r.coverage >= HATCHED_COVERAGE and r.beyond >= HATCHED_BEYOND:
            out.append(
                Doubt(r.id, "covered and inked past its outline: hatched out?", source, HATCHED)
            )
        elif (
            kind in SMALL_MARK_KINDS
            and r.beyond >= SMALL_MARK_BEYOND
            and not _like_marks(r, marked_ink[kind])
        ):
            out.append(Doubt(r.id, "inked past its outline: a mark hatched out?", source, HATCHED))
        elif kind in SMALL_MARK_KINDS and max(r.coverage, r.base_ink) >= SMALL_MARK_COVERAGE:
            out.append(Doubt(r.id, "covered all over: a mark hatched out?", source, HATCHED))
        elif kind in SOLID_KINDS and r.coverage and r.coverage < BUBBLE_MIN_COVERAGE:
            out.append(
                Doubt(
                    r.id,
                    f"a bubble barely filled ({r.coverage:.0%})",
                    source,
                    FAINT,
                    guess=False,
                )
            )
        elif (
            kind in SOLID_KINDS
            and r.coverage
            and r.coverage < NOISY_BUBBLE_COVERAGE
            and r.base_ink > QUIET_BASE_RATIO * r.ink
        ):
            out.append(
                Doubt(
                    r.id,
                    f"noisy paper: a bubble {r.coverage:.0%} filled, noise or a fill?",
                    source,
                    NOISE,
                )
            )
        elif _outlier(r, kind, median):
            out.append(
                Doubt(
                    r.id,
                    f"{r.ink / median[kind]:.0f}x the ink of the other marks: "
                    "a mark, or a mark hatched out?",
                    source,
                    HATCHED,
                )
            )
    return out


def refuse_other_version(code: PageCode, sheet_map, source: str) -> None:
    """OtherVersion unless the page was printed from the layout version this pnp reads:
    every field is read against the blank of the current layouts."""
    if code.version != sheet_map.code.version:
        raise OtherVersion(
            f"{source}: this sheet ({code.text}) was printed from version {code.version} of "
            f"its layout; this pnp reads version {sheet_map.code.version} (print it again, or "
            "read it with the pnp that printed it)"
        )


def page_masks(page, blank: np.ndarray, fields: list):
    """The ``ink.InkMasks`` of a flattened page (a ``rectify.Rectified``) read against
    ``blank`` for ``fields`` (a scan's not washed out: ``scan_unwashed``), as
    ``flat_masks`` takes them: aligned again where the page does not lie flat."""
    from pnp.vision.ink import ink_masks
    from pnp.vision.page_bend import BOWED_ALIGN_PASSES

    def masks(passes: int = 1):
        made = ink_masks(page.image, blank, page.px_per_mm, fields=fields, align_passes=passes)
        return scan_unwashed(made, page)

    return flat_masks(masks(), page, blank, lambda: masks(BOWED_ALIGN_PASSES))


def flat_masks(masks, page, blank: np.ndarray, realigned):
    """``masks`` (the page's ``ink.InkMasks``; the page a ``rectify.Rectified``, read
    against ``blank``), or ``realigned()`` (the page's masks aligned in
    ``page_bend.BOWED_ALIGN_PASSES`` passes) where the page does not lie flat and its
    print lines up only then; NotFlat where it lines up neither way. A page bowing
    ``page_bend.BOWED_MM`` or more, or whose corner markers miss by more than
    ``rectify.MAX_REPROJECTION_MM``, is read only where its print, once aligned, lies
    within ``page_bend.MISALIGNED_MM`` of the blank's (``ink.misalignment_mm``). A curled
    page's corners fit a plane while the middle of its curled edge does not; where the
    alignment cannot follow the curl, marks land in their neighbours' fields. A page
    with an edge curling more steeply than one pass follows (``page_bend.curled_edge``:
    its print there read as ink) is aligned in those passes from the start."""
    from pnp.vision.ink import misalignment_mm
    from pnp.vision.page_bend import BOWED_MM, CURLED_EDGE_TILES, MISALIGNED_MM
    from pnp.vision.rectify import MAX_REPROJECTION_MM, PRESS_FLAT, NotFlat

    curled = masks.curled_edge >= CURLED_EDGE_TILES
    if curled:
        masks = realigned()
    bowed = masks.bend_mm >= BOWED_MM
    if not bowed and page.reprojection_mm <= MAX_REPROJECTION_MM:
        return masks
    off = misalignment_mm(masks.seen, blank, page.px_per_mm)
    if off >= MISALIGNED_MM and not curled:
        masks = realigned()
        off = misalignment_mm(masks.seen, blank, page.px_per_mm)
    if off < MISALIGNED_MM:
        return masks
    how = (
        f"it bows, its print up to {masks.bend_mm:.1f} mm from where a flat page has it"
        if bowed
        else f"its corner markers miss by up to {page.reprojection_mm:.1f} mm after flattening"
    )
    raise NotFlat(
        f"the page does not lie flat: {how}; once followed, its print still lies "
        f"{off:.1f} mm off in places (limit {MISALIGNED_MM} mm); {PRESS_FLAT}"
    )


def refuse_black_and_white(masks, source: str) -> None:
    """BlackAndWhite if the page (its ``ink.InkMasks``) looks scanned in black and white
    (``pnp.vision.black_white``): a printed grey symbol turned black reads as a mark."""
    if masks.greys.black_and_white():
        raise BlackAndWhite(
            f"{source}: this page has almost no greys between its print and the paper, as a "
            "scan in black and white has, or a photo so bright that its print is washed out, "
            "and its marks cannot be told from the print (scan it again in colour or grey, or "
            "photograph it in softer light)"
        )


def settled_doubts(
    readings: list[FieldReading], fields: list, masks, px_per_mm: float, source: str
) -> tuple[list[FieldReading], list[Doubt]]:
    """The readings, with the boxes doubted for ink run in across one side settled where
    the ink's place in the box tells whose it is (``run_in``), the fields doubted for the
    paper's noise where the page's own marks and paper are clearly apart, and what is
    still to ask."""
    from pnp.vision.page_gap import settle_by_gap
    from pnp.vision.run_in import faint_tails, neighbours_tails, settle_run_ins

    kinds = {f.id: f.kind for f in fields}
    shapes = {f.id: f.shape for f in fields}
    found = doubts(readings, kinds, source, shapes)
    run_ins = {d.field for d in found if d.cause == RUN_IN}
    unread = {f.id for f in fields if f.kind in UNREAD_KINDS}
    asked = {d.field for d in found} | unread
    if run_ins:
        readings = settle_run_ins(readings, fields, masks.ink, px_per_mm, run_ins)
        found = doubts(readings, kinds, source, shapes)
    across = {d.field for d in found if d.cause == ACROSS}
    if across:
        readings = neighbours_tails(readings, fields, across)
        found = doubts(readings, kinds, source, shapes)
    faint = {d.field for d in found if d.cause == FAINT}
    faint_in = set()
    if faint:
        readings = faint_tails(readings, fields, masks.ink, px_per_mm, faint)
        faint_in = {r.id for r in readings if r.id in faint and r.settled}
        if faint_in:
            found = doubts(readings, kinds, source, shapes)
    tail_doubts = _tail_doubts(readings, fields, masks, px_per_mm, source, asked)
    noisy = {d.field for d in found if d.cause in (NOISE, FAINT)}
    if not noisy:
        return readings, found + tail_doubts
    by_id = {r.id: r for r in readings}

    def may_fill(d: Doubt) -> bool:
        """Read filled but doubted for noise, or a faint mark of its own (no ink past its
        outline: a sliver of a neighbour's mark comes in from outside)."""
        r = by_id[d.field]
        if d.cause == NOISE:
            return r.state == "filled"
        return d.cause == FAINT and r.state == "doubtful" and clean_outline(r)

    on_noise = {d.field for d in found if may_fill(d)}
    # what is asked about, or not read at all (names, storage), cannot vouch for the page
    # (nor a box settled for ink run in: a neighbour's tail is no empty box's paper)
    unsure = {d.field for d in found} | unread | run_ins | faint_in
    unsure |= {d.field for d in tail_doubts}
    readings = settle_by_gap(readings, fields, masks, px_per_mm, noisy, unsure, on_noise)
    # a box the gap settled filled may hold a filled neighbour's tail, as any box read
    # filled may: asked the same way (``tails`` passed over it while it was asked)
    by_gap = {r.id for r in readings if r.id in on_noise and r.settled and r.state == "filled"}
    if by_gap:
        others = {r.id for r in readings} - by_gap
        tail_doubts += _tail_doubts(readings, fields, masks, px_per_mm, source, others)
    return readings, doubts(readings, kinds, source, shapes) + tail_doubts


def _tail_doubts(readings, fields, masks, px_per_mm: float, source: str, skip: set[str]):
    """The boxes not in ``skip`` to ask about as a filled neighbour's tail
    (``run_in.tails``), counted empty until answered."""
    from pnp.vision.run_in import tails

    reason = "ink on its filled neighbour's side only: a mark, or its tail?"
    found = tails(readings, fields, masks.ink, px_per_mm, skip)
    return [Doubt(i, reason, source, guess=False) for i in sorted(found)]


def clean_outline(r: FieldReading) -> bool:
    """No side of ``r`` inked past its outline by ``CLEAN_SPILL`` or more: faint ink of its
    own, not a sliver of a neighbour's mark come in from outside."""
    return all(v < CLEAN_SPILL for v in r.spill)


def _like_marks(r: FieldReading, inks: list[float]) -> bool:
    """A box on quiet paper inked no more than the page's other marks of its kind
    (``LIKE_MARKS``; ``inks``: theirs, its own among them)."""
    return (
        len(inks) >= LIKE_MARKS_MIN
        and r.base_ink <= QUIET_BASE_RATIO * r.ink
        and r.ink <= LIKE_MARKS * float(np.median(inks))
    )


def _outlier(r: FieldReading, kind: str, median: dict[str, float]) -> bool:
    """A box filled far inkier than the page's marks of its kind, and past its outline:
    a mark, or a mark hatched out (``OUTLIER_FACTOR``)?"""
    return (
        r.state == "filled"
        and kind not in SOLID_KINDS
        and r.ink >= OUTLIER_MIN_INK
        and r.ink >= OUTLIER_FACTOR * median[kind]
        and r.beyond >= SOLID_BEYOND
    )


def _filled_solid(r: FieldReading, kind: str) -> bool:
    """A field not marked by filling it (``SOLID_KINDS``) covered ``SOLID_INK`` or more."""
    return kind not in SOLID_KINDS and max(r.coverage, r.ink) >= SOLID_INK


def _patched(r: FieldReading, kind: str, median: dict[str, float]) -> bool:
    """A box filled solid, inked past all four sides (``PATCH_SPILL``) and ``PATCH_FACTOR``
    times the page's marks of its kind: a patch laid over a mark?"""
    return (
        _filled_solid(r, kind)
        and len(r.spill) == 4
        and min(r.spill) >= PATCH_SPILL
        and r.ink >= PATCH_FACTOR * median[kind]
    )


def _inked_past(r: FieldReading, circle: bool) -> bool:
    """Inked past its outline all round, as a hatching-out is: a box past two sides or
    more, a circle (whose sides are not measured) to its square's corners
    (``BUBBLE_BEYOND``; seed 34, a real tracker page: a round circle hatched out over its
    square, striped, 4x the page's slashes, corners 0.87, read filled unasked; on the 21
    sets no other circle was so inky and inked to its corners)."""
    return r.beyond >= BUBBLE_BEYOND if circle else _past_sides(r.spill) >= 2


def _past_sides(spill: tuple[float, ...]) -> int:
    """How many sides of a box its ink runs past (``ACROSS_SPILL`` of the band or more)."""
    return sum(v >= ACROSS_SPILL for v in spill)


def _runs_in(spill: tuple[float, ...]) -> bool:
    """Whether the ink past a box's outline lies on one side only, heavily."""
    seen = sorted(v for v in spill if v >= 0)
    return len(seen) >= 2 and seen[-1] >= RUN_IN_SPILL and seen[-2] <= RUN_IN_OTHERS


def read_masks(
    masks, fields: list, px_per_mm: float, source: str
) -> tuple[list[FieldReading], list[Doubt]]:
    """Every field read from a page's ``ink.ink_masks``: its share of ink, boxes hatched
    out and faint strokes found, doubts the page itself settles, the shape of the ink of
    those left asked for noise or faint ink and the grain of the paper beside them
    (``_with_noise_measures``); and what is left to ask.
    The one path from masks to readings (``read_page`` and the read benches)."""
    from pnp.vision.faint_strokes import faint_strokes
    from pnp.vision.fields import read_fields
    from pnp.vision.hatching import hatched_out

    m = masks
    readings = read_fields(m.ink, fields, px_per_mm, m.steps, m.base, m.readable)
    readings = hatched_out(readings, fields, m, px_per_mm, SOLID_KINDS)
    readings = faint_strokes(readings, fields, m, px_per_mm, SOLID_KINDS)
    readings, found = settled_doubts(readings, fields, m, px_per_mm, source)
    found += _light_marks(readings, fields, found, source)
    found = _washed_out(readings, found, fields, m, px_per_mm, source)
    return _with_noise_measures(readings, found, fields, m, px_per_mm), found


def _light_marks(readings, fields: list, found: list[Doubt], source: str) -> list[Doubt]:
    """Doubts on the fields read empty that hold a light mark on a quiet page
    (``pnp.vision.light_marks``)."""
    from pnp.vision.light_marks import light_marks

    kinds = {f.id: f.kind for f in fields if f.kind not in UNREAD_KINDS}
    asked = {d.field for d in found} | {f.id for f in fields if f.kind in UNREAD_KINDS}
    shapes = {f.id: f.shape for f in fields}
    return [
        Doubt(
            r.id,
            f"light pen strokes on {r.base_ink:.1%} of it, under the ink step, "
            "where the page's other empty fields of its kind show none: a light mark?",
            source,
            LIGHT,
        )
        for r in light_marks(readings, kinds, asked, shapes)
    ]


def scan_unwashed(masks, page):
    """``masks`` with no place washed out if the page fills its image, as a scan does
    (``washed.SCAN_FILL``): its white is a filter's, not the light's."""
    from pnp.vision.washed import SCAN_FILL, page_fill

    if masks.washed is None or page_fill(page) < SCAN_FILL:
        return masks
    return replace(masks, washed=None)


def _washed_out(readings, found: list[Doubt], fields: list, m, px_per_mm: float, source: str):
    """``found``, where the light around a field not read marked washed its light print
    out (``pnp.vision.washed``): that field asked as washed out instead (no other doubt of
    it left for the page or the noise model to settle)."""
    from pnp.vision.washed import LIGHTER, field_lighter

    if m.washed is None or not m.washed.any():
        return found
    geometry = {f.id: f for f in fields}
    out: dict[str, Doubt] = {}
    for r in readings:
        f = geometry[r.id]
        if r.state == "filled" or f.kind in UNREAD_KINDS:
            continue
        lighter = field_lighter(m.washed, f, px_per_mm)
        if lighter >= LIGHTER:
            out[r.id] = Doubt(
                r.id,
                "washed out by the light: the paper around it shows pure white, its light "
                f"print {lighter - 1:.0%} lighter than printed; a light mark would not show",
                source,
                WASHED,
            )
    if not out:
        return found
    return [d for d in found if d.field not in out] + list(out.values())


def _with_noise_measures(readings, found: list[Doubt], fields: list, m, px_per_mm: float):
    """``readings``, those doubted for noise or faint ink with their ``ink_shape`` and
    ``local_grain`` (what the noise model reads and weighs of them besides their ink
    shares)."""
    from pnp.vision.ink_shape import ink_shape
    from pnp.vision.local_grain import local_grain

    noisy = {d.field for d in found if d.cause in (NOISE, FAINT)}
    if not noisy or m.seen is None or m.printed is None:
        return readings
    geometry = {f.id: f for f in fields}

    def measured(r: FieldReading) -> FieldReading:
        f = geometry[r.id]
        return replace(
            r,
            ink_shape=ink_shape(f, m.base, m.ink, m.seen, m.printed, px_per_mm),
            local_grain=local_grain(f, fields, m.base, m.printed, px_per_mm),
        )

    return [measured(r) if r.id in noisy else r for r in readings]


def read_page(page, source: str, color_photo: np.ndarray | None = None) -> SheetReading:
    """Identify and read one flattened page (a ``rectify.Rectified``)."""
    import cv2

    from pnp.vision.identify import identify
    from pnp.vision.ink import follow
    from pnp.vision.print_variant import printed_blank
    from pnp.vision.reference import common_map

    t0 = time.perf_counter()
    code = identify(page)
    t1 = time.perf_counter()
    sheet_map = common_map(code)
    refuse_other_version(code, sheet_map, source)
    blank, ink_saving = printed_blank(page.image, code, page.px_per_mm)
    m = page_masks(page, blank, sheet_map.fields)
    refuse_black_and_white(m, source)
    readings, doubtful = read_masks(m, sheet_map.fields, page.px_per_mm, source)
    t2 = time.perf_counter()
    color = None
    if color_photo is not None:
        h, w = page.image.shape
        color = cv2.warpPerspective(
            color_photo, page.homography, (w, h), flags=cv2.INTER_LINEAR, borderValue=(255,) * 3
        )
        color = follow(color, m.shifts)
    timing = {"identify": t1 - t0, "fields": t2 - t1}
    fields = sheet_map.fields
    return page_reading(
        page,
        code,
        fields,
        m.ink,
        readings,
        doubtful,
        source,
        timing,
        color,
        ink_saving,
        m.base,
        m.shifts,
    )


def page_reading(
    page,
    code: PageCode,
    fields,
    ink,
    readings,
    doubtful,
    source: str,
    timing=None,
    color=None,
    ink_saving: bool = False,
    base=None,
    shifts=None,
) -> SheetReading:
    """The ``SheetReading`` of a flattened page (a ``rectify.Rectified``) read into
    ``readings`` and ``doubtful`` from the added ink ``ink`` (``base``: at the base step;
    ``shifts``: the local alignment's, ``InkMasks.shifts``)."""
    return SheetReading(
        source=source,
        code=code,
        readings=tuple(readings),
        kinds={f.id: f.kind for f in fields},
        doubtful=tuple(doubtful),
        reprojection_mm=page.reprojection_mm,
        markers=page.markers,
        px_per_mm=page.px_per_mm,
        timing=timing or {},
        page=page.image,
        color=color,
        ink=ink,
        ink_saving=ink_saving,
        base=base,
        shifts=shifts,
    )


def read_photo(
    path: Path | str,
    color: bool = False,
    refused: list[PhotoError] | None = None,
    page: int | None = None,
) -> list[SheetReading]:
    """Every sheet in the photo at ``path`` (in every page of a scan saved as a PDF), read;
    PhotoError (NoSheet, NotAnImage...) if none, or if a page of a PDF is not read and
    ``refused`` is not given.

    ``color`` keeps a colour copy of each flattened page (for the overlay). With
    ``refused``, a page of a PDF that cannot be read is added to it, and the other pages
    are read on; ``page`` reads that page of a PDF alone.

    A second sheet in a photo is named by its path and "#2" (``SheetReading.source``), a
    page of a PDF by its number, "#1", "#2"..., whether or not the pages before it hold a
    sheet; a second sheet on that page by "#1.2".
    """
    from pnp.vision.photo_io import photos_in

    out: list[SheetReading] = []
    t0 = time.perf_counter()
    for photo in photos_in(path, color=color, page=page):
        try:
            out += _read_sheets(path, photo, time.perf_counter() - t0)
        except PhotoError as exc:
            if refused is None or not photo.page:
                raise
            refused.append(exc)
        t0 = time.perf_counter()
    return out


# A page with fewer of the photo's pixels per mm than this, as a reduced decode shows it,
# is read from the photo decoded finer. Measured (session 54): the 950 pages of five
# photo sets' 12 MP photos decoded at half size lie at 2.06 px/mm or more (1st percentile
# 2.37); the sheets of a row photographed as one (``bench multi``) at 1.46-1.78, where a
# page code read at half size (its modules ~1.2 px) left the fields read at that size
# (seed 215 easy: 2, 6 and 2 questions; none decoded whole). Until then only a page code
# or markers too small to read sent the photo to be decoded finer.
FINER_BELOW_PX_PER_MM = 2.0


def _read_sheets(path: Path | str, photo, decode_s: float) -> list[SheetReading]:
    """Every sheet in one decoded photo (or page of a PDF) of the file ``path``."""
    from pnp.vision.pages import LEFT_MARKERS, TooManyPages, locate_pages
    from pnp.vision.photo_io import finer
    from pnp.vision.rectify import NotFlat, PageNotFound, page_resolution

    name = f"{path}, page {photo.page} of the PDF," if photo.page else f"{path}:"
    t1 = time.perf_counter()
    try:
        pages, left = locate_pages(photo.gray)
        if left >= LEFT_MARKERS:
            photo, pages, left = _finer(path, photo, pages, left)
    except NotFlat as exc:
        raise NoSheet(f"{name} a sheet was found but {exc}") from None
    except TooManyPages as exc:
        raise NoSheet(f"{name} {exc}") from None
    except PageNotFound as exc:
        raise NoSheet(f"{name} no sheet found: {exc}") from None
    if any(page_resolution(page) < FINER_BELOW_PX_PER_MM for page in pages):
        better = finer(path, photo)  # a sheet small in the frame: read at the detail it needs
        if better is not None:
            return _read_sheets(path, better, decode_s)
    t2 = time.perf_counter()
    first = f"{path}#{photo.page}" if photo.page else str(path)
    out = []
    for i, page in enumerate(pages):
        source = first if i == 0 else f"{first}{'.' if photo.page else '#'}{i + 1}"
        where = f" (sheet {i + 1} of {len(pages)})" if len(pages) > 1 else ""
        try:
            sheet = read_page(page, source, photo.color)
        except NotFlat as exc:
            raise NoSheet(f"{name} a sheet was found{where} but {exc}") from None
        except PageNotFound as exc:
            # its page code may be too small in the photo as decoded: decoded finer, read
            # again (a sheet small in the frame of a reduced 12 MP photo)
            better = finer(path, photo)
            if better is not None:
                return _read_sheets(path, better, decode_s)
            raise NoSheet(f"{name} a sheet was found but not identified{where}: {exc}") from None
        timing = {"decode": decode_s, "locate": (t2 - t1) / len(pages), **sheet.timing}
        resolution = page_resolution(page) / photo.scale
        warn = (unread_sheet(name, left),) if left >= LEFT_MARKERS else ()
        out.append(replace(sheet, timing=timing, photo_px_per_mm=resolution, warnings=warn))
    return out


def _finer(path, photo, pages, left):
    """Where markers of a sheet make no page in ``photo`` as decoded (``left`` of them
    beside ``pages``), the photo decoded at twice the resolution if that finds more of
    its pages (a sheet small in the frame whose markers were too coarse to find); else as
    it was. (photo, pages, left)."""
    from pnp.vision.pages import TooManyPages, locate_pages
    from pnp.vision.photo_io import finer
    from pnp.vision.rectify import NotFlat, PageNotFound

    better = finer(path, photo)
    if better is None:
        return photo, pages, left
    try:
        more, rest = locate_pages(better.gray)
    except (NotFlat, TooManyPages):
        raise  # a sheet more, found whole: as any such photo, refused
    except PageNotFound:
        return photo, pages, left
    if len(more) > len(pages):
        return better, more, rest
    return photo, pages, left


def unread_sheet(name: str, markers: int) -> str:
    """The warning on the sheets read from a photo (``name``: its path and a colon) that holds
    ``markers`` corner markers of another sheet making no page: that sheet is not read."""
    what = "a corner marker" if markers == 1 else f"{markers} corner markers"
    return (
        f"{name} {what} of another sheet, too few or too far apart to make a page: that "
        "sheet was not read (cut off at the photo's edge, corners covered, or too small "
        "in the frame?): photograph it on its own"
    )


def crop_field(sheet: SheetReading, field_id: str, margin_mm: float = 6.0) -> np.ndarray:
    """The flattened page around one field, with the field outlined (for a person to judge)."""
    import cv2

    from pnp.vision.reference import common_map

    f = common_map(sheet.code).field(field_id)
    s = sheet.px_per_mm
    x0, y0, x1, y1 = f.bounds
    image = sheet.color if sheet.color is not None else sheet.page_read
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    h, w = image.shape[:2]
    a = (max(0, round((x0 - margin_mm) * s)), max(0, round((y0 - margin_mm) * s)))
    b = (min(w, round((x1 + margin_mm) * s)), min(h, round((y1 + margin_mm) * s)))
    crop = image[a[1] : b[1], a[0] : b[0]].copy()
    cv2.rectangle(
        crop,
        (round(x0 * s) - a[0] - 2, round(y0 * s) - a[1] - 2),
        (round(x1 * s) - a[0] + 2, round(y1 * s) - a[1] + 2),
        (0, 140, 255),
        1,
    )
    return cv2.resize(crop, None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST)
