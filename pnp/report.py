"""Score tables as text for the terminal."""

from __future__ import annotations

from scoring.table import Table


def table_text(table: Table) -> str:
    lines = []
    lines.append(f"{'Place':<7}{'Player':<20}{'Total':>6}  Tie-breaker")
    for p in table.players:
        place = f"{p.rank}{'=' if p.shared else ''}"
        tb = "" if p.tiebreak is None else str(p.tiebreak)
        lines.append(f"{place:<7}{p.name[:19]:<20}{p.total:>6}  {tb}")
    for p in table.players:
        lines.append("")
        lines.append(f"{p.name}: {p.total} points, place {p.rank}{' (shared)' if p.shared else ''}")
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
    lines.append(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners))
    return "\n".join(lines)
