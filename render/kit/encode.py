"""Compact pictures for Discord: a 256-colour PNG (boards are flat colours and text), at most 400 KB.

A palette PNG is quicker to write and smaller than a true-colour PNG or a lossless WebP of the same board;
zlib level 3 writes it twice as fast as the default level 6, for a quarter more bytes
(levels 1 and 2 are not clearly faster on these flat pictures, and larger). A picture whose
painter knows its colours in advance carries them in `image.info["palette"]` (see `palette_of`): mapping
onto a known palette is about five times quicker than choosing one, and no less true (docs/benchmarks.md).
"""

from __future__ import annotations

import io

from PIL import Image

MAX_BYTES = 400 * 1024


def encode(image: Image.Image) -> bytes:
    """PNG bytes of `image`, never more than MAX_BYTES (fewer colours if need be)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")  # converting RGB to RGB would copy it
    known = image.info.get("palette")
    for colours in (256, 128, 64):
        if known is not None and colours == 256:
            indexed = rgb.quantize(palette=known, dither=Image.Dither.NONE)
        else:
            # Fast octree palette, without dithering noise (which would blur text and bloat the file).
            indexed = rgb.quantize(colours, method=Image.Quantize.FASTOCTREE)
        out = io.BytesIO()
        indexed.save(out, "PNG", compress_level=3)
        if out.tell() <= MAX_BYTES:
            return out.getvalue()
    raise ValueError(f"picture of {image.size} does not fit in {MAX_BYTES} bytes")


def palette_of(*samples: Image.Image) -> Image.Image:
    """256 colours that serve every sample: give it a picture's static layer and a swatch of its moving parts."""
    width = max(s.width for s in samples)
    sheet = Image.new("RGB", (width, sum(s.height for s in samples)))
    y = 0
    for sample in samples:
        sheet.paste(sample.convert("RGB"), (0, y))
        y += sample.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)
