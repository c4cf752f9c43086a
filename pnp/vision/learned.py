"""The noise model's part in assembling states (``states.assemble``): its sure answers
for the fields the reader asked about for noise or faint ink (``learned_answers``), the
Cosmos hexes it settles only where the Cosmos reader agrees (``agreeing_hexes``,
``faint_hexes_empty``), the page's one question it never takes away
(``keep_one_learned``), and its lean as the guess of a doubt still open
(``leaning_guesses``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pnp.vision.answers import Answers, answer_for
from pnp.vision.assembled import Assembled
from pnp.vision.field_doubts import FAINT, Doubt
from pnp.vision.sheet_doubts import REASONS_JOINED
from pnp.vision.sheet_reading import SheetReading


def leaning_guesses(out: list[Assembled], answers: Answers) -> None:
    """Gives each open doubt the reader asked for noise or faint ink, and that makes no
    guess of its own, the noise model's lean as its guess (``noise_model.leanings``):
    what the state counts it as until someone answers. Not a Cosmos hex (the shapes
    decide those), nor a field a person answered."""
    from pnp.vision.noise_model import leanings, page_of

    for a in out:
        if a.game == "distant-suns":
            continue
        open_ = {(d.source, d.field) for d in a.doubtful if d.guess is None}
        for s in a.sheets:
            if s.code is None:
                continue
            ids = {f for src, f in open_ if src == s.source}
            ids = {i for i in ids if answer_for(answers, s.source, i) is None}
            ids -= {d.field for d in s.doubtful if d.guess is not None}
            lean = leanings(*page_of(s), ids) if ids else {}
            a.doubtful = [
                replace(d, guess=lean[d.field])
                if d.source == s.source and d.field in lean and d.guess is None
                else d
                for d in a.doubtful
            ]


def faint_hexes_empty(out: list[Assembled], learned: Mapping[str, float]) -> set[str]:
    """The Cosmos hexes ("SOURCE:FIELD") read covered by a symbol the photo's darkness
    shows only faintly (``Assembled.faint``) that the noise model is sure hold no mark
    (``learned``): two measures apart say grain, so they are read uncovered."""
    faint = set().union(*(a.faint for a in out))
    return {k for k, p in learned.items() if k in faint and p < 0.5}


def agreeing_hexes(out: list[Assembled], answers: Mapping[str, float]) -> set[str]:
    """The Cosmos hexes ("SOURCE:FIELD") the noise model answered as the state reads them
    (covered: in one of its shapes), still asked for the reader's doubt alone, or for it
    and the Cosmos reader's ("ink that looks like no symbol: covered or not?") where both
    read the hex uncovered. The Cosmos reader decides a hex by its symbol; the model's
    answer settles it only where the two agree (else it stays asked)."""
    agreed = set()
    for a in out:
        if a.game != "distant-suns" or a.state is None:
            continue
        covered = {f"hex-{h}" for shape in a.state["shapes"] for h in shape["hexes"]}
        for s in a.sheets:
            alone, with_checks = asked_by_reader(a, s)
            for i in alone:
                key = f"{s.source}:{i}"
                if key in answers and (answers[key] >= 0.5) == (i in covered):
                    agreed.add(key)
            for i in with_checks - covered:
                key = f"{s.source}:{i}"
                if key in answers and answers[key] < 0.5:
                    agreed.add(key)
    return agreed


def asked_by_reader(a: Assembled, sheet: SheetReading) -> tuple[set[str], set[str]]:
    """The fields of ``sheet`` that ``a`` still asks about for the reader's doubt: (those
    asked for it alone, the same reason, none of the game's checks added to it; those
    asked for it and a check's beside it: two bubbles in a digit, say; or a rule that
    waits on the reader's other doubts names it, ``Assembled.waiting``)."""
    said = {d.field: d.reason for d in sheet.doubtful}
    alone, with_checks = set(), set()
    for d in a.doubtful:
        if d.source != sheet.source or d.field not in said:
            continue
        if f"{d.source}:{d.field}" in a.waiting:
            with_checks.add(d.field)
        elif d.reason == said[d.field]:
            alone.add(d.field)
        elif d.reason.startswith(said[d.field] + REASONS_JOINED):
            with_checks.add(d.field)
    return alone, with_checks


def learned_answers(out: list[Assembled]) -> tuple[dict[str, float], dict[str, float]]:
    """The noise model's sure answers (``pnp.vision.noise_model``), its probability of a
    mark per "SOURCE:FIELD" of the fields the reader asked about for noise or faint ink,
    in two parts: those to give (asked for the reader's doubt alone; or a check asks about
    them too and the model is sure at ``SURE`` they are empty: the check may then hold no
    more, a faint bubble beside a digit's filled one); and the other fields a check asks
    about too, which ``assemble`` settles where the checks, reading them so, ask nothing
    of them (a faint box in the gap of a track: "box 5 is checked but not box 4"), not
    where they still would (a third bubble in a digit; an ability used whose bonus box
    is not checked; a track's gap called empty)."""
    from pnp.vision.noise_model import SURE, model_answers, page_of

    given: dict[str, float] = {}
    checked: dict[str, float] = {}
    for a in out:
        for s in a.sheets:
            if s.code is None:
                continue
            alone, with_checks = asked_by_reader(a, s)
            if alone or with_checks:
                for i, p in model_answers(*page_of(s), alone | with_checks).items():
                    # a gap in a track the model calls empty is still a gap
                    sure = i in alone or p <= 1 - SURE
                    (given if sure else checked)[f"{s.source}:{i}"] = p
    return given, checked


def read_as(sheets: list[SheetReading], marked: Mapping[str, bool]) -> list[SheetReading]:
    """``sheets`` with the fields of ``marked`` ("SOURCE:FIELD" -> marked) read filled or
    empty, and not doubted by the reader, as a plain mark or plain paper reads."""
    out = []
    for s in sheets:
        mine = {
            k.removeprefix(f"{s.source}:"): v
            for k, v in marked.items()
            if k.startswith(f"{s.source}:")
        }
        if mine:
            readings = tuple(
                replace(r, state="filled" if mine[r.id] else "empty") if r.id in mine else r
                for r in s.readings
            )
            doubtful = tuple(d for d in s.doubtful if d.field not in mine)
            s = replace(s, readings=readings, doubtful=doubtful)
        out.append(s)
    return out


def keep_one_learned(out: list[Assembled], learned: Mapping[str, float], answers: Answers) -> None:
    """Asks, of each sheet left with nothing to ask and nothing a person answered, about
    the field the noise model settled least surely (of ``learned``: ``states.assemble``
    leaves out the Cosmos hexes, settled only where the Cosmos reader agrees): the model
    never takes a sheet's last question away. The state keeps counting the model's answer
    (``Doubt.guess``)."""
    for a in out:
        for s in a.sheets:
            mine = {k: p for k, p in learned.items() if k.startswith(f"{s.source}:")}
            if not mine or any(d.source == s.source for d in a.doubtful):
                continue
            if answers and any(answer_for(answers, s.source, r.id) is not None for r in s.readings):
                continue
            key = min(mine, key=lambda k: abs(mine[k] - 0.5))
            p = mine[key]
            fid = key.removeprefix(f"{s.source}:")
            del a.settled[key]
            a.doubtful.append(
                Doubt(
                    fid,
                    f"{_asked_for(s, fid)}: read {'marked' if p >= 0.5 else 'empty'} by the "
                    f"noise model ({max(p, 1 - p):.2%} sure), the page's one question",
                    s.source,
                    guess=p >= 0.5,
                )
            )


def _asked_for(sheet: SheetReading, fid: str) -> str:
    """What the reader asked ``fid`` for, in the words a page's one question opens with:
    "a faint mark" (too little ink to call: on a clean page too) or "noisy paper"."""
    faint = any(d.field == fid and d.cause == FAINT for d in sheet.doubtful)
    return "a faint mark" if faint else "noisy paper"
