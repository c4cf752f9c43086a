"""A hex whose ink is no more than the page's grain, or scattered slivers beside the page's
symbols (at the raised step, or at the base step), is read uncovered, not asked."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pnp.vision.cosmos_symbols import (
    BASE_PIECE_OF_SYMBOL,
    PIECE_OF_INK,
    PIECE_OF_SYMBOL,
    PageInk,
    noise_only,
)
from pnp.vision.read import read_photo
from pnp.vision.states import assemble

# a hard Cosmos page (``python -m pnp.bench photos --n 300 --seed 111``, #193) on grainy
# paper: two of its empty hexes hold blobs of noise that look like no symbol, asked
# "covered or not?" before session 38, one more scattered slivers of noise bigger than its
# grain, asked before session 39; with them so few left unclear, the placement rules
# settle more (``settle_unclear``)
PAGE = Path(__file__).parent / "fixtures" / "cosmos" / "seed111-00193-distant-suns-cosmos-hard.jpg"
# a hard Cosmos page (``--seed 127``, #273) five of whose empty hexes hold noise that even
# the base step leaves in pieces, asked before session 39
BASE_PAGE = PAGE.with_name("seed127-00273-distant-suns-cosmos-hard.jpg")


@cache
def _read(page: Path):
    (a,), _ = assemble(list(read_photo(page)))
    return a


def _noise_remarks(phrase: str, page: Path = PAGE) -> list[str]:
    """The hexes read uncovered with a remark holding ``phrase``, each checked against the
    truth (no symbol there) and the state (not asked, in no shape)."""
    a = _read(page)
    truth = json.loads(page.with_suffix(".json").read_text())["state"]
    covered = {h for s in truth["shapes"] for h in s["hexes"]}
    found = [r.split(":")[0] for r in a.remarks if phrase in r]
    asked = {d.field for d in a.doubtful}
    read = {h for s in a.state["shapes"] for h in s["hexes"]}
    for fid in found:
        assert fid.removeprefix("hex-") not in covered
        assert fid not in asked and fid.removeprefix("hex-") not in read
    return found


def test_hexes_of_grain_alone_are_read_uncovered_and_not_asked():
    assert len(_noise_remarks("the grain of the page's empty hexes")) >= 2


def test_hexes_of_scattered_slivers_are_read_uncovered_and_not_asked():
    assert _noise_remarks("in scattered pieces")
    assert len(_noise_remarks("even at the base step", BASE_PAGE)) >= 3


def test_one_sliver_holding_most_of_a_hexs_ink_may_be_a_symbol():
    page = PageInk(symbol=10.0)  # mm2: the largest blob of the page's symbols
    sliver = PIECE_OF_SYMBOL * page.symbol
    assert noise_only(sliver, sliver / PIECE_OF_INK, None, page)  # one piece of several
    assert not noise_only(sliver, 0.9 * sliver / PIECE_OF_INK, None, page)  # it leads
    assert not noise_only(1.1 * sliver, 10 * sliver, None, page)  # more than a sliver
    assert not noise_only(sliver, 10 * sliver, None, PageInk())  # too few symbols to tell


def test_a_hex_whose_base_step_joins_a_symbols_strokes_may_be_a_symbol():
    page = PageInk(symbol=10.0, base_symbol=20.0)
    blob, area = 1.0, 1.5  # more than a sliver at the raised step, and leading
    piece = BASE_PIECE_OF_SYMBOL * page.base_symbol
    assert noise_only(blob, area, piece, page)
    assert not noise_only(blob, area, 1.1 * piece, page)
    assert not noise_only(blob, area, None, page)  # no base step read
