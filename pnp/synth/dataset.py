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
# What the pen can fill, slot by slot: a set cycles through the slots, and a slot with
# several sheets takes them in turn. (game, sheet, layout); layout None: the state
# decides (the ship a Stellar Drift state flies; the table of a Federation score pad).
# A Stellar Drift state covers three sheets; a Solo state the tracker's two pages.
SLOTS = (
    (("stellar-drift", "ship", None),),
    (("stellar-drift", "tracker", None),),
    (("stellar-drift", "tech", None),),
    (("distant-suns", "cosmos", None),),
    (
        ("federation", "scorepad", None),
        ("federation", "scorepad", "player"),
        ("federation", "solo", "rounds"),
        ("federation", "solo", "projects"),
    ),
)
SHEETS = tuple(sheet for slot in SLOTS for sheet in slot)
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
    layout: str | None = None  # None: the state's own (see SLOTS)

    @property
    def name(self) -> str:
        sheet = self.sheet if self.layout is None else f"{self.sheet}-{self.layout}"
        return f"{self.index:05d}-{self.game}-{sheet}-{self.level}"

    def to_json(self) -> dict[str, Any]:
        # no "layout" key when the state decides: older truth files read the same
        fields = {k: v for k, v in self.__dict__.items() if k != "layout" or v is not None}
        return fields | {"name": self.name}


def plan(n: int, seed: int) -> list[Sample]:
    """``n`` samples cycling through every slot and every level.

    Cycle ``c`` (one sample per slot) is at level ``c % 4``; a slot of several sheets
    takes sheet ``(c + c // 4) % len(slot)``, shifted each round of levels so that every
    sheet meets every level (all of them within 80 samples). Sample ``i`` depends only on
    ``seed`` and ``i``: a longer set starts with the shorter one.
    """
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        slot, cycle = SLOTS[i % len(SLOTS)], i // len(SLOTS)
        game, sheet, layout = slot[(cycle + cycle // len(LEVELS)) % len(slot)]
        level = LEVELS[cycle % len(LEVELS)]
        s1, s2, s3 = (int(x) for x in rng.integers(0, 2**31, 3))
        out.append(Sample(i, game, sheet, level, s1, s2, s3, layout))
    return out


# How the sets' sheets may be printed: in colour, with ``pnp kit --ink-saving``, or in
# colour by a black-and-white laser (``pen.printed_grey``)
PRINTS = ("colour", "ink-saving", "grey")


def make(
    sample: Sample, megapixels: float | None = None, printing: str = "colour"
) -> tuple[bytes, dict[str, Any]]:
    """The JPEG of one sample and its truth (state, per-field marks, camera truth), its
    sheet printed as ``printing`` (one of ``PRINTS``)."""
    from pnp.synth.camera import photograph
    from pnp.synth.marks import sheet_marks
    from pnp.synth.pen import build_page, fill
    from pnp.synth.real_photo import photograph_real
    from pnp.synth.states import random_state

    state = random_state(sample.game, sample.state_seed, state_layout(sample))
    pad_layout = sample.layout if sample.sheet == "scorepad" else None
    marks = next(
        m
        for m in sheet_marks(sample.game, state, pad_layout)
        if m.sheet == sample.sheet and sample.layout in (None, m.layout)
    )
    if printing not in PRINTS:
        raise ValueError(f"printing must be one of {', '.join(PRINTS)} (got {printing!r})")
    page = build_page(marks, ink_saving=printing == "ink-saving")
    filled = fill(page, marks, sample.pen_seed, FILL_DPI, grey=printing == "grey")
    if sample.level == "real":
        shot = photograph_real(filled.image, sample.camera_seed)
    else:
        shot = photograph(filled.image, sample.level, sample.camera_seed, megapixels=megapixels)
    truth = {
        "sample": {**sample.to_json(), "printing": printing},
        "state": state,
        "sheet": filled.truth,
        "style": filled.style.to_json(),
        "camera": {"quad": shot.quad.tolist(), "params": shot.params},
    }
    return shot.jpeg, truth


def state_layout(sample: Sample) -> str | None:
    """The ``random_state`` layout a sample's state is drawn with: a Solo state for the
    Solo tracker's pages, the pad's layout for a score pad, else the state's choice."""
    if sample.sheet == "solo":
        return "solo"
    return sample.layout


def write(
    samples: list[Sample], out: Path, megapixels: float | None = None, printing: str = "colour"
) -> Iterator[Path]:
    """Write each sample as NAME.jpg and NAME.json into ``out``; yields the JPEG paths."""
    from pnp.output import write_atomic

    out.mkdir(parents=True, exist_ok=True)
    for sample in samples:
        jpeg, truth = make(sample, megapixels, printing)
        photo = out / f"{sample.name}.jpg"
        write_atomic(photo, jpeg)
        write_atomic(photo.with_suffix(".json"), json.dumps(truth, indent=1, default=str).encode())
        yield photo


def decoded(path: Path) -> np.ndarray:
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not an image")
    return image
