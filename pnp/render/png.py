"""PNG previews: the PDF rasterized with pypdfium2 (the same pixels a printer gets)."""

from __future__ import annotations

import io

import numpy as np


def rasterize_pdf(pdf: bytes, dpi: float = 100) -> list[np.ndarray]:
    """Every page of ``pdf`` as an RGB uint8 array at ``dpi``."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        pages = []
        for i in range(len(doc)):
            bitmap = doc[i].render(scale=dpi / 72)
            pages.append(np.array(bitmap.to_pil().convert("RGB")))
        return pages
    finally:
        doc.close()


def png_bytes(image: np.ndarray) -> bytes:
    """An RGB array encoded as PNG."""
    import cv2

    ok, buf = cv2.imencode(".png", cv2.cvtColor(image, cv2.COLOR_RGB2BGR))
    if not ok:
        raise RuntimeError("PNG encoding failed")
    return io.BytesIO(buf.tobytes()).getvalue()
