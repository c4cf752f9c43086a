"""Photos as phones save them: HEIC (an iPhone's default), and portrait photos stored on
their side with a rotation to apply (EXIF orientation). Each reads as its JPEG does, and
a broken or hostile HEIF is refused like a broken JPEG: one line, its own exit code.

The HEIC fixture is the committed easy tech photo's pixels saved by pillow-heif
(``pillow_heif.from_bytes(mode="RGB", ...).save(path, quality=75)``); its truth is the
JPEG's.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from read_truth import silent_fields

from pnp.cli import cli
from pnp.vision.photo_io import EXIT_NOT_AN_IMAGE, EXIT_TOO_LARGE, image_size, load_photo
from pnp.vision.read import read_photo

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
SHIP, TRACKER = (
    PHOTOS / "00000-stellar-drift-ship-easy.jpg",
    PHOTOS / "00001-stellar-drift-tracker-easy.jpg",
)
TECH_JPEG = PHOTOS / "00002-stellar-drift-tech-easy.jpg"
TECH_HEIC = TECH_JPEG.with_suffix(".heic")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_a_heic_photo_reads_its_truth_as_the_jpeg_does():
    truth = json.loads(TECH_JPEG.with_suffix(".json").read_text())["sheet"]
    photo = load_photo(TECH_HEIC)
    assert photo.gray.shape == load_photo(TECH_JPEG).gray.shape and photo.scale == 1.0
    (sheet,) = read_photo(TECH_HEIC)
    assert sheet.code.text == truth["page_code"]
    (jpeg,) = read_photo(TECH_JPEG)
    for reading in (sheet, jpeg):
        assert not silent_fields(reading, truth["fields"]), reading.source


def test_a_heic_photo_scores_with_the_jpeg_photos_of_its_player():
    result = run("score", SHIP, TRACKER, TECH_HEIC, "--json")
    assert result.exit_code in (0, 3), result.output
    assert "Traceback" not in result.output
    if result.stdout.strip():  # (its player held back for doubt is named instead)
        (player,) = json.loads(result.stdout)["players"]
        assert player["categories"]["tech-red"]["points"] >= 0
    else:
        assert TECH_HEIC.name in result.stderr


def box(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", 8 + len(body)) + kind + body


def heif(width: int, height: int, mdat: bytes = b"\0" * 64) -> bytes:
    """A HEIF's header as a phone writes it, far enough to give its size, and its data."""
    ispe = box(b"ispe", b"\0" * 4 + struct.pack(">II", width, height))
    meta = box(b"meta", b"\0" * 4 + box(b"hdlr", b"\0" * 24) + box(b"iprp", box(b"ipco", ispe)))
    return box(b"ftyp", b"heic" + b"\0" * 4 + b"mif1heic") + meta + box(b"mdat", mdat)


def test_a_heif_header_gives_the_largest_image_extent():
    assert image_size(heif(4032, 3024)) == ("heif", 4032, 3024)
    assert image_size(TECH_HEIC.read_bytes())[0] == "heif"


BAD = {
    "bomb.heic": (lambda: heif(50000, 50000), EXIT_TOO_LARGE, "50000 x 50000"),
    "cut.heic": (lambda: TECH_HEIC.read_bytes()[:200_000], EXIT_NOT_AN_IMAGE, "truncated"),
    "sizeless.heic": (
        lambda: box(b"ftyp", b"heic" + b"\0" * 4 + b"mif1") + box(b"mdat", b"\0" * 64),
        EXIT_NOT_AN_IMAGE,
        "without its image size",
    ),
    "garbled.heic": (
        lambda: heif(1600, 1200, b"\x17" * 5000),
        EXIT_NOT_AN_IMAGE,
        "does not decode",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_broken_heif_gets_one_line_its_code_and_the_batch_goes_on(tmp_path, name):
    make, code, words = BAD[name]
    bad = tmp_path / name
    bad.write_bytes(make())
    result = run("read", bad, SHIP)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and name in errors[0] and words in errors[0], result.stderr
    assert "terran-starhopper" in result.stdout  # the good photo is still read


def exif_rotated(jpeg: bytes, orientation: int) -> bytes:
    """``jpeg`` with an EXIF orientation tag, as a phone stores a photo taken on its side."""
    entry = struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)
    tiff = b"MM\0\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + entry + b"\0" * 4
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", 8 + len(tiff)) + b"Exif\0\0" + tiff + jpeg[2:]


def test_a_photo_stored_on_its_side_is_turned_upright_and_keeps_its_scale(tmp_path):
    turned = tmp_path / "turned.jpg"
    turned.write_bytes(exif_rotated(SHIP.read_bytes(), 6))
    upright, photo = load_photo(SHIP), load_photo(turned)
    assert np.array_equal(np.rot90(upright.gray, -1), photo.gray)
    assert photo.scale == upright.scale == 1.0  # decoded at the file's size, turned
    (sheet,) = read_photo(turned)
    (reference,) = read_photo(SHIP)
    assert sheet.code.text == reference.code.text
    assert sheet.photo_px_per_mm == pytest.approx(reference.photo_px_per_mm, rel=0.02)


def test_a_phone_s_largest_photos_are_decoded_smaller_and_read(tmp_path):
    import cv2

    gray = cv2.imread(str(SHIP), cv2.IMREAD_GRAYSCALE)  # 1225 x 1633: 2 MP
    big = cv2.resize(gray, (6000, 8000), interpolation=cv2.INTER_CUBIC)  # 48 MP
    path = tmp_path / "48mp.jpg"
    path.write_bytes(cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    photo = load_photo(path)
    assert photo.gray.shape == (2000, 1500) and photo.scale == 0.25
    (sheet,) = read_photo(path)
    (reference,) = read_photo(SHIP)
    assert sheet.code.text == reference.code.text
    # the page's px/mm in the file's own pixels, as the photo was taken
    assert sheet.photo_px_per_mm == pytest.approx(reference.photo_px_per_mm * 6000 / 1225, rel=0.02)


def jpeg_header(width: int, height: int) -> bytes:
    sof = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9"


def test_a_200_megapixel_header_is_no_bomb_but_50000_pixels_a_side_is(tmp_path):
    phone, bomb = tmp_path / "phone.jpg", tmp_path / "bomb.jpg"
    phone.write_bytes(jpeg_header(16320, 12240))  # a phone's 200 MP mode, data cut off
    bomb.write_bytes(jpeg_header(50000, 50000))
    assert run("read", phone).exit_code == EXIT_NOT_AN_IMAGE  # read on, found broken
    assert run("read", bomb).exit_code == EXIT_TOO_LARGE


def test_a_heic_cut_or_garbled_anywhere_is_refused_or_read_never_a_crash(tmp_path):
    import random

    from pnp.vision.photo_io import PhotoError

    data = TECH_HEIC.read_bytes()
    rng = random.Random(7)
    cases = [data[:n] for n in (0, 12, 40, 161, 168, 300, 600, 1200, 5000, len(data) - 9)]
    for _ in range(12):  # one byte of the header changed
        garbled = bytearray(data)
        garbled[rng.randrange(8, 1500)] = rng.randrange(256)
        cases.append(bytes(garbled))
    path = tmp_path / "photo.heic"
    for case in cases:
        path.write_bytes(case)
        try:
            load_photo(path)
        except PhotoError as exc:
            assert str(path) in str(exc)
