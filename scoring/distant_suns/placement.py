"""Where a zone's shape may be drawn on a Cosmos sheet, and what is wrong with a sheet.

Rules (rulebook, "Drawing" and "Upgrade Spaces"):

* the shape, in any of its rotations and reflections, lies entirely inside
  the grid, on spaces not yet covered and never on the spaces listed in the
  cosmos's ``rules.cannot_cover`` (Start, Treasure, Frontier, Black Hole);
* at least one of its hexes is next to a space covered on an earlier turn;
  the first shape of the game must instead touch the Start space. (Start is
  not itself covered: later shapes must touch a covered space.)
* each Upgrade spent ignores one hex of the shape, at most
  ``rules.max_upgrades_per_turn`` per turn, and what is drawn stays one
  connected piece. Only Upgrades gained on earlier turns can be spent.

State is plain, frozen data: a :class:`Sheet` is the cosmos, the zones in
play and the shapes drawn so far, each a :class:`PlacedShape` (zone id, hexes
covered, turn, Upgrades spent). Who reached a Frontier first is scoring's
business, not this module's.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations

from scoring.distant_suns.hexgrid import (
    Hex,
    groups,
    hex_id,
    is_connected,
    neighbours,
    normalise,
    orientations,
)
from scoring.distant_suns.layout import Cosmos, Zone

Form = tuple[Hex, ...]


@dataclass(frozen=True)
class Placement:
    """One way to draw ``zone`` this turn: the hexes covered, the Upgrades spent."""

    zone: str
    hexes: frozenset[Hex]
    upgrades_used: int = 0

    def at_turn(self, turn: int) -> PlacedShape:
        return PlacedShape(self.zone, self.hexes, turn, self.upgrades_used)


@dataclass(frozen=True)
class PlacedShape:
    """A shape drawn on the sheet: zone id, hexes covered, turn (1-based, whole game)."""

    zone: str
    hexes: frozenset[Hex]
    turn: int
    upgrades_used: int = 0


@dataclass(frozen=True)
class Sheet:
    """One player's Cosmos sheet: the zones in play and the shapes drawn, in any order."""

    cosmos: Cosmos
    zones: tuple[Zone, ...]
    placed: tuple[PlacedShape, ...] = ()

    def covered(self) -> frozenset[Hex]:
        return frozenset(h for p in self.placed for h in p.hexes)

    @property
    def next_turn(self) -> int:
        return max((p.turn for p in self.placed), default=0) + 1

    def zone(self, zone_id: str) -> Zone:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(f"zone {zone_id!r} is not in play (in play: {_ids(self.zones)})")

    def upgrades_available(self, turn: int) -> int:
        """Upgrades gained before ``turn`` and not yet spent before it."""
        earlier = [p for p in self.placed if p.turn < turn]
        upgrades = self.cosmos.of_type("upgrade")
        gained = len(upgrades & frozenset().union(*(p.hexes for p in earlier)))
        return gained - sum(p.upgrades_used for p in earlier)

    def place(self, placement: Placement, turn: int | None = None) -> Sheet:
        """This sheet with ``placement`` drawn on ``turn`` (default: the next turn).

        It does not check the rules: use :func:`legal_placements` to choose,
        :func:`check_sheet` to audit.
        """
        turn = self.next_turn if turn is None else turn
        return replace(self, placed=(*self.placed, placement.at_turn(turn)))


def legal_placements(
    sheet: Sheet, zone: Zone, upgrades_available: int | None = None
) -> list[Placement]:
    """Every legal way to draw ``zone`` on ``sheet`` this turn, without and with Upgrades.

    ``upgrades_available`` counts Upgrades gained on earlier turns and not yet
    spent; by default it is worked out from the sheet for its next turn.
    Distinct placements cover distinct sets of hexes.
    """
    if upgrades_available is None:
        upgrades_available = sheet.upgrades_available(sheet.next_turn)
    board = _board(sheet.cosmos)
    most = min(upgrades_available, sheet.cosmos.rules.max_upgrades_per_turn)
    covered = board.mask(sheet.covered())
    if sheet.placed:
        touching = board.around(covered) & ~covered
    else:
        touching = board.around(board.mask([sheet.cosmos.start]))
    return [
        Placement(zone.id, frozenset((q0 + q, r0 + r) for q, r in form), upgrades)
        for upgrades, fits in enumerate(board.candidates(zone)[: max(most, 0) + 1])
        for mask, form, (q0, r0) in fits
        if not mask & covered and mask & touching
    ]


def check_sheet(sheet: Sheet, order: bool = True) -> list[str]:
    """Every rule the drawn shapes break, each naming the turn, the zone and the hexes.

    An empty list means the sheet is legal. Without ``order`` (turns inferred, not
    known: a sheet read from a photo) the two rules of the drawing order are left out,
    each shape touching an earlier one (the first the start) and Upgrades spent only
    once gained: :func:`legal_order` says whether any order keeps them.
    """
    cosmos = sheet.cosmos
    found: list[str] = []
    by_turn: dict[int, list[PlacedShape]] = {}
    for p in sheet.placed:
        by_turn.setdefault(p.turn, []).append(p)
    for turn, drawn in sorted(by_turn.items()):
        if len(drawn) > 1:
            found.append(f"turn {turn}: {len(drawn)} shapes drawn ({_ids(drawn)}), one allowed")
        if turn < 1:
            found.append(f"turn {turn}: turns are numbered from 1")

    covered_by: dict[Hex, PlacedShape] = {}
    first = True
    for p in sorted(sheet.placed, key=lambda p: p.turn):
        zone = next((z for z in sheet.zones if z.id == p.zone), None)
        label = f"turn {p.turn} {zone.name if zone else repr(p.zone)}"
        if zone is None:
            found.append(f"{label}: zone {p.zone!r} is not in play (in play: {_ids(sheet.zones)})")
        if not p.hexes:
            found.append(f"{label}: covers no hexes")
            continue
        for h in _ordered(p.hexes):
            if h not in cosmos.hexes:
                found.append(f"{label}: {hex_id(h)} is outside the grid")
            elif h in cosmos.uncoverable:
                kind = cosmos.space_types[h].replace("_", " ")
                found.append(f"{label}: {hex_id(h)} is a {kind} space")
            if h in covered_by:
                earlier = covered_by[h]
                found.append(f"{label}: {hex_id(h)} is already covered on turn {earlier.turn}")
        found += _shape_problems(sheet, p, zone, label, order)
        anchor = set(covered_by) if not first else {cosmos.start}
        if order and not any(n in anchor for h in p.hexes for n in neighbours(h)):
            what = "the start space" if first else "any space covered on an earlier turn"
            found.append(f"{label}: {_listed(p.hexes)} does not touch {what}")
        for h in p.hexes:
            covered_by.setdefault(h, p)
        first = False
    return found


def _shape_problems(
    sheet: Sheet, p: PlacedShape, zone: Zone | None, label: str, order: bool
) -> list[str]:
    found = []
    pieces = groups(p.hexes)
    if len(pieces) > 1:
        split = "; ".join(_listed(piece) for piece in pieces)
        found.append(f"{label}: drawn in {len(pieces)} separate pieces ({split})")
    most = sheet.cosmos.rules.max_upgrades_per_turn
    if p.upgrades_used > most:
        found.append(f"{label}: spends {p.upgrades_used} Upgrades, at most {most} per turn")
    available = sheet.upgrades_available(p.turn)
    if order and p.upgrades_used > max(available, 0):
        found.append(
            f"{label}: spends {p.upgrades_used} Upgrades, only {max(available, 0)} "
            "gained on earlier turns and unspent"
        )
    if zone is None or len(pieces) > 1:
        return found
    ignored = zone.size - len(p.hexes)
    if ignored != p.upgrades_used:
        found.append(
            f"{label}: covers {len(p.hexes)} hexes; {zone.name} has {zone.size} "
            f"and {p.upgrades_used} Upgrades were spent"
        )
    elif 0 <= ignored <= most and normalise(p.hexes) not in zone_forms(zone.hexes, most)[ignored]:
        without = f" less {ignored} hexes" if ignored else ""
        found.append(f"{label}: {_listed(p.hexes)} is not the {zone.name} shape{without}")
    return found


ORDER_SEARCH_STEPS = 20000  # (legal_order) a search this long finds none: there is none
NO_ORDER = (
    "no drawing order fits the placement rules (each shape touching an earlier one, "
    "the first the start, Upgrades spent once gained)"
)


def legal_order(
    cosmos: Cosmos, placed: list[tuple[str, frozenset[Hex], int]]
) -> list[tuple[str, frozenset[Hex], int]] | None:
    """An order in which ``placed`` (zone id, hexes, Upgrades spent) could have been
    drawn under the rules of the drawing order, or None (none found).

    Shapes that spend no Upgrades go as early as they can (they only add covered
    spaces and Upgrades); a search tries the others where they fit, up to
    ``ORDER_SEARCH_STEPS`` steps.
    """
    upgrades = cosmos.of_type("upgrade")
    limit = cosmos.rules.rounds * cosmos.rules.turns_per_round
    if len(placed) > limit:
        return None
    budget = [ORDER_SEARCH_STEPS]

    def go(order, left, covered, gained, spent):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if not left:
            return order
        anchor = covered if order else {cosmos.start}
        touching = [
            i for i in left if any(n in anchor for h in placed[i][1] for n in neighbours(h))
        ]
        free = [i for i in touching if placed[i][2] == 0]
        if free:
            i = free[0]
            p = placed[i]
            return go([*order, p], left - {i}, covered | p[1], gained + len(p[1] & upgrades), spent)
        for i in touching:
            p = placed[i]
            if p[2] <= gained - spent:
                found = go(
                    [*order, p],
                    left - {i},
                    covered | p[1],
                    gained + len(p[1] & upgrades),
                    spent + p[2],
                )
                if found is not None:
                    return found
        return None

    return go([], frozenset(range(len(placed))), frozenset(), 0, 0)


# --- precomputed geometry ------------------------------------------------------


@lru_cache(maxsize=256)
def zone_forms(hexes: Form, most_ignored: int) -> tuple[frozenset[Form], ...]:
    """The normal forms of ``hexes``, turned and flipped, with 0..most_ignored hexes left out.

    Item k holds the forms with exactly k hexes ignored, kept only if connected.
    """
    return tuple(frozenset(forms) for forms in ordered_zone_forms(hexes, most_ignored))


@lru_cache(maxsize=256)
def ordered_zone_forms(hexes: Form, most_ignored: int) -> tuple[tuple[Form, ...], ...]:
    """``zone_forms``, each item's forms in the order they are first found (turn by turn,
    then the hexes left out in ``combinations`` order): a search that tries them in turn
    (the photo reader's exact covers of a run of hexes) finds them in the same order."""
    result: list[dict[Form, None]] = [{} for _ in range(most_ignored + 1)]
    for form in orientations(hexes):
        for k in range(min(most_ignored, len(form) - 1) + 1):
            for left_out in combinations(form, k):
                rest = [h for h in form if h not in left_out]
                if k == 0 or is_connected(rest):
                    result[k].setdefault(normalise(rest), None)
    return tuple(tuple(forms) for forms in result)


class _Board:
    """A cosmos's spaces as bits of an int, and every in-grid placement per shape, cached.

    Placements depend only on the grid and its uncoverable spaces, so they are
    found once per cosmos; a turn then only filters them with two bit tests.
    Bit of (q, r): ``(r - top) * stride + (q - left) + _PAD``. The padding
    columns belong to no space, so a shape shifted past a row's end lands on
    them instead of wrapping into the next row.
    """

    def __init__(self, cosmos: Cosmos):
        self.cosmos = cosmos
        self.left = min(q for q, _ in cosmos.hexes)
        self.top = min(r for _, r in cosmos.hexes)
        self.stride = max(q for q, _ in cosmos.hexes) - self.left + 1 + 2 * _PAD
        self.bit = {h: 1 << self.index(h) for h in cosmos.hexes}
        self.open_mask = self.mask(cosmos.hexes - cosmos.uncoverable)
        self.anchors = sorted(cosmos.hexes - cosmos.uncoverable, key=lambda h: (h[1], h[0]))
        self.around_bit = {
            b: self.mask(n for n in neighbours(h) if n in self.bit) for h, b in self.bit.items()
        }
        self._candidates: dict[Form, tuple[list[_Fit], ...]] = {}
        self._form_fits: dict[Form, list[_Fit]] = {}

    def index(self, h: Hex) -> int:
        return (h[1] - self.top) * self.stride + h[0] - self.left + _PAD

    def mask(self, hexes: Iterable[Hex]) -> int:
        bit = self.bit
        m = 0
        for h in hexes:
            m |= bit.get(h, 0)
        return m

    def around(self, mask: int) -> int:
        """The spaces next to any space in ``mask``."""
        out = 0
        while mask:
            low = mask & -mask
            out |= self.around_bit[low]
            mask ^= low
        return out

    def candidates(self, zone: Zone) -> tuple[list[_Fit], ...]:
        """In-grid placements of ``zone`` off uncoverable spaces, by Upgrades spent."""
        key = zone.hexes
        if key not in self._candidates:
            most = self.cosmos.rules.max_upgrades_per_turn
            self._candidates[key] = tuple(
                [fit for form in sorted(forms) for fit in self._fits(form)]
                for forms in zone_forms(zone.hexes, most)
            )
        return self._candidates[key]

    def _fits(self, form: Form) -> list[_Fit]:
        """Every translation of ``form`` onto open spaces, as (mask, form, anchor)."""
        if form not in self._form_fits:
            # a normal form starts at (0, 0) and goes on right or down, so its
            # bits with (0, 0) at bit 0 are all >= 0; zones have at most 6
            # hexes, so no form reaches past the padding
            if max(abs(q) for q, _ in form) > _PAD:
                raise ValueError(f"shape wider than {_PAD} hexes: {form}")
            at_origin = sum(1 << (r * self.stride + q) for q, r in form)
            closed = ~self.open_mask
            self._form_fits[form] = [
                (m, form, a) for a in self.anchors if not (m := at_origin << self.index(a)) & closed
            ]
        return self._form_fits[form]


_PAD = 8
_Fit = tuple[int, Form, Hex]  # (mask, normal form, where its (0, 0) goes)


_BOARDS: OrderedDict[int, _Board] = OrderedDict()


def _board(cosmos: Cosmos) -> _Board:
    board = _BOARDS.get(id(cosmos))
    if board is None or board.cosmos is not cosmos:
        board = _BOARDS[id(cosmos)] = _Board(cosmos)
        while len(_BOARDS) > 8:
            _BOARDS.popitem(last=False)
    return board


def _ordered(hexes: Iterable[Hex]) -> list[Hex]:
    return sorted(hexes, key=lambda h: (h[1], h[0]))


def _listed(hexes: Iterable[Hex]) -> str:
    return " ".join(hex_id(h) for h in _ordered(hexes))


def _ids(things: Iterable[Zone | PlacedShape]) -> str:
    return ", ".join(t.id if isinstance(t, Zone) else t.zone for t in things)
