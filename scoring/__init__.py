"""Pure game rules and scores for pnp's games.

Imports neither reportlab nor cv2, nor anything from ``pnp``: the dependency
arrow points from ``pnp`` to ``scoring``, never back.
"""
