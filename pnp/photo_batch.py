"""A batch of photos read into game states: the photos named (and those in the folders
named), read on both cores when there are several, and assembled into states with the
answers given (``--set``) and asked in the terminal (``--ask``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import click

from pnp.set_answers import check_sets, parse_sets

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".pdf")
PARALLEL_FROM = 3  # photos; fewer are read in this process (a worker's start costs more)


def is_photo(path: Path) -> bool:
    return path.suffix.lower() in PHOTO_SUFFIXES


def expand(paths: Sequence[Path], param: str = "PHOTOS") -> list[Path]:
    """Photos named, and those inside folders named (sorted); BadParameter for a folder
    holding none (a wrong folder named must not read as nothing to do)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(q for q in p.iterdir() if q.is_file() and is_photo(q))
            if not found:
                kinds = ", ".join(PHOTO_SUFFIXES)
                raise click.BadParameter(
                    f"{p}: no photos in this folder ({kinds})", param_hint=param
                )
            out += found
        else:
            out.append(p)
    return out


# --- reading a batch ------------------------------------------------------------


def _read_one(path: str, color: bool, page: int | None = None):
    """In a worker: the sheets of one photo (a PDF scan, or its ``page``), and the Refused
    lines for it (never raises)."""
    from pnp.vision.assembled import Refused
    from pnp.vision.memory import keep_freed_memory
    from pnp.vision.photo_io import PhotoError
    from pnp.vision.read import read_photo

    keep_freed_memory()  # once per process: each photo reuses the last one's arrays
    pages: list[PhotoError] = []  # a PDF's pages that cannot be read
    try:
        sheets = read_photo(path, color=color, refused=pages, page=page)
    except PhotoError as exc:
        return [], [Refused(path, exc.exit_code, str(exc))]
    except Exception as exc:  # a bug must not stop the batch; say which photo and what
        return [], [Refused(path, 1, f"{path}: could not be read ({type(exc).__name__}: {exc})")]
    return sheets, [Refused(path, exc.exit_code, str(exc)) for exc in pages]


@contextmanager
def _one_thread_each():
    """OpenCV on one thread while workers are forked: each reads on one core (the others
    are the other workers'). Set in this process, not in each worker: a worker forked
    from a process whose OpenCV thread pool has run holds a copy of the pool without its
    threads, and setting its threads there can wait forever (seen: a read_batch after
    another in one process)."""
    import cv2

    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        yield
    finally:
        cv2.setNumThreads(threads)


def _tasks(photos: list[Path]) -> list[tuple[str, int | None]]:
    """(file, page) to read: a PDF scan's pages one by one (a table's sheets in one scan
    are read on both cores), any other file whole (page None)."""
    from pnp.vision.scan_pdf import page_count

    out: list[tuple[str, int | None]] = []
    for p in photos:
        count = page_count(p) if p.suffix.lower() == ".pdf" else None
        out += [(str(p), n) for n in range(1, count + 1)] if count else [(str(p), None)]
    return out


def read_batch(photos: list[Path], color: bool = False, jobs: int = 2):
    """(sheets, refused) for ``photos`` in order; both cores when there are several."""
    results = []
    tasks = _tasks([Path(p) for p in photos])
    noun = "photo" if len(tasks) == len(photos) else "file"
    label = f"Reading {len(photos)} {noun}{'' if len(photos) == 1 else 's'}"
    if noun == "file":
        label += f", {len(tasks)} pages"
    with click.progressbar(length=len(tasks), label=label, file=sys.stderr) as bar:
        if len(tasks) >= PARALLEL_FROM and jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            # imported here, before the workers start: forked, they share the modules
            # instead of each importing them again (~0.4 s a worker)
            import pnp.vision.read  # noqa: F401

            with _one_thread_each(), ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(_read_one, p, color, n) for p, n in tasks]
                for future in futures:
                    results.append(future.result())
                    bar.update(1)
        else:
            for p, n in tasks:
                results.append(_read_one(p, color, n))
                bar.update(1)
    sheets, refused = [], []
    for read, left_out in results:
        sheets += read
        refused += left_out
    return sheets, refused


# --- the batch assembled, with the answers ------------------------------------------


@dataclass
class Batch:
    assembled: list
    refused: list
    answers: dict[str, bool | str]
    asked: dict[str, bool | str] = field(default_factory=dict)  # answered in the terminal

    @property
    def exit_code(self) -> int:
        """A kind of bad input's own code (1: several kinds); else 3 for doubts or missing
        sheets left open (a player not scored for them is no bad input); else 0."""
        from pnp.vision.photo_io import EXIT_OPEN, EXIT_UNREADABLE

        codes = {r.exit_code for r in self.refused}
        bad = codes - {EXIT_OPEN}
        if bad:
            return bad.pop() if len(bad) == 1 else EXIT_UNREADABLE
        if codes or any(not a.clear for a in self.assembled):
            return EXIT_OPEN
        return 0


ASK_ROUNDS = 3  # an answer may bring a rule problem, and new doubt, to light: asked again


def read_and_assemble(photos, sets, asking, color=False, other_games=()) -> Batch:
    """Read, assemble, ask. The batch's game is that of most sheets and ``other_games``
    (the state files scored alongside); on a tie, the first photo's."""
    from pnp.asking import ask
    from pnp.vision.batch_checks import batch_game
    from pnp.vision.states import assemble

    answers = parse_sets(sets)
    given = dict(answers)
    sheets, refused = read_batch(photos, color=color)
    check_sets(answers, sheets)
    game = batch_game([s.code.game for s in sheets] + list(other_games))
    assembled, left_out = assemble(sheets, answers, game)
    for _ in range(ASK_ROUNDS):
        if not asking or not any(a.doubtful for a in assembled):
            break
        answered, quit_ = ask(assembled, answers)
        if answered:
            assembled, left_out = assemble(sheets, answers, game)
        if quit_ or not answered:
            break
    asked = {k: v for k, v in answers.items() if k not in given}
    return Batch(assembled, refused + left_out, answers, asked)
