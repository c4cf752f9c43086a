"""What every game's score breakdown shares: its lines found by id, and a plain dict.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Row:
...     id: str
>>> @dataclass(frozen=True)
... class Tally(Lines):
...     lines: tuple[Row, ...]
>>> Tally((Row("a"),)).line("a")
Row(id='a')
>>> Tally((Row("a"),)).line("b")
Traceback (most recent call last):
KeyError: "no score line 'b': one of a"
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any


class Lines:
    """A mixin for frozen dataclasses with ``lines``, each with an ``id``."""

    lines: tuple[Any, ...]

    def line(self, line_id: str) -> Any:
        for line in self.lines:
            if line.id == line_id:
                return line
        raise KeyError(f"no score line {line_id!r}: one of {', '.join(x.id for x in self.lines)}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]
