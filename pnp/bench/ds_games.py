"""Time whole Distant Suns games played by the engine's bots on one core (not a pytest test).

Run: python -m pnp.bench ds-games [--bot random] [--players 1] [--seconds 3] [--seed 1]

Plays seeded games (game i: seed ``f"{seed}:{i}"``, its own board) for about
``--seconds`` and reports games per second, twice:

* play: the Assignment and Drawing of every turn, 3 rounds, bots included;
* play + score: the same, then ``score_table`` on the final sheets (checks
  included), the full game a player would see.

The target is 500 solo games per second (issue 9).
"""

from __future__ import annotations

import argparse
import time

from scoring.distant_suns.engine.bots import BOTS, play_game


def rate(bot: str, players: int, seconds: float, seed: str, scored: bool) -> tuple[float, int]:
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or done == 0:
        final = play_game(players, bot, f"{seed}:{done}")
        if scored:
            final.standings()
        done += 1
    return done / elapsed, done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pnp.bench ds-games", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--bot", choices=sorted(BOTS), default="random")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)

    rate(args.bot, args.players, 0.3, "warm-up", True)  # zone tables, caches
    print(f"{args.bot} bot, {args.players} player(s), seed {args.seed}, one core")
    for label, scored in (("play", False), ("play + score", True)):
        per_second, games = rate(args.bot, args.players, args.seconds, args.seed, scored)
        print(f"{label:<13} {per_second:8.1f} games/s ({games} games)")
    if args.players == 1:
        print("target: 500 solo games/s")
    return 0
