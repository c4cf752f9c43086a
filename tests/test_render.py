"""Every sheet renders in every format and paper, reproducibly, with its fields where the
sheet map says, and with fiducials and a page code that OpenCV reads back."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import cv2
import numpy as np
import pytest
from conftest import all_sheets, built

from pnp.render.frame import qr_modules
from pnp.render.pdf import pdf_bytes
from pnp.render.png import rasterize_pdf
from pnp.render.svg import svg_text
from pnp.sheetmap import Field
from pnp.vision.markers import decode_page_code, find_fiducials

QR_QUIET_MODULES = 2
DPI = 100
QR_DPI = 152  # 6 px/mm
PX = DPI / 25.4
PAPERS = ["a4", "letter"]
CASES = [(*s, paper) for s in all_sheets() for paper in PAPERS]
IDS = ["/".join(c) for c in CASES]


def raster(page) -> np.ndarray:
    img = rasterize_pdf(pdf_bytes([page]), DPI)[0]
    return cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)


def field_mask(shape, f, grow_mm: float = 0.0) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    if f.shape == "circle":
        r = (f.w / 2 + grow_mm) * PX
        if r > 0:
            cv2.circle(mask, (round(f.x * PX), round(f.y * PX)), max(1, round(r)), 255, -1)
    else:
        x0, y0 = (f.x - grow_mm) * PX, (f.y - grow_mm) * PX
        x1, y1 = (f.x + f.w + grow_mm) * PX, (f.y + f.h + grow_mm) * PX
        mask[max(0, round(y0)) : round(y1), max(0, round(x0)) : round(x1)] = 255
    return mask > 0


@pytest.mark.parametrize("game,sheet,layout,paper", CASES, ids=IDS)
def test_pages_fit_paper_and_render_identically_twice(game, sheet, layout, paper):
    pages = built(game, sheet, layout, paper)
    assert pages
    for rp in pages:
        page = rp.page
        assert pdf_bytes([page]) == pdf_bytes([page])
        assert svg_text(page) == svg_text(page)
        if rp.map:
            for f in rp.map.fields:
                left, top, right, bottom = f.bounds
                assert 0 <= left and right <= page.width, f.id
                assert 0 <= top and bottom <= page.height, f.id


@pytest.mark.parametrize("game,sheet,layout,paper", CASES, ids=IDS)
def test_fields_are_drawn_where_the_map_says(game, sheet, layout, paper):
    for rp in built(game, sheet, layout, paper):
        if rp.map is None:
            continue
        ids = {f.id for f in rp.map.fields}
        assert len(ids) == len(rp.map.fields), "field ids must be unique"
        full = raster(rp.page)
        others = raster(rp.page.without_groups(ids))
        own = raster(rp.page.only_groups(ids))
        union = np.zeros(full.shape, bool)
        for f in rp.map.fields:
            inside = field_mask(full.shape, f, grow_mm=-0.5)
            assert full[field_mask(full.shape, f)].min() < 128, f"{f.id}: no ink at its place"
            assert others[inside].min() > 200, f"{f.id}: other ink overlaps the field"
            union |= field_mask(full.shape, f, grow_mm=0.6)
        stray = own[~union]
        assert stray.min() > 200, "a field's ink lies outside the field's box"
        # The page-code QR symbol needs its quiet zone: nothing else printed near it.
        x, y, size = rp.map.qr
        quiet = QR_QUIET_MODULES * size / len(qr_modules(rp.map.code.text))
        zone = field_mask(full.shape, Field("qr", "qr", x, y, size, size), grow_mm=quiet)
        assert raster(rp.page.without_groups({"page-code"}))[zone].min() > 200, "ink near the QR"


@pytest.mark.parametrize("game,sheet,layout,paper", CASES, ids=IDS)
def test_fiducials_and_page_code_are_found(game, sheet, layout, paper):
    for serial in (1, 123456):
        for rp in built(game, sheet, layout, paper, serial):
            if rp.map is None:
                continue
            gray = raster(rp.page)
            found = find_fiducials(gray)
            assert sorted(found) == [f.id for f in rp.map.fiducials]
            for fid in rp.map.fiducials:
                expect = np.array(fid.corners()) * PX
                assert np.abs(found[fid.id] - expect).max() < 2.5, fid.corner
            # The QR is read from the flattened page at 6 px/mm (a 2 MP photo of a whole
            # page gives about 5.5); at 100 dpi its 0.8 mm modules alias to 3.15 px.
            qr_px = QR_DPI / 25.4
            page = cv2.cvtColor(rasterize_pdf(pdf_bytes([rp.page]), QR_DPI)[0], cv2.COLOR_RGB2GRAY)
            x, y, size = (np.array(rp.map.qr) * qr_px).round().astype(int)
            m = round(2.5 * qr_px)  # the quiet zone, short of the corner marker
            crop = page[max(0, y - m) : y + size + m, max(0, x - m) : x + size + m]
            assert decode_page_code(crop) == rp.map.code
            assert rp.map.code.serial == serial


def test_field_ids_are_svg_group_ids(sheet_id):
    for rp in built(*sheet_id, "a4"):
        if rp.map is None:
            continue
        root = ET.fromstring(svg_text(rp.page))
        group_ids = {el.get("id") for el in root.iter("{http://www.w3.org/2000/svg}g")}
        missing = {f.id for f in rp.map.fields} - group_ids
        assert not missing


def test_fields_do_not_overlap(sheet_id):
    for rp in built(*sheet_id, "a4"):
        if rp.map is None:
            continue
        boxes = [(f.id, f.bounds) for f in rp.map.fields]
        boxes.sort(key=lambda b: b[1][0])
        for i, (a, (_, t1, r1, b1)) in enumerate(boxes):
            for b, (l2, t2, _r2, b2) in boxes[i + 1 :]:
                if l2 >= r1:
                    break
                assert not (t2 < b1 and t1 < b2), f"{a} overlaps {b}"


def test_ink_saving_drops_fills_and_keeps_fields(sheet_id):
    plain = built(*sheet_id, "a4")
    saving = built(*sheet_id, "a4", 1, True)
    assert [p.map.fields if p.map else None for p in plain] == [
        p.map.fields if p.map else None for p in saving
    ]

    def colour_px(rp):
        img = rasterize_pdf(pdf_bytes([rp.page]), 30)[0].astype(int)
        return int(((img.max(axis=2) - img.min(axis=2)) > 40).sum())

    assert sum(map(colour_px, saving)) <= sum(map(colour_px, plain))
