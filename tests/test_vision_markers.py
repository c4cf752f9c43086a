"""The page code's QR decoder: OpenCV's own errors are no code, and the page reads on; the
corner markers: found in a dim, grainy photo, and no square of another id taken for one."""

from __future__ import annotations

from pathlib import Path

import cv2

from pnp.vision.markers import decode_page_code

FIXTURES = Path(__file__).parent / "fixtures" / "qr"


def test_an_image_opencvs_decoder_raises_on_decodes_to_nothing():
    """A QR redrawn from the noisy modules of seed 121's hard Cosmos page #153: OpenCV
    finds corners of no area in it (at twice its size) and raises."""
    image = cv2.imread(str(FIXTURES / "redrawn-raises.png"), cv2.IMREAD_GRAYSCALE)
    assert image is not None and max(image.shape) < 1200  # tried at twice its size too
    assert decode_page_code(image) is None


def test_the_page_behind_it_is_read_from_its_nearest_code():
    from pnp.bench.read_photo import read_one
    from pnp.synth.dataset import Sample, make

    sample = Sample(153, "distant-suns", "cosmos", "hard", 1196890383, 2047879422, 1364159737)
    jpeg, truth = make(sample)
    code, readings, *_ = read_one(jpeg, checks=False)
    assert code.text == truth["sheet"]["page_code"]
    assert code.matched is not None  # its QR did not decode: the nearest code it carries
    assert readings


def test_the_corner_markers_of_a_dim_grainy_photo_are_found_in_smaller_copies():
    """Seed 684 #210 (``python -m pnp.bench photos --n 1200 --level hard --seed 684``): a
    dark, grainy photo whose left markers the grain breaks apart at every size the usual
    searches look at; the patient search in a copy 1,000 px long finds a third."""
    import numpy as np

    from pnp.bench.read_photo import read_one
    from pnp.synth.dataset import Sample, make
    from pnp.vision.markers import _detect, find_fiducials
    from pnp.vision.rectify import decode_photo

    sample = Sample(210, "stellar-drift", "ship", "hard", 2114065451, 877003684, 2013137465)
    jpeg, truth = make(sample)
    gray, _ = decode_photo(jpeg)
    assert len(_detect(gray, False)) < 3  # the whole photo, searched patiently
    found = find_fiducials(gray)
    assert len(found) >= 3
    # each at the corner of the page the camera put it (markers 0-3: TL TR BR BL, as the
    # paper's corners are listed)
    quad = np.array(truth["camera"]["quad"])
    for marker, corners in found.items():
        nearest = np.linalg.norm(quad - corners.mean(axis=0), axis=1).argmin()
        assert nearest == marker
    code, *_ = read_one(jpeg, checks=False)
    assert code.text == truth["sheet"]["page_code"]


def test_a_square_of_another_id_is_no_corner_marker_and_the_search_goes_on():
    """Seed 817 #1094 (``python -m pnp.bench photos --n 1200 --level hard --seed 817``): a
    hard score pad whose left markers lie in a hard shadow. The first search found two
    markers and a dark patch read as marker 37; counted as the third, it ended the search,
    and the page was refused with two markers. Only the page's ids count: the patient
    searches go on and find the third."""
    import numpy as np

    from pnp.bench.read_photo import read_one
    from pnp.render.frame import fiducials
    from pnp.synth.dataset import Sample, make
    from pnp.vision.markers import find_fiducials
    from pnp.vision.rectify import decode_photo

    sample = Sample(1094, "federation", "scorepad", "hard", 632594012, 237620398, 540934252)
    jpeg, truth = make(sample)
    gray, shrunk_by = decode_photo(jpeg)  # 10 MP: decoded at half size
    found = find_fiducials(gray)
    assert set(found) <= {f.id for f in fiducials()}
    assert len(found) >= 3
    quad = np.array(truth["camera"]["quad"]) / shrunk_by
    for marker, corners in found.items():
        assert np.linalg.norm(quad - corners.mean(axis=0), axis=1).argmin() == marker
    code, readings, *_ = read_one(jpeg, checks=False)
    assert code.text == truth["sheet"]["page_code"]
    assert readings
