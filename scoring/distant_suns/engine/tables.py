"""Every in-grid way to draw each zone, worked out once per cosmos, as bit masks.

A turn then only filters a zone's list with two bit tests, returning
:class:`~scoring.distant_suns.placement.Placement` objects built once. The
result is exactly :func:`~scoring.distant_suns.placement.legal_placements`'s
(tests/test_distant_suns_engine.py compares them on seeded sheets); the
engine keeps its own table because it asks this thousands of times per game.

Bit of a space: its index in the cosmos's spaces sorted by (r, q).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.distant_suns.hexgrid import Hex, neighbours
from scoring.distant_suns.layout import Cosmos, Zone
from scoring.distant_suns.placement import Placement, zone_forms

Form = tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class Fit:
    """One way to draw a zone: its spaces as a mask, the spaces next to them, the placement."""

    mask: int
    around: int
    placement: Placement


def forms(hexes: Iterable[Hex], most_ignored: int) -> tuple[tuple[Form, ...], ...]:
    """Normal forms of a shape, turned and flipped, with exactly k hexes ignored (item k).

    Only connected remainders count, and at least one hex is always drawn.

    >>> [len(f) for f in forms([(0, 0), (1, 0), (2, 0)], 2)]
    [3, 3, 1]
    """
    return tuple(tuple(sorted(f)) for f in zone_forms(tuple(hexes), most_ignored))


class Tables:
    """A cosmos's spaces as bits and every zone's in-grid fits, by Upgrades spent."""

    def __init__(self, cosmos: Cosmos):
        self.cosmos = cosmos
        order = sorted(cosmos.hexes, key=lambda h: (h[1], h[0]))
        self.bit = {h: 1 << i for i, h in enumerate(order)}
        self.hex_of = {b: h for h, b in self.bit.items()}
        self.open = frozenset(cosmos.hexes - cosmos.uncoverable)
        self.anchors = sorted(self.open, key=lambda h: (h[1], h[0]))
        self.around_bit = {
            b: self.mask(n for n in neighbours(h) if n in self.bit) for h, b in self.bit.items()
        }
        self.start_touch = self.around(self.bit[cosmos.start])
        self._fits: dict[tuple[str, Form], tuple[tuple[Fit, ...], ...]] = {}
        self._pairs: dict[tuple[str, Form], tuple[tuple[tuple[int, Placement], ...], ...]] = {}
        self._by_hexes: dict[tuple[str, Form], dict[frozenset[Hex], Fit]] = {}

    def mask(self, hexes: Iterable[Hex]) -> int:
        bit = self.bit
        m = 0
        for h in hexes:
            m |= bit.get(h, 0)
        return m

    def hexes(self, mask: int) -> frozenset[Hex]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.hex_of[low])
            mask ^= low
        return frozenset(out)

    def around(self, mask: int) -> int:
        """The spaces next to any space of ``mask``."""
        out = 0
        around_bit = self.around_bit
        while mask:
            low = mask & -mask
            out |= around_bit[low]
            mask ^= low
        return out

    def fits(self, zone: Zone) -> tuple[tuple[Fit, ...], ...]:
        """Item k: every in-grid fit of ``zone`` with k hexes ignored, off uncoverable spaces."""
        key = (zone.id, zone.hexes)
        found = self._fits.get(key)
        if found is None:
            most = self.cosmos.rules.max_upgrades_per_turn
            found = tuple(
                tuple(fit for form in by_k for fit in self._translations(zone, form, k))
                for k, by_k in enumerate(forms(zone.hexes, most))
            )
            self._fits[key] = found
            self._pairs[key] = tuple(tuple((f.mask, f.placement) for f in by_k) for by_k in found)
            self._by_hexes[key] = {f.placement.hexes: f for by_k in found for f in by_k}
        return found

    def legal(self, zone: Zone, covered: int, touch: int, most: int) -> list[Placement]:
        """The placements of ``zone`` with at most ``most`` hexes ignored that touch
        ``touch`` and miss ``covered``: what legal_placements answers, from masks."""
        pairs = self._pairs.get((zone.id, zone.hexes))
        if pairs is None:
            self.fits(zone)
            pairs = self._pairs[(zone.id, zone.hexes)]
        return [
            p
            for by_k in pairs[: max(most, 0) + 1]
            for m, p in by_k
            if m & touch and not m & covered
        ]

    def fit_of(self, zone: Zone, hexes: frozenset[Hex]) -> Fit | None:
        """The fit covering exactly ``hexes``, or None when ``zone`` cannot lie there."""
        self.fits(zone)
        return self._by_hexes[(zone.id, zone.hexes)].get(hexes)

    def _translations(self, zone: Zone, form: Form, k: int) -> list[Fit]:
        out = []
        for q0, r0 in self.anchors:
            hexes = frozenset((q0 + q, r0 + r) for q, r in form)
            if hexes <= self.open:
                m = self.mask(hexes)
                out.append(Fit(m, self.around(m) & ~m, Placement(zone.id, hexes, k)))
        return out


_TABLES: dict[int, Tables] = {}


def tables(cosmos: Cosmos) -> Tables:
    """The :class:`Tables` of ``cosmos``, cached while it lives."""
    found = _TABLES.get(id(cosmos))
    if found is None or found.cosmos is not cosmos:
        if len(_TABLES) > 8:
            _TABLES.clear()
        found = _TABLES[id(cosmos)] = Tables(cosmos)
    return found
