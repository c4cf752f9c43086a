"""pnp: print-and-play kits, seeded setups and photo scoring for three space games."""

__version__ = "0.1.0"
