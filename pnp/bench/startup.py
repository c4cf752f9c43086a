"""Time a ``pnp`` command as a user runs it: a fresh interpreter each time.

``python -m pnp.bench help [--repeat 10] [--args "read photos/"] [--cold]``: median and
best wall time. Each run keeps the blank sheets it renders for reading in a folder of
the bench's own (``PNP_CACHE_DIR``): the first run, not counted, fills it, as a user's
first ``pnp read`` fills theirs. With ``--cold`` every run starts with an empty one: the
first read after installing pnp, or after changing it.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

# pnp read and pnp score exit 3 when doubtful fields remain: the command still ran whole
RAN = (0, 3)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench help")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--args", default="--help", help="arguments to pnp (default: --help)")
    ap.add_argument("--cold", action="store_true", help="an empty blank cache for each run")
    args = ap.parse_args(argv)
    cmd = [sys.executable, "-m", "pnp", *shlex.split(args.args)]
    times = []
    with tempfile.TemporaryDirectory(prefix="pnp-bench-cache-") as cache:
        for i in range(args.repeat + 1):
            folder = os.path.join(cache, str(i) if args.cold else "kept")
            env = {**os.environ, "PNP_CACHE_DIR": folder}
            t0 = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, env=env)
            times.append(time.perf_counter() - t0)
            if done.returncode not in RAN:
                err = done.stderr.decode(errors="replace").strip().splitlines()
                print(f"pnp {args.args}: exit {done.returncode}: {err[-1] if err else ''}")
                return 1
    times = times[1:]  # the first run warms the file cache (and, not --cold, the blanks)
    how = ", empty blank cache each run" if args.cold else ""
    print(
        f"pnp {args.args}: median {statistics.median(times) * 1000:.0f} ms, "
        f"best {min(times) * 1000:.0f} ms over {args.repeat} runs{how}"
    )
    return 0
