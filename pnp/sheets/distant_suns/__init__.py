"""Distant Suns sheets: the Cosmos sheet, shape templates, Dashboard board and tiles."""
