"""Secrets stay secret: the cards drawn, kept and held, the decks' order, the third card discarded face down, and
(by default) everybody's prestige reach only the seat entitled to them."""

import random

import pytest

from engine.core.conformance import check_hidden
from engine.notre_dame import GAME

from .builders import RED, YELLOW, acting, at, play, quarter


def playout(seats, seed, public=False):
    rng = random.Random(seed)
    s = GAME.new_game({"public_prestige": public}, seats, seed)
    while active := GAME.active_seats(s):
        seat = rng.choice(sorted(active))
        action = rng.choice(GAME.legal_actions(s, seat))
        yield s, seat, action
        s, _ = GAME.apply(s, seat, action)


@pytest.mark.parametrize("seats, public", [(2, False), (3, True), (5, False)])
def test_public_and_other_views_do_not_change_with_hidden_information_on_real_matches(seats, public):
    """Perturb what is hidden (decks, a kept card, prestige when hidden) at every step of a seeded match: the
    public table and every seat not entitled see exactly the same views, options, prompts and events."""
    probe = random.Random(seats)
    checked = 0
    for s, seat, action in playout(seats, seed=seats, public=public):
        after, events = GAME.apply(s, seat, action)
        checked += check_hidden(GAME, s, seats, probe, seat=seat, action=action, events=events)
    assert checked > 100


def test_nobody_sees_another_seats_hand_offer_or_deck():
    for s, _, _ in playout(4, seed=3):
        for viewer in (None, 0, 1, 2, 3):
            view = GAME.view(s, viewer)
            for p in view.players:
                if p.seat != viewer:
                    assert p.hand is None and p.offer is None
            dumped = view.model_dump_json()
            for other in s.players:
                if other.seat != viewer:
                    for card in other.hand + other.offer + other.deck:
                        assert card not in dumped


def test_prestige_is_hidden_by_default_and_shown_to_its_owner():
    """002, "Residenza": "i punti prestigio non devono rimanere visibili a tutti; possono, ad esempio, essere
    impilati, in modo che gli avversari non li possano contare"."""
    s = quarter(acting(3, {RED: ["residence", "bank", "inn"]}), RED, residence=2)
    s, events = play(s, "play residence")
    assert GAME.view(s, RED).player(RED).prestige == 3
    assert GAME.view(s, None).player(RED).prestige is None and GAME.view(s, YELLOW).player(RED).prestige is None
    assert GAME.view(s, YELLOW).player(RED).earned is None
    gained = [e for e in events if e.key.endswith(".prestige")]
    assert [e.audience for e in gained] == [frozenset({RED})]
    assert gained[0].text() == "Red gains 3 prestige: 3 in all."  # no Park, no word of it


def test_a_casual_table_shows_everybodys_prestige():
    s = quarter(acting(3, {RED: ["residence", "bank", "inn"]}, public=True), RED, residence=2)
    s, events = play(s, "play residence")
    assert GAME.view(s, None).player(RED).prestige == 3 and GAME.view(s, YELLOW).player(RED).earned == {
        "residence": 3}
    assert [e.audience for e in events if e.key.endswith(".prestige")] == [None]


def test_the_final_score_shows_every_prestige():
    s = acting(2, {RED: ["residence", "bank", "inn"]})
    s.round = 9
    s.phase = "actions"
    for _ in range(4):
        s = at(s, f"idle {s.player(next(iter(GAME.active_seats(s)))).hand[0].split(':')[1]}")
    while GAME.active_seats(s):
        seat = min(GAME.active_seats(s))
        s = at(s, (seat, GAME.legal_actions(s, seat)[-1].notation()))
    assert s.phase == "over" and GAME.view(s, None).player(YELLOW).prestige is not None


def test_the_third_card_is_discarded_unseen():
    """"questa terza carta viene giocata, senza avere alcun effetto, nascosta sotto la seconda carta (in modo che
    nessuno possa vederla!)": two tables that differ only in Red's third card look the same to everybody."""
    tables = []
    for third in ("inn", "hospital"):
        s = acting(2, {RED: ["residence", "bank", third], YELLOW: ["park", "hospital", "bank"]})
        tables.append(at(s, "idle residence", "idle park", "idle bank", "idle hospital"))
    assert tables[0].phase == "persons"
    for viewer in (None, RED, YELLOW):
        views = [GAME.view(s, viewer) for s in tables]
        assert views[0] == views[1]
        assert views[0].player(RED).played == ["residence", "bank"]
