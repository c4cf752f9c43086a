"""The registry of games and their sheets; builders are imported only when used."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class SheetKind:
    """A kind of sheet: its builder ("module:function") and where its layouts come from.

    A builder is called as ``build(layout, paper, serial, palette)`` and returns
    a list of ``RenderedPage``.
    """

    name: str
    description: str
    builder: str
    layouts: str  # "module:function" returning the layout names, the first the default
    writable: bool = True

    def build(self, *args, **kwargs):
        return _resolve(self.builder)(*args, **kwargs)

    def layout_names(self) -> list[str]:
        return _resolve(self.layouts)()


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    sheets: dict[str, SheetKind]

    def sheet(self, name: str) -> SheetKind:
        try:
            return self.sheets[name]
        except KeyError:
            raise ValueError(
                f"unknown sheet {name!r} for {self.name}: choose one of {', '.join(self.sheets)}"
            ) from None


def _resolve(ref: str) -> Callable:
    module, _, func = ref.partition(":")
    return getattr(import_module(module), func)


_SD = "pnp.sheets.stellar_drift.build"
_DS = "pnp.sheets.distant_suns.build"
_FD = "pnp.sheets.federation.build"
GAMES: dict[str, Game] = {
    "stellar-drift": Game(
        "stellar-drift",
        "Stellar Drift",
        {
            "ship": SheetKind("ship", "the five ship sheets", f"{_SD}:ship", f"{_SD}:ship_layouts"),
            "tracker": SheetKind(
                "tracker",
                "ship repair tracks, captain skills, end scoring",
                f"{_SD}:tracker",
                f"{_SD}:tracker_layouts",
            ),
            "tech": SheetKind(
                "tech",
                "income, tech tracks, round tracker, spent cubes",
                f"{_SD}:tech",
                f"{_SD}:tech_layouts",
            ),
            "components": SheetKind(
                "components",
                "energy sideboards, ready tokens, cube tokens",
                f"{_SD}:components",
                f"{_SD}:component_layouts",
                writable=False,
            ),
        },
    ),
    "distant-suns": Game(
        "distant-suns",
        "Distant Suns",
        {
            "cosmos": SheetKind(
                "cosmos", "the Cosmos hex sheet", f"{_DS}:cosmos", f"{_DS}:cosmos_layouts"
            ),
            "templates": SheetKind(
                "templates",
                "the 11 shape templates at true hex size",
                f"{_DS}:templates",
                f"{_DS}:plain_layouts",
                writable=False,
            ),
            "board": SheetKind(
                "board",
                "the Dashboard board (two parts)",
                f"{_DS}:board",
                f"{_DS}:plain_layouts",
                writable=False,
            ),
            "tiles": SheetKind(
                "tiles",
                "Exploration Zone, Optimization and Assignment tiles",
                f"{_DS}:tiles",
                f"{_DS}:plain_layouts",
                writable=False,
            ),
        },
    ),
    "federation": Game(
        "federation",
        "Federation",
        {
            "scorepad": SheetKind(
                "scorepad",
                "end-of-game score pad, 1-5 players",
                f"{_FD}:scorepad",
                f"{_FD}:scorepad_layouts",
            ),
            "solo": SheetKind("solo", "Solo-mode tracker", f"{_FD}:solo", f"{_FD}:solo_layouts"),
            "reference": SheetKind(
                "reference",
                "Piracy, AI Assistant and Erudite references",
                f"{_FD}:reference",
                f"{_FD}:reference_layouts",
                writable=False,
            ),
        },
    ),
}


def find_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
