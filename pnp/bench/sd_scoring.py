"""Benchmark: Stellar Drift states checked and scored per second, on one core.

Run: python -m pnp.bench sd-scoring [seconds]
Scores every shipped example plus random valid-looking states (fixed seed),
each through ``score`` (which runs ``check`` first). Target: 5,000 states/s.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from scoring.stellar_drift.layouts import load_ship, load_tech, load_tracker, ship_names
from scoring.stellar_drift.score import score
from scoring.stellar_drift.state import StellarDriftState, load_state

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "stellar-drift"
TARGET = 5_000


def states(rng: random.Random, n: int) -> list[tuple[StellarDriftState, tuple]]:
    tracker, tech = load_tracker(), load_tech()
    out = []
    for name in ship_names():
        path = EXAMPLES / f"{name}.json"
        if path.exists():
            out.append((load_state(path), (load_ship(name), tracker, tech)))
    names = ship_names()
    while len(out) < n:
        name = rng.choice(names)
        ship = load_ship(name)
        spaces = [s.at for s in ship.spaces]
        s = StellarDriftState(
            ship=name,
            repaired=rng.sample(spaces, rng.randint(0, len(spaces))),
            tracks={t.id: rng.randint(0, len(t.boxes)) for t in tracker.ship_tracks},
            tech={t.colour: rng.randint(0, len(t.boxes)) for t in tech.tech_tracks},
            leftover={"energy": rng.randint(0, 12), "cubes": rng.randint(0, 12)},
        )
        out.append((s, (ship, tracker, tech)))
    return out


def main(argv: list[str] | None = None) -> int:
    seconds = float(argv[0]) if argv else 3.0
    rate(seconds)
    return 0


def rate(seconds: float = 3.0) -> float:
    work = states(random.Random(1), 200)
    for s, layouts in work:  # warm the per-ship caches
        score(s, *layouts)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s, layouts in work:
            score(s, *layouts)
        done += len(work)
    per_s = done / (time.perf_counter() - start)
    verdict = "ok" if per_s >= TARGET else f"below the {TARGET:,}/s target"
    print(f"{per_s:,.0f} states scored per second ({done:,} in {seconds:g} s, one core): {verdict}")
    return per_s
