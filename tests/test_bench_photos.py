"""``python -m pnp.bench photos`` writes a labelled set, or one sheet's samples of it."""

import json

from pnp.bench.photos import main


def test_sheet_keeps_only_that_sheets_samples_as_the_whole_set_holds_them(tmp_path, capsys):
    assert main(["--n", "8", "--seed", "5", "--sheet", "cosmos", "--out", str(tmp_path)]) == 0
    photos = sorted(tmp_path.glob("*.jpg"))
    assert [p.name for p in photos] == ["00003-distant-suns-cosmos-easy.jpg"]
    truth = json.loads(photos[0].with_suffix(".json").read_text())
    assert truth["sample"]["sheet"] == "cosmos" and truth["sample"]["index"] == 3


def test_a_sheet_no_sample_has_is_refused(tmp_path, capsys):
    assert main(["--n", "2", "--sheet", "cosmos", "--out", str(tmp_path)]) == 2
    assert "no 'cosmos' sheet among the 2 samples" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
