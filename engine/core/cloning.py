"""`clone` for the slotted dataclasses of a state: a step clones the state, and a player the first time it changes
one, on every move of every match, so the copy is written out once per class, field by field (as `dataclasses`
writes `__init__`), instead of calling the constructor, which runs every default and takes every field as an
argument.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, Self, TypeVar


class Cloneable:
    """A slotted dataclass that a step copies before changing it: its `clone` comes from `cloning`."""

    __slots__ = ()

    def clone(self) -> Self:
        """A copy to change, made by `cloning`: it knows which of its values are shared and which copied."""
        raise NotImplementedError


T = TypeVar("T", bound=type[Cloneable])


def cloning(*copied: str) -> Callable[[T], T]:
    """Give a slotted dataclass a `clone()`: a new object that copies the containers named here (`.copy()`, one
    level deep; a field that defaults to None stays None) and shares every other field. A class may add its own
    bookkeeping: `clone_copies`, more fields to copy, and `clone_fresh`, fields set to an expression of their own."""

    def decorate(cls: T) -> T:
        declared = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]  # fields() refuses a non-dataclass
        unknown = set(copied) - declared.keys()
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)}")
        copies = {*copied, *getattr(cls, "clone_copies", ())}
        fresh: dict[str, str] = getattr(cls, "clone_fresh", {})
        lines = ["def clone(self):", "    new = new_object(cls)"]
        for name, f in declared.items():
            value = f"self.{name}"
            if name in fresh:
                value = fresh[name]
            elif name in copies:
                value = f"{value}.copy()" if f.default is MISSING or f.default is not None else \
                    f"None if {value} is None else {value}.copy()"
            lines.append(f"    new.{name} = {value}")
        lines.append("    return new")
        namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
        exec("\n".join(lines), namespace)  # noqa: S102 (the source is made of the class's own field names)
        clone = namespace["clone"]
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        clone.__doc__ = f"A copy to change: copies {', '.join(sorted(copies))}; shares the rest."
        setattr(cls, "clone", clone)  # noqa: B010 (a method made at run time)
        return cls

    return decorate
