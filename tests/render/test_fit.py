"""Text that fits, on every picture of seeded matches of every game in both languages: nothing cut short (a
name, an effect, a part of a score), nothing off the picture, nothing written over another text."""

from __future__ import annotations

import pytest
from PIL import Image

from render.kit import DEFAULT_THEME, Canvas
from render.kit.fit import misfits
from tests.render.gallery import KINDS, of_kind


@pytest.mark.parametrize("kind", KINDS)
def test_every_text_fits_where_it_is_written(kind):
    found = {picture.where: misfits(picture.image)[:4] for picture in of_kind(kind)}
    assert {where: reasons for where, reasons in found.items() if reasons} == {}


def test_the_fit_check_sees_a_cut_an_overprint_and_a_text_off_the_picture():
    c = Canvas(Image.new("RGB", (400, 200), DEFAULT_THEME.card), DEFAULT_THEME)
    c.text((10, 10), "Monopolista di Spezie", 28, max_width=200)
    c.text((10, 60), "Muzaffarabad", 28)
    c.text((120, 66), "Srinagar", 28)
    c.text((10, 110), "Re dei", 28)
    c.text((10, 142), "mendicanti", 28)  # the next line of a paragraph: close, not over it
    c.text((330, 150), "Agra", 28)
    c.image.info["labels"] = c.labels
    assert misfits(c.image) == [("cut", "Monopolista…"), ("off the picture", "Agra"),
                                ("overprinted", "Muzaffarabad / Srinagar")]
