"""From read sheets to game states (the JSON form ``pnp score`` reads).

- Stellar Drift (``pnp.vision.stellar_drift``): a player's Ship, Tracker and Tech
  sheets share a serial; their marks make one state
  (``scoring.stellar_drift.marks.state_from_marks``).
- Federation (``pnp.vision.federation``): every score pad page of the batch makes one
  state, a player per used column (a ``player`` page is one column); the Solo tracker's
  pages of one serial make a Solo state.
- Distant Suns: the Cosmos sheet's shapes come from ``pnp.vision.distant_suns`` when
  it is there; otherwise the marks are read and the state is left for a person.

The noise model answers what the reader asked for the paper's noise or faint ink
(``pnp.vision.learned``), and the sheets are read again with its sure answers.

A batch is of one game: sheets of another game are refused (the first photo's game
wins ties), and so is a sheet seen twice. Rule problems that name printed fields
(a gap in a track, two bubbles in one digit) make those fields doubtful, so a
mis-read never turns silently into a wrong score.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

from pnp.vision.field_doubts import WASHED, Doubt, best_guess
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.noise_model import ModelError
from pnp.vision.photo_io import EXIT_DUPLICATE, EXIT_WRONG_GAME
from pnp.vision.retake import advice
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
    # not as read (``Doubt.guess``, ``_provisional``)
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


# "FIELD" or "PHOTO:FIELD" -> marked, or for a Cosmos symbol the zone it names (a str:
# marked, and which zone; ``Doubt.options``)
Answers = Mapping[str, bool | str]
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


def _field_doubts(sheets: list[SheetReading], ids, reason: str, answers: Answers) -> list[Doubt]:
    """Doubts on the printed fields ``ids`` that nobody has answered for."""
    out = []
    for sheet in sheets:
        for field_id in ids:
            if field_id in sheet.kinds and answer_for(answers, sheet.source, field_id) is None:
                out.append(Doubt(field_id, reason, sheet.source))
    return out


REASONS_JOINED = "; "  # between the reasons of one field's doubts, merged (``_merge``)


def _merge(doubts: list[Doubt]) -> list[Doubt]:
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


def _base(game: str, sheets: list[SheetReading], answers: Answers) -> Assembled:
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


# --- Distant Suns ------------------------------------------------------------------

SHAPES_NOT_READ = "Distant Suns shapes not yet read"


def _distant_suns(sheet: SheetReading, answers: Answers) -> Assembled:
    """The Cosmos reader of pnp.vision.distant_suns when it is there, else a doubtful note."""

    out = _base("distant-suns", [sheet], answers)
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
            chosen=chosen,
            base=sheet.base,
            darkness=sheet.hex_darkness,
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
    out.doubtful = _merge(
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


# --- the batch -------------------------------------------------------------------


def _duplicates(sheets: list[SheetReading]) -> tuple[list[SheetReading], list[Refused]]:
    kept: dict[tuple, SheetReading] = {}
    refused = []
    for s in sheets:
        # Federation layouts are different sheets (the Solo tracker's two pages, a table
        # pad and a player page); a Stellar Drift ship's layout is which ship it is.
        layout = s.code.layout if s.code.game == "federation" else ""
        key = (s.code.game, s.code.sheet, s.code.serial, layout)
        if key in kept:
            first = kept[key]
            what = (
                f"the same sheet as {first.source} ({s.code.text})"
                if first.code == s.code
                else f"a second {s.code.game} {s.code.sheet} sheet with serial {s.code.serial} "
                f"({first.source} has one)"
            )
            refused.append(Refused(s.source, EXIT_DUPLICATE, f"{s.source}: {what}; left out"))
        else:
            kept[key] = s
    return list(kept.values()), refused


def batch_game(games: list[str]) -> str | None:
    """The game most inputs are of (the first one's on a tie)."""
    if not games:
        return None
    counts = Counter(games)
    top = max(counts.values())
    return next(g for g in games if counts[g] == top)


def wrong_game(source: str, game: str, batch: str) -> Refused:
    return Refused(
        source,
        EXIT_WRONG_GAME,
        f"{source}: a {game} sheet among {batch} sheets; read it in a batch of its own",
    )


def assemble(
    sheets: list[SheetReading],
    answers: Answers | None = None,
    game: str | None = None,
) -> tuple[list[Assembled], list[Refused]]:
    """Group read sheets into game states; the sheets left out, each with its reason.

    ``game`` fixes the batch's game (e.g. from state files scored alongside);
    otherwise most sheets decide.
    """
    from pnp.vision.learned import (
        agreeing_hexes,
        faint_hexes_empty,
        keep_one_learned,
        leaning_guesses,
        learned_answers,
        read_as,
    )

    answers = answers or {}
    refused: list[Refused] = []
    game = game or batch_game([s.code.game for s in sheets])
    kept = []
    for s in sheets:
        if s.code.game != game:
            refused.append(wrong_game(s.source, s.code.game, game))
        else:
            kept.append(s)
    kept, dups = _duplicates(kept)
    refused += dups
    out = _assembled(game, kept, answers)
    try:
        learned, checked = learned_answers(out)
    except ModelError as exc:  # a damaged install: read on, without the model
        for a in out:
            a.notes.append(f"the noise model was not used: {exc}")
        return _advised(_provisional(game, kept, out, answers)), refused
    hexes = {k for k in learned if _kind(kept, k) == "hex"}
    uncovered = faint_hexes_empty(out, learned)  # read again without them
    # ...and a hex both readers call empty is given as empty: the Cosmos reader then
    # counts it among the clear hexes its Upgrade boxes may rest on
    empty = {k for k in agreeing_hexes(out, {k: learned[k] for k in hexes}) if learned[k] < 0.5}
    given = {
        key: p >= 0.5 for key, p in learned.items() if key not in hexes or key in uncovered | empty
    }
    # a sure answer of a field a check asks about too, where the checks ask nothing of
    # it read so (not a Cosmos hex nor a Frontier value: the Cosmos reader decides them
    # by their symbol and by the mark's shape, a circle or a cross, which "marked" does
    # not say)
    checked = {k: p for k, p in checked.items() if _kind(kept, k) not in ("hex", "frontier_value")}
    if checked:
        read = {k: p >= 0.5 for k, p in checked.items()}
        trial = _assembled(
            game, read_as(kept, read), {**given, **answers}, _learned_keys(given, answers)
        )
        asked = {f"{d.source}:{d.field}" for a in trial for d in a.doubtful}
        checked = {k: p for k, p in checked.items() if k not in asked}
        given |= {k: read[k] for k in checked}
        learned |= checked
    if given:
        # read again with the model's sure answers, as the page's own settled marks are
        # given; a person's answers still win (they were never asked about here)
        out = _assembled(game, kept, {**given, **answers}, _learned_keys(given, answers))
    if learned:
        agreed = agreeing_hexes(out, {k: learned[k] for k in hexes})
        learned = {
            k: p for k, p in learned.items() if k not in hexes or k in agreed | uncovered | empty
        }
        for a in out:
            a.doubtful = [d for d in a.doubtful if f"{d.source}:{d.field}" not in agreed]
            record_settled(
                a,
                {k: p >= 0.5 for k, p in learned.items()},
                {k: round(max(p, 1 - p), 4) for k, p in learned.items()},
            )
        # a Cosmos hex the model answers is given only where the Cosmos reader reads it
        # so too (``agreeing_hexes``, ``faint_hexes_empty``): two readers agreeing, not the
        # model alone, so no question is kept for it
        keep_one_learned(out, {k: p for k, p in learned.items() if k not in hexes}, answers)
    leaning_guesses(out, answers)
    return _advised(_provisional(game, kept, out, {**given, **answers})), refused


def _provisional(
    game: str, kept: list[SheetReading], out: list[Assembled], answers: Answers
) -> list[Assembled]:
    """``out``, each state counting its open doubts that make a guess of their own
    (``Doubt.guess``: a box crossed past its outline, say, mostly a mark taken back) at
    that guess: the state those answers would make, as a score shown before the doubts
    are answered counts them. The page's own rules weighed the fields as read; the
    doubts, confidences and notes stay as they are. ``answers``: those ``out`` was
    assembled with."""
    guessed = [_open_guesses(a) for a in out]
    if not any(guessed):
        return out
    guesses = {f"{source}:{i}": g for mine in guessed for (source, i), g in mine.items()}
    again = _assembled(game, kept, {**guesses, **answers})
    if len(again) == len(out):  # the same sheets make the same states, in the same order
        for a, mine, b in zip(out, guessed, again, strict=True):
            if mine and b.state is not None:
                a.state, a.guessed = b.state, mine
    return out


def _open_guesses(a: Assembled) -> dict[tuple[str, str], bool]:
    """(source, field id) -> guess of each of ``a``'s open doubts that makes a guess of its
    own (``Doubt.guess``): the reader's, or the checks' (``keep_one_learned``)."""
    still = {(d.source, d.field) for d in a.doubtful}
    readers = {
        (s.source, d.field): d.guess
        for s in a.sheets
        for d in s.doubtful
        if d.guess is not None and (s.source, d.field) in still
    }
    # (the reader's from its sheets: a doubt merged with a check's question (``_merge``)
    # keeps no guess) and the checks' own: a page's one question, the noise model's answer
    # the state counts (``keep_one_learned``)
    return {(d.source, d.field): d.guess for d in a.doubtful if d.guess is not None} | readers


def _learned_keys(given: Mapping[str, bool], answers: Answers) -> frozenset[str]:
    """The keys of ``given`` (the noise model's answers) a person has not answered."""
    return frozenset(k for k in given if k not in answers)


def _advised(out: list[Assembled]) -> list[Assembled]:
    """``out``, each with the advice to take again the photos of its pages that ask about
    too much (``retake.advice``)."""
    for a in out:
        asked = Counter(d.source for d in a.doubtful)
        tips = {s.source: advice(s, asked[s.source]) for s in a.sheets}
        a.retake = {source: tip for source, tip in tips.items() if tip is not None}
    return out


def _kind(sheets: list[SheetReading], key: str) -> str | None:
    """The kind of the field "SOURCE:FIELD" of one of ``sheets``."""
    for s in sheets:
        if key.startswith(f"{s.source}:"):
            return s.kinds.get(key.removeprefix(f"{s.source}:"))
    return None


def _assembled(
    game: str, kept: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> list[Assembled]:
    """The game states of the sheets ``kept``, each with its sheets' warnings (a sheet
    not read beside them in a photo). ``learned``: the keys of ``answers`` the noise
    model gave, not a person (a page rule that leaves alone what a person has looked at
    still weighs them)."""
    out = _assembled_game(game, kept, answers, learned)
    for a in out:
        a.warnings = list(dict.fromkeys(n for s in a.sheets for n in s.warnings))
    return out


def _assembled_game(
    game: str, kept: list[SheetReading], answers: Answers, learned: frozenset[str]
) -> list[Assembled]:
    if game == "stellar-drift":
        by_serial: dict[int, list[SheetReading]] = defaultdict(list)
        for s in kept:
            by_serial[s.code.serial].append(s)
        from pnp.vision.stellar_drift import assemble_stellar_drift

        return [
            assemble_stellar_drift(serial, group, answers, learned)
            for serial, group in by_serial.items()
        ]
    if game == "federation" and kept:
        from pnp.vision.federation import assemble_federation

        return assemble_federation(kept, answers, learned)
    if game == "distant-suns":
        return [_distant_suns(s, answers) for s in kept]
    return []
