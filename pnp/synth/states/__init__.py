"""Random plausible end-of-game states, in the JSON form ``pnp score`` reads.

A state is a pure function of the game, the seed, the layout and the player
count: one ``random.Random(seed)`` drives a loose but legal replay of a game,
so each sheet is one a real player could end with.

* **Stellar Drift**: seven rounds of income, repairs only next to repaired
  spaces (open sides, ladder pairs, airlock jumps), track and Tech boxes with
  their symbols and padlocks, section bonuses, captain skill and abilities.
  Rules and numbers come from ``layouts/stellar_drift/``; the abilities'
  effects, which the layouts hold only as text, from
  ``layouts/synth/stellar_drift.yaml``.
* **Distant Suns**: a board of zones and Optimization tiles, then every
  player draws the assigned zone turn by turn, choosing among
  :func:`scoring.distant_suns.placement.legal_placements`, sometimes with
  Upgrades; Frontier values circled as the race went.
* **Federation**: a score pad of values drawn from the plausible ranges in
  ``layouts/synth/federation.yaml`` (assumptions, inside the pad's limits), or a
  Solo game: 5 Solo cards and the end-of-game comparison, from the same file.

>>> random_state("federation", 7) == random_state("federation", 7)
True
>>> [s["serial"] for s in random_states("stellar-drift", 3, players=3)]
[1, 2, 3]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pnp.games import GAMES as REGISTRY
from pnp.setup.distant_suns import load_data as distant_suns_setup_data
from pnp.synth.states.common import SOLO
from pnp.synth.states.distant_suns import _distant_suns
from pnp.synth.states.federation import _federation, _score_pad, load_federation_ranges
from pnp.synth.states.stellar_drift import _stellar_drift
from scoring.stellar_drift.layouts import load_rules

GAMES = ("stellar-drift", "distant-suns", "federation")


def random_state(game: str, seed: int, layout: str | None = None) -> dict[str, Any]:
    """One player's plausible end-of-game state of ``game`` from ``seed``.

    ``layout``: a Stellar Drift ship id (default: a random ship), the Distant
    Suns Cosmos layout (``standard``), or the Federation score pad layout:
    ``table`` (default; 2-4 columns, as ``layouts/synth/federation.yaml`` says),
    ``player`` (one column) or ``solo`` (a Solo game: the Solo tracker's state).
    """
    layout = _check_layout(game, layout)
    return _MAKERS[game](random.Random(seed), None, layout)[0]


def random_states(
    game: str, seed: int, players: int, layout: str | None = None
) -> list[dict[str, Any]]:
    """The sheets of ``players`` players of one game of ``game``, from ``seed``.

    Stellar Drift: independent sheets, serials 1..n, each on ``layout`` or a
    random ship. Distant Suns: one board (same zones and Optimization tiles),
    turns played together, Frontier values circled as the race went.
    Federation: one ``table`` pad with ``players`` columns (a list of one
    state), or with ``layout="player"`` one single-column pad per player.
    """
    _check_game(game)
    layout = _check_layout(game, layout)
    low, high = _player_range(game)
    if not low <= players <= high:
        raise ValueError(f"{game} states take {low} to {high} players, not {players}")
    return _MAKERS[game](random.Random(seed), players, layout)


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    return game


_STATE_SHEET = {"stellar-drift": "ship", "distant-suns": "cosmos", "federation": "scorepad"}


def _check_layout(game: str, layout: str | None) -> str | None:
    """``layout`` if the game's state sheet has it (None stays None: the default)."""
    names = REGISTRY[_check_game(game)].sheet(_STATE_SHEET[game]).layout_names()
    if game == "federation":
        names = [*names, SOLO]
    if layout is not None and layout not in names:
        raise ValueError(
            f"unknown {game} {_STATE_SHEET[game]} layout {layout!r}: choose one of "
            f"{', '.join(names)}"
        )
    return layout


def _player_range(game: str) -> tuple[int, int]:
    if game == "stellar-drift":
        counts = load_rules().bag_per_colour
        return min(counts), max(counts)
    if game == "distant-suns":
        return 1, distant_suns_setup_data().players[1]  # 1: a lone sheet
    pad = _score_pad()
    return pad.players.min, pad.players.max


_MAKERS: dict[str, Callable[[random.Random, int | None, str | None], list[dict[str, Any]]]] = {
    "stellar-drift": _stellar_drift,
    "distant-suns": _distant_suns,
    "federation": _federation,
}

__all__ = ["GAMES", "load_federation_ranges", "random_state", "random_states"]
