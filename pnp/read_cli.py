"""`pnp read` and the photo half of `pnp score`: photos in, game states (and scores) out."""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import click

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".pdf")
PARALLEL_FROM = 3  # photos; fewer are read in this process (a worker's start costs more)

EXIT_CODES = """\b
Exit codes:
  0  every sheet read, nothing doubtful
  3  read, but doubtful fields remain (answer with --set or --ask), or notes (a
     sheet missing from the batch)
  1  unreadable input of several kinds at once, or a file that cannot be opened
  2  usage error (bad option, --set on a field no sheet has)
  4  no sheet found in a photo (markers hidden or page code unreadable), or a photo
     of several sheets a whole one of which cannot be read, or of more than six
  5  not an image: empty, truncated, or not a JPEG, PNG, HEIF (HEIC) or PDF
  6  too large: the image header claims more pixels than any phone takes
     (JPEG over 250 MP, HEIF over 50 MP, PNG over 40 MP)
  7  a sheet of another game than the rest of the batch
  8  the same sheet twice in the batch
  9  too small to hold a sheet (under 200 px a side)
  10 a sheet printed from another version of its layout: print it again
  11 a page without greys: scanned in black and white (scan it in colour or grey),
     or photographed so bright that its print is washed out
Every bad input gets one line on stderr; the other photos are still read."""


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


# --- answers ------------------------------------------------------------------------

_YES = {"filled", "marked", "x", "yes", "y", "1", "true", "f"}
_NO = {"empty", "blank", "no", "n", "0", "false", "e"}


def parse_sets(values: Sequence[str]) -> dict[str, bool | str]:
    """``--set [PHOTO:]FIELD=filled|empty`` answers, ``FIELD=ZONE`` for a Distant Suns
    score tile's box or hex (the zone whose symbol it holds: ``distant_suns.symbol_field``),
    and ``FIELD=circled|crossed`` for a Frontier value; BadParameter on anything else."""
    out: dict[str, bool | str] = {}
    for value in values:
        key, sep, answer = value.partition("=")
        key, answer = key.strip(), answer.strip().lower()
        if sep and key and answer in _YES | _NO:
            out[key] = answer in _YES
            continue
        from pnp.vision.distant_suns import FRONTIER_MARKS, frontier_value, symbol_field, zone_ids

        field_id = key.rpartition(":")[2]
        if sep and answer in FRONTIER_MARKS and frontier_value(field_id):
            out[key] = answer
            continue
        if sep and answer and symbol_field(field_id):
            zones = zone_ids()
            if answer not in zones:
                raise click.BadParameter(
                    f"{value!r}: {field_id} holds a zone's symbol; write one of {', '.join(zones)}",
                    param_hint="--set",
                )
            out[key] = answer
            continue
        raise click.BadParameter(
            f"{value!r}: write FIELD=filled or FIELD=empty (e.g. space-C4=filled; "
            "PHOTO:FIELD=... for one photo's sheet; a Distant Suns score tile's zone "
            "box or hex takes a zone, e.g. score-tile-upgrade-zone=station, hex-q3r5=orbit; "
            "a Frontier value circled or crossed, e.g. frontier-q8r0-high=circled)",
            param_hint="--set",
        )
    return out


def check_sets(answers: dict[str, bool | str], sheets) -> None:
    """BadParameter for an answer naming no sheet's field, or a bare FIELD that several
    sheets hold (two players' trackers): it would answer for every one of them."""
    from pnp.vision.answers import answer_names

    known = {(name, f) for s in sheets for name in answer_names(s.source) for f in s.kinds}
    for key in answers:
        photo, _, field_id = key.rpartition(":")
        if photo:
            if (photo, field_id) not in known:
                raise click.BadParameter(
                    f"{key!r}: no sheet read has that field", param_hint="--set"
                )
            continue
        holders = [s for s in sheets if field_id in s.kinds]
        if not holders:
            raise click.BadParameter(f"{key!r}: no sheet read has that field", param_hint="--set")
        if len(holders) > 1:
            # the example: a sheet that asks about the field, if one does
            asking = [s for s in holders if field_id in {d.field for d in s.doubtful}]
            names = ", ".join(s.name for s in holders)
            raise click.BadParameter(
                f"{key!r}: {len(holders)} sheets have {field_id} ({names}); "
                f"name one, e.g. {(asking or holders)[0].name}:{key}",
                param_hint="--set",
            )


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


# --- output ---------------------------------------------------------------------------


def compact_json(data: dict) -> str:
    """JSON with one line per top-level key: short enough to read, still valid JSON."""
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    return "{\n" + body + "\n}"


def report_text(a) -> str:
    from pnp.vision.assembled import COUNTED

    lines = [f"== {a.game}: {a.label}"]
    for s in a.sheets:
        ms = sum(s.timing.values()) * 1000
        printed = ", printed ink-saving" if s.ink_saving else ""
        lines.append(
            f"   {s.code.text}  markers {len(s.markers)}/4, "
            f"reprojection {s.reprojection_mm:.2f} mm{printed}, {ms:.0f} ms"
        )
        if s.code.matched is not None:
            lines.append(
                f"   page code too blurred to decode: read as the nearest code a pnp page "
                f"carries ({s.code.matched:.0%} of its QR modules unlike it)"
            )
    lines.append(compact_json(a.state) if a.state else "(no state yet)")
    low = sorted(a.confidence.items(), key=lambda kv: kv[1])[:5]
    lines.append(
        f"{len(a.confidence)} fields read; lowest confidence: "
        + ", ".join(f"{k} {v:.2f}" for k, v in low)
    )
    if a.doubtful:
        lines.append(f"doubtful ({len(a.doubtful)}):")
        for d in a.doubtful:
            guess = a.counted(d)
            counted = "" if guess is None else f" (counted {COUNTED[guess]} until answered)"
            which = f" (which: {', '.join(d.options)}?)" if d.options else ""
            lines.append(f"  {d.field:<28} {d.reason}{which}  [{Path(d.source).name}]{counted}")
    lines += [f"note: {n}" for n in a.notes]
    lines += [f"warning: {w}" for w in a.warnings]
    lines += [f"decided: {r}" for r in a.remarks]
    lines += [f"retake: {r}" for r in a.retake.values()]
    return "\n".join(lines)


def _reasons(problem: str) -> list[str]:
    """What makes a state unscorable, without the sources it names first: the lines of
    ``problem`` after its heading ("SOURCES: invalid ... state (...):"), or its whole
    text when it is one line."""
    head, *rest = problem.splitlines()
    return [ln.strip().removeprefix("- ") for ln in rest] or [head]


def sheet_scores(a) -> tuple[dict[str, list], dict[str, str]]:
    """Per sheet source, the categories to write beside its fields, and its headline: the
    players scored, those whose column the page holds (a Federation player page) first."""
    from scoring.games import ScoringError, score_states

    per_source: dict[str, list] = {s.source: [] for s in a.sheets}
    if a.state is None:
        why = "not scored: " + (a.notes[0] if a.notes else "doubtful fields")
        return per_source, dict.fromkeys(per_source, why)
    try:
        table = score_states([(a.label, a.state)])
    except ScoringError as exc:
        why = "not scored: " + "; ".join(_reasons(exc.problems[0]))
        return per_source, dict.fromkeys(per_source, why)
    still_open = ([f"{len(a.doubtful)} doubtful"] if a.doubtful else []) + a.notes
    provisional = f" (provisional: {'; '.join(still_open)})" if still_open else ""
    heads = []
    own: dict[str, list[str]] = {src: [] for src in per_source}  # the players on each page
    for i, player in enumerate(table.players):
        heads.append(f"{player.name}: {player.total}")
        if a.game == "federation" and i < len(a.columns):
            source, n = a.columns[[p["name"] for p in a.state["players"]].index(player.name)]
            own[source].append(heads[-1])
            kinds = next(s for s in a.sheets if s.source == source).kinds
            for c in player.categories:
                ids = tuple(f for f in kinds if f.startswith(f"p{n}-{c.id}-"))
                per_source[source].append((c.label, c.points, ids))
        else:
            for c in player.categories:
                for src in per_source:
                    per_source[src].append((c.label, c.points, c.ids))
    headlines = {}
    for src in per_source:
        mine = own[src] if len(own[src]) < len(heads) else []
        rest = [h for h in heads if h not in mine]
        others = f"; others: {', '.join(rest)}" if mine and rest else ""
        headlines[src] = "total " + ", ".join(mine or heads) + others + provisional
    return per_source, headlines


def write_overlays(batch: Batch, directory: Path) -> list[Path]:
    from pnp.vision.overlay import overlay_image, write_overlay

    written = []
    for a in batch.assembled:
        per_source, headlines = sheet_scores(a)
        # outlined as scored: what the page's marks and the model settled, a person's
        # answers first, and orange only what is still asked
        answers = {**a.settled, **batch.answers}
        for s in a.sheets:
            # the advice above the headline: take this photo again, or another sheet in it
            advice = "; ".join(filter(None, (a.retake.get(s.source), *s.warnings)))
            image = overlay_image(
                s, answers, per_source[s.source], headlines[s.source], advice, a.doubtful
            )
            written.append(write_overlay(directory, s, image))
    return written


def answer_hint(assembled) -> str | None:
    """How to answer the doubtful fields still open in ``assembled``, with one of them as
    the example; None when nothing is left to answer."""
    open_ = [(a, d) for a in assembled for d in a.doubtful]
    if not open_:
        return None
    n = len(open_)
    hint = (
        f"answer: {n} doubtful field{'' if n == 1 else 's'} open; run again with --ask, "
        "or with --set FIELD=filled|empty"
    )
    from pnp.vision.distant_suns import frontier_value

    if any(d.options and not frontier_value(d.field) for _, d in open_):
        hint += ", or FIELD=ZONE for a zone's symbol"
    if any(frontier_value(d.field) for _, d in open_):
        hint += ", or FIELD=circled|crossed for a Frontier value"
    sheets = {s.source: s for a in assembled for s in a.sheets}
    held = Counter(f for s in sheets.values() for f in s.kinds)
    for _, d in open_:  # (some doubts are of a whole page, "shapes" say: no one field)
        if d.source in sheets and d.field in sheets[d.source].kinds:
            # a field of several sheets (two players' trackers) is answered by its sheet's name
            key = f"{sheets[d.source].name}:{d.field}" if held[d.field] > 1 else d.field
            value = d.options[0] if d.options else "filled"  # a symbol's: a zone
            return hint + f" (e.g. --set {shlex.quote(f'{key}={value}')})"
    return hint


def _answer_text(answer: bool | str) -> str:
    """An answer as ``--set`` takes it: filled, empty, or the zone a symbol names."""
    if isinstance(answer, str):
        return answer
    return "filled" if answer else "empty"


def replay_hint(asked: dict[str, bool | str]) -> str | None:
    """The answers given in the terminal as ``--set`` options, to run again without being
    asked (a photo added, the scores wanted as JSON); None when none were given."""
    if not asked:
        return None
    sets = " ".join(
        "--set " + shlex.quote(f"{key}={_answer_text(answer)}")
        for key, answer in sorted(asked.items())
    )
    return f"answered: to run again without the questions, add {sets}"


def _finish(batch: Batch, overlay: Path | None) -> None:
    for r in batch.refused:
        click.echo(f"error: {r.message}", err=True)
    replay = replay_hint(batch.asked)
    if replay:
        click.echo(replay, err=True)
    hint = answer_hint(batch.assembled)
    if hint:
        click.echo(hint, err=True)
    if overlay is not None:
        try:
            for path in write_overlays(batch, overlay):
                click.echo(f"overlay: {path}", err=True)
        except OSError as exc:
            click.echo(f"error: cannot write overlay: {exc}", err=True)
            raise SystemExit(1) from None


@click.command("read", epilog=EXIT_CODES)
@click.argument("photos", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable, with every field.")
@click.option(
    "--overlay",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write an annotated PNG of each sheet into this folder.",
)
@click.option(
    "--ask",
    "asking",
    is_flag=True,
    help="Ask for the doubtful fields in the terminal; a page with many shows them "
    "numbered in one picture, and you type the numbers of those marked.",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="[PHOTO:]FIELD=filled|empty",
    help="Answer for a doubtful field (repeatable), e.g. --set space-C4=filled; a "
    "Distant Suns score tile's zone box or hex takes a zone, e.g. hex-q3r5=station, "
    "and a Frontier value circled or crossed, e.g. frontier-q8r0-high=circled.",
)
def read(photos, as_json, overlay, asking, sets):
    """Read photographed sheets (JPEG, PNG or HEIC photos, PDF scans, or folders of them)
    into game states.

    Prints each state in the form `pnp score` reads, with each field's confidence
    and the list of doubtful fields. Sheets sharing a serial (a Stellar Drift
    player's ship, tracker and tech) make one state.
    """
    batch = read_and_assemble(expand(photos), sets, asking, color=overlay is not None)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "states": [
                        {**a.to_json(), "sheets": [s.to_json() for s in a.sheets]}
                        for a in batch.assembled
                    ],
                    "refused": [
                        {"source": r.source, "exit_code": r.exit_code, "message": r.message}
                        for r in batch.refused
                    ],
                },
                indent=1,
            )
        )
    else:
        click.echo("\n\n".join(report_text(a) for a in batch.assembled))
    _finish(batch, overlay)
    raise SystemExit(batch.exit_code)


def score_with_photos(paths: list[Path], as_json: bool, sets, asking, overlay) -> int:
    """`pnp score` when some inputs are photos: read them, join the JSON states, score."""
    from pnp.report import table_json, table_text
    from pnp.vision.assembled import Refused
    from pnp.vision.batch_checks import batch_game, wrong_game
    from pnp.vision.photo_io import EXIT_OPEN
    from scoring.games import ScoringError, read_state_file, score_states

    states, refused = [], []
    for p in paths:
        if is_photo(p):
            continue
        try:
            states.append((str(p), read_state_file(p)))
        except ScoringError as exc:
            refused += [Refused(str(p), 1, line) for line in exc.problems]
    photos = [p for p in paths if is_photo(p)]
    games = [str(d.get("game")) for _, d in states]
    batch = read_and_assemble(photos, sets, asking, overlay is not None, other_games=games)
    game = batch.assembled[0].game if batch.assembled else batch_game(games)
    if game:
        for source, data in list(states):
            if data.get("game") != game:
                states.remove((source, data))
                refused.append(wrong_game(source, str(data.get("game")), game))
    batch.refused = refused + batch.refused
    for a in batch.assembled:
        if a.state is None:
            n = len(a.doubtful)
            note = a.notes[0] if a.notes else f"{n} doubtful field{'s' if n != 1 else ''}"
            batch.refused.append(Refused(a.label, EXIT_OPEN, f"{a.label}: not scored: {note}"))
        else:
            states.append((a.label, a.state))
        for d in a.doubtful:
            click.echo(f"doubtful: {Path(d.source).name} {d.field}: {d.reason}", err=True)
        for r in a.retake.values():
            click.echo(f"retake: {r}", err=True)
        for w in a.warnings:
            click.echo(f"warning: {w}", err=True)
    _finish(batch, overlay)
    if not states:
        click.echo("error: nothing to score", err=True)
        return batch.exit_code or 1
    try:
        table = score_states(states)
    except ScoringError as exc:
        click.echo(str(exc), err=True)
        return 1
    provisional, notes = provisional_players(batch.assembled)
    if as_json:
        click.echo(json.dumps(table_json(table, provisional, notes), indent=1))
    else:
        click.echo(table_text(table, provisional, notes))
    return batch.exit_code


def provisional_players(assembled) -> tuple[dict, dict]:
    """Per player ((name, serial)), the open doubtful fields of its state, named as
    ``--set`` takes them (its total counts them at their best guess), and the notes on it
    (a sheet missing from the batch, whose fields count as unmarked). A Federation score
    pad's doubts and notes go with every player on it (any of them may change the
    ranking)."""
    from scoring.games import ScoringError, score_states

    doubts: dict[tuple[str, int | None], list[str]] = {}
    notes: dict[tuple[str, int | None], list[str]] = {}
    for a in assembled:
        if a.state is None or not (a.doubtful or a.notes):
            continue
        try:
            players = score_states([(a.label, a.state)]).players
        except ScoringError:  # (then the whole table did not score either)
            continue
        for p in players:
            if a.doubtful:
                doubts.setdefault((p.name, p.serial), []).extend(
                    a.confidence_key(d.source, d.field) for d in a.doubtful
                )
            if a.notes:
                notes.setdefault((p.name, p.serial), []).extend(a.notes)
    return doubts, notes
