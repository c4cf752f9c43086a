"""Reference data for the Piracy and AI Assistant modules (layouts/federation/reference.yaml).

The text is the rulebook's, verbatim; a renderer turns it into reference sheets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from scoring.federation._common import duplicate_ids, federation_dir
from scoring.layout_file import Strict, load_model

Colour = Literal["purple", "yellow", "blue", "green", "orange", "black", "grey"]


class Components(Strict):
    """Counts from the rulebook's component list; the lists must match them."""

    alteration_piracy_tokens: int = Field(ge=0)
    deep_space_piracy_tiles: int = Field(ge=0)
    ai_assistant_cards: int = Field(ge=0)
    erudite_tiles: int = Field(ge=0)


class PiracyPlanet(Strict):
    id: str
    number: int = Field(ge=1)
    name: str
    colour: Colour
    short: str
    summary: str
    text: str
    notes: list[str]


class PiracyPlanets(Strict):
    rule: str
    planets: list[PiracyPlanet]


class PaidBonus(Strict):
    """A bonus bought with a cost: ``f"{cost}, {effect}"`` is the printed line."""

    id: str
    short: str
    cost: str
    effect: str

    @property
    def text(self) -> str:
        return f"{self.cost}, {self.effect}"


class StallNote(Strict):
    """A note printed beside the stall list, not attached to one stall."""

    text: str
    printed_after: str


class PirateStalls(Strict):
    stalls: list[PaidBonus]
    notes: list[StallNote]


class AlterationPiracyTokens(Strict):
    restriction: str
    tokens: list[PaidBonus]


class EruditeTile(Strict):
    id: str
    level: int = Field(ge=1, le=2)
    type: Literal["A", "B", "C", "D", "E"]
    short: str
    text: str


class EruditeTiles(Strict):
    rule: str
    tiles: list[EruditeTile]


class DeepSpacePiracyTile(Strict):
    id: str
    short: str
    text: str


class DeepSpacePiracyTiles(Strict):
    rule: str
    notes: list[str]
    tiles: list[DeepSpacePiracyTile]


class DieBonus(Strict):
    die: list[int] = Field(min_length=1)
    text: str


class AssistantCard(Strict):
    id: str
    name: str
    note: str = ""
    bonuses: list[DieBonus]

    def bonus_for(self, die: int) -> DieBonus:
        """The bonus printed for die value ``die`` (the card also allows any lower one)."""
        for bonus in self.bonuses:
            if die in bonus.die:
                return bonus
        raise ValueError(f"die value {die!r} is not on Assistant card {self.name!r}")


class AiAssistants(Strict):
    rules: list[str]
    cards: list[AssistantCard]
    support_bonus_tile: str


class PiracyColour(Strict):
    id: Colour
    source: str


class PiracyInfluence(Strict):
    rule: str
    colours: list[PiracyColour]


class Reference(Strict):
    """Everything the Piracy and AI Assistant reference sheets print."""

    source: str
    components: Components
    piracy_planets: PiracyPlanets
    pirate_stalls: PirateStalls
    alteration_piracy_tokens: AlterationPiracyTokens
    erudite_tiles: EruditeTiles
    deep_space_piracy_tiles: DeepSpacePiracyTiles
    ai_assistants: AiAssistants
    piracy_influence: PiracyInfluence

    def problems(self) -> list[str]:
        found: list[str] = []
        counted = [
            (
                "alteration_piracy_tokens.tokens",
                self.alteration_piracy_tokens.tokens,
                self.components.alteration_piracy_tokens,
            ),
            (
                "deep_space_piracy_tiles.tiles",
                self.deep_space_piracy_tiles.tiles,
                self.components.deep_space_piracy_tiles,
            ),
            ("ai_assistants.cards", self.ai_assistants.cards, self.components.ai_assistant_cards),
            ("erudite_tiles.tiles", self.erudite_tiles.tiles, self.components.erudite_tiles),
        ]
        for where, items, expected in counted:
            if len(items) != expected:
                found.append(f"{where}: {len(items)} entries, the component list says {expected}")
        id_lists = {
            "piracy_planets.planets": [p.id for p in self.piracy_planets.planets],
            "pirate_stalls.stalls": [s.id for s in self.pirate_stalls.stalls],
            "alteration_piracy_tokens.tokens": [t.id for t in self.alteration_piracy_tokens.tokens],
            "erudite_tiles.tiles": [t.id for t in self.erudite_tiles.tiles],
            "deep_space_piracy_tiles.tiles": [t.id for t in self.deep_space_piracy_tiles.tiles],
            "ai_assistants.cards": [c.id for c in self.ai_assistants.cards],
            "piracy_influence.colours": [c.id for c in self.piracy_influence.colours],
        }
        for where, ids in id_lists.items():
            found += duplicate_ids(where, ids)
        stall_ids = set(id_lists["pirate_stalls.stalls"])
        for i, note in enumerate(self.pirate_stalls.notes):
            if note.printed_after not in stall_ids:
                found.append(
                    f"pirate_stalls.notes.{i}.printed_after: no stall {note.printed_after!r}"
                )
        for i, tile in enumerate(self.erudite_tiles.tiles):
            if not tile.id.startswith(f"{tile.level}{tile.type}"):
                found.append(
                    f"erudite_tiles.tiles.{i}.id: {tile.id!r} does not match "
                    f"level {tile.level} type {tile.type}"
                )
        for i, card in enumerate(self.ai_assistants.cards):
            values = sorted(v for bonus in card.bonuses for v in bonus.die)
            if values != [1, 2, 3, 4, 5, 6]:
                found.append(
                    f"ai_assistants.cards.{i}.bonuses: die values {values} "
                    "must cover 1 to 6 once each"
                )
        return found


def load_reference(path: Path | str | None = None) -> Reference:
    """Load reference.yaml (the shipped one unless ``path`` is given)."""
    return load_model(path or federation_dir() / "reference.yaml", Reference)
