"""Fake Discord (placeholder docstring, written below)."""

from .core import FakeDiscord
from .failures import FailureRule
from .fixture import fake_discord
from .interactions import Callback, InteractionHandle
from .model import FakeAttachment, FakeChannel, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser
from .rest import ApiRequest
from .validation import Violation

__all__ = [
    "ApiRequest", "Callback", "FailureRule", "FakeAttachment", "FakeChannel", "FakeDiscord", "FakeGuild",
    "FakeMember", "FakeMessage", "FakeRole", "FakeUser", "InteractionHandle", "Violation", "fake_discord",
]
