"""python -m pnp.bench help: a pnp command timed in fresh interpreters."""

from __future__ import annotations

from pnp.bench import startup


def test_times_a_command_and_says_how_the_cache_stood(capsys):
    assert startup.main(["--repeat", "1", "--args", "layouts", "--cold"]) == 0
    line = capsys.readouterr().out
    assert line.startswith("pnp layouts: median ") and "over 1 runs, empty blank cache" in line


def test_a_command_that_fails_is_reported_not_timed(capsys, tmp_path):
    missing = tmp_path / "nowhere"
    assert startup.main(["--repeat", "1", "--args", f"read {missing}"]) == 1
    line = capsys.readouterr().out
    assert "exit 2" in line and "median" not in line
