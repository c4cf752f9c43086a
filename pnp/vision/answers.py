"""The answers given for read fields, and their lookup: a person's, or the page's own
(``bubble_digits.settled_digits``), or the noise model's (``pnp.vision.learned``).

``answer_for`` finds a field's answer by any name of its sheet (``answer_names``), and
``marked`` says which fields count as marked: answers first, else the reader's best
guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from pnp.vision.field_doubts import best_guess
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.sheet_reading import SheetReading

# "FIELD" or "PHOTO:FIELD" -> marked, or for a Cosmos symbol the zone it names (a str:
# marked, and which zone; ``Doubt.options``)
Answers = Mapping[str, bool | str]


def answer_for(answers: Answers, source: str, field_id: str) -> bool | str | None:
    """The answer a person gave for a field of the sheet ``source``, if any (or the page
    itself gave, keyed by the full source: ``bubble_digits.settled_digits``)."""
    if not answers:
        return None
    for name in answer_names(source):
        key = f"{name}:{field_id}"
        if key in answers:
            return answers[key]
    return answers.get(field_id)


@lru_cache(maxsize=64)
def answer_names(source: str) -> tuple[str, str, str]:
    """The names an answer may give a sheet ``source`` by: itself, its file's name, its
    file's stem, the last two with "#2" for a second page in the photo (a page's checks
    ask ``answer_for`` of every field, many times over).

    >>> answer_names("photos/table.jpg#2")
    ('photos/table.jpg#2', 'table.jpg#2', 'table#2')
    """
    path, sep, page = source.partition("#")
    after = sep + page
    return source, Path(path).name + after, Path(path).stem + after


def marked(sheet: SheetReading, answers: Answers) -> set[str]:
    """The field ids that count as marked: answers first, else the reader's best guess."""
    out = set()
    for r in sheet.readings:
        if sheet.kinds[r.id] in UNREAD_KINDS:
            continue
        answer = answer_for(answers, sheet.source, r.id)
        if answer if answer is not None else best_guess(r):
            out.add(r.id)
    return out


def open_to_ask(answers: Answers, learned: frozenset[str]) -> Answers:
    """``answers`` without the noise model's (``learned``, "SOURCE:FIELD"): what a rule
    the marks still break may ask about. The model's answer stands where no rule says
    otherwise; where one does, the field is asked, its answer open to a person."""
    return {k: v for k, v in answers.items() if k not in learned} if learned else answers


def agreed(*settled: Answers) -> Answers:
    """The answers the page's own rules settle (each a dict of answers), together, but
    for a field two of them settle each its own way: left open, asked as the reader asked
    it. (Seed 809 #12, a hard tech page: Tech Yellow 9 asked for the paper's noise, its
    row plainly empty past box 4 (``track_rows``: unchecked), while an Ability box it
    unlocks, grain read as a tick, said checked (``locked``): the later won, and the
    track's order then asked boxes 5-8, not box 9 nor the Ability.)"""
    out: dict[str, bool | str] = {}
    torn: set[str] = set()
    for part in settled:
        for key, value in part.items():
            if key in out and out[key] != value:
                torn.add(key)
            out[key] = value
    return {k: v for k, v in out.items() if k not in torn}
