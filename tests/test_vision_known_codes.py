"""A page code too blurred to decode is read as the nearest code a pnp page can carry."""

import cv2
import numpy as np
import pytest

from pnp.games import GAMES
from pnp.paper import find_paper
from pnp.render.frame import qr_modules
from pnp.render.pdf import pdf_bytes
from pnp.render.png import rasterize_pdf
from pnp.sheets.base import Palette
from pnp.vision import identify as identify_module
from pnp.vision.known_codes import _prefix, data_cells, nearest_code, page_prefixes, read_mask
from pnp.vision.rectify import rectify


def _symbol(text: str) -> np.ndarray:
    return np.array(qr_modules(text), bool)


def _flipped(symbol: np.ndarray, share: float, seed: int) -> np.ndarray:
    """``symbol`` with ``share`` of its data modules read the wrong way."""
    rng = np.random.default_rng(seed)
    return symbol ^ ((rng.random(symbol.shape) < share) & data_cells(len(symbol)))


def test_the_format_bits_name_the_mask_the_encoder_chose():
    for serial in ("000001", "483920", "999999"):
        mask, errors = read_mask(_symbol("PNP:SD:SHIP:RHOX-HAULER:1:" + serial))
        assert errors == 0 and 0 <= mask < 8


def test_a_serials_symbol_is_serial_zeros_changed_by_each_of_its_fields():
    from pnp.vision.known_codes import _unmasked_symbol

    for prefix in ("PNP:SD:SHIP:AARAKA-GLIDER:1:", "PNP:SD:TECH:TECH:2:"):  # pairs even, odd
        p = _prefix(prefix)
        for serial in ("483920", "070707", "999999"):
            predicted, at = p.zero.copy(), 0
            for digits, changes in p.fields:
                part = serial[at : at + len(digits[0])]
                predicted ^= changes[digits.index(part)]
                at += len(part)
            assert np.array_equal(predicted, _unmasked_symbol(prefix + serial)), prefix + serial


@pytest.mark.parametrize("text", ["PNP:SD:TECH:TECH:2:483920", "PNP:FD:SOLO:ROUNDS:1:105577"])
def test_a_symbol_with_a_few_modules_read_wrong_is_its_own_code(text):
    symbol = _symbol(text)
    seen = _flipped(symbol, 0.05, 1)
    assert (seen != symbol).sum() >= 10  # past what the level L error correction mends
    nearest = nearest_code(seen)
    assert nearest is not None and nearest.code.text == text
    assert nearest.margin >= 12


def _format_flipped(symbol: np.ndarray, count: int) -> np.ndarray:
    """``symbol`` with ``count`` of its format bits read the wrong way, taken in turn from
    its two copies (different bits of each)."""
    from pnp.vision.known_codes import format_cells

    out = symbol.copy()
    first, second = format_cells(len(symbol))
    turns = [cell for pair in zip(first[::2], second[1::2], strict=False) for cell in pair]
    for r, c in turns[:count]:
        out[r, c] = not out[r, c]
    return out


def test_format_bits_read_wrong_up_to_what_their_two_copies_mend_still_name_the_mask():
    text = "PNP:SD:TECH:TECH:2:483920"
    symbol = _flipped(_symbol(text), 0.03, 4)
    for count in (4, 6):
        nearest = nearest_code(_format_flipped(symbol, count))
        assert nearest is not None and nearest.code.text == text, count
    # ...but not past them: another word may then be as near
    assert nearest_code(_format_flipped(symbol, 7)) is None


def test_a_code_no_page_carries_is_not_taken_for_its_nearest():
    # one letter of a layout name changed: a code of no sheet
    assert nearest_code(_symbol("PNP:SD:SHIP:AARAKA-GLIDEX:1:483920")) is None
    assert nearest_code(_flipped(_symbol("PNP:SD:TECH:TECH:2:483920"), 0.3, 2)) is None


def test_a_page_of_an_older_layout_version_is_read_as_that_version():
    assert "PNP:SD:TECH:TECH:1:" in page_prefixes()
    nearest = nearest_code(_flipped(_symbol("PNP:SD:TECH:TECH:1:000042"), 0.03, 3))
    assert nearest is not None and nearest.code.version == 1


def test_a_small_blurred_page_code_no_decoder_reads_is_identified():
    page_kind = GAMES["stellar-drift"].sheet("tech")
    rp = page_kind.build("tech", find_paper("a4"), 483920, Palette())[0]
    img = cv2.cvtColor(rasterize_pdf(pdf_bytes([rp.page]), 150)[0], cv2.COLOR_RGB2GRAY)
    # about 2.4 px per mm: the QR modules 1.9 px wide, blurred and JPEG'd as a phone would
    small = cv2.GaussianBlur(
        cv2.resize(img, None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA), (0, 0), 1.0
    )
    noisy = small.astype(np.float32) + np.random.default_rng(1).normal(0, 3, small.shape)
    jpeg = cv2.imencode(".jpg", noisy.clip(0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 75])
    photo = cv2.copyMakeBorder(
        cv2.imdecode(jpeg[1], 0), 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=90
    )
    page = rectify(photo)
    assert identify_module.sampled_qr(page) is None
    code = identify_module.identify(page)
    assert code.text == "PNP:SD:TECH:TECH:2:483920"
    assert 0 < code.matched <= 0.1  # and says it was matched, not decoded


def test_a_matched_code_is_the_same_code_and_says_so_in_the_reading():
    from dataclasses import replace

    from pnp.pagecode import PageCode

    code = PageCode.parse("PNP:SD:TECH:TECH:2:483920")
    matched = replace(code, matched=0.04)
    assert matched == code and hash(matched) == hash(code) and code.matched is None


def test_the_prefixes_are_those_of_the_sheets_as_built():
    # page_prefixes takes each layout's code from its sheet map kept on disk; the
    # sheets built afresh carry the same codes
    from dataclasses import replace

    from pnp.pagecode import SERIAL_DIGITS
    from pnp.vision.reference import blank_sheet

    built = []
    for game in GAMES.values():
        for kind in game.sheets.values():
            if kind.writable:
                for layout in kind.layout_names():
                    code = blank_sheet(game.name, kind.name, layout, 7).map.code
                    for version in range(1, code.version + 1):
                        built.append(replace(code, version=version).text[:-SERIAL_DIGITS])
    assert page_prefixes() == tuple(built)
