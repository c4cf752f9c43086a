"""A Stellar Drift player's Ship, Tracker and Tech sheets, one serial, made one state
(``scoring.stellar_drift.marks.state_from_marks``): the fields the page's own marks
settle (a track's row, a choice's group, a locked ability...), then the game's rules
checked on the marks, a rule broken asked about on the fields it names (a part of
``states.assemble``, as ``federation.assemble_federation`` is for Federation)."""

from __future__ import annotations

from pnp.vision.answers import Answers, agreed, marked, open_to_ask
from pnp.vision.assembled import Assembled, base_assembled, record_settled
from pnp.vision.sheet_doubts import doubts_on_fields, merge_doubts, open_doubts
from pnp.vision.sheet_reading import SheetReading

# State paths whose checks rest on the Ship sheet's repaired spaces: without the ship in
# the batch they say nothing of the Tracker and Tech sheets read.
SHIP_CHECKS = frozenset({"ship", "repaired", "section_bonus"})


def assemble_stellar_drift(
    serial: int,
    sheets: list[SheetReading],
    answers: Answers,
    learned: frozenset[str] = frozenset(),
) -> Assembled:
    from pnp.vision.blacked_out import settled_spaces
    from pnp.vision.bubble_digits import lone_choices, settled_groups
    from pnp.vision.locked import settled_locked
    from pnp.vision.no_effect import settled_no_effect
    from pnp.vision.one_of import beside_one_mark, settled_one_of
    from pnp.vision.track_rows import settled_rows
    from scoring.stellar_drift import layouts
    from scoring.stellar_drift.check import check
    from scoring.stellar_drift.marks import (
        choice_group,
        one_of_group,
        state_from_marks,
        state_part,
    )
    from scoring.stellar_drift.problem import InvalidState
    from scoring.stellar_drift.state import StellarDriftState

    settled = agreed(
        settled_rows(sheets, answers, learned),
        settled_groups(sheets, answers, choice_group),
        lone_choices(sheets, answers, choice_group),
        settled_spaces(sheets, answers),
        settled_one_of(sheets, answers, one_of_group),
        beside_one_mark(sheets, answers, choice_group, barely_filled=True),
        beside_one_mark(sheets, answers, one_of_group),
        settled_locked(sheets, answers),
    )
    answers = {**settled, **answers}
    kinds = {s.code.sheet: s for s in sheets}
    # Without the ship, any ship still checks the tracker's and tech's marks (gaps...).
    ship = kinds["ship"].code.layout if "ship" in kinds else layouts.ship_names()[0]
    sheet_layouts = (layouts.load_ship(ship), layouts.load_tracker(), layouts.load_tech())

    def build(marks: set[str]) -> StellarDriftState | None:
        try:
            return state_from_marks(marks, *sheet_layouts)
        except InvalidState:
            return None

    no_effect = settled_no_effect(sheets, answers, build, state_part)
    settled |= no_effect
    answers = {**no_effect, **answers}
    out = base_assembled("stellar-drift", sheets, answers)
    record_settled(out, settled)
    missing = [k for k in ("ship", "tracker", "tech") if k not in kinds]
    if missing:
        out.notes.append(
            f"serial {serial}: no {' or '.join(missing)} sheet in the batch; "
            "its fields count as unmarked"
        )
    if "ship" not in kinds:
        out.notes.append(f"serial {serial}: without the ship sheet there is no state")
    marks = set().union(*(marked(s, answers) for s in sheets))

    def checked(marks: set[str]) -> tuple[StellarDriftState | None, list]:
        """The state the marks make, and the errors of the rules they break."""
        try:
            state = state_from_marks(
                marks,
                *sheet_layouts,
                player=f"Player {serial}",
                serial=serial or None,
            )
            # The game's checks need all three sheets (a Tech sheet left out would leave
            # its abilities unbought, say); with them, a rule the marks break is asked
            # about here, on the fields it names, not refused when the state is scored.
            problems = check(state, *sheet_layouts) if not missing else []
        except InvalidState as exc:
            state, problems = None, exc.problems
        return state, [p for p in problems if p.severity == "error"]

    state, errors = checked(marks)
    # A rule broken only by marks the reader asks about itself (box 11 of a track on
    # noisy paper, past boxes read plainly empty) is asked about once they are answered
    # (``pnp.photo_batch.read_and_assemble`` assembles again): their own questions come
    # first, and its question would name every plain box of the gap.
    doubted = {d.field for s in sheets for d in open_doubts(s, answers)} & marks
    waiting = waiting_on_doubts(errors, checked(marks - doubted)[1]) if doubted else []
    out.waiting = {
        f"{s.source}:{f}" for p in waiting for f in p.marks for s in sheets if f in s.kinds
    }
    for problem in errors:
        if problem in waiting:
            continue
        if "ship" not in kinds and problem.field in SHIP_CHECKS:
            continue  # the ship taken in its place has nothing repaired
        on_sheets = [f for f in problem.marks if any(f in s.kinds for s in sheets)]
        # (a field the noise model answered is asked too: the rule says otherwise)
        asked = doubts_on_fields(sheets, on_sheets, str(problem), open_to_ask(answers, learned))
        out.doubtful += asked
        if not asked and "ship" in kinds:
            # answered, or on no field read: a person must look at the sheets
            out.notes.append(f"serial {serial}: {problem}")
    if errors:
        out.doubtful = merge_doubts(out.doubtful)
        return out
    if "ship" in kinds:
        out.state = state.model_dump(mode="json")
    return out


def waiting_on_doubts(errors: list, without: list) -> list:
    """The ``errors`` of a page's marks that wait on the reader's own doubts: those of
    whose rule (``Problem.field``) ``without``, the errors of the marks with every mark
    the reader doubts read empty, holds none."""
    left = {p.field for p in without}
    return [p for p in errors if p.field not in left]
