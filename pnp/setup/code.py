"""Setup codes: game, players, seed and options in one short, typeable string.

``SD-4-81723``: Stellar Drift, 4 players, seed 81723, default options.
``SD-3-5521-A0M``: player 1 flies the ship whose letter is A, player 2 a random
ship, player 3 ship M. ``FD-2-904-PI``: Federation with the Piracy module
(basic setup) and the AI Assistant module. The options part is the game's own
(see each game's ``options_from_code``); it is left out when every option is
the default. Codes read case-insensitively, with spaces or dashes around.

>>> code = SetupCode("stellar-drift", 4, 81723)
>>> str(code)
'SD-4-81723'
>>> parse_code(" sd-4-81723 ") == code
True
>>> str(parse_code("fd-2-904-pi"))
'FD-2-904-PI'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIXES = {"stellar-drift": "SD", "distant-suns": "DS", "federation": "FD"}
GAMES_BY_PREFIX = {prefix: game for game, prefix in PREFIXES.items()}
MAX_SEED = 10**9  # codes stay short enough to read aloud
_CODE = re.compile(r"([A-Z]{2})-(\d{1,2})-(\d{1,10})(?:-([A-Z0-9]{1,12}))?")


class SetupCodeError(ValueError):
    """A setup code that cannot be read; the message quotes it and says what is expected."""


@dataclass(frozen=True)
class SetupCode:
    game: str
    players: int
    seed: int
    options: str = ""  # the game's own option letters; "" means every default

    def __post_init__(self) -> None:
        if self.game not in PREFIXES:
            raise SetupCodeError(f"unknown game {self.game!r}: choose one of {', '.join(PREFIXES)}")
        if not 0 <= self.seed < MAX_SEED:
            raise SetupCodeError(f"seed {self.seed} is out of range: use 0 to {MAX_SEED - 1}")
        if self.players < 1:
            raise SetupCodeError(f"players must be at least 1, not {self.players}")

    def __str__(self) -> str:
        text = f"{PREFIXES[self.game]}-{self.players}-{self.seed}"
        return f"{text}-{self.options}" if self.options else text


def parse_code(text: str) -> SetupCode:
    """The setup code in ``text``; SetupCodeError quoting it if it is not one."""
    cleaned = text.strip().strip("-").upper().replace(" ", "")
    match = _CODE.fullmatch(cleaned)
    if match is None:
        raise SetupCodeError(
            f"not a setup code: {text!r} (expected GAME-PLAYERS-SEED[-OPTIONS], e.g. SD-4-81723)"
        )
    prefix, players, seed, options = match.groups()
    if prefix not in GAMES_BY_PREFIX:
        known = ", ".join(GAMES_BY_PREFIX)
        raise SetupCodeError(f"unknown game {prefix!r} in setup code {text!r} (known: {known})")
    return SetupCode(GAMES_BY_PREFIX[prefix], int(players), int(seed), options or "")
