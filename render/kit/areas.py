"""The whole board in parts a phone can read. A board is drawn for a big screen (1,600 px wide: its smallest
text is 6.8 px on a phone held upright), so `/board` also offers it an area at a time, each part narrow enough
that its text is at least `ASKED_PX` on the phone: pieces cut from the whole board where it is laid out in
columns (a half at most), and sections drawn again at a phone-first width where it is laid out in rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from PIL import Image

from .canvas import Box, Canvas, Label
from .legibility import PHONE_FIRST
from .theme import RGB, Theme

T = TypeVar("T", bound=Theme)
GAP = 24  # between the pieces of a part
PAD = 16  # around them


def cut(image: Image.Image, box: Box) -> Image.Image:
    """The piece of a picture inside `box`, with the labels written there. A label the edge cuts through is
    kept, marked cut (the fit check reports it): a part's pieces are chosen along the board's own gaps."""
    piece = image.crop(box)
    x0, y0, x1, y1 = box
    labels = []
    for label in image.info["labels"]:
        lx0, ly0, lx1, ly1 = label.box
        if lx1 <= x0 or lx0 >= x1 or ly1 <= y0 or ly0 >= y1:
            continue
        inside = x0 <= lx0 and lx1 <= x1 and y0 <= ly0 and ly1 <= y1
        labels.append(replace(label, box=(lx0 - x0, ly0 - y0, lx1 - x0, ly1 - y0), cut=label.cut or not inside))
    piece.info["labels"] = labels
    return piece


def pieces(whole: Image.Image, *names: str) -> list[Image.Image]:
    """Sections of the whole board, cut from it: the boxes its painter lists in `info["sections"]`, by name
    (a section the board does not have at that moment is left out)."""
    return [cut(whole, whole.info["sections"][name]) for name in names if name in whole.info["sections"]]


def sections(board: Callable[[Any, T, str], Image.Image], *names: str) -> Callable[[Any, T, str], Image.Image]:
    """An area made of sections of the whole board, one under another."""
    def paint(view: Any, theme: T, locale: str) -> Image.Image:
        whole = board(view, theme, locale)
        return stack(pieces(whole, *names), theme.paper, whole.info["palette"])
    return paint


def redrawn(theme: Theme, paint: Callable[[Canvas[Any], int], int], width: int = PHONE_FIRST - 2 * PAD,
            room: int = 4000) -> Image.Image:
    """A section of the board drawn again `width` px wide (a part `PHONE_FIRST` wide once stacked):
    `paint(canvas, width)` draws from the top left corner and returns the y below what it drew."""
    c: Canvas[Any] = Canvas(Image.new("RGB", (width, room), theme.paper), theme)
    piece = c.image.crop((0, 0, width, paint(c, width)))
    piece.info["labels"] = c.labels
    return piece


def from_public_view(areas: Mapping[str, Callable[[Any, T, str], Image.Image]]
                     ) -> dict[str, Callable[[Any, T, str], Image.Image]]:
    """A game's area painters, each refusing a player's own view as the whole board does: an area drawn again
    from a view would otherwise show whatever that view holds."""
    def refusing(paint: Callable[[Any, T, str], Image.Image]) -> Callable[[Any, T, str], Image.Image]:
        def checked(view: Any, theme: T, locale: str) -> Image.Image:
            if view.viewer is not None:
                raise ValueError("an area of the board is drawn from the public view (seat None), never a player's own")
            return paint(view, theme, locale)
        return checked
    return {name: refusing(paint) for name, paint in areas.items()}


def stack(pieces: Sequence[Image.Image], background: RGB, palette: Image.Image | None = None) -> Image.Image:
    """The pieces one under another, left-aligned, as one picture with all their labels."""
    width = max(piece.width for piece in pieces) + 2 * PAD
    height = sum(piece.height for piece in pieces) + GAP * (len(pieces) - 1) + 2 * PAD
    out = Image.new("RGB", (width, height), background)
    labels: list[Label] = []
    y = PAD
    for piece in pieces:
        out.paste(piece.convert("RGB"), (PAD, y))
        labels += [replace(label, box=(label.box[0] + PAD, label.box[1] + y, label.box[2] + PAD, label.box[3] + y))
                   for label in piece.info["labels"]]
        y += piece.height + GAP
    out.info["labels"] = labels
    if palette is not None:
        out.info["palette"] = palette
    return out
