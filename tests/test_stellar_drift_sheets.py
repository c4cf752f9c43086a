"""The Stellar Drift tracker, tech and component pages: every box of the layout files has its
field, with the id the scorer and the photo reader expect, inside the content box."""

from __future__ import annotations

import pytest

from pnp.paper import COMMON_HEIGHT, COMMON_WIDTH, find_paper
from pnp.render.frame import CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP
from pnp.render.scene import Group, Text
from pnp.sheets.base import Palette
from pnp.sheets.stellar_drift.components import build_component_pages
from pnp.sheets.stellar_drift.tech import build_tech_sheet
from pnp.sheets.stellar_drift.tracker import build_tracker_sheet
from scoring.stellar_drift import layouts

PAPERS = ["a4", "letter"]
MIN_TEXT = 2.4  # mm


def tracker_page(paper="a4", ink_saving=False):
    return build_tracker_sheet(layouts.load_tracker(), find_paper(paper), 7, Palette(ink_saving))


def tech_page(paper="a4", ink_saving=False):
    return build_tech_sheet(layouts.load_tech(), find_paper(paper), 7, Palette(ink_saving))


def component_pages(paper="a4", ink_saving=False):
    return build_component_pages(
        layouts.load_tracker(), layouts.load_rules(), find_paper(paper), Palette(ink_saving)
    )


def expected_tracker_ids() -> set[str]:
    t = layouts.load_tracker()
    abilities = {a.id: a for a in t.abilities}
    ids = set()
    for track in t.ship_tracks:
        for n, box in enumerate(track.boxes, 1):
            ids.add(f"track-{track.id}-{n}")
            if box.ability:
                ids |= {
                    f"ability-{box.ability}-{k}" for k in range(1, abilities[box.ability].uses + 1)
                }
    for skill in t.captain_skills:
        ids.add(f"skill-{skill.colour}")
        ids |= {f"skill-{skill.colour}-round-{r}" for r in range(1, t.rounds + 1)}
        ids.add(f"bonus-{skill.colour}")
        ids |= {f"bonus-{skill.colour}-use-{a.id}" for a in t.section_bonus_abilities}
    ids |= {f"storage-{k}" for k in range(1, t.storage_slots + 1)}
    ids |= {f"leftover-energy-{v}" for v in range(t.max_energy + 1)}
    ids |= {f"leftover-cubes-{v}" for v in range(t.max_leftover_cubes + 1)}
    cats = ["sections", "bonus", *(tr.id for tr in t.ship_tracks)]
    cats += ["tech-yellow", "tech-green", "tech-red", "total"]
    ids |= {f"score-{c}" for c in cats}
    return ids


def expected_tech_ids() -> set[str]:
    t = layouts.load_tech()
    abilities = {a.id: a for a in t.abilities}
    ids = {f"income-energy-{n}" for n in range(1, t.energy_income.boxes + 1)}
    ids |= {f"income-cube-{n}" for n in range(1, t.cube_income.boxes + 1)}
    for track in t.tech_tracks:
        for n, box in enumerate(track.boxes, 1):
            ids.add(f"tech-{track.colour}-{n}")
            if box.ability:
                ids |= {
                    f"ability-{box.ability}-{k}" for k in range(1, abilities[box.ability].uses + 1)
                }
    ids |= {f"round-{r}-{p.lower()}" for r in range(1, t.rounds + 1) for p in t.phases}
    return ids


def texts(items, skip=("scale-check",)):
    for item in items:
        if isinstance(item, Group):
            if item.id not in skip:
                yield from texts(item.items, skip)
        elif isinstance(item, Text):
            yield item


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "build,expected", [(tracker_page, expected_tracker_ids), (tech_page, expected_tech_ids)]
)
def test_every_box_has_its_field_with_the_agreed_id(build, expected, paper):
    rp = build(paper)
    ids = [f.id for f in rp.map.fields]
    assert len(ids) == len(set(ids)), "field ids must be unique"
    assert set(ids) == expected()


def test_track_boxes_match_the_yaml_and_carry_their_facts():
    t = layouts.load_tracker()
    fields = {f.id: f for f in tracker_page().map.fields}
    track_boxes = [f for f in fields.values() if f.kind == "track_box"]
    assert len(track_boxes) == sum(len(tr.boxes) for tr in t.ship_tracks)
    for track in t.ship_tracks:
        for n, box in enumerate(track.boxes, 1):
            meta = fields[f"track-{track.id}-{n}"].meta
            assert meta == {"track": track.id, "index": n, "symbols": box.symbols, "vp": box.vp}
    for v in range(t.max_energy + 1):
        f = fields[f"leftover-energy-{v}"]
        assert (f.kind, f.shape, f.meta) == ("bubble", "circle", {"value": v})
    assert all(fields[f"score-{c}"].kind == "write_in" for c in ("sections", "total"))
    assert fields["skill-red-round-3"].shape == "circle"


def test_tech_boxes_carry_their_facts():
    t = layouts.load_tech()
    fields = {f.id: f for f in tech_page().map.fields}
    for track in t.tech_tracks:
        for n, box in enumerate(track.boxes, 1):
            f = fields[f"tech-{track.colour}-{n}"]
            assert f.kind == "tech_box"
            assert f.meta == {
                "colour": track.colour,
                "index": n,
                "vp": box.vp,
                "ability": box.ability,
            }
    for n in range(1, t.energy_income.boxes + 1):
        assert fields[f"income-energy-{n}"].meta == {"value": t.energy_income.start + n}
    assert fields["round-7-cleanup"].kind == "round_box"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("build", [tracker_page, tech_page])
def test_fields_lie_in_the_content_box_and_do_not_overlap(build, paper):
    rp = build(paper)
    p = find_paper(paper)
    dx, dy = (p.width - COMMON_WIDTH) / 2, (p.height - COMMON_HEIGHT) / 2
    for f in rp.map.fields:
        left, top, right, bottom = f.bounds
        eps = 1e-6
        assert CONTENT_LEFT + dx - eps <= left and right <= CONTENT_RIGHT + dx + eps, f.id
        assert CONTENT_TOP + dy - eps <= top and bottom <= CONTENT_BOTTOM + dy + eps, f.id
    boxes = sorted(rp.map.fields, key=lambda f: f.bounds[0])
    for i, a in enumerate(boxes):
        l1, t1, r1, b1 = a.bounds
        for b in boxes[i + 1 :]:
            l2, t2, r2, b2 = b.bounds
            if l2 >= r1:
                break
            assert not (t2 < b1 and t1 < b2), f"{a.id} overlaps {b.id}"


@pytest.mark.parametrize("build", [tracker_page, tech_page])
def test_marks_are_big_enough_to_mark(build):
    for f in build().map.fields:
        least = 4.5 if f.kind in ("bubble", "round_circle") else 5.0
        assert min(f.w, f.h) >= least, f.id


@pytest.mark.parametrize("paper", PAPERS)
def test_text_is_legible_and_every_sheet_says_how_to_mark(paper):
    pages = [tracker_page(paper), tech_page(paper), *component_pages(paper)]
    for rp in pages:
        code = rp.map.code.text if rp.map else None
        small = [t.text for t in texts(rp.page.items) if t.size < MIN_TEXT and t.text != code]
        assert not small, rp.name
    for rp in pages[:2]:
        assert any("Check a box: a cross or a tick" in t.text for t in texts(rp.page.items))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("ink_saving", [False, True])
def test_component_pages_build_without_maps(paper, ink_saving):
    pages = component_pages(paper, ink_saving)
    assert len(pages) >= 2
    assert all(rp.map is None for rp in pages)
    words = " ".join(t.text for rp in pages for t in texts(rp.page.items))
    assert "Energy" in words and "fold" in words.lower()


def test_ink_saving_keeps_the_same_fields():
    for build in (tracker_page, tech_page):
        assert build(ink_saving=True).map.fields == build().map.fields


def test_a_ship_track_with_two_abilities_is_refused():
    t = layouts.load_tracker()
    track = t.ship_tracks[0]
    boxes = [*track.boxes, track.boxes[-2]]  # a second padlock box
    broken = t.model_copy(
        update={"ship_tracks": [track.model_copy(update={"boxes": boxes}), *t.ship_tracks[1:]]}
    )
    assert any("more than one ability" in p for p in broken.problems())
    assert t.problems() == []


@pytest.mark.parametrize("sheet", ["tracker", "tech"])
def test_symbols_inside_a_box_to_mark_leave_a_pen_stroke_visible(sheet):
    """A tick across a solid black padlock or bag cannot be seen, by a player checking the
    photo or by the reader: what is printed inside a track or tech box is mid grey at the
    darkest (the outline, 1 mm in from the edge, is left out)."""
    from pnp.pagecode import PageCode
    from pnp.vision.reference import common_map, reference_image

    ppm = 8.0
    code = PageCode("stellar-drift", sheet, sheet, 1, 1)
    blank = reference_image(code.game, code.sheet, code.layout, ppm)
    boxes = [f for f in common_map(code).fields if f.kind in ("track_box", "tech_box")]
    with_symbols = 0
    for f in boxes:
        x0, y0, x1, y1 = (round(v * ppm) for v in f.bounds)
        inside = blank[y0 + 8 : y1 - 8, x0 + 8 : x1 - 8]
        with_symbols += int(inside.min() < 200)
        assert inside.min() >= 140, f"{f.id}: print as dark as {inside.min()} inside the box"
    assert with_symbols >= 10  # the boxes with symbols were looked at
