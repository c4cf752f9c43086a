"""Which fields the reader will not vouch for, and why (``doubts``): a box filled solid (a
mark, or a correction hatched over?), ink the paper's noise may have made, a mark too
faint to call, a neighbour's ink run in; the causes (``NOISE``, ``HATCHED``...) by which
the page's other fields may settle each, and a doubtful field's best guess until
someone answers (``best_guess``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pnp.vision.fields import EMPTY_MAX, FILLED_MIN, QUIET_BASE_RATIO, UNREAD_KINDS, FieldReading
from pnp.vision.page_marks import inner_fill_coverage

# Fields whose mark is a solid fill by convention; any other box filled solid is doubtful.
SOLID_KINDS = frozenset({"bubble"})
SOLID_INK = 0.9  # coverage: of the inside where ink can show at all
# ...but a fill stays inside its outline and a hatching-out runs past it: a box filled
# solid with less than this share of the band past its outline inked is a fill.
SOLID_BEYOND = 0.05
# A correction is hatched in two directions a little past the field; a mark stays inside.
HATCHED_COVERAGE = 0.6  # a box this covered...
HATCHED_BEYOND = 0.2  # ...with this share of the band past its outline inked: hatched out?
BUBBLE_BEYOND = 0.65  # a circle whose square's corners are this inked: hatched out?
# ...unless it is sparser than the page's fills of its kind kept inside their circles (a
# median of at least ``page_marks.MIN_FILLS``): a hatching-out lays its strokes over a mark and
# closer than the hand fills, and covers a circle at least as densely as the hand's fills
# (tune8: 0.94-2.7 times their median coverage), where a fill drawn too large spreads the
# same strokes wider apart (0.56-0.75 times on the pages where it shows).
SPARSER_THAN_FILLS = 0.8
# A circle filled solid (``SOLID_CIRCLE`` of it inked) whose square's corners are inked
# ``SOLID_CIRCLE_BEYOND`` is asked too: a hatching-out laid over the circle's square
# (seeds 38 and 39: minus bubbles hatched out, 0.98 covered, corners 0.62, read filled on
# an easy and a normal page, their numbers negative). On the seed 8, 11, 13, 21, 22 and
# 31-40 sets the bubbles hatched out and read filled unasked were these two, a light one
# on seed 11 (0.44 covered, corners 0.61: not caught) and a round circle at 0.87 (0.61
# covered, read as a fill drawn large); 14 marks as solid had corners at 0.6-0.65 (now
# asked).
SOLID_CIRCLE = 0.95
SOLID_CIRCLE_BEYOND = 0.6
SMALL_MARK_KINDS = frozenset({"space"})  # marked with a small cross or tick, well inside
SMALL_MARK_BEYOND = 0.15
# ...unless, on quiet paper, it holds no more ink than the page's other marks of its kind
# (at most ``LIKE_MARKS`` times their median, of ``LIKE_MARKS_MIN`` marks or more): a
# cross drawn a little large, its arms past the corners. A hatching-out lays several
# strokes each way. On the 21 photo sets of session 16 (seeds 8, 11, 13, 21, 22, 31-46)
# the spaces asked so were crosses at 0.87-1.56 times their page's median ink, spaces
# hatched out at 7.2-11.9 times, and the unmarked spaces read inked on one hard page's
# noise at 0.4-2.4 times, all of them on noisy paper.
LIKE_MARKS = 2.0
LIKE_MARKS_MIN = 5
# ...and covering little of it: one this covered is a mark hatched out or a box filled,
# asked though no ink shows past its outline (the outline's print can hide a tight
# hatching's fringe). On the seed 8, 11 and 13 sets no space but those hatched out was
# covered more than 0.19, and 93 of the 97 hatched out at least 0.6 (once their solid
# ink shows: ``paper_level.SOLID_CLOSING_MM``). Covered so at the base step counts too: a light
# patch over the box, part of it under a step the paper's noise raised (seed 113 #125, a
# normal page: a space hatched out in light pencil, 0.49 covered at the raised step, 0.75
# at the base, read filled unasked; on the 15 sets of session 36 the spaces covered 0.6 at
# the base step alone were that one, 5 more hatched out and a cross on a noisy hard page,
# all of those asked already).
SMALL_MARK_COVERAGE = 0.6
BUBBLE_MIN_COVERAGE = 0.2  # a bubble is marked by filling it; less than this is no fill
# ...and on noisy paper (the base step inks more of it than the raised one) a bubble less
# covered than this may be grains of noise read as a fill
NOISY_BUBBLE_COVERAGE = 0.4
# Where noise raised the ink step, strokes fainter than it are lost: a field the base step
# alone reads as this inked is doubtful, not empty (on quiet paper both steps are one).
RAISED_BASE_INK = 2 * FILLED_MIN
# ...and so is one with a few strokes past the raised step and more below it: a faint mark
# the raised step cut into pieces (pencil on a small, grainy page).
CUT_BASE_INK = 0.015
CUT_INK = 0.005
# Where noise raised the step, a field inked mostly by strokes fainter than the raised
# step is read on the noise's terms: filled, but not vouched for.
NOISY_INK_SHARE = 0.55  # ink at the raised step under this share of the base-step ink
# An empty box with ink just past at least two of its sides (the spill bands at least
# this inked): a mark drawn large across its outline, where the print hides the ink.
ACROSS_SPILL = 0.1
# A box whose little ink runs in across one side (the spill band past that side well
# inked, the other sides much less: an overrun's ink may curl round a corner) holds a
# neighbour's mark overrunning into it, or a small mark of its own against that side:
# asked, never read filled on trust. Other sides up to 0.25 (was 0.1: a Stellar Drift
# bonus box filled by the overrun of the box above, its sides at 0.2 and 0.11, passed;
# seeds 8 and 11: no real mark in the new band).
RUN_IN_INK = 0.1
RUN_IN_SPILL = 0.5
RUN_IN_OTHERS = 0.25
# (and one read filled and not asked about, its ink on one side only, may be a
# neighbour's tail: ``run_in.tails``)
# A faint mark with no more than this past any side is a mark of its own, not a sliver
# of a neighbour's (``settled_doubts``).
CLEAN_SPILL = 0.1
OUTLIER_FACTOR = 3.0  # this many times the page's median mark of that kind...
OUTLIER_MIN_INK = 0.3  # ...and at least this much ink, and inked past its outline
# (``SOLID_BEYOND``): a correction, perhaps; a fill among ticks stays inside its box.
# A space (``SMALL_MARK_KINDS``) is crossed out, never filled: one so inky is asked
# inside its outline too. Seed 845 #0 (``python -m pnp.bench photos --n 300 --seed
# 845``), an easy ship page: a cross scribbled out within its space, 5.6 times the
# page's crosses, 0.026 past its outline, read filled unasked. On 25 photo sets (seeds
# 827, 829-845, 854-860) the spaces read filled at 0.3 ink or more and 3 times their
# page's median were 25, all scribbled-out corrections, 24 of them asked already.
# A box filled solid whose ink runs past its sides (``PATCH_SPILL`` of each band or
# more), ``PATCH_FACTOR`` times the page's marks of its kind, is asked though its
# strokes run one way: one-way strokes overrun a box where they end, at two opposite
# sides, and a patch laid over a mark covers it past every side; the strokes showing
# through are the mark's own (seed 111 #202, an easy page: a scribble hatched out under a
# solid patch, 2.3x the page's scribbles, each side 0.38-0.77 inked, read filled unasked).
# Past three sides (``PATCH_SIDES``) is enough: a patch laid a little off the box falls
# short of one side, and one-way strokes overrun two (seed 733 #182, an easy tech page: a
# zigzag under a solid patch, its sides 0.43, 0.58, 0.78 and 0.22 inked, read filled
# unasked).
PATCH_SPILL = 0.3
PATCH_SIDES = 3
PATCH_FACTOR = 2.0
# A light hand's hatching-out (pencil) passes the raised ink step in few places: its box
# reads short of ``OUTLIER_MIN_INK``, but at the base step it covers the box
# (``FAINT_HATCH_BASE``) as no mark of the page covers its box (``FAINT_HATCH_FACTOR``
# times the median of the page's boxes of its kind read filled), and it runs past the
# outline (``SOLID_BEYOND``): asked as hatched out, before any doubt of noise (which the
# noise model would answer: a mark, as its ink is). Seed 910 #1071 (``python -m
# pnp.bench photos --n 1200 --level hard --seed 910``), a tracker in light pencil under a
# hard shadow: CPU Core 5 scribbled out, 22% inked, 62% at the base step (2.1 times the
# page's filled boxes), 0.11 past its outline, doubted for noise, answered a mark by the
# noise model, the score wrong once the page's questions were answered. On the 6 fresh
# sets of seeds 905-910 the boxes so inked 1.5 times their page's or more were 9: 6
# marks at 1.54-1.86 (5 asked for noise already), 3 unmarked at 1.71, 2.12 and 2.93
# (2 asked already); on seed 911's, 2 unmarked boxes between 2 and 2.5 times, asked for
# noise before, now past a plainly empty box of their row and read empty (``track_rows``).
FAINT_HATCH_BASE = 0.5
FAINT_HATCH_FACTOR = 2.0
GUESS_INK = (EMPTY_MAX + FILLED_MIN) / 2  # a doubtful field's best guess
# Why a field is doubted, where a look at the page's other fields can settle it
# (``settled_doubts``, ``pnp.vision.page_gap``):
NOISE = "noise"  # ink the paper's noise may have made, or hidden
FAINT = "faint"  # too little ink to call
# ...and where the other marks of its number or row can settle it (``bubble_digits``,
# ``track_rows``):
HATCHED = "hatched"  # a mark, or a mark hatched out (a correction)?
# ...and where the place of its ink in the box settles it (``run_in``):
RUN_IN = "run_in"  # a little ink run in across one side: its own mark, or a neighbour's?
ACROSS = "across"  # an empty box inked just past two sides: a mark across its outline?
# ...and where nothing on the page can settle it:
WASHED = "washed"  # paper at white, light print lighter than printed (``washed``): a light
# mark would not show
LIGHT = "light"  # pen-wide strokes below the ink step on a quiet page (``light_marks``)
ON_PRINT = "on_print"  # the print inside darker than its kind's elsewhere (``print_marks``)
SPILLED = "spilled"  # a circle's ink all toward a neighbour's overrun (``spilled``)


@dataclass(frozen=True)
class Doubt:
    """A field the reader will not vouch for, and why; ``source`` names the sheet."""

    field: str
    reason: str
    source: str
    cause: str = ""  # NOISE, FAINT, HATCHED, RUN_IN or ACROSS where the page may settle it
    # The likelier answer where the reason itself makes one so: the field's best guess
    # until someone answers: the state shown with the doubt open, and ``pnp score``'s
    # provisional total, count it so, while the page's own rules weigh the field as
    # read (``states._provisional``, ``Assembled.counted``); None: its reading's
    # (``best_guess``). Three doubts on a field read filled guess it empty: of the fields
    # they asked on the 34 photo sets of session 27 (easy to real), few were marks:
    # strokes crossing past the outline 6 of 179 (mostly a mark taken back), a bubble
    # barely filled 3 of 32, ink on the filled neighbour's side only 2 of 29 (its tail).
    # A circle not marked by filling it, inked past its outline, guesses it empty too:
    # of those so asked on the dumps of 40 sets (seeds 719-758, session 64), 3 of 65
    # Stellar Drift Round circles were marks and none of 6 Cosmos Frontier values;
    # bubbles, filled and often past the circle, keep their reading (43 marks of 92).
    # The game's checks give the rest of the noise and faint-ink doubts the noise model's
    # answer or lean (``learned.keep_one_learned``, ``learned.leaning_guesses``).
    guess: bool | None = None
    # What a person may answer besides filled or empty: the zones a Cosmos symbol may
    # name, likeliest first (``pnp.vision.distant_suns``; ``--set FIELD=ZONE``), or how a
    # Frontier value is marked (``FRONTIER_MARKS``: ``--set FIELD=circled``).
    options: tuple[str, ...] = ()


def best_guess(reading: FieldReading) -> bool:
    """Whether a field counts as marked before anyone has answered for it, by its reading
    alone (a doubt's own ``Doubt.guess`` comes first)."""
    if reading.state == "doubtful":
        return reading.ink >= GUESS_INK
    return reading.state == "filled"


def doubts(
    readings: list[FieldReading],
    kinds: dict[str, str],
    source: str,
    shapes: dict[str, str] | None = None,
) -> list[Doubt]:
    """Every field to ask about: doubtful by ink, filled solid, hatched past its outline
    (by a light hand too), far inkier than its kind, a bubble barely filled, faint
    strokes under a noise-raised step, or a fill resting on the few strokes of a noisy
    patch that pass the raised step. A circle inked past its outline but sparser than the
    page's own fills is a fill drawn too large, and not asked about. ``shapes`` (field id
    -> "rect" or "circle") tells circles from boxes; without it only bubbles count as
    circles."""
    shapes = shapes or {}
    page = _page(readings, kinds, source, shapes)
    out = []
    for r in readings:
        kind = kinds[r.id]
        if kind in UNREAD_KINDS or r.hatched or r.settled or r.fill_strokes:
            continue
        shape = _shape(r.id, kind, shapes)
        if r.state == "doubtful":
            doubt = _doubtful_doubt(r, source)
        elif r.state == "empty":
            doubt = _empty_doubt(r, shape, source)
        else:
            doubt = _filled_doubt(r, kind, shape == "circle", page)
        if doubt is not None:
            out.append(doubt)
    return out


@dataclass(frozen=True)
class _Page:
    """The page-wide measures a field's doubt is weighed against, taken once a page, and
    the sheet's name (``source``)."""

    source: str
    marked_ink: dict[str, list[float]]  # the ink of the fields read filled, by kind
    median: dict[str, float]  # ...and its median, by kind
    marked_base: dict[str, list[float]]  # ...and their ink at the base step
    inner_fills: dict[str, float]  # ``inner_fill_coverage`` of the circles, by kind


def _page(
    readings: list[FieldReading], kinds: dict[str, str], source: str, shapes: dict[str, str]
) -> _Page:
    """The page's measures (``_Page``) over all its ``readings``."""
    marked_ink: dict[str, list[float]] = {}
    marked_base: dict[str, list[float]] = {}
    for r in readings:
        if r.state == "filled":
            marked_ink.setdefault(kinds[r.id], []).append(r.ink)
            marked_base.setdefault(kinds[r.id], []).append(r.base_ink)
    median = {k: float(np.median(v)) for k, v in marked_ink.items()}

    def circle_kind(field_id: str) -> str | None:
        kind = kinds[field_id]
        return kind if _shape(field_id, kind, shapes) == "circle" else None

    inner_fills = inner_fill_coverage(readings, circle_kind)
    return _Page(source, marked_ink, median, marked_base, inner_fills)


def _shape(field_id: str, kind: str, shapes: dict[str, str]) -> str:
    """A field's outline, "rect" or "circle": ``shapes``' word, else a circle for the kinds
    marked by filling them (``SOLID_KINDS``) and a box for the rest."""
    return shapes.get(field_id, "circle" if kind in SOLID_KINDS else "rect")


def _doubtful_doubt(r: FieldReading, source: str) -> Doubt:
    """A field read doubtful: a circle's ink toward a neighbour's overrun, or faint."""
    if r.spilled:
        return Doubt(
            r.id,
            "ink only on the side of a neighbour filled past its circle: a mark "
            "of its own, or that fill run over?",
            source,
            SPILLED,
        )
    return Doubt(r.id, f"faint mark ({r.ink:.1%} of the box inked)", source, FAINT)


def _empty_doubt(r: FieldReading, shape: str, source: str) -> Doubt | None:
    """A field read empty yet asked about: faint strokes below a noise-raised step, or a
    box inked just past two sides."""
    raised = r.base_ink > QUIET_BASE_RATIO * r.ink  # (a circle emptied of its
    # neighbour's ink, ``neighbour_spill``, keeps that ink, on quiet paper)
    if raised and (
        r.base_ink >= RAISED_BASE_INK or (r.base_ink >= CUT_BASE_INK and r.ink >= CUT_INK)
    ):
        return Doubt(
            r.id,
            f"noisy paper: faint strokes ({r.base_ink:.1%} of the box) below the raised ink step",
            source,
            NOISE,
        )
    if shape == "rect" and _past_sides(r.spill) >= 2:
        return Doubt(
            r.id,
            "empty, but inked just past two sides: a mark across its outline?",
            source,
            ACROSS,
        )
    return None


def _filled_doubt(r: FieldReading, kind: str, circle: bool, page: _Page) -> Doubt | None:
    """A field read filled yet asked about, the first cause that holds, in this order:
    a light hand's hatching-out, noise, strokes crossing, ink run in; none for striped
    strokes; then hatched out, a small mark past its outline, a bubble barely filled, far
    inkier than its kind."""
    first = (
        _faint_hatching_doubt(r, kind, circle, page)
        or _noisy_fill_doubt(r, page.source)
        or _crossed_doubt(r, page.source)
        or _run_in_doubt(r, circle, page.source)
    )
    if first is not None:
        return first
    if _striped_fill(r, kind, circle, page.median):
        # strokes that run one way (or a neighbour's ink past one side): a fill, not a
        # hatching-out (``hatching``); but one far inkier than the page's marks of its
        # kind and inked past two sides or more (a circle: to its square's corners),
        # or a solid patch past three sides or more, may be a mark hatched out
        return None
    return (
        _hatched_doubt(r, kind, circle, page)
        or _small_mark_doubt(r, kind, page)
        or _bubble_doubt(r, kind, page.source)
        or _outlier_doubt(r, kind, page)
    )


def _noisy_fill_doubt(r: FieldReading, source: str) -> Doubt | None:
    """A fill inked mostly by strokes fainter than the noise-raised step
    (``NOISY_INK_SHARE``)."""
    if r.base_ink >= RAISED_BASE_INK and r.ink < NOISY_INK_SHARE * r.base_ink:
        return Doubt(
            r.id,
            f"noisy paper: {r.ink:.1%} of the box inked past the raised step, "
            f"{r.base_ink:.1%} past the base step",
            source,
            NOISE,
        )
    return None


def _crossed_doubt(r: FieldReading, source: str) -> Doubt | None:
    """Strokes crossing past its outline: a mark hatched out, guessed empty (``Doubt.guess``:
    mostly a mark taken back)."""
    if r.crossed:
        return Doubt(
            r.id,
            "strokes crossing past its outline: a mark hatched out?",
            source,
            HATCHED,
            guess=False,
        )
    return None


def _run_in_doubt(r: FieldReading, circle: bool, source: str) -> Doubt | None:
    """A box whose little ink runs in across one side (``RUN_IN_INK``, ``_runs_in``)."""
    if not circle and r.ink < RUN_IN_INK and _runs_in(r.spill):
        return Doubt(r.id, "ink running in from one side: a neighbour's mark?", source, RUN_IN)
    return None


def _striped_fill(r: FieldReading, kind: str, circle: bool, median: dict[str, float]) -> bool:
    """Strokes that run one way, not asked about, unless far inkier than the page's marks
    and inked past its outline (``_outlier``, ``_inked_past``) or a patch (``_patched``)."""
    return r.striped and not (
        (_outlier(r, kind, median) and _inked_past(r, circle))
        or (not circle and _patched(r, kind, median))
    )


def _hatched_doubt(r: FieldReading, kind: str, circle: bool, page: _Page) -> Doubt | None:
    """Filled solid and past its outline, a circle inked past it (as densely as the page's
    fills, or solid to its square's corners), or a box covered and inked past it."""
    if _filled_solid(r, kind) and r.beyond >= SOLID_BEYOND:
        return Doubt(r.id, "filled solid: a mark, or a mark hatched out?", page.source, HATCHED)
    if circle and (
        (
            r.beyond >= BUBBLE_BEYOND
            and not r.coverage < SPARSER_THAN_FILLS * page.inner_fills.get(kind, 0.0)
        )
        or (r.coverage >= SOLID_CIRCLE and r.beyond >= SOLID_CIRCLE_BEYOND)
    ):
        return Doubt(
            r.id,
            "inked past the circle: a fill, or hatched out?",
            page.source,
            HATCHED,
            guess=None if kind in SOLID_KINDS else False,
        )
    if not circle and r.coverage >= HATCHED_COVERAGE and r.beyond >= HATCHED_BEYOND:
        return Doubt(r.id, "covered and inked past its outline: hatched out?", page.source, HATCHED)
    return None


def _small_mark_doubt(r: FieldReading, kind: str, page: _Page) -> Doubt | None:
    """A field marked with a small cross (``SMALL_MARK_KINDS``) inked past its outline
    more than the page's marks of its kind, or covered all over."""
    if kind not in SMALL_MARK_KINDS:
        return None
    if r.beyond >= SMALL_MARK_BEYOND and not _like_marks(r, page.marked_ink[kind]):
        return Doubt(r.id, "inked past its outline: a mark hatched out?", page.source, HATCHED)
    if max(r.coverage, r.base_ink) >= SMALL_MARK_COVERAGE:
        return Doubt(r.id, "covered all over: a mark hatched out?", page.source, HATCHED)
    return None


def _bubble_doubt(r: FieldReading, kind: str, source: str) -> Doubt | None:
    """A bubble (``SOLID_KINDS``) barely filled, or on noisy paper thinly filled."""
    if kind not in SOLID_KINDS:
        return None
    if r.coverage and r.coverage < BUBBLE_MIN_COVERAGE:
        return Doubt(
            r.id,
            f"a bubble barely filled ({r.coverage:.0%})",
            source,
            FAINT,
            guess=False,
        )
    if r.coverage and r.coverage < NOISY_BUBBLE_COVERAGE and r.base_ink > QUIET_BASE_RATIO * r.ink:
        return Doubt(
            r.id,
            f"noisy paper: a bubble {r.coverage:.0%} filled, noise or a fill?",
            source,
            NOISE,
        )
    return None


def _outlier_doubt(r: FieldReading, kind: str, page: _Page) -> Doubt | None:
    """A box far inkier than the page's marks of its kind (``_outlier``)."""
    if _outlier(r, kind, page.median):
        return Doubt(
            r.id,
            f"{r.ink / page.median[kind]:.0f}x the ink of the other marks: "
            "a mark, or a mark hatched out?",
            page.source,
            HATCHED,
        )
    return None


def clean_outline(r: FieldReading) -> bool:
    """No side of ``r`` inked past its outline by ``CLEAN_SPILL`` or more: faint ink of its
    own, not a sliver of a neighbour's mark come in from outside."""
    return all(v < CLEAN_SPILL for v in r.spill)


def _like_marks(r: FieldReading, inks: list[float]) -> bool:
    """A box on quiet paper inked no more than the page's other marks of its kind
    (``LIKE_MARKS``; ``inks``: theirs, its own among them)."""
    return (
        len(inks) >= LIKE_MARKS_MIN
        and r.base_ink <= QUIET_BASE_RATIO * r.ink
        and r.ink <= LIKE_MARKS * float(np.median(inks))
    )


def _outlier(r: FieldReading, kind: str, median: dict[str, float]) -> bool:
    """A box filled far inkier than the page's marks of its kind, and past its outline
    (a space: anywhere): a mark, or a mark hatched out (``OUTLIER_FACTOR``)?"""
    return (
        r.state == "filled"
        and kind not in SOLID_KINDS
        and r.ink >= OUTLIER_MIN_INK
        and r.ink >= OUTLIER_FACTOR * median[kind]
        and (r.beyond >= SOLID_BEYOND or kind in SMALL_MARK_KINDS)
    )


def _faint_hatching_doubt(r: FieldReading, kind: str, circle: bool, page: _Page) -> Doubt | None:
    """A box (not a space) short of ``OUTLIER_MIN_INK`` but covered at the base step as no
    mark of its kind on the page is, and past its outline: a light mark hatched out?
    (``FAINT_HATCH_FACTOR``)."""
    if (
        circle
        or kind in SOLID_KINDS
        or kind in SMALL_MARK_KINDS
        or r.ink >= OUTLIER_MIN_INK
        or r.beyond < SOLID_BEYOND
        or r.base_ink < FAINT_HATCH_BASE
    ):
        return None
    marks = float(np.median(page.marked_base[kind]))  # here only: few boxes get this far
    if r.base_ink < FAINT_HATCH_FACTOR * marks:
        return None
    return Doubt(
        r.id,
        f"covered at the base step {r.base_ink / marks:.0f}x as much as the other marks: "
        "a light mark hatched out?",
        page.source,
        HATCHED,
    )


def _filled_solid(r: FieldReading, kind: str) -> bool:
    """A field not marked by filling it (``SOLID_KINDS``) covered ``SOLID_INK`` or more."""
    return kind not in SOLID_KINDS and max(r.coverage, r.ink) >= SOLID_INK


def _patched(r: FieldReading, kind: str, median: dict[str, float]) -> bool:
    """A box filled solid, inked past ``PATCH_SIDES`` of its sides (``PATCH_SPILL``) and
    ``PATCH_FACTOR`` times the page's marks of its kind: a patch laid over a mark?"""
    return (
        _filled_solid(r, kind)
        and len(r.spill) == 4
        and sum(s >= PATCH_SPILL for s in r.spill) >= PATCH_SIDES
        and r.ink >= PATCH_FACTOR * median[kind]
    )


def _inked_past(r: FieldReading, circle: bool) -> bool:
    """Inked past its outline all round, as a hatching-out is: a box past two sides or
    more, a circle (whose sides are not measured) to its square's corners
    (``BUBBLE_BEYOND``; seed 34, a real tracker page: a round circle hatched out over its
    square, striped, 4x the page's slashes, corners 0.87, read filled unasked; on the 21
    sets no other circle was so inky and inked to its corners)."""
    return r.beyond >= BUBBLE_BEYOND if circle else _past_sides(r.spill) >= 2


def _past_sides(spill: tuple[float, ...]) -> int:
    """How many sides of a box its ink runs past (``ACROSS_SPILL`` of the band or more)."""
    return sum(v >= ACROSS_SPILL for v in spill)


def _runs_in(spill: tuple[float, ...]) -> bool:
    """Whether the ink past a box's outline lies on one side only, heavily."""
    seen = sorted(v for v in spill if v >= 0)
    return len(seen) >= 2 and seen[-1] >= RUN_IN_SPILL and seen[-2] <= RUN_IN_OTHERS
