"""Federation (Piracy expansion, AI Assistant module, Solo mode): data and arithmetic.

Pure and drawing-free: typed models for the files in ``layouts/federation``,
the Solo mode sums and comparisons, and score-pad totals.
"""
