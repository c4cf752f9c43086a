"""Benchmark: synthetic phone photos made per second, per level, on one core.

Run: python -m pnp.bench photos [--repeat 3] [--dpi 200]
Photographs the Stellar Drift tracker sheet (rasterized at --dpi) at each level with the
frame forced to 12 MP and to 2 MP, and prints the median ms per photo over --repeat
seeds (JPEG bytes and decoded pixels included), then real mode if the shared photos are
there. Target: a 12 MP photo in under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

TARGET_MS = 1000.0


def tracker_page(dpi: float):
    from pnp.kit import plan_kit
    from pnp.output import render_bytes
    from pnp.paper import find_paper
    from pnp.render.png import rasterize_pdf
    from pnp.sheets.base import Palette

    job = next(j for j in plan_kit(["stellar-drift"], 1, 1) if "tracker" in j.label.lower())
    pages = job.kind.build(job.layout, find_paper("a4"), job.serials[0], Palette())
    return rasterize_pdf(render_bytes(pages[:1], "pdf")[0], dpi)[0]


def main(argv: list[str] | None = None) -> int:
    import cv2

    from pnp.synth.camera import photograph
    from pnp.synth.levels import LEVELS
    from pnp.synth.real_photo import photograph_real, real_photos

    ap = argparse.ArgumentParser(prog="python -m pnp.bench photos")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dpi", type=float, default=200)
    args = ap.parse_args(argv or [])
    cv2.setNumThreads(1)
    page = tracker_page(args.dpi)
    photograph(page, "easy", 0, megapixels=2)  # warm: imports, first allocations
    print(
        f"synthetic photos of a {page.shape[1]}x{page.shape[0]} page, one core, "
        f"median of {args.repeat} seeds:"
    )
    worst = 0.0
    for mp in (12, 2):
        for level in LEVELS:
            times = []
            for seed in range(args.repeat):
                t0 = time.perf_counter()
                photograph(page, level, seed, megapixels=mp)
                times.append((time.perf_counter() - t0) * 1000)
            ms = statistics.median(times)
            if mp == 12:
                worst = max(worst, ms)
            print(f"  {mp:>2} MP {level:<7} {ms:7.1f} ms/photo  ({1000 / ms:5.1f} photos/s)")
    try:
        names = list(real_photos())
    except FileNotFoundError as e:
        print(f"  real: skipped ({e})")
    else:
        times = []
        for seed, name in enumerate(names):
            t0 = time.perf_counter()
            photograph_real(page, seed, name)
            times.append((time.perf_counter() - t0) * 1000)
        print(
            f"  real (8 shared phone photos, 1-13 MP): median {statistics.median(times):.1f} ms, "
            f"max {max(times):.1f} ms"
        )
    verdict = "meets" if worst < TARGET_MS else "MISSES"
    print(f"  12 MP worst level {worst:.0f} ms: {verdict} the {TARGET_MS:.0f} ms target")
    return 0
