"""Notre Dame's pictures: what each shows, to whom, legibly on a phone, and within Discord's limits."""

from __future__ import annotations

import random

import pytest

import render
from engine.notre_dame import GAME
from render.kit import MAX_BYTES, illegible
from render.notre_dame import render_board, render_final, render_focus, render_hand
from tests.render.conftest import png_image
from tests.render.gallery import board_problems

from .scenes import SCENES, after, finished

PUBLIC = ("draft", "carriage", "two_players", "game_over")


def playout(players, seed, public):
    """Every state of a seeded random match."""
    s, rng = GAME.new_game({"public_prestige": public}, players, seed), random.Random(seed)
    while active := GAME.active_seats(s):
        yield s
        seat = min(active)
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    yield s


def texts(image) -> str:
    """Every text of a picture, one after the other (a wrapped sentence reads whole)."""
    return " ".join(label.text for label in image.info["labels"])


@pytest.mark.parametrize("scene", PUBLIC)
@pytest.mark.parametrize("locale", ["en", "it"])
def test_board_and_focus_are_legible_on_a_phone_and_fit_discord(scene, locale):
    view = GAME.view(SCENES[scene](), None)
    board, focus = render_board(view, locale=locale), render_focus(view, locale=locale)
    assert board_problems(board) == []
    assert illegible(focus) == [], illegible(focus)[:5]
    assert len(render.kit.encode(board)) <= MAX_BYTES and len(render.kit.encode(focus)) <= MAX_BYTES
    assert focus.width == 1080


@pytest.mark.parametrize("locale", ["en", "it"])
def test_hand_and_final_are_legible_on_a_phone(locale):
    for seat in range(4):
        image = render_hand(GAME.view(SCENES["draft"](), seat), locale=locale)
        assert illegible(image) == [] and image.width == 1080
    image = render_final(GAME.view(SCENES["game_over"](), None), locale=locale)
    assert illegible(image) == []


def test_the_board_names_the_round_the_persons_and_every_player_in_the_players_language():
    view = GAME.view(SCENES["carriage"](), None)
    english, italian = texts(render_board(view)), texts(render_board(view, locale="it"))
    assert f"Round {view.round} of 9 · period {view.period}" in english
    assert f"Round {view.round} di 9 · passaggio {view.period}" in italian
    for person in view.persons:
        name = GAME.describe_action(SCENES["carriage"](), 0, GAME.parse_action(f"pay {person.id}"))
        assert name.text("en") in english and name.text("it") in italian
    for colour, italian_name in (("Red", "Rosso"), ("Yellow", "Giallo"), ("Purple", "Violetto")):
        assert colour in english and italian_name in italian


def test_during_the_draft_the_table_shows_who_is_choosing_never_what():
    s = SCENES["draft"]()
    view = GAME.view(s, None)
    choosing = [p for p in view.players if p.choosing]
    assert choosing and len(choosing) < 4
    board = texts(render_board(view))
    assert "Still choosing a card: " in board
    for p in s.players:
        for card in p.hand + p.offer:
            name = GAME.describe_action(s, p.seat, GAME.parse_action(f"keep {card.split(':')[1]}")).text("en")
            assert f"played: {name.removeprefix('Keep ')}" not in board


def test_a_hand_shows_its_owners_cards_to_keep_and_kept():
    s = SCENES["draft"]()
    for p in s.players:
        image = render_hand(GAME.view(s, p.seat))
        words = texts(image)
        assert ("Keep one of these:" in words) == bool(p.offer)
        shown = [label.text for label in image.info["labels"]]
        for card in p.offer + p.hand:
            label = GAME.describe_action(s, p.seat, GAME.parse_action(f"play {card.split(':')[1]}")).text("en")
            assert label in shown


def test_pictures_are_drawn_only_from_the_views_they_are_for():
    s = SCENES["draft"]()
    for painter in (render_board, render_focus):
        with pytest.raises(ValueError):
            painter(GAME.view(s, 0))
    with pytest.raises(ValueError):
        render_hand(GAME.view(s, None))
    with pytest.raises(ValueError):
        render_final(GAME.view(s, None))


def test_hidden_prestige_is_a_question_mark_and_public_prestige_a_number():
    hidden = texts(render_board(GAME.view(after(3, 2, 120), None)))
    shown = texts(render_board(GAME.view(after(3, 2, 120, public=True), None)))
    assert "?" in hidden.split(" ") and "?" not in shown.split(" ")


def test_the_final_score_lists_players_best_first_with_their_prestige_by_source():
    s = finished(3, 6)
    result = GAME.outcome(s)
    image = render_final(GAME.view(s, None))
    names = [label.text for label in image.info["labels"] if label.text in ("Red", "Yellow", "Green")]
    assert names == [("Red", "Yellow", "Green")[seat] for seat in result.ranking]
    shown = [label.text for label in image.info["labels"]]
    for source in ("Residence", "Donations", "Notre Dame", "Messages", "Persons", "Park", "Plague"):
        assert shown.count(source) == 3, source  # on every player's card


def test_a_tie_broken_by_money_and_cubes_is_explained_on_the_final_score():
    s = finished(2, 1)
    for p in s.players:
        p.prestige, p.earned = 20, {"residence": 20}
    s.players[0].coins, s.players[0].supply, s.players[1].coins, s.players[1].supply = 4, 1, 1, 1
    words = texts(render_final(GAME.view(s, None)))
    assert "Tie on prestige: decided by the most coins plus cubes in the personal supply." in words
    assert "Winner: Red" in words
    tiebreak = "Coins + cubes in supply, which broke the tie"
    assert f"{tiebreak} 5" in words and f"{tiebreak} 2" in words


@pytest.mark.parametrize(("players", "public"), [(2, False), (3, True), (5, False)])
def test_public_pictures_of_real_matches_do_not_change_with_hidden_information(players, public):
    """Non-interference: tables that differ only in what the public cannot see draw the same board and focused
    picture; a player's hand changes only for the player entitled to it."""
    rng = random.Random(players)
    drawn = 0
    state = None
    for index, state in enumerate(playout(players, 40 + players, public)):
        if index % 17:
            continue
        view = GAME.view(state, None)
        board, focus = render_board(view).tobytes(), render_focus(view).tobytes()
        other, entitled = GAME.perturb_hidden(state, rng)
        assert render_board(GAME.view(other, None)).tobytes() == board, index
        assert render_focus(GAME.view(other, None)).tobytes() == focus, index
        reader = index % players
        if reader not in entitled and GAME.active_seats(state):
            assert render.hand_png(GAME.view(other, reader)) == render.hand_png(GAME.view(state, reader))
        drawn += 1
    assert drawn > 5 and state is not None
    assert png_image(render.final_png(GAME.view(state, None))).width > 0


def test_the_table_keeps_room_below_the_tallest_picture_a_phone_shows_whole():
    """Five players, the city beside the persons, both languages: the table stays HEADROOM below the phone's
    limit (2,337 px at 1080 wide), so that a longer name or event than these still leaves it whole."""
    from render.kit import tallest
    from render.notre_dame.focus import HEADROOM
    from tests.render.gallery import match_pictures

    tables = [p for players in (4, 5) for p in match_pictures("notre-dame", players) if p.kind == "table"]
    assert tables and max(p.image.height for p in tables) <= tallest(1080) - HEADROOM
