"""Numbers as digit bubbles: the field ids a sheet prints and the photo reader reads back.

A number field is a group of bubbles named ``<prefix>-<place>-<digit>``
(``place`` is ``units``, ``tens`` or ``hundreds``) plus, when the range holds
negatives, one ``<prefix>-sign-neg`` bubble. The player writes the number and
fills one bubble per digit; a leading place left empty reads as 0 (a 7 needs
only ``units-7``), the units place is always required, and the minus bubble
left empty means the number is positive.

Both the sheet builders (``pnp.sheets.federation``) and the reader use the
functions here, so what is printed and what is read cannot disagree.

>>> medals = NumberBubbles("p2-medals_of_honor", 0, 99)
>>> sorted(medals.encode(42))
['p2-medals_of_honor-tens-4', 'p2-medals_of_honor-units-2']
>>> medals.decode({"p2-medals_of_honor-units-7", "p1-total-units-3"})
7
>>> NumberBubbles("r4-floor1", -9, 9).decode({"r4-floor1-sign-neg", "r4-floor1-units-1"})
-1
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

PLACES = ("units", "tens", "hundreds")  # index = power of ten
SIGN = "sign-neg"


class BubbleError(ValueError):
    """Marks that do not make one number; ``problems`` lists every reason at once."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Place:
    name: str
    power: int
    digits: tuple[int, ...]


@dataclass(frozen=True)
class NumberBubbles:
    """The bubbles of one number field for values ``min_value..max_value``."""

    prefix: str
    min_value: int
    max_value: int

    def __post_init__(self) -> None:
        if self.min_value > self.max_value or self.min_value > 0:
            raise ValueError(
                f"{self.prefix}: range {self.min_value}..{self.max_value} "
                "must hold 0 and go upwards"
            )
        if len(str(self.magnitude)) > len(PLACES):
            raise ValueError(
                f"{self.prefix}: {self.magnitude} needs more than {len(PLACES)} digit places"
            )

    @property
    def signed(self) -> bool:
        return self.min_value < 0

    @property
    def magnitude(self) -> int:
        return max(-self.min_value, self.max_value)

    @property
    def places(self) -> tuple[Place, ...]:
        """Highest place first; the highest place offers only the digits the range reaches."""
        text = str(self.magnitude)
        out = []
        for i, ch in enumerate(text):
            power = len(text) - 1 - i
            top = int(ch) if i == 0 and len(text) > 1 else 9
            out.append(Place(PLACES[power], power, tuple(range(top + 1))))
        return tuple(out)

    def bubble_id(self, place: str, digit: int) -> str:
        return f"{self.prefix}-{place}-{digit}"

    @property
    def sign_id(self) -> str:
        return f"{self.prefix}-{SIGN}"

    def bubble_ids(self) -> list[str]:
        ids = [self.sign_id] if self.signed else []
        return ids + [self.bubble_id(p.name, d) for p in self.places for d in p.digits]

    def encode(self, value: int) -> frozenset[str]:
        """The bubbles a player fills for ``value`` (no leading zeros)."""
        if not self.min_value <= value <= self.max_value:
            raise ValueError(
                f"{self.prefix}: {value} is outside {self.min_value}..{self.max_value}"
            )
        marks = {self.sign_id} if value < 0 else set()
        size = abs(value)
        for place in self.places:
            digit = size // 10**place.power % 10
            if place.power == 0 or size >= 10**place.power:
                marks.add(self.bubble_id(place.name, digit))
        return frozenset(marks)

    def empty_places(self, marked: Collection[str]) -> list[str]:
        """The places ``decode`` finds no bubble filled in where one is needed: the units,
        and any place below a marked one.

        >>> NumberBubbles("p1-total", 0, 999).empty_places({"p1-total-tens-3"})
        ['units']
        """
        mine = {m for m in marked if m.startswith(self.prefix + "-")}
        out, started = [], False
        for place in self.places:
            hits = [d for d in place.digits if self.bubble_id(place.name, d) in mine]
            started = started or any(d > 0 for d in hits)
            if not hits and (started or place.power == 0):
                out.append(place.name)
        return out

    def decode(self, marked: Collection[str]) -> int:
        """The number the filled bubbles in ``marked`` say (ids of other fields are ignored).

        Raises BubbleError naming every problem: two bubbles in one place, no units
        bubble, an empty place below a marked one, a value out of range.
        """
        mine = {m for m in marked if m.startswith(self.prefix + "-")}
        unknown = sorted(mine - set(self.bubble_ids()))
        problems = [f"{self.prefix}: unknown bubble {u!r}" for u in unknown]
        value, started = 0, False
        for place in self.places:
            hits = [d for d in place.digits if self.bubble_id(place.name, d) in mine]
            if len(hits) > 1:
                problems.append(crowded_place(self.prefix, place.name, hits))
            elif hits:
                value += hits[0] * 10**place.power
                started = started or hits[0] > 0  # leading zeros may be filled or not
            elif started or place.power == 0:
                problems.append(f"{self.prefix}: no {place.name} bubble filled")
        if problems:
            raise BubbleError(problems)
        if self.sign_id in mine:
            value = -value
        if not self.min_value <= value <= self.max_value:
            raise BubbleError(
                [f"{self.prefix}: {value} is outside {self.min_value}..{self.max_value}"]
            )
        return value


def crowded_place(prefix: str, place: str, digits: Sequence[int]) -> str:
    """The problem of a digit place with more than one bubble filled.

    >>> crowded_place("p1-total", "units", [3, 4])
    'p1-total: 2 units bubbles filled (3, 4); fill one'
    """
    return (
        f"{prefix}: {len(digits)} {place} bubbles filled ({', '.join(map(str, digits))}); fill one"
    )


_BUBBLE = re.compile(rf"(?P<prefix>.+)-(?P<place>{'|'.join(PLACES)})-(?P<digit>\d)")


def digit_place(mark: str) -> str | None:
    """The digit place ("PREFIX-PLACE") of a digit bubble, one bubble of which alone is
    filled; None for any other field.

    >>> digit_place("r1-law-units-2"), digit_place("r1-law-write")
    ('r1-law-units', None)
    """
    hit = _BUBBLE.fullmatch(mark)
    return f"{hit['prefix']}-{hit['place']}" if hit else None


def digit_places(ids: Collection[str]) -> dict[tuple[str, str], list[str]]:
    """The digit bubbles among ``ids`` (the inverse of ``NumberBubbles.bubble_id``) by
    (number prefix, place), each list sorted.

    >>> places = digit_places({"r1-law-units-2", "p1-total-tens-3", "r1-law-write"})
    >>> places[("r1-law", "units")], places[("p1-total", "tens")], len(places)
    (['r1-law-units-2'], ['p1-total-tens-3'], 2)
    """
    groups: dict[tuple[str, str], list[str]] = {}
    for m in sorted(ids):
        if hit := _BUBBLE.fullmatch(m):
            groups.setdefault((hit["prefix"], hit["place"]), []).append(m)
    return groups


def digit_numbers(ids: Collection[str]) -> dict[str, list[str]]:
    """The digit bubbles among ``ids`` by number prefix, every place of it (``digit_places``'
    order: places by name, each sorted).

    >>> digit_numbers({"r1-law-units-2", "r1-law-tens-1", "p1-total-tens-3", "r1-law-write"})
    {'p1-total': ['p1-total-tens-3'], 'r1-law': ['r1-law-tens-1', 'r1-law-units-2']}
    """
    numbers: dict[str, list[str]] = {}
    for (number, _), bubbles in digit_places(ids).items():
        numbers.setdefault(number, []).extend(bubbles)
    return numbers


def decode_all(fields: Sequence[NumberBubbles], marked: Collection[str]) -> dict[str, int]:
    """Every field's number by prefix; one BubbleError listing the problems of all fields."""
    values: dict[str, int] = {}
    problems: list[str] = []
    for f in fields:
        try:
            values[f.prefix] = f.decode(marked)
        except BubbleError as exc:
            problems += exc.problems
    if problems:
        raise BubbleError(problems)
    return values
