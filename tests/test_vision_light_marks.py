"""A light mark on a quiet page: pen-wide strokes below the ink step where the page's
other empty fields of its kind show none are asked (``pnp.vision.light_marks``)."""

from __future__ import annotations

from pathlib import Path

from pnp.vision.fields import FieldReading
from pnp.vision.light_marks import light_marks


def empty(
    i: int, base: float = 0.0, thick: float = 0.0, kind: str = "space", beyond: float = 0.0
) -> FieldReading:
    return FieldReading(
        f"{kind}-{i}", "empty", 0.003, 1.0, base_ink=base, thick_base=thick, beyond=beyond
    )


def kinds_of(readings: list[FieldReading]) -> dict[str, str]:
    return {r.id: r.id.rsplit("-", 1)[0] for r in readings}


def test_pen_wide_strokes_among_clean_empties_are_a_light_mark():
    page = [empty(i) for i in range(10)] + [empty(10, 0.07, 0.068)]
    assert [r.id for r in light_marks(page, kinds_of(page), set())] == ["space-10"]
    # asked already: nothing more to ask
    assert light_marks(page, kinds_of(page), {"space-10"}) == []


def test_a_plain_box_asks_less_of_the_strokes_pen_width():
    # a light slash in a box: 0.79 of its base-step ink pen-wide, below ``PEN_WIDE``
    page = [empty(i) for i in range(10)] + [empty(10, 0.078, 0.061)]
    kinds = kinds_of(page)
    assert light_marks(page, kinds, set()) == []
    boxes = {r.id: "rect" for r in page}
    assert [r.id for r in light_marks(page, kinds, set(), boxes)] == ["space-10"]
    # a circle's printed digit leaves such slivers where another empty circle shows some
    circles = {r.id: "circle" for r in page}
    slivers = [*page[:9], empty(9, 0.03, 0.03), page[10]]
    assert light_marks(slivers, kinds, set(), circles) == []
    # (where none does, half pen-wide is enough: ``test_a_circle_on_a_spotless_page``);
    # a hex's printed art likewise
    hexes = [empty(i, kind="hex") for i in range(10)] + [empty(10, 0.078, 0.061, kind="hex")]
    assert light_marks(hexes, kinds_of(hexes), set(), {r.id: "rect" for r in hexes}) == []
    # and under ``PEN_WIDE_BOX`` a box's specks are still grain
    page[-1] = empty(10, 0.078, 0.04)
    assert light_marks(page, kinds, set(), boxes) == []


def test_a_circle_on_a_spotless_page_asks_half_its_strokes_pen_wide():
    # seed 771 #56: a light slash, 6.1% at the base step, 0.57 of it pen-wide, every other
    # empty round circle of the page at 0.000
    page = [empty(i, kind="round") for i in range(22)] + [empty(22, 0.0614, 0.0351, "round")]
    kinds, circles = kinds_of(page), {r.id: "circle" for r in page}
    assert [r.id for r in light_marks(page, kinds, set(), circles)] == ["round-22"]
    # not under half pen-wide, nor where another empty circle holds 0.01 or more
    assert light_marks([*page[:22], empty(22, 0.0614, 0.029, "round")], kinds, set(), circles) == []
    grainy = [empty(0, 0.011, 0.011, "round"), *page[1:]]
    assert light_marks(grainy, kinds, set(), circles) == []
    # nor a Cosmos hex, its art printed inside
    hexes = [empty(i, kind="hex") for i in range(22)] + [empty(22, 0.0614, 0.0351, "hex")]
    assert light_marks(hexes, kinds_of(hexes), set(), {r.id: "circle" for r in hexes}) == []


def test_grain_fringes_and_grainy_pages_are_not():
    # specks, not pen-wide strokes
    page = [empty(i) for i in range(10)] + [empty(10, 0.07, 0.05)]
    assert light_marks(page, kinds_of(page), set()) == []
    # ink across its outline: a neighbour's fill run over into it
    page = [empty(i) for i in range(10)] + [empty(10, 0.16, 0.16, beyond=0.07)]
    assert light_marks(page, kinds_of(page), set()) == []
    # too little of it
    page = [empty(i) for i in range(10)] + [empty(10, 0.04, 0.04)]
    assert light_marks(page, kinds_of(page), set()) == []
    # the kind's other empties hold base-step ink too: the page's grain or print
    page = [empty(i, 0.02, 0.01) for i in range(10)] + [empty(10, 0.07, 0.068)]
    assert light_marks(page, kinds_of(page), set()) == []
    # too few empties of its kind to say the page is quiet
    page = [empty(i) for i in range(4)] + [empty(4, 0.07, 0.068)]
    assert light_marks(page, kinds_of(page), set()) == []
    # a few light marks on one page do not make it look grainy to each other, but many
    # such specks are the page's grain, and so is any base-step ink in the rest
    page = [empty(i) for i in range(16)] + [empty(16 + i, 0.07, 0.068) for i in range(4)]
    assert len(light_marks(page, kinds_of(page), set())) == 4
    page = [empty(i) for i in range(10)] + [empty(10 + i, 0.07, 0.068) for i in range(4)]
    assert light_marks(page, kinds_of(page), set()) == []
    page[0] = empty(0, 0.02, 0.01)
    page = [*page, *(empty(20 + i) for i in range(6))]
    assert light_marks(page, kinds_of(page), set()) == []
    page = [empty(i, 0.02, 0.01) for i in range(10)] + [
        empty(10 + i, 0.07, 0.068) for i in range(4)
    ]
    assert light_marks(page, kinds_of(page), set()) == []
    # another kind's clean empties say nothing of this one
    page = [empty(i, kind="bubble") for i in range(10)] + [empty(0, 0.07, 0.068)]
    assert light_marks(page, kinds_of(page), set()) == []


def test_the_photographed_pencil_crosses_are_asked():
    # seed 687 #75 (``python -m pnp.bench photos --n 300 --seed 687``), a real-mode ship
    # page in pencil: spaces D4 and G5 crossed, read empty with nothing asked
    import json

    from pnp.vision.field_doubts import LIGHT
    from pnp.vision.read import read_photo

    photo = (
        Path(__file__).parent / "fixtures" / "light" / "seed687-00075-stellar-drift-ship-real.jpg"
    )
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    assert truth["space-D4"]["marked"] and truth["space-G5"]["marked"]
    (sheet,) = read_photo(photo)
    light = {d.field for d in sheet.doubtful if d.cause == LIGHT}
    assert light == {"space-D4", "space-G5"}


def test_the_photographed_light_slash_is_asked():
    # fresh seed 707 #247 (``python -m pnp.bench photos --n 300 --seed 707``), a normal
    # tech page, halved and saved at JPEG 80: Ability G4 slashed in light pencil across a
    # shadow's edge, read empty with nothing asked before ``PEN_WIDE_BOX``
    import json

    from pnp.vision.field_doubts import LIGHT
    from pnp.vision.read import read_photo

    photo = (
        Path(__file__).parent
        / "fixtures"
        / "light"
        / "seed707-00247-stellar-drift-tech-normal-half.jpg"
    )
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    assert truth["ability-g4-1"]["marked"]
    (sheet,) = read_photo(photo)
    assert {d.field for d in sheet.doubtful if d.cause == LIGHT} == {"ability-g4-1"}


def test_four_photographed_pencil_crosses_on_one_page_are_each_asked():
    # fresh seed 743 #255 (``python -m pnp.bench photos --n 300 --seed 743``), a real-mode
    # ship page in light pencil: spaces D7, F7, G7 and E8 crossed, 6.4-8.4% inked at the
    # base step, pen-wide, every other unasked space clean; each made the page look
    # grainy to the others (four of its 27 empty-read spaces), and all four were read
    # empty with nothing asked
    import json

    from pnp.vision.field_doubts import LIGHT
    from pnp.vision.read import read_photo

    photo = Path(__file__).parent / "fixtures" / "light"
    photo = photo / "seed743-00255-stellar-drift-ship-real.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]["fields"]
    crosses = {"space-D7", "space-F7", "space-G7", "space-E8"}
    assert all(truth[i]["marked"] for i in crosses)
    (sheet,) = read_photo(photo)
    assert {d.field for d in sheet.doubtful if d.cause == LIGHT} == crosses
