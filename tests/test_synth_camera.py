"""Synthetic phone photos (pnp.synth.camera, levels, page_warp, real_photo): seeded, truthful
quads, levels in range, real mode."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.synth.camera import photograph
from pnp.synth.levels import LEVELS, draw_params
from pnp.synth.page_warp import page_corners
from pnp.synth.real_photo import REAL_DIR, photograph_real

PAGE_H, PAGE_W, BLOCK = 424, 300, 16
needs_real = pytest.mark.skipif(
    not (REAL_DIR / "quads.json").exists(),
    reason=f"real phone photos not found at {REAL_DIR} (shared/ must sit beside the clone)",
)


@pytest.fixture(scope="module")
def page() -> np.ndarray:
    """A small white page with a black square in each corner and a little grey print."""
    img = np.full((PAGE_H, PAGE_W, 3), 255, np.uint8)
    for y, x in [
        (0, 0),
        (0, PAGE_W - BLOCK),
        (PAGE_H - BLOCK, PAGE_W - BLOCK),
        (PAGE_H - BLOCK, 0),
    ]:
        img[y : y + BLOCK, x : x + BLOCK] = 0
    cv2.putText(img, "pnp", (90, 220), cv2.FONT_HERSHEY_SIMPLEX, 2, (90, 90, 90), 4)
    return img


def block_centres() -> np.ndarray:
    """Page-px centres of the corner squares, TL, TR, BR, BL."""
    c = (BLOCK - 1) / 2
    return np.array(
        [[c, c], [PAGE_W - 1 - c, c], [PAGE_W - 1 - c, PAGE_H - 1 - c], [c, PAGE_H - 1 - c]]
    )


def seen_centres(photo) -> np.ndarray:
    """Where the dark corner squares are in the photo: centroid of dark pixels inside the quad
    near each corner (the page's own white decides what is dark)."""
    grey = cv2.cvtColor(photo.image, cv2.COLOR_RGB2GRAY).astype(np.float32)
    inside = np.zeros(grey.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(photo.quad).astype(np.int32), 1)
    inside = cv2.erode(inside, np.ones((3, 3), np.uint8))
    h = photo.homography
    expected = cv2.perspectiveTransform(block_centres()[None], h)[0]
    size = np.linalg.norm(photo.quad[1] - photo.quad[0]) / PAGE_W * BLOCK
    out = []
    for ex, ey in expected:
        r = int(2 * size) + 4
        x0, y0 = max(0, int(ex) - r), max(0, int(ey) - r)
        win, m = (
            grey[y0 : int(ey) + r, x0 : int(ex) + r],
            inside[y0 : int(ey) + r, x0 : int(ex) + r],
        )
        white = np.percentile(win[m > 0], 90)
        dark = (win < 0.3 * white) & (m > 0)  # ink, not a shadow (<= 55 % deep)
        ys, xs = np.nonzero(dark)
        out.append([xs.mean() + x0, ys.mean() + y0])
    return np.array(out), expected


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_same_bytes(page, level):
    a = photograph(page, level, 11, megapixels=0.5)
    b = photograph(page, level, 11, megapixels=0.5)
    assert a.jpeg == b.jpeg
    assert a.params == b.params
    assert photograph(page, level, 12, megapixels=0.5).jpeg != a.jpeg


def test_jpeg_is_what_image_describes(page):
    photo = photograph(page, "normal", 3, megapixels=0.5)
    assert photo.jpeg[:2] == b"\xff\xd8"
    decoded = cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert np.array_equal(cv2.cvtColor(decoded, cv2.COLOR_BGR2RGB), photo.image)
    w, h = photo.params["size"]
    assert photo.image.shape == (h, w, 3)
    assert abs(w * h / 1e6 - 0.5) < 0.01


@pytest.mark.parametrize(("level", "tolerance"), [("easy", 2.0), ("normal", 2.0), ("hard", 3.0)])
def test_quad_is_where_the_page_is(page, level, tolerance):
    for seed in range(4):
        photo = photograph(page, level, seed, megapixels=1)
        corners = cv2.perspectiveTransform(page_corners(page.shape)[None], photo.homography)[0]
        assert np.allclose(corners, photo.quad, atol=1e-6)
        seen, expected = seen_centres(photo)
        err = np.linalg.norm(seen - expected, axis=1).max()
        assert err < tolerance, f"{level} seed {seed}: corner squares {err:.2f} px off"


@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_draw_within_their_ranges(level):
    lv = LEVELS[level]
    for seed in range(200):
        p = draw_params(level, np.random.default_rng(seed))
        assert lv.megapixels[0] <= p["megapixels"] <= lv.megapixels[1]
        assert lv.quality[0] <= p["quality"] <= lv.quality[1]
        assert lv.tilt[0] <= p["tilt"] <= lv.tilt[1]
        assert lv.fill[0] <= p["fill"] <= lv.fill[1]
        assert -180 <= p["rotation"] < 180


def test_photo_params_follow_the_level(page):
    for seed in range(3):
        p = photograph(page, "hard", seed, megapixels=0.3).params
        lv = LEVELS["hard"]
        assert lv.quality[0] <= p["quality"] <= lv.quality[1]
        assert p["tilt"] <= lv.tilt[1] and p["shadow"] in ("none", "soft", "hard")
        assert 0 < p["fill"] <= 1


def test_unknown_level_is_named(page):
    with pytest.raises(ValueError, match="'medium'"):
        photograph(page, "medium", 0)


@needs_real
def test_real_photo_same_seed_same_bytes(page):
    a = photograph_real(page, 5, "sample1_MobileCamera_sheet1.jpg")
    assert a.jpeg == photograph_real(page, 5, "sample1_MobileCamera_sheet1.jpg").jpeg
    assert 70 <= a.params["quality"] <= 92
    assert a.params["photo"] == "sample1_MobileCamera_sheet1.jpg"


@needs_real
@pytest.mark.parametrize("seed", [0, 1])
def test_real_photo_quad_is_where_the_page_is(page, seed):
    photo = photograph_real(page, seed, "sample3_colored-thick-sheet_rgb-100-gsm.jpg")
    seen, expected = seen_centres(photo)
    assert np.linalg.norm(seen - expected, axis=1).max() < 2.5
    assert photo.params["turn_degrees"] in (0, 180)  # portrait page into a portrait quad


@needs_real
def test_real_photo_unknown_name(page):
    with pytest.raises(ValueError, match="'nope.jpg'"):
        photograph_real(page, 0, "nope.jpg")
