"""Federation states read back from photos: ``python -m pnp.bench fed-states``.

``--games N [--seed S] [--levels easy,normal,...] [--megapixels M]``: N Solo games
(both Solo tracker pages and the player's score pad page), N score pads of ``player``
pages (1-3 players) and, to compare, N ``table`` pads (2-4 players on one page). Each
page is filled by its own seeded hand and photographed at a level drawn from
``--levels``, then read and assembled as ``pnp read`` does. Per kind the table gives:
games, states read clear and right, clear but wrong (silent), left for review (doubtful
fields or notes), and right once the doubted fields are answered from the pen's truth.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path


def _game_pages(kind: str, seed: int):
    """(expected state, [SheetMarks]) of one game of ``kind``."""
    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state, random_states

    if kind in ("solo", "table-pad"):
        state = random_state("federation", seed, layout="solo" if kind == "solo" else None)
        return state, sheet_marks("federation", state)
    players = random.Random(seed).randint(1, 3)
    pads = random_states("federation", seed, players=players, layout="player")
    pages = [m for pad in pads for m in sheet_marks("federation", pad, "player")]
    state = {"game": "federation", "modules": ["piracy"], "players": []}
    state["players"] = [pad["players"][0] for pad in pads]
    return state, pages


def read_game(kind: str, seed: int, levels: list[str], folder: Path, megapixels) -> str:
    """``right``, ``silent``, ``review-right`` or ``review-wrong`` for one game."""
    from pnp.synth.camera import photograph, photograph_real
    from pnp.synth.pen import build_page, fill
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    expected, pages = _game_pages(kind, seed)
    rng = random.Random(seed)
    sheets, truth = [], {}
    for k, marks in enumerate(pages):
        filled = fill(build_page(marks), marks, seed * 10 + k, 200)
        level = levels[rng.randrange(len(levels))]
        if level == "real":
            shot = photograph_real(filled.image, seed * 10 + k)
        else:
            shot = photograph(filled.image, level, seed * 10 + k, megapixels=megapixels)
        path = folder / f"{kind}-{seed}-{k}.jpg"
        path.write_bytes(shot.jpeg)
        (sheet,) = read_photo(path)
        sheets.append(sheet)
        truth[sheet.source] = filled.truth["fields"]
    (first,), _ = assemble(sheets)
    if first.clear:
        return "right" if first.state == expected else "silent"
    answers = {
        f"{Path(d.source).name}:{d.field}": truth[d.source][d.field]["marked"]
        for d in first.doubtful
    }
    (answered,), _ = assemble(sheets, answers)
    return "review-right" if answered.clear and answered.state == expected else "review-wrong"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench fed-states")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="easy,normal,hard,real")
    ap.add_argument("--megapixels", type=float, default=None)
    args = ap.parse_args(argv)
    import cv2

    cv2.setNumThreads(1)
    levels = args.levels.split(",")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("solo", "player-pads", "table-pad"):
            counts = Counter(
                read_game(kind, args.seed * 1000 + g, levels, Path(tmp), args.megapixels)
                for g in range(args.games)
            )
            rows.append((kind, counts))
            print(f"{kind}: {dict(counts)}", file=sys.stderr)
    head = (
        f"{'kind':<14}{'games':>6}{'right':>7}{'silent':>8}{'review':>8}{'right after answers':>21}"
    )
    print(head)
    print("-" * len(head))
    for kind, c in rows:
        review = c["review-right"] + c["review-wrong"]
        print(
            f"{kind:<14}{sum(c.values()):>6}{c['right']:>7}{c['silent']:>8}{review:>8}"
            f"{c['right'] + c['review-right']:>21}"
        )
    return 0
