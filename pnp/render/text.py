"""Measuring and wrapping text the way the PDF backend prints it (Helvetica)."""

from __future__ import annotations

import re

from reportlab.pdfbase.pdfmetrics import stringWidth


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Printed width in mm of ``text`` at font size ``size`` mm."""
    return stringWidth(text, "Helvetica-Bold" if bold else "Helvetica", size)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` mm (a long word keeps its line).

    Only ordinary white space breaks a line: a no-break space keeps "counts\u00a02" together.

    >>> wrap("Gain 2 Energy, then Free Repair.", 2.6, 20)
    ['Gain 2 Energy,', 'then Free', 'Repair.']
    >>> wrap("each Cube counts\u00a02. Still tied?", 2.6, 22)
    ['each Cube', 'counts\xa02. Still tied?']
    """
    lines: list[str] = []
    line = ""
    for word in re.split(r"[ \t\r\n]+", text.strip()):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
