"""The Cosmos spaces nothing is ever drawn in. No shape may cover a Start, Treasure or
Frontier space (the rulebook) nor a Black Hole (``layouts``: the rules'
``cannot_cover``); of those only a Treasure space is marked, circled. The hex fields of
the others are read so: empty, whatever ink lies in them."""

from __future__ import annotations

from scoring.distant_suns.hexgrid import hex_id


class UnmarkedSpaces:
    """Settles the hex fields of the spaces no rule marks (a part of
    ``distant_suns._Reader``, whose page and findings it shares)."""

    def settle_unmarked_spaces(self) -> None:
        """Each hex field of a space no shape covers and no player circles read empty
        (``settled``), not asked. Its ink is a neighbour's stroke, a Frontier value's
        circle run up into the flag's box, or the print and grain the blank leaves:
        read as a mark, it was a field wrong with nothing asked (seeds 827 and 829-835,
        960 Cosmos pages: 4 Frontier and Start fields read filled with nothing asked and
        3 asked, none of them marked; 834 #1173's Frontier flag read filled at 4.6% of
        its box). A symbol drawn there anyway covers no space; the shape it was drawn
        for is short a hex, which the shapes' checks ask about."""
        never = self.cosmos.uncoverable - self.cosmos.of_type("treasure")
        for h in sorted(never, key=lambda h: (h[1], h[0])):
            fid = f"hex-{hex_id(h)}"
            r = self.readings.get(fid)
            if r is None or fid in self.answered:
                continue
            if r.state != "empty" or fid in self.doubted:
                self.settled[fid] = False
                self.confidence[fid] = 1.0
                kind = self.cosmos.space_types[h].replace("_", " ").title()
                self.remarks.append(f"{fid}: a {kind} space, which nothing marks: read empty")
