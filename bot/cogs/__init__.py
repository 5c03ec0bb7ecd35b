"""Thin cogs: parse the interaction, acknowledge it at once, call a service, present the answer."""
