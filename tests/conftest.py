"""Shared fixtures: every registered sheet, built once per paper."""

from __future__ import annotations

import os
import shutil
import tempfile
from functools import cache

import pytest

from pnp.games import GAMES
from pnp.paper import find_paper
from pnp.sheets.base import Palette


def pytest_configure(config):
    """Blank sheets rendered for reading are kept in a folder of this run's own, never in
    the user's cache (``pnp.vision.blank_cache``; worker processes inherit it)."""
    os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")


def pytest_unconfigure(config):
    shutil.rmtree(os.environ.pop("PNP_CACHE_DIR", ""), ignore_errors=True)


def all_sheets() -> list[tuple[str, str, str]]:
    return [
        (game.name, kind.name, layout)
        for game in GAMES.values()
        for kind in game.sheets.values()
        for layout in kind.layout_names()
    ]


@cache
def built(game: str, sheet: str, layout: str, paper: str, serial: int = 1, ink_saving=False):
    kind = GAMES[game].sheets[sheet]
    return tuple(kind.build(layout, find_paper(paper), serial, Palette(ink_saving)))


@pytest.fixture(params=all_sheets(), ids=lambda t: "/".join(t))
def sheet_id(request):
    return request.param


@pytest.fixture
def reader_alone(monkeypatch):
    """Questions as the reader and the game's checks ask them, none settled by the noise
    model (``pnp.vision.noise_model``): tests of asking want a page asked several, however
    many the model learns to settle."""
    import pnp.vision.learned as learned

    monkeypatch.setattr(learned, "learned_answers", lambda out: ({}, {}))


def truth_marked(photo, field_ids: list[str]) -> list[int]:
    """Which of ``field_ids`` (numbered from 1, as ``--ask`` numbers them) the photo's
    truth has marked: how a player looking at the page answers (a blind answer may mark a
    field whose rule then raises a question of its own)."""
    import json
    from pathlib import Path

    truth = json.loads(Path(photo).with_suffix(".json").read_text())["sheet"]["fields"]
    return [n for n, f in enumerate(field_ids, 1) if truth[f]["marked"]]
