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
import sys
from collections import defaultdict
from pathlib import Path

from pnp.bench.read_photo import doubt_guess, field_kinds, field_shapes, read_one
from pnp.bench.read_tally import Tally, answered, row_name, table


def _compared(truth: dict) -> bool:
    return truth.get("kind") != "write"


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


if __name__ == "__main__":
    sys.exit(main())
