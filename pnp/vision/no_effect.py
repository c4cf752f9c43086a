"""Doubts whose answer changes nothing: settled, not asked.

A question is worth a person's time only if its answer can change what the sheets
say. Some cannot: an unfilled Stellar Drift leftover row means 0, so its "0" bubble,
filled or hatched out, leaves the count 0; an Income box below a clean check leaves the
income at that check (gaps there are read leniently: ``layouts/README.md``, Stellar
Drift rule reading 8). ``settled_no_effect`` settles such a doubt at the reader's best
guess when the state built from the marks is the same, and valid, whichever way it is
answered, and stays so however the other open doubts of its part are answered (so an
answer given later cannot make it matter). Only the doubts and marks of the field's own
part of the state are weighed (``part``: marks of different parts never change each
other's, as a leftover row and a track), and the state is built of them alone: a faint
mark in one track does not hold up an Income box's settling. Where the other doubts
weighed are too many to try every answer (``MAX_OTHERS``), the doubt is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from pnp.vision.answers import Answers, marked
from pnp.vision.field_doubts import best_guess
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.sheet_doubts import open_doubts
from pnp.vision.sheet_reading import SheetReading

MAX_OTHERS = 6  # other open doubts of a part, at most, to try every answer to


def settled_no_effect(
    sheets: list[SheetReading],
    answers: Answers,
    build: Callable[[set[str]], object | None],
    part: Callable[[str], str | None],
) -> dict[str, bool]:
    """Answers (keyed ``SOURCE:FIELD``) for the open doubts of ``sheets`` whose answer
    changes nothing in ``build(marks)`` (the state the marked field ids make; None where
    they make no valid state), weighed within ``part(field)`` (None: a field of no part,
    asked). Field ids must be unique across ``sheets``."""
    marks = set().union(*(marked(s, answers) for s in sheets))
    open_ = [
        (sheet, d.field)
        for sheet in sheets
        for d in open_doubts(sheet, answers)
        if sheet.kinds.get(d.field, UNREAD_KINDS) not in UNREAD_KINDS
    ]
    part_of = {f: part(f) for f in marks | {f for _, f in open_}}
    out: dict[str, bool] = {}
    for sheet, field in open_:
        key = part_of[field]
        if key is None:
            continue
        mine = {m for m in marks if part_of[m] == key}
        others = list(dict.fromkeys(f for _, f in open_ if f != field and part_of[f] == key))
        if len(others) <= MAX_OTHERS and _no_effect(field, others, mine, build):
            out[f"{sheet.source}:{field}"] = best_guess(sheet.reading(field))
    return out


def _no_effect(field: str, others: list[str], marks: set[str], build) -> bool:
    """Whether ``field`` marked or not builds one and the same valid state, for every
    answer to ``others``."""
    rest = marks - {field} - set(others)
    for answer in product((False, True), repeat=len(others)):
        chosen = rest | {f for f, a in zip(others, answer, strict=True) if a}
        state = build(chosen | {field})
        if state is None or state != build(chosen):
            return False
    return True
