"""Read a photo: load -> locate every page -> identify -> read every field -> flag doubt.

``read_photo`` returns one ``SheetReading`` (``pnp.vision.sheet_reading``) per page
found; ``pnp.vision.states`` turns readings into game states. A page's fields are read
from its ink masks (``pnp.vision.page_masks``), and doubted where there is reason to
(``pnp.vision.page_doubts``).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.page_doubts import read_masks
from pnp.vision.page_masks import page_masks, refuse_black_and_white, refuse_other_version
from pnp.vision.photo_io import NoSheet, PhotoError
from pnp.vision.sheet_reading import SheetReading


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
