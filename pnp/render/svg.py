"""SVG backend: one SVG document per page, groups keep the scene's ids."""

from __future__ import annotations

import svgwrite

from pnp.render.scene import Circle, Group, Line, Page, Poly, Rect, Style, Text

ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def svg_text(page: Page) -> str:
    """The page as SVG text in millimetres; the same page always gives the same text."""
    dwg = svgwrite.Drawing(
        size=(f"{_num(page.width)}mm", f"{_num(page.height)}mm"),
        viewBox=f"0 0 {_num(page.width)} {_num(page.height)}",
        profile="full",
        debug=False,
    )
    if page.title:
        dwg.set_desc(title=page.title)
    dwg.add(dwg.rect((0, 0), (page.width, page.height), fill="#ffffff"))
    root = dwg.g(font_family="Helvetica, Arial, sans-serif")
    for item in page.items:
        root.add(_element(dwg, item))
    dwg.add(root)
    return dwg.tostring()


def _paint(style: Style) -> dict:
    attrs = {
        "fill": style.fill or "none",
        "stroke": style.stroke or "none",
    }
    if style.stroke:
        attrs["stroke_width"] = _num(style.width)
        if style.dash:
            attrs["stroke_dasharray"] = ",".join(_num(d) for d in style.dash)
        if style.join == "round":
            attrs["stroke_linejoin"] = "round"
            attrs["stroke_linecap"] = "round"
    return attrs


def _element(dwg: svgwrite.Drawing, item):
    match item:
        case Group():
            g = dwg.g(id=item.id) if item.id else dwg.g()
            for child in item.items:
                g.add(_element(dwg, child))
            return g
        case Rect():
            extra = {"rx": _num(item.radius)} if item.radius else {}
            return dwg.rect(
                (_num(item.x), _num(item.y)),
                (_num(item.w), _num(item.h)),
                **extra,
                **_paint(item.style),
            )
        case Circle():
            return dwg.circle((_num(item.cx), _num(item.cy)), _num(item.r), **_paint(item.style))
        case Line():
            return dwg.line(
                (_num(item.x1), _num(item.y1)), (_num(item.x2), _num(item.y2)), **_paint(item.style)
            )
        case Poly():
            pts = [(_num(x), _num(y)) for x, y in item.points]
            make = dwg.polygon if item.closed else dwg.polyline
            return make(pts, **_paint(item.style))
        case Text():
            attrs = {
                "font_size": _num(item.size),
                "text_anchor": ANCHORS[item.anchor],
                "fill": item.colour,
            }
            if item.bold:
                attrs["font_weight"] = "bold"
            return dwg.text(item.text, insert=(_num(item.x), _num(item.y)), **attrs)
    raise TypeError(f"not a scene item: {item!r}")
