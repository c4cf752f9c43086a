"""``--set [PHOTO:]FIELD=VALUE``: the answers for doubtful fields given on the command
line, parsed, and checked against the sheets read."""

from __future__ import annotations

from collections.abc import Sequence

import click

_YES = {"filled", "marked", "x", "yes", "y", "1", "true", "f"}
_NO = {"empty", "blank", "no", "n", "0", "false", "e"}


def parse_sets(values: Sequence[str]) -> dict[str, bool | str]:
    """``--set [PHOTO:]FIELD=filled|empty`` answers, ``FIELD=ZONE`` for a Distant Suns
    score tile's box or hex (the zone whose symbol it holds: ``distant_suns.symbol_field``),
    and ``FIELD=circled|crossed`` for a Frontier value; BadParameter on anything else."""
    out: dict[str, bool | str] = {}
    for value in values:
        key, sep, answer = value.partition("=")
        key, answer = key.strip(), answer.strip().lower()
        if sep and key and answer in _YES | _NO:
            out[key] = answer in _YES
            continue
        from pnp.vision.distant_suns import FRONTIER_MARKS, frontier_value, symbol_field, zone_ids

        field_id = key.rpartition(":")[2]
        if sep and answer in FRONTIER_MARKS and frontier_value(field_id):
            out[key] = answer
            continue
        if sep and answer and symbol_field(field_id):
            zones = zone_ids(field_id)
            if answer not in zones:
                raise click.BadParameter(
                    f"{value!r}: {field_id} holds a zone's symbol; write one of {', '.join(zones)}",
                    param_hint="--set",
                )
            out[key] = answer
            continue
        raise click.BadParameter(
            f"{value!r}: write FIELD=filled or FIELD=empty (e.g. space-C4=filled; "
            "PHOTO:FIELD=... for one photo's sheet; a Distant Suns score tile's zone "
            "box or hex takes a zone, e.g. score-tile-upgrade-zone=station, hex-q3r5=orbit; "
            "a Frontier value circled or crossed, e.g. frontier-q8r0-high=circled)",
            param_hint="--set",
        )
    return out


def check_sets(answers: dict[str, bool | str], sheets) -> None:
    """BadParameter for an answer naming no sheet's field, or a bare FIELD that several
    sheets hold (two players' trackers): it would answer for every one of them."""
    from pnp.vision.answers import answer_names

    known = {(name, f) for s in sheets for name in answer_names(s.source) for f in s.kinds}
    for key in answers:
        photo, _, field_id = key.rpartition(":")
        if photo:
            if (photo, field_id) not in known:
                raise click.BadParameter(
                    f"{key!r}: no sheet read has that field", param_hint="--set"
                )
            continue
        holders = [s for s in sheets if field_id in s.kinds]
        if not holders:
            raise click.BadParameter(f"{key!r}: no sheet read has that field", param_hint="--set")
        if len(holders) > 1:
            # the example: a sheet that asks about the field, if one does
            asking = [s for s in holders if field_id in {d.field for d in s.doubtful}]
            names = ", ".join(s.name for s in holders)
            raise click.BadParameter(
                f"{key!r}: {len(holders)} sheets have {field_id} ({names}); "
                f"name one, e.g. {(asking or holders)[0].name}:{key}",
                param_hint="--set",
            )
