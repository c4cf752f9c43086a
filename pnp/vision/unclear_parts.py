"""The readings of a Cosmos page's unclear hexes, part by part, where there are too many
to try together.

A page in a grainy photo can leave a dozen hexes or more unclear (ink that looks like no
symbol: covered or not?), too many for every reading of them all to be tried
(``cosmos_repairs.UNCLEAR_MAX``, ``UNCLEAR_READINGS``). But two unclear hexes bear on each
other only where they may join one run of same-zone hexes: beside each other with a zone
in common, or each beside the same run of surely read hexes of a zone both may take.
So the unclear hexes (and the symbols unsure between lookalikes) fall into parts that
are read apart: each part's readings are tried with the runs they touch, and each reading
that leaves every run a cover keeps the Upgrades its shapes may spend. What ties the
parts together is the Upgrade boxes: the shapes of the whole page spend as many as they
allow. A part's reading stands where, with some reading of every other part and the runs
no part touches, the spending can come out so.

The drawing order is not tried part by part: the readings that stand are a superset of
those that fit the placement rules. A hex that every standing reading reads the same way
is so in every reading that fits, once one does; ``feasible`` gives one standing reading
of the whole page, for the caller to check against every rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from scoring.distant_suns.hexgrid import Hex, groups, neighbours

Spends = frozenset[int]
# zone id, run -> the Upgrades each of its covers (as the reader keeps them) spends
RunSpends = Callable[[str, frozenset[Hex]], Spends]


@dataclass(frozen=True)
class PartReadings:
    """Per cell, the values its standing readings give it; and one standing reading of
    every cell (cell -> zone id, None: not covered)."""

    values: dict[Hex, frozenset[str | None]]
    feasible: dict[Hex, str | None]


def part_readings(
    cells: Sequence[Hex],
    options: Sequence[Sequence[str | None]],
    base: dict[Hex, str],
    run_spends: RunSpends,
    used: tuple[int, int],
    most_readings: int,
) -> PartReadings | None:
    """The standing readings of ``cells`` (one of ``options`` each) against the surely
    read hexes ``base`` (hex -> zone); None where none stands, or a part has more than
    ``most_readings`` readings."""
    parts, touched = _parts(cells, options, base)
    fixed_runs = [
        (z, run)
        for z, run in _zone_runs(base)
        if not any(run & t for t in touched)  # no part reaches it
    ]
    fixed = _spends(fixed_runs, run_spends)
    if not fixed:
        return None
    readings: list[list[tuple[tuple, Spends]]] = []  # per part: (reading, its spends)
    for part, near in zip(parts, touched, strict=True):
        choices = [options[i] for i in part]
        if math.prod(len(c) for c in choices) > most_readings:
            return None
        local = {h: base[h] for h in near}
        found = []
        for combo in product(*choices):
            zone_of = local | {cells[i]: z for i, z in zip(part, combo, strict=True) if z}
            spends = _spends(_zone_runs(zone_of), run_spends)
            if spends:
                found.append((combo, spends))
        if not found:
            return None
        readings.append(found)
    lo, hi = used
    # the spends of every part but one, and of the runs no part touches
    before = [fixed]
    for found in readings:
        before.append(_sums(before[-1], frozenset().union(*(s for _, s in found))))
    after = [frozenset({0})]
    for found in reversed(readings):
        after.append(_sums(after[-1], frozenset().union(*(s for _, s in found))))
    after.reverse()
    standing: list[list[tuple[tuple, Spends]]] = []
    for k, found in enumerate(readings):
        others = _sums(before[k], after[k + 1])
        kept = [(c, s) for c, s in found if any(lo <= t <= hi for t in _sums(s, others))]
        if not kept:
            return None
        standing.append(kept)
    values: dict[Hex, set] = {}
    for part, kept in zip(parts, standing, strict=True):
        for combo, _ in kept:
            for i, z in zip(part, combo, strict=True):
                values.setdefault(cells[i], set()).add(z)
    chosen = _one_standing(standing, fixed, used)
    if chosen is None:
        return None
    feasible = {
        cells[i]: z
        for part, combo in zip(parts, chosen, strict=True)
        for i, z in zip(part, combo, strict=True)
    }
    return PartReadings({h: frozenset(v) for h, v in values.items()}, feasible)


def _parts(cells, options, base) -> tuple[list[list[int]], list[frozenset[Hex]]]:
    """The cells (indices) that bear on each other, part by part, and the surely read
    hexes of the runs each part may join."""
    runs = _zone_runs(base)
    run_of = {(z, h): n for n, (z, run) in enumerate(runs) for h in run}
    parent = list(range(len(cells) + len(runs)))  # cells first, then runs

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    index = {h: i for i, h in enumerate(cells)}
    for i, h in enumerate(cells):
        zones = {z for z in options[i] if z}
        for n in neighbours(h):
            for z in zones:
                if (z, n) in run_of:
                    parent[find(len(cells) + run_of[(z, n)])] = find(i)
            j = index.get(n)
            if j is not None and zones & {z for z in options[j] if z}:
                parent[find(j)] = find(i)
    members: dict[int, list[int]] = {}
    for i in range(len(cells)):
        members.setdefault(find(i), []).append(i)
    parts = list(members.values())
    root = [find(len(cells) + n) for n in range(len(runs))]
    touched = [
        frozenset(h for n, (_, run) in enumerate(runs) if root[n] == find(part[0]) for h in run)
        for part in parts
    ]
    return parts, touched


def _zone_runs(zone_of: dict[Hex, str]) -> list[tuple[str, frozenset[Hex]]]:
    """(zone, run) of every connected run of same-zone hexes."""
    by_zone: dict[str, set[Hex]] = {}
    for h, z in zone_of.items():
        by_zone.setdefault(z, set()).add(h)
    return [(z, frozenset(run)) for z, hexes in sorted(by_zone.items()) for run in groups(hexes)]


def _spends(runs: list[tuple[str, frozenset[Hex]]], run_spends: RunSpends) -> Spends:
    """What the shapes of ``runs`` (zone, run) may spend in all (empty: some run has no
    cover)."""
    out = frozenset({0})
    for z, run in runs:
        out = _sums(out, run_spends(z, run))
        if not out:
            break
    return out


def _sums(a: Spends, b: Spends) -> Spends:
    return frozenset(x + y for x in a for y in b)


def _one_standing(standing, fixed: Spends, used: tuple[int, int]) -> list[tuple] | None:
    """One standing reading of each part whose spends together can meet ``used`` (the
    search never turns back: what the parts after one can add is known)."""
    lo, hi = used
    # what the parts from k on can add: to prune the search
    rest = [frozenset({0})]
    for kept in reversed(standing):
        rest.append(_sums(rest[-1], frozenset().union(*(s for _, s in kept))))
    rest.reverse()

    def go(k: int, sofar: Spends) -> list[tuple] | None:
        if k == len(standing):
            return [] if any(lo <= t <= hi for t in sofar) else None
        for combo, spends in standing[k]:
            now = _sums(sofar, spends)
            if not any(lo <= t <= hi for t in _sums(now, rest[k + 1])):
                continue
            tail = go(k + 1, now)
            if tail is not None:
                return [combo, *tail]
        return None

    return go(0, fixed)
