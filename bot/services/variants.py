"""A new match's variants and options, as players type and read them: `rounds=4, rule=lowest`.

The options come from the game's params model (`Game.options()`); this module only turns them into text
and back, offers them in `/game new`'s autocomplete, and refuses what the game does not offer with a
sentence naming the option and what it allows. The params model validates the result once more when the
match is created.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Message
from engine.core.options import Option, Value

from .errors import Refusal

MAX_SUGGESTIONS = 25       # Discord's limit for autocomplete
SUGGESTION_TEXT = 100


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _values(option: Option) -> list[Value]:
    if option.choices:
        return [c.value for c in option.choices]
    if option.low is not None and option.high is not None and option.high - option.low < MAX_SUGGESTIONS:
        return list(range(option.low, option.high + 1))
    return [option.default]


def value_label(option: Option, value: Any) -> Message | str:
    """The words for a chosen value (a number stands for itself)."""
    return next((c.label for c in option.choices if c.value == value), str(value))


def read(game: Game[Any], text: str | None) -> dict[str, Value]:
    """`name=value` pairs separated by commas (or spaces), checked against the game's options."""
    options = {o.name: o for o in game.options()}
    chosen: dict[str, Value] = {}
    for pair in (text or "").replace(",", " ").split():
        name, sep, raw = pair.partition("=")
        option = options.get(name.strip().lower())
        if option is not None and not sep:
            raise Refusal("bot.refusal.option_form", game=game.spec.title, option=name, known=", ".join(options))
        if option is None:
            raise Refusal("bot.refusal.unknown_option", game=game.spec.title, option=name,
                          known=", ".join(options) or Message("bot.lobby.no_options"))
        chosen[option.name] = _parse_value(game, option, raw.strip().lower())
    return chosen


def _parse_value(game: Game[Any], option: Option, raw: str) -> Value:
    if option.choices:
        for choice in option.choices:
            if _value_text(choice.value).lower() == raw or (isinstance(choice.value, bool)
                                                            and raw in (("true", "1") if choice.value else ("false", "0"))):
                return choice.value
        raise Refusal("bot.refusal.bad_option_value", game=game.spec.title, option=option.label, value=raw,
                      allowed=", ".join(_value_text(c.value) for c in option.choices))
    low = option.low if option.low is not None else "…"
    high = option.high if option.high is not None else "…"
    try:
        number = int(raw)
    except ValueError:
        number = None
    if number is None or (option.low is not None and number < option.low) or (
            option.high is not None and number > option.high):
        raise Refusal("bot.refusal.option_range", game=game.spec.title, option=option.label, value=raw,
                      low=low, high=high)
    return number


def write(chosen: dict[str, Any]) -> str:
    return ", ".join(f"{name}={_value_text(value)}" for name, value in chosen.items())


def describe(game: Game[Any], params: dict[str, Any]) -> list[Message]:
    """One line per option of a match's params: "Rounds: 4"."""
    return [Message("bot.lobby.option", {"option": o.label, "value": value_label(o, params.get(o.name, o.default))})
            for o in game.options()]


def suggestions(game: Game[Any], typed: str, locale: str) -> list[tuple[str, str]]:
    """(name, value) autocomplete choices: what was typed so far (when valid), then each way to set the
    next option not chosen yet, each named in the player's language."""
    head, _, _tail = typed.rpartition(",")
    try:
        chosen = read(game, head)
    except Refusal:
        chosen = {}
    out: list[tuple[str, str]] = []
    try:
        whole = read(game, typed)
        if whole:
            out.append((_name(game, whole, locale), write(whole)))
    except Refusal:
        pass
    for option in game.options():
        if option.name in chosen:
            continue
        for value in _values(option):
            candidate = {**chosen, option.name: value}
            if write(candidate) not in (v for _, v in out):
                out.append((_name(game, candidate, locale), write(candidate)))
    return out[:MAX_SUGGESTIONS]


def _name(game: Game[Any], chosen: dict[str, Any], locale: str) -> str:
    options = {o.name: o for o in game.options()}
    parts = []
    for name, value in chosen.items():
        label = value_label(options[name], value)
        parts.append(f"{options[name].label.text(locale)}: {label.text(locale) if isinstance(label, Message) else label}")
    text = " · ".join(parts) or write(chosen)
    return text if len(text) <= SUGGESTION_TEXT else text[: SUGGESTION_TEXT - 1] + "…"
