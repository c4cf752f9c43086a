"""Find every page in a photo: one page is the usual case, up to ``MAX_PAGES`` side by side
are read one by one.

The first page comes from ``rectify`` as it is. Two ways lead to more:

- after a page is found, its area is painted white and the photo searched again
  (quickly, in a scaled-down copy: a second whole page has markers just as large as
  the first). Where the first page's markers are small (``SMALL_MARKERS``), or two
  pages are found, the patient full-size search looks once more when the quick one
  finds nothing;
- when the first attempt fails and the same fiducial id shows up more than once, or
  the markers the search after a page finds fit no one page (one marker of each id
  taken from any of two pages: three sheets side by side, seen at a slant), the
  markers are split into pages (the set of one instance per id that fits a flat page
  best, then the next), and each page is read from the photo whited out but for it
  (where its markers put it: ``_alone``), so that no marker of another page is taken
  for one of its own, not even one the splitting search missed.

Every whole sheet is read, and none is dropped unsaid: corner markers of a sheet that
make no page (a sheet cut off at the photo's edge, or with corners covered) are counted
(``locate_pages``' second value) for the reader to say so beside the sheets it read. A
sheet among several that does not lie flat (``NotFlat``) or more than ``MAX_PAGES``
sheets (``TooManyPages``) refuse the photo with the reason.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from itertools import product

import cv2
import numpy as np

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH
from pnp.render.frame import MARKER_SIZE
from pnp.vision.markers import QUICK_MIN_PERIMETER_RATE, quick_fiducials
from pnp.vision.rectify import (
    MAX_REPROJECTION_MM,
    MIN_MARKERS,
    READ_PX_PER_MM,
    NotFlat,
    PageNotFound,
    Rectified,
    fit_page,
    page_resolution,
    rectify,
)

MAX_PAGES = 6  # two players' three Stellar Drift sheets; a photo of more is refused


class TooManyPages(PageNotFound):
    """More than ``MAX_PAGES`` sheets in one photo."""


def page_quad(page: Rectified, scale: float = 1.0) -> np.ndarray:
    """The common box's corners in photo pixels (float32, (4, 2))."""
    return _box_quad(page.homography, page.px_per_mm) * scale


def _box_quad(homography: np.ndarray, px_per_mm: float) -> np.ndarray:
    """The common box's corners in photo pixels, from a page's ``homography`` (photo
    pixels -> page pixels at ``px_per_mm``)."""
    w, h = COMMON_WIDTH * px_per_mm, COMMON_HEIGHT * px_per_mm
    box = np.float32([[0, 0], [w, 0], [w, h], [0, h]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(box, np.linalg.inv(homography)).reshape(4, 2)


def _grown(quad: np.ndarray, grow: float) -> np.ndarray:
    """``quad`` grown ``grow`` times about its centre, as integer polygon points."""
    centre = quad.mean(axis=0)
    return (centre + (quad - centre) * grow).round().astype(np.int32)


def _paint(gray: np.ndarray, quads: list[np.ndarray], grow: float = 1.0) -> np.ndarray:
    out = gray.copy()
    for quad in quads:
        cv2.fillConvexPoly(out, _grown(quad, grow), 255)
    return out


@cache
def _all_markers_detector() -> cv2.aruco.ArucoDetector:
    # Only for splitting: find_fiducials keeps one marker per id.
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.02
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def split_markers(
    gray: np.ndarray, one_too: bool = False
) -> tuple[list[dict[int, np.ndarray]], int]:
    """Markers grouped into pages when some fiducial id appears more than once (with
    ``one_too``, a single page's too), and how many markers were left in no page; else
    ([], 0)."""
    corners, ids, _ = _all_markers_detector().detectMarkers(gray)
    if ids is None:
        return [], 0
    by_id: dict[int, list[np.ndarray]] = defaultdict(list)
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        if 0 <= int(marker_id) <= 3:
            by_id[int(marker_id)].append(quad.reshape(4, 2))
    if max((len(v) for v in by_id.values()), default=0) < (1 if one_too else 2):
        return [], 0
    pages: list[dict[int, np.ndarray]] = []
    while sum(len(v) for v in by_id.values()) >= MIN_MARKERS and len(pages) <= MAX_PAGES:
        keys = sorted(by_id)
        best, best_misfit = None, MAX_REPROJECTION_MM
        for choice in product(*[[None, *range(len(by_id[k]))] for k in keys]):
            group = {k: by_id[k][c] for k, c in zip(keys, choice, strict=True) if c is not None}
            if len(group) < MIN_MARKERS:
                continue
            try:
                _, misfit = fit_page(group, READ_PX_PER_MM)
            except PageNotFound:
                continue
            # prefer four markers to three, then the tighter fit
            if best is None or (len(group), -misfit) > (len(best), -best_misfit):
                if misfit <= MAX_REPROJECTION_MM:
                    best, best_misfit = group, misfit
        if best is None:
            break
        pages.append(best)
        for k, quad in best.items():
            by_id[k] = [q for q in by_id[k] if q is not quad]
    return pages, sum(len(v) for v in by_id.values())


# Markers of a photo left in no page (``split_markers``), or markers the quick look finds
# once the pages are painted out: even one is another sheet (cut off, covered, or its
# other markers missed), not a stray square read as a marker: the splitting search, run on
# 600 bench photos of one sheet each (every 2nd of the held-out set and seeds 641, 645,
# 646), found no marker beyond the page's own; nor did the quick look after the page on
# 1,500 (the held-out set and seeds 611, 641, 645, 646, session 50).
LEFT_MARKERS = 1


def locate_pages(gray: np.ndarray) -> tuple[list[Rectified], int]:
    """Every page in the photo, flattened, and how many corner markers of another sheet it
    holds that make no page (``LEFT_MARKERS`` or more: a sheet cut off at the photo's
    edge or with corners covered, which is not read). PageNotFound with the first page's
    reason if there is no page; NotFlat if a sheet among several does not lie flat;
    TooManyPages if there are more than ``MAX_PAGES``."""
    try:
        pages = [rectify(gray)]
    except PageNotFound as first_failure:
        pages, left = _split_pages(gray)
        if not pages:
            raise first_failure from None
        return _no_more_than_max(pages), left
    work, left = gray, 0
    patient = _small_markers(pages[0], gray)
    while len(pages) <= MAX_PAGES:
        work = _paint(work, [page_quad(pages[-1])], grow=1.02)
        # Another whole page has markers as large as the first's: the quick search finds
        # them (the patient full-size one would cost more than reading the page). Where
        # the first page's are small, or the photo holds several sheets, a sheet a little
        # farther off may be missed by it: the patient search looks for more, and for
        # markers of a sheet that makes no page; so it does where the quick look finds
        # markers too few for a page (a sheet cut off at the photo's edge).
        quick = quick_fiducials(work)
        if len(quick) < MIN_MARKERS:
            if patient or len(pages) > 1 or quick:
                more, left = _split_pages(work, one_too=True, found=len(pages))
                pages += more
            break
        try:
            pages.append(rectify(work))
        except PageNotFound:
            more, left = _split_pages(work, found=len(pages))
            pages += more
            break
    return _no_more_than_max(pages), left


def _no_more_than_max(pages: list[Rectified]) -> list[Rectified]:
    if len(pages) > MAX_PAGES:
        raise TooManyPages(
            f"more than {MAX_PAGES} sheets in one photo; photograph them {MAX_PAGES} or "
            "fewer at a time"
        )
    return pages


def _split_pages(
    gray: np.ndarray, one_too: bool = False, found: int = 0
) -> tuple[list[Rectified], int]:
    """The pages of ``split_markers``, each flattened from the photo with all but that
    page whited out (``_alone``), and the markers left in no page (those of a page that
    cannot be located among them). Once a page has been found (here, or ``found``
    before), a page that does not lie flat raises ``NotFlat``."""
    groups, left = split_markers(gray, one_too)
    pages = []
    for group in groups:
        try:
            pages.append(rectify(_alone(gray, group)))
        except NotFlat:
            if pages or found or len(groups) > 1:
                raise  # "a sheet was found but the page does not lie flat..."
            left += len(group)
        except PageNotFound:
            left += len(group)
    return pages, left


# Where the first page's markers are under this many times the least perimeter the quick
# search sees (``QUICK_MIN_PERIMETER_RATE`` of the photo's longer side), another page a
# little farther off may be missed by it, and the patient search looks for more (~25 ms
# on a 2 MP photo). At 1.5 (until session 60) a row of sheets seen at a slant, or half in
# shadow, lost its far sheets unsaid: `python -m pnp.bench multi --n 15 --seed 560`, seed
# 572 hard (three Stellar Drift sheets, the first found at 1.53, the others' markers
# 0.96-1.39 and dim: the quick look found none) and ds-players seed 561 hard (the first
# at 1.80, the other in shadow). At 2.0 the single-sheet photos of 36 sets pay it on
# 1,096 of 10,799 (10%: the median photo does not; ~10 ms more each), and none finds
# another page or a stray marker there; the held-out set's least is 1.64.
SMALL_MARKERS = 2.0


def _small_markers(page: Rectified, gray: np.ndarray) -> bool:
    """Whether ``page``'s markers are small in the photo ``gray`` (``SMALL_MARKERS``)."""
    perimeter = 4 * MARKER_SIZE * page_resolution(page)
    return perimeter < SMALL_MARKERS * QUICK_MIN_PERIMETER_RATE * max(gray.shape)


ALONE_GROW = 1.03  # the page kept a little past its common box (its markers lie inside)


def _alone(gray: np.ndarray, group: dict[int, np.ndarray]) -> np.ndarray:
    """``gray`` white but for the page whose markers are ``group`` (where they put its
    common box, ``ALONE_GROW`` around): the search for its markers then finds no other
    page's, not even those the splitting search missed."""
    homography, _ = fit_page(group, READ_PX_PER_MM)
    inside = np.zeros_like(gray)
    cv2.fillConvexPoly(inside, _grown(_box_quad(homography, READ_PX_PER_MM), ALONE_GROW), 1)
    out = np.full_like(gray, 255)
    np.copyto(out, gray, where=inside.astype(bool))
    return out
