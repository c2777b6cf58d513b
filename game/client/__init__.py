"""The pygame-ce client: a thin view that sends intents and animates the events it gets back.

Nothing here changes game state: moves go to an authoritative ``net`` Table (in-process for
solo and hot-seat), and previews ask the rules engine's own helpers.
"""
