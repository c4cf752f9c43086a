"""Light the synthetic camera does not make: a copy of a photo set, over-exposed, with a
lamp's glare on it, or put through a phone's image filters.

``python -m pnp.bench relight --from DIR --out DIR [--every N] (--gain G | --glare PEAK |
--filter NAME) [--seed S]`` writes every N-th photo of DIR (with its truth, ``NAME.json``)
into the new set, changed; ``python -m pnp.bench read --set OUT`` then reads it. What each
does to a photo (JPEG, quality 92, written again):

- ``--gain G``: every value multiplied by G and clipped at 255, as a phone exposing for a
  dark table makes the paper past white (``pnp.vision.washed``);
- ``--glare PEAK``: a Gaussian spot of added light, up to PEAK of 255, its centre in the
  middle 40% of the frame and its sigma 8-18% of each side (drawn from ``--seed``);
- ``--filter``: ``motion9`` / ``motion15`` (a horizontal blur of that many pixels, a
  shaken hand), ``sharpen`` (the photo plus its difference from a blur of sigma 3),
  ``denoise`` (a bilateral filter of 9 px).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import numpy as np

GLARE_CENTRE = (0.3, 0.7)  # of the frame's sides
GLARE_SIGMA = (0.08, 0.18)
JPEG_QUALITY = 92


def _motion(image: np.ndarray, length: int) -> np.ndarray:
    import cv2

    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1 / length
    return cv2.filter2D(image, -1, kernel)


def _sharpen(image: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.addWeighted(image, 2.0, cv2.GaussianBlur(image, (0, 0), 3), -1.0, 0)


def _denoise(image: np.ndarray) -> np.ndarray:
    import cv2

    return cv2.bilateralFilter(image, 9, 40, 5)


FILTERS = {
    "motion9": lambda im: _motion(im, 9),
    "motion15": lambda im: _motion(im, 15),
    "sharpen": _sharpen,
    "denoise": _denoise,
}


def over_exposed(image: np.ndarray, gain: float) -> np.ndarray:
    import cv2

    return cv2.convertScaleAbs(image, alpha=gain)


def glared(image: np.ndarray, peak: float, rng: np.random.Generator) -> np.ndarray:
    h, w = image.shape[:2]
    cy, cx = rng.uniform(*GLARE_CENTRE) * h, rng.uniform(*GLARE_CENTRE) * w
    sy, sx = rng.uniform(*GLARE_SIGMA) * h, rng.uniform(*GLARE_SIGMA) * w
    y, x = np.ogrid[:h, :w]
    spot = np.exp(-(((y - cy) / sy) ** 2 + ((x - cx) / sx) ** 2) / 2).astype(np.float32)
    lit = image.astype(np.float32) + peak * (spot[..., None] if image.ndim == 3 else spot)
    return np.clip(lit, 0, 255).astype(np.uint8)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench relight")
    ap.add_argument("--from", type=Path, required=True, dest="source")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--every", type=int, default=1, help="every Nth photo only")
    how = ap.add_mutually_exclusive_group(required=True)
    how.add_argument("--gain", type=float, help="multiply every value (over-exposure)")
    how.add_argument("--glare", type=float, help="add a spot of light up to this (of 255)")
    how.add_argument("--filter", choices=sorted(FILTERS))
    ap.add_argument("--seed", type=int, default=5, help="where the glare falls")
    args = ap.parse_args(argv)
    if args.gain is not None and args.gain <= 0:
        ap.error("--gain must be above 0")
    photos = sorted(args.source.glob("*.jpg"))[:: max(1, args.every)]
    photos = [p for p in photos if p.with_suffix(".json").exists()]
    if not photos:
        print(f"no photos with their truth (*.jpg, *.json) in {args.source}", file=sys.stderr)
        return 1
    if args.out.resolve() == args.source.resolve():
        ap.error("--out must be another folder than --from")

    import cv2

    rng = np.random.default_rng(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for p in photos:
        image = cv2.imread(str(p))
        if image is None:
            print(f"{p}: not an image", file=sys.stderr)
            return 1
        if args.gain is not None:
            image = over_exposed(image, args.gain)
        elif args.glare is not None:
            image = glared(image, args.glare, rng)
        else:
            image = FILTERS[args.filter](image)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if not ok:
            print(f"{p}: JPEG encoding failed", file=sys.stderr)
            return 1
        (args.out / p.name).write_bytes(jpeg.tobytes())
        shutil.copy(p.with_suffix(".json"), args.out / p.with_suffix(".json").name)
    what = json.dumps({k: v for k, v in vars(args).items() if k in ("gain", "glare", "filter")})
    print(f"{len(photos)} photos of {args.source} into {args.out}, {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
