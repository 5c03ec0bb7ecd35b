"""Withdrawing, 001_f0a91e4b7c938d9d.txt "Ritirarsi", "Prosecuzione della tappa", and its four-player example."""

from engine.taj_mahal.vocab import CROWN, PROVINCE_TILE

from .builders import active, asked, cities, go, keys, options, play, played, player, table, take_all

CHIARA, ANDREA, MATTEO, MICHELE = range(4)


def example():
    """The example's table as Chiara is to move: Chiara 3 Elephants; Andrea the most Viziers; Matteo and
    Michele level on Princess and General, Michele ahead on Monk and Grand Mogul."""
    s = table(4, hands={MATTEO: ["green-ee"]})
    played(s, CHIARA, "red-ee", "red-ev")
    played(s, ANDREA, "yellow-ev", "yellow-vm")
    played(s, MATTEO, "green-ep", "green-eg")
    played(s, MICHELE, "purple-mc", "purple-gp")
    return go(s, CHIARA)


def test_the_four_player_example():
    """Chiara withdraws with 3 Elephants and takes the province tile; Andrea wins the Vizier; Matteo plays
    on "nella speranza che Michele si ritiri e rimanga quindi con la Principessa e con il Generale"; Michele
    takes the Monk and the crown and builds two palaces; Matteo then takes the Princess and the General."""
    s = example()
    s, _ = play(s, (CHIARA, "withdraw"))
    assert player(s, CHIARA).provinces == [1] and PROVINCE_TILE not in s.court
    assert player(s, CHIARA).influence == []
    s = take_all(s)
    s, _ = play(s, (ANDREA, "withdraw"))
    assert player(s, ANDREA).influence == ["vizier"]
    assert asked(s) == "palace"
    s, _ = play(s, options(s)[0])
    s = take_all(s)
    s, _ = play(s, (MATTEO, "play green-ee"))
    s, _ = play(s, (MICHELE, "withdraw"))
    assert player(s, MICHELE).influence == ["monk"] and CROWN not in s.court
    s, _ = play(s, options(s)[0])
    assert asked(s) == "crown"
    s, _ = play(s, options(s)[0])
    assert len(s.cities_of(MICHELE)) >= 1 and sum(o == MICHELE for o in s.crown_palaces.values()) == 1
    s = take_all(s)
    s, _ = play(s, (MATTEO, "withdraw"))
    assert player(s, MATTEO).influence == ["general", "princess"]


def test_ties_win_nothing():
    """"Se il numero di simboli è minore o uguale non si ottiene nulla!"."""
    s = example()
    s, events = play(s, (CHIARA, "withdraw"))
    s = take_all(s)
    s, _ = play(s, (ANDREA, "withdraw"), "city " + cities(s)[0])
    s = take_all(s)
    s, _ = play(s, (MATTEO, "withdraw"))  # before Michele: Princess and General are level
    assert player(s, MATTEO).influence == []


def test_only_players_still_in_the_visit_count():
    """"Gli scarti non hanno alcuna influenza sulla provincia e quindi eventuali situazioni di parità vengono
    risolte sempre in favore dei giocatori rimanenti"."""
    s = table(3)
    played(s, 0, "red-ee", "red-ev")
    played(s, 1, "yellow-ee", "yellow-ee")
    played(s, 2, "green-ec")
    s = go(s, 1)
    s, _ = play(s, (1, "withdraw"))  # 4 Elephants against 3: the province tile
    s = take_all(s)
    s, _ = play(s, (2, "withdraw"))  # against Blue only: the crown
    assert player(s, 2).influence == [] and CROWN not in s.court
    s, _ = play(s, "city " + cities(s)[0])
    s = take_all(s)
    s, _ = play(s, (0, "withdraw"))  # alone at last: the Vizier; the province tile is gone already
    assert player(s, 0).influence == ["vizier"] and player(s, 0).provinces == []


def test_each_prize_once_per_visit():
    """"una volta che una tessera o la corona sono state vinte ... nessun altro giocatore può vincere la stessa
    tessera o la corona durante quella tappa"."""
    s = table(3)
    played(s, 0, "red-ev")
    played(s, 1, "yellow-ev", "yellow-ev")
    s = go(s, 1)
    s, _ = play(s, (1, "withdraw"), "city " + cities(s)[0])
    s = take_all(s)
    s, _ = play(s, (2, "withdraw"))
    s = take_all(s)
    s, events = play(s, (0, "withdraw"))
    assert keys(events)[0] == "withdrew_empty"


def test_a_palace_per_influence_tile_in_an_empty_city_of_the_province():
    """"piazza uno dei propri palazzi in una città vuota a sua scelta nella provincia corrente"; four
    influence tiles, four palaces: a province has room for them all (4 cities, Agra's 5)."""
    s = table(3)
    played(s, 0, "red-vg", "red-mp")
    s = go(s, 0)
    s, _ = play(s, (0, "withdraw"))
    assert player(s, 0).influence == ["vizier", "general", "monk", "princess"]
    for built in range(4):
        assert asked(s) == "palace"
        assert options(s) == [f"city {c}" for c in cities(s) if c not in s.palaces]
        assert len(options(s)) == 4 - built
        s, _ = play(s, options(s)[-1])
    assert asked(s) == "take" and len(s.cities_of(0)) == 4


def test_the_crown_palace_may_share_a_city_and_never_takes_a_bonus_tile():
    """"lo può piazzare in una città già occupata da un palazzo" and "il giocatore non prende la tessera bonus
    eventualmente ancora presente; ... la tessera rimane al suo posto finché un altro giocatore piazza un
    palazzo normale nella città"."""
    s = table(3)
    played(s, 0, "red-ec")
    played(s, 1, "yellow-vc", "yellow-ev")
    s = go(s, 0)
    fortress = next(c for c in cities(s) if c in s.bonus)
    taken = next(c for c in cities(s) if c != fortress)
    s.palaces[taken] = 2
    tile = s.bonus[fortress]
    s, _ = play(s, (0, "withdraw"))   # Blue: the crown (one Mogul against none... the other player has one)
    assert player(s, 0).influence == [] and CROWN in s.court  # level on the Grand Mogul: nothing
    s = take_all(s)
    s, _ = play(s, (1, "withdraw"))   # Orange: Vizier and crown
    s, _ = play(s, f"city {next(c for c in cities(s) if c not in s.palaces and c != fortress)}")
    assert asked(s) == "crown" and options(s) == [f"city {c}" for c in cities(s)]
    s, _ = play(s, f"city {fortress}")
    assert s.crown_palaces[fortress] == 1 and s.bonus[fortress] == tile


def test_a_normal_palace_beside_a_crown_palace_takes_the_bonus_tile():
    s = table(3)
    played(s, 0, "red-ev")
    s = go(s, 0)
    fortress = next(c for c in cities(s) if c in s.bonus)
    s.crown_palaces[fortress] = 1
    tile = s.bonus[fortress]
    s, _ = play(s, (0, "withdraw"))
    assert f"city {fortress}" in options(s)
    s, events = play(s, f"city {fortress}")
    assert fortress not in s.bonus and "palace_bonus" in keys(events)
    assert tile in player(s, 0).goods or tile in ("plus-points", "plus-card")


def test_withdrawing_at_once_draws_a_card():
    """"il giocatore non giochi alcuna carta e si ritiri al suo primo turno ... potrà pescare una carta dal
    mazzo coperto e poi potrà ancora pescare due carte dalla riserva"."""
    s = table(3, hands={0: ["red-ev"]})
    deck = len(s.deck)
    s, events = play(s, (0, "withdraw"))
    assert len(player(s, 0).hand) == 2 and len(s.deck) == deck - 1
    assert "drew.first_turn" in keys(events)
    private = [e for e in events if e.audience is not None]
    assert [e.audience for e in private] == [frozenset({0})]
    assert asked(s) == "take"


def test_two_cards_from_the_display_the_last_to_withdraw_one():
    """"prende due carte a propria scelta tra quelle poste scoperte"; "l'ultimo giocatore che si ritira
    potrà pescare dalla riserva solo una carta"."""
    s = table(3, hands={0: ["red-ev"], 1: ["yellow-ee"], 2: ["green-ee"]})
    assert len(s.display) == 5
    s, _ = play(s, (0, "withdraw"))
    for _ in range(2):
        assert asked(s) == "take"
        s, _ = play(s, options(s)[0])
    s, _ = play(s, (1, "withdraw"))
    s, _ = play(s, "take " + s.display[0])
    s, _ = play(s, "take " + s.display[0])
    s, _ = play(s, (2, "withdraw"))
    assert asked(s) == "take" and len(s.display) == 1
    s, _ = play(s, options(s)[0])
    assert s.visit == 2 and active(s) == 1  # the next start player, clockwise


def test_the_last_to_withdraw_takes_one_even_from_a_fuller_display():
    """"l'ultimo giocatore che si ritira potrà pescare dalla riserva solo una carta", whatever is left."""
    s = table(3, hands={0: ["red-ev"]})
    s.display = ["red-ee", "red-ev", "yellow-ee", "green-ee", "purple-ee"]
    for other in (1, 2):
        player(s, other).out = True
    s, _ = play(s, (0, "withdraw"))
    assert asked(s) == "take"
    s, _ = play(s, "take red-ee")
    assert s.visit == 2  # one card taken, and the visit is over
    assert len(player(s, 0).hand) == 3 and "red-ee" in player(s, 0).hand  # red-ev, the first-turn card, red-ee


def test_the_withdraw_button_says_what_withdrawing_wins_now():
    """The choice between playing on and withdrawing, read on a phone: the button names the prizes that
    withdrawing wins at this moment (the example's Chiara: the province tile; Matteo before Michele: nothing)."""
    from engine.core import Action, get_game

    game, withdraw = get_game("taj-mahal"), Action("withdraw", ())
    s = example()
    assert game.label(s, withdraw).text("en") == "Withdraw, winning the province tile"
    assert game.label(s, withdraw).text("it") == "Ritirati e vinci la tessera provincia"
    s, _ = play(s, (CHIARA, "withdraw"))
    s = take_all(s)
    s, _ = play(s, (ANDREA, "withdraw"), "city " + cities(s)[0])
    s = take_all(s)
    assert game.label(s, withdraw).text("en") == "Withdraw (winning nothing)"
