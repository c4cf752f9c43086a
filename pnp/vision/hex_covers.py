"""The ways a run of one zone's hexes splits exactly into that zone's shapes.

The Cosmos reader (``pnp.vision.distant_suns``) knows which hexes hold a zone's symbol,
not where one shape ends and the next begins. Each connected run of a zone's hexes is
split every way it can be into the zone's shape, turned and flipped, less up to the
Upgrades a turn may spend (``forms``, from the placement rules' own table); the traced
outline then chooses between the splits. A long run (several shapes of one zone side by
side) has more splits than are listed (``MAX_COVERS``); its splits are then the cheapest
by the outline's evidence (``cheapest_covers``), not the first the search meets.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from functools import lru_cache
from itertools import count

from scoring.distant_suns.hexgrid import Hex, groups
from scoring.distant_suns.placement import ordered_zone_forms

MAX_COVERS = 200  # splits of one run found, at most
# ...and the remainders of a run ``cheapest_covers`` weighs, at most: a run of 30 hexes of
# one zone (more than a game draws) leaves at most ~11,000, a run of 40 up to ~150,000
# (1.2 s); past this many, the covers found first are kept
MAX_REMAINDERS = 50_000


@lru_cache(maxsize=64)
def forms(hexes: tuple[Hex, ...], most_ignored: int) -> tuple[tuple[Hex, ...], ...]:
    """Every normal form of ``hexes`` turned, flipped and less 0..most_ignored hexes
    (connected), largest first, each size in the order the placement rules find them."""
    return tuple(f for group in ordered_zone_forms(hexes, most_ignored) for f in group)


def runs(cells: set[Hex]) -> list[frozenset[Hex]]:
    """Connected runs of ``cells``, top-left first."""
    return sorted(groups(cells), key=lambda r: min((h[1], h[0]) for h in r))


def exact_covers(
    offsets: tuple[tuple[Hex, ...], ...], run: frozenset[Hex]
) -> list[list[frozenset[Hex]]]:
    """Up to ``MAX_COVERS`` ways to cover ``run`` exactly with the forms ``offsets``
    (:func:`from_first_cell`), each a list of pieces, in the order a search finds them
    (the first cell left, by row then column, covered by each form in turn)."""
    # Each form placed with its first cell on the run's first cell left: placed by any
    # other cell, it would reach a cell before that one, and every cell before it is
    # already covered. The run's cells are bits in that order, so the first cell left is
    # the lowest bit set, and the pieces each cell can take are listed once, before the
    # search, in the order it tries them.
    placed = _placed_pieces(offsets, run)
    found: list[list[frozenset[Hex]]] = []

    def go(left: int, chosen: list[frozenset[Hex]]) -> None:
        if len(found) >= MAX_COVERS:
            return
        if not left:
            found.append(list(chosen))
            return
        for bits, piece in placed[_first(left)]:
            if bits & left == bits:
                chosen.append(piece)
                go(left ^ bits, chosen)
                chosen.pop()

    go((1 << len(run)) - 1, [])
    return found


def cheapest_covers(
    offsets: tuple[tuple[Hex, ...], ...],
    run: frozenset[Hex],
    piece_cost: Callable[[frozenset[Hex]], float],
) -> list[list[frozenset[Hex]]] | None:
    """The ``MAX_COVERS`` cheapest ways to cover ``run`` exactly with the forms
    ``offsets``, a cover costing the sum of ``piece_cost`` over its pieces, cheapest
    first: where a run has more covers than ``exact_covers`` lists, the ones it finds
    first need not be the ones the outline favours (a Satellite run of 14 hexes, five
    shapes side by side: its traced split was not among the first 200 found). Each
    cell's cheapest cover of what is left after it is known exactly (``least``), so the
    search takes the covers in order of cost. None past ``MAX_REMAINDERS``."""
    placed = [
        [(bits, piece, piece_cost(piece)) for bits, piece in at]
        for at in _placed_pieces(offsets, run)
    ]
    known: dict[int, float] = {0: 0.0}

    def least(left: int) -> float:
        """The cheapest cover of the cells ``left`` (inf: none)."""
        if left not in known:
            if len(known) >= MAX_REMAINDERS:
                raise _TooLong
            known[left] = min(
                (
                    c + least(left ^ bits)
                    for bits, _, c in placed[_first(left)]
                    if bits & left == bits
                ),
                default=math.inf,
            )
        return known[left]

    full = (1 << len(run)) - 1
    try:
        if least(full) == math.inf:
            return []
    except _TooLong:
        return None
    tie = count()  # equal costs are taken in the order they were reached
    queue = [(least(full), 0.0, next(tie), full, ())]
    found: list[list[frozenset[Hex]]] = []
    while queue and len(found) < MAX_COVERS:
        _, spent, _, left, chosen = heapq.heappop(queue)
        if not left:
            found.append(list(chosen))
            continue
        for bits, piece, c in placed[_first(left)]:
            if bits & left == bits and (rest := least(left ^ bits)) < math.inf:
                item = (spent + c + rest, spent + c, next(tie), left ^ bits, (*chosen, piece))
                heapq.heappush(queue, item)
    return found


class _TooLong(Exception):
    """A run with more remainders to cover than ``MAX_REMAINDERS``."""


def _first(left: int) -> int:
    """The index of the first cell (lowest bit) in ``left``."""
    return (left & -left).bit_length() - 1


def _placed_pieces(
    offsets: tuple[tuple[Hex, ...], ...], run: frozenset[Hex]
) -> list[list[tuple[int, frozenset[Hex]]]]:
    """For each cell of ``run`` (by row, then column; its bit ``1 << index``), the pieces
    the forms ``offsets`` make placed on it (``_pieces_at``)."""
    cells = sorted(run, key=lambda h: (h[1], h[0]))
    bit = {h: 1 << i for i, h in enumerate(cells)}
    return [_pieces_at(h, offsets, bit) for h in cells]


def _pieces_at(
    h: Hex, offsets: tuple[tuple[Hex, ...], ...], bit: dict[Hex, int]
) -> list[tuple[int, frozenset[Hex]]]:
    """The pieces inside a run (``bit``: each of its cells' bit) that the forms
    ``offsets`` (:func:`from_first_cell`) make placed on ``h``, each once, in the order
    of the first form making it: (the piece's cells as bits, the piece)."""
    out: dict[int, frozenset[Hex]] = {}
    q, r = h
    for form in offsets:
        bits = 0
        for dq, dr in form:
            b = bit.get((q + dq, r + dr))
            if b is None:
                break
            bits |= b
        else:
            if bits not in out:
                out[bits] = frozenset((q + dq, r + dr) for dq, dr in form)
    return list(out.items())


@lru_cache(maxsize=64)
def from_first_cell(forms: tuple[tuple[Hex, ...], ...]) -> tuple[tuple[Hex, ...], ...]:
    """Each form's cells as offsets from its first cell (by row, then column)."""
    out = []
    for form in forms:
        q0, r0 = min(form, key=lambda h: (h[1], h[0]))
        out.append(tuple((q - q0, r - r0) for q, r in form))
    return tuple(out)
