"""Phase 2, the draft (002, "Fase 2: Scelta delle carte azione"): everybody keeps one of their own three cards and
passes two to the left at the same time, keeps one of the two received and passes the other on, and takes the
last one passed. Everybody chooses privately at the same time; the round waits for all."""

import itertools

import pytest

from engine.core.errors import NotYourTurn
from engine.notre_dame import GAME
from engine.notre_dame.state import colour_of, kind_of

from .builders import keys, new, play


def first(s, seat):
    return kind_of(s.player(seat).offer[0])


def draft_all(s, order=None):
    """Everybody keeps the first card offered, in the given seat order, twice."""
    for _ in range(2):
        for seat in order or range(s.seats):
            s, _ = play(s, (seat, f"keep {first(s, seat)}"))
    return s


def test_everybody_chooses_at_once_and_the_round_waits_for_the_last():
    s = new(4, seed=2)
    assert GAME.active_seats(s) == {0, 1, 2, 3}
    s, _ = play(s, (2, f"keep {first(s, 2)}"))
    assert GAME.active_seats(s) == {0, 1, 3}
    assert GAME.legal_actions(s, 2) == [] and GAME.prompt(s, 2) is None
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 2, f"keep {kind_of(s.player(2).deck[0])}")
    for seat in (3, 0):
        s, _ = play(s, (seat, f"keep {first(s, seat)}"))
    assert s.phase == "draft" and [len(p.offer) for p in s.players] == [2, 3, 2, 2]  # nothing passed yet
    s, events = play(s, (1, f"keep {first(s, 1)}"))
    assert GAME.active_seats(s) == {0, 1, 2, 3}  # the second choice, all at once again
    assert all(len(p.offer) == 2 for p in s.players)
    assert keys(events).count("received") == 4


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_hands_hold_one_card_of_your_colour_one_of_your_right_neighbour_and_one_from_two_seats_right(seats):
    """"una del proprio colore, una del colore del vicino di destra e una del colore del giocatore seduto a due
    giocatori di distanza a destra"."""
    s = draft_all(new(seats, seed=seats))
    assert s.phase == "actions"
    for p in s.players:
        right, two_right = (p.seat - 1) % seats, (p.seat - 2) % seats
        assert [colour_of(x) for x in p.hand] == [p.colour, s.player(right).colour, s.player(two_right).colour]


def test_two_players_pass_two_cards_and_get_one_back():
    """"nella 2° fase i giocatori passano ... due delle loro tre carte all'avversario. Una di queste carte,
    tuttavia, verrà loro restituita ... due delle proprie carte e una carta del colore dell'avversario"."""
    s = new(2, seed=4)
    drawn = {p.seat: list(p.offer) for p in s.players}
    s = draft_all(s)
    for p in s.players:
        other = s.player(1 - p.seat)
        assert [colour_of(x) for x in p.hand] == [p.colour, other.colour, p.colour]
        assert set(p.hand) - {p.hand[1]} <= set(drawn[p.seat])


def test_the_order_of_the_choices_does_not_matter():
    """The passing happens "contemporaneamente": whoever clicks first changes nothing."""
    results = set()
    for order in itertools.permutations(range(3)):
        s = draft_all(new(3, seed=9), order)
        results.add(tuple(tuple(p.hand) for p in s.players))
    assert len(results) == 1


def test_no_seat_sees_another_seats_cards_or_choices():
    """Hidden information: the cards drawn, kept and passed reach only the seat holding them."""
    s = new(3, seed=1)
    s, events = play(s, (0, f"keep {first(s, 0)}"))
    for viewer in (None, 1, 2):
        view = GAME.view(s, viewer)
        assert view.player(0).hand is None and view.player(0).offer is None
        assert view.player(0).choosing is False and view.player(1).choosing is True
        assert all(e.audience is None or e.audience == frozenset({0}) for e in events)
        seen = " ".join(e.text() for e in events if e.visible_to(viewer))
        assert seen == "Red has kept one of their three cards."
    mine = GAME.view(s, 0).player(0)
    assert len(mine.hand) == 1 and len(mine.offer) == 2
    public = GAME.view(s, None).question_for(1)
    assert public.text() == "Yellow is choosing a card."
    own = GAME.view(s, 1).question_for(1).text()
    assert own.startswith("Yellow: keep one of your three cards (") and "the other two go to Green" in own


def test_what_you_receive_is_told_only_to_you():
    s = new(3, seed=1)
    for seat in range(3):
        s, events = play(s, (seat, f"keep {first(s, seat)}"))
    received = [e for e in events if e.key.endswith(".received")]
    assert [sorted(e.audience) for e in received] == [[0], [1], [2]]
    assert all(e.reveals for e in received)


def test_the_draft_is_one_turn_for_each_player_until_the_last_card_arrives():
    """The bot announces a turn once: the draft's second pass and the wait for the others belong to the turn that
    began with the round, and the first card played afterwards is a new turn."""
    s = new(3, seed=4)
    assert all(GAME.turn_goes_on(s, seat) for seat in range(3))
    for seat in range(3):
        s, _ = play(s, (seat, f"keep {first(s, seat)}"))
        assert all(GAME.turn_goes_on(s, other) for other in range(3))  # chosen, or still choosing: the same turn
    for seat in range(2):
        s, _ = play(s, (seat, f"keep {first(s, seat)}"))
    assert GAME.turn_goes_on(s, 0)
    s, _ = play(s, (2, f"keep {first(s, 2)}"))
    assert s.phase == "actions" and not any(GAME.turn_goes_on(s, seat) for seat in range(3))
