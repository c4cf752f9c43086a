"""Whether one page, read alone, gets its player's score wrong: the issue's silent error.

A photo of the read bench holds one page of a player's state (a Stellar Drift
tracker, one Solo tracker page, a Cosmos sheet). The page's marks as read, after
the game's checks settled what they could, are put beside the truth's marks of
the player's other pages, assembled as ``pnp score`` assembles sheets, and scored
as it scores them. The page changes the score when that score (each player's total
and category points) differs from the truth state's, or when its marks make no
state to score; where the assembly asks about something (a Stellar Drift Ability
marked as used whose padlock box the page has empty: a rule of the player's three
sheets together), the player is told to look, and the page is flagged, not silent.
A Cosmos sheet is a whole state on its own: its state as the Cosmos reader assembles
it is scored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from pnp.bench.states import player_scores
from pnp.pagecode import PageCode


def score_changed(
    truth: dict, code: PageCode, marked: set[str], sheet, answers: dict | None = None
) -> bool | None:
    """Whether the page ``code`` of the truth's state, read with the fields ``marked``,
    makes the player's score differ from the truth's; None where the page, beside the
    player's other pages, is asked about (a rule its marks break with theirs, say): a
    flag, not a silent score. ``sheet``: the page's ``SheetReading`` (a Cosmos page's
    state is assembled from it; None: no state, a wrong score).

    ``answers`` (field id -> marked): the page's questions answered from the truth,
    already applied to ``marked``, for a Cosmos page applied to its reading here."""
    expected = truth["state"]
    if code.game == "distant-suns":
        from pnp.vision.states import assemble

        if sheet is None:
            return True
        (assembled,), _ = assemble([sheet], answers or {})
    else:
        states = _with_other_pages(expected, truth["sample"], code, marked)
        if len(states) != 1:
            return True
        (assembled,) = states
    if assembled.doubtful or assembled.notes:
        return None
    return _differ(assembled.state, expected)


# how the pen marked a Frontier value, as a person answers it (``FRONTIER_MARKS``)
_TOLD = {"circle": "circled", "cross": "crossed"}


def truth_answer(truth: dict, zoned: bool) -> bool | str:
    """What a person answers a question about a field whose truth is ``truth`` (the pen's
    field dict): marked or not; for a question answered with an option (``zoned``:
    ``Doubt.options``), when marked, the zone its symbol names (a Cosmos hex or score
    tile's box) or how it is marked (a Frontier value: circled or crossed), as ``pnp
    read --ask`` asks it."""
    if zoned and truth["marked"]:
        told = truth.get("zone") or _TOLD.get(truth.get("kind") or "")
        if told:
            return told
    return truth["marked"]


def truth_answers(
    asked: Iterable[tuple[str, dict, bool]], answers: Mapping[str, bool | str]
) -> dict[str, bool | str]:
    """What a person answers (``truth_answer``) to each question of ``asked`` (its answer
    key, the field's truth, whether it is answered with an option) that ``answers`` does
    not already answer so: one round of ``pnp read --ask``'s questions."""
    return {
        key: answer
        for key, truth, zoned in asked
        if answers.get(key) != (answer := truth_answer(truth, zoned))
    }


def _differ(read: dict | None, expected: dict) -> bool:
    if read is None:
        return True
    try:
        return player_scores(read) != player_scores(expected)
    except ValueError:  # a read state the scorer refuses is a wrong score
        return True


def _with_other_pages(expected: dict, sample: dict, code: PageCode, marked: set[str]):
    """The truth's pages as sure readings, the page ``code`` with ``marked`` instead of
    its own marks, assembled."""
    from pnp.synth.marks import sheet_marks
    from pnp.vision.reference import blank_sheet
    from pnp.vision.states import assemble

    pad = code.sheet == "scorepad" and expected.get("mode") != "solo"  # a Solo's pad: its own
    pad_layout = sample.get("layout") if pad else None
    sheets = []
    for page in sheet_marks(code.game, expected, pad_layout):
        blank = blank_sheet(page.game, page.sheet, page.layout, page.serial)
        this = (page.sheet, page.layout) == (code.sheet, code.layout)
        sheets.append(_sure_sheet(blank.map, set(marked) if this else set(page.marks)))
    states, refused = assemble(sheets, game=code.game)
    return [] if refused else states


def _sure_sheet(sheet_map, marked: set[str]):
    """A ``SheetReading`` of ``sheet_map``'s page with exactly ``marked`` filled, all sure."""
    from pnp.vision.fields import FieldReading
    from pnp.vision.sheet_reading import SheetReading

    readings = tuple(
        FieldReading(f.id, "filled", 1.0, 1.0)
        if f.id in marked
        else FieldReading(f.id, "empty", 0.0, 1.0)
        for f in sheet_map.fields
    )
    return SheetReading(
        source=f"truth-{sheet_map.code.sheet}-{sheet_map.code.layout}",
        code=sheet_map.code,
        readings=readings,
        kinds={f.id: f.kind for f in sheet_map.fields},
        doubtful=(),
        reprojection_mm=0.0,
        markers=(),
        px_per_mm=0.0,
        timing={},
        page=np.zeros((1, 1), np.uint8),
    )
