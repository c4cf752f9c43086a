"""A flattened page's ink masks (``ink.InkMasks``), as its fields are read from them:
made against the blank of its layout (``page_masks``), aligned again where the page does
not lie flat (``flat_masks``), no place taken for washed out on a scan
(``scan_unwashed``); and the pages whose masks cannot be read refused: printed from
another version of their layout (``refuse_other_version``), scanned in black and white
(``refuse_black_and_white``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.photo_io import BlackAndWhite, OtherVersion


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
    from pnp.vision.rectify import MAX_REPROJECTION_MM, PRESS_FLAT, NotFlat, past_limit

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
    past = past_limit(off, "off in places", MISALIGNED_MM)
    raise NotFlat(
        f"the page does not lie flat: {how}; once followed, its print still lies {past}; "
        f"{PRESS_FLAT}"
    )


def scan_unwashed(masks, page):
    """``masks`` with no place washed out if the page fills its image, as a scan does
    (``washed.SCAN_FILL``): its white is a filter's, not the light's."""
    from pnp.vision.washed import SCAN_FILL, page_fill

    if masks.washed is None or page_fill(page) < SCAN_FILL:
        return masks
    return replace(masks, washed=None)


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
