"""Train the model that settles noisy and faint doubts: ``python -m pnp.bench train-noise``.

``--set DIR`` (repeatable) names labelled photo sets (``python -m pnp.bench photos``).
Every photo is read as ``pnp read`` reads it (``read.read_page``: the reader's
stage, before the game's checks and the model), on both cores; each field it asks about
for noise or faint ink gives one row of ``noise_model.features`` and its truth (marked
or not). A gradient-boosted ensemble of trees (sklearn's ``HistGradientBoostingClassifier``:
needed here only, ``pip install scikit-learn``) is fitted to them and written as plain
arrays (``--out``, by default ``pnp/vision/noise_model.json``); ``Model.probability``
reproduces sklearn's probabilities, which is checked before writing.

``--check DIR`` (repeatable) reads other sets the same way and reports, at the model's
``SURE``, how many of their doubts it would settle and how many of those wrongly.
``--table FILE`` keeps the rows read (``.npz``) and reuses them when the sets are the
same, so that training again skips the reading.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

# 600 trees (200 until session 40, 400 in it): on 16 sets a model of 200 is too timid to
# be sure (the check sets' doubts settled at ``SURE``: 78.4% with 200 trees, 91.2% with
# 400); on 22 (six hard Cosmos sets added) 400 settle fewer of the four check sets' doubts
# than before (89.8%), 600 more (94.0%); docs/BENCHMARKS.md, sessions 40 and 41. Trees of
# 31 leaves of 50 rows or more since session 68: on 40 sets (62,681 doubts) they settle
# 94.8% of 18 other sets' 28,025 at ``SURE`` with 40 wrong, where 15 leaves of 20 rows
# settle 88.0% with 14 (and 94.7% with 44 at 0.99): at as many wrong, ~2.5 points more
TREES = 600
LEARNING_RATE = 0.1
LEAF_NODES = 31
MIN_LEAF = 50


def photo_rows(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(features, truth) of the fields one photo's reading asks about for noise or faint
    ink, before the model settles any."""
    import cv2

    from pnp.vision.noise_model import FEATURES, asked_about, features, page_of
    from pnp.vision.read import read_page
    from pnp.vision.rectify import PageNotFound, decode_photo, rectify

    cv2.setNumThreads(1)
    empty = (np.zeros((0, len(FEATURES))), np.zeros(0, bool))
    truth = json.loads(path.with_suffix(".json").read_text())["sheet"]["fields"]
    try:
        sheet = read_page(rectify(decode_photo(path.read_bytes())[0]), "")
    except PageNotFound:
        return empty
    readings, fields, doubts, unread = page_of(sheet)
    asked, candidates = asked_about(doubts, unread)
    ids = [i for i in candidates if i in truth]
    if not ids:
        return empty
    x = features(readings, fields, asked, ids)
    return x, np.array([bool(truth[i]["marked"]) for i in ids])


def read_sets(folders: list[Path], jobs: int) -> tuple[np.ndarray, np.ndarray]:
    photos = [p for d in folders for p in sorted(d.glob("*.jpg"))]
    if not photos:
        raise SystemExit(f"no photos (*.jpg) in {', '.join(map(str, folders))}")
    xs, ys = [], []
    with ProcessPoolExecutor(jobs) as pool:
        for n, (x, y) in enumerate(pool.map(photo_rows, photos, chunksize=8), 1):
            xs.append(x)
            ys.append(y)
            if n % 200 == 0 or n == len(photos):
                print(f"  read {n}/{len(photos)} photos", file=sys.stderr, flush=True)
    return np.concatenate(xs), np.concatenate(ys)


def cached_rows(folders: list[Path], table: Path | None, jobs: int):
    key = sorted(str(d.resolve()) for d in folders)
    if table and table.exists():
        stored = np.load(table, allow_pickle=False)
        if sorted(stored["sets"].tolist()) == key:
            return stored["x"], stored["y"]
    x, y = read_sets(folders, jobs)
    if table:
        np.savez_compressed(table, x=x, y=y, sets=np.array(key))
    return x, y


def exported(clf):
    """sklearn's fitted trees as a ``noise_model.Model``."""
    from pnp.vision.noise_model import FEATURES, Model

    fields = ("feature_idx", "num_threshold", "left", "right", "value", "is_leaf")
    feature, threshold, left, right, value, leaf, roots = [], [], [], [], [], [], []
    for (tree,) in clf._predictors:
        nodes, base = tree.nodes, len(feature)
        if nodes["is_categorical"].any():
            raise SystemExit("categorical splits cannot be exported")
        f, t, a, b, v, is_leaf = (nodes[name] for name in fields)
        roots.append(base)
        feature += f.tolist()
        threshold += t.tolist()
        left += (a + base).tolist()
        right += (b + base).tolist()
        value += v.tolist()
        leaf += is_leaf.astype(bool).tolist()
    baseline = float(np.ravel(clf._baseline_prediction)[0])
    data = {
        "baseline": baseline,
        "roots": roots,
        "nodes": {
            "feature": feature,
            "threshold": threshold,
            "left": left,
            "right": right,
            "value": value,
            "leaf": [int(v) for v in leaf],
        },
    }
    return Model.from_json({"features": list(FEATURES), **data})


def report(name: str, p: np.ndarray, y: np.ndarray, sure: float) -> None:
    marked, clear = p >= sure, p <= 1 - sure
    wrong = int((marked & ~y).sum() + (clear & y).sum())
    guessed = int(((p >= 0.5) == y).sum())
    print(
        f"{name}: {len(y)} doubts ({int(y.sum())} marks); settled {int(marked.sum())} filled "
        f"+ {int(clear.sum())} empty = {(marked | clear).mean():.1%}, {wrong} wrongly; "
        f"best guess right on {guessed} ({guessed / max(1, len(y)):.2%})"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench train-noise")
    ap.add_argument("--set", type=Path, action="append", required=True, dest="sets")
    ap.add_argument("--check", type=Path, action="append", default=[], dest="checks")
    ap.add_argument("--out", type=Path, default=None, help="default: pnp/vision/noise_model.json")
    ap.add_argument("--table", type=Path, default=None, help="keep the rows read (.npz)")
    ap.add_argument("--check-table", type=Path, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        from sklearn.ensemble import HistGradientBoostingClassifier
    except ImportError:
        print("training needs scikit-learn: pip install scikit-learn", file=sys.stderr)
        return 1
    from pnp.vision.noise_model import MODEL_PATH, SURE

    x, y = cached_rows(args.sets, args.table, args.jobs)
    clf = HistGradientBoostingClassifier(
        max_iter=TREES,
        learning_rate=LEARNING_RATE,
        max_leaf_nodes=LEAF_NODES,
        min_samples_leaf=MIN_LEAF,
        early_stopping=False,
        random_state=0,
    ).fit(x, y)
    model = exported(clf)
    p = model.probability(x)
    if not np.allclose(p, clf.predict_proba(x)[:, 1], atol=1e-9):
        print("the exported trees do not reproduce sklearn's probabilities", file=sys.stderr)
        return 1
    report("trained on", p, y, SURE)
    if args.checks:
        cx, cy = cached_rows(args.checks, args.check_table, args.jobs)
        report("checked on", model.probability(cx), cy, SURE)
    out = args.out or MODEL_PATH
    out.write_text(json.dumps(model.to_json(), separators=(",", ":")) + "\n")
    print(f"wrote {out} ({len(model.roots)} trees, {len(model.feature)} nodes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
