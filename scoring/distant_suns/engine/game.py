"""A game of Distant Suns for 1 to 4 players, as frozen data and pure transitions.

A :class:`GameState` is in one of three phases:

* ``assignment``: the active player puts Module ``turn`` into two free
  neighbouring notches (:meth:`GameState.legal_assignments`,
  :meth:`GameState.assign`); the zone opposite the circle is theirs, the zone
  opposite the octagon everyone else's;
* ``drawing``: every player draws their zone at once
  (:meth:`GameState.legal_drawings`, :meth:`GameState.draw`), through the
  placement rules, spending at most 2 Upgrades gained on earlier turns;
* ``over``: after the third round; :meth:`GameState.final_states` gives the
  sheets as :class:`~scoring.distant_suns.state.DistantSunsState` and
  :meth:`GameState.standings` scores them with ``score_table``.

After the drawing, the player to the left becomes active. When the next
Module fits nowhere or none is left, the round ends there; that player (who
could not place one) starts the next round with a fresh stack.

Every refused action raises a subclass of
:class:`~scoring.distant_suns.engine.errors.IllegalAction` saying why.

Readings of the rulebook (see layouts/README.md, "Distant Suns rules engine"):

* Solo: the rulebook has none. A lone player is the active player every
  turn and draws the zone at the circle; the octagon's zone goes to nobody.
* Not drawing is allowed only when the whole shape fits nowhere: spending
  Upgrades is optional ("you may use"), so a player who would need them may
  choose to draw nothing.
* Upgrades gained this turn cannot be spent until the next one; Upgrades
  are gained by covering an Upgrade space with a drawn hex.
* The Frontier race: a Frontier is reached on the turn a covered space is
  next to it; everyone who reaches it on the earliest such turn gets the
  first value, later players the second.
* The player who "was unable to place a Module" after a 5-turn round is the
  one who would have been active on turn 6.

>>> state = new_game(["Ana", "Ben"], seed=3)
>>> state.phase, state.round, state.turn, state.active
('assignment', 1, 1, 0)
>>> state = state.assign(state.legal_assignments()[0])
>>> state.phase, state.zone_for(0).id == state.assignment.active_zone
('drawing', True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Literal

from pydantic import Field, PositiveInt

from scoring.distant_suns.engine.board import (
    Board,
    BoardLayout,
    ModulePlacement,
    Notch,
    legal_module_placements,
    load_board_layout,
    module_problem,
)
from scoring.distant_suns.engine.errors import IllegalAssignment, IllegalDrawing, WrongPhase
from scoring.distant_suns.engine.tables import Fit, Tables, tables
from scoring.distant_suns.facts import game_turn
from scoring.distant_suns.hexgrid import Hex, hex_id, neighbours
from scoring.distant_suns.layout import Cosmos, Shapes, Zone, load_cosmos, load_shapes
from scoring.distant_suns.placement import Placement, Sheet, check_sheet
from scoring.distant_suns.score import Standing, score_table
from scoring.distant_suns.state import DistantSunsState, DrawnShape
from scoring.layout_file import Strict, layouts_root, load_model

Phase = Literal["assignment", "drawing", "over"]


class _PlayerRange(Strict):
    min: PositiveInt
    max: PositiveInt
    assumed: bool = False
    note: str = ""


class _SetupFile(Strict):
    version: Literal[1]
    players: _PlayerRange = Field()


@cache
def shipped() -> tuple[Cosmos, Shapes, BoardLayout]:
    """The shipped cosmos, shapes and board, loaded once (their tables are then reused)."""
    return load_cosmos(), load_shapes(), load_board_layout()


@cache
def max_players() -> int:
    """The most players a game takes (layouts/setup/distant_suns.yaml: 4 pencils)."""
    setup = load_model(layouts_root() / "setup" / "distant_suns.yaml", _SetupFile)
    return setup.players.max


@dataclass(frozen=True)
class Assignment:
    """This turn's Module and the zones it gives: the circle's to the active player."""

    module: int
    placement: ModulePlacement
    active_zone: str
    opponents_zone: str


@dataclass(frozen=True)
class PlayerState:
    """One player's sheet, with what the engine keeps to answer quickly.

    ``covered`` is the sheet's covered spaces as a mask; ``touch`` the spaces a
    new shape must touch (the Start's neighbours before the first shape);
    ``reached`` the game turn each Frontier was reached on.
    """

    name: str
    sheet: Sheet
    covered: int
    touch: int
    upgrades_gained: int = 0
    upgrades_spent: int = 0
    reached: Mapping[Hex, int] = field(default_factory=dict)

    @property
    def upgrades_available(self) -> int:
        """Upgrades gained on earlier turns and not spent (none is gained mid-drawing)."""
        return self.upgrades_gained - self.upgrades_spent


@dataclass(frozen=True)
class TurnRecord:
    """What happened on one turn: the Module, then each player's shape (None: none)."""

    round: int
    turn: int
    active: int
    assignment: Assignment
    drawn: tuple[Placement | None, ...]


@dataclass(frozen=True, eq=False)
class Game:
    """What does not change during a game: the sheet, the shapes, the board, the players."""

    cosmos: Cosmos
    shapes: Shapes
    board: Board
    names: tuple[str, ...]

    @cached_property
    def tables(self) -> Tables:
        return tables(self.cosmos)

    @cached_property
    def zones(self) -> dict[str, Zone]:
        """The zones in play by id: the five on the board, then the Black Hole."""
        found = {z: self.shapes.zone(z) for z in self.board.zones}
        found[self.shapes.black_hole.id] = self.shapes.black_hole
        return found

    @cached_property
    def masks(self) -> Masks:
        return Masks.of(self.cosmos, self.tables)

    @property
    def layout(self) -> BoardLayout:
        return self.board.layout


@dataclass(frozen=True)
class Masks:
    """Special spaces as masks; ``near`` maps each Frontier and Treasure to its neighbours."""

    upgrade: int
    alien: int
    next_to_black_hole: int
    frontier_near: tuple[tuple[Hex, int], ...]
    treasure_near: tuple[tuple[Hex, int], ...]

    @classmethod
    def of(cls, cosmos: Cosmos, t: Tables) -> Masks:
        def near(h: Hex) -> int:
            return t.mask(n for n in neighbours(h) if n in cosmos.hexes)

        holes = cosmos.of_type("black_hole")
        return cls(
            upgrade=t.mask(cosmos.of_type("upgrade")),
            alien=t.mask(cosmos.of_type("alien")),
            next_to_black_hole=t.mask(n for h in holes for n in neighbours(h)),
            frontier_near=tuple(
                (h, near(h)) for h in sorted(cosmos.of_type("frontier"), key=_row_order)
            ),
            treasure_near=tuple(
                (h, near(h)) for h in sorted(cosmos.of_type("treasure"), key=_row_order)
            ),
        )


def _changed(obj, **changes):
    """``dataclasses.replace`` without re-running ``__init__``: a turn makes many copies."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def _row_order(h: Hex) -> tuple[int, int]:
    return h[1], h[0]


@dataclass(frozen=True)
class GameState:
    """A moment of a game: whose turn, which phase, every sheet, the Modules placed."""

    game: Game
    players: tuple[PlayerState, ...]
    phase: Phase
    round: int
    turn: int
    active: int
    modules: tuple[ModulePlacement, ...] = ()
    occupied: frozenset[Notch] = frozenset()
    assignment: Assignment | None = None
    first_reached: Mapping[Hex, int] = field(default_factory=dict)
    history: tuple[TurnRecord, ...] = ()

    # --- Assignment ------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def game_turn(self) -> int:
        """One number per turn of the game, as the state files count: round 2 turn 1 is 6."""
        return game_turn(self.game.cosmos, self.round, self.turn)

    def legal_assignments(self) -> list[ModulePlacement]:
        """Where the active player may put Module ``turn`` (empty unless assigning)."""
        if self.phase != "assignment":
            return []
        return legal_module_placements(self.game.layout, self.occupied)

    def assign(self, move: ModulePlacement) -> GameState:
        """The active player puts the Module in; the Drawing phase follows."""
        self._expect("assignment", f"place {move}")
        problem = module_problem(self.game.layout, self.occupied, move)
        if problem:
            raise IllegalAssignment(f"Module {self.turn}: {problem}")
        board = self.game.board
        assignment = Assignment(
            module=self.turn,
            placement=move,
            active_zone=board.zone_opposite((move.side, move.circle)),
            opponents_zone=board.zone_opposite((move.side, move.octagon)),
        )
        return _changed(
            self,
            phase="drawing",
            modules=(*self.modules, move),
            occupied=self.occupied | frozenset(move.notches),
            assignment=assignment,
        )

    # --- Drawing -----------------------------------------------------------

    def zone_for(self, player: int) -> Zone:
        """The zone ``player`` draws this turn: the circle's if active, else the octagon's."""
        self._expect("drawing", f"ask player {player}'s zone")
        a = self.assignment
        assert a is not None
        return self.game.zones[a.active_zone if player == self.active else a.opponents_zone]

    def legal_drawings(self, player: int) -> list[Placement]:
        """Every legal way for ``player`` to draw their zone now, with and without Upgrades.

        The same placements as ``legal_placements(sheet, zone, upgrades)`` on the
        player's sheet, found from the engine's masks.
        """
        return self._legal(player)

    def _legal(self, player: int, most: int | None = None) -> list[Placement]:
        zone = self.zone_for(player)
        p = self.players[player]
        if most is None:
            most = min(p.upgrades_available, self.game.cosmos.rules.max_upgrades_per_turn)
        return self.game.tables.legal(zone, p.covered, p.touch, most)

    def drawing_problem(self, player: int, choice: Placement | None) -> str | None:
        """Why ``player`` may not draw ``choice`` (None: draw nothing) now; None if they may."""
        self._expect("drawing", f"check player {player}'s drawing")
        if not 0 <= player < len(self.players):
            return f"no player {player}: players are 0 to {len(self.players) - 1}"
        p = self.players[player]
        zone = self.zone_for(player)
        who = f"{p.name} (round {self.round} turn {self.turn}, {zone.name})"
        if choice is None:
            full = self._legal(player, most=0)
            if full:
                where = " ".join(hex_id(h) for h in sorted(full[0].hexes, key=_row_order))
                return f"{who}: must draw, the whole shape fits (e.g. on {where})"
            return None
        if choice.zone != zone.id:
            return f"{who}: must draw {zone.id!r}, not {choice.zone!r}"
        fit = self.game.tables.fit_of(zone, frozenset(choice.hexes))
        if fit is None:
            return f"{who}: {self._shape_problem(player, choice)}"
        spent = fit.placement.upgrades_used
        listed = " ".join(hex_id(h) for h in sorted(choice.hexes, key=_row_order))
        most = self.game.cosmos.rules.max_upgrades_per_turn
        if choice.upgrades_used != spent:
            return (
                f"{who}: {listed} leaves out {spent} hexes of {zone.size}, "
                f"so it spends {spent} Upgrades, not {choice.upgrades_used}"
            )
        if spent > most:
            return f"{who}: {listed} spends {spent} Upgrades, at most {most} per turn"
        if spent > p.upgrades_available:
            return (
                f"{who}: {listed} spends {spent} Upgrades, but only {p.upgrades_available} "
                "were gained on earlier turns and not spent"
            )
        if fit.mask & p.covered:
            taken = self.game.tables.hexes(fit.mask & p.covered)
            return f"{who}: {' '.join(hex_id(h) for h in sorted(taken, key=_row_order))} " + (
                "already covered"
            )
        if not fit.mask & p.touch:
            what = "the start space" if not p.covered else "any space covered on an earlier turn"
            return f"{who}: {listed} does not touch {what}"
        return None

    def _shape_problem(self, player: int, choice: Placement) -> str:
        """Why no fit covers these hexes, in check_sheet's words."""
        sheet = self.players[player].sheet
        turn = self.game_turn
        drawn = sheet.place(Placement(choice.zone, frozenset(choice.hexes), choice.upgrades_used))
        mine = [m for m in check_sheet(drawn) if m.startswith(f"turn {turn} ")]
        return "; ".join(m.split(": ", 1)[-1] for m in mine) or "not a legal shape here"

    def draw(self, choices: Sequence[Placement | None]) -> GameState:
        """Every player's drawing of this turn at once (None: no shape); then the next turn.

        Raises IllegalDrawing naming every player whose choice is refused.
        """
        self._expect("drawing", "draw")
        if len(choices) != len(self.players):
            raise IllegalDrawing(
                f"{len(choices)} drawings for {len(self.players)} players: one each, None for none"
            )
        problems = [self.drawing_problem(i, c) for i, c in enumerate(choices)]
        found = [p for p in problems if p]
        if found:
            raise IllegalDrawing("; ".join(found))
        turn = self.game_turn
        players = list(self.players)
        masks = self.game.masks
        for i, choice in enumerate(choices):
            if choice is not None:
                fit = self.game.tables.fit_of(self.zone_for(i), frozenset(choice.hexes))
                assert fit is not None
                players[i] = _drawn(players[i], fit, turn, masks)
        first = dict(self.first_reached)
        for p in players:
            for h, t in p.reached.items():
                if t == turn and h not in first:
                    first[h] = turn
        assert self.assignment is not None
        record = TurnRecord(self.round, self.turn, self.active, self.assignment, tuple(choices))
        return _changed(
            self,
            players=tuple(players),
            first_reached=first,
            history=(*self.history, record),
        )._next_turn()

    def _next_turn(self) -> GameState:
        after = (self.active + 1) % len(self.players)
        turn = self.turn + 1
        layout = self.game.layout
        if turn <= layout.modules and legal_module_placements(layout, self.occupied):
            return _changed(self, phase="assignment", turn=turn, active=after, assignment=None)
        if self.round >= self.game.cosmos.rules.rounds:
            return _changed(self, phase="over", assignment=None)
        # Preparing a New Round: the Modules go back; who could not place one starts
        return _changed(
            self,
            phase="assignment",
            round=self.round + 1,
            turn=1,
            active=after,
            modules=(),
            occupied=frozenset(),
            assignment=None,
        )

    # --- End of game -------------------------------------------------------

    def final_states(self) -> tuple[DistantSunsState, ...]:
        """Each player's sheet as a state file would hold it, Frontier values circled."""
        cosmos, board = self.game.cosmos, self.game.board
        per = cosmos.rules.turns_per_round
        out = []
        for p in self.players:
            shapes = tuple(
                DrawnShape(
                    zone=s.zone,
                    hexes=tuple(hex_id(h) for h in sorted(s.hexes, key=_row_order)),
                    round=(s.turn - 1) // per + 1,
                    turn=(s.turn - 1) % per + 1,
                    upgrades_used=s.upgrades_used,
                )
                for s in p.sheet.placed
            )
            frontier = {
                hex_id(h): "high" if t == self.first_reached[h] else "low"
                for h, t in sorted(p.reached.items(), key=lambda item: _row_order(item[0]))
            }
            out.append(
                DistantSunsState(
                    player=p.name,
                    zones=board.zones,
                    optimization=board.optimization,
                    shapes=shapes,
                    upgrades_used=tuple(range(1, p.upgrades_spent + 1)),
                    upgrades_gained=p.upgrades_gained,
                    frontier=frontier,
                )
            )
        return tuple(out)

    def standings(self) -> tuple[Standing, ...]:
        """The players ranked by ``score_table``, best first."""
        return score_table(self.final_states(), self.game.cosmos, self.game.shapes)

    def _expect(self, phase: Phase, action: str) -> None:
        if self.phase != phase:
            raise WrongPhase(
                f"cannot {action} in the {self.phase} phase "
                f"(round {self.round} turn {self.turn}); it belongs to the {phase} phase"
            )


def _drawn(p: PlayerState, fit: Fit, turn: int, masks: Masks) -> PlayerState:
    covered = p.covered | fit.mask
    touch = ((p.touch if p.covered else 0) | fit.around) & ~covered
    reached = p.reached
    new = [h for h, near in masks.frontier_near if h not in reached and near & fit.mask]
    if new:
        reached = {**reached, **dict.fromkeys(new, turn)}
    return _changed(
        p,
        sheet=p.sheet.place(fit.placement, turn),
        covered=covered,
        touch=touch,
        upgrades_gained=p.upgrades_gained + (fit.mask & masks.upgrade).bit_count(),
        upgrades_spent=p.upgrades_spent + fit.placement.upgrades_used,
        reached=reached,
    )


def new_game(
    players: int | Sequence[str],
    board: Board | None = None,
    *,
    seed: int | str = 0,
    first_player: int = 0,
    cosmos: Cosmos | None = None,
    shapes: Shapes | None = None,
    layout: BoardLayout | None = None,
) -> GameState:
    """A game at its first Assignment. ``players``: a count (names P1, P2...) or names.

    Without ``board``, setup steps 2-3 are drawn from ``seed``. ``first_player``
    is the youngest player's seat.
    """
    names = (
        tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
    )
    most = max_players()
    if not 1 <= len(names) <= most:
        raise ValueError(f"Distant Suns takes 1 to {most} players, not {len(names)}")
    if len(set(names)) != len(names) or not all(names):
        raise ValueError(f"player names must be distinct and not empty: {names!r}")
    if not 0 <= first_player < len(names):
        raise ValueError(f"first_player {first_player}: seats are 0 to {len(names) - 1}")
    default_cosmos, default_shapes, default_layout = shipped()
    cosmos = cosmos or default_cosmos
    shapes = shapes or default_shapes
    if board is None:
        board = Board.random(
            random.Random(f"board:{seed}"), cosmos, shapes, layout or default_layout
        )
    if board.layout.modules != cosmos.rules.turns_per_round:
        raise ValueError(
            f"{board.layout.modules} Assignment Modules, but a round has at most "
            f"{cosmos.rules.turns_per_round} turns"
        )
    game = Game(cosmos, shapes, board, names)
    start = game.tables.start_touch
    in_play = tuple(game.zones.values())
    seats = tuple(PlayerState(n, Sheet(cosmos, in_play), 0, start) for n in names)
    return GameState(game, seats, "assignment", round=1, turn=1, active=first_player)


__all__ = [
    "Assignment",
    "Game",
    "GameState",
    "Masks",
    "Phase",
    "PlayerState",
    "TurnRecord",
    "max_players",
    "shipped",
    "new_game",
]
