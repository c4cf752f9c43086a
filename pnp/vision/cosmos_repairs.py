"""Repairing a Cosmos page's symbols by the placement rules: a symbol read as its lookalike
where only that makes legal shapes, and hexes whose ink shows no clear symbol settled
where every reading that fits the rules reads them alike."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import product

from pnp.vision import hex_covers
from pnp.vision.cosmos_reading import HexRead
from pnp.vision.cosmos_shapes import (
    COVER_MARGIN,
    MAX_SPLIT_COMBOS,
    STUCK_RUN_ASKED,
    hexes_by_zone,
    shapes_of_split,
    spend_text,
)
from pnp.vision.unclear_parts import part_readings
from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours
from scoring.distant_suns.placement import legal_order

# A symbol read surely that leaves its hexes no legal shapes (a lone Rocket among
# Lightning hexes: no Rocket shape, even less 2 hexes, is one hex) is read as a
# neighbour's zone instead when that zone's symbol scores within ``SYMBOL_REPAIR_MARGIN``
# of the best, and that one change, of all such changes, makes every run coverable.
SYMBOL_REPAIR_MARGIN = 0.1
REPAIR_MAX_UNSURE = 3  # symbols unsure between lookalikes, at most, tried with a repair
REPAIR_UNCLEAR_MAX = 2  # unclear hexes (``settle_unclear``), at most, tried with a repair
# A hex whose ink looks like no symbol (or too little of one) is settled, covered with a
# neighbouring hex's zone or not covered, when every reading of the page's unclear hexes
# that makes shapes spending what the Upgrade boxes allow (``_used_range``) in a legal
# drawing order reads it the same way; at most this many such hexes on a page, and this
# many readings of them (and of the symbols unsure between lookalikes) tried; never one
# beside another unclear hex (the two may be a faint shape of their own). (Until session
# 23: 2 hexes, side by side or not, no symbol unsure, and only where exactly one reading
# fitted. The 1,440 Cosmos pages of the 24 photo sets, read again: 89 fields more
# settled (84 on hard pages), all right, 2 right ones newly asked, 17 pages no longer
# asked, none wrong unasked; at 28d863b the slowest page, 720 readings, took 0.37 s more.)
# Past either bound, the unclear hexes are read part by part (``unclear_parts``: each
# part's readings at most ``UNCLEAR_READINGS``), and settled so where one reading of the
# whole page that the parts allow fits every rule. (Session 38, the 1,320 Cosmos pages of
# 22 photo sets: 12 fields more settled on 3 hard pages, all right, one of them covered
# with the right zone; nothing else changes. On most pages with that many unclear hexes
# they make one part, beside the same runs, or no drawing order fits the page at all.)
UNCLEAR_MAX = 6
UNCLEAR_READINGS = 729
# Where no reading of them fits, one symbol read surely may be the lookalike of a
# neighbouring hex's zone (``SYMBOL_REPAIR_MARGIN``, as ``repair_symbols``, which stops
# at an unclear hex): with at most ``REPAIR_UNCLEAR_MAX`` unclear hexes, each such change
# is tried with every reading of them, and the one change that makes some reading fit is
# made (none if two do), the unclear hexes then settled as above. (Session 37: an Upgrade
# space's symbol half hidden by its printed icon on three easy/normal pages of 22 photo sets, a
# Rocket read beside Lightning or a Satellite among Asteroids on each; their 1,320 Cosmos
# pages read again: 10 fields settled right, 3 easy/normal pages no longer asked, none
# read wrong unasked, no score wrong once answered. Trying 2 unclear hexes, not 1: 6
# fields more settled right on 2 hard pages, the repairs right, nothing else changes but
# the page's one question moving to another hex on one of them.)


class SymbolRepairs:
    """The symbols of a Cosmos page read again where the rules leave one reading: a
    lookalike that alone makes legal shapes, or spends what the Upgrade boxes allow,
    and unclear hexes settled (a part of ``distant_suns._Reader``, whose page and
    findings it shares)."""

    def repair_symbols(self, hexes: dict[Hex, HexRead]) -> dict[Hex, HexRead]:
        """``hexes``, with the one symbol read surely changed that alone makes legal
        shapes of runs none can cover (``SYMBOL_REPAIR_MARGIN``), for some reading of
        the unsure symbols (``REPAIR_MAX_UNSURE`` at most); where several such changes
        do, the one whose shapes alone also spend what the Upgrade boxes allow in a legal
        drawing order (``_fits``); as read when some reading already covers every run, a
        hex is unclear, or not exactly one change helps. (Seed 723 #128, a normal page:
        a Triangle drawn over the printed Upgrade icon matched Circle 0.71, Bars 0.67,
        Triangle 0.66; read Orbit, a lone hex no Orbit shape covers. As an Asteroid beside
        an Asteroid, or a Satellite beside a Satellite, its run is coverable, but only the
        Asteroid spends the 4 Upgrades checked: before, both helped and nothing was
        repaired, and the page asked about its shapes and Upgrades.)"""
        covered = {h: r for h, r in hexes.items() if r.covered}
        unsure = [h for h, r in covered.items() if len(r.candidates) > 1]
        if len(unsure) > REPAIR_MAX_UNSURE or any(r.covered is None for r in hexes.values()):
            return hexes
        zone_of = {h: r.zone for h, r in covered.items()}
        readings = _unsure_readings(covered, unsure)

        def coverable(zones: dict[Hex, str]) -> bool:
            return any(not self._stuck(zones | unsure_zones) for unsure_zones in readings)

        # a symbol a person named (``chosen``) is never changed
        stuck = {
            h for h in self._stuck(zone_of) - set(unsure) if f"hex-{hex_id(h)}" not in self.chosen
        }
        if not stuck or coverable(zone_of):
            return hexes
        helps = []
        for h in sorted(stuck, key=lambda h: (h[1], h[0])):
            helps += [
                (h, z) for z in self._lookalikes(h, hexes, zone_of) if coverable(zone_of | {h: z})
            ]
        why = ""
        if len(helps) > 1 and (used := self._used_range()) is not None:
            # several lookalikes make legal shapes: the one of them whose shapes also
            # spend what the Upgrade boxes allow in a legal drawing order, if one alone does
            helps = [(h, z) for h, z in helps if self._fits_some(zone_of | {h: z}, readings, used)]
            why = f"spending {spend_text(used)} in a legal drawing order"
        if len(helps) != 1:
            return hexes
        return self._repaired(hexes, *helps[0], why)

    def repair_spending(self, hexes: dict[Hex, HexRead]) -> dict[Hex, HexRead]:
        """``hexes``, with the one symbol the photo's darkness chose among lookalikes
        (``darkness_chose``: its ink matched them alike) read as another of them, where as
        read no split of the shapes spends as many Upgrades as the boxes allow in a legal
        drawing order (``_fits``), for any reading of the unsure symbols, and exactly one
        such change makes one; as read when a hex is unclear, or past
        ``REPAIR_MAX_UNSURE`` unsure symbols. (Seed 717 #108, a normal Cosmos page: a
        Rocket hex matching Rocket and Lightning alike, the darkness leaning to Lightning
        by 0.05; read so, the Lightning run split in two spending 4 Upgrades, 9 in all,
        against 4 boxes checked: both solid ones asked, "checked, or scribbled out?".)"""
        covered = {h: r for h, r in hexes.items() if r.covered}
        unsure = [h for h, r in covered.items() if len(r.candidates) > 1]
        used = self._used_range()
        if (
            not self.darkness_chose
            or used is None
            or len(unsure) > REPAIR_MAX_UNSURE
            or any(r.covered is None for r in hexes.values())
        ):
            return hexes
        zone_of = {h: r.zone for h, r in covered.items()}
        readings = _unsure_readings(covered, unsure)

        def fits(zones: dict[Hex, str]) -> bool:
            return self._fits_some(zones, readings, used)

        if fits(zone_of):
            return hexes
        helps = [
            (h, z)
            for h in sorted(zone_of, key=lambda h: (h[1], h[0]))
            if h not in unsure and (fid := f"hex-{hex_id(h)}") not in self.chosen
            for z in self.darkness_chose.get(fid, ())
            if z != zone_of[h] and fits(zone_of | {h: z})
        ]
        if len(helps) != 1:
            return hexes
        h, z = helps[0]
        fid = f"hex-{hex_id(h)}"  # its darkness's remark replaced by the repair's
        self.remarks = [m for m in self.remarks if not m.startswith(f"{fid}: ")]
        leaned = f"(the photo's darkness leaned to {zone_of[h]})"
        return self._repaired(hexes, h, z, f"spending {spend_text(used)} {leaned}")

    def settle_unclear(self, hexes: dict[Hex, HexRead]) -> dict[Hex, HexRead]:
        """``hexes``, with the hexes read neither covered nor empty settled: uncovered,
        or covered with a neighbouring hex's zone, each as every reading of them all (and
        of the symbols unsure between lookalikes) that ``_fits`` has it (past
        ``UNCLEAR_MAX`` hexes or ``UNCLEAR_READINGS`` readings: that the parts read apart
        allow, ``_part_values``); as read where the readings that fit differ on it or it
        lies beside another, and all as read when none fits (nor any with one symbol read
        as its lookalike: ``_repair_for_unclear``), an Upgrade box is not on the map or a
        person answered one of them."""
        unclear = [h for h, r in hexes.items() if r.covered is None]
        fids = [f"hex-{hex_id(h)}" for h in unclear]
        if not unclear or set(fids) & self.answered:
            return hexes
        used = self._used_range()
        if used is None:
            return hexes
        zone_of = {h: r.zone for h, r in hexes.items() if r.covered}
        # symbols unsure between lookalikes are read each way too
        unsure = [h for h, r in hexes.items() if r.covered and len(r.candidates) > 1]
        zones = {h: hexes[h].candidates if h in unsure else (z,) for h, z in zone_of.items()}
        options = [
            [None, *sorted({z for n in neighbours(h) if n in zones for z in zones[n]})]
            for h in unclear
        ] + [list(hexes[h].candidates) for h in unsure]
        cells = unclear + unsure
        if len(unclear) > UNCLEAR_MAX or math.prod(len(o) for o in options) > UNCLEAR_READINGS:
            values = self._part_values(cells, options, zone_of, used)
            return hexes if values is None else self._settled(hexes, unclear, values, used)
        fits = self._fitting(cells, options, zone_of, used)
        if not fits:
            repair = self._repair_for_unclear(hexes, cells, options, zone_of, used, len(unclear))
            if repair is None:
                return hexes
            (h, z), fits = repair
            hexes = self._repaired(hexes, h, z, "each reading of the unclear hexes tried")
        values = [{combo[i] for combo in fits} for i in range(len(unclear))]
        return self._settled(hexes, unclear, values, used)

    def _part_values(self, cells, options, zone_of, used) -> list[set] | None:
        """Per cell, the values the readings of ``cells`` read part by part give it
        (``unclear_parts``), where those readings fit the rules at all (one of them
        checked whole, drawing order and all); None where that is not known."""
        base = {h: z for h, z in zone_of.items() if h not in cells}
        parts = part_readings(cells, options, base, self._run_spends, used, UNCLEAR_READINGS)
        if parts is None:
            return None
        whole = base | {h: z for h, z in parts.feasible.items() if z}
        if not self._fits(whole, used):
            return None
        return [set(parts.values[h]) for h in cells]

    def _settled(self, hexes: dict[Hex, HexRead], unclear: list[Hex], values, used) -> dict:
        """``hexes`` with each unclear hex that ``values`` (per hex, what the readings that
        fit give it) read one way settled so (``settle_unclear``)."""
        fids = [f"hex-{hex_id(h)}" for h in unclear]
        # a hex every fitting reading reads the same way is settled so, but for one beside
        # another unclear hex: together they may be a faint shape of their own, which the
        # readings (an unclear hex covered only with a neighbour's zone) do not include
        alone = [
            not any(n in hexes and hexes[n].covered is None for n in neighbours(h)) for h in unclear
        ]
        forced = [i for i in range(len(unclear)) if alone[i] and len(values[i]) == 1]
        unclear, fids = [unclear[i] for i in forced], [fids[i] for i in forced]
        out = dict(hexes)
        for h, fid, z in zip(unclear, fids, [next(iter(values[i])) for i in forced], strict=True):
            how = f"covered, {z}" if z else "not covered"
            self.remarks.append(
                f"{fid}: {how}, the only reading of it that makes legal shapes spending "
                f"{spend_text(used)}"
            )
            self.confidence[fid] = 0.75
            self.settled[fid] = z is not None
            out[h] = replace(hexes[h], covered=z is not None, zone=z, candidates=(z,) if z else ())
        self.doubts = [d for d in self.doubts if d.field not in fids]
        return out

    def _fitting(self, cells: list[Hex], options: list, zone_of: dict, used) -> list[tuple]:
        """The readings of ``cells`` (one of its ``options`` each; None: not covered) with
        which the covered hexes ``zone_of`` make legal shapes (``_fits``)."""
        return [
            combo
            for combo in product(*options)
            if self._fits(zone_of | {h: z for h, z in zip(cells, combo, strict=True) if z}, used)
        ]

    def _repair_for_unclear(self, hexes, cells, options, zone_of, used, n_unclear):
        """Where no reading of the unclear hexes (the first ``n_unclear`` of ``cells``)
        fits: the one symbol read (not named by a person) that, read as a neighbouring
        hex's zone scoring within ``SYMBOL_REPAIR_MARGIN`` of it, makes some reading fit,
        and those readings ((hex, zone), fits); None unless exactly one change does, or
        past ``REPAIR_UNCLEAR_MAX`` unclear hexes or ``UNCLEAR_READINGS`` readings in all."""
        if n_unclear > REPAIR_UNCLEAR_MAX:
            return None
        changes = [
            (h, z)
            for h in sorted(self.hex_scores, key=lambda h: (h[1], h[0]))
            if h in zone_of and f"hex-{hex_id(h)}" not in self.chosen
            for z in self._lookalikes(h, hexes, zone_of)
        ]
        readings = math.prod(len(o) for o in options)
        if not changes or len(changes) * readings > UNCLEAR_READINGS:
            return None
        found = []
        for h, z in changes:
            fixed = [(z,) if c == h else o for c, o in zip(cells, options, strict=True)]
            fits = self._fitting(cells, fixed, zone_of | {h: z}, used)
            if fits:
                found.append(((h, z), fits))
                if len(found) > 1:
                    return None
        return found[0] if found else None

    def _lookalikes(self, h: Hex, hexes: dict[Hex, HexRead], zone_of: dict[Hex, str]) -> list[str]:
        """The zones of ``h``'s covered neighbours (``zone_of``), but those its symbol
        may be, whose symbols score within ``SYMBOL_REPAIR_MARGIN`` of the one it is read
        as: what a lookalike of its symbol may have been meant as."""
        scores = dict(self.hex_scores[h].ranked)
        floor = scores[self.zone_glyph[zone_of[h]]] - SYMBOL_REPAIR_MARGIN
        others = {zone_of[n] for n in neighbours(h) if n in zone_of}
        others -= {zone_of[h], *hexes[h].candidates}
        return [z for z in sorted(others) if scores.get(self.zone_glyph[z], 0.0) >= floor]

    def _repaired(self, hexes: dict[Hex, HexRead], h: Hex, z: str, why: str):
        """``hexes`` with hex ``h``'s symbol read as zone ``z`` (a remark says ``why``)."""
        r, fid = hexes[h], f"hex-{hex_id(h)}"
        score = dict(self.hex_scores[h].ranked)
        self.remarks.append(
            f"{fid}: {z} (symbol read {r.zone} {score[self.zone_glyph[r.zone]]:.2f}, "
            f"{z} {score[self.zone_glyph[z]]:.2f}), the only change that makes legal shapes"
            + (f", {why}" if why else "")
        )
        self.confidence[fid] = 0.75
        return hexes | {h: replace(r, zone=z, candidates=(z,), confidence=0.75)}

    def _fits_some(
        self, zone_of: dict[Hex, str], readings: list[dict[Hex, str]], used: tuple[int, int]
    ) -> bool:
        """Whether ``zone_of``, with some reading of the symbols unsure between lookalikes
        (``readings``, ``_unsure_readings``), ``_fits`` what the Upgrade boxes allow."""
        return any(self._fits(zone_of | reading, used) for reading in readings)

    def _fits(self, zone_of: dict[Hex, str], used: tuple[int, int]) -> bool:
        """Whether the covered hexes ``zone_of`` split into shapes that spend as many
        Upgrades as ``used`` allows (fewest, most) in a legal drawing order: each run as
        the traced outline splits it, or (where it does not decide, ``COVER_MARGIN``) any
        way."""
        per_run = []
        for zid, cells in hexes_by_zone(zone_of).items():
            for run in hex_covers.runs(cells):
                splits = self._kept_splits(zid, run)
                if not splits:
                    return False
                per_run.append(splits)
        return next(self._legal_splits(per_run, [], used), None) is not None

    def ask_spending(self, hexes: dict[Hex, HexRead]) -> None:
        """Where the shapes spend other than the Upgrade boxes checked allow (the check's
        "N boxes checked, but the shapes spend M Upgrades") and this reader asks about no
        hex already: the covered hexes whose symbol alone, read as a neighbour's zone or
        as none, makes shapes that spend what the boxes allow in a legal drawing order
        (``_fits``), each asked its zone or empty; at most ``STUCK_RUN_ASKED`` of them, or
        none. A misread symbol may still make legal shapes, only not the Upgrades spent
        (seed 680087, a hard page: a Station hex read as an Asteroid, a lone Asteroid
        spending 2 Upgrades beside a Station of 5 spending 1, against 2 boxes checked)."""
        if not any(d.field == "upgrades_used" for d in self.doubts):
            return
        if any(d.field.startswith(("hex-", "shape:")) for d in self.doubts):
            return  # the hexes asked about may settle it
        used = self._used_range()
        if used is None or any(r.covered is None for r in hexes.values()):
            return
        covered = {h: r for h, r in hexes.items() if r.covered}
        if any(len(r.candidates) > 1 for r in covered.values()):
            return
        zone_of = {h: r.zone for h, r in covered.items()}
        found = []
        for h in sorted(zone_of, key=lambda h: (h[1], h[0])):
            if f"hex-{hex_id(h)}" in self.chosen:
                continue
            others = sorted({zone_of[n] for n in neighbours(h) if n in zone_of} - {zone_of[h]})
            without = {k: z for k, z in zone_of.items() if k != h}
            if self._fits(without, used) or any(self._fits(zone_of | {h: z}, used) for z in others):
                found.append(h)
                if len(found) > STUCK_RUN_ASKED:
                    return
        for h in found:
            why = (
                f"read {self._zone(zone_of[h]).name}; the shapes spend other than the Upgrade "
                "boxes checked, and would spend as many with this symbol named otherwise"
            )
            self.ask_zone(h, zone_of[h], why)

    def _kept_splits(self, zid: str, run: frozenset[Hex]) -> list[list]:
        """The splits of ``run`` into ``zid`` shapes (``shapes_of_split``) that ``_fits`` tries:
        as the traced outline splits it, or (where it does not decide) every one."""
        zone = self._zone(zid)
        covers = sorted(self.covers(zone, run), key=lambda c: c[0])
        if len(covers) > 1 and covers[1][0] - covers[0][0] >= COVER_MARGIN:
            covers = covers[:1]
        return [shapes_of_split(zone, split) for _, split in covers]

    def _run_spends(self, zid: str, run: frozenset[Hex]) -> frozenset[int]:
        """The Upgrades each split of ``_kept_splits`` spends."""
        return frozenset(sum(p[2] for p in split) for split in self._kept_splits(zid, run))

    def _legal_splits(self, per_run: list[list[list]], fixed: list, used: tuple[int, int]):
        """The choices of one split for each run (``per_run``: each run's splits, as
        ``shapes_of_split`` shapes) that, with the shapes ``fixed``, spend as many Upgrades as
        ``used`` allows (fewest, most) in a legal drawing order; none when there are more
        than ``MAX_SPLIT_COMBOS`` choices to try."""
        if math.prod(len(c) for c in per_run) > MAX_SPLIT_COMBOS:
            return
        base = sum(p[2] for p in fixed)
        for combo in product(*per_run):
            extra = [p for run in combo for p in run]
            spent = base + sum(p[2] for p in extra)
            if used[0] <= spent <= used[1] and legal_order(self.cosmos, fixed + extra):
                yield list(combo)


def _unsure_readings(covered: dict[Hex, HexRead], unsure: list[Hex]) -> list[dict[Hex, str]]:
    """Every reading of the symbols ``unsure`` between lookalikes (each hex's zone one of
    its candidates in ``covered``)."""
    return [
        dict(zip(unsure, c, strict=True)) for c in product(*(covered[h].candidates for h in unsure))
    ]
