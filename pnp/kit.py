"""Plan and write the whole print kit: pads of every writable sheet, serials in sequence."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.games import GAMES, SheetKind


@dataclass(frozen=True)
class KitJob:
    game: str
    kind: SheetKind
    layout: str
    serials: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.game} {self.kind.name} {self.layout}"

    @property
    def stem(self) -> str:
        return (
            self.kind.name if self.layout == self.kind.name else f"{self.kind.name}-{self.layout}"
        )


def plan_kit(games, players: int, serial_start: int) -> list[KitJob]:
    """Every sheet of every layout; writable sheets get ``players`` copies.

    Copy k of every writable sheet of a game carries serial ``serial_start + k``,
    so a player's ship, tracker and tech sheets match.
    """
    jobs = []
    for name in games:
        for kind in GAMES[name].sheets.values():
            serials = (
                tuple(range(serial_start, serial_start + players))
                if kind.writable
                else (serial_start,)
            )
            for layout in kind.layout_names():
                jobs.append(KitJob(name, kind, layout, serials))
    return jobs


def write_job(job: KitJob, out: Path, paper_name: str, formats, ink_saving: bool) -> list[Path]:
    from pnp.output import write_pages
    from pnp.paper import find_paper
    from pnp.sheets.base import Palette

    paper, palette = find_paper(paper_name), Palette(ink_saving)
    pages = [
        p for serial in job.serials for p in job.kind.build(job.layout, paper, serial, palette)
    ]
    first_copy = pages[: len(pages) // len(job.serials)]
    folder = out / job.game
    written: list[Path] = []
    for fmt in formats:
        if fmt == "pdf":
            written += write_pages(pages, folder / f"{job.stem}.pdf", "pdf")
        else:  # SVG pages of the pad, PNG previews of its first copy
            chosen = pages if fmt == "svg" else first_copy
            written += write_pages(chosen, folder / fmt / f"{job.stem}.{fmt}", fmt)
    return written
