"""A game's state to plain data (JSON's dicts, lists, strings and numbers) and back, read from its dataclasses'
field types: a list or a tuple becomes a list and comes back as the type says, a nested dataclass becomes a dict
of its fields, an enum its value. A dataclass that wants another form (a short list) defines `to_plain` and the
class method `from_plain`. A field missing from the data takes its default.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")
Decoder = Callable[[Any], Any]


def to_plain(obj: Any, leave_out: Collection[str] = ()) -> dict[str, Any]:
    """The fields of the dataclass `obj` but `leave_out`, as plain data (a copy: nothing is shared with `obj`)."""
    return {name: plain(getattr(obj, name)) for name in _names(type(obj)) if name not in leave_out}


def from_plain(cls: type[T], data: Mapping[str, Any], leave_out: Collection[str] = (), **given: Any) -> T:
    """An instance of the dataclass `cls` from `to_plain`'s data, with the fields `given` as they are."""
    values = {name: decode(data[name]) for name, decode in _decoders(cls) if name in data and name not in leave_out}
    return cls(**values, **given)


def plain(value: Any) -> Any:
    """`value` as plain data (a copy)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return [plain(v) for v in value]
    if kind is dict:
        return {k: plain(v) for k, v in value.items()}
    return _encoder(kind)(value)


def _encoder(kind: type) -> Callable[[Any], Any]:
    found = _ENCODERS.get(kind)
    if found is None:
        own = getattr(kind, "to_plain", None)  # a dataclass's own form
        found = _ENCODERS[kind] = own or (to_plain if is_dataclass(kind) else _same)
    return found


def _names(cls: type) -> tuple[str, ...]:
    found = _NAMES.get(cls)
    if found is None:
        found = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return found


def _decoders(cls: type) -> tuple[tuple[str, Decoder], ...]:
    found = _DECODERS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = _DECODERS[cls] = tuple((name, _decoder(hints[name])) for name in _names(cls))
    return found


_ENCODERS: dict[type, Callable[[Any], Any]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}
_DECODERS: dict[type, tuple[tuple[str, Decoder], ...]] = {}


def _same(value: Any) -> Any:
    return value


def _decoder(kind: Any) -> Decoder:
    origin, args = get_origin(kind), get_args(kind)
    if origin is list or origin is tuple:
        build = list if origin is list else tuple
        item = _decoder(args[0])
        return build if item is _same else lambda value: build(item(v) for v in value)
    if origin is dict:
        item = _decoder(args[1])
        return dict if item is _same else lambda value: {k: item(v) for k, v in value.items()}
    if origin is Union or origin is UnionType:
        arms = [arm for arm in args if arm is not NoneType]
        if len(arms) != 1:
            raise TypeError(f"{kind}: only `X | None` has a plain form")
        inner = _decoder(arms[0])
        return _same if inner is _same else lambda value: None if value is None else inner(value)
    if kind is Any or origin is Literal or not isinstance(kind, type):
        return _same
    if issubclass(kind, Enum):
        return kind
    if hasattr(kind, "from_plain"):
        return kind.from_plain  # type: ignore[no-any-return]
    if is_dataclass(kind):
        return lambda value: from_plain(kind, value)
    return _same
