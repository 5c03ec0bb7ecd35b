"""Yspahan's pictures: what each shows, to whom, legibly on a phone, and within Discord's limits."""

from __future__ import annotations

import random

import pytest

import render
from engine.yspahan import GAME
from render.kit import MAX_BYTES, encode, illegible
from render.yspahan import render_board, render_final, render_focus, render_hand
from render.yspahan.layout import check as check_layout
from tests.render.conftest import png_image
from tests.render.gallery import board_problems

from .scenes import SCENES

PUBLIC = ("placing", "keeping", "rolled", "three_players", "game_over")


def texts(image) -> str:
    """Every text of a picture, one after the other (a wrapped sentence reads whole)."""
    return " ".join(label.text for label in image.info["labels"])


def test_the_map_places_every_shop_beside_the_squares_it_faces_and_nowhere_else():
    check_layout()


@pytest.mark.parametrize("scene", PUBLIC)
@pytest.mark.parametrize("locale", ["en", "it"])
def test_board_and_focus_are_legible_on_a_phone_and_fit_discord(scene, locale):
    view = GAME.view(SCENES[scene](), None)
    board, focus = render_board(view, locale=locale), render_focus(view, locale=locale)
    assert board_problems(board) == []
    assert illegible(focus) == [], illegible(focus)[:5]
    assert len(encode(board)) <= MAX_BYTES and len(encode(focus)) <= MAX_BYTES
    assert focus.width == 1080


@pytest.mark.parametrize("locale", ["en", "it"])
def test_hand_and_final_are_legible_on_a_phone(locale):
    s = SCENES["three_players"]()
    for seat in range(3):
        image = render_hand(GAME.view(s, seat), locale=locale)
        assert illegible(image) == [] and image.width == 1080
    image = render_final(GAME.view(SCENES["game_over"](), None), locale=locale)
    assert illegible(image) == [] and image.width == 1080


def test_the_board_names_the_day_the_quarters_and_the_players_in_the_players_language():
    view = GAME.view(SCENES["placing"](), None)
    english, italian = texts(render_board(view)), texts(render_board(view, locale="it"))
    assert f"Week {view.week} of 3 · day {view.day} of 7" in english
    assert f"Settimana {view.week} di 3 · giorno {view.day} di 7" in italian
    for en, it in (("Bag", "Sacco"), ("Barrel", "Barile"), ("Chest", "Cassa"), ("Vase", "Vaso"),
                   ("Blue", "Blu"), ("Yellow", "Giallo"), ("Caravan", "Carovana")):
        assert en in english and it in italian


def test_the_focused_picture_asks_the_question_of_the_moment():
    s = SCENES["keeping"]()
    view = GAME.view(s, None)
    (seat,) = GAME.active_seats(s)
    question = GAME.prompt(s, seat)
    assert question.text("en") in texts(render_focus(view))
    assert question.text("it") in texts(render_focus(view, locale="it"))


def test_a_hand_shows_its_owners_cards_and_buildings():
    s = SCENES["three_players"]()
    for p in s.players:
        words = texts(render_hand(GAME.view(s, p.seat)))
        for card in p.cards:
            assert GAME.describe_action(s, p.seat, GAME.parse_action(f"discard {card}")).text("en") in words
        assert f"Your cards ({len(p.cards)})" in words
        for building in ("Pen", "Market", "Hammam", "Caravanserai", "Bazaar", "Hoist"):
            assert building in words


def test_pictures_are_drawn_only_from_the_views_they_are_for():
    s = SCENES["placing"]()
    for painter in (render_board, render_focus):
        with pytest.raises(ValueError):
            painter(GAME.view(s, 0))
    with pytest.raises(ValueError):
        render_hand(GAME.view(s, None))
    with pytest.raises(ValueError):
        render_final(GAME.view(s, None))


def test_the_final_score_lists_players_best_first_with_their_points_by_source():
    s = SCENES["game_over"]()
    result = GAME.outcome(s)
    image = render_final(GAME.view(s, None))
    names = [label.text for label in image.info["labels"] if label.text in ("Blue", "Green", "Red", "Yellow")]
    assert names == [("Blue", "Green", "Red", "Yellow")[seat] for seat in result.ranking]
    words = texts(image)
    kinds = (("souks", "Souks"), ("bazaar", "Bazaar bonus"), ("shipping", "Caravan places"),
             ("caravan", "Caravan scoring"), ("buildings", "Buildings"), ("cards", "Cards"))
    for seat in result.ranking:  # each card: colour, total, then every source with its points
        colour = ("Blue", "Green", "Red", "Yellow")[seat]
        parts = " ".join(f"{label} {result.breakdown[seat][kind]}" for kind, label in kinds)
        assert f"{colour} {result.scores[seat]} {parts}" in words


def test_a_shared_victory_is_named_on_the_final_score():
    s = SCENES["game_over"]()
    for p in s.players:
        p.points = {kind: 0 for kind in p.points}
        p.points["souks"] = 40 if p.seat in (1, 3) else 10
    english = texts(render_final(GAME.view(s, None)))
    italian = texts(render_final(GAME.view(s, None), locale="it"))
    assert "Winners, sharing the victory: Green, Yellow" in english
    assert "Vincono a pari merito: Verde, Giallo" in italian
    assert english.count("1 ") >= 2  # both in first place


@pytest.mark.parametrize("players, seed", [(3, 21), (4, 22)])
def test_public_pictures_never_change_with_what_is_hidden(players, seed):
    """Non-interference on a real match: another deck order, other cards in a hand, other dice to come give the
    same board and focused picture; a hand picture changes only for the player entitled to see it."""
    s, rng, probe = GAME.new_game(None, players, seed), random.Random(seed), random.Random(-seed)
    drawn = 0
    step = 0
    while active := GAME.active_seats(s):
        if step % 25 == 0:
            other, entitled = GAME.perturb_hidden(s, probe)
            for painter in (render_board, render_focus):
                assert painter(GAME.view(other, None)).tobytes() == painter(GAME.view(s, None)).tobytes(), step
            for reader in range(players):
                if reader not in entitled:
                    assert render.hand_png(GAME.view(other, reader)) == render.hand_png(GAME.view(s, reader)), step
            drawn += 1
        seat = min(active)
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        step += 1
    assert drawn > 10
    final = render.final_png(GAME.view(s, None))
    assert final is not None and png_image(final).width == 1080


def test_python_m_render_sample_draws_yspahan(tmp_path, capsys):
    from render.__main__ import main

    assert main(["sample", "yspahan", "--players", "3", "--seed", "5", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "hand.png" in names and "final.png" in names and "board-final.png" in names
    assert sum(name.startswith("focus-") for name in names) >= 3
    for name in names:
        assert len((tmp_path / name).read_bytes()) <= MAX_BYTES
