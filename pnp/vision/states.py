"""From read sheets to game states (the JSON form ``pnp score`` reads): ``assemble``.

- Stellar Drift (``pnp.vision.stellar_drift``): a player's Ship, Tracker and Tech
  sheets share a serial; their marks make one state
  (``scoring.stellar_drift.marks.state_from_marks``).
- Federation (``pnp.vision.federation``): every score pad page of the batch makes one
  state, a player per used column (a ``player`` page is one column); the Solo tracker's
  pages of one serial make a Solo state.
- Distant Suns (``pnp.vision.distant_suns_state``): the Cosmos sheet's shapes come from
  ``pnp.vision.distant_suns`` when it is there; otherwise the marks are read and the
  state is left for a person.

The noise model answers what the reader asked for the paper's noise or faint ink
(``pnp.vision.learned``), and the sheets are read again with its sure answers.

A batch is of one game: sheets of another game are refused (the first photo's game
wins ties), and so is a sheet seen twice (``pnp.vision.batch_checks``). Rule problems
that name printed fields (a gap in a track, two bubbles in one digit) make those fields
doubtful (``pnp.vision.sheet_doubts``), so a mis-read never turns silently into a wrong
score.

What a state read is (``pnp.vision.assembled``) and the answers' lookup
(``pnp.vision.answers``) have modules of their own.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

from pnp.vision.answers import Answers
from pnp.vision.assembled import Assembled, Refused, record_settled
from pnp.vision.batch_checks import batch_game, duplicates, wrong_game
from pnp.vision.distant_suns_state import assemble_distant_suns
from pnp.vision.noise_model import ModelError
from pnp.vision.retake import advice
from pnp.vision.sheet_reading import SheetReading


def assemble(
    sheets: list[SheetReading],
    answers: Answers | None = None,
    game: str | None = None,
) -> tuple[list[Assembled], list[Refused]]:
    """Group read sheets into game states; the sheets left out, each with its reason.

    ``game`` fixes the batch's game (e.g. from state files scored alongside);
    otherwise most sheets decide.
    """
    from pnp.vision.learned import (
        agreeing_hexes,
        faint_hexes_empty,
        keep_one_learned,
        leaning_guesses,
        learned_answers,
        read_as,
    )

    answers = answers or {}
    refused: list[Refused] = []
    game = game or batch_game([s.code.game for s in sheets])
    kept = []
    for s in sheets:
        if s.code.game != game:
            refused.append(wrong_game(s.source, s.code.game, game))
        else:
            kept.append(s)
    kept, dups = duplicates(kept)
    refused += dups
    out = _assembled(game, kept, answers)
    try:
        learned, checked = learned_answers(out)
    except ModelError as exc:  # a damaged install: read on, without the model
        for a in out:
            a.notes.append(f"the noise model was not used: {exc}")
        return _advised(_provisional(game, kept, out, answers)), refused
    hexes = {k for k in learned if _kind(kept, k) == "hex"}
    uncovered = faint_hexes_empty(out, learned)  # read again without them
    # ...and a hex both readers call empty is given as empty: the Cosmos reader then
    # counts it among the clear hexes its Upgrade boxes may rest on
    empty = {k for k in agreeing_hexes(out, {k: learned[k] for k in hexes}) if learned[k] < 0.5}
    given = {
        key: p >= 0.5 for key, p in learned.items() if key not in hexes or key in uncovered | empty
    }
    # a sure answer of a field a check asks about too, where the checks ask nothing of
    # it read so (not a Cosmos hex nor a Frontier value: the Cosmos reader decides them
    # by their symbol and by the mark's shape, a circle or a cross, which "marked" does
    # not say)
    checked = {k: p for k, p in checked.items() if _kind(kept, k) not in ("hex", "frontier_value")}
    if checked:
        read = {k: p >= 0.5 for k, p in checked.items()}
        trial = _assembled(
            game, read_as(kept, read), {**given, **answers}, _learned_keys(given, answers)
        )
        asked = {f"{d.source}:{d.field}" for a in trial for d in a.doubtful}
        checked = {k: p for k, p in checked.items() if k not in asked}
        given |= {k: read[k] for k in checked}
        learned |= checked
    if given:
        # read again with the model's sure answers, as the page's own settled marks are
        # given; a person's answers still win (they were never asked about here)
        out = _assembled(game, kept, {**given, **answers}, _learned_keys(given, answers))
    if learned:
        agreed = agreeing_hexes(out, {k: learned[k] for k in hexes})
        learned = {
            k: p for k, p in learned.items() if k not in hexes or k in agreed | uncovered | empty
        }
        for a in out:
            a.doubtful = [d for d in a.doubtful if f"{d.source}:{d.field}" not in agreed]
            # (an answer a rule still broken asks about is open, not settled: a digit's
            # place left with no bubble filled, a track's gap, ``answers.open_to_ask``)
            asked = {f"{d.source}:{d.field}" for d in a.doubtful}
            record_settled(
                a,
                {k: p >= 0.5 for k, p in learned.items() if k not in asked},
                {k: round(max(p, 1 - p), 4) for k, p in learned.items()},
            )
        # a Cosmos hex the model answers is given only where the Cosmos reader reads it
        # so too (``agreeing_hexes``, ``faint_hexes_empty``): two readers agreeing, not the
        # model alone, so no question is kept for it
        keep_one_learned(out, {k: p for k, p in learned.items() if k not in hexes}, answers)
    leaning_guesses(out, answers)
    return _advised(_provisional(game, kept, out, {**given, **answers})), refused


def _provisional(
    game: str, kept: list[SheetReading], out: list[Assembled], answers: Answers
) -> list[Assembled]:
    """``out``, each state counting its open doubts that make a guess of their own
    (``Doubt.guess``: a box crossed past its outline, say, mostly a mark taken back) at
    that guess: the state those answers would make, as a score shown before the doubts
    are answered counts them. The page's own rules weighed the fields as read; the
    doubts, confidences and notes stay as they are. ``answers``: those ``out`` was
    assembled with."""
    guessed = [_open_guesses(a) for a in out]
    if not any(guessed):
        return out
    guesses = {f"{source}:{i}": g for mine in guessed for (source, i), g in mine.items()}
    again = _assembled(game, kept, {**guesses, **answers})
    if len(again) == len(out):  # the same sheets make the same states, in the same order
        for a, mine, b in zip(out, guessed, again, strict=True):
            if mine and b.state is not None:
                a.state, a.guessed = b.state, mine
    return out


def _open_guesses(a: Assembled) -> dict[tuple[str, str], bool]:
    """(source, field id) -> guess of each of ``a``'s open doubts that makes a guess of its
    own (``Doubt.guess``): the reader's, or the checks' (``keep_one_learned``)."""
    still = {(d.source, d.field) for d in a.doubtful}
    readers = {
        (s.source, d.field): d.guess
        for s in a.sheets
        for d in s.doubtful
        if d.guess is not None and (s.source, d.field) in still
    }
    # (the reader's from its sheets: a doubt merged with a check's question (``merge_doubts``)
    # keeps no guess) and the checks' own: a page's one question, the noise model's answer
    # the state counts (``keep_one_learned``)
    return {(d.source, d.field): d.guess for d in a.doubtful if d.guess is not None} | readers


def _learned_keys(given: Mapping[str, bool], answers: Answers) -> frozenset[str]:
    """The keys of ``given`` (the noise model's answers) a person has not answered."""
    return frozenset(k for k in given if k not in answers)


def _advised(out: list[Assembled]) -> list[Assembled]:
    """``out``, each with the advice to take again the photos of its pages that ask about
    too much (``retake.advice``)."""
    for a in out:
        asked = Counter(d.source for d in a.doubtful)
        tips = {s.source: advice(s, asked[s.source]) for s in a.sheets}
        a.retake = {source: tip for source, tip in tips.items() if tip is not None}
    return out


def _kind(sheets: list[SheetReading], key: str) -> str | None:
    """The kind of the field "SOURCE:FIELD" of one of ``sheets``."""
    for s in sheets:
        if key.startswith(f"{s.source}:"):
            return s.kinds.get(key.removeprefix(f"{s.source}:"))
    return None


def _assembled(
    game: str, kept: list[SheetReading], answers: Answers, learned: frozenset[str] = frozenset()
) -> list[Assembled]:
    """The game states of the sheets ``kept``, each with its sheets' warnings (a sheet
    not read beside them in a photo). ``learned``: the keys of ``answers`` the noise
    model gave, not a person (a page rule that leaves alone what a person has looked at
    still weighs them)."""
    out = _assembled_game(game, kept, answers, learned)
    for a in out:
        a.warnings = list(dict.fromkeys(n for s in a.sheets for n in s.warnings))
    return out


def _assembled_game(
    game: str, kept: list[SheetReading], answers: Answers, learned: frozenset[str]
) -> list[Assembled]:
    if game == "stellar-drift":
        by_serial: dict[int, list[SheetReading]] = defaultdict(list)
        for s in kept:
            by_serial[s.code.serial].append(s)
        from pnp.vision.stellar_drift import assemble_stellar_drift

        return [
            assemble_stellar_drift(serial, group, answers, learned)
            for serial, group in by_serial.items()
        ]
    if game == "federation" and kept:
        from pnp.vision.federation import assemble_federation

        return assemble_federation(kept, answers, learned)
    if game == "distant-suns":
        return [assemble_distant_suns(s, answers) for s in kept]
    return []
