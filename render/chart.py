"""A player's rating over their rated matches, as a small chart for `/stats`.

Given the skill estimate (mu) and its uncertainty (sigma) after each match, it draws the shown rating (the
conservative mu - 3 sigma) as a line and shades the gap up to the estimate: the shading narrows as the
rating grows surer. The first point is the newcomer's rating, before any match.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from engine.core.messages import translate
from render.kit import DEFAULT_THEME, Canvas, Theme, mix

WIDTH, HEIGHT = 1080, 600
LEFT, RIGHT, TOP, BOTTOM = 120, 40, 100, 90
TITLE_LEADING = 40  # a title's second line; the chart moves down by as much
Z = 3.0


def ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values for the axis between low and high (1, 2 or 5 times a power of ten apart)."""
    span = max(high - low, 1e-9)
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [round(first + i * step, 6) for i in range(int((high - first) / step + 1e-9) + 1)]


def paint_rating_chart(history: Sequence[tuple[float, float]], title: str, locale: str = "en",
                       theme: Theme = DEFAULT_THEME, start: tuple[float, float] = (25.0, 25 / 3)) -> Image.Image:
    """`history`: (mu, sigma) after each rated match, oldest first; `start` the rating before the first."""
    t = theme.type
    points = [start, *history]
    shown = [mu - Z * sigma for mu, sigma in points]
    estimate = [mu for mu, _ in points]
    low, high = min(shown), max(estimate)
    pad = max(1.0, (high - low) * 0.08)
    low, high = low - pad, high + pad
    c = Canvas(Image.new("RGB", (WIDTH, 1)), theme)  # measures the title (a long name takes two lines)
    lines, size, face, cut = c.fit_lines(title, t.heading, "bold", WIDTH - LEFT + 96 - RIGHT, 2, t.small)
    below = (len(lines) - 1) * TITLE_LEADING
    c = Canvas(Image.new("RGB", (WIDTH, HEIGHT + below), theme.paper), theme)
    for n, line in enumerate(lines):
        c.text((LEFT - 96, 28 + n * TITLE_LEADING), line, size, face=face, cut=cut and n == len(lines) - 1)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP + below, HEIGHT + below - BOTTOM
    c.box((x0, y0, x1, y1), fill=theme.card, width=0, radius=0)

    def at(index: int, value: float) -> tuple[float, float]:
        x = x0 + (x1 - x0) * (index / max(1, len(points) - 1))
        return x, y1 - (y1 - y0) * (value - low) / (high - low)

    for value in ticks(low, high):
        _, y = at(0, value)
        c.draw.line((x0, y, x1, y), fill=mix(theme.card, theme.line, 0.3), width=1)
        c.text((x0 - 12, y), f"{value:g}", t.small, face="condensed", fill=theme.soft_ink, anchor="rm")
    band = [at(i, v) for i, v in enumerate(estimate)] + [at(i, v) for i, v in reversed(list(enumerate(shown)))]
    c.draw.polygon(band, fill=mix(theme.card, theme.current, 0.22))
    c.draw.line([at(i, v) for i, v in enumerate(estimate)], fill=mix(theme.current, theme.card, 0.35), width=3)
    c.draw.line([at(i, v) for i, v in enumerate(shown)], fill=theme.current, width=6, joint="curve")
    last = at(len(points) - 1, shown[-1])
    c.draw.ellipse((last[0] - 9, last[1] - 9, last[0] + 9, last[1] + 9), fill=theme.current)
    games = len(points) - 1
    for index in sorted({0, games} | set(range(0, games + 1, max(1, math.ceil(games / 6))))):
        x, _ = at(index, low)
        c.text((x, y1 + 10), str(index), t.small, face="condensed", fill=theme.soft_ink, anchor="ma")
    c.text((x1, c.image.height - 30), translate("league.chart.games", locale), t.small, face="condensed",
           fill=theme.soft_ink, anchor="rs")
    legend_y = c.image.height - 30
    c.draw.line((x0, legend_y - 10, x0 + 40, legend_y - 10), fill=theme.current, width=6)
    box = c.text((x0 + 52, legend_y), translate("league.chart.rating", locale), t.small, face="condensed", anchor="ls")
    c.box((box[2] + 32, legend_y - 22, box[2] + 72, legend_y), fill=mix(theme.card, theme.current, 0.22),
          outline=mix(theme.current, theme.card, 0.35), width=3, radius=4)
    c.text((box[2] + 84, legend_y), translate("league.chart.estimate", locale), t.small, face="condensed", anchor="ls")
    c.image.info["labels"] = c.labels
    return c.image
