"""`--ask`: doubtful fields answered in the terminal.

A page with few doubtful fields is asked about one field at a time, each with a crop of
it. A page with ``GRID_FROM`` or more is asked once: its fields are shown numbered in
one picture (``pnp.vision.doubt_grid``), and the person types the numbers of those that
are marked (the rest are empty), or chooses to go one field at a time. A field answered
with a zone (``Doubt.options``: a Distant Suns score tile's box, a hex whose symbol is
unclear) is asked alone, the zones it may name offered; a hex, whose ink may be no symbol
at all, is in the page's numbered picture first, and asked its zone if marked there. A
Frontier value is asked so too: circled or crossed out, if marked. The pictures live in a
temporary folder for as long as the questions do.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

GRID_FROM = 3  # doubtful fields on one page: asked at once, from one numbered picture
_ONE_BY_ONE = ("filled", "empty", "skip", "quit", "f", "e", "s", "q")
_WORDS = ("none", "all", "one", "skip", "quit")


def ask(assembled, answers: dict[str, bool | str]) -> tuple[bool, bool]:
    """Ask for every open doubtful field in the terminal: whether anything was answered,
    and whether the person quit (the rest left open, as a photo to take again may be)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="pnp-read-"))
    try:
        return _ask(assembled, answers, folder)
    finally:  # the pictures were for the questions alone
        shutil.rmtree(folder, ignore_errors=True)


def _ask(assembled, answers: dict[str, bool | str], folder: Path) -> tuple[bool, bool]:
    asked = False
    for a in assembled:
        for r in a.retake.values():
            click.echo(f"retake: {r}", err=True)
        by_source = {s.source: s for s in a.sheets}
        pages: dict[str, dict] = {}  # source -> field -> its first open doubt, in order
        for d in a.doubtful:
            sheet = by_source.get(d.source)
            if sheet is not None and d.field in sheet.kinds:
                pages.setdefault(d.source, {}).setdefault(d.field, d)
        for source, by_field in pages.items():
            sheet = by_source[source]
            # a score tile's box holds a symbol: only which zone's is asked, alone
            doubts = [d for d in by_field.values() if not d.options or _emptiable(d)]
            alone = [d for d in by_field.values() if d not in doubts]
            if len(doubts) >= GRID_FROM:
                reply = _ask_page(sheet, doubts, answers, folder)
                if reply == "quit":
                    return asked, True
                asked |= reply == "answered"
                if reply != "one":
                    # a hex marked in the picture is then asked which zone its symbol names
                    marked = {k for k, v in answers.items() if v is True}
                    doubts = [
                        d for d in doubts if d.options and f"{sheet.name}:{d.field}" in marked
                    ]
            for d in doubts + alone:
                reply = _ask_field(sheet, d, folder)
                if reply == "quit":
                    return asked, True
                if reply != "skip":
                    zone = bool(d.options) and reply != "empty"
                    answers[f"{sheet.name}:{d.field}"] = reply if zone else reply == "filled"
                    asked = True
    return asked, False


def _emptiable(d) -> bool:
    """Whether a field answered with an option may be answered empty too: a Cosmos hex
    (its ink may be no symbol at all) or a Frontier value (circled, crossed out, or not
    marked), not a score tile's box."""
    from pnp.vision.distant_suns import frontier_value

    return d.field.startswith("hex-") or frontier_value(d.field)


def _ask_field(sheet, d, folder: Path) -> str:
    """One field asked with its crop: "filled", "empty", "skip" or "quit"; for a field
    answered with a zone (``d.options``), the zone, "skip" or "quit", and for a hex
    "empty" too (a score tile's box always holds a symbol)."""
    from pnp.output import write_png
    from pnp.vision.sheet_reading import crop_field

    crop = folder / f"{sheet.file_stem}-{d.field}.png"
    write_png(crop, crop_field(sheet, d.field))
    if d.options:
        from pnp.vision.distant_suns import FRONTIER_MARKS, frontier_value, zone_ids

        empty = ("empty",) if _emptiable(d) else ()
        if frontier_value(d.field):
            return click.prompt(
                f"{sheet.name} {d.field}: {d.reason}\n  crop: {crop}\n"
                "  circled, crossed (out), empty, skip, or quit?",
                type=click.Choice((*FRONTIER_MARKS, *empty, "skip", "quit")),
                default="skip",
                err=True,
            )
        listed = ", ".join(d.options)
        return click.prompt(
            f"{sheet.name} {d.field}: {d.reason}\n  crop: {crop}\n"
            f"  the zone its symbol names ({listed}; or any zone), "
            f"{'empty, ' if empty else ''}skip, or quit?",
            type=click.Choice((*zone_ids(d.field), *empty, "skip", "quit")),
            default="skip",
            show_choices=False,
            err=True,
        )
    reply = click.prompt(
        f"{sheet.name} {d.field}: {d.reason}\n  crop: {crop}\n"
        "  filled, empty, skip, or quit (leave the rest open)?",
        type=click.Choice(_ONE_BY_ONE),
        default="skip",
        err=True,
    )
    return {"f": "filled", "e": "empty", "s": "skip", "q": "quit"}[reply[0]]


def _ask_page(sheet, doubts: list, answers: dict[str, bool | str], folder: Path) -> str:
    """A page's doubtful fields asked at once from one numbered picture: "answered",
    "one" (the person goes one field at a time), "skip" or "quit"."""
    from pnp.output import write_png
    from pnp.vision.doubt_grid import doubt_grid
    from pnp.vision.sheet_reading import crop_field

    ids = [d.field for d in doubts]
    picture = folder / f"{sheet.file_stem}-doubts.png"
    write_png(picture, doubt_grid([crop_field(sheet, i) for i in ids], ids))
    reply = click.prompt(
        f"{sheet.name}: {len(ids)} fields in doubt, numbered in\n"
        f"  {picture}\n"
        "  which are marked? their numbers (e.g. 1 4 7-9; the rest are empty), none, all,\n"
        "  one (one field at a time), skip (leave them open), or quit",
        value_proc=lambda text: parse_marked(text, len(ids)),
        err=True,
    )
    if isinstance(reply, str):
        return reply
    for n, field_id in enumerate(ids, 1):
        answers[f"{sheet.name}:{field_id}"] = n in reply
    filled = [ids[n - 1] for n in sorted(reply)]
    click.echo(f"  marked: {', '.join(filled) or 'none'}; {len(ids) - len(filled)} empty", err=True)
    return "answered"


def parse_marked(text: str, count: int) -> set[int] | str:
    """The numbers (1..``count``) a reply names, singly or as ranges ("1 4 7-9", commas
    allowed), as a set: "none" is the empty set, "all" every number; "one", "skip" and
    "quit" come back as they are. click.BadParameter names what is wrong."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() in _WORDS:
        word = words[0].lower()
        return set() if word == "none" else set(range(1, count + 1)) if word == "all" else word
    if not words:
        raise click.BadParameter("type the numbers of the marked fields, or none")
    numbers: set[int] = set()
    for word in words:
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", word)
        if m is None:
            raise click.BadParameter(
                f"{word!r} is not a number or a range like 7-9 (or one of {', '.join(_WORDS)})"
            )
        first, last = int(m[1]), int(m[2] or m[1])
        if first > last:
            raise click.BadParameter(f"{word!r}: the range runs backwards")
        if not 1 <= first <= last <= count:
            raise click.BadParameter(f"{word!r}: the fields are numbered 1 to {count}")
        numbers.update(range(first, last + 1))
    return numbers
