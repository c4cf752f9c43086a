"""Blank sheets as rendered for reading, kept on disk between runs.

Reading a photo compares it with its blank sheet, built and rendered through the PDF
a printer gets (``pnp.vision.reference``), in colour and ink-saving: some 0.2-0.35 s a
sheet, more than reading the photo, paid again by every ``pnp read`` or ``pnp score``
(a table answered with ``--set`` is read again) and by each of its worker processes.
The rendered blanks are kept here as PNG files, lossless, and each layout's sheet map
(the fields read, in common-box mm) as a pickle.

A kept blank is the rendering of one version of the code and data that draw it: the
folder is named by a fingerprint of every file of the ``pnp``, ``scoring`` and
``layouts`` packages and of the versions of the libraries that draw and rasterize, so
a changed sheet is never read against an old blank. When a new folder is made, those
of other fingerprints are removed but the ``KEEP_OTHERS`` made last. Files are written
whole (a temporary file renamed), a file that cannot be read as the blank expected is
rendered again, and a folder that cannot be written is done without: the cache only
ever saves time.

``PNP_CACHE_DIR`` names the folder (default ``$XDG_CACHE_HOME/pnp-kit``, else
``~/.cache/pnp-kit``); set empty, nothing is kept.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from pnp.sheetmap import SheetMap

CACHE_ENV = "PNP_CACHE_DIR"
_PACKAGES = ("pnp", "scoring", "layouts")  # every file that may draw a sheet
_LIBRARIES = ("reportlab", "pypdfium2", "opencv-python-headless")
_SKIPPED = {"__pycache__"}
KEEP_OTHERS = 2  # folders of other fingerprints kept (the latest made)


def cache_root() -> Path | None:
    """The cache folder, or None when ``PNP_CACHE_DIR`` is set empty or no home is found."""
    where = os.environ.get(CACHE_ENV)
    if where is not None:
        return Path(where).expanduser() if where.strip() else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = Path.home() / ".cache"
        except RuntimeError:  # no home to keep a cache in: read without one
            return None
    return Path(base) / "pnp-kit"


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of every file of the packages that draw the sheets, and of the drawing
    and rasterizing libraries' versions (~20 ms, once per process)."""
    from importlib import import_module

    h = hashlib.sha256()
    for name in _LIBRARIES:
        try:
            h.update(f"{name}={metadata.version(name)};".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{name}=?;".encode())
    for package in _PACKAGES:
        root = Path(import_module(package).__file__).parent
        for path in sorted(root.rglob("*")):
            if path.is_file() and not _SKIPPED & set(path.parts) and path.suffix != ".pyc":
                data = path.read_bytes()
                h.update(f"{path.relative_to(root.parent).as_posix()}:{len(data)}:".encode())
                h.update(data)
    return h.hexdigest()[:20]


def cached_gray(name: str, shape: tuple[int, int], render: Callable[[], np.ndarray]) -> np.ndarray:
    """The uint8 image ``name`` of ``shape`` kept in the cache, else ``render()`` (and
    kept for the next time)."""

    def load(data: bytes) -> np.ndarray | None:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
        ok = image is not None and image.dtype == np.uint8 and image.shape == tuple(shape)
        return image if ok else None

    def dump(image: np.ndarray) -> bytes | None:
        ok, data = cv2.imencode(".png", image)
        return data.tobytes() if ok else None

    return _cached(f"{name}.png", load, dump, render)


def cached_map(name: str, build: Callable[[], SheetMap]) -> SheetMap:
    """The sheet map ``name`` kept in the cache, else ``build()`` (and kept)."""
    from pnp.sheetmap import SheetMap

    def load(data: bytes) -> SheetMap | None:
        # written by this code into the user's own cache folder, as joblib keeps results
        kept = pickle.loads(data)
        return kept if isinstance(kept, SheetMap) else None

    def dump(sheet_map: SheetMap) -> bytes:
        return pickle.dumps(sheet_map, protocol=pickle.HIGHEST_PROTOCOL)

    return _cached(f"{name}.pickle", load, dump, build)


def _cached(filename: str, load: Callable, dump: Callable, make: Callable):
    """What ``load`` reads of ``filename`` in the cache folder; else (missing, cut, of
    another shape: ``load`` gives None or raises) ``make()``, kept as ``dump`` writes it."""
    folder = _folder()
    if folder is None:
        return make()
    path = folder / filename
    try:
        kept = load(path.read_bytes())
    except Exception:
        kept = None
    if kept is not None:
        return kept
    value = make()
    data = dump(value)
    if data is not None:
        _write(path, data)
    return value


def _folder() -> Path | None:
    root = cache_root()
    if root is None:
        return None
    try:
        folder = root / "blanks" / fingerprint()
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            _prune(folder)
    except OSError:  # a package file unreadable, a folder that cannot be made
        return None
    return folder


def _prune(folder: Path) -> None:
    """Remove the blanks of other versions but the ``KEEP_OTHERS`` made last (two
    installs used in turn do not render each other's away)."""
    try:
        others = [p for p in folder.parent.iterdir() if p != folder and p.is_dir()]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for other in others[KEEP_OTHERS:]:
        shutil.rmtree(other, ignore_errors=True)


def _write(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole, or not at all (a folder that cannot be written: the
    reading goes on without the cache)."""
    from pnp.output import write_atomic

    try:
        write_atomic(path, data)
    except OSError:
        pass
