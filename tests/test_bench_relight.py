"""`python -m pnp.bench relight`: a photo set copied over-exposed, glared or filtered,
each photo with its truth, the same for the same seed."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.bench.relight import main

PHOTOS = Path(__file__).parent / "fixtures" / "photos"


@pytest.fixture
def source(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in ("00000-stellar-drift-ship-easy", "00004-federation-scorepad-easy"):
        for ext in (".jpg", ".json"):
            shutil.copy(PHOTOS / f"{name}{ext}", src / f"{name}{ext}")
    return src


def test_over_exposure_brightens_and_keeps_the_truth(source, tmp_path):
    out = tmp_path / "out"
    assert main(["--from", str(source), "--out", str(out), "--gain", "1.5"]) == 0
    for photo in source.glob("*.jpg"):
        before = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE).astype(np.float32)
        after = cv2.imread(str(out / photo.name), cv2.IMREAD_GRAYSCALE).astype(np.float32)
        assert after.mean() > 1.3 * before.mean()
        assert (after >= 250).mean() > (before >= 250).mean() + 0.1
        assert (out / photo.with_suffix(".json").name).read_bytes() == (
            photo.with_suffix(".json").read_bytes()
        )


def test_glare_is_a_spot_drawn_from_the_seed(source, tmp_path):
    runs = []
    for n, seed in enumerate(("5", "5", "6")):
        out = tmp_path / f"g{n}"
        assert (
            main(["--from", str(source), "--out", str(out), "--glare", "120", "--seed", seed]) == 0
        )
        runs.append(cv2.imread(str(out / "00000-stellar-drift-ship-easy.jpg"), 0).astype(int))
    assert np.array_equal(runs[0], runs[1]) and not np.array_equal(runs[0], runs[2])
    before = cv2.imread(str(source / "00000-stellar-drift-ship-easy.jpg"), 0).astype(int)
    lift = runs[0] - before
    assert lift.max() > 60 and np.percentile(lift, 10) < 10  # a spot, not the whole frame


@pytest.mark.parametrize("args", [["--gain", "0"], ["--filter", "sepia"], []])
def test_bad_options_are_usage_errors(source, tmp_path, args):
    with pytest.raises(SystemExit) as exc:
        main(["--from", str(source), "--out", str(tmp_path / "o"), *args])
    assert exc.value.code == 2


def test_a_folder_without_photos_says_so(tmp_path, capsys):
    assert main(["--from", str(tmp_path), "--out", str(tmp_path / "o"), "--gain", "1.2"]) == 1
    assert "no photos" in capsys.readouterr().err
