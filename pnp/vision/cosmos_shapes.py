"""Splitting a Cosmos page's covered hexes into shapes: "trace its outline on the hex
lines" tells the covers of a run (``hex_covers``) apart."""

from __future__ import annotations

import math
from itertools import islice, product
from typing import Any

import cv2
import numpy as np

from pnp.vision import hex_covers
from pnp.vision.cosmos_ink import paper, paper_norm
from pnp.vision.cosmos_reading import HexRead
from pnp.vision.cosmos_upgrades import SOLID_INK
from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours
from scoring.distant_suns.layout import Zone
from scoring.distant_suns.placement import NO_ORDER, legal_order
from scoring.distant_suns.score import tile_times
from scoring.distant_suns.state import TILES

# outlines
EDGE_BAND_MM = 0.9  # look for a traced line this far either side of a hex line
EDGE_INK = 0.25
# the window of the sheet an outline is looked for in reaches this far past the pixels
# its samples fall between: every sample well inside it, as inside the whole sheet
EDGE_WINDOW_PX = 4
UPGRADE_PENALTY = 0.6  # cost of explaining a missing hex by an Upgrade spent
COVER_MARGIN = 0.8  # the best cover must beat the next by this much outline evidence
MAX_SPLIT_COMBOS = 4096  # splits of the runs the outline leaves open, tried together
# Legal splits of the open runs weighed, at most, for whether they score alike
# (``_scoring_alike``); past this many the runs are asked about
SPLITS_WEIGHED = 64
# A run no set of its zone's shapes covers, where no one hex named otherwise would let it
# be covered (two symbols misread, say): its hexes are asked about, each answered with a
# zone or none, when it has at most this many; past it, only the run is. The hexes of a
# zone drawn that faces no Optimization tile, one zone too many
# (``cosmos_board.ZoneBoard._doubt_loose_zones``), and those whose symbol alone would make
# the shapes spend the Upgrades checked (``cosmos_repairs.ask_spending``), are asked so,
# at most this many too
STUCK_RUN_ASKED = 4


class ShapeSplits:
    """The shapes of a Cosmos page: each run of one zone's hexes split by exact cover,
    the outline traced on the hex lines choosing, and a legal drawing order (a part of
    ``distant_suns._Reader``, whose page and findings it shares)."""

    def dark(self, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
        """Ink darker than the blank sheet in the pixels [y0:y1, x0:x1], as a share of
        the paper (0 = as printed)."""
        if self._paper_bright is None:
            self._paper_bright = paper(self.flat, self.px)
        window = np.s_[y0:y1, x0:x1]
        seen = paper_norm(self.flat[window], self._paper_bright[window])
        printed = self.blank[window].astype(np.float32) / 255.0
        return np.clip(printed - seen, 0, 1)

    def edge_traced(self, a: Hex, b: Hex) -> float:
        """The share of the hex line between ``a`` and ``b`` with a traced outline on it."""
        if (a, b) not in self._traced:
            self._traced[a, b] = self._edge_traced(a, b)
        return self._traced[a, b]

    def _edge_traced(self, a: Hex, b: Hex) -> float:
        fa, fb = self.fields[f"hex-{hex_id(a)}"], self.fields[f"hex-{hex_id(b)}"]
        ca = [(fa.x + x, fa.y + y) for x, y in fa.meta["corners"]]
        cb = [(fb.x + x, fb.y + y) for x, y in fb.meta["corners"]]
        shared = [p for p in ca if any(math.dist(p, q) < 0.3 for q in cb)]
        if len(shared) != 2:
            return 0.0
        (x0, y0), (x1, y1) = shared
        length = math.dist(shared[0], shared[1])
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        t = np.linspace(0.15, 0.85, 14)[:, None]
        s = np.arange(-EDGE_BAND_MM, EDGE_BAND_MM + 1e-9, 0.15)[None, :]
        xs = ((x0 + (x1 - x0) * t + nx * s) * self.px - 0.5).astype(np.float32)
        ys = ((y0 + (y1 - y0) * t + ny * s) * self.px - 0.5).astype(np.float32)
        # sampled in a window of the sheet, not the whole: the samples move by whole
        # pixels (exact in float32), between the same pixels, with the same weights;
        # the window ends where the sheet does, and holds a pixel if none is sampled
        height, width = self.flat.shape[:2]
        wx0 = min(max(0, math.floor(xs.min()) - EDGE_WINDOW_PX), width - 1)
        wy0 = min(max(0, math.floor(ys.min()) - EDGE_WINDOW_PX), height - 1)
        wx1 = max(min(width, math.ceil(xs.max()) + 1 + EDGE_WINDOW_PX), wx0 + 1)
        wy1 = max(min(height, math.ceil(ys.max()) + 1 + EDGE_WINDOW_PX), wy0 + 1)
        window = self.dark(wx0, wy0, wx1, wy1)
        d = cv2.remap(window, xs - np.float32(wx0), ys - np.float32(wy0), cv2.INTER_LINEAR)
        return float((d.max(axis=1) > EDGE_INK).mean())

    def partition(self, hexes: dict[Hex, HexRead]) -> list[tuple[str, frozenset[Hex], int]]:
        """Shapes as (zone, hexes, Upgrades spent); doubts for what cannot be split."""
        covered = {h: r for h, r in hexes.items() if r.covered}
        unsure = [h for h, r in covered.items() if len(r.candidates) > 1]
        zone_ids = {z.id for z in self.shapes.all_zones}
        options = [[z for z in covered[h].candidates if z in zone_ids] for h in unsure]
        best: tuple[float, dict[Hex, str], list] | None = None
        feasible: list[tuple[float, dict[Hex, str]]] = []
        combos = list(product(*options)) if len(unsure) <= 6 else []
        if len(unsure) > 6:
            combos = [tuple(covered[h].zone for h in unsure)]
        for combo in combos:
            zone_of = {h: r.zone for h, r in covered.items()}
            zone_of.update(zip(unsure, combo, strict=True))
            cost, pieces = self.cover_all(zone_of, dry=True)
            if cost < math.inf:
                feasible.append((cost, zone_of))
                if best is None or cost < best[0]:
                    best = (cost, zone_of, pieces)
        if unsure:
            settled = len(feasible) == 1 or (
                len(feasible) > 1
                and sorted(c for c, _ in feasible)[1] - sorted(c for c, _ in feasible)[0]
                >= 2 * COVER_MARGIN
            )
            for h, opts in zip(unsure, options, strict=True):
                fid = f"hex-{hex_id(h)}"
                if best is not None and settled:
                    self.remarks.append(
                        f"{fid}: {best[1][h]} (symbol close to {', '.join(opts)}), "
                        "the only reading that makes legal shapes"
                    )
                    self.confidence[fid] = 0.75
                else:
                    self.doubt(fid, "symbol unclear", opts)
        zone_of = best[1] if best else {h: r.zone for h, r in covered.items()}
        _, pieces = self.cover_all(zone_of, dry=False)
        return pieces

    def cover_all(self, zone_of: dict[Hex, str], dry: bool):
        """Split every same-zone run into shapes; (total cost, shapes)."""
        total = 0.0
        # per run, its shapes, or (a split the outline leaves open) its index in open_runs
        runs: list[list[tuple[str, frozenset[Hex], int]] | int] = []
        open_runs: list[tuple[str, Zone, list]] = []  # (label, zone, covers)
        for zid, cells in sorted(hexes_by_zone(zone_of).items()):
            zone = self._zone(zid)
            for run in hex_covers.runs(cells):
                covers = self.covers(zone, run)
                label = " ".join(hex_id(h) for h in sorted(run, key=lambda h: (h[1], h[0])))
                if not covers:
                    total = math.inf
                    if not dry:
                        self._doubt_stuck(zone, run, label, zone_of)
                        runs.append([(zid, frozenset(run), max(0, zone.size - len(run)))])
                    continue
                covers.sort(key=lambda c: c[0])
                cost, split = covers[0]
                total += cost
                if dry:
                    continue
                if len(covers) > 1 and covers[1][0] - cost < COVER_MARGIN:
                    runs.append(len(open_runs))
                    open_runs.append((label, zone, covers))
                else:
                    runs.append(shapes_of_split(zone, split))
        splits = self._split_open_runs(
            [p for r in runs if isinstance(r, list) for p in r], open_runs
        )
        pieces = [p for r in runs for p in (splits[r] if isinstance(r, int) else r)]
        return total, pieces

    def _doubt_stuck(self, zone: Zone, run: set[Hex], label: str, zone_of: dict) -> None:
        """A run of ``zone``'s hexes that no set of its shapes covers (``zone_of``: every
        covered hex's zone), asked about: where it is one hex whose zone no person has
        named, as that hex's symbol (a field ``--ask`` puts with its crop, answered with a
        zone, or empty: a misread symbol, or noise read as one); else as the run
        ("shape:...", which the hexes' answers settle), and, once the page is read, as
        the hexes ``_stuck_suspects`` names (``ask_stuck``)."""
        most = self.cosmos.rules.max_upgrades_per_turn
        (h, *more) = sorted(run)
        fid = f"hex-{hex_id(h)}"
        if not more and fid not in self.chosen:
            why = (
                f"a {zone.name} symbol alone: no {zone.name} shape (less up to {most} hexes) "
                "fits it"
            )
            self.ask_zone(h, zone.id, why)
            return
        self.doubt(
            f"shape:{label}",
            f"no set of {zone.name} shapes (less up to {most} hexes each) covers these "
            "hexes exactly",
        )
        self._stuck_runs.append((zone, frozenset(run), dict(zone_of)))

    def ask_stuck(self) -> None:
        """The hexes ``_stuck_suspects`` names for each run no set of its zone's shapes
        covers, asked about once the page is read (the hexes its rules settled are then
        no longer asked): each answered with a zone, or empty."""
        for zone, run, zone_of in self._stuck_runs:
            for h in self._stuck_suspects(zone, run, zone_of):
                fid = f"hex-{hex_id(h)}"
                if h not in zone_of:  # read empty
                    self.doubt(
                        fid,
                        f"read empty, but the {zone.name} hexes beside it make a {zone.name} "
                        "shape only with it: a faint symbol, or none?",
                        (zone.id,),
                    )
                    continue
                where = "it lies in" if h in run else "beside it"
                why = f"no set of {zone.name} shapes covers the {zone.name} hexes {where}"
                self.ask_zone(h, zone_of[h], why)

    def _stuck_suspects(self, zone: Zone, run: set[Hex], zone_of: dict) -> list[Hex]:
        """The hexes to ask about for ``zone``'s run ``run`` that no set of its shapes
        covers (``zone_of``: every covered hex's zone), a person's named zones never
        among them: the covered ones whose symbol, named otherwise, alone lets it be
        covered and leaves no other run uncovered (a hex of the run read as another zone
        or none: noise, or a misread symbol; or a neighbour read as another zone, named
        the run's); where none does, every hex of the run (two misread, say; up to
        ``STUCK_RUN_ASKED`` of them), and the neighbours read empty (or unclear) that,
        named the run's zone, alone would let it be covered (a faint symbol the photo
        lost). None when one that would is a hex this reader asks its zone of already:
        its answer may settle the run. (A hex the field reader doubts is asked covered or
        not, which names no zone; the page's checks may settle it, too.)"""
        before = self._stuck(zone_of)
        asked = {d.field for d in self.doubts}

        def helps(h: Hex) -> bool:
            changed = (
                {k: z for k, z in zone_of.items() if k != h} if h in run else zone_of | {h: zone.id}
            )
            return self._stuck(changed) <= before - run - {h}

        near = {n for h in run for n in neighbours(h) if n not in run} - self.cosmos.uncoverable
        named = self.chosen.keys() | {
            f for f in self.answered if (r := self.readings.get(f)) and r.state == "empty"
        }
        askable = self.fields.keys() - named
        unnamed = sorted(
            (h for h in run | near if f"hex-{hex_id(h)}" in askable), key=lambda h: (h[1], h[0])
        )
        found = [h for h in unnamed if h in zone_of and helps(h)]
        faint = [h for h in unnamed if h not in zone_of and helps(h)]
        if any(f"hex-{hex_id(h)}" in asked for h in found + faint):
            return []
        if found:
            return found
        mine = [h for h in unnamed if h in run and f"hex-{hex_id(h)}" not in asked]
        return (mine if len(run) <= STUCK_RUN_ASKED else []) + faint

    def _stuck(self, zone_of: dict[Hex, str]) -> set[Hex]:
        """The hexes of the same-zone runs no set of their zone's shapes covers."""
        out: set[Hex] = set()
        for zid, cells in hexes_by_zone(zone_of).items():
            for run in hex_covers.runs(cells):
                if not self.covers(self._zone(zid), run):
                    out |= run
        return out

    def ask_zone(self, h: Hex, read: str, why: str) -> None:
        """Hex ``h``, read as zone ``read``, asked which zone's symbol it holds, or none
        (``why``: what makes it doubtful), the zones its ink matches offered."""
        self.doubt(
            f"hex-{hex_id(h)}", f"{why}; which zone's symbol, or none?", self._zones_like(h, read)
        )

    def _zones_like(self, h: Hex, read: str) -> tuple[str, ...]:
        """The zones in play whose symbols ``h``'s ink matches, best first, the one it was
        read as (``read``) last."""
        scores = self.hex_scores.get(h)
        if scores is None:
            return ()
        play = self.in_play_glyphs
        ranked = scores.among(tuple(sorted(play))).ranked if play else scores.ranked
        zones = [self.glyph_zone[k] for k, _ in ranked]
        return tuple(z for z in zones if z != read) + (read,)

    def _split_open_runs(self, pieces, open_runs) -> list[list[tuple[str, frozenset[Hex], int]]]:
        """The shapes of each run whose traced outline does not decide its split, the
        runs taken together: the one split of them that spends as many Upgrades as the
        boxes allow (``_used_range``) in a legal drawing order with ``pieces`` (the other
        runs' shapes), when exactly one does; when several do and every one scores alike
        (``_scoring_alike``), the one of them spending the most, nothing asked (the boxes
        read solid then count as checked: a page holds a correction or two, not a row of
        them, while the cheapest split had every solid box past its count taken back as
        scribbled out); else each run's cheapest, asked about where the legal splits score
        differently."""
        used = self._used_range() if open_runs else None
        fits = []
        if used is not None:
            per_run = [
                [shapes_of_split(zone, split) for _, split in covers]
                for _, zone, covers in open_runs
            ]
            fits = list(islice(self._legal_splits(per_run, pieces, used), SPLITS_WEIGHED + 1))
        if len(fits) == 1:
            for label, zone, _ in open_runs:
                self.remarks.append(
                    f"shape:{label}: the only split into {zone.name} shapes spending "
                    f"{spend_text(used)} in a legal drawing order"
                )
            return fits[0]
        weighable = len(fits) <= SPLITS_WEIGHED
        alike = self._scoring_alike(pieces, open_runs, fits) if weighable else set()
        for n, (label, zone, covers) in enumerate(open_runs):
            if n in alike:
                self.remarks.append(
                    f"shape:{label}: {len(covers)} ways to split these {zone.name} hexes "
                    "into shapes; the traced outline does not decide, but every split in a "
                    f"legal drawing order spending {spend_text(used)} scores the same "
                    "(taken: the one spending the most)"
                )
            else:
                self.doubt(
                    f"shape:{label}",
                    f"{len(covers)} ways to split these {zone.name} hexes into "
                    "shapes; the traced outline does not decide",
                )
        if fits and len(alike) == len(open_runs):
            # seed 874 #38 (``python -m pnp.bench photos --n 300 --seed 874``), a real-mode
            # page: six Upgrade boxes filled solid, a Black Hole run split to spend 3 of
            # the 3-6 they allow, and three of the fills read as scribbled out
            return max(fits, key=lambda fit: sum(p[2] for run in fit for p in run))
        return [shapes_of_split(zone, covers[0][1]) for _, zone, covers in open_runs]

    def _scoring_alike(self, pieces, open_runs, fits: list[list]) -> set[int]:
        """The open runs (their indexes) whose zone's Optimization points are the same in
        every one of ``fits`` (the legal splits of the open runs, with the shapes
        ``pieces``): weighed on the tile the board gives the zone (``board_tiles``; none,
        no points), or on every tile while the board is unclear. Only those points rest on
        the split: the hexes covered, and so the Frontiers, the Treasure bonus and the
        Alien penalty, are the same in every split (``scoring.distant_suns.score``)."""
        out = set()
        board = self.board_tiles
        for n, (_, zone, _) in enumerate(open_runs):
            tiles = TILES if board is None else [t for t in (board.get(zone.id),) if t]
            weighed = {
                tuple(
                    tile_times(tile, zone.id, self.cosmos, _hexes_of(zone.id, pieces, fit))
                    for tile in tiles
                )
                for fit in fits
            }
            if len(weighed) == 1:
                out.add(n)
        return out

    def _used_range(self) -> tuple[int, int] | None:
        """The fewest and most Upgrade boxes checked, as read: the clear marks, and as
        many more as there are boxes a mark or not (solid: a fill or a correction
        scribbled out; read doubtful, or asked about); None if a box is not on the map."""
        sure = unclear = 0
        for i in range(1, self.cosmos.upgrade_slots + 1):
            fid = f"upgrade-{i}-used"
            r = self.readings.get(fid)
            if r is None:
                return None
            if fid in self.answered:
                sure += r.state == "filled"
            elif (
                r.state == "doubtful"
                or fid in self.doubted
                or (r.state == "filled" and r.ink >= SOLID_INK)
            ):
                unclear += 1
            else:
                sure += r.state == "filled"
        return sure, sure + unclear

    def _zone(self, zid: str) -> Zone:
        return self.shapes.zone(zid)

    def covers(self, zone: Zone, run: frozenset[Hex]) -> list[tuple[float, list[frozenset]]]:
        """Every exact cover of ``run`` by ``zone``'s forms, with its cost (a new list)."""
        key = (zone.id, run)
        if key not in self._covers:
            self._covers[key] = self._find_covers(zone, run)
        return list(self._covers[key])

    def _find_covers(self, zone: Zone, run: frozenset[Hex]) -> list[tuple[float, list[frozenset]]]:
        most = self.cosmos.rules.max_upgrades_per_turn
        offsets = hex_covers.from_first_cell(hex_covers.forms(zone.hexes, most))
        found = hex_covers.exact_covers(offsets, run)
        if len(found) == 1 and len(found[0]) == 1:
            return [(UPGRADE_PENALTY * (zone.size - len(run)), found[0])]
        edges = {
            (a, b): self.edge_traced(a, b) for a in run for b in neighbours(a) if b in run and a < b
        }
        if len(found) >= hex_covers.MAX_COVERS:  # not every cover: the outline's cheapest

            def piece_cost(piece: frozenset[Hex]) -> float:
                """A piece's part of a cover's cost below: that cost is every edge's
                ``1 - traced`` whatever the split, plus for each piece its Upgrades'
                penalty and ``traced - (1 - traced)`` for each edge inside it; so covers
                taken by the sum of this are taken by that cost."""
                inside = sum(2 * t - 1 for (a, b), t in edges.items() if a in piece and b in piece)
                return UPGRADE_PENALTY * (zone.size - len(piece)) + inside

            found = hex_covers.cheapest_covers(offsets, run, piece_cost) or found
        out = []
        for split in found:
            owner = {h: i for i, p in enumerate(split) for h in p}
            cost = sum(UPGRADE_PENALTY * (zone.size - len(p)) for p in split)
            for (a, b), traced in edges.items():
                cost += (1 - traced) if owner[a] != owner[b] else traced
            out.append((cost, split))
        return out

    # --- drawing order ---------------------------------------------------------------

    def order(self, placed: list[tuple[str, frozenset[Hex], int]]) -> list[dict[str, Any]]:
        """The shapes in a legal drawing order, as the state's shape dicts."""
        sequence = legal_order(self.cosmos, placed)
        per = self.cosmos.rules.turns_per_round
        if sequence is None:
            self.doubt("shapes", NO_ORDER)
            sequence = sorted(placed, key=lambda p: min((h[1], -h[0]) for h in p[1]))[::-1]
        out = []
        for n, (zid, hexes, spent) in enumerate(sequence):
            out.append(
                {
                    "zone": zid,
                    "hexes": [hex_id(h) for h in sorted(hexes, key=lambda h: (h[1], h[0]))],
                    "round": n // per + 1,
                    "turn": n % per + 1,
                    "upgrades_used": spent,
                }
            )
        return out


def spend_text(used: tuple[int, int]) -> str:
    """What the Upgrade boxes allow spending, in words."""
    lo, hi = used
    if lo == hi:
        return f"the {lo} Upgrades checked"
    return f"{lo} to {hi} Upgrades, as the boxes checked and unclear allow"


def shapes_of_split(
    zone: Zone, split: list[frozenset[Hex]]
) -> list[tuple[str, frozenset[Hex], int]]:
    """The shapes of one split of a run: (zone, hexes, Upgrades spent) each."""
    return [(zone.id, piece, zone.size - len(piece)) for piece in split]


def _hexes_of(zid: str, pieces: list, fit: list[list]) -> list[frozenset[Hex]]:
    """The hexes of each of ``zid``'s shapes: among ``pieces`` and a fit's runs."""
    return [p[1] for p in pieces + [q for run in fit for q in run] if p[0] == zid]


def hexes_by_zone(zone_of: dict[Hex, str]) -> dict[str, set[Hex]]:
    """The hexes of each zone."""
    out: dict[str, set[Hex]] = {}
    for h, z in zone_of.items():
        out.setdefault(z, set()).add(h)
    return out
