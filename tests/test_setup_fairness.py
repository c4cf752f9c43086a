"""The draws are fair: chi-square tests over 20,000 seeds, and biased shuffles fail them.

Seeds 0 to 19,999 are fixed, so each statistic is one fixed number: the tests
cannot flake, and a change to how setups draw shows up here.

Thresholds are chi-square critical values at p = 0.001 (a fair shuffle fails
one test in a thousand seed ranges; a biased one fails by orders of magnitude).
scipy is not a dependency, so the few values needed are a table, checked below
against the chi-square survival function computed from its series.

Two corrections keep the statistics chi-square distributed:

* Picking m of K items without repeats (5 of 10 zones, 5 of 12 Solo cards):
  counts per item have variance (K - m) / (K - 1) of what Pearson's statistic
  assumes, so the statistic is divided by that factor; K - 1 degrees of freedom.
* Laying K tiles on K spaces (a permutation per setup): the K x K tile-by-space
  table has both margins fixed; its Pearson statistic is K / (K - 1) times a
  chi-square with (K - 1)^2 degrees of freedom.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from pnp.setup import distant_suns as ds
from pnp.setup import draw
from pnp.setup import federation as fd
from pnp.setup import stellar_drift as sd

SEEDS = range(20_000)
# Chi-square critical values at p = 0.001, by degrees of freedom.
CRITICAL_0_001 = {3: 16.266, 5: 20.515, 9: 27.877, 11: 31.264, 16: 39.252}

DS_DATA = ds.load_data()
FD_DATA = fd.load_data()
SD_DATA = sd.load_data()
NO_MODULES = fd.FederationOptions(piracy=False, advanced=False, ai_assistant=False)


def chi_square_survival(x: float, df: int) -> float:
    """P(X > x) for X chi-square with ``df`` degrees of freedom (series of the lower gamma)."""
    s, z = df / 2, x / 2
    term = total = 1.0 / s
    n = 1
    while term > 1e-16 * total:
        term *= z / (s + n)
        total += term
        n += 1
    return 1.0 - math.exp(s * math.log(z) - z - math.lgamma(s)) * total


@pytest.mark.parametrize(("df", "critical"), sorted(CRITICAL_0_001.items()))
def test_the_critical_value_table(df, critical):
    assert chi_square_survival(critical, df) == pytest.approx(0.001, rel=2e-3)


def pearson(observed: list[int], expected: float) -> float:
    return sum((o - expected) ** 2 / expected for o in observed)


def subset_statistic(counts: Counter, pool: list, m: int, draws: int) -> float:
    """Chi-square (K - 1 df) of how often each of K items was among the m picked per draw."""
    k = len(pool)
    return pearson([counts[i] for i in pool], draws * m / k) / ((k - m) / (k - 1))


def permutation_statistic(table: Counter, tiles: list, spaces: int, draws: int) -> float:
    """Chi-square ((K - 1)^2 df) of the tile-by-space table of K tiles on K spaces."""
    k = len(tiles)
    observed = [table[t, s] for t in tiles for s in range(spaces)]
    return pearson(observed, draws / k) / (k / (k - 1))


# --- measurements ------------------------------------------------------------------


def zone_statistic() -> float:
    counts = Counter(z for seed in SEEDS for z in ds.distant_suns_setup(3, seed, DS_DATA).zones)
    return subset_statistic(counts, [z.id for z in DS_DATA.zones], 5, len(SEEDS))


def optimization_statistic() -> float:
    table = Counter(
        (tile, space)
        for seed in SEEDS
        for space, tile in enumerate(ds.distant_suns_setup(3, seed, DS_DATA).optimization)
    )
    return permutation_statistic(table, [t[0] for t in DS_DATA.optimization], 5, len(SEEDS))


def solo_card_statistic() -> float:
    counts = Counter(
        c for seed in SEEDS for c in fd.federation_setup(1, seed, NO_MODULES, FD_DATA).solo.cards
    )
    return subset_statistic(counts, list(range(1, 13)), 5, len(SEEDS))


def solo_first_card_statistic() -> float:
    counts = Counter(fd.federation_setup(1, s, NO_MODULES, FD_DATA).solo.cards[0] for s in SEEDS)
    return pearson([counts[c] for c in range(1, 13)], len(SEEDS) / 12)


MEASURES = {
    "zone tiles, each kept half the time": (zone_statistic, 9),
    "Optimization tiles, each on each space equally": (optimization_statistic, 16),
    "Solo cards, each drawn 5/12 of the time": (solo_card_statistic, 11),
    "Solo cards, each revealed first 1/12 of the time": (solo_first_card_statistic, 11),
}


@pytest.mark.parametrize("name", list(MEASURES))
def test_draws_are_fair(name):
    measure, df = MEASURES[name]
    assert measure() < CRITICAL_0_001[df]


def test_stellar_drift_starting_pairs_and_deadlock_seat_are_fair():
    pairs = Counter()
    seats = Counter()
    for seed in SEEDS:
        s = sd.stellar_drift_setup(4, seed, data=SD_DATA)
        pairs[frozenset(s.players[0].cubes)] += 1  # 6 colour pairs, equally likely by symmetry
        seats[s.deadlock_first] += 1
    assert len(pairs) == 6
    assert pearson(list(pairs.values()), len(SEEDS) / 6) < CRITICAL_0_001[5]
    assert pearson([seats[i] for i in range(1, 5)], len(SEEDS) / 4) < CRITICAL_0_001[3]


# --- biased shuffles fail the same thresholds ----------------------------------------


def keeps_the_first(rng, items):
    """A broken shuffle: everything but the first item moves."""
    rest = list(items)[1:]
    rng.shuffle(rest)
    return [items[0], *rest]


def naive_swaps(rng, items):
    """The classic broken Fisher-Yates: swap each position with any position."""
    out = list(items)
    for i in range(len(out)):
        j = rng.randrange(len(out))
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize(
    ("shuffle", "name"),
    [
        (keeps_the_first, "zone tiles, each kept half the time"),
        (keeps_the_first, "Optimization tiles, each on each space equally"),
        (keeps_the_first, "Solo cards, each drawn 5/12 of the time"),
        (naive_swaps, "Optimization tiles, each on each space equally"),
        (naive_swaps, "Solo cards, each revealed first 1/12 of the time"),
    ],
)
def test_a_biased_shuffle_fails(monkeypatch, shuffle, name):
    monkeypatch.setattr(draw, "shuffled", shuffle)
    measure, df = MEASURES[name]
    assert measure() > CRITICAL_0_001[df]
