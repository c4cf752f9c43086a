"""Distant Suns rules engine: the game for 1 to 4 players, bots, and balance numbers.

Pure: no drawing, nothing from ``pnp``. States are frozen; every action returns
a new state or raises an :class:`IllegalAction` saying why.

* :mod:`.board`: board.yaml's notches, the game's board, Module placements.
* :mod:`.game`: ``new_game()`` and :class:`GameState` (Assignment, Drawing, rounds, end).
* :mod:`.tables`: every zone's in-grid fits as masks (``legal_placements``, fast).
* :mod:`.bots`: ``RandomBot``, ``GreedyBot``, ``play()``.
* :mod:`.balance`: score distributions, shapes per game, sheet capacity, seat win rates.
"""

from scoring.distant_suns.engine.board import (
    Board,
    BoardLayout,
    ModulePlacement,
    legal_module_placements,
    load_board_layout,
)
from scoring.distant_suns.engine.bots import GreedyBot, RandomBot, make_bot, play, play_game
from scoring.distant_suns.engine.errors import (
    IllegalAction,
    IllegalAssignment,
    IllegalDrawing,
    WrongPhase,
)
from scoring.distant_suns.engine.game import Assignment, GameState, PlayerState, new_game

__all__ = [
    "Assignment",
    "Board",
    "BoardLayout",
    "GameState",
    "GreedyBot",
    "IllegalAction",
    "IllegalAssignment",
    "IllegalDrawing",
    "ModulePlacement",
    "PlayerState",
    "RandomBot",
    "WrongPhase",
    "legal_module_placements",
    "load_board_layout",
    "make_bot",
    "new_game",
    "play",
    "play_game",
]
