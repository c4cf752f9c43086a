"""Sheet builders: each turns one layout (data) into pages and their sheet maps."""
