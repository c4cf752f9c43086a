"""Read a labelled photo set and compare with its truth: ``python -m pnp.bench read --set DIR``.

``--n N [--seed S] [--megapixels M]`` first writes N photos into DIR (as
``python -m pnp.bench photos``). Every photo is read on one core, from its bytes:
decode, locate, identify, flatten, read every field. Interpreter start, file
reading and the one-off rendering (and preparing) of each blank sheet are not timed.

Per game and level the table gives: fields compared, accuracy (right and not
doubtful, over all compared fields), silent errors (wrong and not doubtful),
doubtful fields (those ``pnp.vision.field_doubts.doubts`` asks about), sheets needing
review (any doubtful field, or unread) and the median time per photo in its
megapixel bucket. Compared are the fields the reader
decides (write-in boxes are not read yet) that no other mark's ink reaches (the
truth's ``touched_by``); wrong readings of touched fields are counted apart.
"Silent sheets" are pages with a field read wrong (touched or not) and nothing on them
asked about, so nothing tells the player to look; "score-silent" are those of them that
change their player's score (``pnp.bench.page_score``: the page's marks as read beside
the truth's other pages of the player, scored as ``pnp score`` scores them), the issue's
measure. "Review-wrong" are pages asked about whose score stays wrong once their
questions are answered from the truth (a field read wrong and not asked beside them),
and the questions the page asks then, as ``pnp read --ask`` asks again (``answered``;
since session 56: before, one round, and a field an answer brings into question counted
wrong).
Each such page is named, with its wrong fields. "Retake" are the pages ``pnp read`` would
advise to photograph again, asking about too much of the page to answer by hand
(``pnp.vision.retake``; not with ``--reader-only``), and "its doubtful" their doubtful
fields among those counted; "kept acc" is the accuracy on the pages read and not so
advised, those a person would keep (an unread page is refused, and taken again).

What is asked about is what ``pnp read PHOTO`` asks of that photo alone: the reader's
doubts and those of the game's own checks on the page (``pnp.vision.states.assemble``
of the one sheet: two bubbles in a digit, a gap in a track, shapes the placement rules
refuse). A check's doubt on a field counts that field doubtful; one on no printed field
(the Distant Suns shapes, say) puts the page in review. A field the checks settle from the
page's other marks (``pnp.vision.bubble_digits``) is compared as settled, not as read;
the reader's doubt on it is no longer asked. A Cosmos hex is compared as the state has it
(covered: in one of its shapes), as the Cosmos reader decides it from its symbol, not as
its ink share alone would read (since session 15; before, a hex whose thin symbol the
share read empty counted wrong though the state, and the score, had it covered). The
checks are timed with the reading (the Distant Suns shapes are read there). A Frontier
value is right only if its state has it circled or crossed out as drawn (since session
16; before, any ink on it counted as right, and a circle taken for the cross beside it
was never counted). A field the noise model answers (``pnp.vision.noise_model``, after the
checks; since session 21) is compared as settled, like those the page's marks settle.
``--reader-only`` counts and times the reader alone (the measure before 2026-11-30).
A last line gives how many doubtful fields the best guess reads right: what a score
shown before the doubts are answered (``pnp score``'s provisional total) counts them as
(``doubt_guess``; since session 28); "guess acc" is the accuracy with each doubtful field
counted as its best guess reads it (over the same fields as "accuracy", an unread page's
all wrong; since session 52).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

LEVELS = ("easy", "normal", "hard", "real")
SOURCE = "the photo"  # what the page read is called in messages and doubts


@dataclass
class Tally:
    sheets: int = 0
    unread: int = 0
    review: int = 0
    fields: int = 0
    right: int = 0
    silent: int = 0
    doubtful: int = 0
    touched_silent: int = 0
    silent_sheets: int = 0  # a field read wrong (touched or not) and nothing asked about
    score_silent: int = 0  # of those, sheets that change their player's score
    # pages asked about whose score is still wrong once their questions are answered
    review_wrong: int = 0
    retake: int = 0  # pages the reader advises to photograph again (``vision.retake``)
    retake_doubtful: int = 0  # the doubtful fields compared on them
    # the fields compared, and right, on the pages not advised to be photographed again
    kept_fields: int = 0
    kept_right: int = 0
    guess_right: int = 0  # doubtful fields whose best guess (``doubt_guess``) is right
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def add(self, other: Tally) -> None:
        for name in ("sheets", "unread", "review", "fields", "right", "silent", "doubtful"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.touched_silent += other.touched_silent
        self.silent_sheets += other.silent_sheets
        self.score_silent += other.score_silent
        self.review_wrong += other.review_wrong
        self.retake += other.retake
        self.retake_doubtful += other.retake_doubtful
        self.kept_fields += other.kept_fields
        self.kept_right += other.kept_right
        self.guess_right += other.guess_right
        for k, v in other.times.items():
            self.times[k] += v


def bucket(shape: tuple[int, ...]) -> str:
    mp = shape[0] * shape[1] / 1e6
    return "12MP" if mp > 6 else "2MP"


def _compared(truth: dict) -> bool:
    return truth.get("kind") != "write"


def read_one(data: bytes, checks: bool = False):
    """(page code, readings, the reader's doubts (field id -> reason), photo megapixel
    bucket, seconds, drawn, sheet, retake) of one photo's bytes, read as
    ``pnp.vision.read.read_page`` reads it. Doubted are the fields it would ask about;
    with ``checks``, what ``pnp read`` asks of the page alone after the game's own checks
    (an id that is no field, "shapes" say, included), and the fields the page's own marks
    settled read as settled;
    timed with the rest. ``drawn`` (with ``checks``): the Frontier values as the state has
    them, "circle" or "cross" (field id -> mark). ``sheet`` (with ``checks``, else None):
    the page's ``SheetReading``, as the game's checks were given it. ``retake`` (with
    ``checks``): whether ``pnp read`` advises to photograph the page again. ``guesses``
    (with ``checks``): the checks' own guesses of the fields they ask about (field id ->
    marked; ``doubt_guess``)."""
    from pnp.vision.blank_prep import prepare_blank
    from pnp.vision.fields import UNREAD_KINDS
    from pnp.vision.identify import identify
    from pnp.vision.page_doubts import read_masks
    from pnp.vision.page_masks import page_masks, refuse_other_version
    from pnp.vision.print_variant import prepare_print_variant, printed_blank
    from pnp.vision.rectify import decode_photo, page_resolution, rectify
    from pnp.vision.reference import common_map, reference_image

    t0 = time.perf_counter()
    gray, scale = decode_photo(data)
    page = rectify(gray)
    code = identify(page)
    t1 = time.perf_counter()
    sheet_map = common_map(code)
    refuse_other_version(code, sheet_map, SOURCE)  # a stale set is refused, not misread
    fields = sheet_map.fields
    # once per blank sheet, like its rendering (an ink-saving blank, rarer, when first read)
    prepare_blank(
        reference_image(code.game, code.sheet, code.layout, page.px_per_mm), page.px_per_mm
    )
    prepare_print_variant(code, page.px_per_mm)
    t2 = time.perf_counter()
    blank, ink_saving = printed_blank(page.image, code, page.px_per_mm)
    m = page_masks(page, blank, fields)  # as ``read.read_page`` makes them
    readings, found = read_masks(m, fields, page.px_per_mm, SOURCE)
    doubted = {d.field: d.reason for d in found}
    drawn: dict[str, str] = {}
    sheet, retake, guesses = None, False, {}
    if checks:
        resolution = page_resolution(page) * scale  # the photo's px per mm, as taken
        doubted, settled, drawn, sheet, retake, guesses = _checked(
            code, page, m.ink, readings, fields, found, resolution, ink_saving, m.base, m.shifts
        )
        readings = [settled_reading(r, settled.get(r.id)) for r in readings]
    t3 = time.perf_counter()
    mp = gray.shape[0] * gray.shape[1] * scale * scale
    # What the reader leaves to people (names, written totals, cube storage) is not compared.
    readings = [r for r, f in zip(readings, fields, strict=True) if f.kind not in UNREAD_KINDS]
    seconds = (t1 - t0) + (t3 - t2)
    bucket = "12MP" if mp > 6e6 else "2MP"
    return code, readings, doubted, bucket, seconds, drawn, sheet, retake, guesses


def answered(sheet, truths: dict, doubted, readings) -> tuple[set[str], dict[str, bool | str]]:
    """The fields marked once ``pnp read --ask`` has had its questions about the page
    answered from ``truths`` (``truth_answer``: a symbol asked about with the zone it
    names), and the answers (field id -> marked, or zone): ``doubted`` first
    (``readings`` as the checks left them), then what the page asks once it is assembled
    with them, as ``pnp.photo_batch.read_and_assemble`` asks again (an answer may take away
    the mark that settled another field: a check past a gap settles the boxes before it)."""
    from pnp.bench.page_score import truth_answers
    from pnp.photo_batch import ASK_ROUNDS
    from pnp.vision.states import assemble

    prefix = f"{sheet.source}:"
    marked = {r.id for r in readings if r.state == "filled"}
    compared = {r.id for r in readings}  # not what the reader leaves to people
    answers: dict[str, bool | str] = {}
    assembled, _ = assemble([sheet])  # which of ``doubted`` are answered with a zone
    zoned = {d.field for a in assembled for d in a.doubtful if d.options}
    for _ in range(ASK_ROUNDS):
        new = truth_answers(((i, truths[i], i in zoned) for i in doubted if i in truths), answers)
        if not new:
            break
        answers |= new
        assembled, _ = assemble([sheet], answers)
        doubted = {d.field for a in assembled for d in a.doubtful}
        zoned = {d.field for a in assembled for d in a.doubtful if d.options}
        settled = {k.removeprefix(prefix): v for a in assembled for k, v in a.settled.items()}
        marked = {
            r.id
            for r in sheet.readings
            if r.id in compared and settled.get(r.id, r.state == "filled")
        }
    return (marked - answers.keys()) | {i for i, v in answers.items() if v}, answers


def settled_reading(reading, marked: bool | None):
    """``reading`` as the page's own marks settled it (None: as read)."""
    from dataclasses import replace

    if marked is None:
        return reading
    return replace(reading, state="filled" if marked else "empty")


def _checked(
    code,
    page,
    ink,
    readings,
    fields,
    found,
    photo_px_per_mm=0.0,
    ink_saving=False,
    base=None,
    shifts=None,
):
    """What ``pnp read`` asks of one page read alone (field id -> reason: the reader's
    doubts the game's checks leave open, and theirs), what the page's own marks settled
    (field id -> marked), the Frontier values as its state has them (field id ->
    "circle" or "cross"), the page's ``SheetReading``, and whether the page is advised
    to be photographed again (``Assembled.retake``)."""
    from dataclasses import replace

    from pnp.vision.read import page_reading
    from pnp.vision.states import assemble

    sheet = page_reading(page, code, fields, ink, readings, found, SOURCE, base=base, shifts=shifts)
    sheet = replace(sheet, photo_px_per_mm=photo_px_per_mm, ink_saving=ink_saving)
    assembled, _ = assemble([sheet])
    doubts = {d.field: d.reason for a in assembled for d in a.doubtful}
    # the checks' own guesses (the noise model's answer on a page's one question)
    guesses = {d.field: d.guess for a in assembled for d in a.doubtful if d.guess is not None}
    prefix = f"{sheet.source}:"
    settled = {k.removeprefix(prefix): v for a in assembled for k, v in a.settled.items()}
    # A Cosmos hex that shapes may cover counts as the state has it (covered: in a shape),
    # not as its ink share alone says: the Cosmos reader decides it by its symbol, and the
    # score uses that. (Treasure, Frontier and Start hexes are circled or never covered.)
    for a in assembled:
        if a.game == "distant-suns" and a.state is not None:
            covered = {f"hex-{h}" for shape in a.state["shapes"] for h in shape["hexes"]}
            for f in fields:
                if f.id in _coverable_hexes() and f.id not in settled:
                    settled[f.id] = f.id in covered
    retake = any(a.retake for a in assembled)
    return doubts, settled, _frontier_marks(assembled, fields), sheet, retake, guesses


def _frontier_marks(assembled, fields) -> dict[str, str]:
    """Each marked Frontier value of a read Cosmos state, "circle" or "cross" (field id
    -> mark): the value its state circles, and the other crossed. A Frontier value is
    marked either way, and its ink alone does not tell which (``distant_suns``)."""
    out = {}
    for a in assembled:
        if a.game != "distant-suns" or a.state is None:
            continue
        for f in fields:
            if f.kind == "frontier_value":
                hid, side = f.id.removeprefix("frontier-").rsplit("-", 1)
                out[f.id] = "circle" if a.state["frontier"].get(hid) in (side, "both") else "cross"
    return out


@cache
def _coverable_hexes() -> frozenset[str]:
    """The field ids of the Cosmos hexes a shape may cover."""
    from scoring.distant_suns.hexgrid import hex_id
    from scoring.distant_suns.layout import load_cosmos

    cosmos = load_cosmos()
    return frozenset(f"hex-{hex_id(h)}" for h in cosmos.hexes - cosmos.uncoverable)


def field_kinds(code) -> dict[str, str]:
    from pnp.vision.reference import common_map

    return {f.id: f.kind for f in common_map(code).fields}


def field_shapes(code) -> dict[str, str]:
    from pnp.vision.reference import common_map

    return {f.id: f.shape for f in common_map(code).fields}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench read")
    ap.add_argument("--set", type=Path, required=True, dest="folder")
    ap.add_argument("--n", type=int, default=0, help="first write N photos into the set")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--megapixels", type=float, default=None)
    ap.add_argument("--verbose", action="store_true", help="list every wrong or doubtful field")
    ap.add_argument("--dump", type=Path, default=None, help="write every reading as JSON lines")
    ap.add_argument(
        "--by-sheet",
        action="store_true",
        help="one row per sheet (game/sheet[-layout]) and level instead of per game",
    )
    ap.add_argument(
        "--reader-only",
        action="store_true",
        help="count the reader's doubts alone, not those of the game's checks of the page",
    )
    args = ap.parse_args(argv)

    import cv2

    from pnp.bench.page_score import score_changed
    from pnp.vision.memory import keep_freed_memory
    from pnp.vision.photo_io import OtherVersion
    from pnp.vision.rectify import PageNotFound

    cv2.setNumThreads(1)
    keep_freed_memory()  # as `pnp read` does
    if args.n:
        from pnp.bench.photos import main as write_photos

        write_photos(
            ["--n", str(args.n), "--out", str(args.folder), "--seed", str(args.seed)]
            + (["--megapixels", str(args.megapixels)] if args.megapixels else [])
        )
    photos = sorted(args.folder.glob("*.jpg"))
    if not photos:
        print(f"no photos (*.jpg) in {args.folder}", file=sys.stderr)
        return 1
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    dump = args.dump.open("w") if args.dump else None
    for path in photos:
        truth = json.loads(path.with_suffix(".json").read_text())
        game, level = truth["sample"]["game"], truth["sample"]["level"]
        tally = tallies[row_name(truth["sample"]) if args.by_sheet else game, level]
        tally.sheets += 1
        data = path.read_bytes()
        expected = {i: t for i, t in truth["sheet"]["fields"].items() if _compared(t)}
        try:
            code, readings, doubted, mp, seconds, drawn, sheet, retake, guesses = read_one(
                data, checks=not args.reader_only
            )
        except (PageNotFound, OtherVersion) as e:
            tally.unread += 1
            tally.review += 1
            tally.fields += sum(1 for t in expected.values() if not t["touched_by"])  # ~write-ins
            print(f"{path.name}: unread: {e}")
            continue
        tally.times[mp].append(seconds)
        if code.text != truth["sheet"]["page_code"]:
            print(f"{path.name}: wrong page code {code.text!r}")
        doubtful = 0
        wrong = []
        fields_before, right_before = tally.fields, tally.right
        kinds = field_kinds(code)
        as_read = {x.id: x for x in sheet.readings} if sheet else {}  # before the checks
        shapes = field_shapes(code)
        for r in readings:
            t = expected.get(r.id)
            if t is None:
                continue
            doubted_here = r.state == "doubtful" or r.id in doubted
            doubtful += doubted_here
            right = r.state == ("filled" if t["marked"] else "empty")
            if r.id in drawn and t["marked"]:  # circled, or crossed out?
                right = right and drawn[r.id] == t["kind"]
            silent = not doubted_here and not right
            guess = doubt_guess(sheet, as_read.get(r.id, r), guesses) if doubted_here else None
            if dump:
                dump.write(
                    json.dumps(
                        {"photo": path.name, "game": game, "level": level, "id": r.id}
                        | {"state": r.state, "ink": r.ink, "confidence": r.confidence}
                        | {"doubted": doubted_here, "right": right}
                        | {"marked": t["marked"], "kind": t["kind"], "touched": t["touched_by"]}
                        | {"spill": r.spill, "step": r.step, "field_kind": kinds[r.id]}
                        | {"base_ink": r.base_ink, "coverage": r.coverage, "beyond": r.beyond}
                        | {"shape": shapes[r.id], "reason": doubted.get(r.id)}
                        | ({"guess": guess} if doubted_here else {})
                        | ({"drawn": drawn[r.id]} if r.id in drawn else {})
                    )
                    + "\n"
                )
            if silent:
                wrong.append(r.id)
            if t["touched_by"]:
                tally.touched_silent += silent
                continue
            tally.fields += 1
            tally.right += right and not doubted_here
            tally.silent += silent
            tally.doubtful += doubted_here
            tally.guess_right += doubted_here and guess == t["marked"]
            if args.verbose and (silent or doubted_here):
                print(
                    f"{path.name}: {r.id} read {r.state} (ink {r.ink}, conf {r.confidence}),"
                    f" truth {'marked' if t['marked'] else 'unmarked'} {t['kind']}"
                )
        asked = doubtful > 0 or not doubted.keys() <= kinds.keys()  # "shapes", "zones"...
        tally.review += asked
        if retake:
            tally.retake += 1
            tally.retake_doubtful += doubtful
        else:
            tally.kept_fields += tally.fields - fields_before
            tally.kept_right += tally.right - right_before
        marked = {r.id for r in readings if r.state == "filled"}
        if wrong and not asked:
            tally.silent_sheets += 1
            changed = score_changed(truth, code, marked, sheet)
            tally.score_silent += bool(changed)
            score = {
                True: "changes the score",
                False: "score unchanged",
                None: "asked about beside the player's other pages",
            }[changed]
            print(f"{path.name}: silent: {', '.join(wrong)} read wrong, nothing asked; {score}")
        elif wrong:
            marked, answers = answered(sheet, truth["sheet"]["fields"], doubted, readings)
            if score_changed(truth, code, marked, sheet, answers):
                tally.review_wrong += 1
                print(
                    f"{path.name}: review-wrong: {', '.join(wrong)} read wrong and not asked; "
                    "the score stays wrong once the page's questions are answered"
                )
    if dump:
        dump.close()
    print(table(tallies))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB; {len(photos)} photos in {args.folder}")
    return 0


def doubt_guess(sheet, reading, guesses: dict[str, bool] | None = None) -> bool:
    """What a state shown before the answers counts a doubted field as: the checks' own
    guess (``guesses``, field id -> marked: the noise model's answer that a page's one
    question asks about, which the state counts), else its reader's doubt's own guess
    (``Doubt.guess``), else ``best_guess`` of its ``reading`` as the reader gave it (a
    Cosmos hex the shapes decide is counted as the state has it, which this does not
    follow). ``sheet``: the page's ``SheetReading`` (None: the reader alone)."""
    from pnp.vision.field_doubts import best_guess

    if guesses and reading.id in guesses:
        return guesses[reading.id]
    doubts = sheet.doubtful if sheet else ()
    own = (d.guess for d in doubts if d.field == reading.id and d.guess is not None)
    return next(own, best_guess(reading))


def row_name(sample: dict) -> str:
    """``game/sheet``, with the layout when the set fixed one (``federation/solo-rounds``)."""
    layout = sample.get("layout")
    return f"{sample['game']}/{sample['sheet']}" + (f"-{layout}" if layout else "")


def table(tallies: dict[tuple[str, str], Tally]) -> str:
    width = max([14, *(len(k[0]) + 2 for k in tallies)])
    head = (
        f"{'game':<{width}}{'level':<8}{'sheets':>7}{'unread':>7}{'fields':>8}{'accuracy':>10}"
        f"{'silent':>7}{'doubtful':>9}{'review':>8}{'touched-silent':>15}{'silent sheets':>14}"
        f"{'score-silent':>13}{'review-wrong':>13}{'retake':>7}{'its doubtful':>13}"
        f"{'kept acc':>10}{'guess acc':>10}{'2MP s':>8}{'12MP s':>8}"
    )
    rows = [head, "-" * len(head)]
    order = sorted(tallies, key=lambda k: (k[0], LEVELS.index(k[1]) if k[1] in LEVELS else 9))
    total = Tally()
    for key in order + [("all", "")]:
        t = tallies[key] if key in tallies else total
        if key[0] != "all":
            total.add(t)
        acc = 100 * t.right / t.fields if t.fields else 0.0
        rev = 100 * t.review / t.sheets if t.sheets else 0.0
        kept = f"{100 * t.kept_right / t.kept_fields:.2f}%" if t.kept_fields else "-"
        guess = 100 * (t.right + t.guess_right) / t.fields if t.fields else 0.0
        med = {k: f"{statistics.median(v):.3f}" if v else "-" for k, v in t.times.items()}
        rows.append(
            f"{key[0]:<{width}}{key[1]:<8}{t.sheets:>7}{t.unread:>7}{t.fields:>8}{acc:>9.2f}%"
            f"{t.silent:>7}{t.doubtful:>9}{rev:>7.0f}%{t.touched_silent:>15}{t.silent_sheets:>14}"
            f"{t.score_silent:>13}{t.review_wrong:>13}{t.retake:>7}{t.retake_doubtful:>13}"
            f"{kept:>10}{guess:>9.2f}%{med.get('2MP', '-'):>8}{med.get('12MP', '-'):>8}"
        )
    rows.append("pages kept (read, and not advised to be photographed again):")
    for key in order:
        t = tallies[key]
        kept = t.sheets - t.unread - t.retake
        rows.append(
            f"  {key[0]:<{width}}{key[1]:<8}{kept:>4} pages {t.kept_right:>6} of "
            f"{t.kept_fields:>6} fields right"
        )
    if total.doubtful:
        rows.append(
            f"doubtful fields whose best guess (what a score shown before the answers counts)"
            f" is right: {total.guess_right} of {total.doubtful}"
            f" ({100 * total.guess_right / total.doubtful:.1f}%)"
        )
    plain = [t for (_, level), t in tallies.items() if level in ("easy", "normal")]
    sheets, review = sum(t.sheets for t in plain), sum(t.review for t in plain)
    if sheets:
        rows.append(
            f"easy and normal sheets needing no review: {sheets - review} of {sheets} "
            f"({100 * (sheets - review) / sheets:.1f}%)"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
