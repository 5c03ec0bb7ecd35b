"""Static layers (backgrounds, frames, legends) painted once per size, theme and language, then copied."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps

from PIL import Image

from .canvas import Canvas, Label


def static_layer(build: Callable[..., Canvas]) -> Callable[..., Canvas]:
    """Cache what `build` paints; every call gets its own copy to paint the moving parts on.

    The arguments of `build` are the cache key (size, theme, locale, ...), so they must be hashable.
    """
    cached = lru_cache(maxsize=32)(lambda *args: _freeze(build(*args)))

    @wraps(build)
    def layer(*args) -> Canvas:
        image, labels, theme = cached(*args)
        return Canvas(image.copy(), theme, list(labels))

    layer.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return layer


def _freeze(canvas: Canvas) -> tuple[Image.Image, tuple[Label, ...], object]:
    return canvas.image, tuple(canvas.labels), canvas.theme
