"""Static layers (backgrounds, frames, legends) painted once per size, theme and language, then copied."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache, wraps
from typing import Any, Generic, TypeVar

from PIL import Image

from .canvas import Canvas, Label
from .theme import Theme

T = TypeVar("T", bound=Theme)


class StaticLayer(Generic[T]):
    """Cache what `build` paints; every call gets its own copy to paint the moving parts on.

    The arguments of `build` are the cache key (size, theme, locale, ...), so they must be hashable.
    """

    def __init__(self, build: Callable[..., Canvas[T]]):
        self._cached = lru_cache(maxsize=32)(lambda *args: _freeze(build(*args)))
        wraps(build)(self)

    def __call__(self, *args: Hashable) -> Canvas[T]:
        image, labels, theme = self._cached(*args)
        return Canvas(image.copy(), theme, list(labels))

    def cache_clear(self) -> None:
        self._cached.cache_clear()


def static_layer(build: Callable[..., Canvas[T]]) -> StaticLayer[T]:
    return StaticLayer(build)


def _freeze(canvas: Canvas[Any]) -> tuple[Image.Image, tuple[Label, ...], Any]:
    return canvas.image, tuple(canvas.labels), canvas.theme
