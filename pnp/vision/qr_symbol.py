"""A page code's QR symbol, module for module as OpenCV's encoder prints it but for the
remainder bits, in well under a millisecond.

``identify`` takes a decoded page code only where the code's own symbol agrees with the
modules read, and ``known_codes`` compares the modules read with codes' symbols.
``cv2.QRCodeEncoder`` takes 7-9 ms a page code's symbol here (OpenCV 5.0; it tries every
mask), and every photo
carries a serial of its own. But a page code is a short text of the alphanumeric set,
printed at error correction level L in the smallest of versions 1-6 that holds it, and
its mask can be read from the symbol it is compared with (``known_codes.read_mask``):
the rest is the standard's (ISO/IEC 18004): the characters packed two by two into 11
bits, padded, a Reed-Solomon code over GF(256) appended, the bits placed in the
standard's order (``known_codes.data_cells``) and masked, the fixed patterns and the
format bits drawn around them. The symbols agree with the encoder's on every module but
the remainder bits, which encoders set as they please (``known_codes.remainder_cells``):
every prefix a page can carry with serials and all eight masks, and texts of versions 1
to 6 (tests/test_qr_symbol.py).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pnp.vision.known_codes import (
    ALPHANUMERIC,
    CODEWORDS,
    format_cells,
    format_word,
    mask_pattern,
    placement,
)

# Level L, versions 1-6: data codewords and error correction codewords of each block.
_DATA = {1: 19, 2: 34, 3: 55, 4: 80, 5: 108, 6: 136}
_BLOCKS = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2}
_LEVEL_L = 1  # the format's level bits for L
_MODE_ALPHANUMERIC = 0b0010
_COUNT_BITS = 9  # the character count's width in versions 1-9


def symbol(text: str, mask: int) -> np.ndarray | None:
    """(modules, modules) bool, True = dark: ``text``'s symbol at level L under ``mask``
    (0-7), in the smallest version that holds it, its remainder bits light (compare
    without them: ``known_codes.remainder_cells``); None if ``text`` is not
    alphanumeric or needs a version past 6."""
    from pnp.vision.identify import function_modules

    bits = codeword_bits(text)
    if bits is None:
        return None
    version, placed = bits
    modules = 17 + 4 * version
    out = function_modules(modules)[1].copy()  # the fixed patterns' dark modules
    rows, cols = np.array(placement(modules)).T
    out[rows, cols] = placed
    out ^= mask_pattern(modules, mask)
    word = format_word(_LEVEL_L, mask)
    for cells in format_cells(modules):
        for i, (r, c) in enumerate(cells):
            out[r, c] = bool(word >> i & 1)
    return out


def codeword_bits(text: str) -> tuple[int, np.ndarray] | None:
    """(version, bool bits in the placement order, ``known_codes.placement``): ``text``'s
    data and error correction codewords, interleaved by block; None as ``symbol``."""
    if any(ch not in ALPHANUMERIC for ch in text):
        return None
    stream = _stream(text)
    version = next((v for v, n in _DATA.items() if len(stream) <= 8 * n), None)
    if version is None:
        return None
    data = _padded(stream, _DATA[version])
    blocks = np.array_split(data, _BLOCKS[version])
    ec = (CODEWORDS[version] - _DATA[version]) // _BLOCKS[version]
    codewords = _interleaved(blocks) + _interleaved([_remainder(b, ec) for b in blocks])
    bits = np.unpackbits(np.array(codewords, np.uint8)).astype(bool)
    return version, bits


def _stream(text: str) -> list[int]:
    """The segment's bits: mode, count, then the characters two by two (11 bits a pair,
    6 for a last one alone)."""
    out = _bits(_MODE_ALPHANUMERIC, 4) + _bits(len(text), _COUNT_BITS)
    codes = [ALPHANUMERIC.index(ch) for ch in text]
    for i in range(0, len(codes) - 1, 2):
        out += _bits(codes[i] * 45 + codes[i + 1], 11)
    if len(codes) % 2:
        out += _bits(codes[-1], 6)
    return out


def _bits(value: int, width: int) -> list[int]:
    return [value >> i & 1 for i in range(width - 1, -1, -1)]


def _padded(stream: list[int], codewords: int) -> np.ndarray:
    """The stream ended by up to four zero bits, filled to a byte, then padded with the
    standard's alternating bytes to ``codewords`` bytes."""
    room = 8 * codewords
    bits = stream + [0] * min(4, room - len(stream))
    bits += [0] * (-len(bits) % 8)
    out = list(np.packbits(np.array(bits, np.uint8)))
    out += [(0xEC, 0x11)[i % 2] for i in range(codewords - len(out))]
    return np.array(out, np.uint8)


def _interleaved(blocks: list) -> list[int]:
    """The blocks' codewords taken one from each in turn (blocks of one length)."""
    return [int(b[i]) for i in range(len(blocks[0])) for b in blocks]


def _remainder(data: np.ndarray, ec: int) -> np.ndarray:
    """The ``ec`` Reed-Solomon codewords of ``data``: the remainder of data x^ec divided
    by the generator polynomial (roots alpha^0 ... alpha^(ec - 1)) over GF(256)."""
    exp, log = _gf_tables()
    generator = _generator(ec)
    rest = [int(v) for v in data] + [0] * ec
    for i in range(len(data)):
        lead = rest[i]
        if lead:
            for j, g in enumerate(generator[1:], 1):
                rest[i + j] ^= exp[(log[lead] + log[g]) % 255] if g else 0
    return np.array(rest[len(data) :], np.uint8)


@cache
def _gf_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """GF(256) under the QR polynomial x^8 + x^4 + x^3 + x^2 + 1: exp and log tables."""
    exp, log = [0] * 255, [0] * 256
    value = 1
    for i in range(255):
        exp[i], log[value] = value, i
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    return tuple(exp), tuple(log)


@cache
def _generator(degree: int) -> tuple[int, ...]:
    """The generator polynomial's coefficients, the highest power's (1) first."""
    exp, log = _gf_tables()
    poly = [1]
    for i in range(degree):
        # poly * (x + alpha^i)
        out = poly + [0]
        for j, c in enumerate(poly):
            if c:
                out[j + 1] ^= exp[(log[c] + i) % 255]
        poly = out
    return tuple(poly)
