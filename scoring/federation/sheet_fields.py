"""Field ids of the Federation score pad and Solo tracker, and reading marks back.

The sheet builders name every field through these functions and the reader
decodes marks with them, so both sides share one scheme. Numbers are digit
bubbles (see ``scoring.federation.bubbles``): ``<prefix>-<place>-<digit>`` and,
for signed ranges, ``<prefix>-sign-neg``; each number also has a write-in box
``<prefix>-write`` that a person reads and the reader does not.

Score pad (player ``n`` = 1..5; one page per player uses ``n`` = 1):

- ``p<n>-<category>``: bubbles for each category of scorepad.yaml
  (``game_pp`` has a hundreds place, 0-1); ``p<n>-<category>-write``;
- ``p<n>-total`` bubbles (hundreds 0-5) and ``p<n>-total-write``;
- write-ins ``p<n>-rank-write`` and ``p<n>-name-write``.

Solo tracker (round ``r`` = 1..5):

- ``r<r>-<floor>`` (floor1..floor3): the card's vote value, a minus bubble and
  units 0-9; ``r<r>-<floor>-sum``: the running sum, written;
- ``r<r>-law``: the card's law-vote value, units 0-9;
- ``r<r>-<project>``: the card's Influence on a compared Major Project
  (atalum, arratooine, special_missions, and the blank rows other1..other3),
  units 0-9; ``r<r>-<project>-sum``: the cumulative Influence, written;
- end of game, per compared project: ``end-<project>-yours`` (your Influence,
  tens and units), ``end-<project>-funded-yes`` / ``-funded-no`` bubbles,
  write-ins ``end-<project>-cards-write`` (the 5 cards' sum) and
  ``end-<project>-pp-write``; ``end-joint-funded-yes`` / ``-no``;
  ``end-total`` bubbles (Funded Major Projects PP) and ``end-other<k>-name-write``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from scoring.federation.bubbles import (
    BubbleError,
    NumberBubbles,
    crowded_place,
    decode_all,
    digit_places,
)
from scoring.federation.score_pad import Category, ScorePad
from scoring.federation.solo import SoloCard
from scoring.federation.solo_tracker import SoloTracker

# --- score pad ---------------------------------------------------------------


def player_prefix(player: int) -> str:
    return f"p{player}"


def player_of(field_id: str) -> int | None:
    """The player column ``n`` of a score pad field ``p<n>-...``; None for any other id.

    >>> player_of("p3-game_pp-tens-2"), player_of("r1-law-units-4")
    (3, None)
    """
    found = re.match(r"p(\d+)-", field_id)
    return int(found[1]) if found else None


def modules_marked(pad: ScorePad, marked: Collection[str]) -> tuple[str, ...]:
    """The modules a score pad page was played with: those of whose categories a bubble
    is marked (Piracy, where its Major Project row is bubbled)."""
    used = {c.module for c in pad.categories if any(f"-{c.id}-" in m for m in marked)}
    return tuple(sorted(m for m in used if m is not None))


def category_number(player: int, category: Category) -> NumberBubbles:
    return NumberBubbles(f"p{player}-{category.id}", category.min_value, category.max_value)


def total_number(pad: ScorePad, player: int) -> NumberBubbles:
    low = sum(c.min_value for c in pad.categories)
    return NumberBubbles(f"p{player}-{pad.total.id}", low, pad.total_max)


def write_id(prefix: str) -> str:
    return f"{prefix}-write"


def read_score_pad(
    pad: ScorePad,
    marked: Collection[str],
    players: int,
    modules: Collection[str] = ("piracy",),
) -> dict[str, dict[str, int]]:
    """Each player's category values (``{"p1": {"game_pp": 87, ...}}``) from filled bubbles.

    The result feeds ``score_pad_totals``. Categories of modules not played are
    skipped; every unreadable number is reported in one BubbleError.
    """
    active = pad.played(modules)
    fields = [category_number(p, c) for p in range(1, players + 1) for c in active]
    values = decode_all(fields, marked)
    return {
        player_prefix(p): {c.id: values[category_number(p, c).prefix] for c in active}
        for p in range(1, players + 1)
    }


def read_column(
    pad: ScorePad, marked: Collection[str], player: int, modules: Collection[str]
) -> tuple[dict[str, int], int]:
    """Player ``player``'s category values (of the categories of ``modules`` and the
    base game) and bubbled total; BubbleError if any of them does not decode."""
    numbers = {c.id: category_number(player, c) for c in pad.played(modules)}
    values = decode_all(list(numbers.values()), marked)
    total = total_number(pad, player).decode(marked)
    return {c: values[n.prefix] for c, n in numbers.items()}, total


# --- Solo tracker ------------------------------------------------------------

LAW = "law"
JOINT = "joint"


def compared_projects(tracker: SoloTracker) -> list[str]:
    """Ids of the Major Projects compared with the cards: the named ones, then other1.."""
    named = [p.id for p in tracker.major_projects if p.scoring == "compare"]
    return named + [f"other{k}" for k in range(1, tracker.write_in_projects.count + 1)]


def tracker_row(field_id: str) -> str | None:
    """The Solo tracker row of a round's or the game end's field or number (a floor, the
    law, a project); None for any other id.

    >>> tracker_row("r3-other1-units-2"), tracker_row("end-other2-yours"), tracker_row("p1-total")
    ('other1', 'other2', None)
    """
    found = re.match(r"(?:r\d+|end)-([a-z_]+\d*)", field_id)
    return found[1] if found else None


def write_in_project(project: str) -> bool:
    """Whether ``project`` is one of the tracker's blank rows (other1, other2...), which a
    game may leave unused."""
    return project.startswith("other")


def funded_only_projects(tracker: SoloTracker) -> list[str]:
    return [p.id for p in tracker.major_projects if p.scoring == "funded"]


def floor_number(tracker: SoloTracker, rnd: int, floor: str) -> NumberBubbles:
    span = tracker.card_value_ranges.floor
    return NumberBubbles(f"r{rnd}-{floor}", span.min, span.max)


def law_number(tracker: SoloTracker, rnd: int) -> NumberBubbles:
    span = tracker.card_value_ranges.law_vote
    return NumberBubbles(f"r{rnd}-{LAW}", span.min, span.max)


def influence_number(tracker: SoloTracker, rnd: int, project: str) -> NumberBubbles:
    span = tracker.card_value_ranges.influence
    return NumberBubbles(f"r{rnd}-{project}", span.min, span.max)


def sum_id(rnd: int, quantity: str) -> str:
    return f"r{rnd}-{quantity}-sum"


def yours_number(tracker: SoloTracker, project: str) -> NumberBubbles:
    span = tracker.player_value_ranges.influence
    return NumberBubbles(f"end-{project}-yours", span.min, span.max)


def funded_id(project: str, answer: bool) -> str:
    return f"end-{project}-funded-{'yes' if answer else 'no'}"


def end_total_number(tracker: SoloTracker) -> NumberBubbles:
    span = tracker.player_value_ranges.funded_pp
    return NumberBubbles("end-total", span.min, span.max)


def _used(prefix: str, marked: Collection[str]) -> bool:
    return any(m.startswith(prefix + "-") for m in marked)


def read_solo_cards(tracker: SoloTracker, marked: Collection[str]) -> list[SoloCard]:
    """The Solo cards played so far, from the tracker's bubbles.

    A round counts as played when any of its bubbles is filled; rounds must be
    played in order. A blank "other" project row is left out when none of its
    bubbles is filled in any round.
    """
    played = [r for r in range(1, tracker.rounds + 1) if _used(f"r{r}", marked)]
    if played != list(range(1, len(played) + 1)):
        raise BubbleError([f"rounds {played} are filled; fill them in order from round 1"])
    projects = [
        p
        for p in compared_projects(tracker)
        if not write_in_project(p) or any(_used(f"r{r}-{p}", marked) for r in played)
    ]
    floors = [f.id for f in tracker.senate.floors]
    fields = []
    for r in played:
        fields += [floor_number(tracker, r, f) for f in floors]
        fields += [law_number(tracker, r)] + [influence_number(tracker, r, p) for p in projects]
    values = decode_all(fields, marked)
    return [
        SoloCard(
            floors=tuple(values[floor_number(tracker, r, f).prefix] for f in floors),
            influence={p: values[influence_number(tracker, r, p).prefix] for p in projects},
            law_vote=values[law_number(tracker, r).prefix],
            name=f"round {r} card",
        )
        for r in played
    ]


@dataclass(frozen=True)
class SoloEnd:
    """What the player marked at the end of a Solo game, ready for funded_major_projects."""

    yours: Mapping[str, int]
    funded: frozenset[str]
    joint_funded: bool


def _yes_no(project: str, marked: Collection[str]) -> bool:
    yes, no = funded_id(project, True) in marked, funded_id(project, False) in marked
    if yes == no:
        raise BubbleError([f"end-{project}: fill exactly one of funded yes / no"])
    return yes


def read_solo_end(
    tracker: SoloTracker, marked: Collection[str], projects: Collection[str]
) -> SoloEnd:
    """Your Influence and the funded flags for ``projects`` (those the cards carry)."""
    problems: list[str] = []
    yours: dict[str, int] = {}
    funded: set[str] = set()
    for project in projects:
        try:
            yours[project] = yours_number(tracker, project).decode(marked)
            if _yes_no(project, marked):
                funded.add(project)
        except BubbleError as exc:
            problems += exc.problems
    joint = False
    for project in funded_only_projects(tracker):
        try:
            joint = _yes_no(project, marked)
        except BubbleError as exc:
            problems += exc.problems
    if problems:
        raise BubbleError(problems)
    return SoloEnd(yours, frozenset(funded), joint)


# --- any page ------------------------------------------------------------------

_ANSWER = re.compile(r"(?P<question>.+)-(?:yes|no)")


def crowded(marked: Collection[str]) -> list[tuple[str, list[str]]]:
    """Every digit place with more than one bubble filled, and every yes / no pair filled
    both ways, among ``marked`` (any fields of any Federation page): (the problem, the
    bubbles concerned).

    A number needs one bubble per place and a question one answer, whatever page it is
    on and whether or not the rest of the game is there to read it with.

    >>> [(problem, ids)] = crowded({"p1-total-units-3", "p1-total-units-4", "p1-total-tens-2"})
    >>> problem, ids
    ('p1-total: 2 units bubbles filled (3, 4); fill one', ['p1-total-units-3', 'p1-total-units-4'])
    >>> crowded({"end-atalum-funded-yes", "end-atalum-funded-no"})[0][0]
    'end-atalum-funded: both yes and no filled; fill one'
    """
    groups = digit_places(marked)
    for m in sorted(marked):
        if hit := _ANSWER.fullmatch(m):
            groups.setdefault((hit["question"], ""), []).append(m)
    out = []
    for (prefix, place), ids in groups.items():
        if len(ids) < 2:
            continue
        if place:
            out.append((crowded_place(prefix, place, [int(i[-1]) for i in ids]), ids))
        else:
            out.append((f"{prefix}: both yes and no filled; fill one", ids))
    return out
