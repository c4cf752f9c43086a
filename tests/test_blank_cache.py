"""The blank sheets kept on disk between runs (pnp.vision.blank_cache)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pnp.games import GAMES
from pnp.vision import blank_cache, reference
from pnp.vision.reference import blank_sheet, rendered_blank

SHEET = ("stellar-drift", "tech", "tech")
PX = 2.0  # a small rendering: the cache keeps any resolution apart


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv(blank_cache.CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def _kept(cache_dir):
    return sorted((cache_dir / "blanks").rglob("*.png"))


def _no_render(*args):
    raise AssertionError("rendered again, not read from the cache")


def test_a_blank_is_rendered_once_then_read_from_disk(cache_dir, monkeypatch):
    first = rendered_blank(*SHEET, PX)
    (kept,) = _kept(cache_dir)
    assert kept.parent.name == blank_cache.fingerprint()
    monkeypatch.setattr(reference, "_render", _no_render)
    again = rendered_blank(*SHEET, PX)
    assert again.dtype == np.uint8 and np.array_equal(again, first)


def test_each_print_and_resolution_is_kept_apart(cache_dir):
    colour = rendered_blank(*SHEET, PX)
    saving = rendered_blank(*SHEET, PX, True)
    larger = rendered_blank(*SHEET, 2.5)
    assert len(_kept(cache_dir)) == 3
    assert not np.array_equal(colour, saving)
    assert larger.shape != colour.shape
    assert np.array_equal(rendered_blank(*SHEET, PX, True), saving)


@pytest.mark.parametrize("damage", ["cut", "garbage", "other size"])
def test_a_damaged_file_is_rendered_again_and_replaced(cache_dir, damage):
    fresh = rendered_blank(*SHEET, PX)
    (kept,) = _kept(cache_dir)
    if damage == "cut":
        kept.write_bytes(kept.read_bytes()[:200])
    elif damage == "garbage":
        kept.write_bytes(b"not a png at all")
    else:
        import cv2

        cv2.imwrite(str(kept), np.zeros((5, 7), np.uint8))
    assert np.array_equal(rendered_blank(*SHEET, PX), fresh)
    import cv2

    assert np.array_equal(cv2.imread(str(kept), cv2.IMREAD_UNCHANGED), fresh)


def test_an_empty_setting_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv(blank_cache.CACHE_ENV, "")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    rendered_blank(*SHEET, PX)
    assert not any(tmp_path.rglob("*.png"))


def test_a_folder_that_cannot_be_made_is_done_without(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(blank_cache.CACHE_ENV, str(blocker / "cache"))
    out = rendered_blank(*SHEET, PX)
    assert out.shape == (round(reference.COMMON_HEIGHT * PX), round(reference.COMMON_WIDTH * PX))


def test_the_blanks_of_other_versions_are_removed_but_the_latest(cache_dir):
    import os

    versions = cache_dir / "blanks"
    for age, name in enumerate(["newest", "newer", "older", "oldest"]):
        old = versions / name
        old.mkdir(parents=True)
        (old / "stellar-drift-tech-tech-colour-2.0.png").write_bytes(b"old")
        os.utime(old, (1e9 - age * 1000, 1e9 - age * 1000))
    rendered_blank(*SHEET, PX)
    left = {p.name for p in versions.iterdir()}
    assert left == {blank_cache.fingerprint(), "newest", "newer"}  # KEEP_OTHERS = 2


def test_the_default_folder_is_the_users_cache(tmp_path, monkeypatch):
    monkeypatch.delenv(blank_cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert blank_cache.cache_root() == tmp_path / "xdg" / "pnp-kit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert blank_cache.cache_root() == tmp_path / "home" / ".cache" / "pnp-kit"

    def homeless():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(blank_cache.Path, "home", homeless)
    assert blank_cache.cache_root() is None  # read without a cache, never fail for it


WRITABLE = [
    (game.name, kind.name, layout)
    for game in GAMES.values()
    for kind in game.sheets.values()
    if kind.writable
    for layout in kind.layout_names()
]


@pytest.mark.parametrize("sheet", WRITABLE, ids="/".join)
def test_a_sheet_map_does_not_depend_on_the_serial(sheet):
    # the reader builds each layout's map once and gives it each page's serial
    a, b = (blank_sheet(*sheet, serial).map for serial in (1, 417))
    assert b.code == replace(a.code, serial=417)
    assert a.fields == b.fields and [f.meta for f in a.fields] == [f.meta for f in b.fields]
    assert (a.fiducials, a.qr, a.paper, a.width, a.height) == (
        b.fiducials,
        b.qr,
        b.paper,
        b.width,
        b.height,
    )
    common = reference.common_map(b.code)
    assert common.code == b.code and len(common.fields) == len(b.fields)


def test_a_layouts_map_is_built_once_then_read_from_disk(cache_dir, monkeypatch):
    built = reference._moved_map(*SHEET)
    first = blank_cache.cached_map("tech-map", lambda: reference._moved_map(*SHEET))
    (kept,) = (cache_dir / "blanks").rglob("*.pickle")
    again = blank_cache.cached_map("tech-map", _no_render)
    for m in (first, again):
        assert m.code == built.code and m.fields == built.fields
        assert [f.meta for f in m.fields] == [f.meta for f in built.fields]
    kept.write_bytes(kept.read_bytes()[:100])  # cut: built again, and kept whole
    rebuilt = blank_cache.cached_map("tech-map", lambda: reference._moved_map(*SHEET))
    assert rebuilt.fields == built.fields
    assert blank_cache.cached_map("tech-map", _no_render).fields == built.fields


def test_the_blank_shared_by_every_reader_is_read_only(cache_dir):
    # kept once in memory (and by each prepared blank, uncopied): no caller may change it
    shared = reference.reference_image(*SHEET, PX)
    assert not shared.flags.writeable
    with pytest.raises(ValueError):
        shared[0, 0] = 0
    assert rendered_blank(*SHEET, PX).flags.writeable  # a fresh one is the caller's own
