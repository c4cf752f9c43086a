"""Federation setup with the Piracy module (basic or advanced setup), the AI
Assistant module and Solo mode (1 player).

Counts the Piracy rulebook prints come from layouts/federation/setup.yaml and
tile names from reference.yaml. Counts of base-game components it does not
print (Megastructures, Deep Space and Starting tiles...) are stated defaults in
layouts/setup/federation.yaml, which a components file overrides.

>>> s = federation_setup(3, 904)
>>> len(s.alteration_tokens), len(s.ai_cards), len(s.deep_space_piracy), s.solo is None
(4, 4, 3, True)
>>> str(federation_setup(1, 904, FederationOptions(ai_assistant=False)).code)
'FD-1-904-PA'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pnp.setup import draw
from pnp.setup.code import SetupCode, SetupCodeError

GAME = "federation"
BASE_COUNTS = (
    "erudite_level1_per_type",
    "megastructures",
    "deep_space_tiles",
    "starting_tiles",
    "player_colours",
)


@dataclass(frozen=True)
class FederationOptions:
    """Which modules are in play; the advanced setup needs the Piracy module."""

    piracy: bool = True
    advanced: bool = True
    ai_assistant: bool = True

    def __post_init__(self) -> None:
        if self.advanced and not self.piracy:
            raise ValueError("the advanced setup is part of the Piracy module: add piracy")

    def letters(self) -> str:
        """Option letters for a setup code: "" for the default (everything), "N" for none."""
        if self == FederationOptions():
            return ""
        chosen = "P" * self.piracy + "A" * self.advanced + "I" * self.ai_assistant
        return chosen or "N"

    @classmethod
    def from_letters(cls, letters: str) -> FederationOptions:
        if not letters:
            return cls()
        if set(letters) - set("PAIN") or ("N" in letters and letters != "N"):
            raise SetupCodeError(
                f"Federation options {letters!r}: use P (Piracy), A (advanced setup), "
                "I (AI Assistant), or N for none"
            )
        try:
            return cls("P" in letters, "A" in letters, "I" in letters)
        except ValueError as exc:
            raise SetupCodeError(f"Federation options {letters!r}: {exc}") from None


@dataclass(frozen=True)
class FederationData:
    players: tuple[int, int]
    counts: dict[str, int]  # setup.yaml entry id -> count for ... see count()
    per_player: dict[str, tuple[int, int]]  # entry id -> (per_player, plus)
    pools: dict[str, int]  # entry id -> out_of
    base: dict[str, int]  # base-game counts (layouts/setup/federation.yaml + overrides)
    alteration_tokens: tuple[tuple[str, str], ...]  # (id, short)
    deep_space_piracy: tuple[tuple[str, str], ...]
    erudite_new: tuple[tuple[str, str, str], ...]  # (type, id, short) of the new level 1 tiles
    assistants: tuple[tuple[str, str], ...]  # (id, name)
    influence: tuple[tuple[str, str, bool], ...]  # (colour, entry id, advanced only)
    labels: dict[str, str] = field(default_factory=dict)

    def count(self, entry: str, players: int) -> int:
        if entry in self.per_player:
            each, plus = self.per_player[entry]
            return each * players + plus
        return self.counts[entry]


def _base_models():
    from typing import Literal

    from pydantic import Field

    from scoring.layout_file import Strict

    class BaseCount(Strict):
        count: int = Field(ge=1)
        assumed: bool = False
        note: str = ""

    class BaseGameFile(Strict):
        version: Literal[1]
        base_game: dict[str, BaseCount]

        def problems(self) -> list[str]:
            missing = [n for n in BASE_COUNTS if n not in self.base_game]
            unknown = [n for n in self.base_game if n not in BASE_COUNTS]
            return [f"base_game: missing {n!r}" for n in missing] + [
                f"base_game: unknown count {n!r} (known: {', '.join(BASE_COUNTS)})" for n in unknown
            ]

    fields = {name: (int | None, Field(default=None, ge=1)) for name in BASE_COUNTS}
    from pydantic import create_model

    Overrides = create_model("ComponentsFile", __base__=Strict, **fields)
    return BaseGameFile, Overrides


def load_components(path: Path | str | None = None) -> dict[str, int]:
    """Base-game counts: the shipped defaults, overridden by the file at ``path`` if given."""
    from scoring.layout_file import layouts_root, load_model

    base_file, overrides = _base_models()
    shipped = load_model(layouts_root() / "setup" / "federation.yaml", base_file)
    counts = {name: c.count for name, c in shipped.base_game.items()}
    if path is not None:
        given = load_model(path, overrides)
        counts.update({k: v for k, v in given.model_dump().items() if v is not None})
    return counts


@cache
def load_data(components: Path | str | None = None) -> FederationData:
    from scoring.federation.reference import load_reference
    from scoring.federation.setup_counts import load_setup

    setup, ref = load_setup(), load_reference()
    counts, per_player, pools, labels = {}, {}, {}, {}
    for e in setup.entries:
        labels[e.id] = e.label
        if e.count is not None:
            counts[e.id] = e.count
        elif e.per_player is not None:
            per_player[e.id] = (e.per_player, e.plus)
        if e.out_of is not None:
            pools[e.id] = e.out_of
    influence = tuple(
        (e.id.removeprefix("piracy_influence_"), e.id, "advanced" in e.step)
        for e in setup.entries
        if e.id.startswith("piracy_influence_")
    )
    return FederationData(
        players=(setup.players.min, setup.players.max),
        counts=counts,
        per_player=per_player,
        pools=pools,
        base=load_components(components),
        alteration_tokens=tuple((t.id, t.short) for t in ref.alteration_piracy_tokens.tokens),
        deep_space_piracy=tuple((t.id, t.short) for t in ref.deep_space_piracy_tiles.tiles),
        erudite_new=tuple((t.type, t.id, t.short) for t in ref.erudite_tiles.tiles if t.level == 1),
        assistants=tuple((c.id, c.name) for c in ref.ai_assistants.cards),
        influence=influence,
        labels=labels,
    )


@dataclass(frozen=True)
class EruditeStack:
    type: str
    tiles: tuple[str, ...]  # top to bottom; the top one is turned face up
    left_out: tuple[str, ...]


@dataclass(frozen=True)
class SoloSetup:
    deep_space: tuple[int, ...]  # base Deep Space tiles, numbered 1..N
    starting: tuple[int, ...]  # base Starting tiles, numbered 1..N
    cards: tuple[int, ...]  # Solo cards 1..12, in reveal order (round 1 first)
    dice: int  # Assistant dice of the colours nobody plays


@dataclass(frozen=True)
class FederationSetup:
    code: SetupCode
    options: FederationOptions
    alteration_tokens: tuple[str, ...] = ()  # face down, one per space, in space order
    arratooine: tuple[int, int] | None = None  # (black-market side tile, Medal side tile) of 1..3
    erudite: tuple[EruditeStack, ...] = ()
    influence: tuple[tuple[str, int], ...] = ()  # (colour, Piracy Influence tokens)
    megastructures: tuple[int, ...] = ()  # Megastructure numbers for new tokens 1 and 2
    deep_space_piracy: tuple[str, ...] = ()  # the stack, top first
    ai_cards: tuple[str, ...] = ()
    solo: SoloSetup | None = None


def _numbers(rng, pool: int, k: int) -> tuple[int, ...]:
    return tuple(draw.drawn(rng, range(1, pool + 1), k))


def federation_setup(
    players: int,
    seed: int,
    options: FederationOptions | None = None,
    data: FederationData | None = None,
) -> FederationSetup:
    """The Federation setup for ``players`` (1 = Solo mode) from ``seed``."""
    data = data or load_data()
    options = options or FederationOptions()
    low, high = data.players
    if not low <= players <= high:
        raise ValueError(f"Federation takes {low} to {high} players, not {players}")

    def rng(part: str):
        return draw.rng_for(GAME, seed, part)

    got: dict = {"code": SetupCode(GAME, players, seed, options.letters()), "options": options}
    if options.piracy:
        got["alteration_tokens"] = tuple(
            draw.drawn(
                rng("alteration"),
                [t for t, _ in data.alteration_tokens],
                data.count("alteration_piracy_tokens", players),
            )
        )
        black_market, medal = draw.drawn(
            rng("arratooine"), range(1, data.pools["arratooine_medal"] + 1), 2
        )
        got["arratooine"] = (black_market, medal)
        got["erudite"] = tuple(
            _erudite_stack(rng(f"erudite-{t}"), t, new, data) for t, new, _ in data.erudite_new
        )
        got["influence"] = tuple(
            (colour, data.count(entry, players))
            for colour, entry, advanced_only in data.influence
            if options.advanced or not advanced_only
        )
    if options.advanced:
        got["megastructures"] = _numbers(
            rng("megastructures"),
            data.base["megastructures"],
            data.count("new_megastructure_tokens", players),
        )
    if options.advanced or (options.piracy and players == 1):
        got["deep_space_piracy"] = tuple(
            draw.drawn(
                rng("deep-space-piracy"),
                [t for t, _ in data.deep_space_piracy],
                data.count("deep_space_piracy_tiles", players),
            )
        )
    if options.ai_assistant:
        got["ai_cards"] = tuple(
            draw.drawn(
                rng("ai-assistant"),
                [a for a, _ in data.assistants],
                data.count("ai_assistant_cards", players),
            )
        )
    if players == 1:
        got["solo"] = SoloSetup(
            deep_space=_numbers(
                rng("solo-deep-space"),
                data.base["deep_space_tiles"],
                data.count("solo_deep_space_tiles", 1),
            ),
            starting=_numbers(
                rng("solo-starting"),
                data.base["starting_tiles"],
                data.count("solo_starting_tiles", 1),
            ),
            cards=_numbers(
                rng("solo-cards"), data.pools["solo_cards"], data.count("solo_cards", 1)
            ),
            dice=min(data.count("solo_assistant_dice", 1), data.base["player_colours"] - 1),
        )
    return FederationSetup(**got)


def _erudite_stack(rng, kind: str, new_tile: str, data: FederationData) -> EruditeStack:
    base = [f"1{kind}{n}" for n in range(1, data.base["erudite_level1_per_type"] + 1)]
    if new_tile in base:
        raise ValueError(f"new Erudite tile {new_tile} has the id of a base tile")
    pile = draw.shuffled(rng, [*base, new_tile])
    size = data.count("erudite_stack_size", 1)
    return EruditeStack(kind, tuple(pile[:size]), tuple(sorted(pile[size:])))


def describe(setup: FederationSetup, data: FederationData | None = None) -> list[str]:
    data = data or load_data()
    o, players = setup.options, setup.code.players
    modules = [
        m
        for m, on in (
            ("Piracy", o.piracy),
            ("advanced setup", o.advanced),
            ("AI Assistant", o.ai_assistant),
        )
        if on
    ]
    mode = "Solo mode" if players == 1 else f"{players} players"
    lines = [
        f"Federation, {mode}, {', '.join(modules) or 'base game'}; setup code {setup.code}",
        "",
    ]
    alteration = dict(data.alteration_tokens)
    dsp = dict(data.deep_space_piracy)
    new_erudite = {i: short for _, i, short in data.erudite_new}
    assistants = dict(data.assistants)
    if o.piracy:
        lines.append("Piracy module")
        lines.append("  Alteration Piracy tokens, face down, one per space (setter only):")
        lines += [
            f"    space {i}: {t} ({alteration[t]})"
            for i, t in enumerate(setup.alteration_tokens, 1)
        ]
        bm, medal = setup.arratooine or (0, 0)
        lines.append(
            f"  ARRATOOINE: tile {bm} black-market side up on Arratooine; "
            f"tile {medal} Medal of honor side up next to it"
        )
        lines.append("  Level 1 Erudite stacks, top first (top face up; the others face down):")
        for s in setup.erudite:
            marked = [f"{t}*" if t in new_erudite else t for t in s.tiles]
            lines.append(f"    {s.type}: {' '.join(marked)}   (box: {' '.join(s.left_out)})")
        lines.append("    * new Piracy tile")
        tokens = ", ".join(f"{n} {c}" for c, n in setup.influence)
        lines.append(f"  Piracy Influence tokens: {tokens}")
    if setup.megastructures:
        pairs = ", ".join(
            f"token {i} on Megastructure {m}" for i, m in enumerate(setup.megastructures, 1)
        )
        lines.append(f"  New Megastructure tokens: {pairs} (of {data.base['megastructures']})")
    if setup.deep_space_piracy:
        lines.append("  Deep Space Piracy stack, top first (face down):")
        lines += [f"    {t} ({dsp[t]})" for t in setup.deep_space_piracy]
    if o.ai_assistant:
        lines += [""] if o.piracy else []
        lines.append(
            f"AI Assistant cards on display: {', '.join(assistants[a] for a in setup.ai_cards)}"
        )
    if setup.solo:
        s = setup.solo
        lines += [""] if o.piracy or o.ai_assistant else []
        lines.append("Solo mode")
        lines.append(f"  Assistant dice: the {s.dice} colours you are not playing")
        lines.append(
            f"  Deep Space tiles (of {data.base['deep_space_tiles']}): "
            + ", ".join(f"#{n}" for n in s.deep_space)
        )
        lines.append(
            f"  Starting tiles (of {data.base['starting_tiles']}): "
            + ", ".join(f"#{n}" for n in s.starting)
        )
        lines.append(
            "  Solo cards, in reveal order (round 1 first): " + ", ".join(f"#{n}" for n in s.cards)
        )
    return lines
