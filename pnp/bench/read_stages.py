"""Stage timings of the photo reader: ``python -m pnp.bench read-stages --set DIR``.

Every photo of DIR (``*.jpg``, as ``python -m pnp.bench photos`` writes them) is read
once on one core, as ``python -m pnp.bench read`` reads it, and each stage is timed
apart: decode (12 MP photos at half size), locate + warp, identify (the page code), the
field masks (``ink_masks``: paper level, local alignment, blur fit, noise map,
thresholds) and the fields read from them (``page_doubts.read_masks``: ink shares, hatchings,
faint strokes, doubts and the page's own settling of them) and the game's checks of the
page (``pnp.vision.states.assemble``: the Cosmos shapes, digit bubbles into numbers, the
rules' questions; ``python -m pnp.bench read`` times them too). Prints the median ms per
photo of each stage and of their sum, by megapixel bucket, and the peak memory. The
one-off rendering and preparing of each blank sheet are not timed; ``--every N`` reads
every Nth photo.
"""

from __future__ import annotations

import resource
import time
from collections import defaultdict

from pnp.bench.per_photo import median_table, photo_set

STAGES = ("decode", "locate + warp", "identify", "ink_masks", "fields + doubts", "checks")


def stage_times(data: bytes) -> tuple[str, dict[str, float]] | None:
    """(megapixel bucket, seconds per stage) of reading one photo's bytes; None if unread."""
    from pnp.bench.read_photo import bucket, checked
    from pnp.vision.blank_prep import prepare_blank
    from pnp.vision.identify import identify
    from pnp.vision.ink import ink_masks
    from pnp.vision.page_doubts import read_masks
    from pnp.vision.print_variant import prepare_print_variant, printed_blank
    from pnp.vision.rectify import PageNotFound, decode_photo, page_resolution, rectify
    from pnp.vision.reference import common_map, reference_image

    clock = time.perf_counter
    t0 = clock()
    gray, scale = decode_photo(data)
    t1 = clock()
    try:
        page = rectify(gray)
        t2 = clock()
        code = identify(page)
    except PageNotFound:
        return None
    t3 = clock()
    fields = common_map(code).fields
    prepare_blank(
        reference_image(code.game, code.sheet, code.layout, page.px_per_mm), page.px_per_mm
    )
    prepare_print_variant(code, page.px_per_mm)
    t4 = clock()
    blank, ink_saving = printed_blank(page.image, code, page.px_per_mm)  # timed with the masks
    m = ink_masks(page.image, blank, page.px_per_mm, fields=fields)
    t5 = clock()
    readings, found = read_masks(m, fields, page.px_per_mm, "")  # hatchings, doubts...
    t6 = clock()
    resolution = page_resolution(page) * scale
    checked(code, page, m.ink, readings, fields, found, resolution, ink_saving, m.base, m.shifts)
    t7 = clock()
    size = (gray.shape[0] * scale, gray.shape[1] * scale)
    seconds = (t1 - t0, t2 - t1, t3 - t2, t5 - t4, t6 - t5, t7 - t6)
    return bucket(size), dict(zip(STAGES, seconds, strict=True))


def main(argv: list[str] | None = None) -> int:
    photos = photo_set("read-stages", argv)
    if photos is None:
        return 1
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    unread = 0
    for path in photos:
        result = stage_times(path.read_bytes())
        if result is None:
            unread += 1
            continue
        mp, seconds = result
        for stage, s in seconds.items():
            times[mp][stage].append(s * 1000)
        times[mp]["total"].append(sum(seconds.values()) * 1000)
    print(f"median ms per photo, one core ({len(photos)} photos, {unread} unread)")
    print(median_table(times, STAGES, "stage", "total"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")
    return 0
