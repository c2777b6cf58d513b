"""Bots: ordinary seats that see only the Ruleset contract (plus game heuristics)."""
