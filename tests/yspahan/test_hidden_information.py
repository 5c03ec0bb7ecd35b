"""Secrets: a hand is seen by its owner only (its size by all), the deck's order and the dice still to be rolled by
nobody; a drawn card is named only to its drawer; while a card is played the others read only that a card is being
played (004, "Carte"; docs/rules/yspahan.md, "Hidden information")."""

import json
import random

from engine.yspahan import GAME

from .builders import BLUE, GREEN, at, blank, hand, play, rolled


def test_views_show_a_hand_to_its_owner_only_and_its_size_to_all():
    s = blank(3)
    hand(s, BLUE, "gold3", "swap")
    hand(s, GREEN, "nogold")
    for viewer in (None, BLUE, GREEN, 2):
        view = GAME.view(s, viewer)
        assert [p.card_count for p in view.players] == [2, 1, 0]
        assert view.players[BLUE].hand == (["swap", "gold3"] if viewer == BLUE else None)
        assert view.players[GREEN].hand == (["nogold"] if viewer == GREEN else None)


def test_no_view_holds_the_deck_order_or_the_rng():
    s = blank(4)
    text = GAME.view(s, None).model_dump_json()
    assert json.loads(text)["deck"] == 18
    assert str(s.rng) not in text and "rng" not in json.loads(text)
    for seat in range(4):
        assert str(s.rng) not in GAME.view(s, seat).model_dump_json()


def test_a_drawn_card_is_named_to_its_drawer_only():
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    top = s.deck[-1]
    s, events = play(s, "take camel", "draw")
    named = [e for e in events if top in json.dumps(e.to_json())]
    assert named and all(e.audience == frozenset({BLUE}) for e in named)
    assert GAME.view(s, BLUE).players[BLUE].hand == [top] and GAME.view(s, GREEN).players[BLUE].hand is None


def test_while_a_card_is_played_the_others_read_only_that_a_card_is_being_played():
    s = rolled(blank(3, first=BLUE), 1, 1, 2, 3, 4, 5, 6, 6, 6)
    s.players[BLUE].gold = 5
    hand(s, BLUE, "goldpoints")
    s = at(s, "cards", "play goldpoints")
    own = GAME.view(s, BLUE).question_for(BLUE).text("en")
    public = GAME.view(s, GREEN).question_for(BLUE).text("en")
    assert "Gold for points" in own
    assert public == "Blue is playing a card."
    assert "goldpoints" not in json.dumps([wait.question for wait in GAME.view(s, None).awaiting])


def test_nothing_the_others_see_depends_on_a_hand_on_a_real_match():
    """Other cards in an idle player's hand, another deck order and other dice to come change no public view and
    no other player's view, legal moves or questions (the conformance checker does the same at every step)."""
    s, rng, probe = GAME.new_game(None, 4, 9), random.Random(9), random.Random(-9)
    compared = 0
    while GAME.active_seats(s):
        other, entitled = GAME.perturb_hidden(s, probe)
        for viewer in (None, *(x for x in range(4) if x not in entitled)):
            assert GAME.view(other, viewer) == GAME.view(s, viewer)
            if viewer is not None:
                assert GAME.legal_actions(other, viewer) == GAME.legal_actions(s, viewer)
        compared += 1
        seat = min(GAME.active_seats(s))
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert compared > 300
