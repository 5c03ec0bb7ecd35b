"""The flow of days and weeks (004, "Fine del giorno", "Fine della settimana", "Fine del gioco", "Partite con 4
giocatori")."""

import random

import pytest

from engine.yspahan import GAME
from engine.yspahan.day import reverse_order
from engine.yspahan.scoring import outcome

from .builders import BLUE, GREEN, RED, YELLOW, active, blank, cubes_in, keys, play, rolled


def pass_day(s):
    """Every player in turn takes a card with some group (or draws when none is left) and ends."""
    events = []
    day = (s.week, s.day)
    while (s.week, s.day) == day and GAME.active_seats(s):
        task = s.tasks[-1].kind
        if task == "roll":
            move = "roll 0"
        elif task == "choose":
            move = next(o.notation() for o in GAME.legal_actions(s, active(s)) if o.verb == "take")
        elif task == "use":
            move = "draw" if GAME.parse_action("draw") in GAME.legal_actions(s, active(s)) else "supervisor"
        elif task == "move":
            move = f"distance {s.tasks[-1].value}"
        elif task == "after":
            move = "end"
        else:
            move = GAME.legal_actions(s, active(s))[0].notation()
        s, new = play(s, move)
        events += new
    return s, events


def test_the_first_player_passes_left_each_day_and_the_day_marker_advances():
    """"il marker del giorno viene mosso in avanti, ed il giocatore che siede alla sinistra del primo giocatore
    diventa il nuovo primo giocatore." """
    s = blank(3, first=GREEN)
    firsts = []
    for _ in range(4):
        firsts.append((s.day, s.first))
        s, _ = pass_day(s)
    assert firsts == [(1, GREEN), (2, RED), (3, BLUE), (4, GREEN)]


def test_after_the_seventh_day_the_week_ends_and_the_next_starts():
    """"Se è finito il settimo giorno, la settimana è terminata"; "il cubo della settimana viene avanzato di una
    casella ... ed il cubo del giorno torna indietro al giorno uno. Il Supervisore viene piazzato nella casella
    centrale della strada." """
    s = blank(3, first=BLUE)
    s.day = 7
    cubes_in(s, RED, "vase-a1")
    s.supervisor = "e5"
    s, events = pass_day(s)
    assert "week_ends" in keys(events)
    assert (s.week, s.day, s.supervisor, s.first) == (2, 1, "c", GREEN)
    assert s.players[RED].points["souks"] == 4 and not s.shops


def test_the_game_ends_after_the_third_week():
    """"Il gioco termina quando finisce la terza settimana. Il giocatore con il più alto punteggio vince." """
    s = blank(3, first=BLUE)
    s.week, s.day = 3, 7
    s.players[RED].points["shipping"] = 9
    s, events = pass_day(s)
    assert keys(events)[-1] == "game_over" and not GAME.active_seats(s)
    result = GAME.outcome(s)
    assert result.ranking[0] == RED and result.winners() == [RED] and result.tiebreak_used is None


def test_ties_at_the_end_share_the_victory():
    """"In caso di pareggio, i giocatori si dividono la vittoria." """
    s = blank(3)
    s.players[BLUE].points["souks"] = s.players[RED].points["caravan"] = 30
    s.players[GREEN].points["cards"] = 12
    s.phase = "over"
    result = outcome(s)
    assert result.scores == {BLUE: 30, GREEN: 12, RED: 30}
    assert result.tiebreak_used.text("en") == "Blue, Red share the victory." and result.winners() == [BLUE, RED]
    view = GAME.view(s, None)
    assert view.score.winners == [BLUE, RED] and view.score.shared


def final_day(scores, first_on_day_6):
    s = blank(4, first=(first_on_day_6 + 1) % 4)
    s.week, s.day = 3, 6
    for seat, score in enumerate(scores):
        s.players[seat].points["souks"] = score
    s.first = first_on_day_6
    s.order = [(first_on_day_6 + i) % 4 for i in range(4)]
    return s


def test_with_four_players_the_last_day_goes_in_reverse_order_of_score():
    """"per questo ultimo giorno, i giocatori non seguono l'ordine del turno. Seguono l'ordine inverso in base al
    loro punteggio all'inizio del turno. In questo modo, il giocatore con il punteggio più basso diventa il primo
    giocatore, lancia i dadi e fa le azioni." """
    s = final_day([40, 12, 55, 30], first_on_day_6=BLUE)
    s, events = pass_day(s)
    assert (s.week, s.day) == (3, 7) and s.order == [GREEN, YELLOW, BLUE, RED]
    assert s.first == GREEN and active(s) == GREEN and "reverse_order" in keys(events)


def test_reverse_order_ties_go_to_whoever_sat_farthest_clockwise_from_day_6s_first_player():
    """"Se più giocatori hanno lo stesso punteggio, colui che era il più lontano, in senso orario dal primo
    giocatore durante il giorno 6, gioca prima." Day 6's first player was Red: clockwise Red, Yellow, Blue,
    Green; Green is the farthest."""
    s = final_day([20, 20, 20, 20], first_on_day_6=RED)
    s.first = (RED + 1) % 4  # as at the start of day 7
    assert reverse_order(s) == [GREEN, BLUE, YELLOW, RED]
    s = final_day([20, 9, 20, 20], first_on_day_6=RED)
    s.first = (RED + 1) % 4
    assert reverse_order(s) == [GREEN, BLUE, YELLOW, RED]


def test_three_players_keep_the_turn_order_on_the_last_day():
    """The reverse order is the only change for 4 players ("Partite con 4 giocatori")."""
    s = blank(3, first=BLUE)
    s.week, s.day = 3, 6
    s.players[RED].points["souks"] = 1
    s, _ = pass_day(s)
    assert s.order == [GREEN, RED, BLUE]


@pytest.mark.parametrize("seats", [3, 4])
def test_a_whole_match_has_three_weeks_of_seven_days(seats):
    s = GAME.new_game(None, seats, 5)
    rng = random.Random(5)
    days = set()
    while GAME.active_seats(s):
        days.add((s.week, s.day))
        seat = active(s)
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert days == {(w, d) for w in (1, 2, 3) for d in range(1, 8)}


def test_the_days_turns_follow_the_order_from_the_first_player():
    """"Partendo dal primo giocatore e procedendo in senso orario, ogni giocatore può fare fino a due azioni" """
    s = rolled(blank(4, first=RED), 1, 2, 3, 4, 5, 6, 1, 2, 3)
    seen = []
    while s.day == 1:
        if s.tasks[-1].kind == "choose":
            seen.append(active(s))
        s, _ = play(s, GAME.legal_actions(s, active(s))[0].notation())
    assert seen == [RED, YELLOW, BLUE, GREEN]
