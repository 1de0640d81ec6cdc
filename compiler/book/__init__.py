"""Rule books written from specs."""
