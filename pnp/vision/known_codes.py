"""A page code too blurred to decode, read as the nearest code a pnp page can carry.

OpenCV's QR decoder corrects a few wrong codewords only (the page codes are printed at
its level L), and a small symbol photographed from afar (modules under 2 px wide in the
photo) loses a few more: ``identify`` gave up on such pages though 97-99% of their
modules read right. But a page code is not any text: it is one of the writable sheets'
prefixes (``PNP:SD:TECH:TECH:2:``, with every version of the layouts) followed by a
six-digit serial. So the symbol of every such code is compared with the modules read,
and the nearest is taken if it is near (``MAX_MISMATCH``) and every other code is far
(``MIN_MARGIN``).

A million serials a prefix are compared at once because a QR symbol with its mask undone
is linear in its data bits (XOR): the characters are packed into fixed bit fields
(alphanumeric mode: 11 bits a pair) and the error correction is linear over those bits.
A serial's symbol is that of serial 000000 changed by each of its character fields'
changes, each change taken once from its symbol (``_Prefix``; ``qr_symbol``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

import numpy as np

from pnp.pagecode import SERIAL_DIGITS, PageCode

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
# The nearest code is taken when the modules read differ from its symbol in at most this
# share of the data modules, and every other code's symbol differs in MIN_MARGIN more.
MAX_MISMATCH = 0.1
MIN_MARGIN = 12
# Of the 30 format bits (two copies of a (15, 5) BCH word, distance 7 each: 14 together),
# this many read wrong still leave one nearest word, the mask the symbol carries. (3, one
# copy's share, until session 52: two real-mode pages of 12,500 photos, modules 1.9 px,
# read 4 wrong and were refused, 3-4.5% of their modules off. A mask read wrong would
# leave about half the data modules off, far past ``MAX_MISMATCH``: over 8,600 hard and
# real-mode pages, and 1,193 of them shrunk to modules of 1.4-1.8 px at the median, the
# nearest code at 6 read 5 more pages and no code wrong.)
MAX_FORMAT_ERRORS = 6


# --- The QR standard's fixed parts (versions 1-6) ----------------------------------------


def format_cells(modules: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The (row, column) of each of the 15 format bits, bit 0 first, in both copies."""
    m = modules
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)]
    first += [(8, 14 - i) for i in range(9, 15)]
    second = [(8, m - 1 - i) for i in range(8)] + [(m - 15 + i, 8) for i in range(8, 15)]
    return first, second


@cache
def _format_words() -> dict[int, tuple[int, int]]:
    """Every valid 15-bit format word -> (error correction bits, mask)."""
    out = {}
    for level, mask in product(range(4), range(8)):
        data = level << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        out[(data << 10 | rem) ^ 0x5412] = (level, mask)
    return out


def format_word(level: int, mask: int) -> int:
    """The 15-bit format word of error correction ``level`` (its format bits: L = 1) and
    ``mask``, bit 0 the first of ``format_cells``."""
    return next(word for word, named in _format_words().items() if named == (level, mask))


def read_mask(dark: np.ndarray) -> tuple[int, int]:
    """(the mask a symbol's format bits name, how many of the 30 read differ from its
    word's): the nearest valid word over both copies."""
    first, second = format_cells(dark.shape[0])
    copies = [
        sum(int(dark[r, c]) << i for i, (r, c) in enumerate(cells)) for cells in (first, second)
    ]
    best = min(
        _format_words().items(),
        key=lambda kv: sum(bin(kv[0] ^ word).count("1") for word in copies),
    )
    return best[1][1], sum(bin(best[0] ^ word).count("1") for word in copies)


@cache
def mask_pattern(modules: int, mask: int) -> np.ndarray:
    """(modules, modules) bool: the modules mask ``mask`` (0-7) flips, on the data
    modules only (ISO/IEC 18004's eight patterns; x the column, y the row)."""
    y, x = np.mgrid[0:modules, 0:modules]
    pattern = (
        (x + y) % 2 == 0,
        y % 2 == 0,
        x % 3 == 0,
        (x + y) % 3 == 0,
        (x // 3 + y // 2) % 2 == 0,
        x * y % 2 + x * y % 3 == 0,
        (x * y % 2 + x * y % 3) % 2 == 0,
        ((x + y) % 2 + x * y % 3) % 2 == 0,
    )[mask]
    return pattern & data_cells(modules)


# Codewords (data and error correction) of QR versions 1-6: the modules past them in the
# placement order are remainder bits, which encoders leave as they please.
CODEWORDS = {1: 26, 2: 44, 3: 70, 4: 100, 5: 134, 6: 172}


@cache
def data_cells(modules: int) -> np.ndarray:
    """(modules, modules) bool: the modules that carry data and error correction."""
    out = np.zeros((modules, modules), bool)
    for r, c in placement(modules):
        out[r, c] = True
    return out


@cache
def remainder_cells(modules: int) -> np.ndarray:
    """(modules, modules) bool: the remainder bits, which encoders set as they please
    (OpenCV's leaves the last two of a version 2 symbol dark whatever its mask): symbols
    are compared without them."""
    out = _encoding_cells(modules) & ~data_cells(modules)
    out.flags.writeable = False
    return out


@cache
def _encoding_cells(modules: int) -> np.ndarray:
    """(modules, modules) bool: the modules past the fixed patterns and the format bits
    (the data modules and the remainder bits)."""
    from pnp.vision.identify import function_modules

    out = ~function_modules(modules)[0]
    for cells in format_cells(modules):
        rows, cols = np.array(cells).T
        out[rows, cols] = False
    out.flags.writeable = False
    return out


@cache
def placement(modules: int) -> tuple[tuple[int, int], ...]:
    """The (row, column) of each codeword bit, in the standard's order: column pairs
    from the right, up and down in turn, skipping the fixed and format modules."""
    free = _encoding_cells(modules)
    out = []
    right = modules - 1
    while right >= 1:
        if right == 6:  # the vertical timing pattern's column
            right = 5
        upward = (right + 1) & 2 == 0
        for vert in range(modules):
            row = modules - 1 - vert if upward else vert
            out += [(row, c) for c in (right, right - 1) if free[row, c]]
        right -= 2
    return tuple(out[: 8 * CODEWORDS[(modules - 17) // 4]])


def unmasked_bits(dark: np.ndarray, mask: int) -> np.ndarray:
    """A symbol's data modules with ``mask`` undone, packed into uint64 words."""
    bits = (dark ^ mask_pattern(dark.shape[0], mask))[data_cells(dark.shape[0])]
    return _words(np.packbits(bits))


def _modules(text: str) -> int:
    """How many modules wide ``text``'s symbol is (``qr_symbol.symbol``'s version)."""
    from pnp.vision.qr_symbol import codeword_bits

    return 17 + 4 * codeword_bits(text)[0]


@cache
def _unmasked_symbol(text: str) -> np.ndarray:
    """``text``'s symbol's data modules with no mask, packed as ``unmasked_bits``
    (read only; ``qr_symbol.codeword_bits``): each text is encoded once, though a
    prefix's bit fields share their serial-000000 text."""
    from pnp.vision.qr_symbol import codeword_bits

    version, bits = codeword_bits(text)
    out = _words(np.packbits(_in_data_order(bits, 17 + 4 * version)))
    out.flags.writeable = False
    return out


# --- The codes a page can carry ------------------------------------------------------------


@cache
def page_prefixes() -> tuple[str, ...]:
    """The page codes of every writable sheet, without serial: of every version of its
    layout up to the current one, so that a page printed from an older version is read
    as what it is (and refused as such), not as the current version's nearest code. The
    codes come from the layouts' sheet maps, kept on disk between runs
    (``reference.common_map``): building every writable sheet again took ~0.4 s."""
    from dataclasses import replace

    from pnp.games import GAMES
    from pnp.pagecode import PageCode
    from pnp.vision.reference import common_map

    out = []
    for game in GAMES.values():
        for kind in game.sheets.values():
            if kind.writable:
                for layout in kind.layout_names():
                    code = common_map(PageCode(game.name, kind.name, layout, 0, 0)).code
                    for version in range(1, code.version + 1):
                        text = replace(code, version=version).text
                        out.append(text[:-SERIAL_DIGITS])
    return tuple(out)


@dataclass(frozen=True)
class _Prefix:
    """One prefix's symbols: serial 000000's (data modules unmasked, packed) and, for
    each bit field the serial's characters fall in, the change each of its values
    makes (the fields' values as serial digits, in order)."""

    text: str
    modules: int
    zero: np.ndarray  # uint64 words
    fields: tuple[tuple[tuple[str, ...], np.ndarray], ...]  # (digits, changes (n, words))


@cache
def _prefix(text: str) -> _Prefix:
    n = len(text) + SERIAL_DIGITS
    base = text + "0" * SERIAL_DIGITS
    zero = _unmasked_symbol(base)
    fields = []
    # Alphanumeric mode packs characters two by two from the first (a last odd one alone).
    serial = range(len(text), n)
    for start in sorted({p - p % 2 for p in serial}):
        places = [p for p in (start, start + 1) if p < n]
        ours = [p for p in places if p in serial]
        digits = ["".join(d) for d in product("0123456789", repeat=len(ours))]
        changes = np.stack([_field_change(base, places, ours, d, zero) for d in digits])
        fields.append((tuple(digits), changes))
    return _Prefix(text, _modules(base), zero, tuple(fields))


def _field_change(base: str, places, ours, digits: str, zero: np.ndarray) -> np.ndarray:
    """The change to serial 000000's unmasked symbol of ``digits`` at ``ours`` (the
    serial's places in the bit field of ``places``): the XOR of the changes of the bits
    by which the field's value differs, each taken from a text that flips that bit alone."""
    value = _field_value(base, places)
    target = _field_value(_with(base, ours, digits), places)
    out = np.zeros_like(zero)
    flips = value ^ target
    for bit in range(11):
        if flips >> bit & 1:
            out ^= _bit_change(base, tuple(places), bit)
    return out


def _field_value(text: str, places) -> int:
    codes = [ALPHANUMERIC.index(text[p]) for p in places]
    return codes[0] * 45 + codes[1] if len(codes) == 2 else codes[0]


def _with(text: str, places, chars: str) -> str:
    out = list(text)
    for p, ch in zip(places, chars, strict=True):
        out[p] = ch
    return "".join(out)


@cache
def _bit_change(base: str, places: tuple[int, ...], bit: int) -> np.ndarray:
    """How flipping ``bit`` of the field at ``places`` changes an unmasked symbol of
    ``base``'s length and other characters (the same whatever the field holds: taken
    between the field's values 0 and 2 ** bit, which any of its characters may spell,
    a character it shares with the prefix as well)."""
    zero = "0" * len(places)
    value = 1 << bit
    chars = (
        ALPHANUMERIC[value // 45] + ALPHANUMERIC[value % 45]
        if len(places) == 2
        else ALPHANUMERIC[value]
    )
    return _unmasked_symbol(_with(base, places, zero)) ^ _unmasked_symbol(
        _with(base, places, chars)
    )


# --- Reading ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Nearest:
    code: PageCode
    mismatch: float  # share of the data modules read unlike the code's symbol
    margin: int  # how many more modules the next nearest code's symbol differs in


def nearest_code(dark: np.ndarray) -> Nearest | None:
    """The page code whose symbol is nearest the modules read (``dark``, True = dark,
    modules x modules), if it is near and every other code far; None otherwise.

    The prefixes are searched best first by a bound: the modules that hold a prefix's
    own characters differ from the modules read at least that much in every one of its
    serials, so a prefix whose bound is no nearer than the second best found is passed
    over (the answer is the same as searching all)."""
    mask, format_errors = read_mask(dark)
    if format_errors > MAX_FORMAT_ERRORS:
        return None
    seen = unmasked_bits(dark, mask)
    bits = int(data_cells(dark.shape[0]).sum())
    bounds = []
    for text in page_prefixes():
        modules, zero, own = _prefix_bits(text)
        if modules == dark.shape[0]:
            bounds.append((int(np.bitwise_count((zero ^ seen) & own).sum()), text))
    ranked: list[tuple[int, str, str]] = []  # (distance, prefix, serial): the nearest two
    for bound, text in sorted(bounds):
        if len(ranked) == 2 and bound >= ranked[1][0]:
            break
        ranked = sorted(ranked + _nearest_serials(_prefix(text), seen))[:2]
    if len(ranked) < 2:
        return None
    (best, text, serial), (second, _, _) = ranked
    if best > MAX_MISMATCH * bits or second - best < MIN_MARGIN:
        return None
    return Nearest(PageCode.parse(text + serial), best / bits, second - best)


@cache
def _prefix_bits(text: str) -> tuple[int, np.ndarray, np.ndarray]:
    """(modules, serial 000000's unmasked data modules, the modules that hold the
    prefix's own characters) of a prefix's symbols, packed as ``unmasked_bits``: its
    pairs of characters fill the bits after the mode (4) and count (9) fields."""
    modules = _modules(text + "0" * SERIAL_DIGITS)
    own = np.zeros(int(data_cells(modules).sum()), bool)
    own[: 4 + 9 + 11 * (len(text) // 2)] = True
    packed = np.packbits(_in_data_order(own, modules))
    return modules, _unmasked_symbol(text + "0" * SERIAL_DIGITS), _words(packed)


def _in_data_order(bits: np.ndarray, modules: int) -> np.ndarray:
    """``bits`` given in the placement order, as ``unmasked_bits`` orders them (row by
    row over ``data_cells``)."""
    grid = np.zeros((modules, modules), bool)
    rows, cols = np.array(placement(modules)).T
    grid[rows, cols] = bits
    return grid[data_cells(modules)]


def _words(packed: np.ndarray) -> np.ndarray:
    return np.pad(packed, (0, -len(packed) % 8)).view(np.uint64)


def _nearest_serials(p: _Prefix, seen: np.ndarray) -> list[tuple[int, str, str]]:
    """The two serials of prefix ``p`` whose symbols are nearest ``seen`` (distance,
    prefix, serial): every serial compared, the fields split in two halves whose
    changes are combined as a table."""
    half = len(p.fields) // 2
    left_digits, left = _combined(p.fields[:half], p.zero ^ seen)
    right_digits, right = _combined(p.fields[half:], np.zeros_like(seen))
    distance = np.zeros((len(left), len(right)), np.int32)
    for w in range(seen.shape[0]):  # word by word: no (left x right x words) array
        distance += np.bitwise_count(left[:, None, w] ^ right[None, :, w]).astype(np.int32)
    flat = distance.ravel()
    two = np.argpartition(flat, 1)[:2]
    out = []
    for k in two.tolist():
        i, j = divmod(k, len(right))
        out.append((int(flat[k]), p.text, left_digits[i] + right_digits[j]))
    return out


def _combined(fields, start: np.ndarray) -> tuple[list[str], np.ndarray]:
    """Every combination of the fields' values: its digits, and ``start`` changed by it."""
    digits, rows = [""], start[None, :]
    for values, changes in fields:
        digits = [d + v for d in digits for v in values]
        rows = (rows[:, None, :] ^ changes[None, :, :]).reshape(-1, start.shape[0])
    return digits, rows
