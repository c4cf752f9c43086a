"""PDF backend: draws a list of pages with reportlab, byte-for-byte reproducibly."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.render.scene import Circle, Group, Line, Page, Poly, Rect, Style, Text

PT_PER_MM = 72 / 25.4
FONTS = {False: "Helvetica", True: "Helvetica-Bold"}


def pdf_bytes(pages: list[Page], title: str = "pnp") -> bytes:
    """The pages as one PDF document. The same pages always give the same bytes."""
    buf = io.BytesIO()
    first = pages[0]
    canvas = Canvas(buf, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM), invariant=1)
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setCreator("pnp")
    for page in pages:
        canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        _PdfPainter(canvas, page.height).draw_all(page.items)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


class _PdfPainter:
    def __init__(self, canvas: Canvas, page_height: float):
        self.c = canvas
        self.h = page_height

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return x * PT_PER_MM, (self.h - y) * PT_PER_MM

    def draw_all(self, items) -> None:
        for item in items:
            self.draw(item)

    def _paint(self, style: Style) -> tuple[int, int]:
        c = self.c
        if style.stroke:
            c.setStrokeColor(HexColor(style.stroke))
            c.setLineWidth(style.width * PT_PER_MM)
            c.setDash([d * PT_PER_MM for d in style.dash] if style.dash else [])
            join = 1 if style.join == "round" else 0
            c.setLineJoin(join)
            c.setLineCap(1 if style.join == "round" else 0)
        if style.fill:
            c.setFillColor(HexColor(style.fill))
        return int(bool(style.stroke)), int(bool(style.fill))

    def draw(self, item) -> None:
        c = self.c
        match item:
            case Group():
                self.draw_all(item.items)
            case Rect():
                stroke, fill = self._paint(item.style)
                x, y = self.pt(item.x, item.y + item.h)
                w, h = item.w * PT_PER_MM, item.h * PT_PER_MM
                if item.radius:
                    c.roundRect(x, y, w, h, item.radius * PT_PER_MM, stroke=stroke, fill=fill)
                else:
                    c.rect(x, y, w, h, stroke=stroke, fill=fill)
            case Circle():
                stroke, fill = self._paint(item.style)
                x, y = self.pt(item.cx, item.cy)
                c.circle(x, y, item.r * PT_PER_MM, stroke=stroke, fill=fill)
            case Line():
                self._paint(item.style)
                c.line(*self.pt(item.x1, item.y1), *self.pt(item.x2, item.y2))
            case Poly():
                stroke, fill = self._paint(item.style)
                path = c.beginPath()
                path.moveTo(*self.pt(*item.points[0]))
                for p in item.points[1:]:
                    path.lineTo(*self.pt(*p))
                if item.closed:
                    path.close()
                c.drawPath(path, stroke=stroke, fill=fill if item.closed else 0)
            case Text():
                c.setFillColor(HexColor(item.colour))
                c.setFont(FONTS[item.bold], item.size * PT_PER_MM)
                x, y = self.pt(item.x, item.y)
                draw = {
                    "start": c.drawString,
                    "middle": c.drawCentredString,
                    "end": c.drawRightString,
                }[item.anchor]
                draw(x, y, item.text)
            case _:
                raise TypeError(f"not a scene item: {item!r}")
