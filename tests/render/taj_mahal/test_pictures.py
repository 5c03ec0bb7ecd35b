"""Taj Mahal pictures: public pictures from the public view only, a hand from its owner's view, every text
legible at a third of the size in English and Italian, every picture within Discord's limit."""

from __future__ import annotations

import pytest

import render
from engine.taj_mahal.board import board
from engine.taj_mahal.vocab import SP_POINTS
from render.kit import MAX_BYTES, illegible
from render.taj_mahal import render_board, render_final, render_focus, render_hand
from render.taj_mahal.focus import WIDTH
from tests.render.conftest import png_image
from tests.render.gallery import board_problems

from . import fixtures

PUBLIC = sorted(fixtures.PUBLIC)


def labels(image) -> list[str]:
    return [label.text for label in image.info["labels"]]


@pytest.mark.parametrize("painter", [render_board, render_focus])
def test_a_players_own_view_is_refused(painter):
    with pytest.raises(ValueError, match="public view"):
        painter(fixtures.hand_with_a_pick())


def test_a_hand_needs_its_owners_view_and_a_score_a_finished_game():
    with pytest.raises(ValueError):
        render_hand(fixtures.mid_visit())
    with pytest.raises(ValueError):
        render_final(fixtures.mid_visit())


@pytest.mark.parametrize("name", PUBLIC)
@pytest.mark.parametrize("locale", ["en", "it"])
def test_every_text_stays_legible_on_a_phone(name, locale):
    view = fixtures.PUBLIC[name]()
    assert board_problems(render_board(view, locale=locale)) == []
    assert illegible(render_focus(view, locale=locale)) == []


@pytest.mark.parametrize("locale", ["en", "it"])
def test_hand_and_score_stay_legible(locale):
    assert illegible(render_hand(fixtures.hand_with_a_pick(), locale=locale)) == []
    assert illegible(render_final(fixtures.game_over(), locale=locale)) == []


@pytest.mark.parametrize("name", PUBLIC)
def test_pictures_fit_discord_and_phones(name):
    view = fixtures.PUBLIC[name]()
    for data in (render.board_png(view, "it"), render.focus_png(view, "it")):
        assert data is not None and len(data) <= MAX_BYTES
    assert png_image(render.focus_png(view)).width == WIDTH


def test_the_board_names_every_city_and_province_the_focus_only_the_cities_visited_now():
    view = fixtures.mid_visit()
    on_board, on_focus = labels(render_board(view)), labels(render_focus(view))
    the_board = board(12)
    for city in the_board.cities:
        name = city.replace("_", " ").title()[:8]
        assert any(text.startswith(name) for text in on_board), city
        if city in the_board.provinces:
            continue  # Kabul, Multan, Lahore... name their province too
        in_focus = any(text.startswith(name) for text in on_focus)
        assert in_focus == (the_board.province_of[city] == "allahabad"), city
    for province in the_board.provinces:
        assert province.title() in on_board


@pytest.mark.parametrize("locale, words", [("en", "Brown, your turn in Allahabad"),
                                           ("it", "Marrone, tocca a te in Allahabad")])
def test_whose_step_it_is_is_written_with_their_question(locale, words):
    for painter in (render_board, render_focus):
        assert any(words in text for text in labels(painter(fixtures.mid_visit(), locale=locale)))


def test_the_hand_shows_its_cards_the_pick_and_what_it_would_score():
    image = render_hand(fixtures.hand_with_a_pick())
    texts = labels(image)
    assert any(t.startswith("Red · 3") for t in texts) and any(t.startswith("White · 2") for t in texts)
    assert any("Picked to play: Elephant + Vizier (red)" in t for t in texts)
    assert any("+2 points card" in t for t in texts)
    assert SP_POINTS in fixtures.hand_with_a_pick().players[0].specials


def test_the_final_score_lists_players_best_first_and_carletto_beside():
    texts = labels(render_final(fixtures.game_over()))
    assert "Taj Mahal · Final score" in texts and "Bonus tiles" in texts
    view = fixtures.game_over()
    names = [t for t in texts if t in ("Blue", "Orange", "Black")]
    expected = [("Blue", "Orange", "Black")[s] for s in view.score.ranking]
    assert names == expected


def test_a_shared_victory_is_said():
    view = fixtures.game_over()
    view.score.shared = True
    assert any("shared" in t for t in labels(render_final(view)))


def test_python_m_render_sample_draws_a_match(tmp_path, capsys):
    from render.__main__ import main

    assert main(["sample", "taj-mahal", "--players", "3", "--seed", "2", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "hand.png" in names and "final.png" in names and "board-final.png" in names
    assert sum(n.startswith("focus-") for n in names) >= 3
    for name in names:
        assert png_image((tmp_path / name).read_bytes()).width >= 1000
