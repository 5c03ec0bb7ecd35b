"""Al-Rashid (000_081cc785cafbe572.txt): the rules engine behind the engine contract."""

from engine.core.game import register

from .game import AlRashid, AlRashidParams

GAME = register(AlRashid())

__all__ = ["GAME", "AlRashid", "AlRashidParams"]
