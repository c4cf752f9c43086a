"""Federation sheets: the score pad, the Solo-mode tracker and the reference pages."""
