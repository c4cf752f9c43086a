"""The overlay's headline says why a sheet is not scored, whole, wrapped to the page."""

from __future__ import annotations

import cv2

from pnp.read_cli import _reasons
from pnp.vision.overlay import FONT, _wrapped

PROBLEM = (
    "a.jpg + b.jpg + c.jpg: invalid Stellar Drift state (Player 1, terran-starhopper):\n"
    "  - section_bonus: blue bonus box checked, but no blue section is completely repaired\n"
    "  - tracks.fuel: box 7 is checked but not box 6"
)


def test_the_reasons_not_the_sources_heading_them():
    assert _reasons(PROBLEM) == [
        "section_bonus: blue bonus box checked, but no blue section is completely repaired",
        "tracks.fuel: box 7 is checked but not box 6",
    ]
    assert _reasons("states.json: not valid JSON") == ["states.json: not valid JSON"]


def test_a_long_headline_is_wrapped_within_the_width_and_loses_no_word():
    text = "not scored: " + "; ".join(_reasons(PROBLEM))
    lines = _wrapped(text, 400, 0.6)
    assert len(lines) > 1
    assert " ".join(lines) == " ".join(text.split())
    assert all(cv2.getTextSize(ln, FONT, 0.6, 1)[0][0] <= 400 for ln in lines)
    assert _wrapped("Player 1: 50", 400, 0.6) == ["Player 1: 50"]
