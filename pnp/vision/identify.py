"""Which sheet is this? The page code read from the flattened page.

The QR symbol is small (0.8 mm modules, under 2 px in a 2 MP photo of a page that
fills half the frame), and OpenCV's QR detector loses it to blur long before its
modules are lost. Its place on the page is known, so it is read module by module
first (``sampled_qr``): its region is warped from the photo, its three finder
patterns are located there (which also tells the module count), every module is
sampled and decided against the blur of its neighbours, and the clean symbol is
handed to the decoder. Only if that fails is the region tried as it is, at a few
resolutions and binarised; and last, the modules read are matched against every code a
pnp page can carry (``known_codes``): a symbol too blurred for the decoder's error
correction is still far nearer its own code than any other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache
from itertools import tee

import cv2
import numpy as np

from pnp.pagecode import PageCode
from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.frame import MARKER_INSET, MARKER_SIZE, QR_MODULE
from pnp.vision.markers import decode_page_code
from pnp.vision.rectify import PageNotFound, Rectified

# The QR symbol sits bottom right, left of the corner marker; its size depends on the
# code's length, so search a box that holds the largest one with its quiet zone.
QR_SEARCH_MM = 34.0
# Pixels per mm tried when warping the QR region from the photo: whole pixels per
# 0.8 mm module (5, 8 and 4 px) suit OpenCV's decoder best.
QR_PX_PER_MM = (6.25, 10.0, 5.0)


def _qr_box() -> tuple[float, float, float, float]:
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 1.5
    bottom = COMMON_HEIGHT - MARKER_INSET + 2.0
    return right - QR_SEARCH_MM, bottom - QR_SEARCH_MM, right, bottom


def qr_region(page: Rectified, px_per_mm: float) -> np.ndarray:
    """The QR search box warped from the photo at ``px_per_mm`` (or cut from the page)."""
    x0, y0, x1, y1 = _qr_box()
    if page.photo is None:
        s = page.px_per_mm
        return page.image[
            max(0, round(y0 * s)) : round(y1 * s), max(0, round(x0 * s)) : round(x1 * s)
        ]
    k = px_per_mm / page.px_per_mm
    to_crop = (
        np.array([[k, 0, -x0 * px_per_mm], [0, k, -y0 * px_per_mm], [0, 0, 1]]) @ page.homography
    )
    size = (round((x1 - x0) * px_per_mm), round((y1 - y0) * px_per_mm))
    return cv2.warpPerspective(page.photo, to_crop, size, flags=cv2.INTER_LINEAR, borderValue=255)


def redrawn_qr(page: Rectified, modules: int, px: int = 6) -> np.ndarray:
    """The QR symbol of ``modules`` x ``modules`` at its known place, each module sampled
    from the photo at its centre and redrawn clean, black or white, ``px`` px wide.

    The symbol's bottom-right corner is fixed on every page and its size follows from
    the module count, so even a symbol too blurred for the detector to find its
    finder patterns can be read module by module.
    """
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 4
    bottom = COMMON_HEIGHT - MARKER_INSET
    size = modules * QR_MODULE
    src = page.photo if page.photo is not None else page.image
    to_page = np.eye(3) if page.photo is None else page.homography
    s = 4 / QR_MODULE  # 4 px per module, then the centre 2 x 2 of each is averaged
    shift = np.array(
        [
            [s / page.px_per_mm, 0, -(right - size) * s],
            [0, s / page.px_per_mm, -(bottom - size) * s],
            [0, 0, 1],
        ]
    )
    grid = cv2.warpPerspective(
        src, shift @ to_page, (modules * 4, modules * 4), flags=cv2.INTER_LINEAR
    )
    cells = grid.reshape(modules, 4, modules, 4)[:, 1:3, :, 1:3].mean(axis=(1, 3))
    _, bits = cv2.threshold(cells.astype(np.uint8), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    clean = cv2.resize(bits, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)
    return cv2.copyMakeBorder(clean, 4 * px, 4 * px, 4 * px, 4 * px, cv2.BORDER_CONSTANT, value=255)


def identify(page: Rectified) -> PageCode:
    """The page code of a flattened page; PageNotFound if it does not decode."""
    # the modules read once, for the decoder first and, at the last, the nearest code
    for_decoder, for_nearest = tee(sampled_symbols(page))
    code = sampled_qr(page, for_decoder)
    if code is not None:
        return code
    for s in QR_PX_PER_MM:
        crop = qr_region(page, s)
        code = decode_page_code(crop)
        if code is not None:
            return code
        _, binary = cv2.threshold(crop, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        code = decode_page_code(binary)
        if code is not None:
            return code
        if page.photo is None:
            break
    for modules in range(21, 42, 4):  # QR versions 1-5
        code = decode_page_code(redrawn_qr(page, modules))
        if code is not None:
            return code
    code = nearest_page_code(page, for_nearest)
    if code is not None:
        return code
    raise PageNotFound(
        "the page code (QR symbol, bottom right) could not be read" + _retake_hint(page)
    )


SHARP_MODULE_PX = 2.5  # a QR module narrower than this in the photo blurs into its neighbours


def module_px(page: Rectified) -> float | None:
    """How wide a QR module is in the photo, in photo pixels (None without the photo)."""
    if page.photo is None:
        return None
    x0, y0, x1, y1 = _qr_box()
    s = page.px_per_mm
    centre = ((x0 + x1) / 2 * s, (y0 + y1) / 2 * s)
    ends = np.float32([[centre, (centre[0] + QR_MODULE * s, centre[1])]])
    a, b = cv2.perspectiveTransform(ends, np.linalg.inv(page.homography))[0]
    return float(np.hypot(*(b - a)))


def _retake_hint(page: Rectified) -> str:
    """What to do about an unreadable page code: closer, or sharper."""
    px = module_px(page)
    if px is not None and px < SHARP_MODULE_PX:
        return (
            f": its modules are only {px:.1f} px wide; take the photo closer, or at the "
            "camera's full resolution"
        )
    return ": is it covered, in glare or out of focus? take the photo again"


# --- The symbol read module by module from its known place -------------------------

GRID_PX = 4  # px per module of the warped QR region
GRID_MARGIN = 6  # modules of margin warped around the largest symbol (room for the search)
GRID_MODULES = (21, 25, 29, 33, 37, 41)  # QR versions 1-6 (7+ carry version blocks)
FINDER_SEARCH = 2.5  # modules either way of where the homography puts a finder pattern
# ...and where no symbol read so decodes, this far. A sheet that bows holds its symbol off
# that place though its corner markers fit: a row of sheets photographed as one (``bench
# multi`` seed 200, hard) ~2.2 mm (2.75 modules) on its end sheet, whose corners fit within
# 0.34 mm. Not searched so first: the versions' finders lie 4 modules apart, and a search
# this wide finds a 25-module symbol's as well for 21 or 29 modules (identify 4.8 -> 12
# ms a page, the wrong counts tried first).
FINDER_SEARCH_WIDE = 4.0
FINDER_MIN_SCORE = 0.45  # normalised correlation of a finder pattern that is there
GRID_MAX_MISMATCH = 0.12  # share of modules the decoded text's symbol may differ in


@cache
def _finder_template(px: int) -> np.ndarray:
    """A finder pattern with its light separator ring, 9 x 9 modules, float32."""
    t = np.ones((9, 9), np.float32)
    t[1:8, 1:8] = 0
    t[2:7, 2:7] = 1
    t[3:6, 3:6] = 0
    return cv2.resize(t, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)


@cache
def function_modules(modules: int) -> tuple[np.ndarray, np.ndarray]:
    """(fixed, dark) bool (modules, modules): which modules the QR standard fixes
    whatever the text (finders, separators, timing, alignment, dark module), and their
    colour. Versions 1-6 only."""
    m = modules
    fixed = np.zeros((m, m), bool)
    dark = np.zeros((m, m), bool)
    for r, c in ((0, 0), (0, m - 7), (m - 7, 0)):
        for y in range(max(0, r - 1), min(m, r + 8)):
            for x in range(max(0, c - 1), min(m, c + 8)):
                fixed[y, x] = True
                dark[y, x] = max(abs(y - r - 3), abs(x - c - 3)) in (0, 1, 3)
    timing = np.arange(8, m - 8)
    fixed[6, 8 : m - 8] = fixed[8 : m - 8, 6] = True
    dark[6, 8 : m - 8] = dark[8 : m - 8, 6] = timing % 2 == 0
    version = (m - 17) // 4
    if version >= 2:
        c = m - 7
        fixed[c - 2 : c + 3, c - 2 : c + 3] = True
        ring = np.ones((5, 5), bool)
        ring[1:4, 1:4] = False
        ring[2, 2] = True
        dark[c - 2 : c + 3, c - 2 : c + 3] = ring
    fixed[m - 8, 8] = dark[m - 8, 8] = True
    return fixed, dark


def _qr_corner_region(page: Rectified) -> np.ndarray:
    """The QR symbol's place (bottom right fixed, room for the largest symbol and a
    margin) warped from the photo at GRID_PX px per module, float32 "paper = 255"."""
    right = COMMON_WIDTH - MARKER_INSET - MARKER_SIZE - 4
    bottom = COMMON_HEIGHT - MARKER_INSET
    reach = (GRID_MODULES[-1] + GRID_MARGIN) * QR_MODULE
    s = GRID_PX / QR_MODULE
    x0, y0 = right - reach, bottom - reach
    src = page.photo if page.photo is not None else page.image
    to_page = np.eye(3) if page.photo is None else page.homography
    to_region = np.array(
        [[s / page.px_per_mm, 0, -x0 * s], [0, s / page.px_per_mm, -y0 * s], [0, 0, 1]]
    )
    side = (GRID_MODULES[-1] + 2 * GRID_MARGIN) * GRID_PX
    region = cv2.warpPerspective(
        src, to_region @ to_page, (side, side), flags=cv2.INTER_LINEAR, borderValue=255
    ).astype(np.float32)
    # Paper brought to 255 under shade or a shadow's edge (its local maximum over 4 modules).
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (4 * GRID_PX + 1,) * 2)
    white = cv2.GaussianBlur(cv2.dilate(region, k), (0, 0), 2 * GRID_PX)
    return 255 * region / np.maximum(white, 1)


def _peak(r: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Sub-pixel offset of a correlation peak (parabola through its neighbours)."""

    def vertex(a: float, b: float, c: float) -> float:
        d = a - 2 * b + c
        return 0.0 if d >= 0 else 0.5 * (a - c) / d

    dx = vertex(r[y, x - 1], r[y, x], r[y, x + 1]) if 0 < x < r.shape[1] - 1 else 0.0
    dy = vertex(r[y - 1, x], r[y, x], r[y + 1, x]) if 0 < y < r.shape[0] - 1 else 0.0
    return dx, dy


def _finders(region: np.ndarray, modules: int, search: float) -> tuple[np.ndarray, float]:
    """The three finder centres (TL, TR, BL) of a ``modules`` symbol in region px, looked
    for ``search`` modules either way of their places, and the weakest one's correlation."""
    px, tpl = GRID_PX, _finder_template(GRID_PX)
    offset = GRID_MODULES[-1] - modules + GRID_MARGIN  # the symbol's first module
    m = modules
    centres, scores = [], []
    for cy, cx in ((3.5, 3.5), (3.5, m - 3.5), (m - 3.5, 3.5)):
        ey, ex = (cy + offset) * px, (cx + offset) * px
        half = (4.5 + search) * px
        y0, x0 = max(0, round(ey - half)), max(0, round(ex - half))
        window = region[y0 : round(ey + half), x0 : round(ex + half)]
        if window.shape[0] < tpl.shape[0] or window.shape[1] < tpl.shape[1]:
            return np.zeros((3, 2), np.float32), 0.0
        r = cv2.matchTemplate(window, tpl, cv2.TM_CCOEFF_NORMED)
        _, score, _, (bx, by) = cv2.minMaxLoc(r)
        dx, dy = _peak(r, bx, by)
        centres.append((x0 + bx + dx + tpl.shape[1] / 2, y0 + by + dy + tpl.shape[0] / 2))
        scores.append(score)
    return np.float32(centres), float(min(scores))


def _sample(region: np.ndarray, centres: np.ndarray, modules: int) -> np.ndarray:
    """(modules + 2) square float32: each module's centre (and a ring of quiet zone)."""
    m = modules
    grid = np.float32([[3.5, 3.5], [m - 3.5, 3.5], [3.5, m - 3.5]])
    a = cv2.getAffineTransform(grid, centres)  # module coordinates -> region px
    a[:, 2] -= (a[:, 0] + a[:, 1]) * 0.5  # output pixel i is module i - 1, at its centre
    smooth = cv2.GaussianBlur(region, (0, 0), GRID_PX / 4)
    return cv2.warpAffine(
        smooth, a, (m + 2, m + 2), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=255
    )


_NEAR = np.float32([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
_DIAGONAL = np.float32([[1, 0, 1], [0, 0, 0], [1, 0, 1]])


def decide_modules(samples: np.ndarray, modules: int, rounds: int = 4) -> np.ndarray:
    """(modules, modules) bool, True = dark, from ``_sample``'s grid.

    Blur spreads each module into its neighbours, so a light module among dark ones
    reads nearly dark. The spread is measured where the standard fixes the modules
    (a linear model: level = a + b * dark + c * dark 4-neighbours + d * dark diagonal
    neighbours), and each module is then decided given its neighbours' current
    decisions; a few rounds, refitting the model on all of them.
    """
    fixed, dark = function_modules(modules)
    n = modules + 2
    known = np.ones((n, n), bool)  # the ring is quiet zone: light
    value = np.zeros((n, n), bool)
    known[1:-1, 1:-1], value[1:-1, 1:-1] = fixed, dark
    inner = samples[1:-1, 1:-1]
    lo, hi = np.median(inner[fixed & dark]), np.median(inner[fixed & ~dark])
    guess = np.zeros((n, n), bool)
    guess[1:-1, 1:-1] = inner < (lo + hi) / 2
    d = np.where(known, value, guess).astype(np.float32)
    # The first fit uses only modules whose whole neighbourhood is fixed.
    fit = cv2.erode(known.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    fit[[0, -1], :] = fit[:, [0, -1]] = False
    for _ in range(rounds):
        near = cv2.filter2D(d, -1, _NEAR, borderType=cv2.BORDER_CONSTANT)
        diagonal = cv2.filter2D(d, -1, _DIAGONAL, borderType=cv2.BORDER_CONSTANT)
        x = np.stack([np.ones_like(d), d, near, diagonal], -1)
        (a, b, c, e), *_ = np.linalg.lstsq(x[fit], samples[fit], rcond=None)
        rest = a + c * near + e * diagonal
        d = np.where(known, value, np.abs(samples - rest - b) < np.abs(samples - rest))
        d = d.astype(np.float32)
        fit = np.zeros((n, n), bool)
        fit[1:-1, 1:-1] = True
    return d[1:-1, 1:-1].astype(bool)


def clean_symbol(dark: np.ndarray, px: int = GRID_PX) -> np.ndarray:
    """Modules drawn black on white, ``px`` px each, with a 4-module quiet zone."""
    img = np.where(dark, 0, 255).astype(np.uint8)
    img = cv2.resize(img, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)
    return cv2.copyMakeBorder(img, 4 * px, 4 * px, 4 * px, 4 * px, cv2.BORDER_CONSTANT, value=255)


def sampled_symbols(page: Rectified) -> Iterator[np.ndarray]:
    """The symbol read module by module at its known place (``decide_modules``: True =
    dark), for each module count whose finder patterns are found, best found first (near
    their places, then, after those, farther: ``FINDER_SEARCH_WIDE``), and
    each sample shift: a few modules lost to blur sink a small symbol's error correction,
    and which ones depends on where within each module it is sampled, so a quarter module
    either way is tried too. Lazily: a reader that stops early pays for no more."""
    region = _qr_corner_region(page)
    tried: list[tuple[int, np.ndarray]] = []
    for search in (FINDER_SEARCH, FINDER_SEARCH_WIDE):
        found = [(score, m, c) for m in GRID_MODULES for c, score in [_finders(region, m, search)]]
        for score, m, centres in sorted(found, key=lambda t: -t[0]):
            if score < FINDER_MIN_SCORE:
                break
            # the wider search finds the nearer finders again: those are read already
            if any(m == n and np.abs(centres - c).max() < 0.5 for n, c in tried):
                continue
            tried.append((m, centres))
            for shift in _SAMPLE_SHIFTS:
                yield decide_modules(_sample(region, centres + shift, m), m)


def sampled_qr(page: Rectified, symbols: Iterable[np.ndarray] | None = None) -> PageCode | None:
    """The page code read module by module at the symbol's known place, or None
    (``symbols``: ``sampled_symbols(page)``, read again if not given).

    A decoded text is taken only if its own symbol (``qr_symbol.symbol``, under the
    mask the modules read name) agrees with the modules read almost everywhere (the
    remainder bits left out): the error correction of a small QR symbol is weak, and a
    wrong page code would read the wrong sheet.
    """
    from pnp.vision.known_codes import read_mask, remainder_cells
    from pnp.vision.qr_symbol import symbol

    detector = cv2.QRCodeDetector()
    for dark in sampled_symbols(page) if symbols is None else symbols:
        # Where the clean symbol lies is known: decoding it from its corners skips
        # the detector, which costs ten times the decoding.
        q, e = 4 * GRID_PX, (4 + len(dark)) * GRID_PX
        corners = np.float32([[q, q], [e, q], [e, e], [q, e]]).reshape(1, 4, 2)
        try:
            text, _ = detector.decode(clean_symbol(dark), corners)
        except cv2.error:  # modules read wrong can spell a mode it does not implement
            continue
        if not text:
            continue
        try:
            code = PageCode.parse(text)
        except ValueError:
            continue
        printed = symbol(text, read_mask(dark)[0])
        if printed is None or printed.shape != dark.shape:
            continue
        compared = ~remainder_cells(dark.shape[0])
        if (printed != dark)[compared].mean() <= GRID_MAX_MISMATCH:
            return code
    return None


def nearest_page_code(
    page: Rectified, symbols: Iterable[np.ndarray] | None = None
) -> PageCode | None:
    """The page code read module by module as in ``sampled_qr`` (``symbols``, read again
    if not given), then taken as the nearest code a pnp page can carry
    (``known_codes``), where no decoder reads it."""
    from pnp.vision.known_codes import nearest_code

    for dark in sampled_symbols(page) if symbols is None else symbols:
        nearest = nearest_code(dark)
        if nearest is not None:
            return replace(nearest.code, matched=nearest.mismatch)
    return None


_SAMPLE_SHIFTS = np.float32([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]) * (GRID_PX / 4)
