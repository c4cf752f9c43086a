"""Run a benchmark: ``python -m pnp.bench NAME [...]``; no NAME lists them."""

from __future__ import annotations

import importlib
import sys

BENCHES = {
    "kit": "pnp.bench.kit",
    "help": "pnp.bench.startup",
    "setup": "pnp.bench.setup",
    "placements": "pnp.bench.placements",
    "sd-scoring": "pnp.bench.sd_scoring",
    "ds-scoring": "pnp.bench.ds_scoring",
    "photo-speed": "pnp.bench.photos_speed",
    "photos": "pnp.bench.photos",
    "read-stages": "pnp.bench.read_stages",
    "floor": "pnp.bench.floor",
    "balance": "pnp.bench.balance",
    "sd-games": "pnp.bench.sd_games",
    "ds-games": "pnp.bench.ds_games",
    "read": "pnp.bench.read",
    "compare": "pnp.bench.compare",
    "states": "pnp.bench.states",
    "train-noise": "pnp.bench.train_noise",
    "scans": "pnp.bench.scans",
    "relight": "pnp.bench.relight",
    "multi": "pnp.bench.multi",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHES:
        print(f"usage: python -m pnp.bench {{{'|'.join(BENCHES)}}} [options]", file=sys.stderr)
        return 2
    return importlib.import_module(BENCHES[argv[0]]).main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
