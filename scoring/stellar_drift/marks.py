"""From the marked fields of the three printed sheets to a state, and back.

The photo reader reports the ids of marked fields (see ``fields``); this
module turns them into a ``StellarDriftState``. Marks the state form cannot
hold (an unknown id, a gap in a track, two bubbles filled for one value, two
Captain Skills) raise InvalidState listing them together with the problems
``check`` finds in the rest, so a reader gets the whole list at once.

Readings: the Round Tracker, ability and Income boxes do not score, so gaps
there are not problems (the furthest mark counts, or the number of marks for
the Round Tracker); an unfilled leftover group means 0.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from scoring.stellar_drift import fields
from scoring.stellar_drift.check import check
from scoring.stellar_drift.derive import sheet_order, unlocks
from scoring.stellar_drift.layout import COLOURS, Ship, Tech, Tracker
from scoring.stellar_drift.problem import InvalidState, Problem
from scoring.stellar_drift.state import StellarDriftState

_COLOUR = "|".join(COLOURS)
_PATTERNS = [
    ("space", re.compile(r"space-(?P<name>[A-Z]\d+)")),
    ("track", re.compile(r"track-(?P<track>[a-z_]+)-(?P<n>[1-9]\d*)")),
    ("bonus_use", re.compile(rf"bonus-(?P<colour>{_COLOUR})-use-(?P<ability>.+)")),
    ("bonus", re.compile(rf"bonus-(?P<colour>{_COLOUR})")),
    ("leftover", re.compile(r"leftover-(?P<kind>energy|cubes)-(?P<v>0|[1-9]\d*)")),
    ("skill_round", re.compile(rf"skill-(?P<colour>{_COLOUR})-round-(?P<r>[1-9]\d*)")),
    ("skill", re.compile(rf"skill-(?P<colour>{_COLOUR})")),
    ("ability", re.compile(r"ability-(?P<ability>.+)-(?P<k>[1-9]\d*)")),
    ("tech", re.compile(r"tech-(?P<colour>yellow|green|red)-(?P<n>[1-9]\d*)")),
    ("income", re.compile(r"income-(?P<kind>energy|cube)-(?P<n>[1-9]\d*)")),
    ("round", re.compile(r"round-(?P<r>[1-9]\d*)-(?P<phase>[a-z]+)")),
]


def _classify(mark: str) -> tuple[str, dict[str, str]] | None:
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(mark)
        if m:
            return kind, m.groupdict()
    return None


# The part of the state each kind of mark makes, and the groups of its field id that
# name the part: marks of different parts never change each other's (``state_part``). A
# Captain Skill's round circles count only under the chosen skill; the Round Tracker's
# boxes are counted all together.
_PARTS = {
    "space": ("space", ("name",)),
    "track": ("track", ("track",)),
    "bonus_use": ("bonus_use", ("colour",)),
    "bonus": ("bonus", ("colour",)),
    "leftover": ("leftover", ("kind",)),
    "skill_round": ("skill", ()),
    "skill": ("skill", ()),
    "ability": ("ability", ("ability",)),
    "tech": ("tech", ("colour",)),
    "income": ("income", ("kind",)),
    "round": ("round", ()),
}


def state_part(mark: str) -> str | None:
    """The part of the state a mark makes, for ``state_from_marks``: the marks of one part
    change that part alone (a track's boxes its count, a leftover row its value, the
    skills and their round circles the chosen skill and its rounds); None for an unknown
    field.

    >>> state_part("track-fuel-3"), state_part("skill-red-round-2"), state_part("skill-red")
    ('track-fuel', 'skill', 'skill')
    """
    found = _classify(mark)
    if found is None:
        return None
    kind, groups = found
    name, keys = _PARTS[kind]
    return "-".join((name, *(groups[k] for k in keys)))


def ordered_box(mark: str, tech: Tech | None = None) -> tuple[str, int] | None:
    """(row, box number) of a box whose row is checked in order from box 1; None for any
    other field. Track and Tech boxes (the rulebook: "check off the leftmost open box",
    "the bottommost open box"), Income boxes (the sheet: "check the leftmost open box")
    and, given the ``tech`` sheet, the Round Tracker's boxes, one row in the order of
    play ("check off each phase when you complete it": ``fields.round_tracker``).

    >>> ordered_box("track-life_support-6"), ordered_box("tech-green-2"), ordered_box("bonus-red")
    (('track-life_support', 6), ('tech-green', 2), None)
    >>> from scoring.stellar_drift.layouts import load_tech
    >>> ordered_box("income-cube-3"), ordered_box("round-2-income", load_tech())
    (('income-cube', 3), ('round', 4))
    >>> ordered_box("round-2-income") is None  # no Tech sheet given
    True
    """
    found = _classify(mark)
    if found is None:
        return None
    if found[0] in ("track", "tech", "income"):
        row, n = mark.rsplit("-", 1)
        return row, int(n)
    if found[0] == "round" and tech is not None:
        order = fields.round_tracker(tech.rounds, tech.phases)
        if mark in order:
            return "round", order.index(mark) + 1
    return None


def choice_group(mark: str) -> str | None:
    """The group of a bubble of which one alone is filled (a leftover count: 0, 1, 2...),
    or None for any other field.

    >>> choice_group("leftover-cubes-3"), choice_group("track-fuel-2")
    ('leftover-cubes', None)
    """
    found = _classify(mark)
    if found is None or found[0] != "leftover":
        return None
    return mark.rsplit("-", 1)[0]


def one_of_group(mark: str) -> str | None:
    """The group of a box of which one alone may be checked (the four Abilities a
    Repaired Sections Bonus box unlocks: "your choice of one"), or None for any other
    field.

    >>> one_of_group("bonus-red-use-bonus-fuel"), one_of_group("bonus-red")
    ('bonus-red-use', None)
    """
    found = _classify(mark)
    if found is None or found[0] != "bonus_use":
        return None
    return f"bonus-{found[1]['colour']}-use"


def prerequisite(mark: str, tracker: Tracker, tech: Tech) -> str | None:
    """The mark that must be checked before ``mark`` can be: an Ability's padlock box
    ("used, but never unlocked" otherwise, ``check``), a bonus Ability's Repaired
    Sections Bonus box; None for any other field.

    >>> from scoring.stellar_drift.layouts import load_tech, load_tracker
    >>> tracker, tech = load_tracker(), load_tech()
    >>> prerequisite("ability-g2-1", tracker, tech)
    'tech-green-3'
    >>> prerequisite("bonus-red-use-bonus-fuel", tracker, tech)
    'bonus-red'
    >>> prerequisite("tech-green-3", tracker, tech) is None
    True
    """
    found = _classify(mark)
    if found is None:
        return None
    kind, groups = found
    if kind == "bonus_use":
        return fields.bonus(groups["colour"])
    if kind == "ability":
        unlock = unlocks(tracker, tech).get(groups["ability"])
        return None if unlock is None else unlock.mark
    return None


def state_from_marks(
    marked_field_ids: Iterable[str],
    ship: Ship,
    tracker: Tracker,
    tech: Tech,
    *,
    player: str = "",
    serial: int | None = None,
) -> StellarDriftState:
    """The state the marked fields of one player's Ship, Tracker and Tech sheets show.

    Raises InvalidState when some marks cannot be put into a state (with every
    other problem ``check`` finds); otherwise returns the state unchecked.
    """
    problems: list[Problem] = []
    repaired: list[str] = []
    boxes: dict[str, dict[str, set[int]]] = {"track": defaultdict(set), "tech": defaultdict(set)}
    bonus: set[str] = set()
    bonus_use: dict[str, list[str]] = defaultdict(list)
    leftover: dict[str, list[int]] = defaultdict(list)
    skills: set[str] = set()
    skill_rounds: dict[str, set[int]] = defaultdict(set)
    abilities: dict[str, set[int]] = defaultdict(set)
    income: dict[str, int] = {}
    phases = 0
    track_ids = {t.id for t in tracker.ship_tracks}
    phase_ids = {p.lower() for p in tech.phases}
    for mark in sorted(set(marked_field_ids)):
        found = _classify(mark)
        if found is None:
            problems.append(Problem("(marks)", f"unknown field {mark!r}", marks=(mark,)))
            continue
        kind, g = found
        if kind == "space":
            repaired.append(g["name"])
        elif kind == "track" and g["track"] in track_ids:
            boxes["track"][g["track"]].add(int(g["n"]))
        elif kind == "tech":
            boxes["tech"][g["colour"]].add(int(g["n"]))
        elif kind == "bonus":
            bonus.add(g["colour"])
        elif kind == "bonus_use":
            bonus_use[g["colour"]].append(g["ability"])
        elif kind == "leftover":
            leftover[g["kind"]].append(int(g["v"]))
        elif kind == "skill":
            skills.add(g["colour"])
        elif kind == "skill_round":
            skill_rounds[g["colour"]].add(int(g["r"]))
        elif kind == "ability":
            abilities[g["ability"]].add(int(g["k"]))
        elif kind == "income":
            income[g["kind"]] = max(income.get(g["kind"], 0), int(g["n"]))
        elif kind == "round" and g["phase"] in phase_ids and int(g["r"]) <= tech.rounds:
            phases += 1
        else:
            problems.append(Problem("(marks)", f"unknown field {mark!r}", marks=(mark,)))

    counts: dict[str, dict[str, int]] = {"track": {}, "tech": {}}
    for kind, state_field, make in (
        ("track", "tracks", fields.track),
        ("tech", "tech", fields.tech),
    ):
        for key, ns in boxes[kind].items():
            counts[kind][key] = max(ns)
            gaps = sorted(set(range(1, max(ns))) - ns)
            if gaps:
                problems.append(
                    Problem(
                        f"{state_field}.{key}",
                        f"box {max(ns)} is checked but not box{'es' if len(gaps) > 1 else ''} "
                        f"{', '.join(map(str, gaps))}; boxes are checked in order",
                        # the boxes missed, or the last box checked in error
                        marks=(*(make(key, n) for n in gaps), make(key, max(ns))),
                    )
                )
    values: dict[str, int] = {}
    for kind, vs in leftover.items():
        values[kind] = max(vs)
        if len(vs) > 1:
            problems.append(
                Problem(
                    f"leftover.{kind}",
                    f"{len(vs)} bubbles filled ({', '.join(map(str, sorted(vs)))}); fill one",
                    marks=tuple(fields.leftover(kind, v) for v in sorted(vs)),
                )
            )
    skill = next((c for c in COLOURS if c in skills), None)
    if len(skills) > 1:
        problems.append(
            Problem(
                "captain_skill",
                f"{len(skills)} Captain Skills checked "
                f"({', '.join(c for c in COLOURS if c in skills)}); choose one",
                marks=tuple(fields.skill(c) for c in COLOURS if c in skills),
            )
        )
    rounds: set[int] = set()
    for colour, rs in skill_rounds.items():
        if colour == skill:
            rounds = rs
        elif len(skills) > 1 and colour in skills:
            # which of the skills checked is the chosen one is asked above; the rounds
            # above each of them are asked about only once that is answered
            continue
        else:
            problems.append(
                Problem(
                    "skill_rounds",
                    f"round circles checked above the {colour} "
                    "skill, which is not the chosen Captain Skill",
                    marks=tuple(fields.skill_round(colour, r) for r in sorted(rs)),
                )
            )
    chosen_use: dict[str, str] = {}
    for colour, used in bonus_use.items():
        chosen_use[colour] = sorted(used)[0]
        if len(used) > 1:
            problems.append(
                Problem(
                    f"bonus_abilities.{colour}",
                    f"{len(used)} abilities checked "
                    f"for one bonus box ({', '.join(sorted(used))}); one only",
                    marks=tuple(fields.bonus_use(colour, a) for a in sorted(used)),
                )
            )

    state = StellarDriftState(
        ship=ship.id,
        serial=serial,
        player=player,
        repaired=tuple(sorted(repaired, key=sheet_order)),
        tracks=counts["track"],
        tech=counts["tech"],
        section_bonus=tuple(c for c in COLOURS if c in bonus),
        bonus_abilities=chosen_use,
        leftover={"energy": values.get("energy", 0), "cubes": values.get("cubes", 0)},
        captain_skill=skill,
        skill_rounds=tuple(sorted(rounds)),
        abilities_used={a: max(ks) for a, ks in sorted(abilities.items())},
        income={"energy": income.get("energy", 0), "cubes": income.get("cube", 0)},
        phases_checked=phases,
    )
    if problems:
        raise InvalidState(problems + check(state, ship, tracker, tech), "marks")
    return state


def marks_from_state(
    state: StellarDriftState, ship: Ship, tracker: Tracker, tech: Tech
) -> set[str]:
    """The field ids a player marks to show ``state`` (the inverse of state_from_marks)."""
    out = {fields.space(n) for n in state.repaired}
    for tid, n in state.tracks.items():
        out |= {fields.track(tid, i) for i in range(1, n + 1)}
    for colour, n in state.tech.items():
        out |= {fields.tech(colour, i) for i in range(1, n + 1)}
    out |= {fields.bonus(c) for c in state.section_bonus}
    out |= {fields.bonus_use(c, a) for c, a in state.bonus_abilities.items()}
    out.add(fields.leftover("energy", state.leftover.energy))
    out.add(fields.leftover("cubes", state.leftover.cubes))
    if state.captain_skill:
        out.add(fields.skill(state.captain_skill))
        out |= {fields.skill_round(state.captain_skill, r) for r in state.skill_rounds}
    for ability, n in state.abilities_used.items():
        out |= {fields.ability(ability, k) for k in range(1, n + 1)}
    out |= {fields.income("energy", i) for i in range(1, state.income.energy + 1)}
    out |= {fields.income("cube", i) for i in range(1, state.income.cubes + 1)}
    out |= set(fields.round_tracker(tech.rounds, tech.phases)[: state.phases_checked])
    return out
