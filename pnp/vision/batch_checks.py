"""The checks of a batch of read sheets: it is of one game (``batch_game``: the game
most sheets are of, the first photo's on a tie), and a sheet of another game
(``wrong_game``) or seen twice (``duplicates``) is left out, each with its reason.
"""

from __future__ import annotations

from collections import Counter

from pnp.vision.assembled import Refused
from pnp.vision.photo_io import EXIT_DUPLICATE, EXIT_WRONG_GAME
from pnp.vision.sheet_reading import SheetReading


def duplicates(sheets: list[SheetReading]) -> tuple[list[SheetReading], list[Refused]]:
    kept: dict[tuple, SheetReading] = {}
    refused = []
    for s in sheets:
        # Federation layouts are different sheets (the Solo tracker's two pages, a table
        # pad and a player page); a Stellar Drift ship's layout is which ship it is.
        layout = s.code.layout if s.code.game == "federation" else ""
        key = (s.code.game, s.code.sheet, s.code.serial, layout)
        if key in kept:
            first = kept[key]
            what = (
                f"the same sheet as {first.source} ({s.code.text})"
                if first.code == s.code
                else f"a second {s.code.game} {s.code.sheet} sheet with serial {s.code.serial} "
                f"({first.source} has one)"
            )
            refused.append(Refused(s.source, EXIT_DUPLICATE, f"{s.source}: {what}; left out"))
        else:
            kept[key] = s
    return list(kept.values()), refused


def batch_game(games: list[str]) -> str | None:
    """The game most inputs are of (the first one's on a tie)."""
    if not games:
        return None
    counts = Counter(games)
    top = max(counts.values())
    return next(g for g in games if counts[g] == top)


def wrong_game(source: str, game: str, batch: str) -> Refused:
    return Refused(
        source,
        EXIT_WRONG_GAME,
        f"{source}: a {game} sheet among {batch} sheets; read it in a batch of its own",
    )
