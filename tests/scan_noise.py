"""The light noise of a scan, for the PDF reader's tests and benchmark (no test dependency)."""

from __future__ import annotations

import random


def noisy(image, rng: random.Random):
    """A grey page image with the light noise of a scan: grain of ±16 levels and a few specks
    (one 2×2 speck per 40,000 pixels, about a hundred on an A4 page at 200 dpi; black, grey or
    white). Deterministic for a seeded ``rng``. (At four times as many specks the scans of the
    seeds keep 97.5-99.5% of their ids: see docs/leitura-pdf.md.)"""
    from PIL import Image, ImageChops, ImageDraw

    w, h = image.size
    grain = Image.frombytes("L", image.size, rng.randbytes(w * h)).point(lambda v: v // 8)
    image = ImageChops.add(image, grain, 1.0, -16)
    draw = ImageDraw.Draw(image)
    for _ in range(w * h // 40000):
        x, y = rng.randrange(w - 2), rng.randrange(h - 2)
        draw.rectangle((x, y, x + 1, y + 1), fill=rng.choice((0, 60, 255)))
    return image
