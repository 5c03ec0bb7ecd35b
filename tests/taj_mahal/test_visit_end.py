"""The end of a visit and the next one, 001_f0a91e4b7c938d9d.txt "La tappa successiva" and "Le carte speciali"."""

from engine.taj_mahal.flow import Ctx
from engine.taj_mahal.visit import end_visit
from engine.taj_mahal.vocab import CROWN, FORCES, PROVINCE_TILE, SP_COLOUR, SP_MOGUL, SP_POINTS

from .builders import active, asked, cities, keys, options, play, player, table


def ended(s):
    """Everybody out of the visit, then its end."""
    for p in s.players:
        p.out = True
    s.tasks = []
    ctx = Ctx(s)
    end_visit(ctx)
    return s, ctx.events


def test_two_identical_influence_tiles_buy_the_special_card_from_the_table():
    """"i giocatori che hanno due tessere influenza identiche devono rimetterle sulla corrispondente pila ...
    e ricevono in cambio la carta speciale influenza corrispondente" (two Princesses: "+2 punti")."""
    s = table(3)
    player(s, 1).influence = ["princess", "princess"]
    s, events = ended(s)
    assert player(s, 1).influence == [] and player(s, 1).specials == [SP_POINTS]
    assert SP_POINTS not in s.specials_table and s.supply["princess"] == 5 + 2
    assert "special_taken" in keys(events)


def test_or_from_the_player_who_held_it():
    """"Il giocatore prende la carta influenza dal tavolo, se si trova ancora lì, oppure dal giocatore che la
    controllava"."""
    s = table(3)
    s.specials_table.remove(SP_COLOUR)
    player(s, 0).specials = [SP_COLOUR]
    player(s, 2).influence = ["monk", "monk", "vizier"]
    s, events = ended(s)
    assert player(s, 0).specials == [] and player(s, 2).specials == [SP_COLOUR]
    assert player(s, 2).influence == ["vizier"]
    assert "special_taken_from" in keys(events)


def test_the_second_tile_is_returned_even_when_the_card_is_already_held():
    """"se un giocatore dovesse vincere la sua seconda tessera influenza di un tipo e ha già la corrispondente
    carta speciale, dovrà comunque restituire le due tessere (senza altri effetti)"."""
    s = table(3)
    s.specials_table.remove(SP_MOGUL)
    player(s, 0).specials = [SP_MOGUL]
    player(s, 0).influence = ["vizier", "vizier"]
    s, events = ended(s)
    assert player(s, 0).influence == [] and player(s, 0).specials == [SP_MOGUL]
    assert "tiles_returned" in keys(events)


def test_an_unwon_province_tile_and_unclaimed_bonus_tiles_leave_the_game():
    """"Se la tessera provincia non è stata vinta da nessuno, deve essere posta fuori dal gioco"; "Le tessere
    bonus della provincia non assegnate, vengono eliminate dal gioco"."""
    s = table(3)
    province = s.province()
    forts = [c for c in cities(s) if c in s.bonus]
    assert forts
    s, events = ended(s)
    assert s.out_of_game == [1]
    assert not any(c in s.bonus for c in forts)
    assert "province_unwon" in keys(events) and "bonus_unclaimed" in keys(events)
    assert s.province() != province


def test_the_next_visit():
    """"Date l'indicatore del giocatore iniziale al giocatore seguente in senso orario", the next province,
    the court refilled ("Rimpiazzate le tessere influenza ... Rimettete la corona"), a new display."""
    s = table(4, start=2)
    s.court = ["general", PROVINCE_TILE]
    player(s, 0).influence = ["vizier"]
    player(s, 1).influence = ["monk", "princess"]
    player(s, 3).hand = []
    s.display = ["red-ee"]   # a card left over (possible with dummies) is discarded
    discards = len(s.discard)
    s, _ = ended(s)
    assert s.visit == 2 and s.tiles[s.province()] == 2
    assert s.start == 3 and s.order == [3, 0, 1, 2]
    assert s.court == [*FORCES, CROWN, PROVINCE_TILE]
    assert s.supply == {"vizier": 4, "general": 5, "monk": 4, "princess": 4}
    assert len(s.display) == 7 and len(s.discard) == discards + 1
    assert all(not p.out and p.played == [] and p.visit_colour is None for p in s.players)


def test_the_deck_is_made_again_from_the_discards():
    """"quando il mazzo finisce, mescolate bene la pila degli scarti per formare il nuovo mazzo"."""
    s = table(3)
    s.discard += s.deck[3:]
    s.deck = s.deck[:3]
    s, events = ended(s)
    assert len(s.display) == 5 and "reshuffled" in keys(events)
    assert len(s.deck) + len(s.display) + len(s.discard) + sum(len(p.hand) for p in s.players) == 96


def test_the_match_ends_after_the_twelfth_visit():
    """"Il gioco termina quando la dodicesima visita è stata completata"; the cards in hand score, "incluse le
    carte prese dalla riserva comune dopo essersi ritirato nell'ultima visita"."""
    s = table(3)
    s.visit = 12
    s.tiles = {p: (12 if p == "agra" else n) for p, n in s.tiles.items()}
    player(s, 0).hand = ["white-e", "red-ee", "red-ev", "yellow-ee"]
    s, events = ended(s)
    assert s.phase == "over" and "game_over" in keys(events)
    assert player(s, 0).points == {"end_white": 1, "end_colour": 2}


def test_turn_order_goes_clockwise_skipping_who_withdrew():
    s = table(4, start=1, hands={i: ["red-ee", "red-ev"] for i in range(4)})
    assert active(s) == 1
    s, _ = play(s, "play red-ee", "play red-ee")
    assert active(s) == 3
    s, _ = play(s, "withdraw")
    while asked(s) == "take":
        s, _ = play(s, options(s)[0])
    assert active(s) == 0
    s, _ = play(s, "play red-ee", "play red-ev", "play red-ev")
    assert active(s) == 0 and [p.index for p in s.players if p.out] == [3]


def test_the_headline_says_the_visit_the_province_and_whose_move():
    from engine.core.messages import translate
    from engine.taj_mahal import GAME

    s = table(3, start=1)
    province = translate(f"taj_mahal.province.{s.province()}")
    assert GAME.headline(s).text("en") == f"Visit 1 of 12 · {province} · Orange to move"
    assert GAME.headline(s).text("it") == f"Visita 1 di 12 · {province} · tocca ad Arancione"  # "ad" before the same vowel
    s, _ = ended(s)
    s.visit = 12
    s.phase = "over"
    assert GAME.headline(s).text("en") == "The match is over after 12 visits"
