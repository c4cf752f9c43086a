"""Writing rendered pages to files: PDF, SVG and PNG, each file whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pnp.sheets.base import RenderedPage

FORMATS = ("pdf", "svg", "png")
PREVIEW_DPI = 100


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so no half file is ever left."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_png(path: Path, image) -> None:
    """``image`` (a BGR or gray array) as a PNG at ``path``, whole or not at all."""
    import cv2

    ok, data = cv2.imencode(".png", image)
    if not ok:
        raise OSError(f"cannot encode {path.name}")
    write_atomic(path, data.tobytes())


def render_bytes(pages: list[RenderedPage], fmt: str) -> list[bytes]:
    """The pages in ``fmt``: one PDF for all pages, one SVG or PNG per page."""
    from pnp.render.pdf import pdf_bytes

    if fmt == "pdf":
        return [pdf_bytes([p.page for p in pages], title=pages[0].page.title)]
    if fmt == "svg":
        from pnp.render.svg import svg_text

        return [svg_text(p.page).encode("utf-8") for p in pages]
    if fmt == "png":
        from pnp.render.png import png_bytes, rasterize_pdf

        images = rasterize_pdf(pdf_bytes([p.page for p in pages]), PREVIEW_DPI)
        return [png_bytes(img) for img in images]
    raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")


def file_names(stem: str, fmt: str, count: int) -> list[str]:
    if fmt == "pdf" or count == 1:
        return [f"{stem}.{fmt}"]
    return [f"{stem}-{i + 1:03d}.{fmt}" for i in range(count)]


def write_pages(pages: list[RenderedPage], out: Path, fmt: str) -> list[Path]:
    """Write ``pages`` to ``out`` (a file for one page or a PDF; else numbered files beside it)."""
    blobs = render_bytes(pages, fmt)
    if len(blobs) == 1:
        paths = [out]
    else:
        paths = [out.with_name(n) for n in file_names(out.stem, fmt, len(blobs))]
    for path, blob in zip(paths, blobs, strict=True):
        write_atomic(path, blob)
    return paths
