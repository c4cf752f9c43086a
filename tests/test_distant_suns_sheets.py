"""The Distant Suns print kit: every hex a field, the marks the rules need, true hex size."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from conftest import built

from pnp.cli import cli
from pnp.render.scene import Group, Poly
from pnp.sheets.distant_suns.common import HEX_SIZE, MARKING_RULE
from pnp.sheets.distant_suns.cosmos import score_rows
from scoring.distant_suns.hexgrid import hex_id, neighbours
from scoring.distant_suns.layout import load_cosmos, load_shapes

COSMOS = load_cosmos()
SHAPES = load_shapes()


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet(request):
    (page,) = built("distant-suns", "cosmos", "standard", request.param)
    return page


def fields_of(sheet, kind):
    return [f for f in sheet.map.fields if f.kind == kind]


def test_every_grid_hex_has_one_field_with_its_type(sheet):
    hexes = {f.id: f for f in fields_of(sheet, "hex")}
    assert set(hexes) == {f"hex-{hex_id(h)}" for h in COSMOS.hexes}
    for h in COSMOS.hexes:
        meta = hexes[f"hex-{hex_id(h)}"].meta
        assert (meta["q"], meta["r"]) == h
        assert meta["type"] == COSMOS.space_types.get(h, "plain")
        assert len(meta["corners"]) == 6


def test_field_ids_are_unique(sheet):
    ids = [f.id for f in sheet.map.fields]
    assert len(ids) == len(set(ids))


def test_hex_fields_keep_clear_of_the_hex_lines(sheet):
    # A shape's pencilled outline runs on the hex lines: it must never fall in a field.
    inradius = HEX_SIZE * math.sqrt(3) / 2
    normals = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 60)]
    for f in fields_of(sheet, "hex") + fields_of(sheet, "frontier_value"):
        hexf = sheet.map.field(f"hex-{f.meta['hex']}") if f.kind == "frontier_value" else f
        corners = hexf.meta["corners"]
        cx = hexf.x + sum(x for x, _ in corners) / 6
        cy = hexf.y + sum(y for _, y in corners) / 6
        if f.shape == "circle":
            points, reach = [(f.x, f.y)], f.w / 2
        else:
            left, top, right, bottom = f.bounds
            points, reach = [(left, top), (right, top), (left, bottom), (right, bottom)], 0.0
        for x, y in points:
            out = max((x - cx) * nx + (y - cy) * ny for nx, ny in normals)
            assert inradius - out >= reach + 0.3, f.id


def test_frontiers_print_both_values_from_the_data(sheet):
    frontiers = COSMOS.of_type("frontier")
    assert frontiers
    for h in frontiers:
        reward = COSMOS.frontier_reward(h)
        high = sheet.map.field(f"frontier-{hex_id(h)}-high")
        low = sheet.map.field(f"frontier-{hex_id(h)}-low")
        assert (high.meta["value"], low.meta["value"]) == (reward.first, reward.later)
        assert high.shape == low.shape == "circle"
    assert len(fields_of(sheet, "frontier_value")) == 2 * len(frontiers)


def test_one_upgrade_circle_and_use_box_per_upgrade_space(sheet):
    n = len(COSMOS.of_type("upgrade"))
    assert [f.id for f in fields_of(sheet, "upgrade")] == [f"upgrade-{i}" for i in range(1, n + 1)]
    used = [f for f in fields_of(sheet, "upgrade_used")]
    assert [f.id for f in used] == [f"upgrade-{i}-used" for i in range(1, n + 1)]
    for circle, box in zip(fields_of(sheet, "upgrade"), used, strict=True):
        assert box.bounds[1] > circle.bounds[3]  # the box is beneath its circle
        assert abs((box.x + box.w / 2) - circle.x) < 0.01


def test_score_summary_has_every_row(sheet):
    ids = {f.id for f in fields_of(sheet, "write_in")}
    expected = {f"score-{row}-{what}" for row, whats in score_rows(load_cosmos()) for what in whats}
    assert ids == expected
    assert {
        "score-tile-alien-count",
        "score-tile-black_hole-points",
        "score-frontier-points",
        "score-treasure-bonus-points",
        "score-alien-penalty-points",
        "score-total-points",
    } <= ids


def test_marking_rule_is_printed_on_the_sheet(sheet):
    texts = [t.text for t in _walk(sheet.page.items) if hasattr(t, "text")]
    assert MARKING_RULE in texts


def _walk(items):
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.items)
        else:
            yield item


def _hex_side(items):
    sides = set()
    for poly in _walk(items):
        if isinstance(poly, Poly) and len(poly.points) == 6:
            pts = poly.points
            sides |= {round(math.dist(pts[i], pts[(i + 1) % 6]), 6) for i in range(6)}
    return sides


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_templates_are_at_the_cosmos_hex_size(paper):
    (cosmos,) = built("distant-suns", "cosmos", "standard", paper)
    # neighbouring hex fields on the sheet lie one hex width apart
    a = cosmos.map.field("hex-q5r4")
    b = cosmos.map.field("hex-q6r4")
    assert (5, 4) in COSMOS.hexes and (6, 4) in neighbours((5, 4))
    assert math.isclose(b.x - a.x, HEX_SIZE * math.sqrt(3), abs_tol=1e-6)
    corners = a.meta["corners"]
    assert {round(math.dist(corners[i], corners[(i + 1) % 6]), 3) for i in range(6)} == {HEX_SIZE}
    pages = built("distant-suns", "templates", "standard", paper)
    groups = {g.id: g for p in pages for g in _groups(p.page.items)}
    for zone in SHAPES.all_zones:
        template = groups[f"template-{zone.id}"]
        assert _hex_side(template.items) == {round(HEX_SIZE, 6)}, zone.id
        assert sum(isinstance(i, Poly) and len(i.points) == 6 for i in template.items) == len(
            zone.hexes
        )
    assert len(SHAPES.all_zones) == 11


def _groups(items):
    for item in items:
        if isinstance(item, Group):
            if item.id:
                yield item
            yield from _groups(item.items)


def test_board_and_tiles_hold_every_component():
    board = built("distant-suns", "board", "standard", "a4")
    assert len(board) == 2 and all(p.map is None for p in board)
    tiles = built("distant-suns", "tiles", "standard", "a4")
    texts = [t.text for p in tiles for t in _walk(p.page.items) if hasattr(t, "text")]
    for zone in SHAPES.zones:
        assert zone.name in texts
    assert texts.count("BLUE") == texts.count("PURPLE") == 5
    for n in range(1, COSMOS.rules.turns_per_round + 1):
        assert texts.count(str(n)) >= 2  # both faces of Module n


def _notches(pages):
    return [
        item
        for p in pages
        for item in _walk(p.page.items)
        if isinstance(item, Poly) and len(item.points) == 3
    ]


def test_board_notches_come_from_board_yaml():
    from pnp.paper import PAPERS
    from pnp.sheets.base import Palette
    from pnp.sheets.distant_suns.board import build_board_pages
    from scoring.distant_suns.engine.board import load_board_layout

    layout = load_board_layout()
    shipped = _notches(built("distant-suns", "board", "standard", "a4"))
    assert len(shipped) == sum(len(side.notches) for side in layout.sides)
    fewer = layout.model_copy(
        update={"sides": (layout.sides[0], layout.sides[1].model_copy(update={"notches": (1, 2)}))}
    )
    pages = build_board_pages(COSMOS, SHAPES, fewer, PAPERS["a4"], Palette())
    assert len(_notches(pages)) == len(layout.sides[0].notches) + 2


def test_cli_renders_maps_and_kits(tmp_path):
    runner = CliRunner()
    for sheet in ("cosmos", "templates", "board", "tiles"):
        result = runner.invoke(
            cli, ["render", "distant-suns", sheet, "--out", str(tmp_path / f"{sheet}.pdf")]
        )
        assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["map", "distant-suns", "cosmos"])
    assert result.exit_code == 0 and '"hex-q0r9"' in result.output
    result = runner.invoke(
        cli,
        [
            "kit",
            "--game",
            "distant-suns",
            "--players",
            "2",
            "--format",
            "pdf",
            "--out",
            str(tmp_path / "kit"),
        ],
    )
    assert result.exit_code == 0, result.output
    written = sorted(
        p.stem.split("-")[0] for p in (tmp_path / "kit" / "distant-suns").glob("*.pdf")
    )
    assert written == ["board", "cosmos", "templates", "tiles"]
