"""Notre Dame (002_5dba4fcea6f02f9d.txt): the rules engine behind the engine contract."""

from engine.core.game import register

from .game import NotreDame, NotreDameParams

GAME = register(NotreDame())

__all__ = ["GAME", "NotreDame", "NotreDameParams"]
