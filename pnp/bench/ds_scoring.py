"""Time Distant Suns end-of-game scoring on one core (not a pytest test).

Run: python -m pnp.bench ds-scoring [--games 200] [--seconds 3] [--seed 1]

Plays ``--games`` seeded random legal games on the shipped cosmos (random
zones, random legal placements, Upgrades spent when the placement chooses
to), then scores them round-robin for about ``--seconds``:

* score: ``score(state, cosmos, shapes)`` on parsed states, checks included;
* parse+score: from JSON-like dicts, pydantic validation included;
* table: ``score_table`` on tables of 4 sheets, counted per sheet.

The target is at least 1,000 states scored per second.
"""

from __future__ import annotations

import argparse
import random
import time

from scoring.distant_suns.hexgrid import hex_id, neighbours
from scoring.distant_suns.layout import load_cosmos, load_shapes
from scoring.distant_suns.placement import Sheet, legal_placements
from scoring.distant_suns.score import score, score_table
from scoring.distant_suns.state import TILES, parse_state

COSMOS = load_cosmos()
SHAPES = load_shapes()


def random_game(rng: random.Random, zone_ids: list[str], pairing: dict[str, str]) -> dict:
    in_play = (*(SHAPES.zone(z) for z in zone_ids), SHAPES.black_hole)
    sheet = Sheet(COSMOS, in_play)
    shapes = []
    for rnd in (1, 2, 3):
        for t in range(1, 6):
            number = (rnd - 1) * 5 + t
            zone = rng.choice(in_play)
            options = legal_placements(sheet, zone, sheet.upgrades_available(number))
            if not options:
                continue
            p = rng.choice(options)
            sheet = sheet.place(p, number)
            shapes.append(
                {
                    "zone": zone.id,
                    "hexes": [hex_id(h) for h in p.hexes],
                    "round": rnd,
                    "turn": t,
                    "upgrades_used": p.upgrades_used,
                }
            )
    reached = {n for h in sheet.covered() for n in neighbours(h)} & COSMOS.of_type("frontier")
    return {
        "zones": zone_ids,
        "optimization": pairing,
        "shapes": shapes,
        "frontier": {hex_id(h): "high" for h in reached},
    }


def games(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        zone_ids = rng.sample([z.id for z in SHAPES.zones], 5)
        pairing = dict(zip(rng.sample([*zone_ids, "black-hole"], 5), TILES, strict=True))
        out.append(random_game(rng, zone_ids, pairing))
    return out


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
    rng = random.Random(seed)
    zone_ids = rng.sample([z.id for z in SHAPES.zones], 5)
    pairing = dict(zip(rng.sample([*zone_ids, "black-hole"], 5), TILES, strict=True))
    return [random_game(rng, zone_ids, pairing) for _ in range(4)]
