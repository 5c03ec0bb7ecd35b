"""Compact pictures for Discord: a 256-colour PNG (boards are flat colours and text), at most 400 KB."""

from __future__ import annotations

import io

from PIL import Image

MAX_BYTES = 400 * 1024


def encode(image: Image.Image, fmt: str = "png") -> bytes:
    """PNG (default) or lossless WebP bytes of `image`, never more than MAX_BYTES."""
    for colours in (256, 128, 64):
        data = _encode(image, fmt, colours)
        if len(data) <= MAX_BYTES:
            return data
    raise ValueError(f"picture of {image.size} does not fit in {MAX_BYTES} bytes")


def _encode(image: Image.Image, fmt: str, colours: int) -> bytes:
    out = io.BytesIO()
    if fmt == "webp":
        image.save(out, "WEBP", lossless=True, method=0, quality=0)
    else:
        # Fast octree palette: a few ms, no dithering noise (which would blur text and bloat the file).
        image.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE).save(out, "PNG", compress_level=6)
    return out.getvalue()
