"""Reading a Cosmos page's Frontiers: "circle the value you got; cross out the one you can
no longer get" (``circled`` tells the two marks apart)."""

from __future__ import annotations

import math

from pnp.sheetmap import Field
from pnp.vision import circled
from pnp.vision.cosmos_ink import crop_circle, despeckle
from pnp.vision.cosmos_reading import HexRead
from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours

# How a Frontier value asked about is answered (``--set FIELD=circled``), or empty
FRONTIER_MARKS = ("circled", "crossed")


class FrontierMarks:
    """The Frontier values of a Cosmos page: which of each pair is circled and which
    crossed out, and which the Frontier reached leaves unclear (a part of
    ``distant_suns._Reader``, whose page and findings it shares)."""

    def read_frontiers(self, hexes: dict[Hex, HexRead]) -> dict[str, str]:
        covered = _covered(hexes)
        out: dict[str, str] = {}
        for h in self._frontiers():
            hid = hex_id(h)
            reached = _reached(h, covered)
            marks, arc, arms = {}, {}, {}
            for side in ("high", "low"):
                fid = f"frontier-{hid}-{side}"
                f = self.fields.get(fid)
                if f is None:
                    continue
                marks[side], arc[side], arms[side] = self._value_mark(f)
            told = self._told(hid, marks)
            if told:
                marks |= told
            elif len(marks) == 2 and set(marks.values()) <= {"circle", "cross", "unclear"}:
                marks = self._one_circled(hid, marks, arc, arms)
                if "unclear" not in marks.values():
                    self._settle_marked(hid, marks)
            else:
                marks = _solid_beside_a_mark(marks)
            taken = [s for s, m in marks.items() if m == "circle"]
            unclear = [s for s, m in marks.items() if m == "unclear"]
            for side in marks:
                fid = f"frontier-{hid}-{side}"
                self.confidence[fid] = 0.5 if side in unclear else 0.9
            if unclear and (reached or any(m == "circle" for m in marks.values())):
                for side in unclear:
                    self.doubt(f"frontier-{hid}-{side}", "circled or crossed out?", FRONTIER_MARKS)
            if len(taken) == 2:
                out[hid] = "both"
            elif taken:
                out[hid] = taken[0]
            elif reached and not unclear:
                reason = f"{hid} is reached but no value is circled"
                self.doubt(f"frontier-{hid}-high", reason, FRONTIER_MARKS)
        return out

    def _told(self, hid: str, marks: dict[str, str]) -> dict[str, str]:
        """The marks of a Frontier's values a person answered (``told``: circled or
        crossed out; empty: no mark), and, beside one circled or crossed out, the other
        value's if its ink is a mark: the other of the two (one circled, the other crossed
        out, the sheet's rule). Empty where nobody answered either."""
        out = {}
        for side in marks:
            fid = f"frontier-{hid}-{side}"
            if fid in self.told:
                out[side] = "circle" if self.told[fid] == "circled" else "cross"
            elif fid in self.answered and (r := self.readings.get(fid)) and r.state == "empty":
                out[side] = "none"
        said = [m for m in out.values() if m in ("circle", "cross")]
        for side, m in marks.items():
            if side not in out and len(said) == 1 and m in ("circle", "cross", "unclear", "solid"):
                out[side] = "cross" if said[0] == "circle" else "circle"
        return out

    def settle_unreached(self, hexes: dict[Hex, HexRead]) -> None:
        """A Frontier value the field reader asks about (and this reader does not), on a
        Frontier no covered space reaches, its pair's other value read empty and not
        asked: read empty (``settled``), not asked. A value earns points only once its
        Frontier is reached (a value circled on a Frontier not reached is a problem of the
        state), and a value crossed out or scribbled out is in no part of the state: no
        answer changes what the sheet scores (as ``no_effect`` settles Stellar Drift's
        doubts). Not where a hex next to the Frontier is asked about too: its answer may
        reach it.
        Run once the hexes' questions are all asked (``_Reader.read``). On the reader's
        dumps of 66 photo sets (seeds 829-903) the Frontier values asked so ("filled
        solid", "inked past the circle") beside a bare value were 24, all scribbled out
        (corrections); read again, all 24 are settled, and 22 of their pages (8 easy
        or normal) then ask nothing; seeds 891, 893, 899 and 901 read before and after
        (1,200 Cosmos pages): 4 fields asked -> right, nothing else. (A heavy cross-out
        of a value an opponent took first, which the synthetic sets never draw alone,
        is read empty too: it scores nothing either.)"""
        covered = _covered(hexes)
        by_field = {f for f in self.doubted if f not in self.settled}
        by_cosmos = {d.field for d in self.doubts}
        asked = by_field | by_cosmos
        for h in self._frontiers():
            if _reached(h, covered) or any(f"hex-{hex_id(n)}" in asked for n in neighbours(h)):
                continue
            fids = {side: f"frontier-{hex_id(h)}-{side}" for side in ("high", "low")}
            for side, fid in fids.items():
                other = fids["low" if side == "high" else "high"]
                o = self.readings.get(other)
                if (
                    fid in by_field
                    and fid not in by_cosmos
                    and o is not None
                    and o.state == "empty"
                    and other not in asked
                ):
                    self.settled[fid] = False
                    self.confidence[fid] = 0.9
                    self.remarks.append(
                        f"{fid}: inked on a Frontier no covered space reaches, its other "
                        "value bare: no points either way, read empty"
                    )

    def _frontiers(self) -> list[Hex]:
        """The sheet's Frontier hexes, row by row (their questions and remarks in that
        order)."""
        return sorted(self.cosmos.of_type("frontier"), key=lambda h: (h[1], h[0]))

    def _settle_marked(self, hid: str, marks: dict[str, str]) -> None:
        """The values of a Frontier pair told apart (one circled, the other crossed out:
        the rule printed on the sheet) read filled that the field reader asks about (a
        mark hatched out? noise?): marked either way, where the edges of the circled
        one's ink also face its middle more, by ``circled.ROUND_LEAD``
        (``circled.runs_round``): two measures agree. On the 21 photo sets and the
        held-out seed 4242 set (measured at fee91fa) 4 of the 7,870 pairs told apart were
        told wrongly, on hard and real-mode pages; the 3 of them whose edges were
        measured had edges that disagreed or led by under 0.1."""
        fids = [f"frontier-{hid}-{side}" for side in marks]
        asked = [
            fid
            for fid in fids
            if fid in self.doubted and (r := self.readings.get(fid)) and r.state == "filled"
        ]
        if not asked:
            return
        facing = {m: self._facing(self.fields[f"frontier-{hid}-{s}"]) for s, m in marks.items()}
        if facing["circle"] - facing["cross"] < circled.ROUND_LEAD:
            return
        for fid in asked:
            self.settled[fid] = True
            self.remarks.append(f"{fid}: marked, circled or crossed out alike")

    def _one_circled(
        self, hid: str, marks: dict[str, str], arc: dict[str, int], arms: dict[str, float]
    ) -> dict[str, str]:
        """The marks of a Frontier's two values, both marked: the one whose ink runs
        further round it circled and the other crossed; else the one whose ink gathers
        less at four arms; else the one whose ink's edges face its middle more; else
        unclear (``circled.votes``, each with its lead). Unclear too where two of the
        three tell, and tell different values, or where the arc or the arms alone tell
        and the other two lean the other way (``circled.outvoted``). (Its ring's
        coverage alone does not tell: ``circled.value_mark``.)"""
        facing = {s: self._facing(self.fields[f"frontier-{hid}-{s}"]) for s in marks}
        votes = circled.votes(arc, arms, facing)
        if not votes or len(set(votes.values())) > 1 or circled.outvoted(arc, arms, facing):
            return {s: "unclear" for s in marks}
        measure, top = next(iter(votes.items()))  # the first that tells, in that order
        why = {
            "arc": "runs further round",
            "arms": "spreads round; the other's gathers at four arms",
            "facing": "runs round the value; the other's arms point at it",
        }
        return self._decided(hid, marks, top, why[measure])

    def _decided(self, hid: str, marks: dict[str, str], top: str, why: str) -> dict[str, str]:
        """``top`` circled and the other value crossed, remarked where not so read."""
        decided = {s: "circle" if s == top else "cross" for s in marks}
        if decided != marks:
            self.remarks.append(f"frontier-{hid}-{top}: circled (its ink {why})")
        return decided

    def _value_mark(self, f: Field) -> tuple[str, int, float]:
        """``circled.value_mark`` of a Frontier value's ink (its circle, 0.2 mm wider)."""
        r = f.w / 2 + 0.2
        ink = despeckle(crop_circle(self.mask, f.x, f.y, r, self.px), self.px)
        return circled.value_mark(ink, r, self.px)

    def _facing(self, f: Field) -> float:
        """``circled.runs_round`` of the ink on and round a Frontier value, out to
        ``circled.ROUND_REACH_MM`` past its circle (once a value: ``_one_circled`` and
        ``_settle_marked`` may both ask)."""
        if f.id not in self._facings:
            self._facings[f.id] = self._runs_round(f)
        return self._facings[f.id]

    def _runs_round(self, f: Field) -> float:
        r = f.w / 2 + 0.2
        reach = r + circled.ROUND_REACH_MM
        near = despeckle(crop_circle(self.mask, f.x, f.y, reach, self.px), self.px)
        # the value's middle in ``near``'s pixels (``_crop_circle`` cuts from the floor)
        cx = f.x * self.px - max(0, math.floor((f.x - reach) * self.px)) - 0.5
        cy = f.y * self.px - max(0, math.floor((f.y - reach) * self.px)) - 0.5
        return circled.runs_round(near, cx, cy, r * self.px)


def _covered(hexes: dict[Hex, HexRead]) -> set[Hex]:
    """The hexes read covered."""
    return {h for h, r in hexes.items() if r.covered}


def _reached(h: Hex, covered: set[Hex]) -> bool:
    """Whether Frontier ``h`` is reached: a space next to it is ``covered``."""
    return any(n in covered for n in neighbours(h))


def _solid_beside_a_mark(marks: dict[str, str]) -> dict[str, str]:
    """A Frontier's marks with a value inked solid (``circled.value_mark``: a blot over
    most of its circle) read unclear where the other value holds a mark: a solid blot is
    mostly a value scribbled out as a correction, but may be a loop drawn tight and
    heavy round the value, the one circled, and the other's mark does not tell which.
    Before, the other value was taken, circled or not, and nothing asked (seed 833 #118,
    a real-mode page: its circled value read solid, the cross beside it circled; the
    score wrong). On six photo sets (seeds 827 and 829-833: 2,160 pairs) a solid
    value lay beside another's mark 3 times: this one and two corrections, which the
    field reader asks about already ("filled solid", "inked past the circle")."""
    if "solid" not in marks.values() or not set(marks.values()) - {"solid", "none"}:
        return marks
    return {s: "unclear" if m == "solid" else m for s, m in marks.items()}
