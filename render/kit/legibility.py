"""Can a player read every text of a picture on a phone held upright, without zooming?

A phone 390 px wide (in CSS pixels, iPhone 12 to 16) shows a picture at its full width, so a picture W px wide
is shown at 390/W of its size, whatever W is. At that scale every text the bot posts by itself (the table after
each step, a hand, the final score, standings, a rating chart, a card) is at least `POSTED_PX` tall, and the
`/board` a player asks for is at least `ASKED_PX` (it is studied, and Discord lets it be zoomed). Every label
also stands out from what is around it (WCAG 4.5:1) and does not blur into its background when the picture is
shrunk to the phone (a spread of 3:1 between its darkest and lightest pixels). Painters list the labels they
write in `image.info["labels"]`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image

from .canvas import Box, Label
from .theme import RGB, contrast, luminance

PHONE_WIDTH, PHONE_HEIGHT = 390, 844  # a phone held upright (iPhone 12 to 16, in CSS pixels)
POSTED_PX = 10       # smallest text on the phone of a picture the bot posts by itself
ASKED_PX = 8         # smallest text on the phone of the whole board, asked for with /board
PHONE_FIRST = 1080   # the width of the pictures the bot posts by itself
MIN_SIZE = 28        # px in a picture PHONE_FIRST wide: 28 * 390 / 1080 = 10.1 px on the phone
MIN_CONTRAST = 4.5   # WCAG AA for text
MIN_SPREAD = 3.0     # contrast still visible inside a label's box at the phone's scale


def phone_scale(width: int) -> float:
    """How much a phone shrinks a picture `width` px wide (never enlarges it)."""
    return min(1.0, PHONE_WIDTH / width)


def on_phone(label: Label, width: int) -> float:
    """The size of a label on the phone, in px, in a picture `width` px wide."""
    return label.size * phone_scale(width)


def smallest_text(image: Image.Image) -> float:
    """The size on the phone of the picture's smallest text, in px."""
    return min((on_phone(label, image.width) for label in image.info["labels"]), default=float("inf"))


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


def spread_on_phone(shrunk: Image.Image, box: Box, scale: float) -> float:
    """Contrast between the darkest and lightest few percent of a label's pixels in the picture shrunk by
    `scale`."""
    x0, y0, x1, y1 = (v * scale for v in box)
    region = shrunk.crop((int(x0), int(y0), max(int(x1), int(x0) + 1), max(int(y1), int(y0) + 1)))
    counted = sorted((_luminance(colour), count)
                     for count, colour in region.getcolors(maxcolors=region.width * region.height) or [])
    total = sum(count for _, count in counted)
    lo, hi = _percentile(counted, total // 20), _percentile(counted, total - 1 - total // 20)
    return (hi + 0.05) / (lo + 0.05)


def _percentile(counted: list[tuple[float, int]], rank: int) -> float:
    """The value of the `rank`-th pixel (from 0) of pixels counted by value, in ascending order."""
    for value, count in counted:
        if rank < count:
            return value
        rank -= count
    return counted[-1][0]


@lru_cache(maxsize=65536)
def _luminance(colour: Any) -> float:
    return luminance(colour)


def illegible(image: Image.Image, labels: Iterable[Label] | None = None, smallest: float = POSTED_PX,
              shown_at: float | None = None) -> list[tuple[str, str]]:
    """The labels (by default every label of the picture) smaller than `smallest` px on the phone, too faint,
    or blurred away when the picture is shown at the scale `shown_at` (by default a phone's, at its full
    width), as (reason, text)."""
    checked: list[Label] = list(image.info["labels"] if labels is None else labels)
    rgb = image.convert("RGB")
    scale = shown_at or phone_scale(rgb.width)
    shrunk = rgb.resize((round(rgb.width * scale), round(rgb.height * scale)), Image.Resampling.LANCZOS,
                        reducing_gap=3.0)
    out = [("small", label.text) for label in checked if on_phone(label, rgb.width) < smallest]
    out += [("faint", label.text) for label in checked
            if contrast(label.fill, background_of(rgb, label.box)) < MIN_CONTRAST]
    out += [("blurred", label.text) for label in checked if spread_on_phone(shrunk, label.box, scale) < MIN_SPREAD]
    return out
