"""The real-photo mode: a page put into one of the real phone photos of ``shared/photos/real``.

``photograph_real(page, seed)`` warps the page onto a real photo's paper quad
(``real_photos``, from ``quads.json``) and lights it by that paper's own light
(``paper_light``); the method is told in ``pnp.synth.camera``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.synth.camera import Photo, check_page, json_params
from pnp.synth.optics import add_noise, blur, encode, paper
from pnp.synth.page_warp import ROI_PAD, page_corners, paste_page, quad_roi

REAL_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "photos" / "real"


def real_photos() -> dict[str, np.ndarray]:
    """The real photos' paper quads (TL, TR, BR, BL as the paper lies), by file name."""
    path = REAL_DIR / "quads.json"
    if not path.exists():
        raise FileNotFoundError(
            f"real photos not found: {path} (shared/photos/real must sit beside the repository)"
        )
    quads = json.loads(path.read_text())
    return {name: np.array(q, np.float64) for name, q in sorted(quads.items())}


def paper_light(photo: np.ndarray, quad: np.ndarray, size: int = 256) -> np.ndarray:
    """The light on a real photo's paper, print removed, in a (size-ish) rectified page.

    Returns float32 BGR (h, w, 3) covering the quad TL..BL: closing (max then min) over a
    window larger than any print, then a blur; a 3 % border is replaced by its neighbours,
    since the quad's edge may catch the table.
    """
    top = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    side = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    cw, ch = (size, round(size * side / top)) if side >= top else (round(size * top / side), size)
    rect = page_corners((ch, cw)).astype(np.float32)
    to_photo = cv2.getPerspectiveTransform(rect, quad.astype(np.float32))
    # Average over the photo pixels each rectified pixel covers, so print does not alias.
    shrink = max(1.0, np.sqrt(cv2.contourArea(quad.astype(np.float32)) / (cw * ch)))
    soft = cv2.GaussianBlur(photo, (0, 0), 0.5 * shrink) if shrink > 2 else photo
    flat = cv2.warpPerspective(
        soft,
        to_photo,
        (cw, ch),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)
    m = max(2, round(0.03 * min(cw, ch)))
    inner = flat[m:-m, m:-m]
    k = round(0.12 * min(cw, ch)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    closed = cv2.morphologyEx(inner, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_REPLICATE)
    closed = cv2.GaussianBlur(closed, (0, 0), 0.04 * min(cw, ch))
    return cv2.copyMakeBorder(closed, m, m, m, m, cv2.BORDER_REPLICATE)


def photograph_real(page: np.ndarray, seed: int, photo_name: str | None = None) -> Photo:
    """RGB ``page`` put into a real phone photo (named, or drawn), lit by that photo's paper."""
    check_page(page)
    quads = real_photos()
    rng = np.random.default_rng(seed)
    names = list(quads)
    name = names[int(rng.integers(len(names)))] if photo_name is None else photo_name
    if name not in quads:
        raise ValueError(f"unknown real photo: {name!r}; expected one of {', '.join(names)}")
    photo = cv2.imread(str(REAL_DIR / name), cv2.IMREAD_COLOR)
    if photo is None:
        raise FileNotFoundError(f"cannot read real photo: {REAL_DIR / name}")
    quad_paper = quads[name]
    h, w = photo.shape[:2]
    # Long page edges onto the quad's long edges: 0/180 degrees if both are portrait.
    top = np.linalg.norm(quad_paper[1] - quad_paper[0]) + np.linalg.norm(
        quad_paper[2] - quad_paper[3]
    )
    side = np.linalg.norm(quad_paper[3] - quad_paper[0]) + np.linalg.norm(
        quad_paper[2] - quad_paper[1]
    )
    same = (page.shape[0] >= page.shape[1]) == (side >= top)
    turn = int(rng.choice([0, 2] if same else [1, 3]))
    quad = np.roll(quad_paper, -turn, axis=0)  # page corner i lands on paper corner i + turn
    hom = cv2.getPerspectiveTransform(
        page_corners(page.shape).astype(np.float32), quad.astype(np.float32)
    ).astype(np.float64)
    p: dict[str, Any] = {"mode": "real", "photo": name, "turn_degrees": 90 * turn}
    p["size"] = [w, h]
    p["quality"] = int(rng.integers(70, 93))
    p["defocus_px"] = float(rng.uniform(0.5, 1.0))
    p["noise"] = float(rng.uniform(1.0, 3.0))
    p["ink_black"] = float(rng.uniform(0.04, 0.10))

    light = paper_light(photo, quad_paper)
    lh, lw = light.shape[:2]
    to_photo = cv2.getPerspectiveTransform(
        page_corners((lh, lw)).astype(np.float32), quad_paper.astype(np.float32)
    )
    x0, y0, x1, y1 = quad_roi(quad, w, h, ROI_PAD)
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    light_roi = cv2.warpPerspective(
        light,
        shift @ to_photo,
        (x1 - x0, y1 - y0),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    p["paper_white"] = [round(float(v), 1) for v in np.percentile(light, 90, axis=(0, 1))]
    page_bgr = paper(cv2.cvtColor(page, cv2.COLOR_RGB2BGR), (1.0, 1.0, 1.0), p["ink_black"])
    out = photo.copy()
    paste_page(out, page_bgr, hom, quad, None, light_roi)
    # Soften and grain the page region only: the rest already is the real camera's.
    pad = 8
    rx0, ry0 = max(0, x0 - pad), max(0, y0 - pad)
    rx1, ry1 = min(w, x1 + pad), min(h, y1 + pad)
    region = blur(out[ry0:ry1, rx0:rx1].copy(), p["defocus_px"], 0.0, 0.0)
    region = add_noise(region, p["noise"], rng)
    mask = np.zeros((ry1 - ry0, rx1 - rx0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad - [rx0, ry0]).astype(np.int32), 255)
    mask = cv2.dilate(mask, np.ones((5, 5), np.uint8))
    np.copyto(out[ry0:ry1, rx0:rx1], region, where=mask[..., None] > 0)
    jpeg, rgb = encode(out, p["quality"])
    return Photo(rgb, jpeg, quad, hom, json_params(p))
