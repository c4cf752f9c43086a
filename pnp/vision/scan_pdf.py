"""A scan saved as a PDF, read page by page as photos of the pages.

Phone scanner apps (a camera's document mode, Adobe Scan, Google Drive, Notes on an
iPhone) flatten each sheet and save the lot as one PDF, a page a sheet. Each page is
rendered by pypdfium2 (what rasterizes the kit's previews) at ``SCAN_DPI``: a page
filling the scan is then read at more than ``rectify.READ_PX_PER_MM``; a larger page is
rendered at fewer dots per inch, to at most ``MAX_SCAN_PIXELS``, as large photos are
decoded smaller (``photo_io``).

A file that does not open as a PDF, one with a password, and one of more pages than a
table's sheets (``MAX_PAGES``) is refused with one line; a page that does not render is
named by its number.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from pnp.vision.photo_io import (
    REDUCE_ABOVE,
    NoSheet,
    NotAnImage,
    Photo,
    PhotoTooLarge,
)

SCAN_DPI = 200  # 7.9 px per mm: a page that fills it is read at READ_PX_PER_MM or more
MAX_SCAN_PIXELS = REDUCE_ABOVE  # a page's pixels at most, as a photo's are decoded
MAX_PAGES = 100  # five players' Stellar Drift sheets are 15 pages


def page_count(path: Path) -> int | None:
    """The pages of the PDF at ``path``; None if it does not open (reading it says why)."""
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(path))
    except (pdfium.PdfiumError, OSError):
        return None
    try:
        return len(doc) if 0 < len(doc) <= MAX_PAGES else None
    finally:
        doc.close()


def scan_pages(
    path: Path, data: bytes, color: bool = False, only: int | None = None
) -> Iterator[Photo]:
    """Each page of the PDF ``data`` (the file ``path``), or page ``only``, as a ``Photo``,
    one at a time."""
    import cv2
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError:
        # (PDFium's error code is not reset by a load that succeeds: its text may be an
        # earlier file's, so the reason is told from the file itself)
        if b"/Encrypt" in data:
            why = "it is locked by a password; save it without one"
        else:
            why = "damaged, or holding no page"
        raise NotAnImage(f"{path}: the PDF does not open: {why}") from None
    try:
        count = len(doc)
        if count == 0:
            raise NoSheet(f"{path}: the PDF has no pages")
        if count > MAX_PAGES:
            raise PhotoTooLarge(
                f"{path}: a PDF of {count} pages; at most {MAX_PAGES} are read "
                "(a scan of the table's sheets, a page each)"
            )
        for number in range(1, count + 1) if only is None else (only,):
            try:
                page = doc[number - 1]
                width, height = page.get_size()  # points, 1/72 inch
                scale = min(SCAN_DPI / 72, math.sqrt(MAX_SCAN_PIXELS / max(width * height, 1.0)))
                # in colour, even for gray: PDFium renders a scanned page in gray slower
                # (93 against 77 ms with the conversion, median of 8, A4 at 200 dpi); a
                # copy, as the bitmap's own buffer is freed with it
                image = np.array(page.render(scale=scale).to_numpy())
            except pdfium.PdfiumError as exc:
                raise NotAnImage(
                    f"{path}: page {number} of the PDF does not render ({exc})"
                ) from None
            gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            colour = image if color else None
            h, w = gray.shape
            yield Photo(gray, colour, 1.0, w, h, page=number)
    finally:
        doc.close()
