"""Score tables for people (text for the terminal) and for programs (JSON)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.table import PlayerResult, Table

# (name, serial) of a player -> what makes its total provisional, one list each: the
# doubtful fields still open on its sheets (counted at their best guess), and the notes on
# its state read from photos (a sheet missing from the batch, its fields counted unmarked)
# (``pnp.read_cli.provisional_players``)
PerPlayer = Mapping[tuple[str, int | None], Sequence[str]]


def table_text(
    table: Table, provisional: PerPlayer | None = None, notes: PerPlayer | None = None
) -> str:
    """The ranking, then each player's categories; a player whose total counts doubtful
    fields at their best guess, or has notes (a sheet missing from the batch), is marked
    provisional, and so is the winner."""
    provisional, notes = provisional or {}, notes or {}

    def doubts(p: PlayerResult) -> Sequence[str]:
        return provisional.get((p.name, p.serial), ())

    def noted(p: PlayerResult) -> Sequence[str]:
        return notes.get((p.name, p.serial), ())

    lines = []
    lines.append(f"{'Place':<7}{'Player':<20}{'Total':>6}  Tie-breaker")
    for p in table.players:
        place = f"{p.rank}{'=' if p.shared else ''}"
        tb = "" if p.tiebreak is None else str(p.tiebreak)
        total = f"{p.total}{'*' if doubts(p) or noted(p) else ''}"
        lines.append(f"{place:<7}{p.name[:19]:<20}{total:>6}  {tb}")
    for p in table.players:
        lines.append("")
        lines.append(f"{p.name}: {p.total} points, place {p.rank}{' (shared)' if p.shared else ''}")
        if doubts(p):
            n = len(doubts(p))
            lines.append(
                f"  provisional: {n} doubtful field{'' if n == 1 else 's'} counted at "
                f"{'its' if n == 1 else 'their'} best guess: {', '.join(doubts(p))}"
            )
        lines += [f"  note: {note}" for note in noted(p)]
        width = max((len(c.label) for c in p.categories), default=10)
        for c in p.categories:
            lines.append(f"  {c.label:<{width}} {c.points:>4}  {c.why}")
        if p.tiebreak is not None:
            lines.append(f"  {'Tie-breaker':<{width}} {p.tiebreak:>4}  {p.tiebreak_why}")
        for key, value in p.detail.items():
            if value and not isinstance(value, list):
                lines.append(f"  {key.replace('_', ' ')}: {value}")
            elif value:
                lines += [f"  {key.replace('_', ' ')}: {v}" for v in value]
    winners = table.winners
    lines.append("")
    why = []
    if any(doubts(p) for p in table.players):
        why.append("counts doubtful fields at their best guess until answered")
    if any(noted(p) for p in table.players):
        why.append("has a note under its total")
    if why:
        lines.append(
            ("Leading: " if len(winners) == 1 else "Sharing the lead: ")
            + ", ".join(winners)
            + f" (provisional: * {', or '.join(why)})"
        )
    else:
        lines.append(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners))
    return "\n".join(lines)


def table_json(
    table: Table, provisional: PerPlayer | None = None, notes: PerPlayer | None = None
) -> dict:
    """``table`` as JSON, each player with ``provisional`` (its total counts doubtful
    fields at their best guess, or has notes) and then its open ``doubtful`` fields and
    its ``notes``."""
    provisional, notes = provisional or {}, notes or {}
    data = table.to_json()
    for player in data["players"]:
        key = (player["name"], player["serial"])
        doubts, noted = provisional.get(key), notes.get(key)
        player["provisional"] = bool(doubts or noted)
        if doubts:
            player["doubtful"] = list(doubts)
        if noted:
            player["notes"] = list(noted)
    return data
