"""The engine contract shared by every game (docs/architecture.md, "The engine")."""

from .errors import EngineError, GameOver, Illegal, Malformed, NotYourTurn
from .events import Event
from .game import Action, Game, GameSpec, Outcome, Picks, Seat, games, get_game, register
from .messages import Message, translate

__all__ = [
    "Action", "EngineError", "Event", "Game", "GameOver", "GameSpec", "Illegal", "Malformed",
    "Message", "NotYourTurn", "Outcome", "Picks", "Seat", "games", "get_game", "register", "translate",
]
