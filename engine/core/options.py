"""The variants and options a new match may choose, read from a game's params model (for `/game new`).

Each field of the pydantic params model is one option: a `Literal`, an `Enum` or a `bool` offers fixed
choices, a whole number offers its bounds (`Field(ge=..., le=...)`). Words come from the catalogues:
`<game>.option.<name>` names the option and `<game>.option.<name>.<value>` each choice (booleans use
`core.option.yes` / `core.option.no`). Chosen values are validated by the params model itself when the match
is created (`Game.new_game`), in the player's language through `Malformed` like any other bad input.
"""

from __future__ import annotations

import enum
import types
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel

from .messages import Message

Value = str | int | bool


@dataclass(frozen=True)
class Choice:
    value: Value
    label: Message


@dataclass(frozen=True)
class Option:
    name: str                       # the params model's field
    label: Message
    default: Value
    choices: tuple[Choice, ...]     # fixed choices; empty for a number between `low` and `high`
    low: int | None = None
    high: int | None = None


def options_of(model: type[BaseModel], game_key: str) -> list[Option]:
    """The options of a params model, in field order. TypeError for a field no player could choose."""
    prefix = game_key.replace("-", "_")
    out = []
    for name, info in model.model_fields.items():
        label = Message(f"{prefix}.option.{name}")
        default = info.get_default(call_default_factory=True)
        annotation = _unoptional(info.annotation)
        if annotation is bool:
            choices = (Choice(True, Message("core.option.yes")), Choice(False, Message("core.option.no")))
            out.append(Option(name, label, default, choices))
        elif get_origin(annotation) is Literal:
            out.append(Option(name, label, default, tuple(
                Choice(value, Message(f"{prefix}.option.{name}.{value}")) for value in get_args(annotation))))
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            plain = default.value if isinstance(default, enum.Enum) else default
            out.append(Option(name, label, plain, tuple(
                Choice(m.value, Message(f"{prefix}.option.{name}.{m.value}")) for m in annotation)))
        elif annotation is int:
            low, high = _bounds(info.metadata)
            out.append(Option(name, label, default, (), low, high))
        else:
            raise TypeError(f"{model.__name__}.{name}: players can only choose booleans, literals, enums "
                            f"and whole numbers, not {annotation!r}")
    return out


def _unoptional(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _bounds(metadata: list[Any]) -> tuple[int | None, int | None]:
    low = high = None
    for item in metadata:
        if isinstance(item, annotated_types.Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Gt):
            low = int(item.gt) + 1  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Le):
            high = int(item.le)  # type: ignore[call-overload]
        elif isinstance(item, annotated_types.Lt):
            high = int(item.lt) - 1  # type: ignore[call-overload]
    return low, high
