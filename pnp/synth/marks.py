"""What a player marks on each writable sheet for a game state, before any pen touches paper.

``sheet_marks(game, state)`` turns a JSON state (the dict of ``examples/*/``)
into one ``SheetMarks`` per sheet it covers: which fields get a mark and what
that mark means. The pen (``pnp.synth.pen``) decides how the hand draws it.

Mark kinds (``Mark.kind``):

- ``check``: a box or round checked; the pen's style picks cross, tick,
  slash, fill or scribble (every one means "marked").
- ``cross``: crossed corner to corner (a Stellar Drift ship space; a Distant
  Suns Frontier value crossed out).
- ``fill``: a bubble filled.
- ``circle``: a loop drawn around what is printed in the field (a Frontier
  value circled, a Treasure circled).
- ``glyph``: a Distant Suns zone glyph; ``value`` is the glyph key
  (shapes.yaml ``glyphs``) and ``zone`` the zone id.
- ``write``: handwriting; ``value`` is the text (digits, a sign, a name).

Distant Suns outlines are not field marks: ``SheetMarks.outlines`` lists each
drawn shape's hex ids, and the pen traces the shape's outline on the hex lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

MARK_KINDS = ("check", "cross", "fill", "circle", "glyph", "write")


@dataclass(frozen=True)
class Mark:
    """One field's mark: ``kind`` (see the module docstring) and its text or glyph."""

    kind: str
    value: str | None = None
    zone: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in MARK_KINDS:
            raise ValueError(f"unknown mark kind {self.kind!r}: one of {', '.join(MARK_KINDS)}")


@dataclass(frozen=True)
class SheetMarks:
    """The marks of one printed sheet: ``(game, sheet, layout, serial)`` says which to build."""

    game: str
    sheet: str
    layout: str
    serial: int
    marks: Mapping[str, Mark]
    outlines: tuple[tuple[str, ...], ...] = field(default=())

    @property
    def name(self) -> str:
        return f"{self.sheet}-{self.layout}"


def sheet_marks(game: str, state: Mapping[str, Any], layout: str | None = None) -> list[SheetMarks]:
    """Every writable sheet ``state`` covers, with its marks.

    Stellar Drift: the ship, tracker and tech sheets of one player; Distant Suns:
    the Cosmos sheet; Federation: the score pad, ``layout`` ``table`` (default: one
    column per player) or ``player`` (one page per player), or for a Solo state
    (``"mode": "solo"``) the Solo tracker's ``rounds`` and ``projects`` pages.
    ``layout`` is only for the Federation score pad.
    Raises the game's InvalidState when the state does not parse.
    """
    builders = {
        "stellar-drift": _stellar_drift,
        "distant-suns": _distant_suns,
        "federation": _federation,
    }
    try:
        build = builders[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(builders)}") from None
    if game == "federation":
        return build(state, layout)
    if layout is not None:
        raise ValueError(f"{game}: the sheets follow the state; no layout {layout!r} to choose")
    return build(state)


# --- Stellar Drift -------------------------------------------------------------


def _stellar_drift(data: Mapping[str, Any]) -> list[SheetMarks]:
    from scoring.stellar_drift import layouts
    from scoring.stellar_drift.marks import marks_from_state
    from scoring.stellar_drift.score import score
    from scoring.stellar_drift.state import parse_state

    state = parse_state(data)
    ship, tracker, tech = layouts.load_ship(state.ship), layouts.load_tracker(), layouts.load_tech()
    ids = marks_from_state(state, ship, tracker, tech)
    serial = state.serial or 1

    def kind(fid: str) -> Mark:
        if fid.startswith("space-"):
            return Mark("cross")
        if fid.startswith("leftover-"):
            return Mark("fill")
        return Mark("check")

    on = {"ship": {}, "tracker": {}, "tech": {}}
    for fid in sorted(ids):
        if fid.startswith("space-"):
            on["ship"][fid] = kind(fid)
        elif fid.startswith(("tech-", "income-", "round-")) or _tech_ability(fid, tech):
            on["tech"][fid] = kind(fid)
        else:
            on["tracker"][fid] = kind(fid)
    breakdown = score(state, ship, tracker, tech)
    for line in breakdown.lines:
        name = line.id.removeprefix("track-").replace("section_bonus", "bonus")
        on["tracker"][f"score-{name}"] = Mark("write", str(line.vp))
    on["tracker"]["score-total"] = Mark("write", str(breakdown.total))
    return [
        SheetMarks("stellar-drift", "ship", state.ship, serial, on["ship"]),
        SheetMarks("stellar-drift", "tracker", "tracker", serial, on["tracker"]),
        SheetMarks("stellar-drift", "tech", "tech", serial, on["tech"]),
    ]


def _tech_ability(fid: str, tech) -> bool:
    """Ability boxes printed on the Tech sheet (those of the tech tracks' abilities)."""
    if not fid.startswith("ability-"):
        return False
    ability = fid.removeprefix("ability-").rsplit("-", 1)[0]
    return any(box.ability == ability for t in tech.tech_tracks for box in t.boxes)


# --- Distant Suns --------------------------------------------------------------


def _distant_suns(data: Mapping[str, Any]) -> list[SheetMarks]:
    from scoring.distant_suns.layout import load_cosmos, load_shapes
    from scoring.distant_suns.score import score
    from scoring.distant_suns.state import parse_state

    state = parse_state(data)
    cosmos, shapes = load_cosmos(), load_shapes()
    glyph = {z.id: z.glyph for z in shapes.all_zones}
    marks: dict[str, Mark] = {}
    for shape in state.shapes:
        for h in shape.hexes:
            marks[f"hex-{h}"] = Mark("glyph", glyph[shape.zone], shape.zone)
    for h, value in sorted(state.frontier.items()):
        for side in ("high", "low"):
            circled = value in (side, "both")
            marks[f"frontier-{h}-{side}"] = Mark("circle" if circled else "cross")
    breakdown = score(state, cosmos, shapes)
    gained = state.upgrades_gained
    if gained is None:
        gained = next((x.times or 0 for x in breakdown.lines if x.id == "tile-upgrade"), 0)
    used = state.upgrades_used
    if used is None:
        used = tuple(range(1, sum(s.upgrades_used for s in state.shapes) + 1))
    for n in range(1, gained + 1):
        marks[f"upgrade-{n}"] = Mark("check")
    for n in used:
        marks[f"upgrade-{n}-used"] = Mark("check")
    for line in breakdown.lines:
        if line.id == "treasure-bonus":
            for h in line.hexes:
                marks[f"hex-{h}"] = Mark("circle")
        if line.id.startswith("tile-"):
            row = f"score-{line.id}"
            if line.zone:
                marks[f"{row}-zone"] = Mark("glyph", glyph[line.zone], line.zone)
            marks[f"{row}-count"] = Mark("write", str(line.times or 0))
            marks[f"{row}-points"] = Mark("write", str(line.points))
        elif line.id in ("treasure-bonus", "alien-penalty"):
            marks[f"score-{line.id}-count"] = Mark("write", str(len(line.hexes)))
            marks[f"score-{line.id}-points"] = Mark("write", str(line.points))
        elif line.id == "frontier":
            marks["score-frontier-points"] = Mark("write", str(line.points))
    marks["score-total-points"] = Mark("write", str(breakdown.total))
    outlines = tuple(tuple(f"hex-{h}" for h in s.hexes) for s in state.shapes)
    return [SheetMarks("distant-suns", "cosmos", "standard", state.serial or 1, marks, outlines)]


# --- Federation ----------------------------------------------------------------


PAD_LAYOUTS = ("table", "player")


def _federation(data: Mapping[str, Any], layout: str | None = None) -> list[SheetMarks]:
    if isinstance(data, Mapping) and data.get("mode") == "solo":
        if layout is not None:
            raise ValueError(f"a Solo state fills the Solo tracker, not a {layout!r} score pad")
        return _federation_solo(data)
    layout = layout or "table"
    if layout not in PAD_LAYOUTS:
        raise ValueError(f"unknown score pad layout {layout!r}: choose one of {PAD_LAYOUTS}")
    from scoring.federation.score_pad import load_score_pad, score_pad_totals
    from scoring.federation.state import parse_state

    state = parse_state(data)
    pad = load_score_pad()
    result = score_pad_totals(pad, {p.name: p.values for p in state.players}, state.modules)
    by_name = {s.player: s for s in result.scores}
    if layout == "player":
        # One page per player, every page's fields are column 1's (ids p1-...).
        return [
            SheetMarks(
                "federation",
                "scorepad",
                "player",
                p.serial or k,
                _pad_column(pad, 1, p, by_name[p.name]),
            )
            for k, p in enumerate(state.players, 1)
        ]
    marks: dict[str, Mark] = {}
    for n, player in enumerate(state.players, 1):
        marks.update(_pad_column(pad, n, player, by_name[player.name]))
    serial = next((p.serial for p in state.players if p.serial), 1)
    return [SheetMarks("federation", "scorepad", "table", serial, marks)]


def _pad_column(pad, n: int, player, scored) -> dict[str, Mark]:
    """The marks of ``player``'s column ``n``: name, each category, total and rank."""
    from scoring.federation.sheet_fields import category_number, total_number, write_id

    marks = {f"p{n}-name-write": Mark("write", player.name)}
    for category in pad.categories:
        if category.id not in player.values:
            continue
        value = player.values[category.id]
        number = category_number(n, category)
        marks[write_id(number.prefix)] = Mark("write", str(value))
        marks.update({b: Mark("fill") for b in sorted(number.encode(value))})
    total = total_number(pad, n)
    marks[write_id(total.prefix)] = Mark("write", str(scored.total))
    marks.update({b: Mark("fill") for b in sorted(total.encode(scored.total))})
    marks[f"p{n}-rank-write"] = Mark("write", str(scored.rank))
    return marks


def _federation_solo(data: Mapping[str, Any]) -> list[SheetMarks]:
    """The Solo tracker's two pages: each round's card on ``rounds`` (floors, law vote)
    and ``projects`` (Influence), the running sums written beside them; the end-of-game
    comparison on ``projects``; with ``score_pad`` values, the player's score pad
    ``player`` page too. The player's votes and law PP are left blank: the state does
    not hold them."""
    from itertools import accumulate

    from scoring.federation import sheet_fields as sf
    from scoring.federation.solo_state import parse_state, score
    from scoring.federation.solo_tracker import load_solo_tracker

    state = parse_state(data)
    tracker = load_solo_tracker()
    result = score(state, tracker)
    rounds: dict[str, Mark] = {}
    projects: dict[str, Mark] = {}

    def number(on: dict[str, Mark], bubbles, value: int) -> None:
        on.update({b: Mark("fill") for b in sorted(bubbles.encode(value))})

    floors = [f.id for f in tracker.senate.floors]
    for f, floor in enumerate(floors):
        sums = accumulate(card.floors[f] for card in state.cards)
        for r, (card, running) in enumerate(zip(state.cards, sums, strict=True), 1):
            number(rounds, sf.floor_number(tracker, r, floor), card.floors[f])
            rounds[sf.sum_id(r, floor)] = Mark("write", str(running))
    for r, card in enumerate(state.cards, 1):
        number(rounds, sf.law_number(tracker, r), card.law_vote)
    pp = {line.id: line.points for line in result.lines}
    for project, end in state.projects.items():
        sums = accumulate(card.influence[project] for card in state.cards)
        for r, (card, running) in enumerate(zip(state.cards, sums, strict=True), 1):
            number(projects, sf.influence_number(tracker, r, project), card.influence[project])
            projects[sf.sum_id(r, project)] = Mark("write", str(running))
        yours = sf.yours_number(tracker, project)
        projects[sf.write_id(yours.prefix)] = Mark("write", str(end.yours))
        number(projects, yours, end.yours)
        projects[sf.funded_id(project, end.funded)] = Mark("fill")
        projects[f"end-{project}-cards-write"] = Mark("write", str(running))
        projects[f"end-{project}-pp-write"] = Mark("write", str(pp[project]))
    for project in sf.funded_only_projects(tracker):
        projects[sf.funded_id(project, state.joint_funded)] = Mark("fill")
        projects[f"end-{project}-pp-write"] = Mark("write", str(pp[project]))
    total = sf.end_total_number(tracker)
    projects[sf.write_id(total.prefix)] = Mark("write", str(result.funded.total))
    number(projects, total, result.funded.total)
    serial = state.serial or 1
    out = [
        SheetMarks("federation", "solo", "rounds", serial, rounds),
        SheetMarks("federation", "solo", "projects", serial, projects),
    ]
    if state.score_pad is not None:
        # the player's score pad, a player page of the tracker's serial
        values = {**state.score_pad, "funded_major_projects": result.funded.total}
        modules = ["piracy"] if "piracy_major_project" in values else []
        column = {"name": state.name, "serial": serial, "values": values}
        pad = {"game": "federation", "modules": modules, "players": [column]}
        out += _federation(pad, "player")
    return out
