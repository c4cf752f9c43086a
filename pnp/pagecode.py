"""The page code printed on every writable sheet: game, sheet, layout, version, serial.

Text form: ``PNP:SD:SHIP:AARAKA-GLIDER:1:000042``, upper case so that it fits a
small QR code in alphanumeric mode. The sheets a player prints together share
one serial.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

GAME_CODES = {"stellar-drift": "SD", "distant-suns": "DS", "federation": "FD"}
_GAMES_BY_CODE = {v: k for k, v in GAME_CODES.items()}
SERIAL_DIGITS = 6  # the serial, zero-padded
MAX_SERIAL = 10**SERIAL_DIGITS - 1
_PATTERN = re.compile(
    rf"^PNP:([A-Z]{{2}}):([A-Z0-9-]+):([A-Z0-9-]+):(\d+):(\d{{{SERIAL_DIGITS}}})$"
)


@dataclass(frozen=True)
class PageCode:
    game: str
    sheet: str
    layout: str
    version: int
    serial: int
    # Set where no decoder read the QR symbol and the page code was read as the nearest
    # code a pnp page can carry: the share of its data modules read unlike that code's
    # (``pnp.vision.known_codes``). Not part of the code: codes compare without it.
    matched: float | None = field(default=None, compare=False)

    @property
    def text(self) -> str:
        return ":".join(
            [
                "PNP",
                GAME_CODES[self.game],
                self.sheet.upper(),
                self.layout.upper(),
                str(self.version),
                f"{self.serial:0{SERIAL_DIGITS}d}",
            ]
        )

    @classmethod
    def parse(cls, text: str) -> PageCode:
        """Read a page code; ValueError naming the text if it is not one."""
        m = _PATTERN.match(text.strip())
        if not m or m.group(1) not in _GAMES_BY_CODE:
            raise ValueError(f"not a pnp page code: {text!r}")
        game, sheet, layout, version, serial = m.groups()
        return cls(_GAMES_BY_CODE[game], sheet.lower(), layout.lower(), int(version), int(serial))
