"""Corrections photographed, regenerated from the benchmark's sets by
``synth.dataset.make``: a box hatched out two ways past two of its sides, one of them
farther than ``hatch_reach.BOX_REACH_P90``, reads empty with nothing asked
(``pnp.vision.hatching._PageHatching.crossed_hatched``)."""

from __future__ import annotations

from pnp.synth.dataset import Sample, make
from pnp.vision.read import read_photo


def test_the_photographed_box_hatched_past_two_sides_reads_empty(tmp_path):
    """Seed 822 #126 (``python -m pnp.bench photos --n 300 --seed 822``), a normal tracker
    page: CPU Core box 6 hatched out, its strokes 2.1-2.2 mm past its bottom and 0.8 mm past
    its left, was asked "strokes crossing past its outline", the page's one question."""
    sample = Sample(126, "stellar-drift", "tracker", "normal", 1128123147, 1135841455, 1215806755)
    jpeg, truth = make(sample)
    box = truth["sheet"]["fields"]["track-cpu_core-6"]
    assert (box["marked"], box["kind"]) == (False, "scribbled-out")
    photo = tmp_path / "tracker.jpg"
    photo.write_bytes(jpeg)
    (sheet,) = read_photo(photo)
    read = {r.id: r for r in sheet.readings}
    assert read["track-cpu_core-6"].state == "empty" and read["track-cpu_core-6"].hatched
    assert "track-cpu_core-6" not in {d.field for d in sheet.doubtful}
    marked = {k for k, v in truth["sheet"]["fields"].items() if v["marked"]}
    assert {k for k, r in read.items() if r.state == "filled"} == marked
