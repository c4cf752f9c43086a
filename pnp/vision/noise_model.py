"""Settle fields doubted for noise or faint ink by a model learned from labelled photos.

On a noisy page (a small page in the frame, high ISO, a hard shadow) the reader asks
about every field whose ink it cannot tell from the paper's grain (``field_doubts.NOISE``) or
that holds too little ink to call (``field_doubts.FAINT``), and the page's own gap between
marks and paper (``page_gap``) settles only those that stand clear of it. What is left
is judged the way a person judges it: against the field's own numbers (its ink at the
raised and the base step, how much of it is covered, how much of it lies in strokes a
pen's width wide (``FieldReading.thick_ink``), what lies past its outline, the shape
and darkness of its ink: long strokes or scattered grain (``pnp.vision.ink_shape``), and
straight strokes through it, a cross's arms (``pnp.vision.ink_lines``), and how much
darker than its print its inside is on average, where grain cancels out, against the
paper round it and the page's empty fields (``pnp.vision.field_tone``)), its
size and shape, and the page around it (how inky the player's sure marks of its kind
are, how grainy the sure empty fields, how much of the page is in doubt).

It judges only what the game's own checks leave open: ``states.assemble`` reads the
sheets, asks the model about the fields still asked for noise or faint ink
(``model_answers``), and reads them again with its sure answers, as the page's own
settled marks are given (``bubble_digits``), a person's answers winning. A field a check
asks about too (the reader's doubt with a check's beside it: a faint bubble in a digit
whose other bubble is filled) the model settles empty only, and the checks then read
the page without it: the faint ink is no second mark (session 40, seven photo sets: 136
Federation and 107 Stellar Drift hard fields asked -> right, none read wrong, one silent
field asked). A Cosmos hex is not answered so: the Cosmos reader decides a hex by its
symbol, not by its ink, and the model's answer only settles the hex where it agrees
with the state read.

``features`` lists those numbers, in a fixed order (``FEATURES``). The model is a
gradient-boosted ensemble of small regression trees trained on them
(``python -m pnp.bench train-noise``; sklearn's ``HistGradientBoostingClassifier``,
used only to train) and stored as plain arrays in ``noise_model.json`` beside this
module (trained on forty sets of 300 photos, seeds 719-758, twenty of every level and
twenty hard, 62,681 doubts as session 68's reader reads them, with the field tones
since session 69; before session 68 on 22 older sets as session 40's reader read them;
docs/BENCHMARKS.md has the command and the checks);
``Model.probability`` evaluates it with numpy alone. A
doubted field is settled only where the model is sure: marked at a probability of a
mark of ``SURE`` or more, empty at ``SURE_EMPTY`` of none or more where it was doubted for
the paper's noise (at ``SURE`` where for faint ink, or where the reader read it filled,
``_sure_empty``; a field a game's check asks about
too: at ``SURE``, or where the checks take it so, ``states.assemble``); every other doubt stays
asked. A settled field is listed as settled, with the model's certainty as its
confidence.

The model never takes a sheet's last question away: a sheet it would leave with nothing
to ask keeps the least sure of its answers asked (``learned.keep_one_learned``; not a
Cosmos hex, which its answer settles only where the Cosmos reader agrees: session 67).
A noisy page is where the reader misreads most, and its questions are what sends the
player to look at it: on the 21 photo sets of session 21, clearing such pages (the model then
settling doubts at the reader's stage) left 4 of them with a field read wrong and
nothing asked (a Frontier pair told wrongly, a track box and a score bubble misread, an
Ability's faint slash missed).

One thing the reader knows of ink is not left to the model (``_may_be_marked``): a
faint field with ink past its outline (``field_doubts.clean_outline``) is never settled marked:
a sliver of a neighbour's mark comes in from outside (``page_gap`` holds it too). (Until
session 44 nor was a field with less ink at the raised step than a mark leaves on quiet
paper, ``fields.QUIET_FILLED_MIN``, but where the base step found pen-wide strokes on
clean paper: on the seed 39-46 sets that kept asked 7 of the 928 fields the first model,
9ac3ac6, was sure were marked. With the model as trained in session 41 it kept asked
only marks: 20 on the six mixed sets' hard pages, 22 on 400 fresh hard photos, faint
crosses and ticks a person sees at a glance.) Nor is a field settled
empty whose ink at the base step is ``STROKES_OVER_PAPER`` times the page's paper grain
or more (``_may_be_empty``): a fill on noisy paper leaves strokes below the raised step (the
model with the page's gap, trained on 17 sets, answered two such Solo bubbles of seed 45
#194 empty; with this rule, none of the seed 39-46, 51 and 52 sets' fields is wrong
unasked that was right or asked before). The grain is the page's, or where that is more,
the paper's beside the field on its quietest side (``FieldReading.local_grain``,
``pnp.vision.local_grain``): under a hard shadow every empty box holds as much base-step
ink as the paper around it, and was asked however sure the model was. (Since session 45 a box,
not a circle, the model is ``SURE_PAST_STROKES`` sure of is settled empty past it: the
marks the guard kept were fills, four Solo bubbles and a Track box the model was less
sure of.)

Among the numbers are the page's gap as ``page_gap`` measured it for the field
(``FieldReading.darkness``): its darkest point against the page's sure paper and marks.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from pnp.sheetmap import Field
from pnp.vision import field_tone, ink_shape
from pnp.vision.field_doubts import FAINT, NOISE, clean_outline
from pnp.vision.fields import UNREAD_KINDS, FieldReading
from pnp.vision.sheet_reading import SheetReading

MODEL_PATH = Path(__file__).with_name("noise_model.json")
SURE = 0.999  # settle a mark only at this probability of one
# ...and a field doubted for the paper's noise empty at this probability of none (one
# doubted for faint ink: ``SURE``). Until session 44 both at 0.999. Between the two, on
# the hard pages of the six mixed sets, 400 fresh hard photos and two fresh mixed sets
# (611, 612): 46 fields doubted for noise, all empty; 46 for faint ink, 2 of them marks
# (light slashes, 0.003-0.004). (A slash in a track's gap, doubted for noise and by the
# track's check, was called empty so too: ``states`` keeps such a field asked.)
SURE_EMPTY = 0.995
STROKES_OVER_PAPER = 3.0  # (``_may_be_empty``)
# ...but a box the model calls empty at this probability of a mark or less is settled
# so all the same. The fields the guard kept asked (hard pages of the six mixed sets, 400
# fresh hard photos, fresh mixed seed 611): 5 marks, all fills (four Solo bubbles at
# 1e-7 to 1e-3, a Track box at 9e-4); of the boxes, not circles, at 1e-4 or less, 38 +
# 62 + 9, all Stellar Drift, all empty (session 45)
SURE_PAST_STROKES = 1e-4

FEATURES = (
    "ink",  # share of the inside inked at the field's (raised) step
    "base_ink",  # ...at the page's base step
    "coverage",  # ink over the inside where ink can show
    "beyond",  # share of the band past the outline inked
    "spill_1",  # the bands past its sides, most inked first (-1: a side not measured)
    "spill_2",
    "spill_3",
    "spill_4",
    "step",  # the ink step used in it
    "confidence",  # the reader's own
    "filled",  # read filled (1), doubtful (0.5) or empty (0)
    "faint",  # doubted as a faint mark (1) or for the paper's noise (0)
    "circle",
    "width_mm",
    "height_mm",
    "kind_marks",  # how many sure marks of its kind the page holds
    "kind_mark_ink",  # their median ink (0: none)
    "ink_to_marks",  # its ink over that median
    "page_mark_ink",  # the median ink of every sure mark on the page
    "paper_base_ink",  # the mean base-step ink of the page's sure empty fields
    "paper_base_ink_90",  # ...and its 90th percentile
    "asked_share",  # the share of the page's fields asked about
    "page_step",  # the median ink step of the page
    # the page's gap (``page_gap``; -1 where it was not measured): the field's darkest
    # point, the sure empty fields' darkest and 90th percentile, the sure marks' 10th
    # percentile, and where the field lies between paper and marks (0: paper, 1: marks)
    "darkness",
    "paper_darkness",
    "paper_darkness_90",
    "mark_darkness",
    "darkness_between",
    "thick_ink",  # its ink at the raised step in strokes a pen's width or wider
    "thick_base",  # ...at the base step
    "thick_to_base",  # the share of its base-step ink in such strokes
    # the shape and darkness of its ink (``pnp.vision.ink_shape``; -1 where unmeasured)
    *ink_shape.FEATURES,
    # its inside's mean darkness against the paper round it and the page's empty fields
    # (``pnp.vision.field_tone``; -1 where unmeasured)
    *field_tone.FEATURES,
)
_NO_SHAPE = (-1.0,) * len(ink_shape.FEATURES)  # a field whose ink's shape was not measured
_NO_TONE = (-1.0,) * len(field_tone.FEATURES)  # ...nor its tone


def features(
    readings: list[FieldReading],
    fields: list[Field],
    asked: dict[str, str | None],
    ids: list[str],
) -> np.ndarray:
    """(len(ids), len(FEATURES)) float64: the numbers the model judges each of ``ids``
    by. ``asked``: every field asked about on the page, and why (the ``read`` cause)."""
    by_id = {r.id: r for r in readings}
    kinds = {f.id: f.kind for f in fields}
    sure_marks: dict[str, list[float]] = {}
    for r in readings:
        if r.id not in asked and r.state == "filled":
            sure_marks.setdefault(kinds[r.id], []).append(r.ink)
    paper = _sure_paper(readings, asked)
    all_marks = [v for inks in sure_marks.values() for v in inks]
    page_mark = float(np.median(all_marks)) if all_marks else 0.0
    paper_mean = float(np.mean(paper)) if paper else 0.0
    paper_90 = float(np.percentile(paper, 90)) if paper else 0.0
    asked_share = len(asked) / max(1, len(readings))
    page_step = float(np.median([r.step for r in readings])) if readings else 0.0
    geometry = {f.id: f for f in fields}
    rows = []
    for i in ids:
        r, f = by_id[i], geometry[i]
        marks = sure_marks.get(f.kind, [])
        kind_ink = float(np.median(marks)) if marks else 0.0
        spill = sorted(r.spill, reverse=True)[:4]
        spill += [0.0] * (4 - len(spill))
        rows.append(
            [
                r.ink,
                r.base_ink,
                r.coverage,
                r.beyond,
                *spill,
                r.step,
                r.confidence,
                {"filled": 1.0, "doubtful": 0.5}.get(r.state, 0.0),
                1.0 if asked.get(i) == FAINT else 0.0,
                1.0 if f.shape == "circle" else 0.0,
                f.w,
                f.h,
                float(len(marks)),
                kind_ink,
                r.ink / kind_ink if kind_ink else 0.0,
                page_mark,
                paper_mean,
                paper_90,
                asked_share,
                page_step,
                *_darkness(r.darkness),
                r.thick_ink,
                r.thick_base,
                r.thick_base / r.base_ink if r.base_ink else 0.0,
                *(r.ink_shape or _NO_SHAPE),
                *(r.tone or _NO_TONE),
            ]
        )
    return np.array(rows, np.float64).reshape(len(ids), len(FEATURES))


def _darkness(seen: tuple[float, ...]) -> tuple[float, ...]:
    """The five darkness features of a reading's ``darkness`` (-1 each where unmeasured)."""
    if not seen:
        return (-1.0,) * 5
    d, paper, paper_90, marks = seen
    return (d, paper, paper_90, marks, (d - paper_90) / max(marks - paper_90, 1e-3))


class ModelError(ValueError):
    """The stored model cannot be used (missing, malformed, or for other features)."""


@dataclass(frozen=True)
class Model:
    """Trees as flat arrays: node -> feature, threshold (go left at or below it), left
    and right child, leaf value; ``roots`` the first node of each tree. The log-odds of
    a mark is ``baseline`` plus the leaf each tree sends the field to."""

    baseline: float
    roots: np.ndarray
    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    leaf: np.ndarray
    depth: int

    def probability(self, x: np.ndarray) -> np.ndarray:
        """The probability of a mark for each row of ``x`` (``features``)."""
        if len(x) == 0:
            return np.zeros(0)
        n = len(x)
        columns = np.ascontiguousarray(x.T).ravel()  # feature f of row i at f * n + i
        node = np.repeat(self.roots, n)  # tree t's node for row i at t * n + i
        rows = np.tile(np.arange(n), len(self.roots))
        for _ in range(self.depth):
            go_left = columns[self.feature[node] * n + rows] <= self.threshold[node]
            node = np.where(go_left, self.left[node], self.right[node])  # a leaf stays
            if self.leaf[node].all():
                break
        logit = self.baseline + self.value[node].reshape(len(self.roots), n).sum(axis=0)
        return 1.0 / (1.0 + np.exp(-logit))

    def to_json(self) -> dict:
        return {
            "features": list(FEATURES),
            "baseline": self.baseline,
            "roots": self.roots.tolist(),
            "nodes": {
                "feature": self.feature.tolist(),
                "threshold": self.threshold.tolist(),
                "left": self.left.tolist(),
                "right": self.right.tolist(),
                "value": self.value.tolist(),
                "leaf": self.leaf.astype(int).tolist(),
            },
        }

    @classmethod
    def from_json(cls, data: dict) -> Model:
        """The model of ``to_json``; ModelError naming what is wrong."""
        try:
            if list(data["features"]) != list(FEATURES):
                raise ModelError("it was trained on other features (train it again)")
            n = data["nodes"]
            feature = np.array(n["feature"], np.intp)
            threshold = np.array(n["threshold"], np.float64)
            left, right = np.array(n["left"], np.intp), np.array(n["right"], np.intp)
            value = np.array(n["value"], np.float64)
            leaf = np.array(n["leaf"], bool)
            roots = np.array(data["roots"], np.intp)
            baseline = float(data["baseline"])
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ModelError):
                raise
            raise ModelError(f"malformed: {exc}") from None
        size = len(feature)
        if not all(len(a) == size for a in (threshold, left, right, value, leaf)):
            raise ModelError("malformed: node arrays of different lengths")
        inner = ~leaf
        if size == 0 or not len(roots) or not math.isfinite(baseline):
            raise ModelError("malformed: no trees")
        for a, top in ((roots, size), (left[inner], size), (right[inner], size)):
            if a.size and (a.min() < 0 or a.max() >= top):
                raise ModelError("malformed: a node index out of range")
        if inner.any() and (feature[inner].min() < 0 or feature[inner].max() >= len(FEATURES)):
            raise ModelError("malformed: a feature index out of range")
        # leaves point at themselves, so that every walk may take ``depth`` steps
        left, right = np.where(leaf, np.arange(size), left), np.where(leaf, np.arange(size), right)
        feature, threshold = np.where(leaf, 0, feature), np.where(leaf, 0.0, threshold)
        depth = _depth(roots, left, right, leaf)
        return cls(baseline, roots, feature, threshold, left, right, value, leaf, depth)


def _depth(roots, left, right, leaf) -> int:
    """The longest walk from a root to a leaf (ModelError on a cycle)."""
    deepest = 0
    for root in roots.tolist():
        level, seen = [root], 0
        while level:
            inner = [i for i in level if not leaf[i]]
            if not inner:
                break
            seen += 1
            if seen > 64:
                raise ModelError("malformed: a tree deeper than 64 (a cycle?)")
            level = [int(c) for i in inner for c in (left[i], right[i])]
        deepest = max(deepest, seen)
    return deepest


@cache
def stored_model(path: Path = MODEL_PATH) -> Model:
    """The model stored beside this module (read once)."""
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise ModelError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ModelError(f"{path}: not JSON: {exc}") from None
    try:
        return Model.from_json(data)
    except ModelError as exc:
        raise ModelError(f"{path}: {exc}") from None


def page_of(sheet: SheetReading) -> tuple[list[FieldReading], list[Field], list, set[str]]:
    """(readings, fields, doubts, unread field ids) of a page as the reader handed it over:
    what ``asked_about``, ``features`` and ``model_answers`` take."""
    from pnp.vision.reference import common_map

    unread = {i for i, kind in sheet.kinds.items() if kind in UNREAD_KINDS}
    return list(sheet.readings), common_map(sheet.code).fields, list(sheet.doubtful), unread


def asked_about(doubts: list, unread: set[str]) -> tuple[dict[str, str | None], list[str]]:
    """(every field asked about or not read -> the doubt's cause, the fields among them
    the model may settle: those doubted for noise or faint ink), from a page's
    ``field_doubts.Doubt`` list and the ids of the fields the reader leaves to people."""
    asked: dict[str, str | None] = dict.fromkeys(unread)
    asked.update((d.field, d.cause) for d in doubts)
    return asked, [d.field for d in doubts if d.cause in (NOISE, FAINT)]


def _may_be_marked(r: FieldReading, cause: str | None) -> bool:
    """Whether the reader's own rules of ink let ``r`` be settled marked at all: not a
    faint field with ink past its outline (``field_doubts.clean_outline``), a neighbour's sliver."""
    return cause != FAINT or clean_outline(r)


def _sure_paper(readings: list[FieldReading], asked: dict[str, str | None]) -> list[float]:
    """The base-step ink of the page's sure empty fields (read empty, not asked about)."""
    return [r.base_ink for r in readings if r.id not in asked and r.state == "empty"]


def model_answers(
    readings: list[FieldReading],
    fields: list[Field],
    doubts: list,
    unread: set[str],
    open_ids: set[str],
    model: Model | None = None,
) -> dict[str, float]:
    """Field id -> the model's probability of a mark, for the fields of ``open_ids`` (still
    asked after the game's checks) that the reader asked about for noise or faint ink
    (``doubts``: the page's ``field_doubts.Doubt`` list as the reader handed it over; ``unread``:
    the fields it leaves to people) where the model is ``SURE``."""
    judged = _judged(readings, fields, doubts, unread, open_ids, model)
    if judged is None:
        return {}
    asked, candidates, x, p = judged
    by_id = {r.id: r for r in readings}
    paper = x[:, FEATURES.index("paper_base_ink_90")]
    circle = x[:, FEATURES.index("circle")] > 0
    return {
        i: q
        for i, q, grain, round_ in zip(
            candidates, p.tolist(), paper.tolist(), circle.tolist(), strict=True
        )
        if (q >= SURE and _may_be_marked(by_id[i], asked[i]))
        or (q <= 1 - _sure_empty(by_id[i], asked[i]) and _may_be_empty(by_id[i], grain, q, round_))
    }


def leanings(
    readings: list[FieldReading],
    fields: list[Field],
    doubts: list,
    unread: set[str],
    open_ids: set[str],
    model: Model | None = None,
) -> dict[str, bool]:
    """Field id -> whether the model leans to a mark (a probability of 0.5 or more), for
    the fields of ``open_ids`` the reader asked about for noise or faint ink, however
    unsure: a doubt's best guess until someone answers (``learned.leaning_guesses``). On
    seeds 743-745 (Stellar Drift and Federation pages), of the fields so asked and left
    asked, with no guess of their own, the reading's guess was right 65 of 142 times on
    hard pages and 2 of 11 on easy, normal and real ones; the model's lean 117 and 11."""
    judged = _judged(readings, fields, doubts, unread, open_ids, model)
    if judged is None:
        return {}
    _, candidates, _, p = judged
    return {i: q >= 0.5 for i, q in zip(candidates, p.tolist(), strict=True)}


def _judged(readings, fields, doubts, unread, open_ids, model: Model | None):
    """(what the reader asked about, the fields of ``open_ids`` asked for noise or faint
    ink, their ``features``, the model's probability of a mark for each), or None where
    no such field is open: what ``model_answers`` and ``leanings`` both weigh."""
    asked, candidates = asked_about(doubts, unread)
    candidates = [i for i in candidates if i in open_ids]
    if not candidates:
        return None
    x = features(readings, fields, asked, candidates)
    return asked, candidates, x, (model or stored_model()).probability(x)


def _sure_empty(r: FieldReading, cause: str | None) -> float:
    """How sure of no mark the model must be to settle ``r`` empty: ``SURE_EMPTY`` where
    the reader doubted it for the paper's noise, ``SURE`` where for faint ink, and where
    it read it filled all the same (its ink at the raised step a mark's): the reader's
    own reading of a mark is taken back only as surely as the model settles one. Session
    62, the hard pages of seeds 720-734 (2,400 photos): of 955 fields doubted for noise
    and read filled that the model called empty, 6 were marks, 4 of them at a
    probability of a mark between 0.001 and 0.005 (732 #970's Space E9, a cross on a
    dark, grainy ship page: the state a space short once the page's other questions were
    answered), against 70 empty fields there."""
    return SURE_EMPTY if cause == NOISE and r.state != "filled" else SURE


def _may_be_empty(r: FieldReading, grain: float, p: float, circle: bool) -> bool:
    """Whether ``r`` may be settled empty: not where its ink at the base step is
    ``STROKES_OVER_PAPER`` times the paper's grain or more (the page's sure paper's, 90th
    percentile, or the paper's beside the field, ``FieldReading.local_grain``, where that
    is more; at least 0.01): strokes below the raised step, which a fill on noisy paper
    leaves; unless the field is a box, not a circle (a bubble: filled, not checked), that
    the model (``p``: its probability of a mark) is ``SURE_PAST_STROKES`` sure is empty."""
    if not circle and p <= SURE_PAST_STROKES:
        return True
    return r.base_ink < STROKES_OVER_PAPER * max(grain, r.local_grain, 0.01)
