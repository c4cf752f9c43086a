"""A page read from a photo against the pen's truth: the fields read wrong and not asked."""

from __future__ import annotations

from pnp.vision.answers import marked
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.sheet_reading import SheetReading
from pnp.vision.states import assemble


def silent_fields(reading: SheetReading, truth_fields: dict) -> list[str]:
    """The fields of ``reading`` (assembled alone, the page's rules applied) read unlike
    ``truth_fields`` (the pen's truth per field) and not asked about; fields the pen
    touched past a mark, overran or scribbled out, and those the reader leaves to people,
    are not compared."""
    (state,), _ = assemble([reading])
    doubted, got = {d.field for d in state.doubtful}, marked(reading, {})
    clean = {
        fid: t["marked"]
        for fid, t in truth_fields.items()
        if reading.kinds[fid] not in UNREAD_KINDS
        and not (t["overrun"] or t["touched_by"] or t["scribbled_out"])
    }
    return [f for f, m in clean.items() if (f in got) != m and f not in doubted]
