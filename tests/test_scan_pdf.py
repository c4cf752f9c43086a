"""A scan saved as a PDF (a phone's document scanner): read page by page, each page's
sheets named by its number, a page without a sheet reported while the others are read,
and a PDF that cannot be read refused with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.bench.scans import FILTERS, scan_pdf, scanned
from pnp.cli import cli
from pnp.vision.answers import marked
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.photo_io import EXIT_NO_SHEET, EXIT_NOT_AN_IMAGE, EXIT_TOO_LARGE
from pnp.vision.read import read_photo
from pnp.vision.states import assemble


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture(scope="module")
def player():
    """One Stellar Drift player's three sheets filled by the pen, and their truths."""
    from pnp.synth.pen import build_page, fill, sheet_marks
    from pnp.synth.states import random_state

    pages = sheet_marks("stellar-drift", random_state("stellar-drift", 7))
    return [fill(build_page(m), m, 7, 200) for m in pages]


def test_every_page_of_a_scan_is_read_to_its_truth_and_a_page_without_a_sheet_is_named(
    tmp_path, player
):
    path = tmp_path / "table-scan.pdf"
    ship, tracker, tech = (f.image for f in player)
    path.write_bytes(scan_pdf([ship, None, tracker, tech]))
    left_out = []
    sheets = read_photo(path, refused=left_out)
    assert [s.source for s in sheets] == [f"{path}#{n}" for n in (1, 3, 4)]
    (error,) = left_out
    assert error.exit_code == EXIT_NO_SHEET and "page 2 of the PDF" in str(error)
    (state,), refused = assemble(sheets)
    assert not refused
    doubtful = {(d.source, d.field) for d in state.doubtful}
    for sheet, filled in zip(sheets, player, strict=True):
        truth = filled.truth["fields"]
        got = marked(sheet, {})
        silent = [
            f
            for f, t in truth.items()
            if sheet.kinds[f] not in UNREAD_KINDS
            and (f in got) != t["marked"]
            and (sheet.source, f) not in doubtful
        ]
        assert not silent, (sheet.source, silent)
    # as `pnp score` names it: the page without a sheet, one line; the player still read
    result = run("score", path, "--json")
    assert result.exit_code == EXIT_NO_SHEET, result.output
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "page 2 of the PDF" in errors[0], result.stderr
    assert "Traceback" not in result.output


def test_an_answer_names_one_page_of_a_scan(tmp_path):
    """Two players' trackers in one scan: their fields share ids, and an answer naming
    "scan.pdf#2" changes the second player's sheet alone."""
    from pnp.games import find_game
    from pnp.paper import find_paper
    from pnp.render.pdf import pdf_bytes
    from pnp.set_answers import parse_sets
    from pnp.sheets.base import Palette

    tracker = find_game("stellar-drift").sheet("tracker")
    pages = [tracker.build("tracker", find_paper("a4"), n, Palette())[0].page for n in (1, 2)]
    path = tmp_path / "scan.pdf"
    path.write_bytes(pdf_bytes(pages))

    result = run("read", path, "--json")
    assert result.exit_code in (0, 3), result.output
    states = json.loads(result.stdout)["states"]
    assert [s["sheets"][0]["source"] for s in states] == [f"{path}#1", f"{path}#2"]
    answer = "scan.pdf#2:track-power-1=filled"
    assert run("read", path, "--set", answer).exit_code in (0, 3)
    assert run("read", path, "--set", "scan.pdf#3:track-power-1=filled").exit_code == 2
    answers = parse_sets([answer])
    sheets = read_photo(path)
    assert [s.reading("track-power-1").state for s in sheets] == ["empty", "empty"]
    assert [("track-power-1" in marked(s, answers)) for s in sheets] == [False, True]


@pytest.mark.parametrize("case", ["broken", "locked", "no pages", "too many pages"])
def test_a_pdf_that_cannot_be_read_gets_one_line_and_its_code(tmp_path, monkeypatch, case):
    from pnp.vision import scan_pdf as scan_module

    path = tmp_path / f"{case.replace(' ', '-')}.pdf"
    if case == "broken":
        path.write_bytes(b"%PDF-1.7\n" + b"\x00 not a PDF body " * 50)
        code, words = EXIT_NOT_AN_IMAGE, "does not open"
    elif case == "locked":
        from reportlab.pdfgen.canvas import Canvas

        canvas = Canvas(str(path), encrypt="secret")
        canvas.drawString(72, 720, "a sheet behind a password")
        canvas.save()
        code, words = EXIT_NOT_AN_IMAGE, "password"
    elif case == "no pages":
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument.new()
        doc.save(str(path))
        doc.close()
        code, words = EXIT_NOT_AN_IMAGE, "does not open"  # PDFium opens no empty PDF
    else:
        monkeypatch.setattr(scan_module, "MAX_PAGES", 1)
        path.write_bytes(scan_pdf([None, None]))
        code, words = EXIT_TOO_LARGE, "2 pages"
    result = run("read", path)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and words in errors[0] and path.name in errors[0], result.stderr


def test_a_scan_is_read_in_a_folder_of_photos(tmp_path):
    from pnp.photo_batch import expand

    (tmp_path / "scan.pdf").write_bytes(scan_pdf([None]))
    (tmp_path / "notes.txt").write_text("not a photo")
    assert expand([tmp_path]) == [tmp_path / "scan.pdf"]


SHIP = Path(__file__).parent / "fixtures" / "photos" / "00000-stellar-drift-ship-easy.jpg"


def test_a_ship_whose_tints_a_filter_whitened_is_read_as_printed_in_colour(tmp_path):
    """Its tints gone, the page looks printed ink-saving; its symbols, still coloured, say
    colour, and it is read against the colour blank: no space read marked for them."""
    path = tmp_path / "ship.pdf"
    (photographed,) = read_photo(SHIP, color=True)
    path.write_bytes(scanned(photographed, FILTERS["bgnorm"]))
    (sheet,) = read_photo(path)
    assert not sheet.ink_saving
    truth = json.loads(SHIP.with_suffix(".json").read_text())["sheet"]["fields"]
    (state,), _ = assemble([sheet])
    doubtful = {d.field for d in state.doubtful}
    got = marked(sheet, {})
    silent = [f for f, t in truth.items() if (f in got) != t["marked"] and f not in doubtful]
    assert not silent


def test_the_pages_of_one_scan_are_read_on_both_cores_in_order(tmp_path, player):
    from pnp.photo_batch import _tasks, read_batch

    path = tmp_path / "scan.pdf"
    path.write_bytes(scan_pdf([f.image for f in player]))
    assert _tasks([path]) == [(str(path), n) for n in (1, 2, 3)]  # a task a page
    one_core, _ = read_batch([path], jobs=1)
    both, _ = read_batch([path], jobs=2)
    assert (
        [s.source for s in both]
        == [s.source for s in one_core]
        == [f"{path}#{n}" for n in (1, 2, 3)]
    )
    assert [s.readings for s in both] == [s.readings for s in one_core]
