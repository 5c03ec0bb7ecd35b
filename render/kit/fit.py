"""Does every text fit where it is written? A label cut short with '…' for want of room, one running off the
picture and two written over each other are what a player cannot read, whatever its size."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from .canvas import Box, Label

TOUCH = 3  # px two ink boxes may share (a descender over the next line's capitals) without overprinting


def crosses(a: Box, b: Box) -> bool:
    """Do two boxes share more than a touch, across and down?"""
    return min(a[2], b[2]) - max(a[0], b[0]) > TOUCH and min(a[3], b[3]) - max(a[1], b[1]) > TOUCH


def overprinted(labels: Sequence[Label]) -> list[tuple[str, str]]:
    """The pairs of labels whose ink boxes cross each other, by their texts."""
    out = []
    ordered = sorted(labels, key=lambda label: label.box[1])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[1] > a.box[3] - TOUCH:
                break
            if crosses(a.box, b.box):
                out.append((a.text, b.text))
    return out


def misfits(image: Image.Image) -> list[tuple[str, str]]:
    """The labels of a picture cut short, running off it or overprinting another, as (reason, text)."""
    labels: list[Label] = image.info["labels"]
    out = [("cut", label.text) for label in labels if label.cut]
    out += [("off the picture", label.text) for label in labels
            if min(label.box[:2]) < 0 or label.box[2] > image.width or label.box[3] > image.height]
    out += [("overprinted", f"{a} / {b}") for a, b in overprinted(labels)]
    return out
