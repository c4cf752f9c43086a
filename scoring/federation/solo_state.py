"""A Federation Solo game as typed data (what the Solo tracker holds), its checks, its score.

In Solo mode "the player aims to score as many points as possible": there is no
opponent and no ranking, the result is the player's final PP. The final scoring is
the classic one (the score pad's categories); only End of the Game step 3, Funded
Major Projects, uses the Solo cards: each fully funded Major Project compares your
Influence with the 5 cards' sum (10 / 4 / 0 PP), the Joint one gives 10 PP funded.
The tracker holds that comparison, so a Solo state is the tracker's numbers, plus,
optionally, the player's other score pad values for the final total.

The JSON form (project ids are ``scoring.federation.sheet_fields.compared_projects``:
the named ones, then the tracker's blank rows ``other1``..)::

    {
      "game": "federation",
      "mode": "solo",
      "name": "Ana", "serial": 1,        # serial: the tracker's, from its page code
      "cards": [                          # the Solo card turned over each round, in order
        {"floors": [1, 1, -1], "law_vote": 1,
         "influence": {"atalum": 2, "arratooine": 0, "special_missions": 2}},
        ...                               # 5 cards in a finished game
      ],
      "projects": {                       # end of the game, each project the cards carry
        "atalum": {"yours": 7, "funded": true}, ...
      },
      "joint_funded": true,
      "score_pad": {"game_pp": 96, "medals_of_honor": 12, "remaining_resources": 5}
    }

``score_pad`` (optional) holds the other categories of the player's score pad column;
its ``funded_major_projects``, if given, must be what the tracker gives.

``examples/federation/solo/example.json`` plays the rulebook's example cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, StrictBool, StrictInt

from scoring.federation.score_pad import ScorePad, ScorePadError, load_score_pad, score_pad_totals
from scoring.federation.sheet_fields import compared_projects
from scoring.federation.solo import (
    FundedProjects,
    SoloCard,
    Sum,
    floor_sums,
    funded_major_projects,
)
from scoring.federation.solo_tracker import SoloTracker
from scoring.problem import InvalidState as _InvalidState
from scoring.problem import Problem, load_state_file, validate_state

FUNDED_CATEGORY = "funded_major_projects"


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardState(_Frozen):
    """The numbers of one Solo card, as the tracker's round row holds them."""

    floors: tuple[StrictInt, StrictInt, StrictInt] = Field(
        description="Vote value for the 1st, 2nd and 3rd Senate floor."
    )
    law_vote: StrictInt = Field(description="Value for the End of the round vote of a law.")
    influence: dict[str, StrictInt] = Field(
        description="Major Project id -> Influence printed on the card."
    )


class ProjectEnd(_Frozen):
    """One compared Major Project at the end of the game."""

    yours: StrictInt = Field(
        description="Your Influence (Erudite tiles, Influence, Special Missions...)."
    )
    funded: StrictBool = Field(description="Whether the project is fully funded.")


class SoloState(_Frozen):
    """A finished Solo game: the Solo cards played and the end-of-game comparison."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Federation Solo game")

    game: Literal["federation"] = Field("federation", description="Always federation.")
    mode: Literal["solo"] = Field(description="Always solo: a Solo tracker, not a score pad.")
    name: str = Field("Solo", min_length=1, description="The player's name.")
    serial: PositiveInt | None = Field(None, description="Tracker serial from the page code.")
    cards: tuple[CardState, ...] = Field(description="The Solo card of each round, in order.")
    projects: dict[str, ProjectEnd] = Field(
        description="Compared Major Project id -> your Influence and whether it is funded."
    )
    joint_funded: StrictBool = Field(description="Whether the Joint Major Project is funded.")
    score_pad: dict[str, StrictInt] | None = Field(
        None,
        description="Optional: the player's other score pad values (category id -> PP) "
        "for the final total; funded_major_projects, if given, must match the tracker.",
    )


State = SoloState


class InvalidState(_InvalidState):
    """A Solo game that cannot be scored; ``problems`` lists every reason."""

    subject = "Federation Solo game"


def state_schema() -> dict[str, Any]:
    """The JSON Schema of a Solo game."""
    return SoloState.model_json_schema()


def parse_state(data: Any) -> SoloState:
    """Validate JSON-like data; InvalidState lists every type problem by field."""
    return validate_state(SoloState, data, InvalidState)


def load_state(path: Path | str) -> SoloState:
    """Read a Solo game from a JSON file; InvalidState names the file and every problem."""
    return load_state_file(path, SoloState, InvalidState)


def _span(where: str, value: int, low: int, high: int) -> list[Problem]:
    if low <= value <= high:
        return []
    return [Problem(where, f"{value} is outside {low}..{high}")]


def check(state: SoloState, tracker: SoloTracker, pad: ScorePad | None = None) -> list[Problem]:
    """Every problem of ``state`` on ``tracker`` (and the score pad, for ``score_pad``).

    A finished game has one card per round; every value lies in the tracker's bubble
    range; the cards carry Influence on the tracker's named compared projects and on
    the same projects every round, and the end of the game answers for each of them.
    ``score_pad`` is checked once the tracker's part is sound: its Funded Major Projects
    are compared with what the cards give.
    """
    found: list[Problem] = []
    known = compared_projects(tracker)
    named = known[: len(known) - tracker.write_in_projects.count]
    ranges, mine = tracker.card_value_ranges, tracker.player_value_ranges.influence
    if len(state.cards) != tracker.rounds:
        found.append(
            Problem(
                "cards",
                f"{len(state.cards)} Solo cards; a finished game turns over "
                f"{tracker.rounds}, one a round",
            )
        )
    carried = [p for p in known if any(p in c.influence for c in state.cards)]
    for i, card in enumerate(state.cards):
        for f, value in enumerate(card.floors):
            found += _span(f"cards.{i}.floors.{f}", value, ranges.floor.min, ranges.floor.max)
        found += _span(
            f"cards.{i}.law_vote", card.law_vote, ranges.law_vote.min, ranges.law_vote.max
        )
        for project, value in card.influence.items():
            where = f"cards.{i}.influence.{project}"
            if project not in known:
                found.append(
                    Problem(where, f"not a Major Project of the tracker ({', '.join(known)})")
                )
            else:
                found += _span(where, value, ranges.influence.min, ranges.influence.max)
        for project in sorted(set(named) | set(carried), key=known.index):
            if project not in card.influence:
                found.append(
                    Problem(
                        f"cards.{i}.influence.{project}",
                        "missing: every card gives Influence on each project the tracker follows",
                    )
                )
    for project in sorted(set(named) | set(carried), key=known.index):
        if project not in state.projects:
            found.append(
                Problem(f"projects.{project}", "missing: your Influence and whether it is funded")
            )
    for project, end in state.projects.items():
        if project not in known:
            found.append(
                Problem(
                    f"projects.{project}",
                    f"not a Major Project of the tracker ({', '.join(known)})",
                )
            )
        elif project not in named and project not in carried:
            found.append(Problem(f"projects.{project}", "no card gives Influence on it"))
        else:
            found += _span(f"projects.{project}.yours", end.yours, mine.min, mine.max)
    if state.score_pad is not None and not found:
        found += _pad_problems(state, tracker, pad or load_score_pad())
    return found


def _pad_problems(state: SoloState, tracker: SoloTracker, pad: ScorePad) -> list[Problem]:
    values = dict(state.score_pad or {})
    tracked = _funded(state, tracker).total
    found = []
    if values.get(FUNDED_CATEGORY, tracked) != tracked:
        found.append(
            Problem(
                f"score_pad.{FUNDED_CATEGORY}",
                f"{values[FUNDED_CATEGORY]} PP, but the Solo tracker gives {tracked} PP",
            )
        )
    values[FUNDED_CATEGORY] = tracked
    modules = ("piracy",) if "piracy_major_project" in values else ()
    try:
        score_pad_totals(pad, {state.name: values}, modules)
    except ScorePadError as exc:
        for message in exc.problems:
            rest = message.removeprefix(f"{state.name}: ")
            quoted = rest.split("'")
            key = quoted[1] if len(quoted) > 2 else rest.split(" ", 1)[0]
            found.append(Problem(f"score_pad.{key}", rest))
    return found


def cards(state: SoloState) -> list[SoloCard]:
    """The state's cards as ``scoring.federation.solo`` takes them."""
    return [
        SoloCard(c.floors, c.influence, c.law_vote, name=f"round {i + 1} card")
        for i, c in enumerate(state.cards)
    ]


def _funded(state: SoloState, tracker: SoloTracker) -> FundedProjects:
    return funded_major_projects(
        cards(state),
        {p: e.yours for p, e in state.projects.items()},
        {p for p, e in state.projects.items() if e.funded},
        state.joint_funded,
        tracker.comparison.payout(),
    )


@dataclass(frozen=True)
class Line:
    id: str
    label: str
    points: int
    why: str = ""


@dataclass(frozen=True)
class SoloScore:
    """A Solo game's result: its final PP (``total``) and how they came about.

    ``lines`` are the Funded Major Projects, project by project; with the score pad's
    other values, ``pad_lines`` hold them and ``total`` is the final PP, otherwise
    ``total`` is the Funded Major Projects PP alone (``complete`` is False).
    ``floors`` are the sums the Senate majorities had to beat in the last round.
    """

    player: str
    serial: int | None
    lines: tuple[Line, ...]
    pad_lines: tuple[Line, ...]
    funded: FundedProjects
    floors: tuple[Sum, Sum, Sum]

    @property
    def complete(self) -> bool:
        return bool(self.pad_lines)

    @property
    def total(self) -> int:
        return sum(line.points for line in (*self.lines, *self.pad_lines))

    def explain(self) -> str:
        lines = [self.funded.explain()]
        lines += [f"{line.label}: {line.points} PP" for line in self.pad_lines]
        what = "final PP" if self.complete else "Funded Major Projects PP (no score pad values)"
        return "\n".join([*lines, f"{self.player}: {self.total} {what}"])


def score(state: SoloState, tracker: SoloTracker, pad: ScorePad | None = None) -> SoloScore:
    """The result of a valid Solo game; InvalidState listing every problem otherwise."""
    problems = check(state, tracker, pad)
    if problems:
        raise InvalidState(problems, state.name)
    funded = _funded(state, tracker)
    labels = project_labels(tracker)
    lines = tuple(Line(s.project, labels[s.project], s.pp, s.explain()) for s in funded.scores)
    pad_lines: tuple[Line, ...] = ()
    if state.score_pad is not None:
        pad = pad or load_score_pad()
        pad_lines = tuple(
            Line(c.id, c.label, state.score_pad[c.id])
            for c in pad.categories
            if c.id in state.score_pad and c.id != FUNDED_CATEGORY
        )
    return SoloScore(state.name, state.serial, lines, pad_lines, funded, floor_sums(cards(state)))


def project_labels(tracker: SoloTracker) -> dict[str, str]:
    """Each Major Project id's label: the rulebook's, or "Other Major Project k"."""
    labels = {p.id: p.label for p in tracker.major_projects}
    for pid in compared_projects(tracker):
        labels.setdefault(pid, f"Other Major Project {pid.removeprefix('other')}")
    return labels
