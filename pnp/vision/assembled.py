"""A game state read from one or more sheets (``Assembled``), and an input left out of
the batch (``Refused``).

The per-game assembly (``federation``, ``stellar_drift``, ``distant_suns_state``) starts
one from its sheets' open doubts and confidences (``base_assembled``), and notes in it
the fields the page itself settled (``record_settled``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pnp.vision.answers import Answers, answer_for
from pnp.vision.field_doubts import Doubt
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.sheet_doubts import open_doubts
from pnp.vision.sheet_reading import SheetReading


@dataclass(frozen=True)
class Refused:
    """An input left out of the batch, with the line to print and the exit code."""

    source: str
    exit_code: int
    message: str


COUNTED = {True: "marked", False: "empty"}  # how ``Assembled.counted`` is said


@dataclass
class Assembled:
    """One game state read from one or more sheets."""

    game: str
    state: dict | None  # None when the marks do not make a state yet
    sheets: list[SheetReading]
    # field id -> confidence; "PHOTO:FIELD" for an id that more than one of the sheets
    # holds (two Federation player pages), as ``--set`` takes it (``confidence_key``)
    confidence: dict[str, float] = field(default_factory=dict)
    doubtful: list[Doubt] = field(default_factory=list)
    # what blocks a state beyond fields, or leaves it short (a sheet missing)
    notes: list[str] = field(default_factory=list)
    # What a person should know of the photos, that leaves the state as it is (another
    # sheet in a photo not read: if it is one of these sheets, ``notes`` says it is missing)
    warnings: list[str] = field(default_factory=list)
    # How the reader decided what the ink alone did not tell (the Cosmos reader's choice
    # of a symbol among lookalikes, say): nothing to answer, but shown
    remarks: list[str] = field(default_factory=list)
    columns: list[tuple[str, int]] = field(default_factory=list)  # Federation: player -> column
    # Fields the page's own marks decided, not the reader's ink nor a person: "SOURCE:FIELD"
    # -> marked (``bubble_digits``, ``track_rows``, the Cosmos reader)
    settled: dict[str, bool] = field(default_factory=dict)
    # Source -> the advice to take its photo again: it asks about more than a new photo
    # costs, and why (``pnp.vision.retake``)
    retake: dict[str, str] = field(default_factory=dict)
    # (source, field id) -> marked: the open doubts ``state`` counts at their own guess,
    # not as read (``Doubt.guess``, ``states._provisional``)
    guessed: dict[tuple[str, str], bool] = field(default_factory=dict)
    # "SOURCE:FIELD" of the Cosmos hexes read covered whose symbol the photo's darkness
    # shows only faintly (``CosmosReading.faint``)
    faint: set[str] = field(default_factory=set)
    # "SOURCE:FIELD" of the fields a rule names that waits on the reader's own doubts
    # (``stellar_drift.waiting_on_doubts``): not asked about yet, but a check's all the
    # same, as the noise model answers them (``learned.asked_by_reader``)
    waiting: set[str] = field(default_factory=set)

    @property
    def sources(self) -> list[str]:
        return [s.source for s in self.sheets]

    @property
    def label(self) -> str:
        return " + ".join(Path(s).name for s in self.sources)

    @property
    def clear(self) -> bool:
        return self.state is not None and not self.doubtful and not self.notes

    def confidence_key(self, source: str, field_id: str) -> str:
        """The key of field ``field_id`` of sheet ``source`` in ``confidence``."""
        shared = field_id in self._shared_ids
        return f"{Path(source).name}:{field_id}" if shared else field_id

    @cached_property
    def _shared_ids(self) -> frozenset[str]:
        """The field ids more than one of the sheets holds."""
        held = Counter(i for s in self.sheets for i in s.kinds)
        return frozenset(i for i, n in held.items() if n > 1)

    def counted(self, doubt: Doubt) -> bool | None:
        """How the state counts an open ``doubt`` where that is against the field's ink
        (its guess, ``Doubt.guess``); None where it counts the field as read."""
        return self.guessed.get((doubt.source, doubt.field))

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "sources": self.sources,
            "page_codes": [s.code.text for s in self.sheets],
            "state": self.state,
            "confidence": self.confidence,
            "doubtful": [
                {"field": d.field, "reason": d.reason, "source": d.source}
                | ({} if (g := self.counted(d)) is None else {"counted": COUNTED[g]})
                | ({"options": list(d.options)} if d.options else {})
                for d in self.doubtful
            ],
            "notes": self.notes,
            "warnings": self.warnings,
            "remarks": self.remarks,
            "settled": self.settled,
            "retake": self.retake,
        }


# The confidence of a field the page's other marks and the rules decided (``settled``),
# not its own ink nor a person.
SETTLED_CONFIDENCE = 0.75


def record_settled(
    out: Assembled, settled: Mapping[str, bool], certainty: Mapping[str, float] | None = None
) -> None:
    """Note in ``out`` the fields of its sheets the page itself settled ("SOURCE:FIELD"
    -> marked), at ``SETTLED_CONFIDENCE``, or at their ``certainty`` where given (the
    noise model's)."""
    for source in out.sources:
        for key, value in settled.items():
            if key.startswith(f"{source}:"):
                out.settled[key] = value
                field_id = key.removeprefix(f"{source}:")
                confidence = certainty[key] if certainty else SETTLED_CONFIDENCE
                out.confidence[out.confidence_key(source, field_id)] = confidence


def base_assembled(game: str, sheets: list[SheetReading], answers: Answers) -> Assembled:
    doubts = [d for s in sheets for d in open_doubts(s, answers)]
    out = Assembled(game, None, sheets, doubtful=doubts)
    for sheet in sheets:
        for r in sheet.readings:
            if sheet.kinds[r.id] not in UNREAD_KINDS:
                answered = answer_for(answers, sheet.source, r.id) is not None
                out.confidence[out.confidence_key(sheet.source, r.id)] = (
                    1.0 if answered else r.confidence
                )
    return out
