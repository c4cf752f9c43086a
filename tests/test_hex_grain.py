"""A hex whose ink is no more than the page's grain is read uncovered, not asked."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.vision.read import read_photo
from pnp.vision.states import assemble

# a hard Cosmos page (``python -m pnp.bench photos --n 300 --seed 111``, #193) on grainy
# paper: two of its empty hexes hold blobs of noise that look like no symbol, asked
# "covered or not?" before session 38, with six more that, so few left unclear, the
# placement rules then settle (``settle_unclear``)
PAGE = Path(__file__).parent / "fixtures" / "cosmos" / "seed111-00193-distant-suns-cosmos-hard.jpg"
TRUTH = json.loads(PAGE.with_suffix(".json").read_text())["state"]


def test_hexes_of_grain_alone_are_read_uncovered_and_not_asked():
    (a,), _ = assemble(list(read_photo(PAGE)))
    covered = {h for s in TRUTH["shapes"] for h in s["hexes"]}
    grain = [r.split(":")[0] for r in a.remarks if "the grain of the page's empty hexes" in r]
    assert len(grain) >= 2
    asked = {d.field for d in a.doubtful}
    read = {h for s in a.state["shapes"] for h in s["hexes"]}
    for fid in grain:
        assert fid.removeprefix("hex-") not in covered  # the truth: no symbol there
        assert fid not in asked and fid.removeprefix("hex-") not in read
