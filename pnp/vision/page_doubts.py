"""Every field of a page read from its ink masks (``read_masks``), and doubted where there
is reason to: a reading is never silently confident about a field it has reasons to
doubt. Besides the ink thresholds of ``fields``, a box filled solid (a mark, or a
correction hatched over?) and a box holding far more ink than the other marks of its
kind on the page are flagged too (``field_doubts``); the page settles what it can of
them (``settled_doubts``), and asks about light marks, marks lying on the print inside a
field, and fields the light washed out.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.vision.field_doubts import (
    ACROSS,
    FAINT,
    LIGHT,
    NOISE,
    ON_PRINT,
    RUN_IN,
    SOLID_KINDS,
    WASHED,
    Doubt,
    clean_outline,
    doubts,
)
from pnp.vision.fields import UNREAD_KINDS, FieldReading


def read_masks(
    masks, fields: list, px_per_mm: float, source: str
) -> tuple[list[FieldReading], list[Doubt]]:
    """Every field read from a page's ``ink.ink_masks``: its share of ink, boxes hatched
    out and faint strokes found, doubts the page itself settles, the shape of the ink of
    those left asked for noise or faint ink, the grain of the paper beside them and
    their tone (``_with_noise_measures``); and what is left to ask.
    The one path from masks to readings (``read.read_page`` and the read benches)."""
    from pnp.vision.faint_strokes import faint_strokes
    from pnp.vision.fields import read_fields
    from pnp.vision.hatching import hatched_out

    m = masks
    readings = read_fields(m.ink, fields, px_per_mm, m.steps, m.base, m.readable)
    readings = hatched_out(readings, fields, m, px_per_mm, SOLID_KINDS)
    readings = faint_strokes(readings, fields, m, px_per_mm, SOLID_KINDS)
    readings, found = settled_doubts(readings, fields, m, px_per_mm, source)
    found += _light_marks(readings, fields, found, source)
    found += _marks_on_print(readings, fields, found, m, px_per_mm, source)
    found = _washed_out(readings, found, fields, m, px_per_mm, source)
    return _with_noise_measures(readings, found, fields, m, px_per_mm), found


def settled_doubts(
    readings: list[FieldReading], fields: list, masks, px_per_mm: float, source: str
) -> tuple[list[FieldReading], list[Doubt]]:
    """The readings, with the boxes doubted for ink run in across one side settled where
    the ink's place in the box tells whose it is (``run_in``), the fields doubted for the
    paper's noise where the page's own marks and paper are clearly apart, and what is
    still to ask."""
    from pnp.vision.page_gap import settle_by_gap
    from pnp.vision.run_in import faint_tails, neighbours_tails, settle_run_ins

    kinds = {f.id: f.kind for f in fields}
    shapes = {f.id: f.shape for f in fields}
    found = doubts(readings, kinds, source, shapes)
    run_ins = {d.field for d in found if d.cause == RUN_IN}
    unread = {f.id for f in fields if f.kind in UNREAD_KINDS}
    asked = {d.field for d in found} | unread
    if run_ins:
        readings = settle_run_ins(readings, fields, masks.ink, px_per_mm, run_ins)
        found = doubts(readings, kinds, source, shapes)
    across = {d.field for d in found if d.cause == ACROSS}
    if across:
        readings = neighbours_tails(readings, fields, across)
        found = doubts(readings, kinds, source, shapes)
    faint = {d.field for d in found if d.cause == FAINT}
    faint_in = set()
    if faint:
        readings = faint_tails(readings, fields, masks.ink, px_per_mm, faint)
        faint_in = {r.id for r in readings if r.id in faint and r.settled}
        if faint_in:
            found = doubts(readings, kinds, source, shapes)
    tail_doubts = _tail_doubts(readings, fields, masks, px_per_mm, source, asked)
    noisy = {d.field for d in found if d.cause in (NOISE, FAINT)}
    if not noisy:
        return readings, found + tail_doubts
    by_id = {r.id: r for r in readings}

    def may_fill(d: Doubt) -> bool:
        """Read filled but doubted for noise, or a faint mark of its own (no ink past its
        outline: a sliver of a neighbour's mark comes in from outside)."""
        r = by_id[d.field]
        if d.cause == NOISE:
            return r.state == "filled"
        return d.cause == FAINT and r.state == "doubtful" and clean_outline(r)

    on_noise = {d.field for d in found if may_fill(d)}
    # what is asked about, or not read at all (names, storage), cannot vouch for the page
    # (nor a box settled for ink run in: a neighbour's tail is no empty box's paper)
    unsure = {d.field for d in found} | unread | run_ins | faint_in
    unsure |= {d.field for d in tail_doubts}
    readings = settle_by_gap(readings, fields, masks, px_per_mm, noisy, unsure, on_noise)
    # a box the gap settled filled may hold a filled neighbour's tail, as any box read
    # filled may: asked the same way (``tails`` passed over it while it was asked)
    by_gap = {r.id for r in readings if r.id in on_noise and r.settled and r.state == "filled"}
    if by_gap:
        others = {r.id for r in readings} - by_gap
        tail_doubts += _tail_doubts(readings, fields, masks, px_per_mm, source, others)
    return readings, doubts(readings, kinds, source, shapes) + tail_doubts


def _tail_doubts(readings, fields, masks, px_per_mm: float, source: str, skip: set[str]):
    """The boxes not in ``skip`` to ask about as a filled neighbour's tail
    (``run_in.tails``), counted empty until answered."""
    from pnp.vision.run_in import tails

    reason = "ink on its filled neighbour's side only: a mark, or its tail?"
    found = tails(readings, fields, masks.ink, px_per_mm, skip)
    return [Doubt(i, reason, source, guess=False) for i in sorted(found)]


def _light_marks(readings, fields: list, found: list[Doubt], source: str) -> list[Doubt]:
    """Doubts on the fields read empty that hold a light mark on a quiet page
    (``pnp.vision.light_marks``)."""
    from pnp.vision.light_marks import light_marks

    kinds = {f.id: f.kind for f in fields if f.kind not in UNREAD_KINDS}
    asked = {d.field for d in found} | {f.id for f in fields if f.kind in UNREAD_KINDS}
    shapes = {f.id: f.shape for f in fields}
    return [
        Doubt(
            r.id,
            f"light pen strokes on {r.base_ink:.1%} of it, under the ink step, "
            "where the page's other empty fields of its kind show none: a light mark?",
            source,
            LIGHT,
        )
        for r in light_marks(readings, kinds, asked, shapes)
    ]


def _marks_on_print(readings, fields: list, found: list[Doubt], m, px_per_mm: float, source: str):
    """Doubts on the fields read empty whose inner print the photo shows darker than their
    kind's: a mark lying on it (``pnp.vision.print_marks``)."""
    from pnp.vision.print_marks import marks_on_print

    asked = {d.field for d in found} | {f.id for f in fields if f.kind in UNREAD_KINDS}
    read = [f for f in fields if f.kind not in UNREAD_KINDS]
    return [
        Doubt(
            i,
            "read empty, but the figure printed in it shows darker than in the page's "
            "other fields of its kind: a mark lying on it?",
            source,
            ON_PRINT,
        )
        for i in marks_on_print(readings, read, m, px_per_mm, asked)
    ]


def _washed_out(readings, found: list[Doubt], fields: list, m, px_per_mm: float, source: str):
    """``found``, where the light around a field not read marked washed its light print
    out (``pnp.vision.washed``): that field asked as washed out instead (no other doubt of
    it left for the page or the noise model to settle)."""
    from pnp.vision.washed import LIGHTER, field_lighter

    if m.washed is None or not m.washed.any():
        return found
    geometry = {f.id: f for f in fields}
    out: dict[str, Doubt] = {}
    for r in readings:
        f = geometry[r.id]
        if r.state == "filled" or f.kind in UNREAD_KINDS:
            continue
        lighter = field_lighter(m.washed, f, px_per_mm)
        if lighter >= LIGHTER:
            out[r.id] = Doubt(
                r.id,
                "washed out by the light: the paper around it shows pure white, its light "
                f"print {lighter - 1:.0%} lighter than printed; a light mark would not show",
                source,
                WASHED,
            )
    if not out:
        return found
    return [d for d in found if d.field not in out] + list(out.values())


def _with_noise_measures(readings, found: list[Doubt], fields: list, m, px_per_mm: float):
    """``readings``, those doubted for noise or faint ink with their ``ink_shape``,
    ``local_grain`` and ``field_tone`` (what the noise model reads and weighs of them
    besides their ink shares)."""
    from pnp.vision.field_tone import field_tones
    from pnp.vision.ink_shape import ink_shape
    from pnp.vision.local_grain import local_grain

    noisy = {d.field for d in found if d.cause in (NOISE, FAINT)}
    if not noisy or m.seen is None or m.printed is None:
        return readings
    geometry = {f.id: f for f in fields}
    asked = {d.field for d in found}
    paper = [r.id for r in readings if r.state == "empty" and r.id not in asked]
    tones = field_tones(fields, m.seen, m.printed, m.readable, px_per_mm, paper, noisy)

    def measured(r: FieldReading) -> FieldReading:
        f = geometry[r.id]
        return replace(
            r,
            ink_shape=ink_shape(f, m.base, m.ink, m.seen, m.printed, px_per_mm),
            local_grain=local_grain(f, fields, m.base, m.printed, px_per_mm),
            tone=tones[r.id],
        )

    return [measured(r) if r.id in noisy else r for r in readings]
