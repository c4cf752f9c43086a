"""Time Distant Suns end-of-game scoring on one core (not a pytest test).

Run: python -m pnp.bench ds-scoring [--games 200] [--seconds 3] [--seed 1]

Plays ``--games`` seeded solo games with the rules engine's random bot (random
Module assignments, random legal drawings, Upgrades spent when the drawing
chooses to), then scores them round-robin for about ``--seconds``:

* score: ``score(state, cosmos, shapes)`` on parsed states, checks included;
* parse+score: from JSON-like dicts, pydantic validation included;
* table: ``score_table`` on tables of 4 sheets, counted per sheet.

The target is at least 1,000 states scored per second.
"""

from __future__ import annotations

import argparse
import time

from scoring.distant_suns.engine.bots import play_game
from scoring.distant_suns.layout import load_cosmos, load_shapes
from scoring.distant_suns.score import score, score_table
from scoring.distant_suns.state import parse_state

COSMOS = load_cosmos()
SHAPES = load_shapes()


def games(n: int, seed: int) -> list[dict]:
    """``n`` solo games played by the rules engine's random bot, as state files hold them."""
    return [_sheets(1, f"{seed}:{i}")[0] for i in range(n)]


def _sheets(players: int, seed: str) -> list[dict]:
    return [s.model_dump(mode="json") for s in play_game(players, "random", seed).final_states()]


def rate(label: str, work, items: list, seconds: float, per_item: int = 1) -> float:
    done, i = 0, 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work(items[i % len(items)])
        i += 1
        done += per_item
    per_second = done / elapsed
    print(f"{label:<12} {done:>7} states in {elapsed:5.2f} s: {per_second:8.0f} states/s")
    return per_second


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pnp.bench ds-scoring", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    data = games(args.games, args.seed)
    states = [parse_state(d) for d in data]
    shapes_drawn = sum(len(s.shapes) for s in states) / len(states)
    print(f"{len(states)} random legal games, {shapes_drawn:.1f} shapes each")
    score(states[0], COSMOS, SHAPES)  # warm the per-cosmos caches
    best = rate("score", lambda s: score(s, COSMOS, SHAPES), states, args.seconds)
    rate("parse+score", lambda d: score(parse_state(d), COSMOS, SHAPES), data, args.seconds)
    # tables of 4 sheets on one board; the race decides the Frontiers
    tables = [
        [parse_state({**d, "frontier": {}}) for d in _one_board(args.seed + k)] for k in range(20)
    ]
    rate("table (x4)", lambda t: score_table(t, COSMOS, SHAPES), tables, args.seconds, 4)
    verdict = "meets" if best >= 1000 else "misses"
    print(f"score: {best:.0f} states/s on one core ({verdict} the 1,000/s target)")
    return 0


def _one_board(seed: int) -> list[dict]:
    """The four sheets of one 4-player game on one board."""
    return _sheets(4, f"{seed}:table")
