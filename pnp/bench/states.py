"""Whole games read back from photos and scored: ``python -m pnp.bench states``.

``--games N [--seed S] [--kinds ...] [--levels easy,normal,...] [--megapixels M]``.
The issue's measure of a silent error is a *score* that is wrong without a doubtful
flag, so this bench reads games, not fields: per kind, N seeded games, each page
filled by its own seeded hand and photographed at a level drawn from ``--levels``,
then read and assembled as ``pnp read`` does and scored as ``pnp score`` does.

Kinds: ``stellar-drift`` (one player's ship, tracker and tech sheets), ``distant-suns``
(one Cosmos sheet), ``fed-solo`` (both Solo tracker pages and the player's pad page),
``fed-player-pads`` (1-3 ``player`` pages), ``fed-table-pad`` (2-4 players on one page).

Each game ends as one of: ``right`` (read clear, the score right), ``silent`` (read
clear, the score wrong: the failure the reader must never have), ``state-only`` (read
clear, the score right but the state not: a mark that does not count, e.g. an unused
bubble), ``review-right`` (doubtful fields or notes, and right once the doubted fields
are answered from the pen's truth), ``review-open`` (still doubtful, or a note, after
those answers), ``review-wrong`` (clear after the answers but the score wrong), or
``unread`` (a page the reader refused).

``provisional right`` counts the games in review whose provisional score, the one
``pnp score`` shows before the doubts are answered (each doubted field at its best guess,
``pnp.vision.states._provisional``), is already right.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

KINDS = ("stellar-drift", "distant-suns", "fed-solo", "fed-player-pads", "fed-table-pad")
OUTCOMES = (
    "right",
    "silent",
    "state-only",
    "review-right",
    "review-open",
    "review-wrong",
    "unread",
)
PROVISIONAL = "provisional right"  # of the games in review


def game_pages(kind: str, seed: int):
    """(game, expected state, [SheetMarks]) of one seeded game of ``kind``."""
    from pnp.synth.marks import sheet_marks
    from pnp.synth.states import random_state, random_states

    if kind in ("stellar-drift", "distant-suns"):
        state = random_state(kind, seed)
        return kind, state, sheet_marks(kind, state)
    if kind in ("fed-solo", "fed-table-pad"):
        state = random_state("federation", seed, layout="solo" if kind == "fed-solo" else None)
        return "federation", state, sheet_marks("federation", state)
    if kind == "fed-player-pads":
        players = random.Random(seed).randint(1, 3)
        pads = random_states("federation", seed, players=players, layout="player")
        pages = [m for pad in pads for m in sheet_marks("federation", pad, "player")]
        state = {"game": "federation", "modules": ["piracy"], "players": []}
        state["players"] = [pad["players"][0] for pad in pads]
        return "federation", state, pages
    raise ValueError(f"unknown kind {kind!r}: one of {', '.join(KINDS)}")


def player_scores(state: dict) -> list[tuple[int, tuple]]:
    """Each player's total and category points, as ``pnp score`` gives them."""
    from scoring.games import score_states

    table = score_states([("state", state)])
    return sorted((p.total, tuple((c.id, c.points) for c in p.categories)) for p in table.players)


def _judge(expected: dict, read: dict | None) -> tuple[bool, bool]:
    """(state right, score right)."""
    if read is None:
        return False, False
    same_state = comparable(read) == comparable(expected)
    try:
        same_score = player_scores(read) == player_scores(expected)
    except ValueError:  # a read state the scorer refuses is a wrong score
        same_score = False
    return same_state, same_score


# What a photo cannot show: names are handwriting the reader leaves to people, and a
# Cosmos sheet does not tell in which order its shapes were drawn or its zones dealt.
UNSEEN = frozenset({"player", "name", "order_known"})


def comparable(state):
    """``state`` without what a photo cannot show, in an order a photo can give."""
    if isinstance(state, list):
        return [comparable(x) for x in state]
    if not isinstance(state, dict):
        return state
    out = {k: comparable(v) for k, v in state.items() if k not in UNSEEN}
    if state.get("game") == "stellar-drift":
        # the same sheet however written: a count of 0 is no boxes checked, and lists of
        # spaces, colours or rounds are sets
        for key in ("tracks", "tech", "abilities_used"):
            out[key] = {k: v for k, v in out.get(key, {}).items() if v}
        for key in ("repaired", "section_bonus", "skill_rounds"):
            out[key] = sorted(out.get(key, []))
    if state.get("game") == "distant-suns":
        out["zones"] = sorted(out.get("zones", []))
        out["shapes"] = sorted(
            (s["zone"], sorted(s["hexes"]), s.get("upgrades_used", 0))
            for s in out.get("shapes", [])
        )
    return out


def read_game(kind: str, seed: int, levels: list[str], folder: Path, megapixels) -> str:
    """One of OUTCOMES for one seeded game of ``kind``."""
    return judged_game(kind, seed, levels, folder, megapixels)[0]


def judged_game(
    kind: str, seed: int, levels: list[str], folder: Path, megapixels
) -> tuple[str, bool]:
    """One of OUTCOMES for one seeded game of ``kind``, and whether, in review, its
    provisional score (the doubts unanswered, at their best guesses) is right."""
    from pnp.bench.page_score import truth_answers
    from pnp.photo_batch import ASK_ROUNDS
    from pnp.synth.camera import photograph
    from pnp.synth.pen import build_page, fill
    from pnp.synth.real_photo import photograph_real
    from pnp.vision.read import read_photo
    from pnp.vision.states import assemble

    game, expected, pages = game_pages(kind, seed)
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
        try:
            (sheet,) = read_photo(path)
        except ValueError:  # every reader refusal (no sheet, no page code...) is one
            return "unread", False
        sheets.append(sheet)
        truth[sheet.source] = filled.truth["fields"]
    states, refused = assemble(sheets, game=game)
    if refused or len(states) != 1:
        return "unread", False
    (first,) = states
    if first.clear:
        same_state, same_score = _judge(expected, first.state)
        return ("right" if same_state else ("state-only" if same_score else "silent")), False
    provisional = _judge(expected, first.state)[1]  # as `pnp score` totals it (None: unscored)
    answered, answers = first, {}
    for _ in range(ASK_ROUNDS):  # as ``pnp read --ask`` asks again what answers leave open
        asked = (
            (f"{Path(d.source).name}:{d.field}", truth[d.source][d.field], bool(d.options))
            for d in answered.doubtful
            if d.field in truth[d.source]
        )
        new = truth_answers(asked, answers)
        if not new:
            break
        answers |= new
        (answered,), _ = assemble(sheets, answers, game=game)
    if not answered.clear:
        return "review-open", provisional
    return ("review-right" if _judge(expected, answered.state)[1] else "review-wrong"), provisional


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench states")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--levels", default="easy,normal,hard,real")
    ap.add_argument("--megapixels", type=float, default=None)
    args = ap.parse_args(argv)
    kinds = args.kinds.split(",")
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        ap.error(f"unknown kind {unknown[0]!r}: one of {', '.join(KINDS)}")
    import cv2

    cv2.setNumThreads(1)
    levels = args.levels.split(",")
    rows = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            counts: Counter[str] = Counter()
            for g in range(args.games):
                outcome, provisional = judged_game(
                    kind, args.seed * 1000 + g, levels, Path(tmp), args.megapixels
                )
                counts[outcome] += 1
                counts[PROVISIONAL] += provisional
                print(f"\r{kind}: {g + 1}/{args.games}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            rows.append((kind, counts))
    head = f"{'kind':<17}{'games':>6}" + "".join(f"{o:>13}" for o in OUTCOMES)
    head += f"{PROVISIONAL:>20}"
    print(f"levels {args.levels}; seed {args.seed}; {time.perf_counter() - t0:.0f} s")
    print(head)
    print("-" * len(head))
    for kind, c in rows:
        games = sum(c[o] for o in OUTCOMES)
        print(
            f"{kind:<17}{games:>6}"
            + "".join(f"{c[o]:>13}" for o in OUTCOMES)
            + f"{c[PROVISIONAL]:>20}"
        )
    return 0
