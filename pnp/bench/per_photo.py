"""What the per-photo timing benches (``read-stages``, ``floor``) share: the photo set
taken from the command line, and the table of medians by megapixel bucket."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

BUCKETS = ("2MP", "12MP")


def photo_set(prog: str, argv: list[str] | None) -> list[Path] | None:
    """The photos of ``--set DIR`` (every ``--every``-th), with OpenCV on one thread and
    freed memory kept as ``pnp read`` keeps it; None (said on stderr) if there are none."""
    ap = argparse.ArgumentParser(prog=f"python -m pnp.bench {prog}")
    ap.add_argument("--set", type=Path, required=True, dest="folder")
    ap.add_argument("--every", type=int, default=1, help="time every Nth photo only")
    args = ap.parse_args(argv)

    import cv2

    from pnp.vision.memory import keep_freed_memory

    cv2.setNumThreads(1)
    keep_freed_memory()  # as `pnp read` does
    photos = sorted(args.folder.glob("*.jpg"))[:: max(1, args.every)]
    if not photos:
        print(f"no photos (*.jpg) in {args.folder}", file=sys.stderr)
        return None
    return photos


def median_table(
    times: dict[str, dict[str, list[float]]], rows: tuple[str, ...], head: str, total: str
) -> str:
    """The median ms of each of ``rows`` (then ``total``), a column per megapixel bucket
    with its photo count."""
    buckets = [b for b in BUCKETS if b in times]
    heads = (f"{b} ({len(times[b][total])})" for b in buckets)
    lines = [f"{head:<22}" + "".join(f"{h:>12}" for h in heads)]
    for row in (*rows, total):
        medians = (statistics.median(times[b][row]) for b in buckets)
        lines.append(f"{row:<22}" + "".join(f"{m:>12.1f}" for m in medians))
    return "\n".join(lines)
