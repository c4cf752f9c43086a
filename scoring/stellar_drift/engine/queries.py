"""Questions about a game in progress, asked by the refusals, by ``rules.apply``
and its effects, by ``legal.legal_actions`` and by the bots: is a track open,
which tracks are fewest-marked, how a repair reaches a space (the reading of
"reach" is in ``rules``), how many colour changes a payment needs, whether a
cube can still be drawn.
"""

from __future__ import annotations

from scoring.stellar_drift.engine.state import GameState, Sheet
from scoring.stellar_drift.layout import TrackBox


def tech_boxes(state: GameState, colour: str) -> tuple[TrackBox, ...]:
    return state.data.tech_boxes[colour]


def track_boxes(state: GameState, track: str) -> tuple[TrackBox, ...]:
    return state.data.track_boxes[track]


def tech_open(state: GameState, p: Sheet, colour: str) -> bool:
    return p.tech[colour] < len(tech_boxes(state, colour))


def track_open(state: GameState, p: Sheet, track: str) -> bool:
    return p.tracks[track] < len(track_boxes(state, track))


def fewest_tracks(state: GameState, p: Sheet) -> list[str]:
    """Open Ship Repair tracks with the fewest marks (red Captain Skill)."""
    open_ = [t for t in p.tracks if track_open(state, p, t)]
    if not open_:
        return []
    low = min(p.tracks[t] for t in open_)
    return [t for t in open_ if p.tracks[t] == low]


def adjacent(p: Sheet, space: str) -> bool:
    return any(n in p.repaired for n in p.geo.links[space])


def skip_distance(p: Sheet, space: str, limit: int) -> int | None:
    """Spaces skipped to land on ``space`` from a repaired space (<= limit), else None."""
    frontier, seen, skipped = [space], {space}, 0
    while frontier and skipped <= limit:
        nxt = []
        for here in frontier:
            for n in p.geo.links[here]:
                if n in p.repaired:
                    return skipped
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier, skipped = nxt, skipped + 1
    return None


def can_jump(state: GameState, p: Sheet, space: str) -> bool:
    return (
        space in p.geo.airlocks
        and any(a in p.repaired for a in p.geo.airlocks)
        and p.energy >= state.data.effects.airlock_jump
    )


def reach(state: GameState, p: Sheet, space: str, free: str | None) -> str | None:
    """How a repair of ``space`` reaches it: "adjacent", "anywhere", "skip",
    "jump" or None."""
    if adjacent(p, space):
        return "adjacent"
    if free == "anywhere":
        return "anywhere"
    if p.skip and skip_distance(p, space, p.skip) is not None:
        return "skip"
    if can_jump(state, p, space):
        return "jump"
    return None


def changes_needed(cost: tuple[str | None, ...], pay: tuple[str, ...], wild: int) -> int:
    """Colour changes needed to pay ``cost`` with ``pay`` and ``wild`` wild cubes."""
    need: dict[str, int] = {}
    for c in cost:
        if c is not None:
            need[c] = need.get(c, 0) + 1
    matched = sum(min(n, pay.count(c)) for c, n in need.items())
    return max(0, sum(need.values()) - matched - wild)


def can_draw(state: GameState) -> bool:
    return state.bag_size() > 0 or any(sum(q.spent.values()) for q in state.players)
