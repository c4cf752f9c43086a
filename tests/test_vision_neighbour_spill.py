"""A bubble holding only the edge of its neighbour's overrunning fill reads empty, and is
not asked about; a light fill of its own beside the same neighbour stays filled
(``pnp.vision.neighbour_spill``)."""

from __future__ import annotations

import numpy as np

from pnp.sheetmap import Field
from pnp.vision.faint_strokes import faint_strokes
from pnp.vision.field_doubts import doubts
from pnp.vision.fields import read_fields
from pnp.vision.ink import InkMasks

PX = 6.25
LEFT = Field("p1-total-units-1", "bubble", 20.0, 20.0, 4.4, 4.4, "circle")
RIGHT = Field("p1-total-units-2", "bubble", 25.4, 20.0, 4.4, 4.4, "circle")
SIZE = round(40 * PX)


def masks(seen: np.ndarray) -> InkMasks:
    ink = (seen < 0.8).astype(np.uint8)
    ones = np.ones_like(ink)
    printed = np.full(seen.shape, 255, np.uint8)
    return InkMasks(ink, np.full(seen.shape, 0.2, np.float32), ink.copy(), ones, seen, printed)


def disc(seen: np.ndarray, x: float, y: float, radius: float) -> None:
    rows, cols = np.indices(seen.shape)
    seen[np.hypot((cols + 0.5) / PX - x, (rows + 0.5) / PX - y) <= radius] = 0.4


def read(seen: np.ndarray):
    m = masks(seen)
    fields = [LEFT, RIGHT]
    readings = read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)
    out = faint_strokes(readings, fields, m, PX, frozenset({"bubble"}))
    return out, {d.field for d in doubts(out, {f.id: f.kind for f in fields}, "")}


def page() -> np.ndarray:
    """The left bubble filled 1.5 mm too large, 0.7 mm off towards the right one."""
    rng = np.random.default_rng(3)
    seen = np.float32(1.0) + rng.normal(0, 0.01, (SIZE, SIZE)).astype(np.float32)
    disc(seen, LEFT.x + 0.7, LEFT.y, 2.2 + 1.5)
    return seen


def test_a_bubble_holding_only_its_neighbours_overrun_reads_empty_unasked():
    out, asked = read(page())
    assert out[0].state == "filled"
    assert 0 < out[1].ink and out[1].state == "empty"
    assert RIGHT.id not in asked


def test_a_light_fill_of_its_own_beside_the_overrun_stays_filled():
    seen = page()
    rows, cols = np.indices(seen.shape)
    light = np.hypot((cols + 0.5) / PX - RIGHT.x, (rows + 0.5) / PX - RIGHT.y) <= 1.1
    seen[light & (rows % 6 == 0)] = 0.4  # a few strokes about its centre
    out, _ = read(seen)
    assert out[1].state == "filled"


def mark_beside_overrun(neighbour: Field, mark: Field, seed: int, spill, stroke):
    """(readings, readings after ``faint_strokes``) of ``neighbour``, ``mark``: the first
    inked as a disc ``spill`` (x, y, radius, mm), the second with the pixels ``stroke``
    (x, y in mm -> bool) picks; each asserted to be read as the test needs it."""
    rng = np.random.default_rng(seed)
    seen = np.float32(1.0) + rng.normal(0, 0.01, (SIZE, SIZE)).astype(np.float32)
    disc(seen, *spill)
    rows, cols = np.indices(seen.shape)
    seen[stroke((cols + 0.5) / PX, (rows + 0.5) / PX)] = 0.4
    m = masks(seen)
    fields = [neighbour, mark]
    readings = read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)
    assert readings[0].beyond >= 0.3 and 0 < readings[1].coverage < 0.2
    assert readings[1].state != "empty"
    return readings, faint_strokes(readings, fields, m, PX)


def test_a_symbol_drawn_in_the_near_half_of_a_cosmos_hex_is_not_its_neighbours_overrun():
    """A hex is marked with a symbol drawn anywhere in it, not filled: one drawn low in its
    hex, below a neighbour whose symbol runs past its circle, is a mark (it was read
    empty, unasked, on a Cosmos sheet printed at 97%)."""
    upper = Field("hex-q9r6", "hex", 20.0, 12.0, 12.0, 12.0, "circle")
    lower = Field("hex-q9r7", "hex", 20.0, 24.0, 12.0, 12.0, "circle")

    def wave(x, y):  # drawn in the half of its hex that faces the neighbour
        return (np.abs(y - (lower.y - 3.0 + np.sin((x - lower.x) * 1.2))) < 0.35) & (
            np.abs(x - lower.x) < 3.5
        )

    # the upper one's symbol run past its hex's circle
    readings, out = mark_beside_overrun(upper, lower, 4, (upper.x, upper.y, 7.8), wave)
    assert out[1].state == readings[1].state


def test_a_tick_in_the_near_half_of_a_round_indicator_is_asked_not_read_empty():
    """A round indicator is checked off by convention, not filled: a tick on the side that
    faces a neighbour filled past its circle may be a mark (seed 691 #61 read it empty,
    unasked), or the neighbour's overrun (seed 711 #121 read it filled, unasked): asked."""
    from pnp.vision.field_doubts import SPILLED

    left = Field("skill-green-round-6", "round_circle", 20.0, 20.0, 4.4, 4.4, "circle")
    right = Field("skill-green-round-7", "round_circle", 25.4, 20.0, 4.4, 4.4, "circle")

    def tick(x, y):  # a short stroke in the half that faces it
        return (np.abs((y - left.y) + (x - left.x - 1.0)) < 0.3) & (np.abs(x - left.x - 0.9) < 0.9)

    # the right one filled too large
    readings, out = mark_beside_overrun(right, left, 5, (right.x - 0.7, right.y, 3.7), tick)
    assert out[1].state == "doubtful" and out[1].spilled
    kinds = {left.id: left.kind, right.id: right.kind}
    (asked,) = [d for d in doubts(out, kinds, "", {left.id: "circle"}) if d.field == left.id]
    assert asked.cause == SPILLED


def _read_rounds(name: str):
    import json
    from pathlib import Path

    from pnp.vision.read import read_photo

    photo = Path(__file__).parent / "fixtures" / "rounds" / name
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    (sheet,) = read_photo(photo)
    return truth, {r.id: r for r in sheet.readings}, {d.field: d.cause for d in sheet.doubtful}


def test_the_photographed_round_indicator_ticked_beside_an_overrun_is_asked():
    # seed 691 #61 (``python -m pnp.bench photos --n 300 --seed 691``; halved and saved at
    # JPEG 80 here, read the same), an easy tracker page: Round 6 ticked on the side of
    # Round 7, whose fill runs past its circle; it was read empty with nothing asked
    from pnp.vision.field_doubts import SPILLED

    truth, read, asked = _read_rounds("seed691-00061-stellar-drift-tracker-easy-half.jpg")
    assert truth["skill-green-round-6"]["marked"]
    assert asked.get("skill-green-round-6") == SPILLED
    assert read["skill-green-round-7"].state == "filled"


def test_the_photographed_round_indicator_holding_its_neighbours_overrun_is_asked():
    # seed 711 #121 (``python -m pnp.bench photos --n 300 --seed 711``; halved and saved
    # at JPEG 80 here, read the same), an easy tracker page: Red's Round 6 filled past its
    # circle into Round 5 (11.4% of it, as dark as the page's marks), which was read
    # filled with nothing asked
    from pnp.vision.field_doubts import SPILLED

    truth, read, asked = _read_rounds("seed711-00121-stellar-drift-tracker-easy-half.jpg")
    assert not truth["skill-red-round-5"]["marked"] and truth["skill-red-round-6"]["marked"]
    assert asked.get("skill-red-round-5") == SPILLED
    assert read["skill-red-round-6"].state == "filled"


def test_a_bubble_half_covered_by_a_neighbour_read_hatched_out_is_asked():
    """Seed 687 #124 (an easy Solo page): Law's units bubble 2 filled far past its circle
    (read as a mark hatched out), over half of bubble 1, which was read filled: a wrong
    digit, nothing asked. Ink covering a bubble up to half, all on the side of a
    neighbour whose ink runs past its circle (filled, or read hatched out), is asked."""
    from dataclasses import replace

    from pnp.vision.field_doubts import SPILLED
    from pnp.vision.neighbour_spill import spilled_in

    rng = np.random.default_rng(6)
    seen = np.float32(1.0) + rng.normal(0, 0.01, (SIZE, SIZE)).astype(np.float32)
    disc(seen, RIGHT.x - 1.2, RIGHT.y, 2.2 + 1.8)  # the right one, run far over the left
    m = masks(seen)
    fields = [LEFT, RIGHT]
    readings = read_fields(m.ink, fields, PX, m.steps, m.base, m.readable)
    assert 0.2 <= readings[0].coverage < 0.5 and readings[0].state == "filled"
    assert readings[1].beyond >= 0.3
    hatched = [readings[0], replace(readings[1], state="empty", hatched=True)]
    out = spilled_in(hatched, fields, m, PX)
    assert out[0].state == "doubtful" and out[0].spilled
    (asked,) = doubts(out, {f.id: f.kind for f in fields}, "")
    assert asked.field == LEFT.id and asked.cause == SPILLED
    # the neighbour read filled: the same
    out = spilled_in(readings, fields, m, PX)
    assert out[0].state == "doubtful" and out[0].spilled
