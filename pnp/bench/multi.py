"""Photos of several sheets at once: ``python -m pnp.bench multi --n N [--seed S] [--kind K]``.

Each sample is one game's sheets (of seed S + i, as ``pnp.bench.states`` makes them):
``--kind stellar-drift`` (default) one player's ship, tracker and tech sheets;
``fed-solo`` a Federation Solo game's two tracker pages and the player's score pad page;
``fed-player-pads`` one ``player`` score pad page for each of 1-3 players; ``ds-players``
two players' Distant Suns Cosmos sheets from one game (two states). The pages are
filled by the synthetic pen, pasted side by side in a row and photographed as one page by
the synthetic camera at each ``--level`` (default: all four). The photo is read as ``pnp
read`` reads it and the state it gives is compared with the state the sheets were filled
from (without what a photo cannot show: ``pnp.bench.states``). Each photo ends in one of:

- right: every sheet read and the state as filled, nothing asked;
- asked: every sheet read, questions asked (the state is the filled one once they are
  answered, or differs where a question is: the bench does not tell);
- wrong: every sheet read, nothing asked, and the state differs (silently wrong);
- said: fewer sheets read than the photo holds, a warning saying another sheet in it
  was not read (its markers make no page; ``pnp score`` then says the player's sheet is
  missing and calls the total provisional);
- short: fewer sheets read than the photo holds, nothing said (the failure this bench
  is for: the missing sheets' fields would count unmarked);
- refused: the photo refused with a reason (``pnp read`` exits non-zero for it).

Prints a count per level and the reasons for the refusals.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from pnp.synth.dataset import LEVELS

GAP_PX = 60  # between the sheets, and around the row
TABLE_GREY = 95  # the row's background, under and between the sheets
OUTCOMES = ("right", "asked", "wrong", "said", "short", "refused")
# ``pnp.bench.states`` kinds, and two players' Cosmos sheets
KINDS = ("stellar-drift", "fed-solo", "fed-player-pads", "ds-players")


def row_of(images: list[np.ndarray]) -> np.ndarray:
    """RGB ``images`` side by side on a grey ground, ``GAP_PX`` apart and around."""
    h = max(i.shape[0] for i in images) + 2 * GAP_PX
    w = sum(i.shape[1] for i in images) + GAP_PX * (len(images) + 1)
    out = np.full((h, w, 3), TABLE_GREY, np.uint8)
    x = GAP_PX
    for image in images:
        out[GAP_PX : GAP_PX + image.shape[0], x : x + image.shape[1]] = image
        x += image.shape[1] + GAP_PX
    return out


def _plain(value):
    """A state with its empty and zero entries dropped (``{"red": 0}`` says no more than
    ``{}``) and its lists of names or numbers sorted (a Stellar Drift state's lists are
    sets: spaces repaired, colours), for comparing what was read with what was filled."""
    if isinstance(value, dict):
        kept = {k: _plain(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v not in (None, 0, [], {}, "")}
    if isinstance(value, list):
        items = [_plain(v) for v in value]
        return sorted(items) if all(isinstance(v, (str, int)) for v in items) else items
    return value


def pages_of(kind: str, seed: int) -> tuple[dict | list[dict], list]:
    """The state(s) one sample of ``kind`` is filled from (a list: one per player, where
    each player's sheets make a state of their own), and its pages (``SheetMarks``)."""
    from pnp.bench.states import game_pages

    if kind == "ds-players":
        from pnp.synth.marks import sheet_marks
        from pnp.synth.states import random_states

        states = random_states("distant-suns", seed, 2)
        return states, [m for state in states for m in sheet_marks("distant-suns", state)]
    _, truth, pages = game_pages(kind, seed)
    return truth, pages


def outcome(photo: Path, truth: dict | list[dict], sheets: int) -> tuple[str, str]:
    """(outcome, reason) of reading ``photo`` of ``sheets`` sheets filled from ``truth``
    (a state, or a list of them: the states the sheets make, in any order)."""
    from pnp.bench.states import comparable
    from pnp.vision.photo_io import PhotoError
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    try:
        read = read_photo(photo)
    except PhotoError as exc:
        return "refused", str(exc).split(": ", 1)[-1]
    if len(read) < sheets:
        said = any("that sheet was not read" in n for s in read for n in s.warnings)
        return "said" if said else "short", f"{len(read)} of {sheets} sheets read"
    truths = truth if isinstance(truth, list) else [truth]
    states, _ = assemble(list(read))
    if len(states) != len(truths):
        return "wrong", f"{len(states)} states"
    asked = sum(len(state.doubtful) for state in states)
    if asked:
        return "asked", f"{asked} asked"
    # each state against the filled one of its serial (a player's sheets share it)
    filled = {t.get("serial", 1): _plain(comparable(t)) for t in truths}
    wrong: set[str] = set()
    for state in states:
        got = _plain(comparable(state.state))
        want = filled.get(state.state.get("serial", 1), {})
        wrong |= {k for k in set(got) | set(want) if got.get(k) != want.get(k)}
    return ("wrong", ", ".join(sorted(wrong))) if wrong else ("right", "")


REFUSALS = {
    "not identified": "a sheet's page code unreadable",
    "does not lie flat": "a sheet not flat",
    "no sheet found": "no sheet found",
    "more than": "too many sheets",
}


def _kind(reason: str) -> str:
    """The kind of a refusal, from its reason."""
    return next((kind for key, kind in REFUSALS.items() if key in reason), reason[:60])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench multi")
    ap.add_argument(
        "--n", type=int, required=True, help="samples (each photographed at every level)"
    )
    ap.add_argument("--seed", type=int, default=49)
    ap.add_argument("--level", action="append", choices=LEVELS, help="only this level (repeatable)")
    ap.add_argument(
        "--kind", choices=KINDS, default=KINDS[0], help="whose sheets (default: %(default)s)"
    )
    args = ap.parse_args(argv)
    if args.n < 1:
        print("--n must be 1 or more", file=sys.stderr)
        return 2
    from pnp.synth.camera import photograph
    from pnp.synth.pen import build_page, fill
    from pnp.synth.real_photo import photograph_real, real_photos

    levels = args.level or list(LEVELS)
    if "real" in levels:
        try:
            real_photos()  # before any sample: not a traceback half way through
        except FileNotFoundError as e:
            print(f"error: {e}; or leave the real level out (--level easy ...)", file=sys.stderr)
            return 1
    counts: dict[str, Counter] = defaultdict(Counter)
    refusals: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="pnp-multi-") as tmp:
        for i in range(args.n):
            seed = args.seed + i
            truth, pages = pages_of(args.kind, seed)
            filled = [fill(build_page(sm), sm, seed).image for sm in pages]
            row = row_of(filled)
            for level in levels:
                shot = (
                    photograph_real(row, seed) if level == "real" else photograph(row, level, seed)
                )
                path = Path(tmp) / f"{seed}-{level}.jpg"
                path.write_bytes(shot.jpeg)
                what, why = outcome(path, truth, len(filled))
                counts[level][what] += 1
                if what == "refused":
                    refusals[_kind(why)] += 1
                print(f"{i + 1}/{args.n} seed {seed} {level}: {what} {why}", file=sys.stderr)
    print(f"{'level':8}" + "".join(f"{o:>9}" for o in OUTCOMES))
    for level in levels:
        print(f"{level:8}" + "".join(f"{counts[level][o]:9}" for o in OUTCOMES))
    total = sum(counts.values(), Counter())
    print(f"{'all':8}" + "".join(f"{total[o]:9}" for o in OUTCOMES))
    for why, n in refusals.most_common():
        print(f"refused {n}: {why}")
    return 0
