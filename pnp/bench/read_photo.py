"""One photo read as ``python -m pnp.bench read`` reads it (and ``read-stages`` times
it): decoded, located, identified and its fields read, timed; the game's own checks of
the page alone (what ``pnp read PHOTO`` asks of it, what its marks settle, how its
Frontier values are drawn); its megapixel bucket, its fields' kinds and shapes, and the
best guess of a doubted field. What the bench counts of it is in ``pnp.bench.read_tally``."""

from __future__ import annotations

import time
from functools import cache

SOURCE = "the photo"  # what the page read is called in messages and doubts


def bucket(shape: tuple[int, ...]) -> str:
    mp = shape[0] * shape[1] / 1e6
    return "12MP" if mp > 6 else "2MP"


def read_one(data: bytes, checks: bool = False):
    """(page code, readings, the reader's doubts (field id -> reason), photo megapixel
    bucket, seconds, drawn, sheet, retake) of one photo's bytes, read as
    ``pnp.vision.read.read_page`` reads it. Doubted are the fields it would ask about;
    with ``checks``, what ``pnp read`` asks of the page alone after the game's own checks
    (an id that is no field, "shapes" say, included), and the fields the page's own marks
    settled read as settled;
    timed with the rest. ``drawn`` (with ``checks``): the Frontier values as the state has
    them, "circle" or "cross" (field id -> mark). ``sheet`` (with ``checks``, else None):
    the page's ``SheetReading``, as the game's checks were given it. ``retake`` (with
    ``checks``): whether ``pnp read`` advises to photograph the page again. ``guesses``
    (with ``checks``): the checks' own guesses of the fields they ask about (field id ->
    marked; ``doubt_guess``)."""
    from pnp.vision.blank_prep import prepare_blank
    from pnp.vision.fields import UNREAD_KINDS
    from pnp.vision.page_doubts import read_masks
    from pnp.vision.page_masks import page_masks, refuse_other_version
    from pnp.vision.print_variant import prepare_print_variant, printed_blank
    from pnp.vision.rectify import page_resolution
    from pnp.vision.reference import common_map, reference_image

    t0 = time.perf_counter()
    gray, scale, page, code = flat_page(data)
    t1 = time.perf_counter()
    sheet_map = common_map(code)
    refuse_other_version(code, sheet_map, SOURCE)  # a stale set is refused, not misread
    fields = sheet_map.fields
    # once per blank sheet, like its rendering (an ink-saving blank, rarer, when first read)
    prepare_blank(
        reference_image(code.game, code.sheet, code.layout, page.px_per_mm), page.px_per_mm
    )
    prepare_print_variant(code, page.px_per_mm)
    t2 = time.perf_counter()
    blank, ink_saving = printed_blank(page.image, code, page.px_per_mm)
    m = page_masks(page, blank, fields)  # as ``read.read_page`` makes them
    readings, found = read_masks(m, fields, page.px_per_mm, SOURCE)
    doubted = {d.field: d.reason for d in found}
    drawn: dict[str, str] = {}
    sheet, retake, guesses = None, False, {}
    if checks:
        resolution = page_resolution(page) * scale  # the photo's px per mm, as taken
        doubted, settled, drawn, sheet, retake, guesses = checked(
            code, page, m.ink, readings, fields, found, resolution, ink_saving, m.base, m.shifts
        )
        readings = [settled_reading(r, settled.get(r.id)) for r in readings]
    t3 = time.perf_counter()
    mp = gray.shape[0] * gray.shape[1] * scale * scale
    # What the reader leaves to people (names, written totals, cube storage) is not compared.
    readings = [r for r, f in zip(readings, fields, strict=True) if f.kind not in UNREAD_KINDS]
    seconds = (t1 - t0) + (t3 - t2)
    bucket = "12MP" if mp > 6e6 else "2MP"
    return code, readings, doubted, bucket, seconds, drawn, sheet, retake, guesses


def flat_page(data: bytes):
    """(gray, the factor it was shrunk by while decoding, the flattened page, its page code)
    of one photo's bytes, as ``pnp read`` takes them (``read._read_sheets``): a 12 MP photo
    decoded at half size, and decoded whole where the page lies coarser in it than
    ``read.FINER_BELOW_PX_PER_MM`` or its page code cannot be read at half size.
    PageNotFound if it holds no page, or none identified."""
    from pnp.vision.identify import identify
    from pnp.vision.read import FINER_BELOW_PX_PER_MM
    from pnp.vision.rectify import PageNotFound, decode_photo, page_resolution, rectify

    gray, scale = decode_photo(data)
    page = rectify(gray)
    if scale == 1 or page_resolution(page) >= FINER_BELOW_PX_PER_MM:
        try:
            return gray, scale, page, identify(page)
        except PageNotFound:
            if scale == 1:
                raise
    gray, scale = decode_photo(data, whole=True)
    page = rectify(gray)
    return gray, scale, page, identify(page)


def settled_reading(reading, marked: bool | None):
    """``reading`` as the page's own marks settled it (None: as read)."""
    from dataclasses import replace

    if marked is None:
        return reading
    return replace(reading, state="filled" if marked else "empty")


def checked(
    code,
    page,
    ink,
    readings,
    fields,
    found,
    photo_px_per_mm=0.0,
    ink_saving=False,
    base=None,
    shifts=None,
):
    """What ``pnp read`` asks of one page read alone (field id -> reason: the reader's
    doubts the game's checks leave open, and theirs), what the page's own marks settled
    (field id -> marked), the Frontier values as its state has them (field id ->
    "circle" or "cross"), the page's ``SheetReading``, and whether the page is advised
    to be photographed again (``Assembled.retake``)."""
    from dataclasses import replace

    from pnp.vision.read import page_reading
    from pnp.vision.states import assemble

    sheet = page_reading(page, code, fields, ink, readings, found, SOURCE, base=base, shifts=shifts)
    sheet = replace(sheet, photo_px_per_mm=photo_px_per_mm, ink_saving=ink_saving)
    assembled, _ = assemble([sheet])
    doubts = {d.field: d.reason for a in assembled for d in a.doubtful}
    # the checks' own guesses (the noise model's answer on a page's one question)
    guesses = {d.field: d.guess for a in assembled for d in a.doubtful if d.guess is not None}
    prefix = f"{sheet.source}:"
    settled = {k.removeprefix(prefix): v for a in assembled for k, v in a.settled.items()}
    # A Cosmos hex that shapes may cover counts as the state has it (covered: in a shape),
    # not as its ink share alone says: the Cosmos reader decides it by its symbol, and the
    # score uses that. (Treasure, Frontier and Start hexes are circled or never covered.)
    for a in assembled:
        if a.game == "distant-suns" and a.state is not None:
            covered = {f"hex-{h}" for shape in a.state["shapes"] for h in shape["hexes"]}
            for f in fields:
                if f.id in _coverable_hexes() and f.id not in settled:
                    settled[f.id] = f.id in covered
    retake = any(a.retake for a in assembled)
    return doubts, settled, frontier_marks(assembled, fields), sheet, retake, guesses


def frontier_marks(assembled, fields) -> dict[str, str]:
    """Each marked Frontier value of a read Cosmos state, "circle" or "cross" (field id
    -> mark): the value its state circles, and the other crossed. A Frontier value is
    marked either way, and its ink alone does not tell which (``distant_suns``)."""
    out = {}
    for a in assembled:
        if a.game != "distant-suns" or a.state is None:
            continue
        for f in fields:
            if f.kind == "frontier_value":
                hid, side = f.id.removeprefix("frontier-").rsplit("-", 1)
                out[f.id] = "circle" if a.state["frontier"].get(hid) in (side, "both") else "cross"
    return out


@cache
def _coverable_hexes() -> frozenset[str]:
    """The field ids of the Cosmos hexes a shape may cover."""
    from scoring.distant_suns.hexgrid import hex_id
    from scoring.distant_suns.layout import load_cosmos

    cosmos = load_cosmos()
    return frozenset(f"hex-{hex_id(h)}" for h in cosmos.hexes - cosmos.uncoverable)


def field_kinds(code) -> dict[str, str]:
    from pnp.vision.reference import common_map

    return {f.id: f.kind for f in common_map(code).fields}


def field_shapes(code) -> dict[str, str]:
    from pnp.vision.reference import common_map

    return {f.id: f.shape for f in common_map(code).fields}


def doubt_guess(sheet, reading, guesses: dict[str, bool] | None = None) -> bool:
    """What a state shown before the answers counts a doubted field as: the checks' own
    guess (``guesses``, field id -> marked: the noise model's answer that a page's one
    question asks about, which the state counts), else its reader's doubt's own guess
    (``Doubt.guess``), else ``best_guess`` of its ``reading`` as the reader gave it (a
    Cosmos hex the shapes decide is counted as the state has it, which this does not
    follow). ``sheet``: the page's ``SheetReading`` (None: the reader alone)."""
    from pnp.vision.field_doubts import best_guess

    if guesses and reading.id in guesses:
        return guesses[reading.id]
    doubts = sheet.doubtful if sheet else ()
    own = (d.guess for d in doubts if d.field == reading.id and d.guess is not None)
    return next(own, best_guess(reading))
