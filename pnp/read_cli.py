"""`pnp read` and the photo half of `pnp score`: photos in, game states (and scores) out.

The commands' bodies live here; the batch (its photos found, read and assembled with
the answers) in ``pnp.photo_batch``, the ``--set`` answers parsed and checked in
``pnp.set_answers``, and what is told of a batch (text, scores, overlays, hints) in
``pnp.read_report``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from pnp.photo_batch import Batch, expand, is_photo, read_and_assemble
from pnp.read_report import answer_hint, replay_hint, report_text, write_overlays

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
