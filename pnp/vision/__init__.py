"""Reading photographed sheets: small pure stages on numpy arrays."""
