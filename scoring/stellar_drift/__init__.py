"""Stellar Drift: layout models, rules and scoring (pure)."""
