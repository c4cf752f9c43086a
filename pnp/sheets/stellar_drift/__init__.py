"""Stellar Drift sheets: ship, tracker, tech and components."""
