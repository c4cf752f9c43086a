"""One entry point per game for scoring JSON states: ``schema(game)`` and ``score_states``.

States say which game they belong to (``"game"``); a batch of states must all be
of one game. Every problem in every state is reported at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scoring.table import CategoryScore, PlayerResult, Table, ranked


class ScoringError(ValueError):
    """States that cannot be scored; ``problems`` lists every reason, each naming its source."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("cannot score:\n" + "\n".join(f"  - {p}" for p in self.problems))


def _stellar_drift(states: list[tuple[str, dict]]) -> list[PlayerResult]:
    from scoring.stellar_drift import layouts
    from scoring.stellar_drift.problem import InvalidState
    from scoring.stellar_drift.score import score
    from scoring.stellar_drift.state import parse_state

    results, problems = [], []
    for source, data in states:
        try:
            state = parse_state(data)
            if state.ship not in layouts.ship_names():
                raise InvalidState(
                    [],
                    f"unknown ship {state.ship!r}; choose one of {', '.join(layouts.ship_names())}",
                )
            b = score(
                state, layouts.load_ship(state.ship), layouts.load_tracker(), layouts.load_tech()
            )
        except InvalidState as exc:
            problems.append(f"{source}: {exc}")
            continue
        results.append(
            PlayerResult(
                name=b.player or Path(source).stem,
                total=b.total,
                categories=tuple(
                    CategoryScore(ln.id, ln.label, ln.vp, ln.why, ln.marks) for ln in b.lines
                ),
                tiebreak=b.tie_breaker,
                tiebreak_why=b.tie_breaker_why,
                serial=b.serial,
                detail={
                    "ship": b.ship,
                    # the Solo Variant's chart stands "instead of comparing scores to other
                    # players": a table of several has no rating
                    **({"solo_rating": b.solo_rating} if len(states) == 1 else {}),
                    "warnings": [str(w) for w in b.warnings],
                },
            )
        )
    if problems:
        raise ScoringError(problems)
    return results


def _distant_suns(states: list[tuple[str, dict]]) -> list[PlayerResult]:
    """All sheets of one game together: the Frontier race needs every player's turns."""
    from scoring.distant_suns.layout import load_cosmos, load_shapes
    from scoring.distant_suns.problem import InvalidState
    from scoring.distant_suns.score import rank, score, score_table
    from scoring.distant_suns.state import parse_state

    parsed, problems = [], []
    # an unnamed sheet is named by its file, as a Stellar Drift sheet is (the table is
    # ranked below: a name by place would call the leader "player 1"); by its whole path
    # where two files share a name
    stems = [Path(source).stem for source, _ in states]
    for (source, data), stem in zip(states, stems, strict=True):
        unnamed = stem if stems.count(stem) == 1 else source
        data = {**data, "player": data.get("player") or unnamed}
        try:
            parsed.append(parse_state(data))
        except InvalidState as exc:
            problems.append(f"{source}: {exc}")
    if problems:
        raise ScoringError(problems)
    try:
        if len(parsed) == 1 or not all(s.order_known for s in parsed):
            # A sheet alone, or sheets whose drawing order was inferred (read from photos),
            # score the Frontier values circled on them; only known turns decide the race.
            standings = rank([score(s, load_cosmos(), load_shapes()) for s in parsed])
        else:
            standings = score_table(parsed, load_cosmos(), load_shapes())
    except InvalidState as exc:
        sources = ", ".join(f"states.{i} = {src}" for i, (src, _) in enumerate(states))
        raise ScoringError([f"{exc} ({sources})"]) from None
    return [
        PlayerResult(
            name=st.player,
            total=st.total,
            categories=tuple(
                CategoryScore(
                    ln.id, ln.label, ln.points, ln.why, tuple(f"hex-{h}" for h in ln.hexes)
                )
                for ln in st.breakdown.lines
            ),
            serial=st.breakdown.serial,
        )
        for st in standings
    ]


def _federation(states: list[tuple[str, dict]]) -> list[PlayerResult]:
    """Score pads (a player per column), or Solo games ("mode": "solo"), not both at once."""
    from scoring.federation.score_pad import load_score_pad
    from scoring.federation.state import InvalidState, parse_state, score

    solo = [(source, data) for source, data in states if data.get("mode") == "solo"]
    if solo and len(solo) < len(states):
        pads = [source for source, data in states if data.get("mode") != "solo"]
        raise ScoringError(
            [
                f"Solo games ({', '.join(s for s, _ in solo)}) and score pads "
                f"({', '.join(pads)}) in one table: score them apart"
            ]
        )
    if solo:
        return _federation_solo(solo)
    pad = load_score_pad()
    results, problems = [], []
    for source, data in states:
        try:
            state = parse_state(data)
            table = score(state, pad)
        except InvalidState as exc:
            problems.append(f"{source}: {exc}")
            continue
        serials = {p.name: p.serial for p in state.players}
        results += [
            PlayerResult(
                name=ps.player,
                total=ps.total,
                categories=tuple(CategoryScore(ln.category, ln.label, ln.value) for ln in ps.lines),
                serial=serials.get(ps.player),
            )
            for ps in table.scores
        ]
    if problems:
        raise ScoringError(problems)
    return results


def _federation_solo(states: list[tuple[str, dict]]) -> list[PlayerResult]:
    """Each Solo game's final PP (or its Funded Major Projects PP without score pad values)."""
    from scoring.federation.score_pad import load_score_pad
    from scoring.federation.solo_state import InvalidState, parse_state, score
    from scoring.federation.solo_tracker import load_solo_tracker

    tracker, pad = load_solo_tracker(), load_score_pad()
    results, problems = [], []
    for source, data in states:
        try:
            result = score(parse_state(data), tracker, pad)
        except InvalidState as exc:
            problems.append(f"{source}: {exc}")
            continue
        results.append(
            PlayerResult(
                name=result.player,
                total=result.total,
                categories=tuple(
                    CategoryScore(ln.id, ln.label, ln.points, ln.why)
                    for ln in (*result.lines, *result.pad_lines)
                ),
                serial=result.serial,
                detail={
                    "mode": "solo",
                    "complete": result.complete,
                    "funded_major_projects": result.funded.total,
                    "senate_floors": [f.explain() for f in result.floors],
                },
            )
        )
    if problems:
        raise ScoringError(problems)
    return results


SCORERS: dict[str, Callable[[list[tuple[str, dict]]], list[PlayerResult]]] = {
    "stellar-drift": _stellar_drift,
    "distant-suns": _distant_suns,
    "federation": _federation,
}
SCHEMAS: dict[str, str] = {
    "stellar-drift": "scoring.stellar_drift.state:state_schema",
    "distant-suns": "scoring.distant_suns.state:state_schema",
    "federation": "scoring.federation.state:state_schema",
}


# Other kinds of state a game's scorer takes, told apart by a key of the state.
KIND_SCHEMAS: dict[tuple[str, str], str] = {
    ("federation", "solo"): "scoring.federation.solo_state:state_schema",
}


def kinds(game: str) -> list[str]:
    """The state kinds of ``game`` besides its default one."""
    return [k for g, k in KIND_SCHEMAS if g == game]


def schema(game: str, kind: str | None = None) -> dict[str, Any]:
    """The JSON Schema of ``game``'s state, or of its other ``kind`` (Federation: ``solo``)."""
    from importlib import import_module

    if game not in SCHEMAS:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(SCHEMAS)}")
    if kind is None:
        target = SCHEMAS[game]
    elif (game, kind) in KIND_SCHEMAS:
        target = KIND_SCHEMAS[game, kind]
    else:
        choices = ", ".join(kinds(game)) or "none"
        raise ValueError(f"{game} has no state kind {kind!r} (other kinds: {choices})")
    module, _, func = target.partition(":")
    return getattr(import_module(module), func)()


def read_state_file(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScoringError([f"{path}: cannot read: {exc.strerror}"]) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ScoringError([f"{path}: not valid JSON: {exc}"]) from None
    if not isinstance(data, dict):
        raise ScoringError([f"{path}: expected a JSON object"])
    return data


def score_files(paths: list[Path]) -> Table:
    """Read and score state files; every problem of every file is reported at once."""
    states, problems = [], []
    for path in paths:
        try:
            states.append((str(path), read_state_file(path)))
        except ScoringError as exc:
            problems += exc.problems
    try:
        table = score_states(states) if states else None
    except ScoringError as exc:
        problems += exc.problems
    if problems:
        raise ScoringError(problems)
    return table


def score_states(states: list[tuple[str, dict]]) -> Table:
    """Score (source name, state data) pairs of one game and rank the players."""
    problems: list[str] = []
    games = set()
    for source, data in states:
        game = data.get("game")
        if not isinstance(game, str) or game not in SCORERS:
            problems.append(f'{source}: "game" must be one of {", ".join(SCORERS)} (got {game!r})')
        else:
            games.add(game)
    if problems:
        raise ScoringError(problems)
    if len(games) > 1:
        raise ScoringError([f"states of different games in one table: {', '.join(sorted(games))}"])
    game = games.pop()
    results = SCORERS[game](states)
    return ranked(game, results)
