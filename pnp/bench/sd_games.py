"""Benchmark: full Stellar Drift solo games per second per bot, on one core.

Run: python -m pnp.bench sd-games [seconds-per-bot] [--seed N]
Plays seeded solo games (ships in turn, seeds N, N+1, ...) with each bot of
``scoring.stellar_drift.engine.bots`` through final scoring. Target: 200/s.
"""

from __future__ import annotations

import time

from scoring.stellar_drift.engine.bots import GreedyBot, RandomBot, play
from scoring.stellar_drift.layouts import ship_names

TARGET = 200
BOTS = {"random": RandomBot, "greedy": GreedyBot}


def rate(bot, seconds: float, seed: int = 0) -> tuple[int, float]:
    """(games played, games per second) for ``bot`` over about ``seconds``."""
    names = ship_names()
    play([names[0]], bot, seed)  # warm the layout caches
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play([names[n % len(names)]], bot, seed + n)
        n += 1
    return n, n / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    args = list(argv or [])
    seed = 0
    if "--seed" in args:
        k = args.index("--seed")
        seed = int(args[k + 1])
        del args[k : k + 2]
    seconds = float(args[0]) if args else 3.0
    ok = True
    for name, bot in BOTS.items():
        n, per_s = rate(bot, seconds, seed)
        verdict = "ok" if per_s >= TARGET else "BELOW TARGET"
        ok &= per_s >= TARGET
        print(f"{name:>7}: {n} solo games, {per_s:,.0f} games/s (target {TARGET}) {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
