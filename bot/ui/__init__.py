"""How things look in Discord: custom ids, components, embeds, and the presenter services talk to."""
