"""Shared helpers of the picture tests."""

from __future__ import annotations

import io

from PIL import Image

from render.kit import contrast
from render.kit.theme import luminance

MIN_ESSENTIAL_SIZE = 28   # px: a label a player needs is >= 9 px tall when the picture is shown at 1/3


def png_image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def background_of(image: Image.Image, box, margin: int = 3) -> tuple[int, int, int]:
    """The commonest colour on a thin frame just around a label: what its letters stand on."""
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    frame = [image.crop(strip) for strip in ((x0, y0, x1, box[1]), (x0, box[3], x1, y1),
                                             (x0, box[1], box[0], box[3]), (box[2], box[1], x1, box[3]))]
    counts: dict = {}
    for strip in frame:
        for count, colour in strip.getcolors(maxcolors=max(1, strip.width * strip.height)) or []:
            counts[colour[:3]] = counts.get(colour[:3], 0) + count
    return max(counts, key=counts.get)


def spread_at_third(third: Image.Image, box) -> float:
    """Contrast between the darkest and lightest few percent of a label's pixels at 1/3 scale."""
    x0, y0, x1, y1 = (v / 3 for v in box)
    region = third.crop((int(x0), int(y0), max(int(x1), int(x0) + 1), max(int(y1), int(y0) + 1)))
    raw = region.convert("RGB").tobytes()
    values = sorted(luminance(raw[i:i + 3]) for i in range(0, len(raw), 3))
    lo, hi = values[len(values) // 20], values[-1 - len(values) // 20]
    return (hi + 0.05) / (lo + 0.05)


def illegible(image: Image.Image) -> list[tuple[str, str]]:
    """Essential labels too small, too faint, or blurred away at 1/3 scale: (reason, text)."""
    essential = [label for label in image.info["labels"] if label.essential]
    third = image.resize((image.width // 3, image.height // 3), Image.Resampling.LANCZOS)
    out = [("small", label.text) for label in essential if label.size < MIN_ESSENTIAL_SIZE]
    out += [("faint", label.text) for label in essential
            if contrast(label.fill, background_of(image, label.box)) < 4.5]
    out += [("blurred", label.text) for label in essential if spread_at_third(third, label.box) < 3]
    return out
