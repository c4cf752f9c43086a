"""Solo mode arithmetic: Senate floor sums, the law vote, Major Project comparisons.

Pure functions on frozen dataclasses; every result carries the terms it was
added up from, so a tracker can print how a number came about.

>>> cards = [SoloCard((1, 1, 1), {"atalum": 2}, law_vote=1) for _ in range(2)]
>>> floor_sums(cards)[0].explain()
'1st Floor: 1+1 = 2'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

ROUNDS = 5
FLOORS = ("1st Floor", "2nd Floor", "3rd Floor")


@dataclass(frozen=True)
class SoloCard:
    """The numbers on one Solo card: a vote value per Senate floor (1st to 3rd),
    an Influence per Major Project id, and the value for the vote of a law."""

    floors: tuple[int, int, int]
    influence: Mapping[str, int]
    law_vote: int
    name: str = ""

    def __post_init__(self) -> None:
        if len(self.floors) != len(FLOORS):
            raise ValueError(f"a Solo card has {len(FLOORS)} floor values, got {self.floors!r}")
        object.__setattr__(self, "floors", tuple(self.floors))
        object.__setattr__(self, "influence", MappingProxyType(dict(self.influence)))


@dataclass(frozen=True)
class Term:
    source: str
    value: int


@dataclass(frozen=True)
class Sum:
    """A labelled sum that keeps its terms."""

    label: str
    terms: tuple[Term, ...]

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def running(self) -> tuple[int, ...]:
        """The total after each term: the cumulative view, round by round."""
        out, acc = [], 0
        for term in self.terms:
            acc += term.value
            out.append(acc)
        return tuple(out)

    def arithmetic(self) -> str:
        """``'1+1+1-1 = 2'``."""
        if not self.terms:
            return "0"
        text = str(self.terms[0].value)
        for term in self.terms[1:]:
            text += f"+{term.value}" if term.value >= 0 else str(term.value)
        return f"{text} = {self.total}"

    def explain(self) -> str:
        return f"{self.label}: {self.arithmetic()}"


def _card_name(card: SoloCard, index: int) -> str:
    return card.name or f"round {index + 1} card"


def _check_played(cards: Sequence[SoloCard]) -> None:
    if not 1 <= len(cards) <= ROUNDS:
        raise ValueError(f"expected 1 to {ROUNDS} Solo cards played, got {len(cards)}")


def floor_sums(cards: Sequence[SoloCard]) -> tuple[Sum, Sum, Sum]:
    """The sum per Senate floor the player must beat: every card played so far, in order."""
    _check_played(cards)
    return tuple(  # type: ignore[return-value]
        Sum(label, tuple(Term(_card_name(c, i), c.floors[f]) for i, c in enumerate(cards)))
        for f, label in enumerate(FLOORS)
    )


@dataclass(frozen=True)
class FloorMajority:
    floor: str
    votes: int
    needed: Sum
    won: bool

    def explain(self) -> str:
        sign = ">" if self.won else "<="
        verdict = "majority won" if self.won else "no majority"
        return (
            f"{self.floor}: your votes {self.votes} {sign} Solo cards "
            f"{self.needed.arithmetic()}: {verdict}"
        )


def floor_majority(floor: int, votes: int, cards: Sequence[SoloCard]) -> FloorMajority:
    """Whether ``votes`` (face-up Ambassador tokens on floor 1, 2 or 3) beat the cards.

    The rulebook asks for strictly more: a tie is no majority.
    """
    if floor not in (1, 2, 3):
        raise ValueError(f"Senate floor must be 1, 2 or 3, got {floor!r}")
    needed = floor_sums(cards)[floor - 1]
    return FloorMajority(FLOORS[floor - 1], votes, needed, votes > needed.total)


@dataclass(frozen=True)
class Wing:
    """One wing of the Senate at the vote of a law: its votes and its law's PP for you."""

    votes: int
    pp: int


Side = Literal["left", "right"]


@dataclass(frozen=True)
class LawVote:
    left: Sum
    right: Sum
    card_added_to: Side
    passed: Side
    pp: int
    reason: str

    def explain(self) -> str:
        return (
            f"{self.left.explain()}; {self.right.explain()}; {self.reason}: "
            f"the {self.passed} law passes, gain {self.pp} PP"
        )


def law_vote(left: Wing, right: Wing, card: SoloCard) -> LawVote:
    """The law passed at the end of a round, and the PP it gives you.

    The current card's value is added to the wing whose law gives you fewer PP;
    the law with more votes passes; on a tie, the law giving fewer PP.
    When both laws give the same PP the card goes to the left wing: the rulebook
    does not say, and the PP gained is the same either way.
    """
    card_side: Side = "right" if right.pp < left.pp else "left"
    term = Term("Solo card", card.law_vote)
    left_sum = Sum("Left law", (Term("wing", left.votes), *([term] if card_side == "left" else [])))
    right_sum = Sum(
        "Right law", (Term("wing", right.votes), *([term] if card_side == "right" else []))
    )
    if left_sum.total != right_sum.total:
        passed: Side = "left" if left_sum.total > right_sum.total else "right"
        reason = "more votes"
    else:
        passed = card_side
        reason = "tie, the law giving the least PP"
    pp = left.pp if passed == "left" else right.pp
    return LawVote(left_sum, right_sum, card_side, passed, pp, reason)


def project_influence(cards: Sequence[SoloCard], project: str) -> Sum:
    """The Solo cards' Influence on ``project`` so far (``.running`` gives it per round)."""
    _check_played(cards)
    missing = [_card_name(c, i) for i, c in enumerate(cards) if project not in c.influence]
    if missing:
        raise ValueError(f"no Influence for Major Project {project!r} on: {', '.join(missing)}")
    return Sum(
        project, tuple(Term(_card_name(c, i), c.influence[project]) for i, c in enumerate(cards))
    )


@dataclass(frozen=True)
class Payout:
    """End-of-game Major Project PP in Solo mode (the 2-player values)."""

    at_or_above_pp: int = 10
    below_by_at_most: int = 2
    below_by_at_most_pp: int = 4
    otherwise_pp: int = 0
    joint_funded_pp: int = 10


RULEBOOK_PAYOUT = Payout()


@dataclass(frozen=True)
class ProjectScore:
    project: str
    funded: bool
    yours: int | None
    needed: Sum | None
    pp: int
    reason: str

    def explain(self) -> str:
        return f"{self.project}: {self.reason}: {self.pp} PP"


def major_project_pp(
    project: str,
    yours: int,
    cards: Sequence[SoloCard],
    funded: bool = True,
    payout: Payout = RULEBOOK_PAYOUT,
) -> ProjectScore:
    """PP for one Major Project at the end of a Solo game (not the Joint one).

    Your Influence at or above the 5 cards' sum: 10 PP; below it by at most 2: 4 PP;
    otherwise, or if the project is not fully funded, nothing.
    """
    if len(cards) != ROUNDS:
        raise ValueError(f"final scoring compares with the {ROUNDS} Solo cards, got {len(cards)}")
    needed = project_influence(cards, project)
    if not funded:
        return ProjectScore(project, False, yours, needed, 0, "not funded")
    gap = needed.total - yours
    if gap <= 0:
        pp, how = payout.at_or_above_pp, f"{yours} >= {needed.arithmetic()}"
    elif gap <= payout.below_by_at_most:
        pp, how = payout.below_by_at_most_pp, f"{yours} is {gap} below {needed.arithmetic()}"
    else:
        pp, how = payout.otherwise_pp, f"{yours} is {gap} below {needed.arithmetic()}"
    return ProjectScore(project, True, yours, needed, pp, how)


def joint_major_project_pp(funded: bool, payout: Payout = RULEBOOK_PAYOUT) -> ProjectScore:
    """The Joint Major Project is not compared: funded gives 10 PP."""
    pp = payout.joint_funded_pp if funded else 0
    return ProjectScore("joint", funded, None, None, pp, "funded" if funded else "not funded")


@dataclass(frozen=True)
class FundedProjects:
    scores: tuple[ProjectScore, ...] = field(default=())

    @property
    def total(self) -> int:
        return sum(s.pp for s in self.scores)

    def explain(self) -> str:
        lines = [s.explain() for s in self.scores]
        return "\n".join([*lines, f"Funded Major Projects: {self.total} PP"])


def funded_major_projects(
    cards: Sequence[SoloCard],
    yours: Mapping[str, int],
    funded: Collection[str],
    joint_funded: bool,
    payout: Payout = RULEBOOK_PAYOUT,
) -> FundedProjects:
    """End of the Game step 3 in Solo mode, for every project in ``yours`` plus the Joint one.

    ``yours`` maps a Major Project id to your Influence on it (Erudite tiles for
    Atalum, completed Special Missions for the Special Mission project...);
    ``funded`` names the fully funded ones.
    """
    unknown = sorted(set(funded) - set(yours))
    if unknown:
        raise ValueError(f"funded projects without your Influence: {unknown}")
    scores = [
        major_project_pp(project, value, cards, project in funded, payout)
        for project, value in yours.items()
    ]
    return FundedProjects((*scores, joint_major_project_pp(joint_funded, payout)))
