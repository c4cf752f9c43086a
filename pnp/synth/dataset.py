"""Labelled photo sets: plausible states, filled by a seeded hand, photographed by a
seeded camera, each photo with its whole truth beside it.

Every photo is a pure function of (set seed, index): its game, sheet, level and all
seeds derive from them, so a set can be regenerated or extended exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

LEVELS = ("easy", "normal", "hard", "real")
# (game, sheet) pairs the pen can fill; a Stellar Drift state covers three sheets.
SHEETS = (
    ("stellar-drift", "ship"),
    ("stellar-drift", "tracker"),
    ("stellar-drift", "tech"),
    ("distant-suns", "cosmos"),
    ("federation", "scorepad"),
)
FILL_DPI = 200


@dataclass(frozen=True)
class Sample:
    index: int
    game: str
    sheet: str
    level: str
    state_seed: int
    pen_seed: int
    camera_seed: int

    @property
    def name(self) -> str:
        return f"{self.index:05d}-{self.game}-{self.sheet}-{self.level}"


def plan(n: int, seed: int) -> list[Sample]:
    """``n`` samples cycling through every sheet and every level."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        game, sheet = SHEETS[i % len(SHEETS)]
        level = LEVELS[(i // len(SHEETS)) % len(LEVELS)]
        s1, s2, s3 = (int(x) for x in rng.integers(0, 2**31, 3))
        out.append(Sample(i, game, sheet, level, s1, s2, s3))
    return out


def make(sample: Sample, megapixels: float | None = None) -> tuple[bytes, dict[str, Any]]:
    """The JPEG of one sample and its truth (state, per-field marks, camera truth)."""
    from pnp.synth.camera import photograph, photograph_real
    from pnp.synth.marks import sheet_marks
    from pnp.synth.pen import build_page, fill
    from pnp.synth.states import random_state

    state = random_state(sample.game, sample.state_seed)
    marks = next(m for m in sheet_marks(sample.game, state) if m.sheet == sample.sheet)
    filled = fill(build_page(marks), marks, sample.pen_seed, FILL_DPI)
    if sample.level == "real":
        shot = photograph_real(filled.image, sample.camera_seed)
    else:
        shot = photograph(filled.image, sample.level, sample.camera_seed, megapixels=megapixels)
    truth = {
        "sample": sample.__dict__ | {"name": sample.name},
        "state": state,
        "sheet": filled.truth,
        "style": filled.style.to_json(),
        "camera": {"quad": shot.quad.tolist(), "params": shot.params},
    }
    return shot.jpeg, truth


def write(samples: list[Sample], out: Path, megapixels: float | None = None) -> Iterator[Path]:
    """Write each sample as NAME.jpg and NAME.json into ``out``; yields the JPEG paths."""
    from pnp.output import write_atomic

    out.mkdir(parents=True, exist_ok=True)
    for sample in samples:
        jpeg, truth = make(sample, megapixels)
        photo = out / f"{sample.name}.jpg"
        write_atomic(photo, jpeg)
        write_atomic(photo.with_suffix(".json"), json.dumps(truth, indent=1, default=str).encode())
        yield photo


def decoded(path: Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not an image")
    return image
