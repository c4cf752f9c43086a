"""What the Cosmos reader settles by the placement rules rather than asks: a symbol that
alone leaves its hexes no legal shapes, a split the traced outline leaves open, and an
Upgrade box read empty that the shapes spend (pnp.vision.distant_suns)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pnp.synth.marks import sheet_marks
from pnp.synth.pen import build_page
from pnp.synth.states import random_state
from pnp.vision import glyph_match
from pnp.vision.distant_suns import HexRead, _Reader
from pnp.vision.fields import FieldReading
from pnp.vision.rectify import READ_PX_PER_MM
from pnp.vision.reference import common_map
from scoring.distant_suns.hexgrid import hex_id, neighbours
from scoring.distant_suns.layout import load_cosmos, load_shapes

COSMOS, SHAPES = load_cosmos(), load_shapes()
# A Lightning shape as drawn on the grid, and the hex beyond its last one
LIGHTNING = [(3, 4), (4, 4), (4, 5), (5, 5), (5, 6)]


@pytest.fixture(scope="module")
def sheet_map():
    (marks,) = sheet_marks("distant-suns", random_state("distant-suns", 3))
    return common_map(build_page(marks).map.code)


def _reader(sheet_map, readings=(), doubted=(), taken_empty=()):
    return _Reader(
        None,
        None,
        sheet_map,
        list(readings),
        READ_PX_PER_MM,
        None,
        COSMOS,
        SHAPES,
        (),
        doubted,
        taken_empty=taken_empty,
    )


def _read_hexes(reader, zones: dict, scores: dict) -> dict:
    """Hexes read covered with one symbol each (``zones``: hex -> zone id), matching
    ``scores`` (hex -> {zone id: score}); no outline traced anywhere."""
    glyph = {z.id: z.glyph for z in SHAPES.all_zones}
    for h in zones:
        assert f"hex-{hex_id(h)}" in {f.id for f in reader.map.fields}
        ranked = sorted(((glyph[z], s) for z, s in scores[h].items()), key=lambda g: -g[1])
        reader.hex_scores[h] = glyph_match.GlyphScores(tuple(ranked))
        for n in neighbours(h):
            reader._traced[min(h, n), max(h, n)] = 0.0
    return {h: HexRead(h, 10.0, True, z, (z,), 1.0) for h, z in zones.items()}


def test_a_lone_symbol_no_shape_fits_is_read_as_its_neighbours_when_that_alone_fits(sheet_map):
    reader = _reader(sheet_map)
    *body, last = LIGHTNING
    zones = dict.fromkeys(body, "lightning") | {last: "rocket"}
    scores = dict.fromkeys(body, {"lightning": 0.9, "rocket": 0.6})
    hexes = _read_hexes(reader, zones, scores | {last: {"rocket": 0.78, "lightning": 0.74}})
    repaired = reader.repair_symbols(hexes)
    assert repaired[last].zone == "lightning" and repaired[last].candidates == ("lightning",)
    assert all(repaired[h] == hexes[h] for h in body)
    assert reader.confidence[f"hex-{hex_id(last)}"] == 0.75
    assert any("the only change that makes legal shapes" in r for r in reader.remarks)


def test_a_lone_symbol_a_person_named_is_never_repaired(sheet_map):
    # as above, but a person answered the last hex rocket (``--set hex-...=rocket``): the
    # answer stands, and the hexes are asked about as they are
    *body, last = LIGHTNING
    fid = f"hex-{hex_id(last)}"
    reader = _Reader(
        None, None, sheet_map, [], READ_PX_PER_MM, None, COSMOS, SHAPES, chosen={fid: "rocket"}
    )
    scores = dict.fromkeys(body, {"lightning": 0.9, "rocket": 0.6})
    hexes = _read_hexes(reader, dict.fromkeys(body, "lightning"), scores)
    hexes[last] = HexRead(last, 10.0, True, "rocket", ("rocket",))  # as ``read_hexes`` has it
    assert reader.repair_symbols(hexes) == hexes and not reader.remarks


def test_a_lone_symbol_is_kept_when_the_neighbours_symbol_scores_far_below(sheet_map):
    reader = _reader(sheet_map)
    *body, last = LIGHTNING
    zones = dict.fromkeys(body, "lightning") | {last: "rocket"}
    scores = dict.fromkeys(body, {"lightning": 0.9, "rocket": 0.6})
    hexes = _read_hexes(reader, zones, scores | {last: {"rocket": 0.78, "lightning": 0.62}})
    assert reader.repair_symbols(hexes) == hexes and not reader.remarks


def test_a_lone_symbol_is_kept_when_two_changes_would_fit(sheet_map):
    # beside the Lightning hexes and two Black Hole hexes: either zone makes legal shapes
    reader = _reader(sheet_map)
    *body, last = LIGHTNING
    black = [(5, 7), (5, 8)]
    zones = dict.fromkeys(body, "lightning") | dict.fromkeys(black, "black-hole")
    zones[last] = "rocket"
    scores = dict.fromkeys(body, {"lightning": 0.9}) | dict.fromkeys(black, {"black-hole": 0.9})
    scores[last] = {"rocket": 0.78, "lightning": 0.74, "black-hole": 0.74}
    hexes = _read_hexes(reader, zones, scores)
    assert reader.repair_symbols(hexes) == hexes and not reader.remarks


def test_a_lone_symbol_no_shape_fits_is_asked_as_that_hexs_symbol(sheet_map):
    # a Rocket symbol alone beside nothing it could be read as: no Rocket shape (3 hexes
    # or more) fits it; asked as the hex, which --ask puts with its crop and a zone answers
    reader = _reader(sheet_map)
    lone = (6, 4)
    hexes = _read_hexes(reader, {lone: "rocket"}, {lone: {"rocket": 0.8, "moon": 0.6}})
    reader.partition(hexes)
    (doubt,) = reader.doubts
    assert doubt.field == f"hex-{hex_id(lone)}"
    assert doubt.options == ("moon", "rocket")  # the likeliest other symbol first
    # a person named its symbol already: the run is asked as it stands
    named = _reader(sheet_map)
    named.chosen = {f"hex-{hex_id(lone)}": "rocket"}
    named.partition(_read_hexes(named, {lone: "rocket"}, {lone: {"rocket": 0.8}}))
    assert [d.field for d in named.doubts] == [f"shape:{hex_id(lone)}"]


def test_a_lone_symbol_a_person_said_is_covered_is_asked_its_zone(sheet_map):
    # answered "marked" (a hex asked covered or not), its zone not named: the symbol as
    # read leaves it alone, so its zone is asked next, not only the run
    lone = (6, 4)
    fid = f"hex-{hex_id(lone)}"
    reader = _Reader(None, None, sheet_map, [], READ_PX_PER_MM, None, COSMOS, SHAPES, (fid,))
    reader.partition(_read_hexes(reader, {lone: "rocket"}, {lone: {"rocket": 0.8}}))
    (doubt,) = reader.doubts
    assert doubt.field == fid and doubt.options


def test_a_run_two_misread_symbols_leave_uncovered_asks_each_of_its_hexes(sheet_map):
    # two Lightning hexes side by side, nothing beside them: no Lightning shape (3 hexes
    # or more) covers them, nor either alone; no one hex named otherwise lets them be
    # covered, so each is asked its zone, beside the run, and so are the empty hexes
    # beside them that would complete a Lightning shape (a faint symbol the photo lost)
    reader = _reader(sheet_map)
    pair = [(6, 4), (7, 4)]
    scores = dict.fromkeys(pair, {"lightning": 0.8, "rocket": 0.7})
    reader.partition(_read_hexes(reader, dict.fromkeys(pair, "lightning"), scores))
    reader.ask_stuck()
    (
        shape,
        *mine,
    ) = (d for d in reader.doubts if "empty" not in d.reason)
    assert shape.field == "shape:q6r4 q7r4"
    assert [d.field for d in mine] == ["hex-q6r4", "hex-q7r4"]
    assert all(d.options == ("rocket", "lightning") for d in mine)
    empty = [d for d in reader.doubts if "empty" in d.reason]
    # q7r5 would complete it too, but it is a space no shape may cover
    assert COSMOS.space_types[(7, 5)] in COSMOS.rules.cannot_cover
    assert [d.field for d in empty] == ["hex-q6r3", "hex-q8r3", "hex-q5r5"]
    assert all(d.options == ("lightning",) for d in empty)
    # named Lightning both (``--ask``): only the empty hexes beside them are left to ask
    named = _reader(sheet_map)
    named.chosen = dict.fromkeys(("hex-q6r4", "hex-q7r4"), "lightning")
    named.partition(_read_hexes(named, dict.fromkeys(pair, "lightning"), scores))
    named.ask_stuck()
    assert [d.field for d in named.doubts if "empty" in d.reason] == [d.field for d in empty]
    assert len(named.doubts) == 1 + len(empty)


def _bent_lightning_pair(reader):
    """Two Lightning hexes, and the third of a Lightning bend beside them read a
    Satellite, in a Satellite pair: named Lightning, it alone lets the Lightning hexes be
    covered, the Satellite hex left a Satellite still (less 2 hexes)."""
    zones = {(3, 4): "lightning", (4, 4): "lightning", (4, 5): "satellite", (5, 5): "satellite"}
    scores = dict.fromkeys(zones, {"lightning": 0.8, "satellite": 0.3})
    sure = {"satellite": 0.8, "lightning": 0.3}
    return _read_hexes(reader, zones, scores | dict.fromkeys([(4, 5), (5, 5)], sure))


def test_a_run_no_shape_covers_asks_the_one_neighbour_that_would_complete_it(sheet_map):
    reader = _reader(sheet_map)
    reader.partition(_bent_lightning_pair(reader))
    assert [d.field for d in reader.doubts] == ["shape:q3r4 q4r4"]
    reader.ask_stuck()
    (beside,) = reader.doubts[1:]  # not the run's own hexes, nor the empty ones
    assert beside.field == "hex-q4r5" and "beside it" in beside.reason
    assert beside.options == ("lightning", "satellite")


def test_a_run_no_shape_covers_asks_no_more_when_a_hex_that_would_complete_it_is_asked(
    sheet_map,
):
    # this reader asks the Satellite hex's zone already: its answer may settle the run
    reader = _reader(sheet_map)
    reader.partition(_bent_lightning_pair(reader))
    reader.doubt("hex-q4r5", "symbol unclear", ("satellite", "lightning"))
    reader.ask_stuck()
    assert [d.field for d in reader.doubts] == ["shape:q3r4 q4r4", "hex-q4r5"]
    # the field reader's doubt of its ink is asked covered or not, which names no zone
    # (and the page's checks may settle it): the zone is asked
    inked = _reader(sheet_map, doubted=("hex-q4r5",))
    inked.partition(_bent_lightning_pair(inked))
    inked.ask_stuck()
    assert [(d.field, d.options) for d in inked.doubts[1:]] == [
        ("hex-q4r5", ("lightning", "satellite"))
    ]


# The board as read: zone -> the Optimization tile it faces
LOOSE_BOARD = {
    "moon": "upgrade",
    "station": "treasure",
    "satellite": "group",
    "asteroid": "alien",
    "solar-wind": "black_hole",
}
ZONES_DRAWN = {(1, 9): "satellite", (4, 8): "asteroid", (2, 7): "moon", (6, 4): "station"}


def test_a_zone_too_many_asks_the_box_read_as_a_zone_no_hex_holds(sheet_map):
    # a Rocket drawn faces no tile, the Black Hole tile's box read Solar Wind, a zone no
    # hex holds (a lookalike of the Rocket's symbol): the box is asked, Rocket offered
    # first; the Rocket hexes are not (the box may be all that is wrong)
    reader = _reader(sheet_map)
    zones = ZONES_DRAWN | {(8, 3): "rocket", (9, 3): "rocket"}
    hexes = _read_hexes(reader, zones, {h: {z: 0.9} for h, z in zones.items()})
    listed = [*LOOSE_BOARD, "rocket"]
    reader._doubt_loose_zones(listed, LOOSE_BOARD, hexes, fixed={})
    assert [(d.field, d.options) for d in reader.doubts] == [
        ("score-tile-black_hole-zone", ("rocket", "solar-wind"))
    ]
    # a box a person named stands: the Rocket hexes are asked instead
    named = _reader(sheet_map)
    hexes = _read_hexes(named, zones, {h: {z: 0.9} for h, z in zones.items()})
    named._doubt_loose_zones(listed, LOOSE_BOARD, hexes, fixed={"black_hole": "wave"})
    assert [d.field for d in named.doubts] == ["hex-q8r3", "hex-q9r3"]


def test_a_zone_too_many_asks_its_hexes_when_every_box_reads_a_zone_drawn(sheet_map):
    # every box's zone is drawn, and one hex holds a sixth zone's symbol: a misread hex
    reader = _reader(sheet_map)
    zones = ZONES_DRAWN | {(8, 3): "solar-wind", (9, 3): "solar-wind", (7, 7): "probe"}
    scores = {h: {z: 0.9} for h, z in zones.items()} | {(7, 7): {"probe": 0.8, "moon": 0.7}}
    hexes = _read_hexes(reader, zones, scores)
    reader._doubt_loose_zones([*LOOSE_BOARD, "probe"], LOOSE_BOARD, hexes, fixed={})
    assert [(d.field, d.options) for d in reader.doubts] == [("hex-q7r7", ("moon", "probe"))]


def test_a_board_short_of_zones_takes_the_symbols_its_hexes_read_most(sheet_map):
    # a square and a circle in a shaky pen lead each other by 0.04 in every hex (never
    # the 0.06 that puts a zone in play alone), the tiles' boxes unclear: both in play
    reader = _reader(sheet_map)

    def hexes(best, runner_up, n):
        scores = glyph_match.GlyphScores(((best, 0.99), (runner_up, 0.95)))
        return [(25.0, scores)] * n

    read = hexes("square", "circle", 3) + hexes("circle", "square", 3) + hexes("star", "moon", 1)
    seen = dict(enumerate(read))
    in_play = {"dot", "cross", "lightning"}  # the Black Hole's and two zones
    assert reader._short_board(in_play, seen, 5) == {"square", "circle"}  # star: 1 hex
    # a board with its five zones in play takes nothing more
    assert reader._short_board(in_play | {"moon", "wave", "bars"}, seen, 5) == set()


def _used_boxes(checked: int, solid=(), slots: int = 6) -> list[FieldReading]:
    """Upgrade-used boxes, the first ``checked`` read filled: ticks, or solid (a fill or a
    correction scribbled out) for the boxes in ``solid``."""
    return [
        FieldReading(
            f"upgrade-{i}-used",
            "filled" if i <= checked else "empty",
            0.95 if i in solid else 0.3,
            1.0,
        )
        for i in range(1, slots + 1)
    ]


# Shapes drawn before, spending nothing: from the Start, over three Upgrade spaces
EARLIER = [
    ("probe", frozenset({(1, 9), (2, 9)}), 0),
    ("moon", frozenset({(1, 8), (2, 7), (2, 6)}), 0),
    ("star", frozenset({(3, 6), (4, 5), (5, 4), (6, 4)}), 0),
]


def _open_satellite_run():
    """Three Satellite hexes in a row beside the earlier shapes, that the outline leaves
    open: whole, or 2 + 1 hexes (spending 1 + 2 Upgrades)."""
    satellite = SHAPES.zone("satellite")
    cells = [frozenset({(7, 4), (8, 4), (9, 4)}), frozenset({(7, 4), (8, 4)}), frozenset({(9, 4)})]
    covers = [(1.0, [cells[0]]), (1.6, [cells[1], cells[2]])]
    return [("q7r4 q8r4 q9r4", satellite, covers)]


@pytest.mark.parametrize("checked,spends", [(0, [0]), (3, [1, 2])])
def test_an_open_split_is_the_one_that_spends_the_upgrades_checked(sheet_map, checked, spends):
    reader = _reader(sheet_map, _used_boxes(checked))
    (pieces,) = reader._split_open_runs(EARLIER, _open_satellite_run())
    assert sorted(p[2] for p in pieces) == spends
    assert not reader.doubts
    assert any("Upgrades checked" in r for r in reader.remarks)


@pytest.mark.parametrize("solid,doubted", [((3,), ()), ((), ("upgrade-3-used",))])
def test_an_open_split_is_the_one_the_unclear_boxes_allow(sheet_map, solid, doubted):
    # two ticks and a box that may be a mark: 2 or 3 Upgrades spent, and only 2 + 1
    # hexes spend one of those
    reader = _reader(sheet_map, _used_boxes(3, solid), doubted=doubted)
    (pieces,) = reader._split_open_runs(EARLIER, _open_satellite_run())
    assert sorted(p[2] for p in pieces) == [1, 2] and not reader.doubts


def test_an_open_split_is_asked_when_the_unclear_boxes_allow_either(sheet_map):
    reader = _reader(sheet_map, _used_boxes(3, solid=(1, 2, 3)))  # 0 to 3 spent
    (pieces,) = reader._split_open_runs(EARLIER, _open_satellite_run())
    assert [p[2] for p in pieces] == [0]  # the outline's favourite, asked about
    assert [d.field for d in reader.doubts] == ["shape:q7r4 q8r4 q9r4"]


# The board as read with nothing asked: zone -> the Optimization tile it faces
BOARD = {"probe": "upgrade", "moon": "treasure", "star": "group", "orbit": "black_hole"}


@pytest.mark.parametrize("tile", ["alien", "upgrade", "treasure", None])
def test_an_open_split_is_not_asked_when_every_legal_split_scores_the_same(sheet_map, tile):
    # 0 to 3 Upgrades spent: whole, or 2 + 1 hexes, both legal; the Satellite hexes
    # score on their tile by hex (or face none), so the split changes no score
    board = {z: t for z, t in BOARD.items() if t != tile}
    reader = _reader(sheet_map, _used_boxes(3, solid=(1, 2, 3)))
    reader.board_tiles = board | ({"satellite": tile} if tile else {"orbit": "alien"})
    (pieces,) = reader._split_open_runs(EARLIER, _open_satellite_run())
    assert not reader.doubts
    # the split spending the most the boxes allow: the three solid boxes then read
    # checked, not taken back as scribbled out to fit the cheapest split (seed 874 #38,
    # a real-mode page: six solid fills, a Black Hole run split to spend 3, three of the
    # fills read unchecked; ``python -m pnp.bench photos --n 300 --seed 874``)
    assert sorted(p[2] for p in pieces) == [1, 2]
    assert any("scores the same" in r for r in reader.remarks)


def test_an_open_split_is_asked_when_the_legal_splits_score_differently(sheet_map):
    # on the Group tile one Satellite shape scores once, two touching shapes twice
    reader = _reader(sheet_map, _used_boxes(3, solid=(1, 2, 3)))
    reader.board_tiles = {z: t for z, t in BOARD.items() if t != "group"} | {
        "satellite": "group",
        "star": "alien",
    }
    reader._split_open_runs(EARLIER, _open_satellite_run())
    assert [d.field for d in reader.doubts] == ["shape:q7r4 q8r4 q9r4"]


@pytest.mark.parametrize("checked,earlier", [(2, EARLIER), (3, EARLIER[:1])])
def test_an_open_split_is_asked_when_no_legal_split_spends_the_upgrades_checked(
    sheet_map, checked, earlier
):
    # 2 checked: no split spends 2; 3 checked with one Upgrade gained: 2 + 1 hexes
    # would spend Upgrades not yet gained (and the shapes would not touch)
    reader = _reader(sheet_map, _used_boxes(checked))
    reader._split_open_runs(earlier, _open_satellite_run())
    assert [d.field for d in reader.doubts] == ["shape:q7r4 q8r4 q9r4"]


def _spending_page(sheet_map, extra=()):
    """A Station run beside one hex read Asteroid, 2 Upgrade boxes checked, the check's
    count of Upgrades spent asked; ``_fits`` as if only that hex read Station spent 2."""
    reader = _reader(sheet_map, _used_boxes(2))
    zones = {(9, 3): "station", (10, 3): "station", (10, 4): "station", (9, 4): "asteroid"}
    zones |= dict.fromkeys(extra, "station")
    other = {"station": "asteroid", "asteroid": "station"}
    scores = {h: {z: 0.9, other[z]: 0.7} for h, z in zones.items()}
    hexes = _read_hexes(reader, zones, scores)
    reader.doubt("upgrades_used", "2 boxes checked, but the shapes spend 5 Upgrades")
    reader._fits = lambda zone_of, used: zone_of.get((9, 4)) == "station" and used == (2, 2)
    return reader, hexes


def test_shapes_spending_other_than_the_boxes_ask_the_hex_whose_symbol_alone_would_fit(
    sheet_map,
):
    reader, hexes = _spending_page(sheet_map)
    reader.ask_spending(hexes)
    (asked,) = reader.doubts[1:]
    assert asked.field == "hex-q9r4" and asked.options == ("station", "asteroid")
    # a hex this reader asks about already may settle it: nothing more is asked
    reader, hexes = _spending_page(sheet_map)
    reader.doubt("hex-q10r3", "symbol unclear", ("station", "moon"))
    reader.ask_spending(hexes)
    assert [d.field for d in reader.doubts] == ["upgrades_used", "hex-q10r3"]


def test_shapes_spending_other_than_the_boxes_ask_nothing_when_too_many_hexes_would_fit(
    sheet_map,
):
    reader, hexes = _spending_page(sheet_map, extra=[(11, 3), (11, 4)])
    reader._fits = lambda zone_of, used: True  # any one hex read otherwise would do
    reader.ask_spending(hexes)
    assert [d.field for d in reader.doubts] == ["upgrades_used"]


def test_a_box_checked_beneath_an_unchecked_circle_asks_the_circle_then_the_box(sheet_map):
    # "check the box beneath an Upgrade obtained": box 3 checked, circle 3 read unchecked
    gained = ["upgrade-1", "upgrade-2", "upgrade-4"]
    used = ["upgrade-1-used", "upgrade-3-used"]
    reader = _reader(sheet_map)
    reader._doubt_used_ungained(gained, used)
    assert [d.field for d in reader.doubts] == ["upgrade-3"]
    # a person said the circle is empty: the box is asked
    told = _Reader(None, None, sheet_map, [], READ_PX_PER_MM, None, COSMOS, SHAPES, ("upgrade-3",))
    told._doubt_used_ungained(gained, used)
    assert [d.field for d in told.doubts] == ["upgrade-3-used"]
    # the field reader asks about the circle already: nothing more
    asked = _reader(sheet_map, doubted=("upgrade-3",))
    asked._doubt_used_ungained(gained, used)
    assert not asked.doubts


def _boxes(states: dict[int, str]) -> list[FieldReading]:
    return [
        FieldReading(f"upgrade-{i}-used", s, 0.3 if s == "filled" else 0.0, 1.0)
        for i, s in states.items()
    ]


def test_an_asked_empty_upgrade_box_is_checked_when_the_shapes_spend_it(sheet_map):
    reader = _reader(sheet_map, _boxes({1: "filled", 2: "filled", 3: "empty"}), {"upgrade-3-used"})
    ids = ["upgrade-1-used", "upgrade-2-used", "upgrade-3-used"]
    assert reader._checked(ids, 3) == ids
    assert reader.settled == {"upgrade-3-used": True}


def test_an_asked_empty_upgrade_box_is_never_settled_unchecked(sheet_map):
    # the shapes spend what the sure boxes hold; a sure box may be a correction
    # scribbled out, and the faint one the real mark: still asked
    reader = _reader(sheet_map, _boxes({1: "filled", 2: "filled", 3: "empty"}), {"upgrade-3-used"})
    ids = ["upgrade-1-used", "upgrade-2-used", "upgrade-3-used"]
    assert reader._checked(ids, 2) == ids[:2]
    assert reader.settled == {}


def test_a_box_asked_as_unchecked_until_answered_counts_neither_way(sheet_map):
    # seed 805 #48 (a normal page): box 2 filled solid, run over by box 3's fill past
    # three sides (asked: hatched out?), box 4 holding box 3's tail (asked, counted
    # empty until answered); the shapes spend 3. Box 4 read filled is no sure check
    # that leaves box 2 to be taken back: box 2 is the third, box 4 stays asked
    readings = [
        FieldReading("upgrade-1-used", "filled", 0.80, 1.0),
        FieldReading("upgrade-2-used", "filled", 0.88, 1.0, beyond=0.44),
        FieldReading("upgrade-3-used", "filled", 0.65, 1.0, beyond=0.67),
        FieldReading("upgrade-4-used", "filled", 0.05, 0.99, beyond=0.27),
    ]
    asked = {"upgrade-2-used", "upgrade-4-used"}
    ids = [r.id for r in readings]
    reader = _reader(sheet_map, readings, asked, taken_empty={"upgrade-4-used"})
    assert reader._checked(ids, 3) == ids[:3]
    assert reader.settled == {"upgrade-2-used": True}
    # asked with no lean, read filled, it is a check as before: box 2 the one taken back
    reader = _reader(sheet_map, readings, asked)
    assert reader._checked(ids, 3) == [ids[0], ids[2], ids[3]]
    assert reader.settled == {"upgrade-2-used": False}


def test_a_solid_box_asked_as_hatched_out_is_still_the_counts_to_settle(sheet_map):
    # seed 807 #63 (an easy page): boxes 1-4 filled, 6 scribbled out past its sides
    # (asked: hatched out?, counted empty until answered); the shapes spend 4: box 6
    # is settled unchecked, as any solid box the count leaves over
    readings = [FieldReading(f"upgrade-{i}-used", "filled", 0.7, 1.0) for i in range(1, 5)]
    readings.append(FieldReading("upgrade-6-used", "filled", 1.0, 1.0, beyond=0.15))
    ids = [r.id for r in readings]
    reader = _reader(sheet_map, readings, {"upgrade-6-used"}, taken_empty={"upgrade-6-used"})
    assert reader._checked(ids, 4) == ids[:4]
    assert reader.settled == {"upgrade-6-used": False}


def _solid_circles(beyond: dict[int, float]) -> list[FieldReading]:
    """Upgrade circles 1-6 filled solid (a fill, or a correction scribbled out), inked
    past their circle (to their square's corners) as ``beyond`` says, none otherwise."""
    return [
        FieldReading(f"upgrade-{i}", "filled", 0.97, 1.0, beyond=beyond.get(i, 0.0))
        for i in range(1, 7)
    ]


def test_a_solid_circle_scribbled_past_its_outline_is_the_one_taken_back(sheet_map):
    # five fills and a scribble, all as dense: the one run out of its circle is the
    # correction (seed 773 #168)
    reader = _reader(sheet_map, _solid_circles({5: 0.56, 6: 0.95}))
    ids = [f"upgrade-{i}" for i in range(1, 7)]
    assert reader._checked(ids, 5) == ids[:5]
    assert reader.settled == dict.fromkeys(ids[:5], True) | {"upgrade-6": False}
    assert not reader.doubts


@pytest.mark.parametrize("beyond", [{5: 0.7, 6: 0.95}, {}])
def test_solid_circles_are_asked_when_their_outlines_do_not_tell_the_scribble(sheet_map, beyond):
    # two circles run out of their outline (or none) where the shapes take back one
    reader = _reader(sheet_map, _solid_circles(beyond))
    ids = [f"upgrade-{i}" for i in range(1, 7)]
    assert reader._checked(ids, 5) == ids
    assert not reader.settled
    assert {d.field for d in reader.doubts} == set(ids)


def _solid_boxes(beyond: dict[int, float]) -> list[FieldReading]:
    """Upgrade boxes 1-3 filled solid, inked past their sides as ``beyond`` says."""
    return [
        FieldReading(f"upgrade-{i}-used", "filled", 0.97, 1.0, beyond=beyond.get(i, 0.0))
        for i in range(1, 4)
    ]


USED = [f"upgrade-{i}-used" for i in range(1, 4)]


def test_a_solid_box_scribbled_past_its_sides_beside_neat_fills_is_taken_back(sheet_map):
    reader = _reader(sheet_map, _solid_boxes({1: 0.01, 3: 0.3}))
    assert reader._checked(USED, 2) == USED[:2]
    assert reader.settled == {USED[0]: True, USED[1]: True, USED[2]: False}
    assert not reader.doubts


def test_a_box_scribbled_past_its_sides_is_taken_back_though_a_neat_fill_is_denser(sheet_map):
    # seed 862 #753 (a hard page): boxes 1-3 filled neatly (0.891, 0.951, 0.971 inked),
    # box 4 scribbled out (0.957, 0.378 of the band round it inked); the shapes spend 3.
    # The densest, box 3, was taken back and the scribble kept, nothing asked
    inks = {1: 0.891, 2: 0.951, 3: 0.971, 4: 0.957}
    ids = [f"upgrade-{i}-used" for i in inks]
    readings = [
        FieldReading(f"upgrade-{i}-used", "filled", ink, 1.0, beyond=0.378 if i == 4 else 0.0)
        for i, ink in inks.items()
    ]
    reader = _reader(sheet_map, readings)
    assert reader._checked(ids, 3) == ids[:3]
    assert reader.settled == dict.fromkeys(ids[:3], True) | {ids[3]: False}
    assert not reader.doubts
    # the scribble the densest too: taken back, as before
    readings[3] = replace(readings[3], ink=0.985)
    reader = _reader(sheet_map, readings)
    assert reader._checked(ids, 3) == ids[:3]
    assert reader.settled == dict.fromkeys(ids[:3], True) | {ids[3]: False}
    # the densest past its sides as well as the fill kept: the outline tells neither,
    # the density decides, as before (seed 843 #763, an easy page: the fill 0.916 inked,
    # 0.19 past; the scribble 1.0, 0.343 past)
    readings[2] = replace(readings[2], ink=0.916, beyond=0.19)
    readings[3] = replace(readings[3], ink=1.0, beyond=0.343)
    reader = _reader(sheet_map, readings)
    assert reader._checked(ids, 3) == ids[:3]
    assert reader.settled == dict.fromkeys(ids[:3], True) | {ids[3]: False}


@pytest.mark.parametrize(
    "beyond",
    [
        {1: 0.3, 3: 0.3},  # two past their sides where the shapes take back one
        {1: 0.1, 3: 0.3},  # a fill drawn large beside it: no neat filler
        {3: 0.1},  # short of a scribble's reach
    ],
)
def test_solid_boxes_are_asked_when_their_sides_do_not_tell_the_scribble(sheet_map, beyond):
    reader = _reader(sheet_map, _solid_boxes(beyond))
    assert reader._checked(USED, 2) == USED
    assert {d.field for d in reader.doubts} == set(USED)


def test_a_scribbled_upgrade_circle_is_read_from_the_photo():
    """Seed 773 #168 (a normal Cosmos page, halved): Upgrade circles 1-5 filled, 6
    scribbled out past its circle, all six 0.93-0.98 inked; the shapes cover 5 Upgrade
    spaces. Before, all six were asked "checked, or scribbled out?"."""
    import json
    from pathlib import Path

    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    page = Path(__file__).parent / "fixtures" / "cosmos"
    page /= "seed773-00168-distant-suns-cosmos-normal-half.jpg"
    truth = json.loads(page.with_suffix(".json").read_text())["state"]
    (sheet,) = read_photo(page)
    (a,), _ = assemble([sheet])
    assert not [d for d in a.doubtful if d.field.startswith("upgrade")]
    assert a.state["upgrades_gained"] == truth["upgrades_gained"] == 5
    assert any(r.startswith("upgrade-6: read as scribbled out") for r in a.remarks)


def _state_reader(sheet_map, seed: int, unclear: str, used_boxes=None, solid=()):
    """A reader of a legal game's hexes (random_state ``seed``), every hex read with its
    own symbol but ``unclear`` (hex ids, space-separated), read neither covered nor empty;
    the used Upgrade boxes checked as the game spends them (or ``used_boxes``), those in
    ``solid`` solid; (reader, hexes, the game's zone of each covered hex)."""
    from scoring.distant_suns.hexgrid import parse_hex_id

    state = random_state("distant-suns", seed)
    spent = sum(s["upgrades_used"] for s in state["shapes"])
    checked = spent if used_boxes is None else used_boxes
    reader = _reader(sheet_map, _used_boxes(checked, solid))
    zones = {parse_hex_id(h): s["zone"] for s in state["shapes"] for h in s["hexes"]}
    hexes = _read_hexes(reader, zones, {h: {z: 0.9} for h, z in zones.items()})
    for hid in unclear.split():
        h = parse_hex_id(hid)
        hexes[h] = HexRead(h, 5.0, None, candidates=("rocket", "moon"))
        reader.doubt(f"hex-{hid}", "ink that looks like no symbol: covered or not?")
    return reader, hexes, zones


def test_an_unclear_hex_is_covered_when_only_that_spends_the_upgrades_checked(sheet_map):
    # seed 3's first shape: an Asteroid on q1r7 q2r7 q1r8; drop q2r7 and the Asteroid
    # would spend one Upgrade more than the boxes checked
    reader, hexes, zones = _state_reader(sheet_map, 3, "q2r7")
    settled = reader.settle_unclear(hexes)
    h = (2, 7)
    assert settled[h].covered and settled[h].zone == zones[h] == "asteroid"
    assert reader.settled == {"hex-q2r7": True} and not reader.doubts


def test_an_unclear_hex_no_shape_can_take_is_not_covered(sheet_map):
    # q0r7 lies beside the Asteroid: covered as one, the Asteroid would be 4 hexes
    reader, hexes, zones = _state_reader(sheet_map, 3, "q0r7")
    assert (0, 7) not in zones
    settled = reader.settle_unclear(hexes)
    assert settled[(0, 7)].covered is False
    assert reader.settled == {"hex-q0r7": False} and not reader.doubts


# Seed 5 draws a Satellite as q4r5 q4r6, spending an Upgrade; q4r4 would make it whole.
@pytest.mark.parametrize("checked,covered", [(6, False), (5, True)])
def test_an_unclear_hex_beside_a_shape_short_of_a_hex_follows_the_boxes(
    sheet_map, checked, covered
):
    reader, hexes, _ = _state_reader(sheet_map, 5, "q4r4", used_boxes=checked)
    settled = reader.settle_unclear(hexes)
    assert settled[(4, 4)].covered is covered
    assert reader.settled == {"hex-q4r4": covered} and not reader.doubts


def test_an_unclear_hex_stays_asked_when_the_unclear_boxes_allow_either_reading(sheet_map):
    # six boxes, one solid: 5 or 6 spent, and each reading of q4r4 spends one of those
    reader, hexes, _ = _state_reader(sheet_map, 5, "q4r4", used_boxes=6, solid=(6,))
    assert reader.settle_unclear(hexes) == hexes
    assert reader.settled == {} and [d.field for d in reader.doubts] == ["hex-q4r4"]


def test_more_than_two_unclear_hexes_are_settled_together(sheet_map):
    # seed 3: q2r7 completes the first Asteroid (covered, as the boxes spend); q0r7 and
    # q1r9 lie beside it, and covered they would make it 4 hexes (not covered)
    reader, hexes, _ = _state_reader(sheet_map, 3, "q2r7 q0r7 q1r9")
    settled = reader.settle_unclear(hexes)
    assert [settled[h].covered for h in ((2, 7), (0, 7), (1, 9))] == [True, False, False]
    assert reader.settled == {"hex-q2r7": True, "hex-q0r7": False, "hex-q1r9": False}
    assert not reader.doubts


def test_unclear_hexes_side_by_side_stay_asked(sheet_map):
    # q2r8 and q1r9, beside the Asteroid and each other: no reading covers them with the
    # Asteroid, but the two may be a faint shape of their own, which no reading tries
    reader, hexes, _ = _state_reader(sheet_map, 3, "q2r8 q1r9")
    reader._traced[(1, 9), (2, 8)] = 0.0  # no outline traced between them either
    assert reader.settle_unclear(hexes) == hexes and reader.settled == {}
    assert sorted(d.field for d in reader.doubts) == ["hex-q1r9", "hex-q2r8"]


def test_an_unclear_hex_every_fitting_reading_agrees_on_is_settled_beside_an_open_one(
    sheet_map,
):
    # seed 5, boxes 5 or 6 spent: q4r4 either way (as above); q2r8, inside the first
    # Orbit's ring, is not covered in both readings (an Orbit of 7 hexes is no Orbit)
    reader, hexes, _ = _state_reader(sheet_map, 5, "q4r4 q2r8", used_boxes=6, solid=(6,))
    settled = reader.settle_unclear(hexes)
    assert settled[(2, 8)].covered is False and settled[(4, 4)] == hexes[(4, 4)]
    assert reader.settled == {"hex-q2r8": False}
    assert [d.field for d in reader.doubts] == ["hex-q4r4"]


def test_unclear_hexes_past_the_readings_tried_stay_asked(sheet_map, monkeypatch):
    from pnp.vision import cosmos_repairs

    monkeypatch.setattr(cosmos_repairs, "UNCLEAR_READINGS", 3)  # q2r7 q0r7 q1r9: 2 x 2 x 2 readings
    reader, hexes, _ = _state_reader(sheet_map, 3, "q2r7 q0r7 q1r9")
    assert reader.settle_unclear(hexes) == hexes and reader.settled == {}


def test_an_unclear_hex_stays_asked_when_no_reading_fits(sheet_map):
    # one box checked more than the game spends: covered, the shapes spend one too few;
    # not covered, the shapes have no legal drawing order: neither fits, nothing settled
    reader, hexes, _ = _state_reader(sheet_map, 3, "q2r7", used_boxes=6)
    assert reader.settle_unclear(hexes) == hexes and reader.settled == {}


def test_an_asked_marked_upgrade_box_is_checked_when_the_shapes_spend_it(sheet_map):
    # read filled, but asked about (inked past its outline: hatched out?)
    ids = ["upgrade-1-used", "upgrade-2-used"]
    reader = _reader(sheet_map, _boxes({1: "filled", 2: "filled"}), {"upgrade-2-used"})
    assert reader._checked(ids, 2) == ids
    assert reader.settled == {"upgrade-2-used": True}
    # the shapes spend one: never settled unchecked, still asked, read as it looks
    reader = _reader(sheet_map, _boxes({1: "filled", 2: "filled"}), {"upgrade-2-used"})
    assert reader._checked(ids, 1) == ids and reader.settled == {}


def _board(sheet_map, tiles: dict, drawn: dict):
    """``board`` of tile scores (tile -> [(zone id, score)]) and hexes drawn (hex -> zone)."""
    glyph = {z.id: z.glyph for z in SHAPES.all_zones}
    reader = _reader(sheet_map)
    scores = {
        t: glyph_match.GlyphScores(tuple((glyph[z], v) for z, v in ranked))
        for t, ranked in tiles.items()
    }
    hexes = {h: HexRead(h, 10.0, True, z, (z,), 1.0) for h, z in drawn.items()}
    return reader, reader.board(scores, hexes)[1]


def test_a_tile_between_lookalikes_is_not_given_a_zone_another_tile_holds(sheet_map):
    # the Orbit is drawn and surely the Upgrade tile's: the Black Hole tile, read Station
    # or Orbit, faces the Station (taking the drawn Orbit lost the Upgrade tile's pairing)
    tiles = {
        "upgrade": [("orbit", 0.985), ("station", 0.92)],
        "black_hole": [("station", 0.942), ("orbit", 0.915)],
    }
    reader, optimization = _board(sheet_map, tiles, {(3, 4): "orbit"})
    assert optimization == {"orbit": "upgrade", "station": "black_hole"}
    assert not [d for d in reader.doubts if d.field.startswith("score-tile")]


def test_every_zone_drawn_faces_a_tile(sheet_map):
    # read alone, the Treasure box is a Station (0.95) or an Orbit (0.94); only an Orbit
    # is drawn, and some tile must face it
    tiles = {
        "alien": [("moon", 0.97)],
        "treasure": [("station", 0.95), ("orbit", 0.94)],
    }
    reader, optimization = _board(sheet_map, tiles, {(3, 4): "orbit", (4, 4): "moon"})
    assert optimization == {"moon": "alien", "orbit": "treasure"}


def test_a_lone_symbol_is_repaired_beside_symbols_unsure_between_lookalikes(sheet_map):
    # elsewhere, a Black Hole pair whose second symbol may be an Asteroid's: either
    # reading covers it, and no reading of it makes the lone Rocket a legal shape
    reader = _reader(sheet_map)
    *body, last = LIGHTNING
    pair = [(9, 4), (10, 4)]
    zones = dict.fromkeys(body, "lightning") | {last: "rocket"} | dict.fromkeys(pair, "black-hole")
    scores = dict.fromkeys(body, {"lightning": 0.9}) | dict.fromkeys(pair, {"black-hole": 0.9})
    scores[last] = {"rocket": 0.78, "lightning": 0.74}
    hexes = _read_hexes(reader, zones, scores)
    hexes[pair[1]] = HexRead(pair[1], 10.0, True, "black-hole", ("black-hole", "asteroid"), 0.6)
    repaired = reader.repair_symbols(hexes)
    assert repaired[last].zone == "lightning"
    assert repaired[pair[1]] == hexes[pair[1]]  # left to the shapes' split


def _frontier_reader(
    sheet_map,
    arcs: dict[str, int],
    doubted=("frontier-q6r9-low",),
    low="filled",
    facing=(0.9, 0.4),
):
    """A reader whose Frontier q6r9 has both values marked, each read circled or crossed
    by ``arcs`` (side -> its ink's longest arc of 24 sectors), the low one read ``low``,
    the field reader asking about ``doubted``; ``facing``: how much the edges of the
    high and the low value's ink face their middles (``runs_round``)."""
    readings = [
        FieldReading("frontier-q6r9-high", "filled", 0.6, 1.0),
        FieldReading("frontier-q6r9-low", low, 0.6 if low == "filled" else 0.03, 1.0),
    ]
    reader = _reader(sheet_map, readings, doubted)

    def value_mark(f):
        if not f.id.startswith("frontier-q6r9-"):
            return "none", 0, 0.0
        arc = arcs[f.id.rsplit("-", 1)[1]]
        return ("circle" if arc > 12 else "cross"), arc, 0.1

    reader._value_mark = value_mark
    reader._facing = lambda f: facing[0 if f.id.endswith("-high") else 1]
    return reader


def test_a_crossed_frontier_value_read_filled_and_asked_about_is_marked(sheet_map):
    # (whatever the field reader asked: hatched out? noise?)
    reader = _frontier_reader(sheet_map, {"high": 24, "low": 3})
    assert reader.read_frontiers({}) == {"q6r9": "high"}
    assert reader.settled == {"frontier-q6r9-low": True}


def test_a_frontier_value_pair_not_told_apart_leaves_the_doubt(sheet_map):
    reader = _frontier_reader(sheet_map, {"high": 12, "low": 11}, facing=(0.5, 0.5))
    reader.read_frontiers({})
    assert reader.settled == {}
    # ...and so does a value read doubtful (too faint to call), though the pair is told
    reader = _frontier_reader(sheet_map, {"high": 24, "low": 3}, low="doubtful")
    reader.read_frontiers({})
    assert reader.settled == {}
    # ...and a pair told apart by its arcs whose edges do not tell (a hard page's noise)
    reader = _frontier_reader(sheet_map, {"high": 24, "low": 3}, facing=(0.5, 0.5))
    assert reader.read_frontiers({}) == {"q6r9": "high"}
    assert reader.settled == {}
    # ...or tell the other value: the measures disagree, and the pair is asked
    reader = _frontier_reader(sheet_map, {"high": 24, "low": 3}, facing=(0.4, 0.9))
    beside = next(iter(neighbours((6, 9))))  # the Frontier reached
    assert reader.read_frontiers({beside: HexRead(beside, 10.0, True, "asteroid")}) == {}
    assert reader.settled == {}
    asked = {d.field for d in reader.doubts}
    assert {"frontier-q6r9-high", "frontier-q6r9-low"} <= asked


def test_an_unclear_hex_is_settled_beside_a_symbol_unsure_between_lookalikes(sheet_map):
    # seed 3; q12r0 (an Asteroid of 2 hexes, one Upgrade spent) read unsure between
    # Asteroid and Rocket: each reading is tried, and q0r7 is not covered in every one
    reader, hexes, _ = _state_reader(sheet_map, 3, "q0r7")
    hexes[(12, 0)] = replace(hexes[(12, 0)], candidates=("asteroid", "rocket"))
    settled = reader.settle_unclear(hexes)
    assert settled[(0, 7)].covered is False and reader.settled == {"hex-q0r7": False}
    assert settled[(12, 0)] == hexes[(12, 0)]  # the symbol itself is not the question here


def _scanned_reader(sheet_map, scanned: dict[str, float] | None, answered=(), doubted=()):
    """A reader whose darkness scan (``glyph_scan``) of any hex gives ``scanned`` (glyph
    -> score, -1 for a glyph not named; None: a scan is a failure of the test), the field
    reader doubting ``doubted``."""
    reader = _Reader(
        None, None, sheet_map, [], READ_PX_PER_MM, None, COSMOS, SHAPES, answered, doubted
    )

    def scan(f, keys):
        assert scanned is not None, f"{f.id} scanned"
        found = ((k, scanned.get(k, -1.0)) for k in keys)
        return glyph_match.GlyphScores(tuple(sorted(found, key=lambda kv: -kv[1])))

    reader._scanned = scan
    return reader


PLAY = ("circle", "square", "star", "dot")
CLOSE = glyph_match.GlyphScores((("circle", 0.80), ("square", 0.79), ("star", 0.5), ("dot", 0.4)))


def test_a_symbol_between_lookalikes_is_the_one_the_photos_darkness_matches(sheet_map):
    reader = _scanned_reader(sheet_map, {"square": 0.83, "circle": 0.76, "dot": 0.6, "star": 0.5})
    best, near, conf = reader._symbol_read("hex-q3r4", CLOSE, PLAY)
    assert (best, near, conf) == ("square", ("square",), 0.75)
    assert any(r.startswith("hex-q3r4: station") for r in reader.remarks)


@pytest.mark.parametrize(
    "scanned",
    [
        {"square": 0.78, "circle": 0.76, "dot": 0.6, "star": 0.5},  # leads by too little
        {"dot": 0.83, "square": 0.76, "circle": 0.6, "star": 0.5},  # a symbol the ink is not
    ],
)
def test_a_symbol_between_lookalikes_stays_unsure_when_the_darkness_does_not_decide(
    sheet_map, scanned
):
    reader = _scanned_reader(sheet_map, scanned)
    best, near, _ = reader._symbol_read("hex-q3r4", CLOSE, PLAY)
    assert (best, near) == ("circle", ("circle", "square"))
    assert not reader.remarks


def test_a_clear_symbol_or_one_a_person_answered_is_not_scanned(sheet_map):
    clear = glyph_match.GlyphScores((("circle", 0.90), ("square", 0.80)))
    assert _scanned_reader(sheet_map, None)._symbol_read("hex-q3r4", clear, PLAY)[:2] == (
        "circle",
        ("circle",),
    )
    answered = _scanned_reader(sheet_map, None, answered=("hex-q3r4",))
    assert answered._symbol_read("hex-q3r4", CLOSE, PLAY)[1] == ("circle", "square")


def test_a_doubted_hexs_symbol_is_matched_in_the_photos_darkness(sheet_map):
    """Grain the raised step joined into a symbol's shape: the ink matches, the
    darkness, where grain averages out, does not (``SCAN_UNSEEN``)."""
    reader = _scanned_reader(sheet_map, {"circle": 0.3}, doubted=("hex-q3r4",))
    assert reader._doubted_darkness("hex-q3r4", "circle") == pytest.approx(0.3)


@pytest.mark.parametrize("doubted,answered", [((), ()), (("hex-q3r4",), ("hex-q3r4",))])
def test_a_hex_the_field_reader_is_sure_of_or_a_person_answered_is_not_scanned(
    sheet_map, doubted, answered
):
    reader = _scanned_reader(sheet_map, None, answered=answered, doubted=doubted)
    reader.doubted = frozenset(doubted)  # a person's answer outranks the field reader
    assert reader._doubted_darkness("hex-q3r4", "circle") is None


def test_each_glyph_is_scanned_once_a_hex(sheet_map):
    asked = []
    reader = _scanned_reader(sheet_map, {"circle": 0.6, "square": 0.4})
    scan = reader._scanned
    reader._scanned = lambda f, keys: asked.append(keys) or scan(f, keys)
    reader._darkness("hex-q3r4", ("circle",))
    both = reader._darkness("hex-q3r4", ("square", "circle"))
    assert asked == [("circle",), ("square",)]
    assert both.ranked == (("circle", 0.6), ("square", 0.4))


def test_ink_that_looks_like_no_symbol_where_the_darkness_shows_none_is_no_symbol(sheet_map):
    reader = _scanned_reader(sheet_map, {"dot": 0.47, "circle": 0.4, "square": 0.3})
    assert "best dot 0.47" in reader._no_symbol_seen("hex-q3r4", PLAY, blob=5.0)


@pytest.mark.parametrize("answered", [(), ("hex-q3r4",)])
def test_ink_whose_darkness_shows_a_symbol_or_that_a_person_answered_may_be_one(
    sheet_map, answered
):
    scanned = {"dot": 0.47, "circle": 0.52, "square": 0.3} if not answered else None
    reader = _scanned_reader(sheet_map, scanned, answered=answered)
    assert reader._no_symbol_seen("hex-q3r4", PLAY, blob=5.0) == ""


@pytest.mark.parametrize("blob,seen", [(0.6, False), (2.5, True)])
def test_a_dot_counts_only_where_the_hex_holds_a_blob_a_pencil_leaves(sheet_map, blob, seen):
    """Any blob of grain matches a filled dot in the darkness."""
    reader = _scanned_reader(sheet_map, {"dot": 0.62, "circle": 0.45, "square": 0.3, "star": 0.2})
    assert (reader._no_symbol_seen("hex-q3r4", PLAY, blob) == "") is seen


@pytest.mark.parametrize(
    "scores,plain",
    [
        ({"circle": 0.78, "square": 0.70, "dot": 0.9, "star": 0.3}, True),  # any grain is a dot
        ({"circle": 0.78, "square": 0.75, "dot": 0.5, "star": 0.3}, False),  # a lookalike close
        ({"circle": 0.66, "square": 0.40, "dot": 0.5, "star": 0.3}, False),  # not plain enough
    ],
)
def test_a_doubted_hexs_symbol_plain_in_the_darkness_is_settled_covered(sheet_map, scores, plain):
    reader = _scanned_reader(sheet_map, scores, doubted=("hex-q3r4",))
    assert bool(reader._seen_plainly("hex-q3r4", "circle", PLAY)) is plain


def test_a_hex_the_field_reader_does_not_doubt_is_not_scanned_for_plainness(sheet_map):
    reader = _scanned_reader(sheet_map, None)  # a scan fails the test
    assert reader._seen_plainly("hex-q3r4", "circle", PLAY) == ""


def test_a_doubted_hex_read_as_a_dot_is_never_settled_by_the_darkness(sheet_map):
    """Any blob of grain matches a dot (the committed hard Cosmos photo's hex-q11r0:
    empty, its grain read as a dot, 0.71 in the darkness)."""
    reader = _scanned_reader(
        sheet_map, {"dot": 0.9, "circle": 0.3, "square": 0.3, "star": 0.3}, doubted=("hex-q3r4",)
    )
    assert reader._seen_plainly("hex-q3r4", "dot", PLAY) == ""


def _darkness_chose(reader, hexes, hid: str, read_as: str, own: str):
    """Hex ``hid`` read as ``read_as``, the photo's darkness having chosen it over
    ``own`` (its ink matching both alike: ``_symbol_read``)."""
    from scoring.distant_suns.hexgrid import parse_hex_id

    h = parse_hex_id(hid)
    glyph = {z.id: z.glyph for z in SHAPES.all_zones}
    reader.hex_scores[h] = glyph_match.GlyphScores(((glyph[read_as], 0.8), (glyph[own], 0.79)))
    reader.darkness_chose[f"hex-{hid}"] = (read_as, own)
    return h, hexes | {h: replace(hexes[h], zone=read_as, candidates=(read_as,))}


def test_a_symbol_the_darkness_chose_is_read_as_its_lookalike_that_alone_spends_the_boxes(
    sheet_map,
):
    # seed 3 draws a Rocket over q6r6; read as the Black Hole beside it, every run still
    # splits into shapes, but none spending the Upgrades checked (seed 717 #108)
    reader, hexes, zones = _state_reader(sheet_map, 3, "")
    h, misread = _darkness_chose(reader, hexes, "q6r6", "black-hole", "rocket")
    assert not reader._stuck({k: r.zone for k, r in misread.items() if r.covered})
    repaired = reader.repair_spending(misread)
    assert repaired[h].zone == zones[h] == "rocket" and repaired[h].candidates == ("rocket",)
    assert reader.confidence["hex-q6r6"] == 0.75
    assert any(r.startswith("hex-q6r6: rocket") and "Upgrades" in r for r in reader.remarks)


def test_a_symbol_read_surely_is_not_changed_for_the_upgrade_boxes(sheet_map):
    # the same misreading, but the hex's ink read Black Hole alone: nothing to choose from
    reader, hexes, _ = _state_reader(sheet_map, 3, "")
    h, misread = _darkness_chose(reader, hexes, "q6r6", "black-hole", "rocket")
    reader.darkness_chose.clear()
    assert reader.repair_spending(misread) == misread and not reader.remarks


def test_a_symbol_the_darkness_chose_is_kept_where_the_shapes_spend_the_boxes(sheet_map):
    reader, hexes, _ = _state_reader(sheet_map, 3, "")
    reader.darkness_chose["hex-q6r6"] = ("rocket", "black-hole")  # read right
    assert reader.repair_spending(hexes) == hexes and not reader.remarks


def test_a_lone_symbol_two_lookalikes_fit_is_the_one_that_spends_the_upgrade_boxes(
    monkeypatch,
):
    """Seed 723 #128 (a normal Cosmos page, halved, JPEG 80): an Asteroid's triangle
    drawn over the printed Upgrade icon matched Orbit's circle 0.70, Satellite's bars,
    Asteroid's triangle 0.66; read Orbit, a lone hex no Orbit shape covers. As the
    Asteroid beside it or the Satellite beside it the run is coverable, so nothing was
    repaired and the page asked about its shapes and Upgrades; only the Asteroid spends
    the 4 Upgrades checked. (Its symbol is now read over what the icon leaves visible,
    ``glyph_visible``, as an Asteroid's: left out here, the ink's own match is repaired.)"""
    import json
    from pathlib import Path

    from pnp.vision.distant_suns import _Reader
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    monkeypatch.setattr(_Reader, "_visible_match", lambda self, fid, keys: None)

    page = Path(__file__).parent / "fixtures" / "cosmos"
    page /= "seed723-00128-distant-suns-cosmos-normal-half.jpg"
    truth = json.loads(page.with_suffix(".json").read_text())["state"]
    (sheet,) = read_photo(page)
    (a,), _ = assemble([sheet])
    assert not a.doubtful and not a.notes
    zone = {h: s["zone"] for s in a.state["shapes"] for h in s["hexes"]}
    assert zone == {h: s["zone"] for s in truth["shapes"] for h in s["hexes"]}
    assert zone["q10r3"] == "asteroid"
    assert any(r.startswith("hex-q10r3: asteroid") and "4 Upgrades" in r for r in a.remarks)


def test_the_spaces_nothing_marks_are_read_empty_whatever_ink_they_hold(sheet_map):
    """A Frontier's flag box or the Start space read filled, or asked about, is settled
    empty: no shape covers them and nobody circles them (seed 834 #1173: a Frontier flag
    read filled at 4.6% of its box, nothing asked). A Treasure space, circled when won,
    and a space a shape may cover are left as read."""
    readings = [
        FieldReading("hex-q13r0", "filled", 0.046, 0.508),  # a Frontier's flag
        FieldReading("hex-q0r9", "doubtful", 0.02, 0.4),  # the Start space
        FieldReading("hex-q8r0", "empty", 0.0, 1.0),  # a clean Frontier flag
        FieldReading("hex-q6r2", "filled", 0.3, 1.0),  # a Treasure circled
        FieldReading("hex-q5r0", "filled", 0.3, 1.0),  # a space a shape covers
    ]
    reader = _reader(sheet_map, readings, doubted=("hex-q0r9",))
    reader.settle_unmarked_spaces()
    assert reader.settled == {"hex-q13r0": False, "hex-q0r9": False}
    assert "hex-q13r0: a Frontier space, which nothing marks: read empty" in reader.remarks
    # ...but not one a person answered
    reader = _Reader(
        None,
        None,
        sheet_map,
        readings,
        READ_PX_PER_MM,
        None,
        COSMOS,
        SHAPES,
        ("hex-q13r0",),
        ("hex-q0r9",),
    )
    reader.settle_unmarked_spaces()
    assert reader.settled == {"hex-q0r9": False}
