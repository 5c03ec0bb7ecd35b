"""Players' names drawn as they write them: every character from a font that has it, right-to-left scripts
joined and in order, emoji in colour; the bundled fonts' coverage table true to the fonts."""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from render.kit import DEFAULT_THEME, Canvas, bidi, illegible, typeset
from render.kit.fonts import EMOJI, FACES, FONT_DIR, covers
from tests.render import screenshots
from tests.support.names import NAMES


def test_pillow_shapes_text_with_raqm():
    assert features.check_feature("raqm"), "Pillow cannot shape text: install FriBiDi (Debian: libfribidi0)"


@pytest.mark.parametrize("face", sorted(FACES))
@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_comes_from_a_font_that_has_it(name, face):
    runs = typeset.runs(name, face)
    assert sorted("".join(r.text for r in runs)) == sorted(name)  # every character drawn once
    for run in runs:
        missing = [ch for ch in run.text if ord(ch) not in typeset.IGNORABLE and not covers(run.font, ord(ch))]
        assert not missing, (name, run.font, missing)


def test_emoji_come_from_the_colour_font_and_text_from_the_text_fonts():
    fonts = {run.text: run.font for run in typeset.runs("José 🔥", "bold")}
    assert fonts == {"José ": FACES["bold"], "🔥": EMOJI}
    assert {run.font for run in typeset.runs("👍🏽 1️⃣ 🇮🇹", "bold") if run.text.strip()} == {EMOJI}
    assert [run.text for run in typeset.runs("👨‍👩‍👧", "bold")] == ["👨‍👩‍👧"]  # one joined emoji, one run
    assert typeset.runs("山田太郎", "bold")[0].font == "NotoSansCJK-Bold.otf"
    assert typeset.runs("محمد", "condensed")[0].font == "NotoSansArabic-Regular.ttf"


def test_an_arabic_name_is_joined_and_right_to_left_as_raqm_shapes_it():
    name = "محمد علي"
    drawn = typeset.line(name, 40, "bold", "ls").mask
    arabic = ImageFont.truetype(str(FONT_DIR / "NotoSansArabic-Bold.ttf"), 40, layout_engine=ImageFont.Layout.RAQM)
    x0, y0, x1, y1 = arabic.getbbox(name, anchor="ls", direction="rtl")
    expected = Image.new("L", (x1 - x0, y1 - y0))
    ImageDraw.Draw(expected).text((-x0, -y0), name, font=arabic, fill=255, anchor="ls", direction="rtl")
    assert drawn.size == expected.size and ImageChops.difference(drawn, expected).getbbox() is None
    unjoined = ImageFont.truetype(str(FONT_DIR / "NotoSansArabic-Bold.ttf"), 40, layout_engine=ImageFont.Layout.BASIC)
    assert unjoined.getlength(name) != arabic.getlength(name, direction="rtl")  # the check can tell them apart


def test_mixed_directions_follow_the_bidirectional_algorithm():
    # a left-to-right label with a Hebrew name inside: the name reads right to left, in its place
    assert [r.text for r in typeset.runs("Red: דוד כהן", "bold")] == ["Red: ", "דוד כהן"]
    assert [r.rtl for r in typeset.runs("Red: דוד כהן", "bold")] == [False, True]
    # a right-to-left name with Latin and digits: the runs are laid out from the right
    runs = typeset.runs("علي 2024 Ali", "bold")
    assert [(r.text, r.rtl) for r in runs] == [("Ali", False), (" ", True), ("2024", False), ("علي ", True)]


@pytest.mark.parametrize(("text", "levels"), [
    ("abc", [0, 0, 0]),
    ("אבג", [1, 1, 1]),
    ("ab אב", [0, 0, 0, 1, 1]),
    ("אב 12", [1, 1, 1, 2, 2]),        # digits in right-to-left text stay left to right (level 2)
    ("ab 12", [0, 0, 0, 0, 0]),
    ("אב (ab)", [1, 1, 1, 1, 2, 2, 1]),  # the neutrals between two directions take the paragraph's
    ("ع١٢", [1, 2, 2]),                # Arabic-Indic digits
])
def test_bidirectional_levels(text, levels):
    assert bidi.levels(text) == levels


def test_visual_order_reverses_right_to_left_stretches():
    assert bidi.visual_order(["a", "b", "c", "d"], [0, 1, 1, 0]) == ["a", "c", "b", "d"]
    assert bidi.visual_order(["x", "1", "y"], [1, 2, 1]) == ["y", "1", "x"]


def test_emoji_keep_their_colours_whatever_the_ink():
    c = Canvas(Image.new("RGB", (300, 80), DEFAULT_THEME.card), DEFAULT_THEME)
    box = c.text((10, 20), "🔥", 40, fill=(0, 0, 0))
    colours = c.image.crop(box).convert("RGB").getcolors(10_000) or []
    assert any(max(rgb) - min(rgb) > 120 for _, rgb in colours)  # orange flame, not black ink


def test_the_coverage_table_lists_exactly_what_each_font_has():
    ttlib = pytest.importorskip("fontTools.ttLib")
    table = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))
    for name, ranges in table.items():
        listed = {code for first, last in ranges for code in range(first, last + 1)}
        assert listed == set(ttlib.TTFont(FONT_DIR / name, lazy=True)["cmap"].getBestCmap()), name


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_drawn_with_ink(name):
    c = Canvas(Image.new("RGB", (1300, 80), DEFAULT_THEME.card), DEFAULT_THEME)
    box = c.text((10, 20), name, 30)
    assert c.image.crop(box).convert("L").getextrema()[0] < 100
    assert c.labels[-1].text == name


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_standings_show_every_name_whole_and_legible(locale):
    from render.kit import illegible
    from render.standings import NAME_LEADING, NAME_X, StandingsRow, pages, paint_standings

    rows = [StandingsRow(i + 1, name, 40 - i, 6, 2, highlight=i == 4, finalist=i < 2) for i, name in enumerate(NAMES)]
    shown: list[str] = []
    for number, page in enumerate(pages(rows), start=1):
        picture = paint_standings("Ligue des 🐪 — 第一季", page, locale, page=(number, len(pages(rows))))
        assert illegible(picture) == [] and not any(label.cut for label in picture.info["labels"])
        lines = [label for label in picture.info["labels"] if abs(label.box[0] - NAME_X) <= 12 and label.box[1] > 200]
        last_y = -100
        for label in lines:  # a long name's second line is closer to its first than the next row is
            if label.box[1] - last_y < NAME_LEADING + 4:
                shown[-1] += label.text
            else:
                shown.append(label.text)
            last_y = label.box[1]
    assert [name.replace(" ", "") for name in NAMES] == [text.replace(" ", "") for text in shown]


def test_the_rating_chart_names_the_player_as_they_write_it():
    from render.chart import TITLE_LEADING, paint_rating_chart

    for name in NAMES:
        title = f"{name} · Al-Rashid"
        picture = paint_rating_chart([(26.0, 7.0), (27.5, 6.0)], title, "en")
        lines = [label for label in picture.info["labels"] if label.size >= DEFAULT_THEME.type.small
                 and label.box[1] < 28 + 2 * TITLE_LEADING]  # the title, on one line or two
        assert "".join(label.text for label in lines).replace(" ", "") == title.replace(" ", "")
        assert not any(label.cut for label in picture.info["labels"])


def test_the_names_picture_shows_every_name_whole_in_every_kind_of_picture_that_shows_names():
    """docs/images/names.png (tests/render/screenshots.py): the final score of every game, league standings, a
    rating chart and a tournament's bracket, with names in every script; each name drawn whole, nothing cut, every text legible."""
    pictures = screenshots.names_pictures()
    assert len(pictures) == 7
    shown: set[str] = set()
    for image, names in pictures:
        labels = image.info["labels"]
        drawn = "".join(label.text for label in labels).replace(" ", "")
        assert [name for name in names if name.replace(" ", "") not in drawn] == []
        assert [label.text for label in labels if label.cut] == []
        assert illegible(image) == []
        shown.update(names)
    scripts = {"emoji": "🔥", "accents": "ë", "CJK": "山", "Arabic": "م", "Hebrew": "ד", "Cyrillic": "Д",
               "Greek": "Γ", "Devanagari": "अ"}
    assert {script for script, sample in scripts.items() if not any(sample in name for name in shown)} == set()
