"""Yspahan (004_fe5b7b6409874d09.txt): the rules engine behind the engine contract."""

from engine.core.game import register

from .game import Yspahan, YspahanParams

GAME = register(Yspahan())

__all__ = ["GAME", "Yspahan", "YspahanParams"]
