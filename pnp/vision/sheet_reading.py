"""One page of one photo, read (``SheetReading``): its fields' readings and doubts, the
flattened page and its ink, for the readers of a game's state and for a person to judge
a field by (``crop_field``).

``pnp.vision.read`` makes them; ``pnp.vision.states`` turns them into game states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from pnp.pagecode import PageCode
from pnp.vision.field_doubts import Doubt
from pnp.vision.fields import FieldReading


@dataclass(frozen=True)
class SheetReading:
    """One page of one photo, read."""

    source: str  # the photo's path, "#2" for a second sheet in it ("#3" for a PDF's page 3)
    code: PageCode
    readings: tuple[FieldReading, ...]
    kinds: dict[str, str]  # field id -> kind (space, bubble, ...)
    doubtful: tuple[Doubt, ...]
    reprojection_mm: float
    markers: tuple[int, ...]
    px_per_mm: float
    timing: dict[str, float]  # seconds per stage
    page: np.ndarray = field(repr=False)  # the flattened page, gray
    color: np.ndarray | None = field(default=None, repr=False)  # the same in colour, BGR
    # The added ink the fields were read from (``ink.ink_masks``: 1 = ink, made within
    # ``ink.READ_MARGIN_MM`` of the fields), for readers of more than fields (shapes).
    ink: np.ndarray | None = field(default=None, repr=False)
    # ...and at the base step alone (``InkMasks.base``): strokes fainter than a step the
    # paper's noise raised (the Cosmos score tiles' small symbols, ``distant_suns``)
    base: np.ndarray | None = field(default=None, repr=False)
    # The page's resolution in the photo as taken (its file's pixels per page mm, at the
    # page's centre; 0 where unknown): how close the photo was (``pnp.vision.retake``)
    photo_px_per_mm: float = 0.0
    # Printed with ``pnp kit --ink-saving`` (``pnp.vision.print_variant``): read against
    # that blank sheet
    ink_saving: bool = False
    # What a person should know of the photo it came from (another sheet in it not read)
    warnings: tuple[str, ...] = ()
    # The local alignment's grid of shifts the fields were read by (``InkMasks.shifts``;
    # None: the page as flattened): ``page_read``
    shifts: np.ndarray | None = field(default=None, repr=False)

    @cached_property
    def page_read(self) -> np.ndarray:
        """``page`` resampled as the fields were read from it (``local_align.follow``): the
        print where the sheet map has it, a bowed page's curl followed (the crops and the
        overlay show it, so that each field's outline sits on its box; ``color`` is made
        so)."""
        from pnp.vision.local_align import follow

        return follow(self.page, self.shifts)

    @cached_property
    def hex_darkness(self) -> dict[str, dict[str, float]]:
        """How well each Cosmos symbol matches the photo's darkness in each hex scanned
        so far (hex field id -> glyph -> score, ``distant_suns.glyph_scan``): the page's
        alone, whatever is answered, so kept with it for every reading of its shapes
        (``states.assemble`` reads them up to four times)."""
        return {}

    @cached_property
    def hex_visible(self) -> dict[str, dict[str, float] | None]:
        """How well each Cosmos symbol matches a hex's ink over what its printed icon
        leaves visible, in each Alien's or Upgrade's hex matched so far (hex field id ->
        glyph -> score, None where the icon hides none of its ink:
        ``distant_suns.glyph_visible``), kept as ``hex_darkness`` is."""
        return {}

    @property
    def photo(self) -> str:
        return self.source.split("#")[0]

    @property
    def name(self) -> str:
        """The sheet's name in answers (``--set NAME:FIELD=...``): its photo's file name,
        with "#2" for a second sheet in it ("#3" for a PDF's page 3)."""
        return Path(self.source).name

    @property
    def file_stem(self) -> str:
        """A stem for files of this sheet's pictures: its photo's, "-page2" for a second
        sheet in it (or a PDF's page 2)."""
        page = self.source.partition("#")[2]
        return Path(self.photo).stem + (f"-page{page}" if page else "")

    def reading(self, field_id: str) -> FieldReading:
        return next(r for r in self.readings if r.id == field_id)

    def to_json(self) -> dict:
        return {
            "source": self.source,
            "page_code": self.code.text,
            **(
                {"page_code_matched": round(self.code.matched, 3)}
                if self.code.matched is not None
                else {}
            ),
            "reprojection_mm": round(self.reprojection_mm, 3),
            "photo_px_per_mm": round(self.photo_px_per_mm, 2),
            "markers": list(self.markers),
            "printed": "ink-saving" if self.ink_saving else "colour",
            "timing_ms": {k: round(v * 1000, 1) for k, v in self.timing.items()},
            "fields": {
                r.id: {"state": r.state, "ink": r.ink, "confidence": r.confidence}
                for r in self.readings
            },
            "doubtful": [{"field": d.field, "reason": d.reason} for d in self.doubtful],
        }


def crop_field(sheet: SheetReading, field_id: str, margin_mm: float = 6.0) -> np.ndarray:
    """The flattened page around one field, with the field outlined (for a person to judge)."""
    import cv2

    from pnp.vision.reference import common_map

    f = common_map(sheet.code).field(field_id)
    s = sheet.px_per_mm
    x0, y0, x1, y1 = f.bounds
    image = sheet.color if sheet.color is not None else sheet.page_read
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    h, w = image.shape[:2]
    a = (max(0, round((x0 - margin_mm) * s)), max(0, round((y0 - margin_mm) * s)))
    b = (min(w, round((x1 + margin_mm) * s)), min(h, round((y1 + margin_mm) * s)))
    crop = image[a[1] : b[1], a[0] : b[0]].copy()
    cv2.rectangle(
        crop,
        (round(x0 * s) - a[0] - 2, round(y0 * s) - a[1] - 2),
        (round(x1 * s) - a[0] + 2, round(y1 * s) - a[1] + 2),
        (0, 140, 255),
        1,
    )
    return cv2.resize(crop, None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST)
