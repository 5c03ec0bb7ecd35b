"""Rendering speed: milliseconds and bytes per board and focused picture, against the cost of merely
encoding a PNG.

    .venv/bin/python bench/render.py                 # Al-Rashid, 4 players, seed 1, 120 boards
    .venv/bin/python bench/render.py --game taj-mahal --players 4
    .venv/bin/python bench/render.py --write         # record the result in docs/benchmarks.md (per game)
    .venv/bin/python bench/render.py --focus         # the focused picture of every game, one row each


Pictures come from a seeded match between random seats (every state, evenly sampled). A board is drawn
(copy of the cached static layer + the moving parts) and encoded to PNG, as the bot does. The floor is
the time the same encoder needs for the static background alone, at the same size: whatever is
drawn, a picture of that size cannot be produced faster (a game without a cached static layer is measured
against a blank page of the board's size). Plain true-colour PNG is shown for comparison.
The focused picture (posted after every step) is drawn and encoded the same way from the same views.
Every time is the fastest of three runs, so other work on a shared machine does not count.

`--labels` measures setting text: distinct labels (each rasterised once, as a picture's new labels are), in
Latin and as players' names in every script (shaping and font fallback), then the same labels again from the
cache.

`--focus` measures only the focused picture (the one a click waits for), for every game, on 30 states of each
game's match, and gives processor time beside wall time: on a machine shared with other work, processor time
moves less, so it is the one to compare between two versions of the code measured in the same hour.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import io
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import render  # noqa: E402
import render.sample  # noqa: E402
from engine.core import get_game  # noqa: E402
from render.kit import encode  # noqa: E402
from render.sample import playout  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
SECTION = "## Rendering"
REPEAT = 3  # each measure keeps the fastest of three runs: the machine is shared, we time our code

def markers(game: str) -> tuple[str, str]:
    """Where a game's figures sit in docs/benchmarks.md (Al-Rashid's came first and keep their markers)."""
    tag = "render-bench" if game == "al-rashid" else f"render-bench:{game}"
    return f"<!-- {tag}:start -->", f"<!-- {tag}:end -->"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(painter: Callable[[BaseModel], Image.Image], views: list[BaseModel]) -> dict[str, Any]:
    """Per picture, the fastest of REPEAT runs of drawing and encoding: p50/p95 times and bytes."""
    painter(views[0])  # fonts loaded, static layer painted: the bot pays this once per process
    draw_ms, encode_ms, total_ms, sizes, heights = [], [], [], [], []
    for view in views:
        best = None
        for _ in range(REPEAT):
            start = time.perf_counter()
            image = painter(view)
            drawn = time.perf_counter()
            data = encode(image)
            done = time.perf_counter()
            run = ((drawn - start) * 1000, (done - drawn) * 1000, (done - start) * 1000)
            best = run if best is None or run[2] < best[2] else best
        assert best is not None
        draw_ms.append(best[0])
        encode_ms.append(best[1])
        total_ms.append(best[2])
        sizes.append(len(data))
        heights.append(image.height)
    return {
        "p50": statistics.median(total_ms), "p95": percentile(total_ms, 0.95),
        "draw_p50": statistics.median(draw_ms), "encode_p50": statistics.median(encode_ms),
        "kb_mean": statistics.mean(sizes) / 1024, "kb_max": max(sizes) / 1024,
        "width": image.width, "heights": (min(heights), max(heights)),
    }


def focus_row(game_key: str, players: int, seed: int, pictures_per_game: int) -> str:
    """One table row: the focused picture's drawing and encoding, p50 in processor and wall milliseconds."""
    game, pictures = get_game(game_key), render.for_game(game_key)
    assert pictures is not None, f"{game_key} has no pictures"
    states = list(playout(game, players, seed, "random"))
    views = [game.view(s, None) for s in states[::max(1, len(states) // pictures_per_game)]][:pictures_per_game]
    pictures.focus(views[0], pictures.theme, "en")  # fonts, static layers and palettes: once per process
    cpu: dict[str, list[float]] = {"draw": [], "encode": []}
    wall: dict[str, list[float]] = {"draw": [], "encode": []}
    sizes, heights = [], []
    for view in views:
        best: dict[str, tuple[float, float]] = {}
        for _ in range(REPEAT):
            c0, w0 = time.process_time(), time.perf_counter()
            image = pictures.focus(view, pictures.theme, "en")
            c1, w1 = time.process_time(), time.perf_counter()
            data = encode(image)
            c2, w2 = time.process_time(), time.perf_counter()
            for part, spent in (("draw", (c1 - c0, w1 - w0)), ("encode", (c2 - c1, w2 - w1))):
                best[part] = min(best.get(part, spent), spent)
        for part, (in_cpu, in_wall) in best.items():
            cpu[part].append(in_cpu * 1000)
            wall[part].append(in_wall * 1000)
        sizes.append(len(data))
        heights.append(image.height)
    p50 = {k: statistics.median(v) for k, v in cpu.items()}
    w50 = {k: statistics.median(v) for k, v in wall.items()}
    return (f"| {game.spec.title} | {min(heights)}–{max(heights)} | {p50['draw']:.1f} | {p50['encode']:.1f} | "
            f"{p50['draw'] + p50['encode']:.1f} | {w50['draw']:.1f} | {w50['encode']:.1f} | "
            f"{statistics.mean(sizes) / 1024:.0f} / {max(sizes) / 1024:.0f} |")


def focus_table(players: int, seed: int, pictures_per_game: int) -> str:
    header = (f"`.venv/bin/python bench/render.py --focus --players {players} --seed {seed} --boards "
              f"{pictures_per_game}` — the focused picture (1080 px wide) of {pictures_per_game} states of one "
              f"seeded {players}-player match per game (random seats), one process, each time the fastest of "
              f"{REPEAT} runs. Machine: {machine()}. Date: {datetime.date.today().isoformat()}.\n\n"
              "| game | height px | draw p50 (cpu ms) | encode p50 (cpu ms) | total (cpu ms) | draw p50 (wall ms) | "
              "encode p50 (wall ms) | KB mean / max |\n|---|---|---:|---:|---:|---:|---:|---:|")
    rows = [focus_row(key, players, seed, pictures_per_game) for key in render.sample.drawable()]
    return "\n".join([header, *rows])


def labels_table(count: int) -> str:
    """Milliseconds of processor time per label: new labels (shaped, rasterised) and the same ones again."""
    from render.kit import DEFAULT_THEME, Canvas
    from tests.support.names import NAMES

    words = ["Souks", "Bazaar bonus", "Caravan", "Treasurer", "Silk Road", "Counsellor of the Caliph", "Gujarat"]
    sets = {"Latin labels": [f"{words[i % len(words)]} {i}" for i in range(count)],
            "players' names, every script": [f"{NAMES[i % len(NAMES)]} {i}" for i in range(count)]}
    canvas = Canvas(Image.new("RGB", (1080, 2000), DEFAULT_THEME.card), DEFAULT_THEME)
    canvas.text((10, 10), "fonts loaded", 30)
    rows = []
    for name, texts in sets.items():
        spent = []
        for _ in range(2):  # new, then cached
            start = time.process_time()
            for i, text in enumerate(texts):
                canvas.text((10, 10 + (i % 60) * 30), text, 30)
            spent.append((time.process_time() - start) * 1000 / len(texts))
        rows.append(f"| {name} | {spent[0]:.2f} | {spent[1]:.3f} |")
    return "\n".join([f"`.venv/bin/python bench/render.py --labels` — {count} distinct labels of each kind at 30 px, one "
                      f"process. Machine: {machine()}. Date: {datetime.date.today().isoformat()}.\n",
                      "| labels | new label (cpu ms) | again, cached (cpu ms) |", "|---|---:|---:|", *rows])


def run(game_key: str, players: int, seed: int, boards: int) -> dict[str, Any]:
    game, pictures = get_game(game_key), render.for_game(game_key)
    assert pictures is not None, f"{game_key} has no pictures"
    states = list(playout(game, players, seed, "random"))
    step = max(1, len(states) // boards)
    views = [game.view(s, None) for s in states[::step]][:boards]
    theme = pictures.theme
    boards_measured = measure(lambda v: pictures.board(v, theme, "en"), views)
    focus_measured = measure(lambda v: pictures.focus(v, theme, "en"), views)
    layer = getattr(importlib.import_module(render.package_of(game_key) + ".board"), "background", None)
    if layer is not None:  # the board's cached static layer, encoded exactly as a board
        background = layer(players, theme, "en").image
        background.info["palette"] = importlib.import_module(render.package_of(game_key) + ".board").palette(
            players, theme, "en")
    else:  # a blank page of the board's size, on the board's own palette when it has one
        background = Image.new("RGB", (boards_measured["width"], boards_measured["heights"][1]), theme.paper)
        known = pictures.board(views[0], theme, "en").info.get("palette")
        if known is not None:
            background.info["palette"] = known

    def plain_png() -> bytes:
        out = io.BytesIO()
        background.save(out, "PNG")
        return out.getvalue()

    floor = [min(timed(lambda: encode(background), REPEAT)) for _ in range(20)]
    plain = [min(timed(plain_png, REPEAT)) for _ in range(10)]
    return {
        **boards_measured, "focus": focus_measured, "game": game_key, "static": layer is not None,
        "players": players, "seed": seed, "boards": len(views), "size": background.size,
        "floor_p50": statistics.median(floor), "plain_p50": statistics.median(plain),
        "plain_kb": len(plain_png()) / 1024, "background_kb": len(encode(background)) / 1024,
    }


def machine() -> str:
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in subprocess.run(
            ["lscpu"], capture_output=True, text=True, check=True).stdout.splitlines()
            if line.startswith("Model name"))
    except (OSError, StopIteration, subprocess.CalledProcessError):
        cpu = platform.processor() or "unknown CPU"
    return (f"{cpu}, nproc {os.cpu_count()}, Python {platform.python_version()}, "
            f"load average {os.getloadavg()[0]:.1f} at the start")


def report(r: dict[str, Any], command: str) -> str:
    ratio = r["p95"] / r["floor_p50"]
    f = r["focus"]
    w, h = r["size"]
    start, end = markers(r["game"])
    floor = "the static background alone" if r["static"] else "a blank page of the board's size"
    return f"""{start}
`{command}` — {r['boards']} boards of one seeded {r['players']}-player match (random seats, seed {r['seed']}), \
{w}×{h} px, one process, each time the fastest of {REPEAT} runs. Machine: {machine()}. Date: {datetime.date.today().isoformat()}.

| per board | p50 | p95 |
|---|---:|---:|
| draw + encode (what the bot waits for) | {r['p50']:.1f} ms | {r['p95']:.1f} ms |
| of which drawing (p50) | {r['draw_p50']:.1f} ms | |
| of which encoding (p50) | {r['encode_p50']:.1f} ms | |

| floor: encoding {floor} | time (p50) | bytes |
|---|---:|---:|
| same encoder (PNG on the board's 256-colour palette) | {r['floor_p50']:.1f} ms | {r['background_kb']:.0f} KB |
| plain true-colour PNG (`Image.save`) | {r['plain_p50']:.1f} ms | {r['plain_kb']:.0f} KB |

Boards weigh {r['kb_mean']:.0f} KB on average, {r['kb_max']:.0f} KB at most (limit 400 KB). \
p95 is {ratio:.2f}× the same-encoder floor and {r['p95'] / r['plain_p50']:.2f}× the plain-PNG one \
(aim: ≤ 1.5×, and ≤ 100 ms).

The focused picture (posted after every step), from the same {r['boards']} views: {f['width']} px wide, \
{f['heights'][0]}–{f['heights'][1]} px tall.

| per focused picture | p50 | p95 |
|---|---:|---:|
| draw + encode | {f['p50']:.1f} ms | {f['p95']:.1f} ms |
| of which drawing (p50) | {f['draw_p50']:.1f} ms | |
| of which encoding (p50) | {f['encode_p50']:.1f} ms | |

Focused pictures weigh {f['kb_mean']:.0f} KB on average, {f['kb_max']:.0f} KB at most (limit 400 KB).
{end}"""


def write(game: str, text: str) -> None:
    """Replace the game's block; a game's first block goes to the end of the Rendering section."""
    start, end = markers(game)
    doc = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"
    if start in doc:
        doc = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: text, doc, flags=re.S)
    elif SECTION in doc:
        head, rest = doc.split(SECTION, 1)
        following = re.search(r"^## ", rest, re.MULTILINE)
        cut = following.start() if following else len(rest)
        title = get_game(game).spec.title
        doc = head + SECTION + rest[:cut].rstrip("\n") + f"\n\n### {title}\n\n{text}\n\n" + rest[cut:]
    else:
        doc = doc.rstrip("\n") + f"\n\n{SECTION}\n\n{text}\n"
    DOC.write_text(doc.rstrip("\n") + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="al-rashid")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, help="how many pictures (default 120 boards, 30 focused per game)")
    parser.add_argument("--write", action="store_true", help="record the result in docs/benchmarks.md")
    parser.add_argument("--focus", action="store_true", help="only the focused picture, every game")
    parser.add_argument("--labels", action="store_true", help="only setting text: new and cached labels")
    args = parser.parse_args()
    if args.labels:
        print(labels_table(args.boards or 3000))
        return
    if args.focus:
        print(focus_table(args.players, args.seed, args.boards or 30))
        return
    args.boards = args.boards or 120
    game = "" if args.game == "al-rashid" else f"--game {args.game} "
    command = (f".venv/bin/python bench/render.py {game}--players {args.players} --seed {args.seed} "
               f"--boards {args.boards}")
    text = report(run(args.game, args.players, args.seed, args.boards), command)
    print(text)
    if args.write:
        write(args.game, text)


if __name__ == "__main__":
    main()
