"""What is told of a batch read: each state as text, the scores written on its sheets'
overlays (and the overlays), and the hints on how to answer what is still open and to
run again without the questions."""

from __future__ import annotations

import json
import shlex
from collections import Counter
from pathlib import Path

from pnp.photo_batch import Batch


def compact_json(data: dict) -> str:
    """JSON with one line per top-level key: short enough to read, still valid JSON."""
    body = ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    return "{\n" + body + "\n}"


def report_text(a) -> str:
    from pnp.vision.assembled import COUNTED

    lines = [f"== {a.game}: {a.label}"]
    for s in a.sheets:
        ms = sum(s.timing.values()) * 1000
        printed = ", printed ink-saving" if s.ink_saving else ""
        lines.append(
            f"   {s.code.text}  markers {len(s.markers)}/4, "
            f"reprojection {s.reprojection_mm:.2f} mm{printed}, {ms:.0f} ms"
        )
        if s.code.matched is not None:
            lines.append(
                f"   page code too blurred to decode: read as the nearest code a pnp page "
                f"carries ({s.code.matched:.0%} of its QR modules unlike it)"
            )
    lines.append(compact_json(a.state) if a.state else "(no state yet)")
    low = sorted(a.confidence.items(), key=lambda kv: kv[1])[:5]
    lines.append(
        f"{len(a.confidence)} fields read; lowest confidence: "
        + ", ".join(f"{k} {v:.2f}" for k, v in low)
    )
    if a.doubtful:
        lines.append(f"doubtful ({len(a.doubtful)}):")
        for d in a.doubtful:
            guess = a.counted(d)
            counted = "" if guess is None else f" (counted {COUNTED[guess]} until answered)"
            which = f" (which: {', '.join(d.options)}?)" if d.options else ""
            lines.append(f"  {d.field:<28} {d.reason}{which}  [{Path(d.source).name}]{counted}")
    lines += [f"note: {n}" for n in a.notes]
    lines += [f"warning: {w}" for w in a.warnings]
    lines += [f"decided: {r}" for r in a.remarks]
    lines += [f"retake: {r}" for r in a.retake.values()]
    return "\n".join(lines)


def _reasons(problem: str) -> list[str]:
    """What makes a state unscorable, without the sources it names first: the lines of
    ``problem`` after its heading ("SOURCES: invalid ... state (...):"), or its whole
    text when it is one line."""
    head, *rest = problem.splitlines()
    return [ln.strip().removeprefix("- ") for ln in rest] or [head]


def sheet_scores(a) -> tuple[dict[str, list], dict[str, str]]:
    """Per sheet source, the categories to write beside its fields, and its headline: the
    players scored, those whose column the page holds (a Federation player page) first."""
    from scoring.games import ScoringError, score_states

    per_source: dict[str, list] = {s.source: [] for s in a.sheets}
    if a.state is None:
        why = "not scored: " + (a.notes[0] if a.notes else "doubtful fields")
        return per_source, dict.fromkeys(per_source, why)
    try:
        table = score_states([(a.label, a.state)])
    except ScoringError as exc:
        why = "not scored: " + "; ".join(_reasons(exc.problems[0]))
        return per_source, dict.fromkeys(per_source, why)
    still_open = ([f"{len(a.doubtful)} doubtful"] if a.doubtful else []) + a.notes
    provisional = f" (provisional: {'; '.join(still_open)})" if still_open else ""
    heads = []
    own: dict[str, list[str]] = {src: [] for src in per_source}  # the players on each page
    for i, player in enumerate(table.players):
        heads.append(f"{player.name}: {player.total}")
        if a.game == "federation" and i < len(a.columns):
            source, n = a.columns[[p["name"] for p in a.state["players"]].index(player.name)]
            own[source].append(heads[-1])
            kinds = next(s for s in a.sheets if s.source == source).kinds
            for c in player.categories:
                ids = tuple(f for f in kinds if f.startswith(f"p{n}-{c.id}-"))
                per_source[source].append((c.label, c.points, ids))
        else:
            for c in player.categories:
                for src in per_source:
                    per_source[src].append((c.label, c.points, c.ids))
    headlines = {}
    for src in per_source:
        mine = own[src] if len(own[src]) < len(heads) else []
        rest = [h for h in heads if h not in mine]
        others = f"; others: {', '.join(rest)}" if mine and rest else ""
        headlines[src] = "total " + ", ".join(mine or heads) + others + provisional
    return per_source, headlines


def write_overlays(batch: Batch, directory: Path) -> list[Path]:
    from pnp.vision.overlay import overlay_image, write_overlay

    written = []
    for a in batch.assembled:
        per_source, headlines = sheet_scores(a)
        # outlined as scored: what the page's marks and the model settled, a person's
        # answers first, and orange only what is still asked
        answers = {**a.settled, **batch.answers}
        for s in a.sheets:
            # the advice above the headline: take this photo again, or another sheet in it
            advice = "; ".join(filter(None, (a.retake.get(s.source), *s.warnings)))
            image = overlay_image(
                s, answers, per_source[s.source], headlines[s.source], advice, a.doubtful
            )
            written.append(write_overlay(directory, s, image))
    return written


def answer_hint(assembled) -> str | None:
    """How to answer the doubtful fields still open in ``assembled``, with one of them as
    the example; None when nothing is left to answer."""
    open_ = [(a, d) for a in assembled for d in a.doubtful]
    if not open_:
        return None
    n = len(open_)
    hint = (
        f"answer: {n} doubtful field{'' if n == 1 else 's'} open; run again with --ask, "
        "or with --set FIELD=filled|empty"
    )
    from pnp.vision.distant_suns import frontier_value

    if any(d.options and not frontier_value(d.field) for _, d in open_):
        hint += ", or FIELD=ZONE for a zone's symbol"
    if any(frontier_value(d.field) for _, d in open_):
        hint += ", or FIELD=circled|crossed for a Frontier value"
    sheets = {s.source: s for a in assembled for s in a.sheets}
    held = Counter(f for s in sheets.values() for f in s.kinds)
    for _, d in open_:  # (some doubts are of a whole page, "shapes" say: no one field)
        if d.source in sheets and d.field in sheets[d.source].kinds:
            # a field of several sheets (two players' trackers) is answered by its sheet's name
            key = f"{sheets[d.source].name}:{d.field}" if held[d.field] > 1 else d.field
            value = d.options[0] if d.options else "filled"  # a symbol's: a zone
            return hint + f" (e.g. --set {shlex.quote(f'{key}={value}')})"
    return hint


def _answer_text(answer: bool | str) -> str:
    """An answer as ``--set`` takes it: filled, empty, or the zone a symbol names."""
    if isinstance(answer, str):
        return answer
    return "filled" if answer else "empty"


def replay_hint(asked: dict[str, bool | str]) -> str | None:
    """The answers given in the terminal as ``--set`` options, to run again without being
    asked (a photo added, the scores wanted as JSON); None when none were given."""
    if not asked:
        return None
    sets = " ".join(
        "--set " + shlex.quote(f"{key}={_answer_text(answer)}")
        for key, answer in sorted(asked.items())
    )
    return f"answered: to run again without the questions, add {sets}"
