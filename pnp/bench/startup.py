"""Time ``pnp --help`` as a user runs it: a fresh interpreter each time.

``python -m pnp.bench help [--repeat 10]``: median and best wall time.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench help")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--args", default="--help", help="arguments to pnp (default: --help)")
    args = ap.parse_args(argv)
    cmd = [sys.executable, "-m", "pnp", *args.args.split()]
    times = []
    for _ in range(args.repeat + 1):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    times = times[1:]  # the first run warms the file cache
    print(
        f"pnp {args.args}: median {statistics.median(times) * 1000:.0f} ms, "
        f"best {min(times) * 1000:.0f} ms over {args.repeat} runs"
    )
    return 0
