"""A Distant Suns Cosmos sheet made one state (a part of ``states.assemble``, as
``federation.assemble_federation`` is for Federation): its shapes come from the Cosmos
reader (``pnp.vision.distant_suns``) when it is there; otherwise the marks are read and
the state is left for a person.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.vision.answers import Answers, answer_for
from pnp.vision.assembled import Assembled, base_assembled, record_settled
from pnp.vision.field_doubts import WASHED, Doubt
from pnp.vision.sheet_doubts import merge_doubts
from pnp.vision.sheet_reading import SheetReading

SHAPES_NOT_READ = "Distant Suns shapes not yet read"


def assemble_distant_suns(sheet: SheetReading, answers: Answers) -> Assembled:
    """The Cosmos reader of pnp.vision.distant_suns when it is there, else a doubtful note."""

    out = base_assembled("distant-suns", [sheet], answers)
    try:
        from pnp.vision.distant_suns import FRONTIER_MARKS, frontier_value, read_cosmos
    except ImportError:
        out.doubtful.append(
            Doubt(
                "shapes", f"{SHAPES_NOT_READ}: the marks are read, the state is not", sheet.source
            )
        )
        return out
    from pnp.vision.ink import added_ink
    from pnp.vision.reference import common_map, reference_image

    c = sheet.code
    blank = reference_image(c.game, c.sheet, c.layout, sheet.px_per_mm, sheet.ink_saving)
    mask = sheet.ink if sheet.ink is not None else added_ink(sheet.page, blank, sheet.px_per_mm)
    readings, answered, chosen = [], [], {}
    for r in sheet.readings:
        answer = answer_for(answers, sheet.source, r.id)
        if answer is not None:
            r = replace(r, state="filled" if answer else "empty", confidence=1.0)
            answered.append(r.id)
            if isinstance(answer, str):  # the zone a symbol names
                chosen[r.id] = answer
        readings.append(r)
    try:
        # The page as flattened, not as aligned (``SheetReading.page_read``): read on the
        # aligned page, the 2,799 Cosmos pages of 46 photo sets (session 53) asked 71
        # right fields more and 41 fewer, and read 2 asked fields wrong unasked
        cosmos = read_cosmos(
            sheet.page,
            mask,
            common_map(c),
            readings,
            sheet.px_per_mm,
            blank,
            answered=answered,
            doubted=[d.field for d in sheet.doubtful],
            taken_empty=_taken_empty(sheet.doubtful),
            chosen=chosen,
            base=sheet.base,
            darkness=sheet.hex_darkness,
            visible=sheet.hex_visible,
        )
    except Exception as exc:  # a bug in the Cosmos reader must not stop the batch
        out.doubtful.append(
            Doubt(
                "shapes",
                f"{SHAPES_NOT_READ}: the Cosmos reader failed ({type(exc).__name__}: {exc})",
                sheet.source,
            )
        )
        return out
    # named by the serial, as a Stellar Drift player is: "player 1" would be the leader
    out.state = {**cosmos.state, "player": cosmos.state.get("player") or f"Player {c.serial}"}
    out.confidence.update(cosmos.confidence)
    out.remarks += cosmos.remarks
    # Upgrade boxes and hexes the shapes settled are no longer asked about (their ink was),
    # but for those the light washed out: the photo shows nothing of them to settle by
    washed = {d.field for d in sheet.doubtful if d.cause == WASHED}
    settled = {i: v for i, v in cosmos.settled.items() if i not in washed}
    record_settled(out, {f"{sheet.source}:{i}": v for i, v in settled.items()})
    out.faint = {f"{sheet.source}:{i}" for i in cosmos.faint}
    out.doubtful = merge_doubts(
        [d for d in out.doubtful if d.field not in settled]
        + [
            # a symbol asked about (a score tile's box, a hex) is answered with a zone, or
            # empty: "filled" does not say which zone it names
            Doubt(d.field, d.reason, sheet.source, options=d.options)
            for d in cosmos.doubtful
            if (answer := answer_for(answers, sheet.source, d.field)) is None
            or (d.options and answer is True)
        ]
    )
    # a Frontier value asked about, for its ink too, is answered with how it is marked
    out.doubtful = [
        replace(d, options=FRONTIER_MARKS) if frontier_value(d.field) and not d.options else d
        for d in out.doubtful
    ]
    return out


def _taken_empty(doubts) -> set[str]:
    """The fields every doubt of which counts them empty until answered (``Doubt.guess``)."""
    guesses: dict[str, set] = {}
    for d in doubts:
        guesses.setdefault(d.field, set()).add(d.guess)
    return {f for f, g in guesses.items() if g == {False}}
