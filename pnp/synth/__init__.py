"""Synthetic filled sheets: plausible end-of-game states, pen marks and photos."""
