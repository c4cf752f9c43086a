"""Keep the memory a photo's reading frees for the next photo (glibc's malloc only).

Reading a photo allocates a few dozen page-sized arrays (2-9 MB each: the flattened
page in float, the alignment maps, the noise map, the masks and their integrals) and
frees them again. glibc's malloc gives blocks that large back to the kernel when they
are freed and maps fresh ones for the next photo, whose pages then fault in one by one:
~8 ms of a ~80 ms read on one core (``python -m pnp.bench read-stages``, the held-out
set). Raising its two thresholds keeps freed blocks in the heap for reuse. Peak memory
is the same (the largest working set either way); the process just keeps it.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

M_TRIM_THRESHOLD = -1  # mallopt parameters, from glibc's malloc.h
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 * 1024 * 1024  # glibc's largest allowed on 64-bit: above any page array
TRIM_THRESHOLD = 1 << 30


@cache
def keep_freed_memory() -> bool:
    """Ask malloc to keep freed blocks for reuse; True if it took both settings, False
    where there is no glibc ``mallopt`` (macOS, Windows, musl) and nothing changed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )
