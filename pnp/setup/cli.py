"""``pnp setup``: a seeded setup as text and a setup code, and optionally a printable card.

Only the card (--out) loads the renderer; text setups stay fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.setup.code import PREFIXES

CARD_FORMATS = ("pdf", "svg", "png")


@click.command("setup")
@click.argument("game", type=click.Choice(sorted(PREFIXES), case_sensitive=False), required=False)
@click.option("--players", type=click.IntRange(1, 9), help="Number of players (1 = solo).")
@click.option(
    "--seed",
    type=click.IntRange(0, 999_999_999),
    help="Seed; default: a fresh random one. The setup code records it.",
)
@click.option(
    "--code",
    "code_text",
    metavar="CODE",
    help="Rebuild the setup of a setup code, e.g. SD-4-81723 (instead of GAME).",
)
@click.option(
    "--ships",
    default="random",
    show_default=True,
    help="Stellar Drift: 'random', 'first' (the first-game ship), a ship id, "
    "or one per player, comma-separated.",
)
@click.option(
    "--piracy/--no-piracy", default=True, show_default=True, help="Federation: the Piracy module."
)
@click.option(
    "--advanced/--basic",
    default=True,
    show_default=True,
    help="Federation: the Piracy module's advanced setup.",
)
@click.option(
    "--ai/--no-ai", default=True, show_default=True, help="Federation: the AI Assistant module."
)
@click.option(
    "--components",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Federation: YAML of base-game counts to use instead of the defaults "
    "(layouts/setup/federation.yaml).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a setup card: .pdf, .svg or .png.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
)
def setup(game, players, seed, code_text, ships, piracy, advanced, ai, components, out, paper):
    """Shuffle, draw and lay out a game's setup from a seed, and print it with its setup code.

    The same code (pnp setup --code CODE) gives the same setup on any machine.
    """
    from pnp.setup import describe, setup_from_code
    from pnp.setup.code import SetupCode, SetupCodeError, parse_code
    from scoring.layout_file import LayoutError

    if out is not None and out.suffix.lower().lstrip(".") not in CARD_FORMATS:
        raise click.BadParameter(f"{out.name!r} must end in .pdf, .svg or .png", param_hint="--out")
    try:
        if code_text:
            if game or players or seed is not None:
                raise click.UsageError("give either --code or GAME --players [--seed], not both")
            code = parse_code(code_text)
        else:
            if not game or not players:
                raise click.UsageError("give GAME and --players (or --code CODE)")
            code = _code_for(game.lower(), players, seed, ships, piracy, advanced, ai)
        result = setup_from_code(code, components)
        lines = describe(result, components)
    except SetupCodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    except LayoutError as exc:
        raise click.ClickException(str(exc)) from None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    assert isinstance(code, SetupCode)
    click.echo("\n".join(lines))
    click.echo("")
    again = f"pnp setup --code {code}" + (f" --components {components}" if components else "")
    note = " (share the components file too)" if components else ""
    click.echo(f"Setup code: {code}{note}   reproduce it with: {again}")
    if out is not None:
        from pnp.output import write_pages
        from pnp.paper import find_paper
        from pnp.setup.card import setup_card

        page = setup_card(result, find_paper(paper), components)
        try:
            paths = write_pages([page], out, out.suffix.lower().lstrip("."))
        except OSError as exc:
            raise click.ClickException(
                f"cannot write {exc.filename or out}: {exc.strerror}"
            ) from None
        for path in paths:
            click.echo(str(path))


def _code_for(game, players, seed, ships, piracy, advanced, ai):
    import secrets

    from pnp.setup.code import SetupCode

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    options = ""
    if game == "stellar-drift":
        from pnp.setup import stellar_drift as sd

        data = sd.load_data()
        try:
            chosen = sd.resolve_ship_choice(ships, players, data)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--ships") from None
        options = sd.ships_to_code(chosen, data)
    elif game == "federation":
        from pnp.setup.federation import FederationOptions

        try:
            options = FederationOptions(piracy, advanced and piracy, ai).letters()
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--advanced") from None
    return SetupCode(game, players, seed, options)
