"""Read a photo: load -> locate every page -> identify -> read every field -> flag doubt.

``read_photo`` returns one ``SheetReading`` per page found; ``pnp.vision.states``
turns readings into game states. A reading is never silently confident about a
field it has reasons to doubt: besides the ink thresholds of ``fields``, a box
filled solid (a mark, or a correction hatched over?) and a box holding far more
ink than the other marks of its kind on the page are flagged too (``field_doubts``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.field_doubts import (
    ACROSS,
    FAINT,
    LIGHT,
    NOISE,
    RUN_IN,
    SOLID_KINDS,
    WASHED,
    Doubt,
    clean_outline,
    doubts,
)
from pnp.vision.fields import UNREAD_KINDS, FieldReading
from pnp.vision.photo_io import BlackAndWhite, NoSheet, OtherVersion, PhotoError


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
        """``page`` resampled as the fields were read from it (``local_align.follow``): the
        print where the sheet map has it, a bowed page's curl followed (the crops and the
        overlay show it, so that each field's outline sits on its box; ``color`` is made
        so)."""
        from pnp.vision.local_align import follow

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
    within ``page_bend.MISALIGNED_MM`` of the blank's (``local_align.misalignment_mm``). A
    curled page's corners fit a plane while the middle of its curled edge does not; where
    the alignment cannot follow the curl, marks land in their neighbours' fields. A page
    with an edge curling more steeply than one pass follows (``page_bend.curled_edge``:
    its print there read as ink) is aligned in those passes from the start."""
    from pnp.vision.local_align import misalignment_mm
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
    from pnp.vision.local_align import follow
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
