"""Load a photo safely: its size is checked from the file header before anything is decoded.

A phone photo is a JPEG, a PNG or a HEIF (HEIC: what iPhones save by default; decoded
by pillow-heif, the Python binding of libheif); a scan saved as a PDF holds a photo a
page (``photos_in``, ``pnp.vision.scan_pdf``). Every way a file can fail to be one
(empty, truncated, something else with an image name, too small to hold a sheet, a
header claiming a huge picture) is a ``PhotoError`` with one line that names the file,
and an ``exit_code`` the CLI passes on.

>>> image_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + (50000).to_bytes(4, "big") * 2)
('png', 50000, 50000)
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# The most pixels a header may claim. A JPEG is decoded at a half, a quarter or an eighth
# of its size (libjpeg scales as it decodes), so a phone's largest photos (200 MP:
# 16320 x 12240) cost no more memory than a 12 MP one; a PNG or a HEIF is decoded whole
# (a 50 MP HEIF: 150 MB of RGB) before it is shrunk. A 50000 x 50000 header is a bomb.
MAX_PIXELS = {"jpeg": 250_000_000, "heif": 50_000_000, "png": 40_000_000}
MIN_SIDE = 200  # a sheet's markers and QR cannot be read from fewer pixels
# Above this, the photo is decoded at half size (a quarter, an eighth) until it is not:
# a page that fills a 12 MP photo is still read from 3 MP at more than the page's
# ``rectify.READ_PX_PER_MM``.
REDUCE_ABOVE = 6_000_000
_JPEG_REDUCED = {  # factor -> (gray, colour) flags of cv2.imdecode
    1: ("IMREAD_GRAYSCALE", "IMREAD_COLOR"),
    2: ("IMREAD_REDUCED_GRAYSCALE_2", "IMREAD_REDUCED_COLOR_2"),
    4: ("IMREAD_REDUCED_GRAYSCALE_4", "IMREAD_REDUCED_COLOR_4"),
    8: ("IMREAD_REDUCED_GRAYSCALE_8", "IMREAD_REDUCED_COLOR_8"),
}


def reduction(pixels: int) -> int:
    """The factor (1, 2, 4 or 8) a photo of ``pixels`` is decoded smaller by.

    >>> [reduction(n * 1_000_000) for n in (2, 12, 48, 200)]
    [1, 2, 4, 8]
    """
    factor = 1
    while pixels > REDUCE_ABOVE * factor**2 and factor < 8:
        factor *= 2
    return factor


# Exit codes of `pnp read` / `pnp score`, one per kind of bad input.
EXIT_UNREADABLE = 1  # several kinds of bad input at once, or the file cannot be opened
EXIT_OPEN = 3  # no bad input: read, but doubtful fields (or missing sheets) left open
EXIT_NO_SHEET = 4
EXIT_NOT_AN_IMAGE = 5
EXIT_TOO_LARGE = 6
EXIT_WRONG_GAME = 7
EXIT_DUPLICATE = 8
EXIT_TOO_SMALL = 9
EXIT_OTHER_VERSION = 10
EXIT_BLACK_AND_WHITE = 11


class PhotoError(ValueError):
    """A photo that cannot be read; the message is one line naming the file."""

    exit_code = EXIT_UNREADABLE


class NotAnImage(PhotoError):
    exit_code = EXIT_NOT_AN_IMAGE


class PhotoTooLarge(PhotoError):
    exit_code = EXIT_TOO_LARGE


class PhotoTooSmall(PhotoError):
    exit_code = EXIT_TOO_SMALL


class NoSheet(PhotoError):
    exit_code = EXIT_NO_SHEET


class OtherVersion(PhotoError):
    """A sheet printed from another version of its layout than this pnp reads."""

    exit_code = EXIT_OTHER_VERSION


class BlackAndWhite(PhotoError):
    """A page without greys (a scan in black and white, or a photo washed out): marks
    cannot be told from print."""

    exit_code = EXIT_BLACK_AND_WHITE


_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (baseline, progressive, lossless...), not DHT/JPG/DAC.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


# ISO base media file brands of HEIF still images (HEVC-coded, or the generic ones);
# an AVIF ("avif") is not one: libheif in pillow-heif's wheels decodes HEVC only
_HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1"}


def _boxes(data: bytes, start: int, end: int):
    """(type, body start, end) of each ISO base media box between ``start`` and ``end``;
    a box may end past the data (a truncated file), never before its own header."""
    i, end = start, min(end, len(data))
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i : i + 8])
        head = 8
        if size == 1:  # a 64-bit size follows the type
            if i + 16 > end:
                raise ValueError("a HEIF with a broken box")
            (size,) = struct.unpack(">Q", data[i + 8 : i + 16])
            head = 16
        elif size == 0:  # the last box, to the end of the file
            size = end - i
        if size < head:
            raise ValueError("a HEIF with a broken box")
        yield kind, i + head, i + size
        i += size


def _is_heif(data: bytes) -> bool:
    if data[4:8] != b"ftyp" or len(data) < 16:
        return False
    (size,) = struct.unpack(">I", data[:4])
    brands = [data[k : k + 4] for k in range(16, min(size, len(data)) - 3, 4)]
    return bool({data[8:12], *brands} & _HEIF_BRANDS)


def _heif_size(data: bytes) -> tuple[int, int]:
    """The largest image extent ("ispe") a HEIF's item properties hold: the primary image
    (a grid of tiles, on a phone) is the largest, its tiles and thumbnails smaller."""
    sizes = []
    for kind, a, b in _boxes(data, 0, len(data)):
        if kind != b"meta":
            continue
        for kind2, a2, b2 in _boxes(data, a + 4, min(b, len(data))):  # (meta: 4 bytes of flags)
            for kind3, a3, b3 in _boxes(data, a2, b2) if kind2 == b"iprp" else ():
                for kind4, a4, b4 in _boxes(data, a3, b3) if kind3 == b"ipco" else ():
                    if kind4 == b"ispe" and b4 <= len(data) and b4 - a4 >= 12:
                        sizes.append(struct.unpack(">II", data[a4 + 4 : a4 + 12]))
    if not sizes:
        raise ValueError("a HEIF without its image size")
    return max(sizes, key=lambda wh: wh[0] * wh[1])


def image_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) from a PNG IHDR, a JPEG SOF or a HEIF item's extent header;
    ValueError otherwise."""
    if _is_heif(data):
        return "heif", *_heif_size(data)
    if data.startswith(_PNG_MAGIC):
        if len(data) < 24 or data[12:16] != b"IHDR":
            raise ValueError("a PNG without its IHDR header")
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data.startswith(b"\xff\xd8"):
        i = 2
        while i + 4 <= len(data):
            if data[i] != 0xFF:
                raise ValueError("a JPEG with a broken marker sequence")
            marker = data[i + 1]
            if marker == 0xFF:  # fill byte
                i += 1
                continue
            if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
                i += 2
                continue
            (length,) = struct.unpack(">H", data[i + 2 : i + 4])
            if marker in _SOF:
                if i + 9 > len(data):
                    break
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return "jpeg", width, height
            if marker == 0xDA:  # start of scan before any frame header
                break
            i += 2 + length
        raise ValueError("a JPEG without a frame header")
    raise ValueError("not a JPEG, PNG or HEIF image, nor a PDF")


def _complete(fmt: str, data: bytes) -> bool:
    """Whether the file ends as its format says it must (a cut-off download does not)."""
    if fmt == "png":
        return b"IEND" in data[-64:]
    if fmt == "heif":  # every top-level box (the image data last) ends within the file
        try:
            return all(end <= len(data) for _, _, end in _boxes(data, 0, len(data)))
        except ValueError:
            return False
    return data.rstrip(b"\x00\r\n ").endswith(b"\xff\xd9")


@dataclass(frozen=True)
class Photo:
    """A decoded photo: gray always, colour only when asked for; ``scale`` = decoded / file."""

    gray: np.ndarray
    color: np.ndarray | None
    scale: float
    width: int  # as stored in the file
    height: int
    page: int = 0  # the page of a scanned PDF it is (1, 2...); 0 for an image file


def load_photo(path: Path | str, color: bool = False) -> Photo:
    """Decode ``path`` (JPEG, PNG or HEIF) after checking its header; PhotoError naming the
    problem."""
    path = Path(path)
    return _decoded(path, _file_bytes(path), color)


def photos_in(path: Path | str, color: bool = False, page: int | None = None) -> Iterator[Photo]:
    """The photos a file holds, decoded one at a time: an image file's one, or each page
    of a scan saved as a PDF (``pnp.vision.scan_pdf``; ``page`` alone if given);
    PhotoError naming the problem."""
    path = Path(path)
    data = _file_bytes(path)
    if is_pdf(data):
        from pnp.vision.scan_pdf import scan_pages

        yield from scan_pages(path, data, color, page)
    else:
        yield _decoded(path, data, color)


def is_pdf(data: bytes) -> bool:
    """A PDF starts with its "%PDF-" header, which may follow up to 1 KiB of other bytes."""
    return b"%PDF-" in data[:1024]


def _file_bytes(path: Path) -> bytes:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PhotoError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not data:
        raise NotAnImage(f"{path}: empty file (0 bytes)")
    return data


def finer(path: Path | str, photo: Photo) -> Photo | None:
    """``photo``, of the image file ``path``, decoded again at twice its resolution (half
    its ``reduction``; in colour too if it was); None if it was decoded whole. For a sheet
    small in the frame whose corner markers or page code the photo as first decoded shows
    too coarsely to read."""
    factor = round(1 / photo.scale)
    if photo.page or factor < 2:
        return None
    path = Path(path)
    return _decoded(path, _file_bytes(path), photo.color is not None, factor // 2)


def _decoded(path: Path, data: bytes, color: bool, factor: int | None = None) -> Photo:
    """The photo ``data`` holds, decoded ``factor`` times smaller (by default its
    ``reduction``), after checking its header."""
    import cv2

    try:
        fmt, width, height = image_size(data)
    except ValueError as exc:
        raise NotAnImage(f"{path}: {exc}") from None
    if width * height > MAX_PIXELS[fmt]:
        raise PhotoTooLarge(
            f"{path}: its header claims {width} x {height} pixels ({width * height / 1e6:.0f} "
            f"MP, limit {MAX_PIXELS[fmt] / 1e6:.0f} MP for a {fmt.upper()}); not decoded"
        )
    if min(width, height) < MIN_SIDE:
        raise PhotoTooSmall(
            f"{path}: {width} x {height} pixels is too small to hold a sheet "
            f"(need at least {MIN_SIDE} px a side)"
        )
    if not _complete(fmt, data):
        raise NotAnImage(f"{path}: truncated {fmt.upper()} (the file ends before the image does)")
    factor = factor or reduction(width * height)
    if fmt == "heif":
        # (its size as shown: the coded extent checked above may be a few pixels more)
        gray, colour, (width, height) = _decode_heif(path, data, factor, color)
    else:
        gray_flag, colour_flag = _JPEG_REDUCED[factor if fmt == "jpeg" else 1]
        buf = np.frombuffer(data, np.uint8)
        gray = cv2.imdecode(buf, getattr(cv2, gray_flag))
        if gray is None or gray.size == 0:
            raise NotAnImage(f"{path}: the {fmt.upper()} data does not decode")
        colour = cv2.imdecode(buf, getattr(cv2, colour_flag)) if color else None
    # (the longer sides: a phone's portrait photo is stored on its side, and turned
    # upright as it is decoded: EXIF orientation, HEIF rotation)
    return Photo(gray, colour, max(gray.shape) / max(width, height), width, height)


def _decode_heif(
    path: Path, data: bytes, factor: int, color: bool
) -> tuple[np.ndarray, np.ndarray | None, tuple[int, int]]:
    """Gray (and BGR if ``color``) of a HEIF's primary image, ``factor`` times smaller;
    and its full size (width, height) as decoded."""
    import cv2
    import pillow_heif

    try:
        rgb = np.asarray(pillow_heif.open_heif(data, convert_hdr_to_8bit=True))
    # libheif's errors come out of pillow-heif as ValueError, RuntimeError, EOFError,
    # SyntaxError (an unsupported box version), ...: any of them means data it cannot decode
    except Exception as exc:
        raise NotAnImage(
            f"{path}: the HEIF data does not decode ({type(exc).__name__}: {exc})"
        ) from None
    if rgb.ndim != 3 or rgb.shape[2] not in (3, 4) or rgb.size == 0:
        raise NotAnImage(f"{path}: the HEIF holds no colour image (shape {rgb.shape})")
    rgb, size = rgb[..., :3], (rgb.shape[1], rgb.shape[0])
    if factor > 1:  # as a large JPEG is decoded: each pixel the mean of those it covers
        small = (rgb.shape[1] // factor, rgb.shape[0] // factor)
        rgb = cv2.resize(rgb, small, interpolation=cv2.INTER_AREA)
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    return gray, cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR) if color else None, size
