"""The ``pnp`` command. Heavy libraries (reportlab, cv2) load inside commands only,
so ``pnp --help`` stays instant."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from pnp.games import GAMES
from pnp.pagecode import MAX_SERIAL
from pnp.read_cli import read
from pnp.setup.cli import setup
from pnp.synth.cli import synth

PAPER_CHOICE = click.Choice(["a4", "letter"], case_sensitive=False)
GAME_CHOICE = click.Choice(sorted(GAMES), case_sensitive=False)


class PnpError(click.ClickException):
    """A failure the user can act on: one line, exit code 1."""


def _sheet(game: str, sheet: str, layout: str | None):
    from pnp.games import find_game

    kind = find_game(game).sheets.get(sheet)
    if kind is None:
        raise click.BadParameter(
            f"{sheet!r} is not a {game} sheet; choose one of {', '.join(find_game(game).sheets)}",
            param_hint="SHEET",
        )
    names = kind.layout_names()
    if layout is None:
        layout = names[0]
    elif layout not in names:
        raise click.BadParameter(
            f"{layout!r} is not a {game} {sheet} layout; choose one of {', '.join(names)}",
            param_hint="--layout",
        )
    return kind, layout


def _layout_errors(func):
    """Turn a broken layout file into one clear message instead of a traceback."""
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from scoring.layout_file import LayoutError

        try:
            return func(*args, **kwargs)
        except LayoutError as exc:
            raise PnpError(str(exc)) from None
        except OSError as exc:
            raise PnpError(f"cannot write {exc.filename or 'output'}: {exc.strerror}") from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp-kit", prog_name="pnp")
def cli() -> None:
    """Print-and-play kits, seeded setups and scoring for Stellar Drift, Distant Suns and
    Federation."""


@cli.command()
@click.argument("game", type=GAME_CHOICE)
@click.argument("sheet")
@click.option("--layout", help="Which layout (e.g. a ship); `pnp layouts` lists them.")
@click.option("--paper", type=PAPER_CHOICE, default="a4", show_default=True)
@click.option(
    "--serial",
    type=click.IntRange(0, MAX_SERIAL),
    default=1,
    show_default=True,
    help="Sheet-set serial printed in the page code.",
)
@click.option("--ink-saving", is_flag=True, help="Drop large colour fills; symbols stay.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="Output file: .pdf, .svg or .png.",
)
@_layout_errors
def render(game, sheet, layout, paper, serial, ink_saving, out):
    """Render one sheet of GAME to a PDF, SVG or PNG file."""
    fmt = out.suffix.lower().lstrip(".")
    if fmt not in ("pdf", "svg", "png"):
        raise click.BadParameter(f"{out.name!r} must end in .pdf, .svg or .png", param_hint="--out")
    kind, layout = _sheet(game, sheet, layout)
    from pnp.output import write_pages
    from pnp.paper import find_paper
    from pnp.sheets.base import Palette

    pages = kind.build(layout, find_paper(paper), serial, Palette(ink_saving))
    for path in write_pages(pages, out, fmt):
        click.echo(str(path))


@cli.command()
@click.option(
    "--game",
    "games",
    type=GAME_CHOICE,
    multiple=True,
    help="Only this game (repeatable); default: every game.",
)
@click.option(
    "--players",
    type=click.IntRange(1, 99),
    default=5,
    show_default=True,
    help="Copies of each writable sheet (a pad), serials in sequence.",
)
@click.option("--paper", type=PAPER_CHOICE, default="a4", show_default=True)
@click.option(
    "--format",
    "formats",
    type=click.Choice(["pdf", "svg", "png"]),
    multiple=True,
    help="Repeatable; default: pdf, svg and png previews.",
)
@click.option("--serial-start", type=click.IntRange(0, 999000), default=1, show_default=True)
@click.option("--ink-saving", is_flag=True, help="Drop large colour fills; symbols stay.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
)
@_layout_errors
def kit(games, players, paper, formats, serial_start, ink_saving, out):
    """Print the whole kit: every sheet of every layout, as pads of --players copies."""
    from pnp.kit import plan_kit, write_job

    jobs = plan_kit(games or sorted(GAMES), players, serial_start)
    written = []
    with click.progressbar(
        jobs, label="Printing kit", file=sys.stderr, item_show_func=lambda j: j.label if j else ""
    ) as bar:
        for job in bar:
            written += write_job(job, out, paper, formats or ("pdf", "svg", "png"), ink_saving)
    click.echo(f"{len(written)} files in {out}/")


@cli.command("map")
@click.argument("game", type=GAME_CHOICE)
@click.argument("sheet")
@click.option("--layout")
@click.option("--paper", type=PAPER_CHOICE, default="a4", show_default=True)
@click.option("--serial", type=click.IntRange(0, MAX_SERIAL), default=1, show_default=True)
@_layout_errors
def map_(game, sheet, layout, paper, serial):
    """Print the sheet map of a sheet as JSON: page size, fiducials, every markable field."""
    kind, layout = _sheet(game, sheet, layout)
    if not kind.writable:
        raise click.BadParameter(
            f"{game} {sheet} has nothing to mark, so no map", param_hint="SHEET"
        )
    from pnp.paper import find_paper
    from pnp.sheets.base import Palette

    pages = kind.build(layout, find_paper(paper), serial, Palette())
    maps = [p.map.to_json() for p in pages if p.map]
    click.echo(json.dumps(maps[0] if len(maps) == 1 else maps, indent=1))


@cli.command()
@click.argument("game", type=GAME_CHOICE)
@click.option(
    "--kind",
    help='Another kind of GAME state: "solo" (Federation: a Solo game, "mode": "solo").',
)
def schema(game, kind):
    """Print the JSON Schema of GAME's sheet state (what `pnp score` reads)."""
    from scoring.games import SCHEMAS
    from scoring.games import schema as game_schema

    if game not in SCHEMAS:
        raise click.BadParameter(f"no state schema for {game} yet", param_hint="GAME")
    try:
        found = game_schema(game, kind)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--kind") from None
    click.echo(json.dumps(found, indent=1))


@cli.command()
@click.argument("states", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option(
    "--ask",
    "asking",
    is_flag=True,
    help="Photos: ask for the doubtful fields (a page with many: by number, from one picture).",
)
@click.option(
    "--set",
    "sets",
    multiple=True,
    metavar="[PHOTO:]FIELD=filled|empty",
    help="Photos: answer for a doubtful field (repeatable); a Distant Suns score tile's "
    "zone box or hex takes a zone (FIELD=station).",
)
@click.option(
    "--overlay",
    type=click.Path(file_okay=False, path_type=Path),
    help="Photos: write an annotated PNG of each sheet into this folder.",
)
@_layout_errors
def score(states, as_json, asking, sets, overlay):
    """Score finished games from JSON sheet states and sheet photos (.jpg, .jpeg, .png, .heic,
    or a .pdf scan; a folder gives the photos in it): categories, totals, tie-breaker,
    ranking. Exit codes as for `pnp read`."""
    from pnp.photo_batch import expand, is_photo
    from pnp.read_cli import score_with_photos

    states = expand(states, "STATES")
    if any(is_photo(p) for p in states):
        raise SystemExit(score_with_photos(list(states), as_json, sets, asking, overlay))
    if sets or asking or overlay:
        raise click.UsageError("--set, --ask and --overlay apply to photos; none was given")
    from pnp.report import table_json, table_text
    from scoring.games import ScoringError, score_files

    try:
        table = score_files(list(states))
    except ScoringError as exc:
        raise PnpError(str(exc)) from None
    click.echo(json.dumps(table_json(table), indent=1) if as_json else table_text(table))


@cli.command()
@_layout_errors
def layouts():
    """List every game, sheet and layout."""
    for game in GAMES.values():
        click.echo(f"{game.name}  ({game.title})")
        for kind in game.sheets.values():
            click.echo(f"  {kind.name:<12} {', '.join(kind.layout_names())}")
            click.echo(f"  {'':<12} {kind.description}")


cli.add_command(setup)
cli.add_command(synth)
cli.add_command(read)


def main() -> None:
    cli(prog_name="pnp")


if __name__ == "__main__":
    main()
