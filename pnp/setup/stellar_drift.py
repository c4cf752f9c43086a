"""Stellar Drift setup: the cube bag, each player's two starting cubes, ships, and
who settles a first-round cube-pulling deadlock.

Starting cubes are drawn as at a real table: the bag holds the player count's
cubes; players pull two each in seat order, without the others' cubes going
back; a player who pulls two of one colour puts one back and redraws until
the colours differ; once everyone has chosen, every cube goes back in the bag.
Which cube becomes the Captain Skill stays the player's choice: both options
are part of the setup, with what each gives.

>>> s = stellar_drift_setup(2, 81723)
>>> str(s.code), len(s.players), sum(n for _, n in s.bag)
('SD-2-81723', 2, 24)
>>> all(p.cubes[0] != p.cubes[1] for p in s.players)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.setup import draw
from pnp.setup.code import SetupCode, SetupCodeError

GAME = "stellar-drift"
RANDOM_SHIP = "0"  # the option letter for "a random ship" in a setup code


@dataclass(frozen=True)
class StellarDriftData:
    """What a Stellar Drift setup needs from the layout files."""

    bag_per_colour: dict[int, int]
    colours: tuple[str, ...]  # cube colours, in bag order
    ships: tuple[str, ...]  # ship ids
    first_game_ship: str
    track_colours: tuple[str, ...]  # the Tech tracks; the one cube colour without a track is blue
    track_abilities: dict[str, tuple[str | None, str | None]]  # (1st box, 2nd box) ability texts
    captain_skills: dict[str, str]  # colour -> "cost: text"
    ship_names: dict[str, str]

    @property
    def ship_letters(self) -> dict[str, str]:
        """Each ship's letter in setup codes: the first letter of its id."""
        letters = {ship: ship[0].upper() for ship in self.ships}
        if len(set(letters.values())) != len(letters) or RANDOM_SHIP in letters.values():
            raise ValueError(f"ship ids must start with different letters: {sorted(self.ships)}")
        return letters


@cache
def load_data() -> StellarDriftData:
    from scoring.stellar_drift.layout import COLOURS
    from scoring.stellar_drift.layouts import load_rules, load_tech, load_tracker, ship_names

    rules, tech, tracker = load_rules(), load_tech(), load_tracker()
    abilities = {a.id: a.text for a in tech.abilities}
    first_two = {
        t.colour: tuple(abilities.get(b.ability) if b.ability else None for b in t.boxes[:2])
        for t in tech.tech_tracks
    }
    ships = tuple(ship_names())
    return StellarDriftData(
        bag_per_colour=dict(rules.bag_per_colour),
        colours=tuple(COLOURS),
        ships=ships,
        first_game_ship=rules.first_game_ship,
        track_colours=tuple(t.colour for t in tech.tech_tracks),
        track_abilities=first_two,
        captain_skills={s.colour: f"{s.cost}: {s.text}" for s in tracker.captain_skills},
        ship_names={s: s.replace("-", " ").title() for s in ships},
    )


@dataclass(frozen=True)
class CaptainOption:
    """One way to use the two starting cubes: ``skill`` is the Captain Skill's colour."""

    skill: str
    skill_text: str
    tech: str  # the other cube's colour
    tech_boxes: tuple[tuple[str, int], ...]  # (track colour, bottom boxes checked)
    unlocks: tuple[str, ...]  # ability texts those boxes unlock


@dataclass(frozen=True)
class PlayerSetup:
    seat: int  # 1-based, clockwise
    ship: str
    ship_random: bool
    cubes: tuple[str, str]  # the two colours kept, in the order pulled
    redraws: int  # cubes put back because they matched the first
    options: tuple[CaptainOption, CaptainOption]


@dataclass(frozen=True)
class StellarDriftSetup:
    code: SetupCode
    bag: tuple[tuple[str, int], ...]  # (colour, cubes) in the bag for the whole game
    players: tuple[PlayerSetup, ...]
    deadlock_first: int  # the seat who designates who pulls first in round 1
    deadlock_order: tuple[int, ...]  # priority clockwise from that seat


def ships_from_code(options: str, players: int, data: StellarDriftData) -> tuple[str | None, ...]:
    """The ships a code's options name, one letter per seat ("0" for random); all random if ""."""
    if not options:
        return (None,) * players
    if len(options) != players:
        raise SetupCodeError(
            f"ship letters {options!r} must give one letter per player ({players}), "
            f"{RANDOM_SHIP} for a random ship"
        )
    by_letter = {letter: ship for ship, letter in data.ship_letters.items()}
    ships: list[str | None] = []
    for letter in options.replace("O", RANDOM_SHIP):
        if letter == RANDOM_SHIP:
            ships.append(None)
        elif letter in by_letter:
            ships.append(by_letter[letter])
        else:
            known = ", ".join(f"{v}={k}" for k, v in sorted(by_letter.items()))
            raise SetupCodeError(f"unknown ship letter {letter!r} in {options!r} (known: {known})")
    return tuple(ships)


def ships_to_code(ships: tuple[str | None, ...], data: StellarDriftData) -> str:
    if all(s is None for s in ships):
        return ""
    return "".join(RANDOM_SHIP if s is None else data.ship_letters[s] for s in ships)


def resolve_ship_choice(
    choice: str, players: int, data: StellarDriftData
) -> tuple[str | None, ...]:
    """``--ships`` text: "random", "first" (the first-game ship), one ship id for everyone,
    or comma-separated ids / "random", one per seat."""
    parts = [p.strip().lower() for p in choice.split(",")]
    if len(parts) == 1:
        parts *= players
    if len(parts) != players:
        raise ValueError(f"--ships {choice!r}: give one ship or one per player ({players})")
    ships: list[str | None] = []
    for part in parts:
        if part == "random":
            ships.append(None)
        elif part == "first":
            ships.append(data.first_game_ship)
        elif part in data.ships:
            ships.append(part)
        else:
            known = ", ".join(("random", "first", *data.ships))
            raise ValueError(f"unknown ship {part!r} in --ships {choice!r}: choose from {known}")
    return tuple(ships)


def stellar_drift_setup(
    players: int,
    seed: int,
    ships: tuple[str | None, ...] | None = None,
    data: StellarDriftData | None = None,
) -> StellarDriftSetup:
    """The setup for ``players`` from ``seed``; ``ships[i]`` None means a random ship."""
    data = data or load_data()
    if players not in data.bag_per_colour:
        raise ValueError(
            f"Stellar Drift takes {min(data.bag_per_colour)} to {max(data.bag_per_colour)} "
            f"players, not {players}"
        )
    ships = ships or (None,) * players
    if len(ships) != players:
        raise ValueError(f"{len(ships)} ships given for {players} players")
    per_colour = data.bag_per_colour[players]
    code = SetupCode(GAME, players, seed, ships_to_code(ships, data))

    ship_rng = draw.rng_for(GAME, seed, "ships")
    # One pick per seat whatever was chosen, so choosing one ship leaves the others as they were.
    random_ships = [ship_rng.choice(data.ships) for _ in range(players)]

    bag = [c for c in data.colours for _ in range(per_colour)]
    bag_rng = draw.rng_for(GAME, seed, "starting-cubes")
    seats = []
    for seat in range(1, players + 1):
        cubes, redraws = _pull_two(bag_rng, bag)
        ship = ships[seat - 1] or random_ships[seat - 1]
        options = (
            captain_option(cubes[0], cubes[1], data),
            captain_option(cubes[1], cubes[0], data),
        )
        seats.append(PlayerSetup(seat, ship, ships[seat - 1] is None, cubes, redraws, options))
    # Everyone returns both cubes (Captain Skill and Tech Track setup), so the bag is whole again.

    first = draw.rng_for(GAME, seed, "deadlock").randrange(players) + 1
    order = tuple((first - 1 + i) % players + 1 for i in range(players))
    return StellarDriftSetup(
        code=code,
        bag=tuple((c, per_colour) for c in data.colours),
        players=tuple(seats),
        deadlock_first=first,
        deadlock_order=order,
    )


def _pull_two(rng, bag: list[str]) -> tuple[tuple[str, str], int]:
    """Pull two cubes from ``bag`` (they stay out); redraw the second until the colours differ."""
    first = bag.pop(rng.randrange(len(bag)))
    if all(c == first for c in bag):
        raise ValueError(f"the bag holds only {first} cubes: no second colour to draw")
    redraws = 0
    second = bag.pop(rng.randrange(len(bag)))
    while second == first:
        bag.append(second)  # put it back, then redraw
        redraws += 1
        second = bag.pop(rng.randrange(len(bag)))
    return (first, second), redraws


def captain_option(skill: str, tech: str, data: StellarDriftData) -> CaptainOption:
    """Captain Skill ``skill``; the other cube ``tech`` starts the Tech tracks: the bottom two
    boxes of its track, or for a colour with no track (blue) the bottom box of every track."""
    if tech in data.track_colours:
        boxes: tuple[tuple[str, int], ...] = ((tech, 2),)
    else:
        boxes = tuple((t, 1) for t in data.track_colours)
    unlocks = tuple(
        text for track, n in boxes for text in data.track_abilities[track][:n] if text is not None
    )
    return CaptainOption(skill, data.captain_skills.get(skill, ""), tech, boxes, unlocks)


def tech_start_text(option: CaptainOption) -> str:
    """What the Tech cube checks off, e.g. "bottom 2 boxes of the red track (unlocks: ...)"."""
    if len(option.tech_boxes) == 1:
        ((track, n),) = option.tech_boxes
        where = f"bottom {n} boxes of the {track} track"
    else:
        where = "bottom box of every track (" + ", ".join(t for t, _ in option.tech_boxes) + ")"
    return f"{where}; unlocks: {' / '.join(option.unlocks)}" if option.unlocks else where


def describe(setup: StellarDriftSetup, data: StellarDriftData | None = None) -> list[str]:
    """The setup as lines of text for the terminal."""
    data = data or load_data()
    lines = [f"Stellar Drift, {len(setup.players)} players, setup code {setup.code}", ""]
    bag = ", ".join(f"{n} {c}" for c, n in setup.bag)
    lines.append(
        f"Cube bag: {bag} ({sum(n for _, n in setup.bag)} cubes; the rest stay in the box)"
    )
    lines.append("")
    for p in setup.players:
        how = "random" if p.ship_random else "chosen"
        redraw = f" (after {p.redraws} redraw{'s' * (p.redraws != 1)})" if p.redraws else ""
        lines.append(
            f"Player {p.seat}: {data.ship_names[p.ship]} ({how}); "
            f"starting cubes {p.cubes[0]} + {p.cubes[1]}{redraw}"
        )
        for o in p.options:
            lines.append(f"  - Captain Skill {o.skill} ({o.skill_text})")
            lines.append(f"    {o.tech} cube: {tech_start_text(o)}")
    lines.append("  Then both cubes go back in the bag.")
    lines.append("")
    order = " > ".join(f"P{s}" for s in setup.deadlock_order)
    lines.append(
        f"Round 1 cube-pulling deadlock: Player {setup.deadlock_first} designates who pulls "
        f"first; priority clockwise from there ({order})."
    )
    return lines
