"""Unclear Cosmos hexes read part by part come out as every reading of them all tried."""

from __future__ import annotations

import random
from itertools import product

import pytest

from pnp.vision.unclear_parts import _sums, _zone_runs, part_readings
from scoring.distant_suns.hexgrid import neighbours

SIZES = {"a": 2, "b": 3}  # the zones' sizes: a run of n hexes is one shape less 0-2


def run_spends(zone: str, run: frozenset) -> frozenset[int]:
    """A run of n hexes covers as k shapes, each less up to 2 hexes (an Upgrade spent
    each): enough to make the spending depend on the readings."""
    size, n = SIZES[zone], len(run)
    return frozenset(k * size - n for k in range(1, n + 1) if 0 <= k * size - n <= 2 * k)


def spends_of(zone_of: dict) -> frozenset[int]:
    """What the shapes of the covered hexes ``zone_of`` may spend in all."""
    spends = frozenset({0})
    for z, run in _zone_runs(zone_of):
        spends = _sums(spends, run_spends(z, run))
    return spends


def brute_force(cells, options, base, used):
    """Per cell, the values of every reading of them all whose shapes can spend ``used``."""
    values = {h: set() for h in cells}
    for combo in product(*options):
        spends = spends_of(base | {h: z for h, z in zip(cells, combo, strict=True) if z})
        if any(used[0] <= t <= used[1] for t in spends):
            for h, z in zip(cells, combo, strict=True):
                values[h].add(z)
    return values if all(values.values()) else None


def a_page(rng: random.Random):
    """Some hexes read surely in a small grid, and some unclear beside them."""
    grid = [(q, r) for q in range(6) for r in range(5)]
    base = {h: rng.choice("ab") for h in rng.sample(grid, rng.randint(3, 12))}
    free = [h for h in grid if h not in base]
    cells = rng.sample(free, min(len(free), rng.randint(1, 6)))
    # ...some of them side by side, away from the sure ones
    for h in list(cells):
        beside = [n for n in neighbours(h) if n in free and n not in cells]
        if beside and rng.random() < 0.5:
            cells.append(rng.choice(beside))
    options = [
        [None, *sorted({base[n] for n in neighbours(h) if n in base} | set(rng.sample("ab", 1)))]
        for h in cells
    ]
    # the Upgrade boxes as one reading of them might have them checked (or not)
    combo = {h: rng.choice(o) for h, o in zip(cells, options, strict=True)}
    spends = sorted(spends_of(base | {h: z for h, z in combo.items() if z})) or [0]
    t = rng.choice(spends) + rng.choice([0, 0, 1])
    return cells, options, base, (max(0, t - rng.randint(0, 1)), t)


@pytest.mark.parametrize("seed", range(60))
def test_part_by_part_is_every_reading_of_them_all(seed):
    cells, options, base, used = a_page(random.Random(seed))
    found = part_readings(cells, options, base, run_spends, used, 10_000)
    expected = brute_force(cells, options, base, used)
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert {h: set(v) for h, v in found.values.items()} == expected
    # the one reading of the whole page it gives is one that stands
    spends = spends_of(base | {h: z for h, z in found.feasible.items() if z})
    assert any(used[0] <= t <= used[1] for t in spends)


def test_hexes_apart_are_read_apart():
    # two unclear hexes beside two runs far apart: two parts of 2 readings each, not one
    # of 4, so a limit of 3 readings a part is enough
    base = {(0, 0): "a", (5, 4): "b", (4, 4): "b"}
    cells = [(1, 0), (3, 4)]
    options = [[None, "a"], [None, "b"]]
    for used in [(0, 0), (1, 1), (2, 2), (3, 3), (0, 5)]:
        found = part_readings(cells, options, base, run_spends, used, 3)
        expected = brute_force(cells, options, base, used)
        assert (found and {h: set(v) for h, v in found.values.items()}) == expected, used
    # spending none, both runs are whole shapes: each hex covers its run's missing one
    found = part_readings(cells, options, base, run_spends, (0, 0), 3)
    assert found.values == {(1, 0): {"a"}, (3, 4): {"b"}}
    assert part_readings(cells, options, base, run_spends, (0, 0), 1) is None
