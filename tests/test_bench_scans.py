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
    cells = [row[41 + 16 * k : 57 + 16 * k].split() for k in range(len(FILTERS))]
    cells = dict(zip(FILTERS, cells, strict=True))
    assert cells["none"] == ["0", "0"]  # plain, the easy page reads as its photo: nothing wrong
    assert cells["black_white"] == ["refused"]  # its symbols' greys lost: refused
    assert all(len(c) == 2 and all(v.isdigit() for v in c) for c in list(cells.values())[:-1])


def test_a_folder_without_photos_and_truths_is_an_error(tmp_path, capsys):
    assert main(["--photos", str(tmp_path)]) == 1
    assert "no .jpg photo" in capsys.readouterr().err
