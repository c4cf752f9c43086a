"""The page code's QR symbol drawn by pnp.vision.qr_symbol agrees with OpenCV's encoder."""

import random

import numpy as np
import pytest

from pnp.render.frame import qr_modules
from pnp.vision.known_codes import (
    data_cells,
    format_cells,
    page_prefixes,
    read_mask,
    remainder_cells,
)
from pnp.vision.qr_symbol import codeword_bits, symbol


def _texts(per_prefix: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [p + f"{rng.randrange(10**6):06d}" for p in page_prefixes() for _ in range(per_prefix)]


def test_every_page_codes_symbol_is_the_encoders_but_for_its_remainder_bits():
    masks = set()
    for text in _texts(6, seed=3):
        printed = np.array(qr_modules.__wrapped__(text), bool)
        mask, errors = read_mask(printed)
        assert errors == 0
        masks.add(mask)
        ours = symbol(text, mask)
        assert ours is not None and ours.shape == printed.shape, text
        compared = ~remainder_cells(printed.shape[0])
        assert np.array_equal(ours[compared], printed[compared]), text
    # the encoder picks its mask by the text: most of the eight were compared
    assert len(masks) >= 6


@pytest.mark.parametrize("length", [20, 40, 60, 100, 150, 190])
def test_longer_texts_symbols_are_the_encoders_in_every_version_up_to_6(length):
    # versions 1, 2, 3, 4, 5 and 6 (two Reed-Solomon blocks)
    rng = random.Random(length)
    text = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-") for _ in range(length))
    printed = np.array(qr_modules.__wrapped__(text), bool)
    ours = symbol(text, read_mask(printed)[0])
    assert ours is not None and ours.shape == printed.shape
    compared = ~remainder_cells(printed.shape[0])
    assert np.array_equal(ours[compared], printed[compared])


def test_the_symbols_size_is_the_smallest_version_holding_the_text():
    # level L, alphanumeric: version 1 holds 25 characters, version 2 47
    assert symbol("A" * 25, 0).shape == (21, 21)
    assert symbol("A" * 26, 0).shape == (25, 25)
    assert symbol("A" * 47, 0).shape == (25, 25)
    assert symbol("A" * 48, 0).shape == (29, 29)


def test_a_mask_changes_only_the_data_modules_and_the_format_bits():
    text = "PNP:SD:TECH:TECH:2:004711"
    a, b = symbol(text, 0), symbol(text, 5)
    assert read_mask(a) == (0, 0) and read_mask(b) == (5, 0)
    modules = a.shape[0]
    format_ = np.zeros_like(a)
    for cells in format_cells(modules):
        format_[tuple(np.array(cells).T)] = True
    differ = a != b
    assert differ[data_cells(modules)].any()
    assert not differ[~(data_cells(modules) | format_)].any()


@pytest.mark.parametrize("text", ["pnp:sd:ship", "PNP;SD", "A" * 200])
def test_no_symbol_for_a_text_no_page_code_symbol_holds(text):
    assert symbol(text, 0) is None
    assert codeword_bits(text) is None
