"""Taj Mahal (001_f0a91e4b7c938d9d.txt): the rules engine behind the engine contract."""

from engine.core.game import register

from .game import TajMahal, TajMahalParams

GAME = register(TajMahal())

__all__ = ["GAME", "TajMahal", "TajMahalParams"]
