"""Verifying: a rule document's examples, tables and claims against the engine, and the report."""
