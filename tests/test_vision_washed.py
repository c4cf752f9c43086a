"""A photo washed out by too much light: the light print shows lighter than printed
against pure white paper, and every field there not read marked is asked, never read
empty unasked; a page as printed, or whitened by a scanner's filter, is not."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.bench.scans import FILTERS, scanned
from pnp.vision import washed
from pnp.vision.field_doubts import WASHED
from pnp.vision.read import read_photo
from pnp.vision.reference import reference_image
from pnp.vision.retake import quality

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
SHIP = PHOTOS / "00005-stellar-drift-ship-normal.jpg"


def over_exposed(photo: Path, tmp_path: Path, gain: float) -> Path:
    """``photo`` with every value multiplied by ``gain`` and clipped at 255."""
    out = tmp_path / f"{photo.stem}-x{gain}.jpg"
    cv2.imwrite(str(out), cv2.convertScaleAbs(cv2.imread(str(photo)), alpha=gain))
    return out


def truth_marked(photo: Path) -> dict[str, bool]:
    fields = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    return {f: t["marked"] for f, t in fields.items() if not t["touched_by"]}


@pytest.mark.parametrize("gain", [1.6, 2.0])
def test_an_over_exposed_page_asks_for_every_mark_it_reads_empty(gain, tmp_path):
    """Light past white (the tints nearly white, the light crosses with them): before,
    14 (x1.6) and 20 (x2.0) of the ship's crosses read empty, none of them asked."""
    (sheet,) = read_photo(over_exposed(SHIP, tmp_path, gain))
    asked = {d.field for d in sheet.doubtful}
    read_empty = {r.id for r in sheet.readings if r.state != "filled"}
    marks = {f for f, m in truth_marked(SHIP).items() if m and f in sheet.kinds}
    assert marks & read_empty, "the light washed no mark out: the test tests nothing"
    assert marks & read_empty <= asked
    assert any(d.cause == WASHED for d in sheet.doubtful)
    assert quality(sheet).washed and "over-exposed" in quality(sheet).problems()[0]


@pytest.mark.parametrize("photo", sorted(PHOTOS.glob("*.jpg")), ids=lambda p: p.stem)
def test_the_committed_photos_are_not_washed_out(photo):
    for sheet in read_photo(photo):
        assert not [d for d in sheet.doubtful if d.cause == WASHED]


@pytest.mark.parametrize("tone", ["bgnorm", "bgnorm_levels", "levels", "contrast"])
def test_a_scan_whitened_by_a_scanner_apps_filter_is_not_washed_out(tone, tmp_path):
    """The filters make the paper pure white, and a levels filter lightens the light print
    too (darkening the marks): the page filling its image says it is a scan. Before it
    did, the ship scanned through ``bgnorm_levels`` had 23 fields asked (none before)."""
    (sheet,) = read_photo(SHIP, color=True)
    scan = tmp_path / f"ship-{tone}.pdf"
    scan.write_bytes(scanned(sheet, FILTERS[tone]))
    (read,) = read_photo(scan)
    assert not [d for d in read.doubtful if d.cause == WASHED]


def test_the_map_tells_light_print_lighter_than_printed_on_white_paper():
    blank = reference_image("stellar-drift", "tracker", "tracker", 6.25)
    light = washed.blank_light(blank)
    assert light.light.any() and light.paper.any()
    # the blank itself: pure white paper, its print as printed
    assert washed.washed_map(blank, light, 6.25).max() < washed.LIGHTER
    # the page dimmer (paper at 200): nothing is at full white
    dim = (blank * (200 / 255)).astype(np.uint8)
    assert washed.washed_map(dim, light, 6.25) is None
    # light past white by a third: the tints lighter by about as much
    bright = np.clip(blank.astype(np.float32) * 1.33, 0, 255).astype(np.uint8)
    out = washed.washed_map(bright, light, 6.25)
    assert out.max() >= washed.LIGHTER and (out >= washed.LIGHTER).mean() > 0.3


@pytest.mark.parametrize(
    "name", ["00006-stellar-drift-tracker-normal", "00007-stellar-drift-tech-normal"]
)
def test_tints_the_light_washed_out_are_not_taken_for_an_ink_saving_print(name):
    """A tracker or tech sheet is told from its ink-saving print by its tints alone; at
    1.45 times the light its tints were white enough to be taken for never printed (then
    no light print was left to tell the page washed out)."""
    from pnp.vision.identify import identify
    from pnp.vision.print_variant import printed_blank
    from pnp.vision.rectify import rectify

    gray = cv2.imread(str(PHOTOS / f"{name}.jpg"), cv2.IMREAD_GRAYSCALE)
    for gain in (1.0, 1.45, 1.6):
        page = rectify(cv2.convertScaleAbs(gray, alpha=gain))
        assert printed_blank(page.image, identify(page), page.px_per_mm)[1] is False


def test_a_washed_out_cosmos_hex_is_not_settled_by_the_shapes_reader(tmp_path):
    """The Cosmos reader settles a doubted hex "not covered" where the photo's darkness
    shows no symbol; washed out, it shows none either way. The real-mode Cosmos by 1.6:
    before, 55 of its marked fields (hexes, Frontier values) read empty, unasked."""
    from pnp.vision.answers import marked
    from pnp.vision.states import assemble

    photo = PHOTOS / "00018-distant-suns-cosmos-real.jpg"
    (sheet,) = read_photo(over_exposed(photo, tmp_path, 1.6))
    (state,), _ = assemble([sheet])
    asked = {d.field for d in state.doubtful}
    got = marked(sheet, {})
    truth = truth_marked(photo)
    # (a score tile's zone box is answered with a zone, not marked: compared elsewhere)
    kinds = {"hex", "frontier_value", "upgrade", "upgrade_used"}
    wrong = [
        f
        for f, m in truth.items()
        if sheet.kinds.get(f) in kinds and (f in got) != m and f not in asked
    ]
    assert any(d.cause == WASHED for d in sheet.doubtful)
    assert not wrong
