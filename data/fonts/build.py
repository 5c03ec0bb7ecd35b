"""Make the fallback fonts of data/fonts/ from Debian's Noto packages, and the table of what each covers.

Players' names carry emoji, CJK, Arabic, Hebrew, Devanagari...: DejaVu draws Latin, Greek and Cyrillic, and these
fonts the rest (README.md beside this file). Each is cut down to what a name or a label needs, so the
repository stays small, and kept as plain OpenType (FreeType opens a WOFF2 font a hundred times slower, at
every size); `coverage.json` lists the characters of every font (the renderer reads
it to choose a font for each character without opening the fonts).

    apt-get install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    .venv/bin/python data/fonts/build.py --source /usr/share/fonts        # a few minutes (the CJK subset)

Only the dev extra's fontTools is needed; `--coverage` rewrites `coverage.json` alone.
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
COVERAGE = HERE / "coverage.json"
EMOJI_PPEM = 36     # the emoji strike, in pixels per em: labels are 28 to 44 px, names mostly 28 to 32
EMOJI_COLOURS = 32  # per emoji bitmap: flat drawings, no visible banding at that size

# What every fallback font keeps besides its script: spaces and ASCII punctuation (a name's spaces and dots stay
# in its run, shaped with it), joiners and the dotted circle raqm draws under a lone combining mark.
SHARED = [(0x20, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E), (0xA0, 0xA0), (0x200C, 0x200F),
          (0x25CC, 0x25CC)]
PRIMARY = ["DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf"]
SCRIPTS: dict[str, tuple[str, list[tuple[int, int]]]] = {
    # file written: (source file, ranges kept)
    "NotoSansArabic-Bold.ttf": ("NotoSansArabic-Bold.ttf",
                                  [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                                   (0xFE70, 0xFEFF)]),
    "NotoSansArabic-Regular.ttf": ("NotoSansArabic-Regular.ttf",
                                     [(0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                                      (0xFE70, 0xFEFF)]),
    "NotoSansHebrew-Bold.ttf": ("NotoSansHebrew-Bold.ttf", [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]),
    "NotoSansHebrew-Regular.ttf": ("NotoSansHebrew-Regular.ttf", [(0x0590, 0x05FF), (0xFB1D, 0xFB4F)]),
    "NotoSansDevanagari-Bold.ttf": ("NotoSansDevanagari-Bold.ttf",
                                      [(0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)]),
    "NotoSansDevanagari-Regular.ttf": ("NotoSansDevanagari-Regular.ttf",
                                         [(0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)]),
    "NotoSansThai-Bold.ttf": ("NotoSansThai-Bold.ttf", [(0x0E00, 0x0E7F)]),
    "NotoSansThai-Regular.ttf": ("NotoSansThai-Regular.ttf", [(0x0E00, 0x0E7F)]),
    # the letters people borrow for a styled name: 𝓙𝓮𝓷𝓷𝔂, 𝕄𝕒𝕩, 𝐁𝐨𝐥𝐝
    "NotoSansMath-Regular.ttf": ("NotoSansMath-Regular.ttf", [(0x1D400, 0x1D7FF)]),
}
CJK = "NotoSansCJK-Bold.otf"           # from NotoSansCJK-Bold.ttc, its Japanese face (one weight for all)
EMOJI = "NotoColorEmoji.ttf"           # from NotoColorEmoji.ttf, its bitmaps scaled to EMOJI_PPEM


def national_sets() -> set[int]:
    """Every character of GB 2312, Big5 level 1, JIS X 0208 and KS X 1001 (the characters of almost every
    Chinese, Japanese and Korean name), with kana, CJK punctuation and full- and half-width forms."""
    chosen: set[int] = set()
    for codec, first, last in (("gb2312", 0xA1, 0xF7), ("big5", 0xA1, 0xC6), ("euc_jp", 0xA1, 0xF4),
                               ("euc_kr", 0xA1, 0xFE)):
        for high in range(first, last + 1):
            for low in range(0x40, 0xFF):
                try:
                    text = bytes([high, low]).decode(codec)
                except UnicodeDecodeError:
                    continue
                if len(text) == 1:
                    chosen.add(ord(text))
    for start, end in ((0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)):
        chosen.update(range(start, end + 1))
    return chosen


def find(source: Path, name: str) -> Path:
    found = sorted(source.rglob(name))
    if not found:
        raise SystemExit(f"{name} not found under {source}: install fonts-noto-core, fonts-noto-cjk, "
                         "fonts-noto-color-emoji")
    return found[0]


def subset(path: Path, characters: Iterable[int], out: Path, font_number: int = 0) -> None:
    from fontTools import subset as fts
    from fontTools.ttLib import TTFont

    options = fts.Options()
    options.layout_features = ["*"]   # ligatures, Arabic joining, Devanagari conjuncts, emoji sequences
    options.hinting = False           # Pillow draws large sizes; hints only weigh
    options.name_IDs = ["*"]          # copyright and licence stay with the font
    options.notdef_outline = True
    font = TTFont(path, fontNumber=font_number, lazy=False)
    subsetter = fts.Subsetter(options)
    subsetter.populate(unicodes=sorted(characters))
    subsetter.subset(font)
    font.save(out)


def scale_emoji(path: Path, out: Path) -> None:
    """Noto Color Emoji at a small strike: its 109-ppem bitmaps, scaled and given a small palette each, weigh a
    quarter as much; labels are never drawn larger than about 44 px."""
    from fontTools.ttLib import TTFont
    from PIL import Image

    font = TTFont(path)
    strike, glyphs = font["CBLC"].strikes[0], font["CBDT"].strikeData[0]
    factor = EMOJI_PPEM / strike.bitmapSizeTable.ppemX

    def scaled(value: int) -> int:
        return round(value * factor)

    for glyph in glyphs.values():
        picture = Image.open(io.BytesIO(glyph.imageData)).convert("RGBA")
        size = (max(1, scaled(picture.width)), max(1, scaled(picture.height)))
        small = picture.resize(size, Image.Resampling.LANCZOS).quantize(EMOJI_COLOURS,
                                                                         method=Image.Quantize.FASTOCTREE)
        data = io.BytesIO()
        small.save(data, "PNG", optimize=True)
        glyph.imageData = data.getvalue()
        metrics = glyph.metrics
        metrics.width, metrics.height = size
        metrics.BearingX, metrics.BearingY, metrics.Advance = (scaled(metrics.BearingX), scaled(metrics.BearingY),
                                                               scaled(metrics.Advance))
    table = strike.bitmapSizeTable
    table.ppemX = table.ppemY = EMOJI_PPEM
    for line in (table.hori, table.vert):
        for field in ("ascender", "descender", "widthMax", "minOriginSB", "minAdvanceSB", "maxBeforeBL",
                      "minAfterBL"):
            setattr(line, field, scaled(getattr(line, field)))
    font.save(out)


def write_coverage() -> None:
    """For each font (DejaVu's and the fallbacks), its characters as [first, last] ranges."""
    from fontTools.ttLib import TTFont

    table: dict[str, list[list[int]]] = {}
    for name in [*PRIMARY, *SCRIPTS, CJK, EMOJI]:
        ranges: list[list[int]] = []
        for code in sorted(TTFont(HERE / name, lazy=True)["cmap"].getBestCmap()):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
        table[name] = ranges
    COVERAGE.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, help="where Debian's Noto fonts are (e.g. /usr/share/fonts)")
    parser.add_argument("--coverage", action="store_true", help="only rewrite coverage.json")
    args = parser.parse_args()
    if not args.coverage:
        if args.source is None:
            parser.error("--source is needed to build the fonts")
        shared = [c for start, end in SHARED for c in range(start, end + 1)]
        for out, (name, ranges) in SCRIPTS.items():
            subset(find(args.source, name), [c for a, b in ranges for c in range(a, b + 1)] + shared, HERE / out)
        subset(find(args.source, "NotoSansCJK-Bold.ttc"), national_sets() | set(shared), HERE / CJK)
        scale_emoji(find(args.source, "NotoColorEmoji.ttf"), HERE / EMOJI)
    write_coverage()
    for name in [*SCRIPTS, CJK, EMOJI]:
        print(f"{name}  {(HERE / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
