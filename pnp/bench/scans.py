"""Photos read as scans saved as PDF, plain and through a scanner app's filters.

``python -m pnp.bench scans [--photos DIR]``: each photo with its truth (``NAME.json``
beside it, as ``pnp synth`` and ``pnp.bench photos`` write them; by default the committed
test photos) is read, its flattened page put on an A4 page as a scanner app saves it (a
JPEG filling a PDF page), its gray levels put through each filter of ``FILTERS``, and
the PDF read again. Printed per photo and filter: the fields asked, and the fields wrong
and not asked (touched, overrun and scribbled-out fields left out, as the committed
photos' test counts them); a page the reader refuses is said so.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path

import numpy as np


def _near_paper(page: np.ndarray) -> np.ndarray:
    """Each pixel divided by the brightest paper within ~2 mm (at 6.25 px/mm), as a
    document filter whitens a page."""
    import cv2

    near = cv2.GaussianBlur(cv2.dilate(page, np.ones((15, 15), np.uint8)), (0, 0), 8)
    return page / np.maximum(near, 1) * 255


FILTERS = {
    "none": lambda g: g,
    "bgnorm": _near_paper,
    "bgnorm_levels": lambda g: (_near_paper(g) - 90) * 255 / (235 - 90),
    "levels": lambda g: (g - 40) * 255 / (230 - 40),
    "contrast": lambda g: 1.25 * (g - 128) + 138,
    # black and white: each pixel over its near paper, cut at 160 of 255
    "black_white": lambda g: np.where(_near_paper(g) < 160, 0, 255),
}


def scan_pdf(pages: list[np.ndarray | None]) -> bytes:
    """A PDF of A4 pages, each an RGB image filling it as a scanner app saves it (a
    JPEG), or a page with no sheet (None: a line of text)."""
    import cv2
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    for image in pages:
        if image is None:
            canvas.drawString(72, 720, "notes of the evening, no sheet")
        else:
            ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
            if not ok:
                raise RuntimeError("JPEG encoding failed")
            canvas.drawImage(ImageReader(io.BytesIO(jpeg.tobytes())), 0, 0, *A4)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def flattened_on_a4(sheet) -> np.ndarray:
    """The colour page of a ``SheetReading`` (read with ``color=True``) on a white A4
    page at its resolution, where the page code's common box lies on paper (BGR)."""
    from pnp.paper import COMMON_HEIGHT

    px = sheet.px_per_mm
    page = np.full((round(297 * px), round(210 * px), 3), 255, np.uint8)
    top = round((297 - COMMON_HEIGHT) / 2 * px)
    h, w = sheet.color.shape[:2]
    page[top : top + h, :w] = sheet.color
    return page


def scanned(sheet, tone) -> bytes:
    """The page of a ``SheetReading`` (read with ``color=True``) as a one-page PDF scan,
    its levels put through ``tone`` (one of ``FILTERS``)."""
    import cv2

    toned = np.clip(tone(flattened_on_a4(sheet).astype(np.float32)), 0, 255).astype(np.uint8)
    return scan_pdf([cv2.cvtColor(toned, cv2.COLOR_BGR2RGB)])


def unasked_wrong(sheet, truth_fields: dict) -> tuple[int, int]:
    """(fields asked, fields read wrong and not asked) of a page read alone."""
    from pnp.vision.answers import marked
    from pnp.vision.fields import UNREAD_KINDS
    from pnp.vision.states import assemble

    (state,), _ = assemble([sheet])
    asked = {d.field for d in state.doubtful}
    got = marked(sheet, {})
    wrong = [
        f
        for f, t in truth_fields.items()
        if f in sheet.kinds
        and sheet.kinds[f] not in UNREAD_KINDS
        and (f in got) != t["marked"]
        and f not in asked
        and not t["touched_by"]
        and not t.get("scribbled_out")
        and not t["overrun"]
    ]
    return len(asked), len(wrong)


def main(argv: list[str]) -> int:
    from pnp.vision.photo_io import PhotoError
    from pnp.vision.read import read_photo

    parser = argparse.ArgumentParser(prog="python -m pnp.bench scans")
    here = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "photos"
    parser.add_argument("--photos", type=Path, default=here)
    args = parser.parse_args(argv)
    photos = [p for p in sorted(args.photos.glob("*.jpg")) if p.with_suffix(".json").exists()]
    if not photos:
        print(f"{args.photos}: no .jpg photo with its .json truth beside it", file=sys.stderr)
        return 1
    print(f"{'photo':40} " + " ".join(f"{name:>15}" for name in FILTERS))
    print(f"{'':40} " + " ".join(f"{'asked wrong':>15}" for _ in FILTERS))
    with tempfile.TemporaryDirectory() as tmp:
        for photo in photos:
            truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
            (sheet,) = read_photo(photo, color=True)
            cells = []
            for name, tone in FILTERS.items():
                path = Path(tmp) / f"{name}.pdf"
                path.write_bytes(scanned(sheet, tone))
                try:
                    (again,) = read_photo(path)
                except PhotoError:
                    cells.append(f"{'refused':>15}")
                    continue
                asked, wrong = unasked_wrong(again, truth)
                cells.append(f"{asked:>9} {wrong:>5}")
            print(f"{photo.name[:40]:40} " + " ".join(cells), flush=True)
    return 0
