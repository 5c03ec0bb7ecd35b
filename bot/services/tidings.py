"""What players are told: events with each player's name beside their colour, the steps since a player's
last turn, and the status line of a table. Plain functions of records; no I/O."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.ai import suggested_turn
from engine.core import Event, Game, Message, get_game
from engine.core.messages import has_key

from ..storage import LogEntry, LogKind, MatchRecord, SeatRecord
from . import picks
from .presenter import Choice, Panel

# A player's colour as games name it in their events ("<game>.colour.yellow"), and as the bot does.
COLOUR_KEY = re.compile(r"^[a-z_]+\.colour\.([a-z]+)$")
TABLE_EVENTS = 40  # more than a table message can hold; the presenter keeps the latest that fit


def event_from_json(data: dict[str, Any]) -> Event:
    audience = data.get("audience")
    return Event(data["key"], dict(data.get("params") or {}),
                 frozenset(audience) if audience is not None else None, bool(data.get("reveals")))


def plain(value: Any) -> Any:
    """A message (with messages nested in its parameters) as plain JSON data, to be saved."""
    if isinstance(value, Message):
        return {"key": value.key, "params": plain(value.params)}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def colour_of(game: Game[Any], seat: int) -> str:
    colours = game.spec.colours
    return colours[seat] if seat < len(colours) else ""


def colour_name(game: Game[Any], seat: int) -> Message:
    """A seat's colour in words: the game's own word (`<game>.colour.<colour>`), else the bot's."""
    colour = colour_of(game, seat)
    own = f"{game.spec.key.replace('-', '_')}.colour.{colour}"
    return Message(own if has_key(own) else f"bot.colour.{colour}")


def player_name(seat: SeatRecord) -> str | dict[str, Any] | None:
    """How a seat is named beside its colour: the player's display name, or "AI" for a computer seat."""
    if seat.plays_ai and (seat.user_id is None or seat.resigned):
        return Message("bot.seat.ai_name").to_json()
    return seat.name


def display_names(match: MatchRecord, locale: str) -> dict[int, str]:
    """Each seat's name as the pictures write it: the player's display name, or "AI" for a computer seat."""
    out = {}
    for seat in match.seats:
        name = player_name(seat)
        if isinstance(name, dict):
            name = Message.from_json(name).text(locale)
        if name:
            out[seat.seat] = name
    return out


class Names:
    """Puts each player's name beside their colour in messages: "Yellow (Bruno) paid …"."""

    def __init__(self, match: MatchRecord):
        colours = get_game(match.game).spec.colours
        self.by_colour = {colours[s.seat]: player_name(s) for s in match.seats if s.seat < len(colours)}

    def _json(self, value: Any) -> Any:
        if isinstance(value, Message):
            return self._json(value.to_json())
        if isinstance(value, dict) and set(value) == {"key", "params"}:
            found = COLOUR_KEY.match(value["key"])
            name = self.by_colour.get(found.group(1)) if found else None
            if name is not None:
                return Message("bot.seat.named", {"colour": value, "name": name}).to_json()
            return {"key": value["key"], "params": {k: self._json(v) for k, v in (value["params"] or {}).items()}}
        if isinstance(value, list | tuple):
            return [self._json(v) for v in value]
        return value

    def message(self, message: Message) -> Message:
        return Message.from_json(self._json(message))

    def event(self, event: Event) -> Event:
        return Event(event.key, {k: self._json(v) for k, v in event.params.items()}, event.audience, event.reveals)

    def events(self, events: Iterable[Event]) -> list[Event]:
        return [self.event(e) for e in events]


def standing(log: Iterable[LogEntry]) -> list[LogEntry]:
    """The log as it stands: each undo removes the latest step still standing that was chosen, with the
    forced steps after it, and is kept as a notice."""
    out: list[LogEntry] = []
    for entry in log:
        if entry.kind == LogKind.UNDO:
            steps = [i for i, e in enumerate(out) if e.kind == LogKind.STEP]
            while steps and out[steps[-1]].forced:
                del out[steps.pop()]
            if steps:
                del out[steps[-1]]
        out.append(entry)
    return out


def since_last_turn(log: Iterable[LogEntry], seat: int | None) -> list[Event]:
    """The public events since `seat` last finished a turn (its current, unfinished turn included), so a
    table message keeps telling what happened however many intermediate steps the player takes."""
    entries = standing(log)
    events = [event_from_json(e) for entry in entries[_turn_start(entries, seat):] for e in entry.events]
    return [e for e in events if e.audience is None][-TABLE_EVENTS:]


def reaches_last_turn(log: list[LogEntry], seat: int | None) -> bool:
    """Whether this end of the log goes back past `seat`'s last turn, so that a longer one tells the same
    (an undo in it might reach further back)."""
    return not any(e.kind == LogKind.UNDO for e in log) and _turn_start(log, seat) > 0


def _turn_start(entries: list[LogEntry], seat: int | None) -> int:
    start = len(entries)
    if seat is None:
        return max(0, start - 12)
    while start and entries[start - 1].seat == seat:
        start -= 1
    while start and entries[start - 1].seat != seat:
        start -= 1
    return start


def panel_of(match: MatchRecord, game: Game[Any], state: Any, seat: int, locale: str) -> Panel:
    """A seat's private controls: its question, every legal step in words, and the suggested turn (its first
    step, and the steps one click on it plays after that)."""
    choices = [Choice(game.format_action(a), game.describe_action(state, seat, a).text(locale))
               for a in game.legal_actions(state, seat)]
    turn = [Choice(game.format_action(a), label.text(locale)) for a, label in suggested_turn(game, state, seat)]
    prompt = game.prompt(state, seat)
    panel = Panel(match, seat, Names(match).message(prompt) if prompt else None, choices, turn[0] if turn else None,
                  turn[1:])
    several = game.picks(state, seat)
    if several is not None:
        panel.picks, panel.most = picks.choices(game, state, seat, several, locale), several.most
    return panel
