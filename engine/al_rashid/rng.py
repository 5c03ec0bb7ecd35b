"""Randomness for Al-Rashid, drawn from the RNG kept in the state."""

from engine.core.rng import below as draw_index
from engine.core.rng import seed_state, shuffled

__all__ = ["draw_index", "seed_state", "shuffled"]
