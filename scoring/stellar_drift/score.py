"""End-game score of a Stellar Drift player, explained line by line, and the ranking.

Follows the rulebook's End Game Scoring: Repaired Sections on Ship, Repaired
Sections Bonus, the five Ship Repair tracks and the three Tech tracks (the
largest VP value reached on each, not cumulative). Every number comes from
the layout files; nothing here is a game number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.breakdown import Lines
from scoring.stellar_drift import fields
from scoring.stellar_drift.check import check
from scoring.stellar_drift.derive import completed_sections
from scoring.stellar_drift.layout import Ship, SoloBand, Tech, TrackBox, Tracker
from scoring.stellar_drift.problem import InvalidState, Problem, errors
from scoring.stellar_drift.state import StellarDriftState


@dataclass(frozen=True)
class RepairedSection:
    id: str
    colour: str
    vp: int
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One line of the End Game Scoring: its VP and what earned them.

    ``id`` is "sections", "section_bonus", "track-<id>" or "tech-<colour>";
    ``marks`` are the printed fields that earned the VP (spaces, boxes).
    """

    id: str
    label: str
    vp: int
    why: str
    marks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Breakdown(Lines):
    ship: str
    player: str
    serial: int | None
    sections: tuple[RepairedSection, ...]
    lines: tuple[Line, ...]
    total: int
    tie_breaker: int
    tie_breaker_why: str
    solo_rating: str
    warnings: tuple[Problem, ...] = ()

    def line(self, line_id: str) -> Line:
        return super().line(line_id)

    def explain(self) -> str:
        """The breakdown as text, one line per category."""
        width = max(len(x.label) for x in self.lines)
        rows = [f"{x.label:<{width}}  {x.vp:>3}  {x.why}" for x in self.lines]
        rows.append(f"{'Total':<{width}}  {self.total:>3}  ({self.solo_rating})")
        rows.append(f"{'Tie-breaker':<{width}}  {self.tie_breaker:>3}  {self.tie_breaker_why}")
        rows += [f"note: {w}" for w in self.warnings]
        return "\n".join(rows)


def score(state: StellarDriftState, ship: Ship, tracker: Tracker, tech: Tech) -> Breakdown:
    """Score a valid state; raise InvalidState listing every error otherwise.

    Warnings from ``check`` travel with the breakdown.
    """
    problems = check(state, ship, tracker, tech)
    bad = errors(problems)
    if bad:
        who = ", ".join(x for x in (state.player, state.ship) if x)
        raise InvalidState(bad, who)
    repaired = frozenset(state.repaired)
    done = completed_sections(ship, repaired)
    sections = tuple(RepairedSection(sec.id, sec.colour, sec.vp, spaces) for sec, spaces in done)
    lines = [_sections_line(sections), _bonus_line(state, tracker)]
    for t in tracker.ship_tracks:
        lines.append(
            _track_line(
                f"track-{t.id}",
                t.name,
                t.boxes,
                state.tracks.get(t.id, 0),
                lambda n, tid=t.id: fields.track(tid, n),
                "from the left",
            )
        )
    for tt in tech.tech_tracks:
        lines.append(
            _track_line(
                f"tech-{tt.colour}",
                f"Tech {tt.colour}",
                tt.boxes,
                state.tech.get(tt.colour, 0),
                lambda n, c=tt.colour: fields.tech(c, n),
                "from the bottom",
            )
        )
    total = sum(x.vp for x in lines)
    tb, tb_why = tie_breaker(state, tracker)
    return Breakdown(
        ship=state.ship,
        player=state.player,
        serial=state.serial,
        sections=sections,
        lines=tuple(lines),
        total=total,
        tie_breaker=tb,
        tie_breaker_why=tb_why,
        solo_rating=solo_rating(total, tracker).label,
        warnings=tuple(p for p in problems if p.severity == "warning"),
    )


def _sections_line(sections: tuple[RepairedSection, ...]) -> Line:
    vp = sum(s.vp for s in sections)
    if not sections:
        return Line("sections", "Repaired Sections on Ship", 0, "no section completely repaired")
    parts = [f"{s.id} ({s.colour}: {' '.join(s.spaces)}) {s.vp}" for s in sections]
    marks = tuple(fields.space(n) for s in sections for n in s.spaces)
    return Line(
        "sections",
        "Repaired Sections on Ship",
        vp,
        " + ".join(parts) + (f" = {vp}" if len(parts) > 1 else ""),
        marks,
    )


def _bonus_line(state: StellarDriftState, tracker: Tracker) -> Line:
    colours = tuple(dict.fromkeys(state.section_bonus))
    vp = len(colours) * tracker.section_bonus_vp
    why = (
        f"{len(colours)} box{'es' if len(colours) != 1 else ''} "
        f"({', '.join(colours) or 'none'}) x {tracker.section_bonus_vp} VP"
    )
    return Line(
        "section_bonus", "Repaired Sections Bonus", vp, why, tuple(fields.bonus(c) for c in colours)
    )


def _track_line(line_id: str, label: str, boxes: list[TrackBox], n: int, mark, side: str) -> Line:
    best, best_box = 0, 0
    for i, box in enumerate(boxes[:n], 1):
        if box.vp is not None and box.vp >= best:
            best, best_box = box.vp, i
    if not best_box:
        return Line(
            line_id,
            label,
            0,
            f"{n} box{'es' if n != 1 else ''} checked {side}; no VP value reached",
        )
    return Line(
        line_id,
        label,
        best,
        f"{n} boxes checked {side}; largest VP value reached is {best} (box {best_box})",
        (mark(best_box),),
    )


def tie_breaker(state: StellarDriftState, tracker: Tracker) -> tuple[int, str]:
    """Remaining resources: tracker.tie_breaker per leftover energy and per leftover cube."""
    per_energy, per_cube = tracker.tie_breaker["energy"], tracker.tie_breaker["cube"]
    e, c = state.leftover.energy, state.leftover.cubes
    value = e * per_energy + c * per_cube
    cubes = f"{c} cube{'s' if c != 1 else ''}"
    return value, f"{e} energy x {per_energy} + {cubes} x {per_cube} = {value}"


def solo_rating(total: int, tracker: Tracker) -> SoloBand:
    """The Solo Variant chart band for a total (``.label`` is the rating)."""
    for band in tracker.solo_chart:
        if total >= band.min and (band.max is None or total <= band.max):
            return band
    raise ValueError(f"no solo chart band for a total of {total}")


@dataclass(frozen=True)
class Standing:
    """A player's place. ``shared`` means tied on VP and tie-breaker (a shared place);
    ``by_tie_breaker`` means someone had the same VP and the tie-breaker separated them."""

    place: int
    player: str
    total: int
    tie_breaker: int
    shared: bool
    by_tie_breaker: bool
    breakdown: Breakdown


def rank(breakdowns: Iterable[Breakdown]) -> tuple[Standing, ...]:
    """Best first: most VP, then the tie-breaker; players still tied share the place.

    Equal players keep the order they were given in.
    """
    items = list(breakdowns)
    keys = [(b.total, b.tie_breaker) for b in items]
    order = sorted(range(len(items)), key=lambda i: (-keys[i][0], -keys[i][1]))
    out = []
    for i in order:
        b = items[i]
        better = sum(1 for k in keys if k > keys[i])
        shared = keys.count(keys[i]) > 1
        by_tb = any(k[0] == b.total and k[1] != b.tie_breaker for k in keys)
        out.append(Standing(better + 1, b.player, b.total, b.tie_breaker, shared, by_tb, b))
    return tuple(out)


def winners(ranking: Iterable[Standing]) -> list[str]:
    """Players in first place (more than one when the win is shared)."""
    return [s.player for s in ranking if s.place == 1]
