"""Variant analysis: seeded hands, games and matches played by bots, and the figures they give."""
