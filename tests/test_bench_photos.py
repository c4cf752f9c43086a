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


def test_the_same_samples_printed_another_way_differ_in_their_print_alone(tmp_path, capsys):
    import cv2

    sets = {}
    for printing in ("colour", "ink-saving", "grey"):
        out = tmp_path / printing
        args = ["--n", "6", "--seed", "5", "--sheet", "ship", "--printing", printing]
        assert main([*args, "--level", "easy", "--megapixels", "1", "--out", str(out)]) == 0
        (photo,) = sorted(out.glob("*.jpg"))
        truth = json.loads(photo.with_suffix(".json").read_text())
        assert truth["sample"]["printing"] == printing
        sets[printing] = (truth["state"], truth["sheet"]["fields"], cv2.imread(str(photo)))
    colour, saving, grey = (sets[p] for p in ("colour", "ink-saving", "grey"))
    assert colour[:2] == saving[:2] == grey[:2]  # the same state, the same pen
    b, g, r = cv2.split(grey[2].astype(int))
    assert abs(r - b).mean() < abs(cv2.split(colour[2].astype(int))[2] - colour[2][..., 0]).mean()
    assert (saving[2] != colour[2]).any()
