"""Round trip at fixed seeds: random state -> pen -> camera -> reader -> the same score, or flagged.

The issue's promise: a sheet whose score would be wrong is never read clear. Each
kind of game is played, filled by a seeded hand, photographed at a seeded level
(2 MP), read and assembled as ``pnp read`` does (``pnp.bench.states.read_game``).
A clear reading must score right; a flagged one must score right once its doubted
fields are answered, or stay open for a person (never clear and wrong). A photo the
reader refuses with its one-line reason (``unread``: at 2 MP a hard photo's page code
may be too small to read) is flagged too, never scored.
"""

from __future__ import annotations

import pytest

from pnp.bench.states import KINDS, read_game
from pnp.synth.real_photo import REAL_DIR

SEEDS = (2026, 2027, 2028, 2029)
LEVELS = ["easy", "normal", "hard", "real"]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", KINDS)
def test_a_photographed_game_scores_right_or_is_flagged(kind, seed, tmp_path):
    try:
        outcome = read_game(kind, seed, LEVELS, tmp_path, megapixels=2)
    except FileNotFoundError:
        if (REAL_DIR / "quads.json").exists():
            raise
        pytest.skip(f"a page drew the real-photo mode: no real photos at {REAL_DIR}")
    assert outcome not in ("silent", "review-wrong"), outcome
