"""The overlay's headline says why a sheet is not scored, whole, wrapped to the page."""

from __future__ import annotations

import cv2

from pnp.read_report import _reasons
from pnp.vision.overlay import FONT, _wrapped

PROBLEM = (
    "a.jpg + b.jpg + c.jpg: invalid Stellar Drift state (Player 1, terran-starhopper):\n"
    "  - section_bonus: blue bonus box checked, but no blue section is completely repaired\n"
    "  - tracks.fuel: box 7 is checked but not box 6"
)


def test_the_reasons_not_the_sources_heading_them():
    assert _reasons(PROBLEM) == [
        "section_bonus: blue bonus box checked, but no blue section is completely repaired",
        "tracks.fuel: box 7 is checked but not box 6",
    ]
    assert _reasons("states.json: not valid JSON") == ["states.json: not valid JSON"]


def test_a_long_headline_is_wrapped_within_the_width_and_loses_no_word():
    text = "not scored: " + "; ".join(_reasons(PROBLEM))
    lines = _wrapped(text, 400, 0.6)
    assert len(lines) > 1
    assert " ".join(lines) == " ".join(text.split())
    assert all(cv2.getTextSize(ln, FONT, 0.6, 1)[0][0] <= 400 for ln in lines)
    assert _wrapped("Player 1: 50", 400, 0.6) == ["Player 1: 50"]


def test_a_score_pad_rows_points_go_in_its_write_in_box_not_over_the_next_column():
    import numpy as np
    from flat_pages import flat_reading

    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.overlay import overlay_image
    from pnp.vision.reference import common_map

    (marks,) = sheet_marks("federation", random_state("federation", 3))
    sheet, _ = flat_reading(marks, 3, "pad.png")
    ids = tuple(f.id for f in common_map(sheet.code).fields if f.id.startswith("p1-game_pp-"))
    plain = overlay_image(sheet, {}, [], "")
    labelled = overlay_image(sheet, {}, [("PP during the game", 65, ids)], "")
    changed = np.argwhere((plain != labelled).any(axis=2))
    box = common_map(sheet.code).field("p1-game_pp-write")
    x0, y0, x1, y1 = (v * sheet.px_per_mm for v in box.bounds)
    assert len(changed)
    assert changed[:, 1].min() >= x0 and changed[:, 1].max() <= x1  # within the box's width
    assert changed[:, 0].min() >= y0 and changed[:, 0].max() <= y1


def test_fields_the_batch_settled_are_outlined_as_settled_and_only_what_is_asked_orange(
    tmp_path,
):
    """The overlay shows what ``pnp read`` asks: a field the reader doubted but the page's
    marks or the noise model settled is outlined as settled, not as doubtful."""
    from dataclasses import replace

    from flat_pages import flat_reading

    from pnp.photo_batch import Batch
    from pnp.read_report import write_overlays
    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.assembled import Assembled
    from pnp.vision.field_doubts import NOISE, Doubt
    from pnp.vision.overlay import GREEN, GREY, ORANGE
    from pnp.vision.reference import common_map

    marks = next(
        m
        for m in sheet_marks("stellar-drift", random_state("stellar-drift", 3))
        if m.sheet == "tech"
    )
    sheet, _ = flat_reading(marks, 3, "tech.png")
    by_id = {r.id: r for r in sheet.readings}
    box = next(
        f
        for f in common_map(sheet.code).fields
        if f.shape == "rect" and f.kind == "tech_box" and by_id[f.id].state == "empty"
    )
    doubt = Doubt(box.id, "noisy paper", sheet.source, NOISE)
    sheet = replace(sheet, doubtful=(doubt,))
    s = sheet.px_per_mm
    edge = (round((box.y + box.h / 2) * s), round(box.x * s))  # on its left outline

    def outline(assembled: Assembled) -> tuple[int, ...]:
        (path,) = write_overlays(Batch([assembled], [], {}), tmp_path)
        page = cv2.imread(str(path))[-sheet.page.shape[0] :]  # below the headline's band
        return tuple(int(v) for v in page[edge])

    asked = Assembled("stellar-drift", None, [sheet], doubtful=[doubt])
    assert outline(asked) == ORANGE
    marked = Assembled("stellar-drift", None, [sheet], settled={f"tech.png:{box.id}": True})
    assert outline(marked) == GREEN
    empty = Assembled("stellar-drift", None, [sheet], settled={f"tech.png:{box.id}": False})
    assert outline(empty) == GREY


def test_two_categories_earned_by_the_same_fields_are_both_legible():
    # seed 3002's Cosmos: the Treasure tile and the Treasure bonus name the same hexes;
    # the second label was written over the first
    from flat_pages import flat_reading

    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.overlay import overlay_image
    from pnp.vision.reference import common_map

    marks = next(
        m
        for m in sheet_marks("stellar-drift", random_state("stellar-drift", 3))
        if m.sheet == "tech"
    )
    sheet, _ = flat_reading(marks, 3, "tech.png")
    ids = tuple(f.id for f in common_map(sheet.code).fields if f.id.startswith("tech-yellow-"))
    plain = overlay_image(sheet, {}, [], "")
    first = overlay_image(sheet, {}, [("Tech yellow", 7, ids)], "")
    both = overlay_image(sheet, {}, [("Tech yellow", 7, ids), ("Also yellow", 3, ids)], "")
    label = (plain != first).any(axis=2)
    assert label.any() and (both[label] == first[label]).all()  # the first label whole
    assert (both != first).any(axis=2).sum() > label.sum() // 2  # the second written too


def test_a_federation_player_page_heads_with_its_own_player():
    # one page per player: each page's overlay names its own player's total first
    from flat_pages import flat_reading

    from pnp.read_report import sheet_scores
    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_states
    from pnp.vision.states import assemble

    pages = [
        m
        for s in random_states("federation", 5, 3, "player")
        for m in sheet_marks("federation", s, "player")
    ]
    assert len(pages) == 3
    sheets = [flat_reading(m, 5, f"page{i}.png")[0] for i, m in enumerate(pages)]
    (a,), _ = assemble(sheets, {}, "federation")
    _, headlines = sheet_scores(a)
    assert len(set(headlines.values())) == len(sheets)  # one headline a page
    for (source, _), player in zip(a.columns, a.state["players"], strict=True):
        assert headlines[source].startswith(f"total {player['name']}: "), headlines[source]
        assert "others: " in headlines[source]


def test_the_headline_sits_in_a_band_above_the_page_and_hides_none_of_it():
    # a Cosmos page not scored listed 17 reasons over its top rows of hexes, hiding the
    # orange ones asked about there; the band above the page grows with the reasons
    from flat_pages import flat_reading

    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state
    from pnp.vision.overlay import overlay_image

    marks = next(
        m
        for m in sheet_marks("stellar-drift", random_state("stellar-drift", 3))
        if m.sheet == "tech"
    )
    sheet, _ = flat_reading(marks, 3, "tech.png")
    bare = overlay_image(sheet, {}, [], "")
    assert bare.shape[:2] == sheet.page.shape[:2]  # no headline: no band
    short = overlay_image(sheet, {}, [], "Player 3: 50")
    text = "not scored: " + "; ".join(_reasons(PROBLEM)) * 4
    long = overlay_image(sheet, {}, [], text, retake="take the photo again")
    for headed in (short, long):
        band = headed.shape[0] - bare.shape[0]
        assert band > 0 and (headed[band:] == bare).all()  # the page whole, below the band
        assert (headed[:band] < 128).any()  # the headline written in the band
    assert long.shape[0] - bare.shape[0] > 3 * (short.shape[0] - bare.shape[0])
