"""Compact pictures for Discord: a 256-colour PNG (boards are flat colours and text), at most 400 KB.

A palette PNG is about a third of a true-colour PNG or a lossless WebP of the same board, and quicker to write.
"""

from __future__ import annotations

import io

from PIL import Image

MAX_BYTES = 400 * 1024


def encode(image: Image.Image) -> bytes:
    """PNG bytes of `image`, never more than MAX_BYTES (fewer colours if need be)."""
    for colours in (256, 128, 64):
        out = io.BytesIO()
        # Fast octree palette: a few ms, and no dithering noise (which would blur text and bloat the file).
        image.convert("RGB").quantize(colours, method=Image.Quantize.FASTOCTREE).save(out, "PNG", compress_level=6)
        if out.tell() <= MAX_BYTES:
            return out.getvalue()
    raise ValueError(f"picture of {image.size} does not fit in {MAX_BYTES} bytes")
