"""The tally of a photo set's readings against its truth, per game (or sheet) and
level, and the table ``python -m pnp.bench read`` prints of it (its columns are described
in ``pnp.bench.read``); and a page's questions answered from the truth, as ``pnp read
--ask`` asks them, to tell whether its score stays wrong."""

from __future__ import annotations

import statistics
from collections import defaultdict
from dataclasses import dataclass, field

LEVELS = ("easy", "normal", "hard", "real")


@dataclass
class Tally:
    sheets: int = 0
    unread: int = 0
    review: int = 0
    fields: int = 0
    right: int = 0
    silent: int = 0
    doubtful: int = 0
    touched_silent: int = 0
    silent_sheets: int = 0  # a field read wrong (touched or not) and nothing asked about
    score_silent: int = 0  # of those, sheets that change their player's score
    # pages asked about whose score is still wrong once their questions are answered
    review_wrong: int = 0
    retake: int = 0  # pages the reader advises to photograph again (``vision.retake``)
    retake_doubtful: int = 0  # the doubtful fields compared on them
    # the fields compared, and right, on the pages not advised to be photographed again
    kept_fields: int = 0
    kept_right: int = 0
    guess_right: int = 0  # doubtful fields whose best guess (``doubt_guess``) is right
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def add(self, other: Tally) -> None:
        for name in ("sheets", "unread", "review", "fields", "right", "silent", "doubtful"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.touched_silent += other.touched_silent
        self.silent_sheets += other.silent_sheets
        self.score_silent += other.score_silent
        self.review_wrong += other.review_wrong
        self.retake += other.retake
        self.retake_doubtful += other.retake_doubtful
        self.kept_fields += other.kept_fields
        self.kept_right += other.kept_right
        self.guess_right += other.guess_right
        for k, v in other.times.items():
            self.times[k] += v


def answered(sheet, truths: dict, doubted, readings) -> tuple[set[str], dict[str, bool | str]]:
    """The fields marked once ``pnp read --ask`` has had its questions about the page
    answered from ``truths`` (``truth_answer``: a symbol asked about with the zone it
    names), and the answers (field id -> marked, or zone): ``doubted`` first
    (``readings`` as the checks left them), then what the page asks once it is assembled
    with them, as ``pnp.photo_batch.read_and_assemble`` asks again (an answer may take away
    the mark that settled another field: a check past a gap settles the boxes before it)."""
    from pnp.bench.page_score import truth_answers
    from pnp.photo_batch import ASK_ROUNDS
    from pnp.vision.states import assemble

    prefix = f"{sheet.source}:"
    marked = {r.id for r in readings if r.state == "filled"}
    compared = {r.id for r in readings}  # not what the reader leaves to people
    answers: dict[str, bool | str] = {}
    assembled, _ = assemble([sheet])  # which of ``doubted`` are answered with a zone
    zoned = {d.field for a in assembled for d in a.doubtful if d.options}
    for _ in range(ASK_ROUNDS):
        new = truth_answers(((i, truths[i], i in zoned) for i in doubted if i in truths), answers)
        if not new:
            break
        answers |= new
        assembled, _ = assemble([sheet], answers)
        doubted = {d.field for a in assembled for d in a.doubtful}
        zoned = {d.field for a in assembled for d in a.doubtful if d.options}
        settled = {k.removeprefix(prefix): v for a in assembled for k, v in a.settled.items()}
        marked = {
            r.id
            for r in sheet.readings
            if r.id in compared and settled.get(r.id, r.state == "filled")
        }
    return (marked - answers.keys()) | {i for i, v in answers.items() if v}, answers


def row_name(sample: dict) -> str:
    """``game/sheet``, with the layout when the set fixed one (``federation/solo-rounds``)."""
    layout = sample.get("layout")
    return f"{sample['game']}/{sample['sheet']}" + (f"-{layout}" if layout else "")


def table(tallies: dict[tuple[str, str], Tally]) -> str:
    width = max([14, *(len(k[0]) + 2 for k in tallies)])
    head = (
        f"{'game':<{width}}{'level':<8}{'sheets':>7}{'unread':>7}{'fields':>8}{'accuracy':>10}"
        f"{'silent':>7}{'doubtful':>9}{'review':>8}{'touched-silent':>15}{'silent sheets':>14}"
        f"{'score-silent':>13}{'review-wrong':>13}{'retake':>7}{'its doubtful':>13}"
        f"{'kept acc':>10}{'guess acc':>10}{'2MP s':>8}{'12MP s':>8}"
    )
    rows = [head, "-" * len(head)]
    order = sorted(tallies, key=lambda k: (k[0], LEVELS.index(k[1]) if k[1] in LEVELS else 9))
    total = Tally()
    for key in order + [("all", "")]:
        t = tallies[key] if key in tallies else total
        if key[0] != "all":
            total.add(t)
        acc = 100 * t.right / t.fields if t.fields else 0.0
        rev = 100 * t.review / t.sheets if t.sheets else 0.0
        kept = f"{100 * t.kept_right / t.kept_fields:.2f}%" if t.kept_fields else "-"
        guess = 100 * (t.right + t.guess_right) / t.fields if t.fields else 0.0
        med = {k: f"{statistics.median(v):.3f}" if v else "-" for k, v in t.times.items()}
        rows.append(
            f"{key[0]:<{width}}{key[1]:<8}{t.sheets:>7}{t.unread:>7}{t.fields:>8}{acc:>9.2f}%"
            f"{t.silent:>7}{t.doubtful:>9}{rev:>7.0f}%{t.touched_silent:>15}{t.silent_sheets:>14}"
            f"{t.score_silent:>13}{t.review_wrong:>13}{t.retake:>7}{t.retake_doubtful:>13}"
            f"{kept:>10}{guess:>9.2f}%{med.get('2MP', '-'):>8}{med.get('12MP', '-'):>8}"
        )
    rows.append("pages kept (read, and not advised to be photographed again):")
    for key in order:
        t = tallies[key]
        kept = t.sheets - t.unread - t.retake
        rows.append(
            f"  {key[0]:<{width}}{key[1]:<8}{kept:>4} pages {t.kept_right:>6} of "
            f"{t.kept_fields:>6} fields right"
        )
    if total.doubtful:
        rows.append(
            f"doubtful fields whose best guess (what a score shown before the answers counts)"
            f" is right: {total.guess_right} of {total.doubtful}"
            f" ({100 * total.guess_right / total.doubtful:.1f}%)"
        )
    plain = [t for (_, level), t in tallies.items() if level in ("easy", "normal")]
    sheets, review = sum(t.sheets for t in plain), sum(t.review for t in plain)
    if sheets:
        rows.append(
            f"easy and normal sheets needing no review: {sheets - review} of {sheets} "
            f"({100 * (sheets - review) / sheets:.1f}%)"
        )
    return "\n".join(rows)
