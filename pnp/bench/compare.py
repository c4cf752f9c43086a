"""What moved between two readings of one photo set: ``python -m pnp.bench compare OLD NEW``.

OLD and NEW are ``python -m pnp.bench read --set DIR --dump FILE`` files of the same
photos, read by two versions of the reader. Each field compared in both (no other mark's
ink reaching it, as ``read`` counts) is asked (doubtful), right or wrong (not asked and
read wrong: silent) in each; a field is right as ``read`` judges it (a Frontier value
circled or crossed out as drawn; dumps written before the ``right`` key judge it by
marked or not). Prints, per game and level, how many fields moved between those
outcomes, the fields newly wrong by name, and with ``--fields`` every moved field.
``read``'s table (silent sheets, score-silent, review-wrong) is still the measure of a
change: a field compared here may be right while its page's score is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path


class BadDump(ValueError):
    """A file that is not ``read --dump`` output; the message names the line."""


def outcomes(path: Path) -> dict[tuple[str, str], tuple[str, str, str, str]]:
    """(photo, field id) -> (outcome, game, level, reason) of each field compared."""
    out = {}
    with path.open() as lines:
        for n, line in enumerate(lines, 1):
            try:
                d = json.loads(line)
                if d["touched"]:
                    continue
                right = d["right"] if "right" in d else (d["state"] == "filled") == d["marked"]
                outcome = "asked" if d["doubted"] else "right" if right else "wrong"
                out[(d["photo"], d["id"])] = (outcome, d["game"], d["level"], d["reason"] or "")
            except (ValueError, KeyError, TypeError) as exc:
                why = f"{path}:{n}: not a line of `pnp.bench read --dump` ({exc})"
                raise BadDump(why) from None
    return out


def moves(old: dict, new: dict) -> tuple[Counter, list[tuple]]:
    """Per (game, level, from, to) how many fields moved, and each moved field."""
    counts: Counter = Counter()
    moved = []
    for key in sorted(old.keys() & new.keys()):
        (a, game, level, why_old), (b, _, _, why_new) = old[key], new[key]
        if a != b:
            counts[(game, level, a, b)] += 1
            moved.append((*key, a, b, why_old, why_new))
    return counts, moved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench compare", description=__doc__)
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--fields", action="store_true", help="list every field that moved")
    args = ap.parse_args(argv)
    for path in (args.old, args.new):
        if not path.is_file():
            print(f"no such dump: {path}", file=sys.stderr)
            return 2
    try:
        old, new = outcomes(args.old), outcomes(args.new)
    except BadDump as exc:
        print(exc, file=sys.stderr)
        return 1
    only = len(old.keys() ^ new.keys())
    counts, moved = moves(old, new)
    print(f"{len(old.keys() & new.keys())} fields in both; {only} in one only (a page read once)")
    for (game, level, a, b), n in sorted(counts.items()):
        print(f"  {game:14s} {level:7s} {a:>5s} -> {b:5s} {n:5d}")
    if not counts:
        print("  no field moved")
    for photo, fid, a, b, why_old, why_new in moved:
        if args.fields or b == "wrong":
            print(f"{photo} {fid}: {a} -> {b}  | {why_old[:70]} | {why_new[:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
