"""The doubts of read sheets still asked: the reader's that nobody has answered for
(``open_doubts``), those a game's rules raise on printed fields (``doubts_on_fields``,
``crowded_groups``: a gap in a track, two bubbles in one digit), and one field's doubts
merged into one (``merge_doubts``), so a mis-read never turns silently into a wrong
score.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.vision.answers import Answers, answer_for, marked
from pnp.vision.field_doubts import Doubt
from pnp.vision.sheet_reading import SheetReading


def crowded_groups(
    sheet: SheetReading, answers: Answers, group_of: Callable[[str], str | None]
) -> list[list[str]]:
    """The marked fields of groups of which one alone may be marked (``group_of``: field
    id -> group, or None), for each group holding two marks or more, none answered."""
    groups: dict[str, list[str]] = {}
    for i in sorted(marked(sheet, answers)):
        if (group := group_of(i)) is not None:
            groups.setdefault(group, []).append(i)
    return [
        ids
        for ids in groups.values()
        if len(ids) > 1 and all(answer_for(answers, sheet.source, i) is None for i in ids)
    ]


def open_doubts(sheet: SheetReading, answers: Answers) -> list[Doubt]:
    """The reader's doubts of ``sheet`` nobody has answered for."""
    return [d for d in sheet.doubtful if answer_for(answers, d.source, d.field) is None]


def doubts_on_fields(sheets: list[SheetReading], ids, reason: str, answers: Answers) -> list[Doubt]:
    """Doubts on the printed fields ``ids`` that nobody has answered for."""
    out = []
    for sheet in sheets:
        for field_id in ids:
            if field_id in sheet.kinds and answer_for(answers, sheet.source, field_id) is None:
                out.append(Doubt(field_id, reason, sheet.source))
    return out


REASONS_JOINED = "; "  # between the reasons of one field's doubts, merged (``merge_doubts``)


def merge_doubts(doubts: list[Doubt]) -> list[Doubt]:
    seen: dict[tuple[str, str], Doubt] = {}
    for d in doubts:
        key = (d.source, d.field)
        if key in seen:
            options = seen[key].options or d.options
            reason = f"{seen[key].reason}{REASONS_JOINED}{d.reason}"
            seen[key] = Doubt(d.field, reason, d.source, options=options)
        else:
            seen[key] = d
    return list(seen.values())
