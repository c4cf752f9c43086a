"""Time Distant Suns' legal_placements on a mid-game sheet (not a pytest test).

Run: python -m pnp.bench placements [--covered 40] [--seed 7] [--repeat 50]

A seeded random game is played on the shipped cosmos until about ``--covered``
hexes are covered; then, for every zone, with 2 Upgrades available:

* cold: the first call on a freshly loaded cosmos, with no cached orientations
  (it builds every in-grid placement of the zone once);
* warm: the median of ``--repeat`` further calls.

The target is under 20 ms per shape.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scoring.distant_suns import placement
from scoring.distant_suns.layout import load_cosmos, load_shapes
from scoring.distant_suns.placement import Sheet, legal_placements


def mid_game_sheet(covered: int, seed: int) -> Sheet:
    rng = random.Random(seed)
    shapes = load_shapes()
    sheet = Sheet(load_cosmos(), shapes.all_zones)
    turn = 1
    while len(sheet.covered()) < covered and turn < 60:
        options = legal_placements(sheet, rng.choice(shapes.all_zones))
        if options:
            sheet = sheet.place(rng.choice(options), turn)
        turn += 1
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pnp.bench placements", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--covered", type=int, default=40)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args(argv)

    played = mid_game_sheet(args.covered, args.seed)
    placement._forms.cache_clear()
    sheet = Sheet(load_cosmos(), played.zones, played.placed)  # a fresh cosmos: no cache
    print(f"sheet: {len(sheet.covered())} hexes covered by {len(sheet.placed)} shapes")
    print(f"{'zone':<12} {'hexes':>5} {'legal':>6} {'cold ms':>8} {'warm ms':>8}")
    worst = 0.0
    for zone in sheet.zones:
        start = time.perf_counter()
        found = legal_placements(sheet, zone, upgrades_available=2)
        cold = (time.perf_counter() - start) * 1000
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            legal_placements(sheet, zone, upgrades_available=2)
            runs.append((time.perf_counter() - start) * 1000)
        warm = statistics.median(runs)
        worst = max(worst, cold)
        print(f"{zone.id:<12} {zone.size:>5} {len(found):>6} {cold:>8.2f} {warm:>8.3f}")
    print(f"slowest cold call: {worst:.2f} ms (target < 20 ms per shape)")
    return 0
