"""Seeded, shareable setups: each is a pure function of (game, players, seed, options).

``setup_from_code(parse_code("SD-4-81723"))`` rebuilds a setup anywhere; the
games' modules hold the rules, :mod:`.code` the setup codes, :mod:`.card` the
printable card (the only part that needs reportlab).

>>> from pnp.setup.code import parse_code
>>> setup_from_code(parse_code("DS-3-5521")) == setup_from_code(parse_code("ds-3-5521"))
True
"""

from __future__ import annotations

from pathlib import Path

from pnp.setup.code import PREFIXES, SetupCode

GAMES = tuple(PREFIXES)


def setup_from_code(code: SetupCode, components: Path | str | None = None):
    """The setup a code stands for; ``components`` overrides Federation base-game counts."""
    if code.game == "stellar-drift":
        from pnp.setup import stellar_drift as sd

        data = sd.load_data()
        ships = sd.ships_from_code(code.options, code.players, data)
        return sd.stellar_drift_setup(code.players, code.seed, ships, data)
    if code.game == "distant-suns":
        from pnp.setup.distant_suns import distant_suns_setup

        if code.options:
            raise ValueError(f"Distant Suns setup codes have no options: {str(code)!r}")
        return distant_suns_setup(code.players, code.seed)
    if code.game == "federation":
        from pnp.setup import federation as fd

        options = fd.FederationOptions.from_letters(code.options)
        return fd.federation_setup(code.players, code.seed, options, fd.load_data(components))
    raise ValueError(f"unsupported game: {code.game!r}")


def describe(setup, components: Path | str | None = None) -> list[str]:
    """The setup as lines of text."""
    game = setup.code.game
    if game == "stellar-drift":
        from pnp.setup.stellar_drift import describe as text
    elif game == "distant-suns":
        from pnp.setup.distant_suns import describe as text
    else:
        from pnp.setup import federation as fd

        return fd.describe(setup, fd.load_data(components))
    return text(setup)
