"""Benchmarks: ``python -m pnp.bench NAME``. Figures go to docs/BENCHMARKS.md."""
