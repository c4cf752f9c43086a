"""What reading a Distant Suns Cosmos sheet gives (``distant_suns.read_cosmos``): the
state with each field's confidence, what is left doubtful, and what each hex read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.distant_suns.hexgrid import Hex


@dataclass(frozen=True)
class Doubt:
    """A field (or a hex id list) the reader could not settle, and why."""

    field: str
    reason: str
    # what a person may answer it with: zones, likeliest first, or a Frontier value's marks
    options: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "reason": self.reason, "options": list(self.options)}


@dataclass(frozen=True)
class HexRead:
    """One hex: covered or not (None: doubtful), its zone and how sure."""

    hex: Hex
    ink_mm2: float
    covered: bool | None
    zone: str | None = None
    candidates: tuple[str, ...] = ()
    confidence: float = 1.0


@dataclass(frozen=True)
class CosmosReading:
    """What a Cosmos sheet says: the state (scoring's JSON form), per-field confidence
    (0.5 at a decision boundary, 1.0 far from it) and everything left doubtful."""

    state: dict[str, Any]
    confidence: dict[str, float]
    doubtful: tuple[Doubt, ...]
    hexes: dict[str, HexRead] = field(repr=False)
    order_known: bool = False
    # how the reader decided what the ink alone did not tell (shown, nothing to answer)
    remarks: tuple[str, ...] = ()
    # Boxes whose mark the placement rules decided, not their ink (field id -> checked):
    # Upgrade boxes read solid or faint, settled by what the shapes spend or cover, and
    # hexes doubted for the paper's noise, settled covered by their symbol and shape.
    settled: dict[str, bool] = field(default_factory=dict)
    # Hexes read covered, doubted by the field reader, whose symbol the photo's darkness
    # shows only faintly (``SCAN_FAINT``): the noise model's sure "empty" uncovers them
    # (``states.assemble``)
    faint: frozenset[str] = frozenset()

    @property
    def clear(self) -> bool:
        return not self.doubtful

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "order_known": self.order_known,
            "confidence": self.confidence,
            "doubtful": [d.to_json() for d in self.doubtful],
            "remarks": list(self.remarks),
        }
