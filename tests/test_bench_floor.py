"""``python -m pnp.bench floor`` times the issue's raw operations on the photos."""

from pathlib import Path

from pnp.bench.floor import OPS, main, op_times

PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def test_floor_prints_a_median_per_operation_and_their_sum(capsys):
    assert main(["--set", str(PHOTOS), "--every", "10"]) == 0
    out = capsys.readouterr().out
    assert "(2 photos, 0 unread)" in out
    rows = {}
    for name in (*OPS, "sum"):
        line = next(row for row in out.splitlines() if row.startswith(name))
        rows[name] = [float(v) for v in line[22:].split()]
        assert all(v > 0 for v in rows[name])
    # the sum is taken photo by photo: its median is no smaller than the largest op's
    assert rows["sum"][0] >= max(rows[name][0] for name in OPS)
    assert "found 3 markers or more on 2 of 2 pages" in out


def test_floor_finds_the_markers_and_reads_the_qr_of_a_sharp_photo():
    photo = sorted(PHOTOS.glob("*.jpg"))[0]
    bucket, seconds, markers, _ = op_times(photo.read_bytes())
    assert bucket in ("2MP", "12MP") and markers
    assert set(seconds) == set(OPS)


def test_floor_skips_a_photo_without_a_page(tmp_path):
    import cv2
    import numpy as np

    ok, data = cv2.imencode(".jpg", np.full((600, 800), 200, np.uint8))
    assert ok and op_times(data.tobytes()) is None


def test_floor_without_photos_fails_clearly(tmp_path, capsys):
    assert main(["--set", str(tmp_path)]) == 1
    assert "no photos" in capsys.readouterr().err
