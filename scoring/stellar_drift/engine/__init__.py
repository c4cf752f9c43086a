"""Stellar Drift rules engine: play whole games (1-5 players) by the rulebook.

Pure: no drawing, nothing from ``pnp``. A game is a :class:`GameState` built by
``new_game(ships, seed)``; ``legal_actions``/``refusal``/``apply`` play it;
``final_state`` turns a seat's sheets into the end-of-game state that
``scoring.stellar_drift.score.score`` scores. ``apply`` lives in
``engine.rules`` (with the readings of the rulebook), ``refusal`` in
``engine.refusals``, ``legal_actions`` in ``engine.legal`` and the questions they
ask of a state in ``engine.queries``. Bots and ``play`` live in ``engine.bots``;
measurements in ``engine.balance``.
"""

from scoring.stellar_drift.engine.actions import (
    Action,
    ApplyTech,
    ChooseSkill,
    Exchange,
    IllegalAction,
    Pass,
    Repair,
    Store,
    UseAbility,
    UseBonus,
    UseSkill,
)
from scoring.stellar_drift.engine.legal import legal_actions
from scoring.stellar_drift.engine.refusals import refusal
from scoring.stellar_drift.engine.rules import apply
from scoring.stellar_drift.engine.state import GameState, Sheet, final_state, new_game

__all__ = [
    "Action",
    "ApplyTech",
    "ChooseSkill",
    "Exchange",
    "GameState",
    "IllegalAction",
    "Pass",
    "Repair",
    "Sheet",
    "Store",
    "UseAbility",
    "UseBonus",
    "UseSkill",
    "apply",
    "final_state",
    "legal_actions",
    "new_game",
    "refusal",
]
