"""The only places a setup draws at random: one stdlib generator per part of a setup.

Each part of a setup (the cube bag, the ships, the zone tiles...) gets its own
generator, seeded from the game, the seed and the part's name. So a setup is a
pure function of its seed, and an option that changes one part (a chosen ship)
leaves every other part of the same seed as it was. String seeds are hashed
with SHA-512 by :class:`random.Random`, the same on every platform and run.

Every shuffle and pick goes through :func:`shuffled` and :func:`drawn`, so a
test can swap in a biased shuffle and see the fairness tests catch it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def rng_for(game: str, seed: int, part: str) -> random.Random:
    """The generator for one ``part`` of the setup of ``game`` from ``seed``.

    >>> rng_for("stellar-drift", 7, "bag").random() == rng_for("stellar-drift", 7, "bag").random()
    True
    """
    return random.Random(f"{game}:{seed}:{part}")


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A uniformly shuffled copy of ``items`` (Fisher-Yates, :meth:`random.Random.shuffle`)."""
    out = list(items)
    rng.shuffle(out)
    return out


def drawn(rng: random.Random, items: Sequence[T], k: int) -> list[T]:
    """``k`` of ``items`` without repeats, in the order drawn (the top of a shuffled pile)."""
    if not 0 <= k <= len(items):
        raise ValueError(f"cannot draw {k} from {len(items)} items")
    return shuffled(rng, items)[:k]
