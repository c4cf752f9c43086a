"""`python -m pnp.bench scans`: a photo read again as a scan, plain and filtered."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnp.bench.scans import FILTERS, main

PHOTO = Path(__file__).parent / "fixtures" / "photos" / "00002-stellar-drift-tech-easy.jpg"


def test_each_filter_gets_the_fields_asked_and_the_fields_wrong(tmp_path, capsys):
    for p in (PHOTO, PHOTO.with_suffix(".json")):
        shutil.copy(p, tmp_path / p.name)
    assert main(["--photos", str(tmp_path)]) == 0
    header, _, row = capsys.readouterr().out.splitlines()
    assert header.split()[1:] == list(FILTERS)
    cells = row.split()[1:]
    assert len(cells) == 2 * len(FILTERS)
    assert cells[:2] == ["0", "0"]  # plain, the easy page reads as its photo: nothing wrong


def test_a_folder_without_photos_and_truths_is_an_error(tmp_path, capsys):
    assert main(["--photos", str(tmp_path)]) == 1
    assert "no .jpg photo" in capsys.readouterr().err
