"""Can a player read every text of a picture on a phone held upright, without zooming?

A phone shows a 1080 px wide picture at about a third of its size. At that scale every label must be at
least 9 px tall (`MIN_SIZE` px in the full picture), stand out from what is around it (WCAG 4.5:1), and not
blur into its background when the picture is shrunk (a spread of 3:1 between its darkest and lightest
pixels at a third of the size). Painters list the labels they write in `image.info["labels"]`.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from .canvas import Box, Label
from .theme import RGB, contrast, luminance

MIN_SIZE = 28        # px in the full picture: >= 9 px at a third
PHONE_WIDTH, PHONE_HEIGHT = 390, 844  # a phone held upright (iPhone 12 to 16, in points)
MIN_CONTRAST = 4.5   # WCAG AA for text
MIN_SPREAD = 3.0     # contrast still visible inside a label's box at a third of the size


def tallest(width: int) -> int:
    """The tallest picture of a width that a phone shows whole at its full width: the screen's own shape.
    Taller, it is shown shrunk (its text below legibility) or cut until the player taps it."""
    return width * PHONE_HEIGHT // PHONE_WIDTH


def background_of(image: Image.Image, box: Box, margin: int = 3) -> RGB:
    """The commonest colour on a thin frame just around a label: what its letters stand on."""
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    frame = [image.crop(strip) for strip in ((x0, y0, x1, box[1]), (x0, box[3], x1, y1),
                                             (x0, box[1], box[0], box[3]), (box[2], box[1], x1, box[3]))]
    counts: dict[RGB, int] = {}
    for strip in frame:
        for count, colour in strip.convert("RGB").getcolors(maxcolors=max(1, strip.width * strip.height)) or []:
            assert isinstance(colour, tuple)
            rgb = (colour[0], colour[1], colour[2])
            counts[rgb] = counts.get(rgb, 0) + count
    return max(counts, key=lambda colour: counts[colour])


def spread_at_third(third: Image.Image, box: Box) -> float:
    """Contrast between the darkest and lightest few percent of a label's pixels at 1/3 scale."""
    x0, y0, x1, y1 = (v / 3 for v in box)
    region = third.crop((int(x0), int(y0), max(int(x1), int(x0) + 1), max(int(y1), int(y0) + 1)))
    raw = region.convert("RGB").tobytes()
    values = sorted(luminance(raw[i:i + 3]) for i in range(0, len(raw), 3))
    lo, hi = values[len(values) // 20], values[-1 - len(values) // 20]
    return (hi + 0.05) / (lo + 0.05)


def illegible(image: Image.Image, labels: Iterable[Label] | None = None) -> list[tuple[str, str]]:
    """The labels (by default every label of the picture) too small, too faint, or blurred away at a
    third of the size, as (reason, text)."""
    checked: list[Label] = list(image.info["labels"] if labels is None else labels)
    rgb = image.convert("RGB")
    third = rgb.resize((rgb.width // 3, rgb.height // 3), Image.Resampling.LANCZOS)
    out = [("small", label.text) for label in checked if label.size < MIN_SIZE]
    out += [("faint", label.text) for label in checked
            if contrast(label.fill, background_of(rgb, label.box)) < MIN_CONTRAST]
    out += [("blurred", label.text) for label in checked if spread_at_third(third, label.box) < MIN_SPREAD]
    return out
