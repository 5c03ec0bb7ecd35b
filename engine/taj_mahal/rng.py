"""Randomness for Taj Mahal, drawn from the RNG kept in the state."""

from engine.core.rng import below, seed_state, shuffled

__all__ = ["below", "seed_state", "shuffled"]
