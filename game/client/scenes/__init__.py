"""Scenes on the app's stack: title, menu, setup, table, results, rules, settings, dialogs."""
