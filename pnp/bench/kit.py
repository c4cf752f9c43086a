"""Time building a game's whole kit (one copy of every sheet) as PDF and SVG.

``python -m pnp.bench kit [--game stellar-drift] [--repeat 5]``: prints the time per
page and for the whole kit, sequential and on both cores (one process per sheet
kind), best of --repeat runs, warm (imports and layout loading excluded).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from pnp.kit import plan_kit
from pnp.output import render_bytes
from pnp.paper import find_paper
from pnp.sheets.base import Palette


def build_job(job, paper="a4") -> tuple[str, int, float]:
    t0 = time.perf_counter()
    pages = [
        p for s in job.serials for p in job.kind.build(job.layout, find_paper(paper), s, Palette())
    ]
    render_bytes(pages, "pdf")
    render_bytes(pages, "svg")
    return job.label, len(pages), time.perf_counter() - t0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench kit")
    ap.add_argument("--game", default="stellar-drift")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    jobs = plan_kit([args.game], 1, 1)
    for job in jobs:  # warm: imports, layout files, marker and QR tables
        build_job(job)
    best_seq, per_job = float("inf"), {}
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        results = [build_job(j) for j in jobs]
        best_seq = min(best_seq, time.perf_counter() - t0)
        for label, n, dt in results:
            per_job[label] = min(per_job.get(label, (n, dt))[1], dt), n
            per_job[label] = (n, per_job[label][0])
    pages = sum(n for n, _ in per_job.values())
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(build_job, jobs))  # warm the workers
        best_par = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            list(pool.map(build_job, jobs))
            best_par = min(best_par, time.perf_counter() - t0)
    print(f"{args.game} kit, one copy of every sheet, PDF + SVG, A4, best of {args.repeat}:")
    for label, (n, dt) in per_job.items():
        print(f"  {label:<40} {n} page(s)  {dt * 1000:7.1f} ms  ({dt * 1000 / n:.1f} ms/page)")
    print(
        f"  whole kit, 1 process : {pages} pages in {best_seq:.3f} s "
        f"({best_seq * 1000 / pages:.1f} ms/page)"
    )
    print(f"  whole kit, {args.workers} processes: {pages} pages in {best_par:.3f} s")
    return 0
