"""Player-facing sentences as keys plus parameters, translated at the edge.

The engine never builds final text itself: errors, events and prompts carry a `Message`
that the bot (or the command line) renders in the reader's language from `data/i18n/<locale>/`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import yaml
from babel import Locale
from babel.plural import PluralRule

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
I18N_DIR = DATA_DIR / "i18n"
DEFAULT_LOCALE = "en"


@dataclass(frozen=True, slots=True)
class Message:
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, locale: str = DEFAULT_LOCALE) -> str:
        return translate(self.key, locale, **self.params)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": self.params}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Message:
        return cls(data["key"], dict(data.get("params", {})))


@cache
def catalogue(locale: str) -> dict[str, str]:
    """All sentences of one locale, merged from every YAML file of its folder (flat dotted keys)."""
    folder = I18N_DIR / locale
    merged: dict[str, str] = {}
    if not folder.is_dir():
        return merged
    for path in sorted(folder.glob("*.yaml")):
        _flatten(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, "", merged)
    return merged


def _flatten(node: Any, prefix: str, out: dict[str, str]) -> None:
    for key, value in node.items():
        if isinstance(value, dict):
            _flatten(value, f"{prefix}{key}.", out)
        else:
            out[f"{prefix}{key}"] = str(value)


@cache  # asked at every interaction; the shipped locales do not change while the bot runs
def locale_of(tag: str | None) -> str:
    """Map a Discord locale tag ('it', 'en-US', 'en-GB') to a locale we ship, English by default."""
    if tag:
        base = str(tag).split("-")[0].lower()
        if (I18N_DIR / base).is_dir():
            return base
    return DEFAULT_LOCALE


class _Params(dict[str, Any]):
    """Formats nested Messages and lists in parameters; a missing parameter shows as {name}."""

    def __init__(self, locale: str, params: dict[str, Any]):
        super().__init__(params)
        self.locale = locale

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key) if key in self else self.__missing__(key)
        return _render_value(value, self.locale)


def _render_value(value: Any, locale: str) -> Any:
    if isinstance(value, Message):
        return value.text(locale)
    if isinstance(value, dict) and set(value) == {"key", "params"}:
        return Message.from_json(value).text(locale)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_render_value(v, locale)) for v in value)
    return value


@cache
def _plural_rule(locale: str) -> tuple[PluralRule, tuple[str, ...]]:
    rule = Locale.parse(locale).plural_form
    return rule, tuple(c for c in ("zero", "one", "two", "few", "many", "other") if c in rule.tags or c == "other")


def plural(n: int, forms: list[str], locale: str = DEFAULT_LOCALE) -> str:
    """The form of `forms` (one per CLDR plural category of `locale`, in CLDR order: English and Italian
    write 'one|other') that a count of `n` takes; categories past the last form take the last one."""
    rule, categories = _plural_rule(locale)
    return forms[min(categories.index(rule(n)), len(forms) - 1)]


class _Counting(Formatter):
    """Reads a count with a format spec of forms, `{n:cube|cubes}` or `{n:a coin|{n} coins}`, as the form
    its number takes by the plural rules of the reader's language; every other spec is Python's."""

    def __init__(self, locale: str):
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:  # a count that is not a whole number takes the last form, as "1.5 cubes"
            forms = format_spec.split("|")
            return plural(value, forms, self.locale) if isinstance(value, int) else forms[-1]
        return super().format_field(value, format_spec)


# Italian writes "a" and "e" as "ad" and "ed" before the same vowel ("tocca ad Arancione", "ad Agra",
# "Rosso ed Elena"); a name filled into a sentence cannot know the word before it, so the sentence is mended.
_EUPHONY = re.compile(r"(?<![\w'’])([aA](?= [aAàÀ])|[eE](?= [eEèÈéÉ]))")
_MEND = {"it": lambda text: _EUPHONY.sub(r"\1d", text)}


def translate(key: str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    template = catalogue(locale).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    if template is None:
        return key
    text = _Counting(locale).vformat(template, (), _Params(locale, params))
    mend = _MEND.get(locale)
    return mend(text) if mend else text


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale)
