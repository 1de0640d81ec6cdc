"""Variant analysis: seeded units of play, their records, the statistics over them and their figures."""
