"""Balance report: ``python -m pnp.bench balance [--games N] [--seed S] [--out docs]``.

Plays N seeded games per Stellar Drift ship (solo, and 4 players of that ship) and
N Distant Suns games (solo and 4 players) with the rules engines' bots, then writes
docs/BALANCE.md with the figures and PNG plots (matplotlib, from the ``bench`` extra).
Both cores are used: one process per ship or per game kind.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

SHIPS_BY_PIPS = ("aaraka-glider", "terran-starhopper", "rhox-hauler", "mero-kraken", "xyxzx-hive")
SOLO_BAND = (40, 69)  # the solo chart's middle bands the goal names
SEAT_LIMIT = 0.30


def _sd_ship(args: tuple[str, int, int]) -> dict:
    from scoring.stellar_drift.engine.balance import solo_bands, solo_scores, table_results
    from scoring.stellar_drift.engine.bots import GreedyBot, RandomBot
    from scoring.stellar_drift.layouts import load_ship

    ship, games, seed = args
    greedy = solo_scores(ship, GreedyBot, games, seed)
    table = table_results([ship] * 4, GreedyBot, games, seed + 100_000)
    sections = {
        s.id: table.sections.get((ship, s.id), 0) / (4 * games) for s in load_ship(ship).sections
    }
    return {
        "ship": ship,
        "pips": load_ship(ship).difficulty,
        "greedy": greedy,
        "random": solo_scores(ship, RandomBot, games, seed),
        "bands": solo_bands(greedy),
        "seats": table.win_rates(),
        "sections": sections,
    }


def _ds(args: tuple[str, int, int]) -> dict:
    from scoring.distant_suns.engine import balance as b

    kind, games, seed = args
    if kind == "solo":
        return {
            "greedy": b.solo_scores("greedy", games, seed),
            "random": b.solo_scores("random", games, seed),
            "shapes": b.shapes_placed("greedy", games, seed),
        }
    if kind == "seats":
        from dataclasses import asdict

        from scoring.distant_suns.engine.game import shipped

        return {
            "greedy": asdict(b.seat_study("greedy", games, seed)),
            "random": asdict(b.seat_study("random", games, seed)),
            "no_race": asdict(
                b.seat_study("greedy", games, seed, cosmos=b.without_race(shipped()[0]))
            ),
        }
    return {
        "tight": b.sheet_capacity(games, seed, "tight"),
        "random": b.sheet_capacity(games, seed, "random"),
    }


def _q(values: list[float]) -> str:
    qs = statistics.quantiles(values, n=10)
    return f"{statistics.median(values):g} ({qs[0]:g}-{qs[-1]:g})"


def _plots(sd: list[dict], ds_solo: dict, out: Path) -> list[str]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install '.[bench]'): no plots", file=sys.stderr)
        return []
    out.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=110)
    ax.axvspan(*SOLO_BAND, color="#dff0d8", label="goal: 40-69")
    ax.boxplot(
        [r["greedy"] for r in sd],
        vert=False,
        widths=0.6,
        tick_labels=[f"{r['ship']} ({r['pips']} pips)" for r in sd],
    )
    ax.invert_yaxis()
    ax.set_xlabel("solo score, greedy bot")
    ax.set_title("Stellar Drift: solo scores per ship")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out / "sd-solo.png")
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=110)
    ax.hist(ds_solo["random"], bins=30, alpha=0.6, label="random bot")
    ax.hist(ds_solo["greedy"], bins=30, alpha=0.6, label="greedy bot")
    ax.set_xlabel("solo score")
    ax.set_title("Distant Suns: solo scores")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "ds-solo.png")
    plt.close(fig)
    return ["balance/sd-solo.png", "balance/ds-solo.png"]


def report(sd: list[dict], ds: dict, games: int, seed: int, plots: list[str]) -> str:
    medians = [statistics.median(r["greedy"]) for r in sd]
    in_band = all(SOLO_BAND[0] <= m <= SOLO_BAND[1] for m in medians)
    ordered = all(a > b for a, b in zip(medians, medians[1:], strict=False))
    sd_seats = max(max(r["seats"]) for r in sd)
    ds_seats = max(ds["seats"]["greedy"]["wins"])
    ok = lambda flag: "met" if flag else "**not met**"  # noqa: E731
    lines = [
        "# Balance report",
        "",
        f"Made by `python -m pnp.bench balance --games {games} --seed {seed}`: every figure "
        "below comes from that run (seeded; rerun it after any layout change).",
        "",
        "## Goals",
        "",
        f"- Greedy solo median of every ship within {SOLO_BAND[0]}-{SOLO_BAND[1]}: {ok(in_band)}.",
        f"- Ships order by difficulty pips (more pips, lower median): {ok(ordered)}; "
        f"the Aaraka Glider is the easiest: {ok(medians[0] == max(medians))}.",
        f"- No seat wins more than {SEAT_LIMIT:.0%} of 4-player games: Stellar Drift "
        f"{ok(sd_seats <= SEAT_LIMIT)} (worst seat {sd_seats:.1%}); Distant Suns greedy "
        f"{ok(ds_seats <= SEAT_LIMIT)} (worst seat {ds_seats:.1%}): the rulebook's turn order "
        "favours the first active player whatever the sheets; see "
        "[Distant Suns: seat order](#distant-suns-seat-order).",
        "",
        "## Stellar Drift",
        "",
        f"{games} solo games per ship and bot; {games} four-player games of each ship "
        "(greedy bots). Scores: median (10th-90th percentile).",
        "",
        "| ship | pips | greedy solo | random solo | 0-29 | 30-39 | 40-49 | 50-59 | 60-69 "
        "| 70+ | 4-player seat wins |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in sd:
        bands = " | ".join(f"{v:.0%}" for v in r["bands"].values())
        seats = " / ".join(f"{w:.0%}" for w in r["seats"])
        lines.append(
            f"| {r['ship']} | {r['pips']} | {_q(r['greedy'])} | {_q(r['random'])} "
            f"| {bands} | {seats} |"
        )
    lines += [
        "",
        "How often each Ship Section is completed (share of sheets, 4-player greedy games):",
        "",
    ]
    for r in sd:
        secs = ", ".join(
            f"{k} {v:.0%}" for k, v in sorted(r["sections"].items(), key=lambda kv: -kv[1])
        )
        lines.append(f"- **{r['ship']}**: {secs}")
    cap_t = [s for s, _ in ds["capacity"]["tight"]]
    cap_r = [s for s, _ in ds["capacity"]["random"]]
    lines += [
        "",
        "## Distant Suns",
        "",
        f"- Solo score, greedy bot: {_q(ds['solo']['greedy'])}; random bot: "
        f"{_q(ds['solo']['random'])} ({games} games each).",
        f"- Shapes drawn per solo game (greedy): {_q(ds['solo']['shapes'])}.",
        f"- Shapes that fit on a Cosmos sheet: tight packing {_q(cap_t)}, random packing "
        f"{_q(cap_r)} ({games} boards).",
    ]
    lines += _ds_seats(ds["seats"])
    if plots:
        lines += ["", "## Plots", ""] + [f"![{p}]({p})" for p in plots]
    return "\n".join(lines) + "\n"


def _ds_seats(seats: dict) -> list[str]:
    greedy, rand, no_race = seats["greedy"], seats["random"], seats["no_race"]
    n = greedy["games"]
    pct = lambda xs: " / ".join(f"{x:.0%}" for x in xs)  # noqa: E731
    lines = [
        "",
        "## Distant Suns: seat order",
        "",
        f"{n} four-player games per row; seat 1 is the first active player (the youngest). "
        "A shared win counts for every player sharing it. *No race*: the same greedy games "
        "with every Frontier worth its first value to all who reach it (a what-if, not a rule).",
        "",
        "| bots | seat wins | active turns per game | rounds opened per game |",
        "|---|---|---|---|",
    ]
    for label, st in (("greedy", greedy), ("random", rand), ("greedy, no race", no_race)):
        active = " / ".join(f"{x:.2f}" for x in st["active"])
        starts = " / ".join(f"{x:.2f}" for x in st["starts"])
        lines.append(f"| {label} | {pct(st['wins'])} | {active} | {starts} |")
    turns = ", ".join(f"{t} turns {c / n:.0%}" for t, c in greedy["turns"].items())
    by_active = ", ".join(
        f"{a} active turns: {w:.0%} of {p} players"
        for a, (p, w) in greedy["wins_by_active"].items()
    )
    lines += [
        "",
        f"- Greedy games by length: {turns}.",
        f"- Greedy players who won, by their active turns: {by_active}.",
        "- Why: a round ends when the active player cannot place a Module, and that player "
        "opens the next round. So the 12-15 turns of a game go round the table from seat 1: "
        "after a 4-turn round seat 1 opens again, after a 5-turn one the next seat does. "
        "Seat 1 always opens the game, opens most rounds (with every notch free, the widest "
        "choice) and is active most often; seat 4 never opens a round. Every turn over 12 is "
        "an extra active turn for the first seats. A board's notches only decide how often "
        "a round has 5 turns (the rulebook: 4 or 5); even at 12 turns seat 1 opens all three "
        "rounds. The edge is not the Frontier race, which the Cosmos sets: with the race "
        "taken out, the first seats still lead. pnp keeps the rulebook's order; players who "
        "mind can rotate who starts from game to game.",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pnp.bench balance")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("docs"))
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        ds_jobs = {
            k: pool.submit(_ds, (k, args.games, args.seed)) for k in ("solo", "seats", "capacity")
        }
        sd = list(pool.map(_sd_ship, [(s, args.games, args.seed) for s in SHIPS_BY_PIPS]))
        ds = {k: f.result() for k, f in ds_jobs.items()}
    plots = _plots(sd, ds["solo"], args.out / "balance")
    text = report(sd, ds, args.games, args.seed, plots)
    from pnp.output import write_atomic

    write_atomic(args.out / "BALANCE.md", text.encode())
    print(text)
    print(f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    return 0
