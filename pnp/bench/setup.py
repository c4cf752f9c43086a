"""Time ``pnp setup stellar-drift --players 4`` as a user runs it: a fresh interpreter each time.

``python -m pnp.bench setup [--repeat 10] [--args "..."] [--budget 0.3]``: median and best
wall time; exit code 1 when the median is over the budget. Until ``setup`` is
registered in ``pnp.cli``, the same command runs through ``pnp.cli`` with it added.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

DEFAULT_ARGS = "stellar-drift --players 4"


def command(args: list[str]) -> list[str]:
    from pnp.cli import cli

    if "setup" in cli.commands:
        return [sys.executable, "-m", "pnp", "setup", *args]
    run = (
        "import sys; from pnp.cli import cli; from pnp.setup.cli import setup; "
        "cli.add_command(setup); cli(sys.argv[1:])"
    )
    return [sys.executable, "-c", run, "setup", *args]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench setup")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--args", default=DEFAULT_ARGS, help=f"arguments to pnp setup ({DEFAULT_ARGS})")
    ap.add_argument("--budget", type=float, default=0.3, help="seconds the median may take")
    args = ap.parse_args(argv)
    cmd = command(args.args.split())
    times = []
    for _ in range(args.repeat + 1):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    times = times[1:]  # the first run warms the file cache
    median = statistics.median(times)
    print(
        f"pnp setup {args.args}: median {median * 1000:.0f} ms, best {min(times) * 1000:.0f} ms "
        f"over {args.repeat} runs (budget {args.budget * 1000:.0f} ms)"
    )
    return 0 if median <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
