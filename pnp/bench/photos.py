"""Write a labelled photo set: ``python -m pnp.bench photos --n N --out DIR [--seed S]``.

N photos across every fillable sheet of every game and every level (easy, normal,
hard, real), each with its truth as JSON beside it. ``--megapixels`` caps synthetic
frames (the committed test set uses 2); ``--sheet`` keeps only one sheet's samples (the
same photos as the whole set holds, the others not written), ``--level`` only some
levels. ``--printing`` prints every sheet with ``pnp kit --ink-saving``, or in colour by
a black-and-white laser (``grey``): the same states, pens and cameras as the colour set.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from pnp.synth.dataset import LEVELS, PRINTS, plan, write


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench photos")
    ap.add_argument("--n", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--megapixels", type=float, default=None)
    ap.add_argument(
        "--sheet", default=None, help="keep only the samples of this sheet (e.g. cosmos)"
    )
    ap.add_argument(
        "--printing",
        choices=PRINTS,
        default="colour",
        help="how the sheets were printed (the states, pens and cameras stay the seed's)",
    )
    ap.add_argument(
        "--level", action="append", choices=LEVELS, help="keep only this level (repeatable)"
    )
    args = ap.parse_args(argv)
    samples = plan(args.n, args.seed)
    if args.level:
        samples = [s for s in samples if s.level in args.level]
    if args.sheet is not None:
        samples = [s for s in samples if s.sheet == args.sheet]
        if not samples:
            print(f"no {args.sheet!r} sheet among the {args.n} samples", file=sys.stderr)
            return 2
    t0 = time.perf_counter()
    for i, path in enumerate(write(samples, args.out, args.megapixels, args.printing), 1):
        print(f"\r{i}/{len(samples)} {path.name:<60}", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - t0
    print(
        f"\n{len(samples)} photos in {args.out} ({elapsed:.1f} s, "
        f"{elapsed / max(1, len(samples)):.2f} s each: state, pen, camera)",
        file=sys.stderr,
    )
    return 0
