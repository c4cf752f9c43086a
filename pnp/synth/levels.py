"""The difficulty levels of the synthetic photos and their random draws.

``LEVELS`` holds, per level, the uniform range of every random parameter (``Level``);
``draw_params(level, rng)`` draws them all from ``rng`` in a fixed order. At every level
the page keeps at least ``MIN_PAGE_MP`` megapixels of the photo
(``pnp.synth.camera.photograph`` sees to it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

MIN_PAGE_MP = 0.3  # the page's own pixels, whatever the fill and the megapixels


@dataclass(frozen=True)
class Level:
    """Uniform ranges (lo, hi) of every random parameter of one difficulty level."""

    tilt: tuple[float, float]  # degrees between the camera axis and the page normal
    rotation: float  # in-plane: +-this many degrees about upright (180 = any angle)
    upside_down: float  # chance of turning the page a further 180 degrees
    fill: tuple[float, float]  # page area / frame area
    megapixels: tuple[float, float]
    quality: tuple[int, int]  # JPEG, inclusive
    exposure: tuple[float, float]  # paper white / 255
    cast: tuple[float, float]  # white-balance shift strength
    gradient: tuple[float, float]  # light falloff across the frame
    vignette: tuple[float, float]
    shadow: tuple[float, float, float]  # chance of none, soft, hard
    shadow_depth: tuple[float, float]  # fraction of the light the shadow takes
    defocus_mm: tuple[float, float]  # Gaussian sigma, in page millimetres
    motion_mm: tuple[float, float]  # motion blur length, in page millimetres
    noise: tuple[float, float]  # luminance sigma, 8-bit levels
    curl: tuple[float, float]  # bow of one edge, fraction of the page's short side
    clutter: tuple[int, int]  # objects on the table, inclusive
    surfaces: tuple[str, ...]


LEVELS: dict[str, Level] = {
    "easy": Level(
        tilt=(0, 12), rotation=8, upside_down=0.0, fill=(0.40, 0.85), megapixels=(6, 13),
        quality=(85, 95), exposure=(0.85, 1.0), cast=(0.0, 0.05), gradient=(0.0, 0.15),
        vignette=(0.0, 0.15), shadow=(0.7, 0.3, 0.0), shadow_depth=(0.1, 0.25),
        defocus_mm=(0.0, 0.08), motion_mm=(0.0, 0.05), noise=(1.0, 3.0), curl=(0.0, 0.005),
        clutter=(1, 3), surfaces=("wood", "cloth"),
    ),
    "normal": Level(
        tilt=(0, 25), rotation=30, upside_down=0.3, fill=(0.25, 0.90), megapixels=(3, 13),
        quality=(70, 92), exposure=(0.75, 1.0), cast=(0.0, 0.12), gradient=(0.0, 0.3),
        vignette=(0.0, 0.25), shadow=(0.4, 0.4, 0.2), shadow_depth=(0.15, 0.4),
        defocus_mm=(0.03, 0.15), motion_mm=(0.0, 0.15), noise=(2.0, 5.0), curl=(0.0, 0.012),
        clutter=(2, 5), surfaces=("wood", "cloth", "laminate"),
    ),
    "hard": Level(
        tilt=(10, 35), rotation=180, upside_down=0.0, fill=(0.15, 0.95), megapixels=(2, 13),
        quality=(50, 70), exposure=(0.6, 1.05), cast=(0.05, 0.2), gradient=(0.1, 0.5),
        vignette=(0.1, 0.35), shadow=(0.1, 0.4, 0.5), shadow_depth=(0.25, 0.55),
        defocus_mm=(0.08, 0.25), motion_mm=(0.0, 0.3), noise=(4.0, 9.0), curl=(0.005, 0.02),
        clutter=(3, 7), surfaces=("wood", "cloth", "laminate"),
    ),
}  # fmt: skip


def find_level(name: str) -> Level:
    if name not in LEVELS:
        raise ValueError(f"unknown level: {name!r}; expected one of {', '.join(LEVELS)}")
    return LEVELS[name]


def draw_params(level: str, rng: np.random.Generator) -> dict[str, Any]:
    """Every scalar random parameter of ``level``, drawn from ``rng`` in a fixed order."""
    lv = find_level(level)

    def u(r):
        return float(rng.uniform(*r))

    p: dict[str, Any] = {"level": level}
    p["tilt"] = u(lv.tilt)
    p["tilt_axis"] = float(rng.uniform(0, 180))
    rot = float(rng.uniform(-lv.rotation, lv.rotation))
    if rng.uniform() < lv.upside_down:
        rot += 180
    p["rotation"] = (rot + 180) % 360 - 180
    p["fill"] = u(lv.fill)
    p["megapixels"] = u(lv.megapixels)
    p["quality"] = int(rng.integers(lv.quality[0], lv.quality[1] + 1))
    p["portrait"] = bool(rng.uniform() < 0.65)
    p["focal"] = float(rng.uniform(0.70, 0.85))  # focal length / long side of the frame
    p["exposure"] = u(lv.exposure)
    strength = u(lv.cast)
    p["cast_strength"] = strength
    p["cast_temperature"] = float(rng.uniform(-1, 1))
    p["cast_tint"] = float(rng.uniform(-0.5, 0.5))
    p["gradient"] = u(lv.gradient)
    p["gradient_angle"] = float(rng.uniform(0, 2 * np.pi))
    p["vignette"] = u(lv.vignette)
    p["shadow"] = str(rng.choice(["none", "soft", "hard"], p=lv.shadow))
    p["shadow_depth"] = u(lv.shadow_depth)
    p["shadow_softness"] = (
        float(rng.uniform(0.04, 0.12)) if p["shadow"] == "soft" else float(rng.uniform(0.0, 0.01))
    )
    p["defocus_mm"] = u(lv.defocus_mm)
    p["motion_mm"] = u(lv.motion_mm)
    p["motion_angle"] = float(rng.uniform(0, 180))
    p["noise"] = u(lv.noise)
    p["curl"] = u(lv.curl)
    p["curl_edge"] = ["top", "right", "bottom", "left"][int(rng.integers(4))]
    p["curl_reach"] = float(rng.uniform(0.08, 0.25))  # fraction of the page the bow reaches
    p["paper_tint"] = [float(v) for v in rng.uniform(0.94, 1.0, 3)]
    p["ink_black"] = float(rng.uniform(0.04, 0.12))
    p["clutter"] = int(rng.integers(lv.clutter[0], lv.clutter[1] + 1))
    return p
