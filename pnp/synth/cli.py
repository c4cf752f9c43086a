"""``pnp synth``: plausible game states, filled sheets and phone photos of them, each
with the truth behind it. Heavy imports happen inside the commands."""

from __future__ import annotations

import json
from pathlib import Path

import click

GAMES = ("stellar-drift", "distant-suns", "federation")


class SynthError(click.ClickException):
    """A failure the user can act on: one line, exit code 1."""


@click.group()
def synth() -> None:
    """Generate game states, filled sheets and phone photos with their truth."""


@synth.command("state")
@click.argument("game", type=click.Choice(GAMES))
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), required=True)
@click.option(
    "--layout",
    help="A ship (Stellar Drift); Federation: a pad layout (table, player) or solo (a Solo game).",
)
@click.option("--players", type=click.IntRange(1, 5), default=1, show_default=True)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON here (a list when --players > 1) instead of printing it.",
)
def state_cmd(game, seed, layout, players, out):
    """A random plausible finished game of GAME, valid under `pnp score`."""
    from pnp.synth.states import random_state, random_states

    try:
        data = (
            random_state(game, seed, layout)
            if players == 1
            else random_states(game, seed, players, layout)
        )
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    text = json.dumps(data, indent=1)
    if out is None:
        click.echo(text)
    else:
        from pnp.output import write_atomic

        write_atomic(out, text.encode())
        click.echo(str(out))


@synth.command("fill")
@click.argument("state", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="PNG; several sheets become NAME-<sheet>.png beside it.",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True)
@click.option("--dpi", type=click.IntRange(50, 600), default=200, show_default=True)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
def fill_cmd(state, out, seed, dpi, paper):
    """Draw a player's pen marks for STATE on its printed sheets; truth JSON beside each."""
    from pnp.output import write_atomic
    from pnp.synth.pen import fill_state_file

    if out.suffix.lower() != ".png":
        raise click.BadParameter(f"{out.name!r} must end in .png", param_hint="--out")
    try:
        filled = fill_state_file(state, seed, dpi, paper)
    except (ValueError, KeyError) as exc:
        raise SynthError(f"{state}: {exc}") from None
    for name, f in filled:
        path = out if len(filled) == 1 else out.with_name(f"{out.stem}-{name}.png")
        write_atomic(path, f.png())
        truth = {**f.truth, "style": f.style.to_json(), "state": str(state)}
        write_atomic(path.with_suffix(".truth.json"), json.dumps(truth, indent=1).encode())
        click.echo(str(path))


@synth.command("photo")
@click.argument("filled", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="JPEG; the truth (page corners, every camera parameter) goes beside it.",
)
@click.option(
    "--level",
    type=click.Choice(["easy", "normal", "hard", "real"]),
    default="normal",
    show_default=True,
    help="real: inside one of the real phone photos of shared/photos/real.",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=0, show_default=True)
def photo_cmd(filled, out, level, seed):
    """Photograph a filled sheet (PNG) as a phone would, on a table."""
    import cv2

    from pnp.output import write_atomic
    from pnp.synth.camera import photograph
    from pnp.synth.real_photo import photograph_real

    if out.suffix.lower() not in (".jpg", ".jpeg"):
        raise click.BadParameter(f"{out.name!r} must end in .jpg", param_hint="--out")
    bgr = cv2.imread(str(filled), cv2.IMREAD_COLOR)
    if bgr is None:
        raise SynthError(f"{filled}: not an image OpenCV can read")
    page = cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)
    try:
        shot = photograph_real(page, seed) if level == "real" else photograph(page, level, seed)
    except (ValueError, FileNotFoundError) as exc:
        raise SynthError(str(exc)) from None
    write_atomic(out, shot.jpeg)
    truth = {
        "filled": str(filled),
        "level": level,
        "seed": seed,
        "quad": shot.quad.tolist(),
        "params": shot.params,
    }
    write_atomic(out.with_suffix(".truth.json"), json.dumps(truth, indent=1, default=str).encode())
    click.echo(str(out))
