"""Reading a Cosmos page's Upgrade boxes against its shapes: every Upgrade spent checks
one box, every Upgrade space covered gains one."""

from __future__ import annotations

from pnp.vision.cosmos_reading import HexRead
from pnp.vision.field_doubts import BUBBLE_BEYOND
from scoring.distant_suns.hexgrid import Hex, hex_id

# A hex the field reader doubts for the paper's noise (read filled, but the paper is noisy
# enough to have made ink there) is settled covered when two things say so apart: its
# ink matches one zone symbol well (``HEX_SURE_SCORE``, ``HEX_SURE_CONFIDENCE``: leading
# the runner-up by 0.096 or more), and it lies in a whole shape (no Upgrade spent, no
# doubt on its hexes or its split), each of whose hexes reads one symbol. Noise draws no
# star: measured on the seed 8 and 11 photo sets (120 Cosmos pages), of 22 noise blobs
# the Cosmos reader read covered, the best scored 0.694 and every one lay in a shape
# spending 2 Upgrades or more (the noise hex alone, or with one neighbour); of the 246
# marked hexes doubted for noise and read with one symbol at confidence 0.9 or more,
# 138 are settled (no noise blob), the rest still asked.
HEX_SURE_SCORE = 0.70
HEX_SURE_CONFIDENCE = 0.9
# the Upgrade boxes
SOLID_INK = 0.85  # a box this full may be a fill or a correction scribbled out
SCRIBBLED_INK = 0.97  # ... and this full, more likely scribbled out
# ...and inked past its sides this much (the band round it), beside boxes inked past them
# no more than ``NEAT_BOX``: the scribble, beside neat fills (``_scribbled_past``)
SCRAWL_BOX = 0.15
NEAT_BOX = 0.02


class UpgradeBoxes:
    """The Upgrade boxes of a Cosmos page, gained and used, checked against what the
    shapes cover and spend, and the doubted hexes a whole clear shape settles (a part of
    ``distant_suns._Reader``, whose page and findings it shares)."""

    def read_upgrades(self, hexes, placed) -> tuple[int | None, list[int] | None]:
        n = self.cosmos.upgrade_slots
        covered_upgrades = sum(
            1 for h in self.cosmos.of_type("upgrade") if hexes.get(h) and hexes[h].covered
        )
        spent = sum(p[2] for p in placed)
        asked = self._asked_hexes()
        upgrade_hexes = {hex_id(h) for h in self.cosmos.of_type("upgrade")}
        gained = self._checked(
            [f"upgrade-{i}" for i in range(1, n + 1)],
            covered_upgrades,
            f"the shapes cover {covered_upgrades} Upgrade spaces",
            unclear=len(asked & upgrade_hexes),
        )
        used = self._checked(
            [f"upgrade-{i}-used" for i in range(1, n + 1)],
            spent,
            f"the shapes spend {spent}",
            unclear=len(asked),
        )
        if gained is not None and used is not None:
            self._doubt_used_ungained(gained, used)
        return (
            None if gained is None else len(gained),
            None if used is None else [int(f.split("-")[1]) for f in used],
        )

    def _doubt_used_ungained(self, gained: list[str], used: list[str]) -> None:
        """A box checked beneath an Upgrade circle read unchecked: "check the box beneath
        an Upgrade obtained" (the rulebook), so one of the two is misread. The circle is
        asked (a faint check, likelier), unless a person said it is empty, then the box;
        neither where the field reader asks about it already, or a person answered it.
        (Seed 680059's game, a hard page: circle 3 ticked faintly, read empty at no ink,
        box 3 beneath it checked; the shapes cover 6 Upgrade spaces against 5 circles.)"""
        asked = self.doubted | {d.field for d in self.doubts}
        for box in used:
            circle = box.removesuffix("-used")
            if circle in gained:
                continue
            if circle not in self.answered:
                if circle not in asked:
                    self.doubt(
                        circle,
                        "read unchecked, but the box beneath it is checked (an Upgrade is "
                        "used once gained): a faint check?",
                    )
            elif box not in self.answered and box not in asked:
                self.doubt(box, "checked, but the Upgrade circle above it is not: a mark?")

    def _asked_hexes(self) -> set[str]:
        """The hexes (ids) still asked about when the boxes are read: for their ink (the
        field reader's doubts this reader has not settled), or by this reader
        (``_doubted_hexes``)."""
        by_ink = {
            f.removeprefix("hex-")
            for f in self.doubted
            if f.startswith("hex-") and f not in self.settled
        }
        return by_ink | self._doubted_hexes()

    def _doubted_hexes(self) -> set[str]:
        """The hexes (ids) this reader asks about: for their symbol, or the split of the
        run they lie in."""
        out: set[str] = set()
        for d in self.doubts:
            if d.field.startswith("shape:"):
                out.update(d.field.removeprefix("shape:").split())
            elif d.field.startswith("hex-"):
                out.add(d.field.removeprefix("hex-"))
        return out

    def _checked(
        self, ids: list[str], expected: int, why: str = "", unclear: int = 0
    ) -> list[str] | None:
        """The checked ones among ``ids``; a solid or doubtful box is settled by
        ``expected`` (what the shapes say: ``why``) when only one answer fits. A box the field
        reader asks about is settled checked when the shapes need it with every other
        unclear box, and never unchecked: a correction scribbled out can pass for a sure
        mark (measured: a faint cross and a noisy fill would have been settled wrong).
        Where the shapes need more than every box read checked or unclear, and the boxes
        read scribbled out could make up the difference (the shapes needing no more boxes
        than there are), those are asked about (a fill run past its outline reads so),
        never settled checked: a correction is what it mostly is.

        Where the solid or doubtful boxes do not fit ``expected``, but the ``unclear``
        hexes still asked about (those that bear on it: the Upgrade spaces asked, for the
        boxes gained; every hex asked, for what the shapes spend) are as many as the
        difference or more, the boxes are read as checked and not asked: the hexes'
        answers come first, and the page read again with them asks of the boxes what
        still does not fit (session 64, seed 757 #63, an easy page in a solid pen: one
        Upgrade space's hex asked for its symbol, all nine solid boxes asked besides).
        The Cosmos pages of 40 sets (seeds 719-758), against the code before: 58 boxes
        asked -> right (7 on that page, 51 hard), 2 asked -> wrong on hard pages asked
        about their hexes (corrections, asked once the hexes are answered), nothing else
        moved."""
        why = why or f"the shapes need {expected}"
        sure, maybe, asked = [], [], []
        for fid in ids:
            r = self.readings.get(fid)
            if r is None:
                continue
            self.confidence[fid] = r.confidence
            if r.state == "filled" and fid in self.answered:
                sure.append(fid)
            elif fid in self.doubted:
                asked.append(fid)
            elif r.state == "filled" and r.ink < SOLID_INK:
                sure.append(fid)
            elif r.state != "empty":
                maybe.append(fid)
        need = expected - len(sure)
        if asked and need == len(maybe) + len(asked):
            self.remarks.append(f"{', '.join(asked)}: read as checked ({why})")
            self._settle(dict.fromkeys(maybe + asked, True))
            return sorted(sure + maybe + asked, key=_index)
        # else a box asked about is taken as any other, never settled unchecked for
        # the others' count alone: read filled (not solid), it counts as sure; unless
        # it is asked as unchecked until answered (a neighbour's tail, hatched out): no
        # check then, it counts neither way and stays asked (solid, it is the count's
        # to settle, as any solid box)
        for fid in asked:
            r = self.readings[fid]
            if r.state == "filled" and r.ink < SOLID_INK:
                if fid not in self.taken_empty:
                    sure.append(fid)
            elif r.state != "empty":
                maybe.append(fid)
        need = expected - len(sure)
        # more than the boxes read checked or unclear, and no more than there are: a fill
        # run past its outline may have been read as a mark scribbled out
        taken_back = [
            fid
            for fid in ids
            if fid not in asked
            and fid not in self.answered  # a person said empty
            and (r := self.readings.get(fid)) is not None
            and r.hatched
            and r.state == "empty"
        ]
        if len(maybe) < need <= len(maybe) + len(taken_back) and expected <= len(ids):
            for fid in taken_back:
                self.doubt(fid, f"read scribbled out, but {why}: a mark?")
        if not maybe:
            return sorted(sure, key=_index)
        if need == 0:
            self.remarks.append(f"{', '.join(maybe)}: read as unchecked (scribbled out?)")
            self._settle(dict.fromkeys(maybe, False))
            return sorted(sure, key=_index)
        if need == len(maybe):
            self._settle(dict.fromkeys(maybe, True))
            return sorted(sure + maybe, key=_index)
        if 0 <= need < len(maybe):
            # a correction is scribbled over twice: the densest boxes are the ones
            # taken back. Only which box, never how many, rests on this.
            dense = sorted(maybe, key=lambda i: -self.readings[i].ink)
            out, kept = dense[: len(maybe) - need], dense[len(maybe) - need :]
            lightest_out = min(self.readings[i].ink for i in out)
            darkest_kept = max((self.readings[i].ink for i in kept), default=0.0)
            # ...unless the field reader saw strokes crossing past a kept box's outline
            # and not past one taken back (seed 711 #193: the fill 0.984 inked, the
            # scribble 0.972 run past three sides), or scribbled past a kept box's sides
            # and not past one taken back, every other box neat (``_scribbled_past``;
            # seed 862 #753, a hard page: the fill 0.971 inked and neat, the scribble
            # 0.957 inked 0.378 of the band round it; ``python -m pnp.bench photos --n
            # 1200 --level hard --seed 862``): the outline says otherwise than the density
            past = self._scribbled_past(maybe)
            crossed = {i for i in maybe if self.readings[i].crossed}
            outline_disagrees = any(
                marked & set(kept) and not set(out) <= marked
                for marked in (crossed, set(past or ()))
            )
            if (
                lightest_out < SCRIBBLED_INK
                or darkest_kept >= lightest_out - 0.005
                or outline_disagrees
            ):
                # the density does not tell: the ones scribbled past their outline may
                out = past
                kept = [i for i in maybe if i not in (out or ())]
            if out is not None and len(out) == len(maybe) - need:
                self.remarks.append(f"{', '.join(out)}: read as scribbled out ({why})")
                self._settle(dict.fromkeys(out, False) | dict.fromkeys(kept, True))
                return sorted(sure + kept, key=_index)
        if abs(need - len(maybe)) <= unclear:
            # the count rests on hexes still asked about (``unclear``: as many as could
            # make up the difference): their answers come first, and the page read again
            # with them asks of the boxes what still does not fit
            self.remarks.append(
                f"{', '.join(maybe)}: read as checked until the hexes asked about are "
                f"answered ({why})"
            )
            return sorted(sure + maybe, key=_index)
        for fid in maybe:
            self.doubt(fid, "solid or faint mark: checked, or scribbled out?")
        return sorted(sure + maybe, key=_index)

    def _scribbled_past(self, maybe: list[str]) -> list[str] | None:
        """The boxes of ``maybe`` scribbled past their outline, solid, where every other
        keeps inside it: a fill keeps to its box, a scribble laid over one runs out of it
        (as a Federation digit's scribble beside a neat fill: ``bubble_digits``). A circle
        is scribbled past it out to its square's corners (``BUBBLE_BEYOND``, as the field
        reader asks "hatched out?"), every other short of them; a box past its sides
        (``SCRAWL_BOX`` of the band round it inked), every other neat (``NEAT_BOX``): a
        box's fill drawn large runs past its sides as often as a scribble does, but not
        on a page whose other fills keep neatly inside. None where no box of ``maybe`` is
        so scribbled, or where circles and boxes are mixed.

        (Seed 773 #168, a normal page: Upgrade circles 1-5 filled, 6 scribbled out past
        its circle, all six 0.93-0.98 inked and asked. On the Cosmos pages of the 52 sets
        of seeds 719-770, the 15 pages asking their Upgrade circles "checked, or
        scribbled out?" held one scribble each, 0.69-0.94 of its corners inked, every fill
        at 0.0. Of the Upgrade boxes 0.85 inked or more on the 54 sets of seeds 719-774,
        the 1,605 fills' bands were inked 0.0 up to the 80th percentile and 0.06 at the
        90th, the 1,125 scribbles' 0.099 at the 5th percentile and 0.144 at the 10th.)"""
        circles = {self.fields[i].shape == "circle" for i in maybe}
        if len(circles) != 1:
            return None
        beyond = {i: self.readings[i].beyond for i in maybe}
        if circles.pop():
            past = [i for i in maybe if beyond[i] >= BUBBLE_BEYOND]
            neat = True
        else:
            past = [i for i in maybe if beyond[i] >= SCRAWL_BOX]
            neat = all(beyond[i] <= NEAT_BOX for i in maybe if i not in past)
        if not past or not neat or any(self.readings[i].ink < SOLID_INK for i in past):
            return None
        return past

    def _settle(self, boxes: dict[str, bool]) -> None:
        """Upgrade boxes the shapes decide, reported as settled (no longer asked) when the
        shapes rest on clear hexes: none read doubtful, none asked about by the reader or
        for its symbol, no run the shapes fail to split (a hard page's noise). A hex this
        reader settled itself (``settled``: grain, not a symbol, say) is clear (since
        session 45; before, its field reader's doubt kept the boxes asked). Resting on
        unclear hexes, a box they read otherwise than its ink is asked (session 45;
        before, it was turned over with nothing asked: its field silently other than
        its reading, though the state read it as the shapes say)."""
        hexes_asked = bool(self._asked_hexes()) or any(d.field == "shapes" for d in self.doubts)
        doubtful = any(
            r.state == "doubtful" and i not in self.settled
            for i, r in self.readings.items()
            if i.startswith("hex-")
        )
        if not hexes_asked and not doubtful:
            self.settled |= boxes
            return
        # else a box the shapes read otherwise than its ink is asked, not turned over
        # silently: the shapes may change once the hexes are answered
        for fid, checked in boxes.items():
            r = self.readings.get(fid)
            if fid not in self.doubted and r is not None and (r.state == "filled") != checked:
                self.doubt(fid, "solid or faint mark: checked, or scribbled out?")

    def _settle_hexes(
        self, hexes: dict[Hex, HexRead], placed: list[tuple[str, frozenset[Hex], int]]
    ) -> None:
        """Hexes the field reader doubts but reads filled, settled covered where their
        symbol is clear (``HEX_SURE_SCORE``) and they lie in a whole shape of clear hexes
        (no Upgrade spent, no doubt on its hexes or its split): the paper's noise draws
        neither. The drawing order is no part of it: a noise blob elsewhere that spends
        Upgrades leaves no legal order, and says nothing of a whole shape."""
        doubted_hexes = self._doubted_hexes()
        for zid, piece, spent in placed:
            whole = not spent and len(piece) == self._zone(zid).size
            if not whole or {hex_id(h) for h in piece} & doubted_hexes:
                continue
            if any(not hexes[h].covered or len(hexes[h].candidates) != 1 for h in piece):
                continue
            for h in piece:
                fid = f"hex-{hex_id(h)}"
                r = self.readings.get(fid)
                if fid not in self.doubted or fid in self.answered or r is None:
                    continue
                if r.state != "filled" or hexes[h].confidence < HEX_SURE_CONFIDENCE:
                    continue
                # a hex covered without its symbol scored (a repaired lookalike) is not clear
                scored = self.hex_scores.get(h)
                if scored is not None and scored.score >= HEX_SURE_SCORE:
                    self.settled[fid] = True


def _index(fid: str) -> int:
    return int(fid.split("-")[1])
