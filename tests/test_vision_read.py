"""The reader's stages on a rendered page, marked and warped as a camera would."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.games import GAMES
from pnp.paper import find_paper
from pnp.render.pdf import pdf_bytes
from pnp.render.png import rasterize_pdf
from pnp.sheets.base import Palette
from pnp.vision.fields import read_fields
from pnp.vision.identify import identify
from pnp.vision.ink import added_ink
from pnp.vision.rectify import PageNotFound, rectify
from pnp.vision.reference import common_map, reference_image

DPI = 150
PX = DPI / 25.4


def marked_photo(game, sheet, layout, paper, seed, cover_corner=None):
    rp = GAMES[game].sheet(sheet).build(layout, find_paper(paper), 42, Palette())[0]
    img = cv2.cvtColor(rasterize_pdf(pdf_bytes([rp.page]), DPI)[0], cv2.COLOR_RGB2GRAY)
    rng = np.random.default_rng(seed)
    marked = {f.id for f in rp.map.fields if rng.random() < 0.3}
    for f in rp.map.fields:
        if f.id not in marked:
            continue
        if f.shape == "circle":
            cv2.circle(img, (round(f.x * PX), round(f.y * PX)), round(f.w / 2 * PX * 0.7), 50, -1)
        else:
            a = (round((f.x + 0.8) * PX), round((f.y + 0.8) * PX))
            b = (round((f.x + f.w - 0.8) * PX), round((f.y + f.h - 0.8) * PX))
            cv2.line(img, a, b, 40, 3)
            cv2.line(img, (a[0], b[1]), (b[0], a[1]), 40, 3)
    if cover_corner is not None:
        fid = rp.map.fiducials[cover_corner]
        x, y, s = (np.array([fid.x, fid.y, fid.size]) * PX).round().astype(int)
        cv2.rectangle(img, (x - 5, y - 5), (x + s + 5, y + s + 5), 170, -1)  # a thumb
    h, w = img.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    jitter = rng.uniform(-0.06, 0.06, (4, 2)) * [w, h]
    dst = (src * 0.9 + [0.1 * w, 0.1 * h] + jitter).astype(np.float32)
    photo = cv2.warpPerspective(
        img, cv2.getPerspectiveTransform(src, dst), (int(w * 1.2), int(h * 1.2)), borderValue=110
    )
    light = np.linspace(0.65, 1.0, photo.shape[1])[None, :]
    return (photo * light).astype(np.uint8), rp, marked


def read(photo):
    page = rectify(photo)
    code = identify(page)
    blank = reference_image(code.game, code.sheet, code.layout, page.px_per_mm)
    mask = added_ink(page.image, blank, page.px_per_mm)
    return page, code, read_fields(mask, common_map(code).fields, page.px_per_mm)


@pytest.mark.parametrize(
    "game,sheet,layout,paper",
    [
        ("stellar-drift", "tracker", "tracker", "letter"),
        ("stellar-drift", "ship", "mero-kraken", "a4"),
        ("federation", "scorepad", "table", "a4"),
    ],
)
def test_marks_on_a_warped_unevenly_lit_page_are_read_exactly(game, sheet, layout, paper):
    photo, rp, marked = marked_photo(game, sheet, layout, paper, seed=3)
    page, code, readings = read(photo)
    assert code == rp.map.code
    assert page.reprojection_mm < 0.5
    wrong = [r for r in readings if r.state != ("filled" if r.id in marked else "empty")]
    assert not wrong
    assert {r.id for r in readings} == {f.id for f in rp.map.fields}


def test_a_corner_covered_by_a_thumb_still_reads():
    photo, rp, marked = marked_photo("stellar-drift", "tech", "tech", "a4", 5, cover_corner=2)
    page, code, readings = read(photo)
    assert 2 not in page.markers and len(page.markers) == 3
    assert {r.id for r in readings if r.state == "filled"} == marked


def test_a_photo_without_a_sheet_is_refused_with_a_reason():
    table = np.random.default_rng(0).integers(90, 160, (900, 1200), dtype=np.uint8)
    with pytest.raises(PageNotFound, match="corner markers") as refused:
        rectify(table)
    assert "dark" not in str(refused.value)  # its brightest part 62% of white


def test_a_dark_photo_of_a_sheet_is_refused_asking_for_more_light():
    # a sheet with a corner covered, in too little light for its other markers to show
    photo, *_ = marked_photo("stellar-drift", "tech", "tech", "a4", 5, cover_corner=2)
    dark = (photo.astype(np.float32) * 0.08 + 4).astype(np.uint8)
    grain = np.random.default_rng(1).normal(0, 8, dark.shape)
    dark = np.clip(dark + grain, 0, 255).astype(np.uint8)
    with pytest.raises(PageNotFound, match=r"The photo is dark \(its brightest part \d+% of "):
        rectify(dark)


FIXTURES = sorted(
    (__import__("pathlib").Path(__file__).parent / "fixtures" / "photos").glob("*.jpg")
)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_committed_photo_is_located_and_identified(path):
    import json

    from pnp.vision.rectify import decode_photo

    truth = json.loads(path.with_suffix(".json").read_text())
    gray, _ = decode_photo(path.read_bytes())
    page = rectify(gray)
    assert page.reprojection_mm < 1.0
    assert identify(page).text == truth["sheet"]["page_code"]


def test_jpeg_size_is_read_from_the_header_and_non_images_are_refused():
    from pnp.vision.rectify import decode_photo, jpeg_size

    ok, jpeg = cv2.imencode(".jpg", np.full((30, 40), 200, np.uint8))
    assert jpeg_size(jpeg.tobytes()) == (40, 30)
    assert jpeg_size(b"not a jpeg") is None
    with pytest.raises(PageNotFound, match="not an image"):
        decode_photo(b"\xff\xd8\xff truncated")


@pytest.mark.parametrize(
    "text", ["PNP:SD:TECH:TECH:1:000001", "PNP:SD:SHIP:AARAKA-GLIDER:1:000042"]
)
def test_the_fixed_qr_modules_match_the_encoder(text):
    from pnp.render.frame import qr_modules
    from pnp.vision.identify import function_modules

    symbol = np.array(qr_modules(text), bool)
    fixed, dark = function_modules(len(symbol))
    assert fixed.sum() > 150
    assert (symbol[fixed] == dark[fixed]).all()


def test_a_qr_symbol_blurred_past_its_modules_is_decided_module_by_module():
    from pnp.render.frame import qr_modules
    from pnp.vision.identify import decide_modules

    symbol = np.array(qr_modules("PNP:SD:SHIP:AARAKA-GLIDER:1:000042"), bool)
    m = len(symbol)
    # one sample per module, each a blurred mix of its neighbours on grey, noisy paper
    padded = np.pad(np.where(symbol, 60.0, 200.0), 1, constant_values=200.0).astype(np.float32)
    blurred = cv2.GaussianBlur(padded, (0, 0), 0.6)
    blurred += np.random.default_rng(3).normal(0, 4, blurred.shape).astype(np.float32)
    otsu = blurred[1:-1, 1:-1] < (60 + 200) / 2
    assert (otsu != symbol).sum() > 10  # a plain threshold loses it
    assert (decide_modules(blurred, m) == symbol).all()


def test_sampled_qr_reads_the_committed_photos_without_the_detector():
    import json

    from pnp.vision.identify import sampled_qr
    from pnp.vision.rectify import decode_photo

    for path in FIXTURES:
        truth = json.loads(path.with_suffix(".json").read_text())
        page = rectify(decode_photo(path.read_bytes())[0])
        code = sampled_qr(page)
        assert code is not None and code.text == truth["sheet"]["page_code"], path.name


def test_sampled_qr_finds_a_symbol_a_bowed_page_carries_off_its_place():
    # A sheet bowing at the end of a row photographed as one (``bench multi`` seed 200,
    # hard: its corner markers fit within 0.34 mm) holds its QR symbol ~2.2 mm lower than
    # the markers put it; here the symbol is moved 2.8 mm (3.5 modules) down
    from pnp.vision.identify import sampled_qr

    rp = GAMES["stellar-drift"].sheet("tech").build("tech", find_paper("a4"), 483920, Palette())[0]
    img = cv2.cvtColor(rasterize_pdf(pdf_bytes([rp.page]), DPI)[0], cv2.COLOR_RGB2GRAY)
    h, w = img.shape
    y0, y1, x0, x1 = h - round(45 * PX), h - round(9 * PX), w - round(55 * PX), w - round(19 * PX)
    moved, d = img.copy(), round(2.8 * PX)
    moved[y0:y1, x0:x1] = 255
    moved[y0 + d : y1 + d, x0:x1] = img[y0:y1, x0:x1]
    page = rectify(cv2.copyMakeBorder(moved, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=90))
    code = sampled_qr(page)
    assert code is not None and code.text == "PNP:SD:TECH:TECH:2:483920"


def test_sampled_qr_passes_over_modules_the_decoder_raises_on():
    # modules sampled wrong (``bench multi --kind fed-solo`` seed 206, hard) spell a data
    # mode OpenCV's decoder does not implement: it raises, and the symbol decodes to nothing
    from pnp.vision.identify import sampled_qr

    bits = (
        "111111101000001111111100000101111101000001101110100100001011101101110101101101"
        "011101101110101100101011101100000101000101000001111111101010101111111000000000"
        "010000000000111111111011100011110010010000000000000010101011101011111101100100"
        "000011011010101100111111100011010001100000000001111011111110111111101101010011"
        "010100000101011110011100101110101100011111110101110100011101010010101110100100"
        "001101110100000101111100010110111111100000000010000"
    )
    dark = np.array([b == "1" for b in bits]).reshape(21, 21)
    assert sampled_qr(None, [dark]) is None


def test_markers_are_found_in_a_shrunk_copy_to_the_pixel():
    from pnp.vision.markers import find_fiducials, shrunk

    photo, rp, _ = marked_photo("stellar-drift", "ship", "aaraka-glider", "a4", 5)
    big = cv2.resize(photo, None, fx=1.6, fy=1.6, interpolation=cv2.INTER_CUBIC)
    assert abs(shrunk(big, 0.3).shape[0] - big.shape[0] * 0.3) <= 1
    slow = find_fiducials(big, min_found=5)  # more than there are: the full-size search
    fast = find_fiducials(big)
    assert sorted(fast) == sorted(slow) == [0, 1, 2, 3]
    for i in fast:
        assert np.abs(fast[i] - slow[i]).max() < 1.0


def test_two_sheets_side_by_side_are_both_found_by_the_quick_second_look():
    from pnp.vision.pages import locate_pages

    a, _, _ = marked_photo("stellar-drift", "ship", "aaraka-glider", "a4", 1)
    b, _, _ = marked_photo("stellar-drift", "tech", "tech", "a4", 2)
    h = max(a.shape[0], b.shape[0])
    both = np.hstack(
        [
            cv2.copyMakeBorder(x, 0, h - x.shape[0], 0, 0, cv2.BORDER_CONSTANT, value=110)
            for x in (a, b)
        ]
    )
    codes = sorted((c.sheet, c.layout, c.serial) for c in map(identify, locate_pages(both)[0]))
    assert codes == [("ship", "aaraka-glider", 42), ("tech", "tech", 42)]
    pages, left = locate_pages(a)
    assert len(pages) == 1 and left == 0


def test_three_sheets_side_by_side_at_a_slant_are_all_found():
    """One player's three sheets in a row, the left end farther from the camera, at about
    3 px/mm (a 4000 px wide photo decoded at half size): each sheet's markers are found by
    its own homography with the rest of the photo whited out, not among the others'."""
    from pnp.vision.pages import locate_pages

    by_sheet = {s: marked_photo("stellar-drift", s, layout, "a4", 3)[1] for s, layout in SHEETS}
    images = [
        cv2.cvtColor(rasterize_pdf(pdf_bytes([by_sheet[s].page]), 73)[0], cv2.COLOR_RGB2GRAY)
        for s in ("tech", "tracker", "ship")
    ]
    h = max(i.shape[0] for i in images)
    row = np.hstack(
        [cv2.copyMakeBorder(i, 40, 40 + h - i.shape[0], 30, 0, 0, value=90) for i in images]
    )
    H, W = row.shape
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    far = 0.075 * H
    dst = np.float32([[0, far], [W, 0], [W, H], [0, H - far]])
    photo = cv2.warpPerspective(row, cv2.getPerspectiveTransform(src, dst), (W, H), borderValue=90)
    codes = sorted((c.sheet, c.serial) for c in map(identify, locate_pages(photo)[0]))
    assert codes == [("ship", 42), ("tech", 42), ("tracker", 42)]


def test_three_small_sheets_in_a_large_photo_are_all_found():
    """Sheets small in the frame (their markers under 1.5x what the quick search for more
    pages sees): once the first is found, the patient search looks for the others."""
    from pnp.vision.pages import SMALL_MARKERS, _small_markers, locate_pages

    by_sheet = {s: marked_photo("stellar-drift", s, layout, "a4", 3)[1] for s, layout in SHEETS}
    images = [
        cv2.cvtColor(rasterize_pdf(pdf_bytes([by_sheet[s].page]), 55)[0], cv2.COLOR_RGB2GRAY)
        for s in ("tech", "tracker", "ship")
    ]
    h = max(i.shape[0] for i in images)
    row = np.hstack([cv2.copyMakeBorder(i, 0, h - i.shape[0], 20, 0, 0, value=90) for i in images])
    H, W = 2250, 3000
    canvas = np.full((H, W), 90, np.uint8)
    y, x = (H - row.shape[0]) // 2, (W - row.shape[1]) // 2
    canvas[y : y + row.shape[0], x : x + row.shape[1]] = row
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    far = 0.05 * H
    dst = np.float32([[0, far], [W, 0], [W, H], [0, H - far]])
    photo = cv2.warpPerspective(
        canvas, cv2.getPerspectiveTransform(src, dst), (W, H), borderValue=90
    )
    pages, left = locate_pages(photo)
    assert left == 0
    assert SMALL_MARKERS > 1 and _small_markers(pages[0], photo)
    codes = sorted((c.sheet, c.serial) for c in map(identify, pages))
    assert codes == [("ship", 42), ("tech", 42), ("tracker", 42)]


def _grid_of_sheets(rows: int, dpi: float) -> np.ndarray:
    """A photo of ``rows`` players' three Stellar Drift sheets, a row each, seen square on."""
    out = []
    for seed in range(rows):
        pages = [marked_photo("stellar-drift", s, layout, "a4", seed)[1] for s, layout in SHEETS]
        images = [
            cv2.cvtColor(rasterize_pdf(pdf_bytes([rp.page]), dpi)[0], cv2.COLOR_RGB2GRAY)
            for rp in pages
        ]
        h = max(i.shape[0] for i in images)
        out.append(
            np.hstack(
                [cv2.copyMakeBorder(i, 10, 10 + h - i.shape[0], 20, 0, 0, value=90) for i in images]
            )
        )
    return cv2.copyMakeBorder(np.vstack(out), 30, 30, 30, 30, 0, value=90)


def test_six_sheets_in_one_photo_are_read_and_more_refused(tmp_path):
    from pnp.vision.pages import MAX_PAGES, TooManyPages, locate_pages
    from pnp.vision.photo_io import EXIT_NO_SHEET, NoSheet
    from pnp.vision.read import read_photo

    assert MAX_PAGES == 6  # two players' three sheets
    pages, left = locate_pages(_grid_of_sheets(2, 60))
    assert left == 0
    assert sorted(identify(p).sheet for p in pages) == sorted(["ship", "tech", "tracker"] * 2)
    nine = _grid_of_sheets(3, 60)
    with pytest.raises(TooManyPages):
        locate_pages(nine)
    cv2.imwrite(str(tmp_path / "table.png"), nine)
    with pytest.raises(NoSheet, match=r"table.png: more than 6 sheets in one photo; photo") as e:
        read_photo(tmp_path / "table.png")
    assert e.value.exit_code == EXIT_NO_SHEET


def _row_of_sheets(dpi: float, covered: int = 0) -> tuple[np.ndarray, list[int]]:
    """One player's tech, tracker and ship sheets in a row, seen square on, the tech
    sheet's last ``covered`` corner markers under thumbs; and where each sheet begins
    (its x in the photo)."""
    from pnp.render.frame import fiducials

    px = dpi / 25.4
    by_sheet = {s: marked_photo("stellar-drift", s, layout, "a4", 3)[1] for s, layout in SHEETS}
    images = [
        cv2.cvtColor(rasterize_pdf(pdf_bytes([by_sheet[s].page]), dpi)[0], cv2.COLOR_RGB2GRAY)
        for s in ("tech", "tracker", "ship")
    ]
    for fid in fiducials()[4 - covered :]:
        x, y, size = (np.array([fid.x, fid.y, fid.size]) * px).round().astype(int)
        cv2.rectangle(images[0], (x - 3, y - 3), (x + size + 3, y + size + 3), 170, -1)
    starts = list(np.cumsum([0] + [i.shape[1] + 30 for i in images[:-1]]) + 30)
    return np.hstack([cv2.copyMakeBorder(i, 40, 40, 30, 0, 0, value=90) for i in images]), starts


@pytest.mark.parametrize("covered", [2, 3])
def test_a_sheet_among_others_with_corners_covered_is_counted_unread(covered):
    """Three sheets in a row, corner markers of one covered: the other two are read, and
    the markers of the third, which make no page, are counted (the reader says so)."""
    from pnp.vision.pages import locate_pages

    pages, left = locate_pages(_row_of_sheets(100)[0])
    assert len(pages) == 3 and left == 0
    pages, left = locate_pages(_row_of_sheets(100, covered)[0])
    assert sorted(identify(p).sheet for p in pages) == ["ship", "tracker"]
    assert left == 4 - covered


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("share", [0.1, 0.5])
def test_a_sheet_cut_off_at_the_photos_edge_is_said_to_be_unread_on_either_side(
    tmp_path, side, share
):
    """A whole sheet with part of the next one in the frame (its two near corner markers
    showing), on either side: the whole sheet is read, with a warning that the other one
    is not. (The cut-off sheet on the left was refused, on the right passed over unsaid.)"""
    from pnp.read_report import report_text
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    row, (tech, tracker, ship) = _row_of_sheets(100)
    cut = row[:, : tracker + round(share * (ship - tracker))]  # tech whole, tracker cut
    if side == "left":
        cut = row[:, ship - 30 - round(share * (ship - tracker)) :]  # tracker cut, ship whole
    cv2.imwrite(str(tmp_path / "cut.png"), cut)
    (sheet,) = read_photo(tmp_path / "cut.png")
    assert sheet.code.sheet == ("ship" if side == "left" else "tech")
    (note,) = sheet.warnings
    assert note.startswith(f"{tmp_path / 'cut.png'}: 2 corner markers of another sheet")
    assert "that sheet was not read" in note
    (a,), _ = assemble([sheet], {}, "stellar-drift")
    assert a.warnings == [note] and note not in a.notes  # said, and no state the less
    assert f"warning: {note}" in report_text(a).splitlines()


def _photo_of_a_row(kind: str, seed: int, level: str, path: Path, scale: float = 1.0):
    """A game's pages (``pnp.bench.states`` kind) in a row photographed as one page, as
    ``pnp.bench multi`` makes it (then shrunk by ``scale``, as from a little farther off),
    written to ``path``; the photo as decoded, which must be at half size."""
    from pnp.bench.multi import row_of
    from pnp.bench.states import game_pages
    from pnp.synth.camera import photograph
    from pnp.synth.pen import build_page, fill
    from pnp.vision.photo_io import load_photo

    _, _, pages = game_pages(kind, seed)
    row = row_of([fill(build_page(sm), sm, seed).image for sm in pages])
    jpeg = photograph(row, level, seed).jpeg
    if scale != 1.0:
        shot = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
        shot = cv2.resize(shot, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        jpeg = cv2.imencode(".jpg", shot, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    path.write_bytes(jpeg)
    photo = load_photo(path)
    assert photo.scale == pytest.approx(0.5, abs=0.01)
    return photo


def test_a_small_sheet_whose_markers_a_reduced_decode_misses_is_read_at_full_size(tmp_path):
    """A Federation Solo game's three pages in one 6.2 MP photo (decoded at half size):
    there two corner markers of the middle page are too coarse to find, so its other two
    make no page; decoded again at full size, all three pages are read."""
    from pnp.vision.pages import locate_pages
    from pnp.vision.read import read_photo

    photo = _photo_of_a_row("fed-solo", 73, "easy", tmp_path / "solo.jpg")
    found, left = locate_pages(photo.gray)
    assert len(found) == 2 and left == 2  # as decoded, one page's markers make no page
    sheets = read_photo(tmp_path / "solo.jpg")
    assert sorted(s.code.layout for s in sheets) == ["player", "projects", "rounds"]
    assert not any(s.warnings for s in sheets)


def test_a_page_code_too_small_in_a_reduced_decode_is_read_at_full_size(tmp_path):
    """One player's three Stellar Drift sheets in an 8.2 MP photo at the hard level,
    decoded at half size: there one sheet's page code is too small to read (its modules
    1.07 px); decoded again at full size, all three sheets are identified and read."""
    from pnp.vision.pages import locate_pages
    from pnp.vision.read import read_photo

    photo = _photo_of_a_row("stellar-drift", 50, "hard", tmp_path / "row.jpg", scale=0.95)
    found, left = locate_pages(photo.gray)
    assert len(found) == 3 and left == 0
    unread = 0
    for page in found:
        try:
            identify(page)
        except PageNotFound as exc:
            assert "modules are only" in str(exc)
            unread += 1
    assert unread >= 1  # as decoded, a page code is too small
    sheets = read_photo(tmp_path / "row.jpg")
    assert sorted(s.code.sheet for s in sheets) == ["ship", "tech", "tracker"]


def test_a_sheet_too_coarse_in_a_reduced_decode_is_read_as_the_full_decode_reads_it(tmp_path):
    """One player's three sheets in a 6.5 MP photo (easy): decoded at half size each page
    has 1.48 px/mm, and its page code reads even so; the fields are read as the photo
    decoded whole shows them, not at that size."""
    from pnp.vision.pages import locate_pages
    from pnp.vision.photo_io import finer
    from pnp.vision.read import FINER_BELOW_PX_PER_MM, _read_sheets, read_photo
    from pnp.vision.rectify import page_resolution

    path = tmp_path / "row.jpg"
    photo = _photo_of_a_row("stellar-drift", 215, "easy", path)
    pages, _ = locate_pages(photo.gray)
    assert len(pages) == 3
    assert all(page_resolution(p) < FINER_BELOW_PX_PER_MM for p in pages)
    for page in pages:
        identify(page)  # readable as decoded: no page code sends it to be decoded finer

    def seen(sheets):
        return sorted(
            (s.code.sheet, tuple((r.id, r.state) for r in s.readings), len(s.doubtful))
            for s in sheets
        )

    whole = _read_sheets(path, finer(path, photo), 0.0)
    assert seen(read_photo(path)) == seen(whole)


MULTI = Path(__file__).parent / "fixtures" / "multi"


def test_a_photo_of_one_players_three_sheets_reads_the_players_state():
    """A committed photo (fixtures/multi): the three sheets small in a real photo."""
    import json

    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble
    from scoring.games import score_states

    sheets = read_photo(MULTI / "three-sheets-normal.jpg")
    assert sorted(s.code.sheet for s in sheets) == ["ship", "tech", "tracker"]
    (read,), _ = assemble(list(sheets))
    assert not read.doubtful
    truth = json.loads((MULTI / "three-sheets.state.json").read_text())
    scored = score_states([("photo", read.state), ("truth", truth)])
    assert scored.players[0].total == scored.players[1].total > 0
    assert {k: v for k, v in read.state.items() if k != "tech"} == {
        k: v for k, v in truth.items() if k != "tech"
    }


def test_two_sheets_at_a_slant_one_in_shadow_are_both_found():
    """A committed photo (fixtures/multi, `bench multi` ds-players seed 561 hard): the
    first Cosmos sheet's markers at 1.8 times what the quick search sees, the other's
    smaller and in a shadow, missed by it: the patient search finds the second."""
    from pnp.vision.pages import SMALL_MARKERS, _small_markers, locate_pages

    photo = cv2.imread(str(MULTI / "two-cosmos-shadow-hard.jpg"), cv2.IMREAD_GRAYSCALE)
    pages, left = locate_pages(photo)
    assert SMALL_MARKERS >= 1.8 and _small_markers(pages[0], photo)
    assert left == 0
    assert sorted((c.sheet, c.serial) for c in map(identify, pages)) == [
        ("cosmos", 1),
        ("cosmos", 2),
    ]


def test_a_corner_of_another_sheet_in_the_frame_warns_and_leaves_the_read_clear(tmp_path):
    """The committed photo of one player's three sheets with another sheet's top right
    corner (its marker) pasted into the table: the three are read as before, clear, and
    each carries a warning that a sheet in the photo was not read; `pnp read` exits 0."""
    from click.testing import CliRunner

    from pnp.cli import cli
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    page = marked_photo("stellar-drift", "tech", "tech", "a4", 3)[1].page
    other = cv2.cvtColor(rasterize_pdf(pdf_bytes([page]), 200)[0], cv2.COLOR_RGB2GRAY)
    corner = other[:480, -480:]  # its top right 60 x 60 mm, the marker in it
    photo = cv2.imread(str(MULTI / "three-sheets-normal.jpg"), cv2.IMREAD_GRAYSCALE)
    photo[40:520, 40:520] = corner  # on the table, clear of the three sheets
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), photo)
    sheets = read_photo(path)
    assert sorted(s.code.sheet for s in sheets) == ["ship", "tech", "tracker"]
    said = f"{path}: a corner marker of another sheet, too few or too far apart to make a page"
    assert all(len(s.warnings) == 1 and s.warnings[0].startswith(said) for s in sheets)
    (read,), _ = assemble(list(sheets))
    assert read.clear and read.warnings == list(sheets[0].warnings)
    result = CliRunner().invoke(cli, ["read", str(path), "--overlay", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert f"warning: {sheets[0].warnings[0]}" in result.stdout.splitlines()
    # ...and each overlay says it above its headline: a band taller than the photo's own
    plain_photo = str(MULTI / "three-sheets-normal.jpg")
    CliRunner().invoke(cli, ["read", plain_photo, "--overlay", str(tmp_path / "p")])
    for name in ("", "-page2", "-page3"):
        warned = cv2.imread(str(tmp_path / "o" / f"table{name}-overlay.png"))
        plain = cv2.imread(str(tmp_path / "p" / f"three-sheets-normal{name}-overlay.png"))
        assert warned.shape[1] == plain.shape[1] and warned.shape[0] > plain.shape[0]


SHEETS = (("ship", "rhox-hauler"), ("tracker", "tracker"), ("tech", "tech"))


def test_an_unreadable_page_code_says_what_to_do_about_it():
    from pnp.vision.identify import identify
    from pnp.vision.rectify import READ_PX_PER_MM, Rectified
    from pnp.vision.reference import COMMON_HEIGHT, COMMON_WIDTH

    blank = np.full(
        (round(COMMON_HEIGHT * READ_PX_PER_MM), round(COMMON_WIDTH * READ_PX_PER_MM)), 255, np.uint8
    )

    def page(photo_px_per_page_px: float) -> Rectified:
        k = 1 / photo_px_per_page_px  # photo pixels -> page pixels
        photo = np.full((400, 300), 255, np.uint8)  # no symbol anywhere
        return Rectified(blank, READ_PX_PER_MM, np.diag([k, k, 1.0]), 0.0, (0, 1, 2, 3), photo)

    # modules 0.8 mm * 6.25 px/mm = 5 page px: 1.25 photo px at a quarter of the scale
    with pytest.raises(PageNotFound, match=r"only 1\.2 px wide; take the photo closer"):
        identify(page(0.25))
    with pytest.raises(PageNotFound, match="covered, in glare or out of focus"):
        identify(page(1.0))


def test_a_page_that_does_not_lie_flat_is_found_and_to_be_pressed_flat(monkeypatch):
    from pnp.vision import rectify as rect
    from pnp.vision.photo_io import NoSheet
    from pnp.vision.read import read_photo

    real_fit = rect.fit_page
    misfit = rect.CURLED_REPROJECTION_MM + 0.3
    monkeypatch.setattr(rect, "fit_page", lambda found, px: (real_fit(found, px)[0], misfit))
    with pytest.raises(
        NoSheet,
        match=rf"a sheet was found but the page does not lie flat: .*{misfit:.1f} mm.*press",
    ):
        read_photo(FIXTURES[0])
    # just past the limit: not shown as at it (seed 884 #494: "3.0 mm (limit 3.0 mm)")
    misfit = rect.CURLED_REPROJECTION_MM + 0.04
    with pytest.raises(NoSheet, match=r"miss by up to 3\.04 mm after flattening, just past"):
        read_photo(FIXTURES[0])


def test_a_page_whose_corners_miss_is_read_where_its_print_lines_up(monkeypatch):
    from pnp.vision import rectify as rect
    from pnp.vision.local_align import misalignment_mm as real_off
    from pnp.vision.read import read_photo

    flat = read_photo(FIXTURES[0])
    real_fit = rect.fit_page
    misfit = rect.MAX_REPROJECTION_MM + 0.3  # past the plain limit: the print is measured
    monkeypatch.setattr(rect, "fit_page", lambda found, px: (real_fit(found, px)[0], misfit))
    measured = []

    def off(*args):
        measured.append(real_off(*args))
        return measured[-1]

    monkeypatch.setattr("pnp.vision.local_align.misalignment_mm", off)
    (sheet,) = read_photo(FIXTURES[0])
    assert measured and measured[0] < 0.2  # a flat photo's print lines up
    states = [{r.id: r.state for r in s.readings} for s in (sheet, flat[0])]
    assert states[0] == states[1] and sheet.reprojection_mm == misfit


def test_the_common_map_is_built_once_per_sheet_and_serial_and_moved_into_the_common_box():
    from pnp.pagecode import PageCode
    from pnp.paper import COMMON_WIDTH
    from pnp.vision.reference import blank_sheet

    code = PageCode.parse("PNP:SD:TRACKER:TRACKER:2:000007")
    other = PageCode.parse("PNP:SD:TRACKER:TRACKER:2:000008")
    first = common_map(code)
    assert common_map(PageCode.parse(code.text)) is first
    assert common_map(other) is not first and common_map(other).code.serial == 8
    printed = blank_sheet(code.game, code.sheet, code.layout, code.serial).map
    dx = (printed.width - COMMON_WIDTH) / 2
    f, g = first.fields[0], printed.fields[0]
    assert f.id == g.id and f.x == pytest.approx(g.x - dx) and f.w == g.w
