"""The standings picture and the rating chart: legible on a phone in both languages, any length."""

import pytest

from render import StandingsRow, rating_chart_png, standings_png
from render.chart import HEIGHT, paint_rating_chart, ticks
from render.kit import DEFAULT_THEME, MAX_BYTES, illegible, tallest
from render.standings import PER_PAGE, WIDTH, number, pages, paint_standings
from tests.render.conftest import png_image

NAMES = ["Layla", "Giovanni Battista della Rovere di Montefeltro", "kaz", "Marta", "Omar al-Farsi", "Tomás"]


def rows(count, highlight=3):
    return [StandingsRow(i + 1, NAMES[i % len(NAMES)], round(30 - i * 1.5, 2), 5, max(0, 3 - i // 3),
                         highlight=i == highlight) for i in range(count)]


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("count", [0, 1, PER_PAGE])
def test_a_standings_page_is_legible_and_names_every_player(locale, count):
    picture = paint_standings("Bazaar League — season 1", rows(count), locale, page=(1, 2))
    assert picture.width == WIDTH
    assert illegible(picture) == []
    texts = [label.text for label in picture.info["labels"]]
    assert ("Pagina 1 di 2" if locale == "it" else "Page 1 of 2") in texts
    assert sum(text.startswith(("Giovanni", "Layla", "kaz", "Marta", "Omar", "Tomás")) for text in texts) == count
    assert ("Vittorie" if locale == "it" else "Wins") in texts


def test_long_standings_come_in_pages_each_with_its_header():
    long = rows(95)
    cut = pages(long)
    assert [len(p) for p in cut] == [20, 20, 20, 20, 15]
    assert [r for p in cut for r in p] == long
    assert pages([]) == [[]]
    for i, page in enumerate(cut, start=1):
        picture = png_image(standings_png("League", page, "en", page=(i, len(cut))))
        assert picture.height <= tallest(picture.width) and len(standings_png("League", page, "en")) <= MAX_BYTES


def test_points_are_written_as_players_write_them():
    assert [number(v) for v in (6, 4.5, 3.25, 0, 12.0)] == ["6", "4.5", "3.25", "0", "12"]


def test_the_standings_show_ranks_points_and_the_players_own_row():
    picture = paint_standings("League", rows(6, highlight=2), "en")
    texts = [label.text for label in picture.info["labels"]]
    assert texts[texts.index("1"):texts.index("1") + 5] == ["1", "Layla", "30", "5", "3"]
    kaz = next(label for label in picture.info["labels"] if label.text == "kaz")
    layla = next(label for label in picture.info["labels"] if label.text == "Layla")
    # the asking player's row is tinted, unlike the rows around it
    assert picture.getpixel((WIDTH - 200, kaz.box[1])) != picture.getpixel((WIDTH - 200, layla.box[1]))


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_finalists_are_tagged_and_the_final_is_named_under_the_title(locale):
    finalists = [StandingsRow(r.rank, r.name, r.points, r.played, r.wins, finalist=r.rank <= 2) for r in rows(4)]
    note = "The final is being played" if locale == "en" else "Si gioca la finale"
    picture = paint_standings("League", finalists, locale, page=(1, 2), subtitle=note)
    assert illegible(picture) == []
    texts = [label.text for label in picture.info["labels"]]
    tag = "final" if locale == "en" else "finale"
    page = "Page 1 of 2" if locale == "en" else "Pagina 1 di 2"
    assert texts.count(tag) == 2 and f"{note} · {page}" in texts
    # the long name of a finalist wraps onto a second line, whole, and leaves the tag its room
    labels = picture.info["labels"]
    first = next(i for i, label in enumerate(labels) if label.text.startswith("Giovanni"))
    assert f"{labels[first].text} {labels[first + 1].text}" == NAMES[1]
    tag_left = next(label.box[0] for label in labels if label.text == tag)
    assert labels[first].box[2] < tag_left and labels[first + 1].box[2] < tag_left
    assert not any(label.cut for label in labels)


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("games", [0, 1, 7, 300])
def test_the_rating_chart_is_legible_for_any_number_of_games(locale, games):
    history = [(25 + i * 0.1, max(1.0, 25 / 3 - i * 0.05)) for i in range(games)]
    picture = paint_rating_chart(history, "Layla · Al-Rashid", locale)
    assert picture.size == (1080, HEIGHT)
    assert illegible(picture) == []
    texts = [label.text for label in picture.info["labels"]]
    assert str(games) in texts and ("abilità stimata" if locale == "it" else "estimated skill") in texts
    assert len(rating_chart_png(history, "x", locale)) <= MAX_BYTES


def test_the_chart_line_rises_with_the_rating():
    rising = paint_rating_chart([(25 + 2 * i, 25 / 3 - 0.5 * i) for i in range(1, 9)], "up")
    falling = paint_rating_chart([(25 - 2 * i, 25 / 3 - 0.5 * i) for i in range(1, 9)], "down")
    line = DEFAULT_THEME.current

    def line_height(picture, x):  # above the legend, which is drawn in the line's colour too
        ys = [y for y in range(HEIGHT - 90) if picture.getpixel((x, y)) == line]
        return sum(ys) / len(ys)

    right = 1080 - 60
    assert line_height(rising, right) < line_height(rising, 180)    # higher on screen at the end
    assert line_height(falling, right) > line_height(falling, 180)


def test_axis_ticks_are_round_numbers_inside_the_range():
    assert ticks(-3.2, 41.7) == [0, 10, 20, 30, 40]
    assert ticks(0.5, 1.4) == [0.6, 0.8, 1.0, 1.2, 1.4]
    assert all(-3.2 <= v <= 41.7 for v in ticks(-3.2, 41.7))


@pytest.mark.parametrize("locale", ["en", "it"])
def test_the_bracket_shows_every_round_every_name_whole_and_who_went_through(locale):
    from render.bracket import paint_bracket
    from tests.render.gallery import bracket_rounds
    from tests.support.names import NAMES as EVERY_SCRIPT

    picture = paint_bracket("Spring", bracket_rounds(), EVERY_SCRIPT[13], locale)
    assert picture.width == WIDTH and picture.height <= tallest(WIDTH) and illegible(picture) == []
    labels = picture.info["labels"]
    assert not any(label.cut for label in labels)
    drawn = "".join(label.text for label in labels).replace(" ", "")
    assert [n for n in EVERY_SCRIPT[:17] if n.replace(" ", "") not in drawn] == []
    through, champion = ("through", "champion") if locale == "en" else ("passa", "campione")
    texts = [label.text for label in labels]
    assert texts.count(through) == 5 and texts.count(champion) == 1       # two of each decided table, the bye
    assert ("Final" if locale == "en" else "Finale") in texts
    assert ("Table 3 · being played" if locale == "en" else "Tavolo 3 · in corso") in texts


def test_a_bracket_too_tall_for_a_phone_leaves_out_its_earliest_rounds_and_says_so():
    from render.bracket import BracketRound, BracketSeat, BracketTable, paint_bracket

    def round_of(number, tables):
        return BracketRound(number, tables == 1, tuple(
            BracketTable(tuple(BracketSeat(f"Player {number}.{t}.{s}", "through" if s < 2 else None)
                               for s in range(4)), t + 1) for t in range(tables)))

    rounds = [round_of(1, 16), round_of(2, 8), round_of(3, 4), round_of(4, 2), round_of(5, 1)]
    picture = paint_bracket("Spring", rounds, "Player 5.0.0", "en")
    texts = [label.text for label in picture.info["labels"]]
    assert picture.height <= tallest(WIDTH) and illegible(picture) == []
    assert "The first 2 rounds are listed under the picture" in texts
    assert "Round 3" in texts and "Round 2" not in texts and "Final" in texts
