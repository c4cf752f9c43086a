"""Rendering: a format-neutral page scene and the thin backends that draw it."""
