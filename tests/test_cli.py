"""The command line: help everywhere, one clear line and exit 2 on bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pnp.cli import cli

COMMANDS = [name for name in cli.commands]


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("command", [[]] + [[c] for c in COMMANDS])
def test_help_everywhere(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_help_does_not_import_heavy_libraries():
    code = (
        "import sys; from pnp.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('cv2', 'reportlab', 'numpy', 'pydantic') if m in sys.modules]\n"
        "print('HEAVY', heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in out.stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (["render", "chess", "ship", "--out", "x.pdf"], "chess"),
        (["render", "stellar-drift", "hull", "--out", "x.pdf"], "hull"),
        (["render", "stellar-drift", "ship", "--layout", "titanic", "--out", "x.pdf"], "titanic"),
        (["render", "stellar-drift", "ship", "--out", "x.docx"], "x.docx"),
        (["render", "stellar-drift", "ship", "--paper", "a3", "--out", "x.pdf"], "a3"),
        (["kit", "--players", "0"], "0"),
        (["map", "stellar-drift", "components"], "nothing to mark"),
    ],
)
def test_bad_arguments_give_one_clear_line_and_exit_2(args, needle, tmp_path):
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 2
    assert needle in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_render_writes_each_format(tmp_path):
    for fmt, magic in (("pdf", b"%PDF"), ("svg", b"<svg"), ("png", b"\x89PNG")):
        out = tmp_path / f"ship.{fmt}"
        result = run("render", "stellar-drift", "ship", "--out", str(out))
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ship.pdf", "ship.png", "ship.svg"]


def test_map_prints_fields_with_geometry():
    result = run("map", "stellar-drift", "ship", "--layout", "aaraka-glider", "--paper", "letter")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["paper"] == "letter" and data["page_mm"]["width"] == pytest.approx(215.9)
    assert [f["id"] for f in data["fiducials"]] == [0, 1, 2, 3]
    ids = {f["id"] for f in data["fields"]}
    assert "space-D4" in ids and "space-D5" not in ids  # the Reactor Core is never marked
    assert data["page_code"].startswith("PNP:SD:SHIP:AARAKA-GLIDER:1:")


def test_kit_prints_pads_with_serials_in_sequence(tmp_path):
    result = run(
        "kit",
        "--game",
        "stellar-drift",
        "--players",
        "2",
        "--format",
        "pdf",
        "--serial-start",
        "40",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    pdfs = sorted(p.name for p in (tmp_path / "stellar-drift").glob("*.pdf"))
    assert "ship-aaraka-glider.pdf" in pdfs and "tracker.pdf" in pdfs
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(tmp_path / "stellar-drift" / "tracker.pdf"))
    assert len(doc) == 2
    doc.close()


def test_broken_layout_file_is_one_clear_error(tmp_path, monkeypatch):
    from scoring.stellar_drift import layouts

    broken = tmp_path / "stellar_drift" / "ships"
    broken.mkdir(parents=True)
    (tmp_path / "stellar_drift" / "game.yaml").write_text(
        (layouts.folder() / "game.yaml").read_text()
    )
    (broken / "aaraka-glider.yaml").write_text("id: aaraka-glider\nname: [unclosed\n")
    monkeypatch.setattr(layouts, "folder", lambda: tmp_path / "stellar_drift")
    layouts.load_ship.cache_clear()
    layouts.load_rules.cache_clear()
    try:
        result = run("render", "stellar-drift", "ship", "--out", str(tmp_path / "x.pdf"))
    finally:
        layouts.load_ship.cache_clear()
        layouts.load_rules.cache_clear()
    assert result.exit_code == 1
    assert "aaraka-glider.yaml" in result.output and "not valid YAML" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()
