"""Secrets stay secret: the cards in a hand, the order of the deck and the card a player has picked but not yet
played reach only the player entitled to them ("non possono mai mostrare agli altri quali carte hanno in
mano", 001_f0a91e4b7c938d9d.txt). Everything played, won and taken from the display is public."""

import random

from engine.taj_mahal import GAME

from .builders import play, player, table


def test_a_hand_is_seen_by_its_owner_only():
    s = GAME.new_game({}, 4, 3)
    public = GAME.view(s, None)
    assert all(p.hand is None and p.hand_size == 6 for p in public.players)
    for seat in range(4):
        mine = GAME.view(s, seat)
        assert mine.players[seat].hand == s.players[seat].hand
        assert all(p.hand is None for p in mine.players if p.seat != seat)


def test_the_deck_shows_only_its_size():
    s = GAME.new_game({}, 3, 3)
    dumped = GAME.view(s, 0).model_dump_json()
    assert GAME.view(s, 0).deck == len(s.deck)
    assert all(f'"{card}"' not in dumped for card in set(s.deck) - set(s.display) - set(s.players[0].hand))


def test_the_picked_card_stays_private_until_it_is_played():
    s = table(3, hands={0: ["red-ev", "white-e"]})
    s, events = play(s, "play red-ev")
    assert events == []  # nothing happened yet that the table can see
    assert GAME.view(s, 0).picked == "red-ev"
    for viewer in (None, 1, 2):
        view = GAME.view(s, viewer)
        assert view.picked is None
        assert view.question_for(0).key == "taj_mahal.ask.turn_public"
        assert "red-ev" not in view.model_dump_json()


def test_a_card_drawn_from_the_deck_is_told_to_its_drawer_only():
    s = table(3, hands={0: ["red-ev"]})
    s, events = play(s, "withdraw")
    (private,) = [e for e in events if e.audience is not None]
    assert private.audience == frozenset({0}) and private.key == "taj_mahal.ev.drew_private"
    drawn = next(c for c in player(s, 0).hand if c != "red-ev")
    assert all(drawn not in str(e.params) for e in events if e.audience is None)


def test_public_views_do_not_change_with_hidden_information_on_real_playouts():
    """What `perturb_hidden` changes (hands, deck order, RNG) never shows in the public view or in the view of
    a player not entitled to it, at any step of seeded playouts of every kind of table."""
    for seats, params in ((4, {}), (2, {}), (3, {"dummies": 1})):
        rng = random.Random(seats)
        s = GAME.new_game(params, seats, 11)
        compared = 0
        while active := GAME.active_seats(s):
            perturbed = GAME.perturb_hidden(s, rng)
            if perturbed is not None:
                other, entitled = perturbed
                for viewer in [None, *(x for x in range(seats) if x not in entitled)]:
                    assert GAME.view(s, viewer) == GAME.view(other, viewer)
                compared += 1
            seat = min(active)
            s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        assert compared > 50
