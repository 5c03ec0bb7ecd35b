"""Fake Discord (placeholder docstring, written below)."""

from .core import FakeDiscord
from .fixture import fake_discord

__all__ = ["FakeDiscord", "fake_discord"]
