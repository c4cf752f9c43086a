"""``python -m pnp.bench read-stages`` times every stage of reading a photo."""

from pathlib import Path

from pnp.bench.read_stages import STAGES, main

PHOTOS = Path(__file__).parent / "fixtures" / "photos"


def test_read_stages_prints_a_median_per_stage_and_bucket(capsys):
    assert main(["--set", str(PHOTOS), "--every", "10"]) == 0
    out = capsys.readouterr().out
    assert "(2 photos, 0 unread)" in out
    for stage in (*STAGES, "total"):
        line = next(row for row in out.splitlines() if row.startswith(stage))
        assert all(float(v) > 0 for v in line[22:].split())
    assert "peak memory" in out


def test_read_stages_without_photos_fails_clearly(tmp_path, capsys):
    assert main(["--set", str(tmp_path)]) == 1
    assert "no photos" in capsys.readouterr().err
