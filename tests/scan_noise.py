"""The light noise of a scan, for the PDF reader's tests and benchmark (no test dependency)."""

from __future__ import annotations

import random


def noisy(image, rng: random.Random):
    """A grey page image with the light noise of a scan: grain of ±16 levels and a few specks
    (one 2×2 speck per 10,000 pixels, black, grey or white). Deterministic for a seeded ``rng``."""
    from PIL import Image, ImageChops, ImageDraw

    w, h = image.size
    grain = Image.frombytes("L", image.size, rng.randbytes(w * h)).point(lambda v: v // 8)
    image = ImageChops.add(image, grain, 1.0, -16)
    draw = ImageDraw.Draw(image)
    for _ in range(w * h // 10000):
        x, y = rng.randrange(w - 2), rng.randrange(h - 2)
        draw.rectangle((x, y, x + 1, y + 1), fill=rng.choice((0, 60, 255)))
    return image
