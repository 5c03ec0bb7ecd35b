"""Shared helpers of the picture tests."""

from __future__ import annotations

import io

from PIL import Image


def png_image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image

