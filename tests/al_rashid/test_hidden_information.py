"""Hidden information reaches only those entitled to it (000_081cc785cafbe572.txt, "Tessere Crisi": "coperte così
che nessun giocatore possa conoscerne il valore"; "Servizi", Spie: "Guardare il valore"; decisions 12, 18, 25)."""

import json

from engine.al_rashid import GAME

from .builders import GREEN, RED, YELLOW, blank, goods, hand, mercenaries, new, play, put, resolve_from


def public_text(s, viewer=None) -> str:
    return json.dumps(GAME.view(s, viewer).model_dump(mode="json"), sort_keys=True)


def test_face_down_mercenaries_show_no_value_to_anyone():
    """000 "Tessere Crisi", Attenzione: "Il valore delle tessere mercenario così posizionate non è pubblico fino a
    quando un giocatore non prova a commerciare su quel territorio"."""
    s = new(3, seed=4)
    tiles = [x for view in (GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1))
             for area in view.areas for x in area.mercenaries]
    assert tiles and all(x.value is None and not x.revealed for x in tiles)


def test_views_do_not_change_with_the_hidden_values():
    """The public table and every player see the same thing whatever the face-down values, hands of others and pile
    order are."""
    a = blank(3)
    mercenaries(a, "silk_road", "red-2", "blue-3")
    hand(a, RED, "red-2")
    b = blank(3)
    mercenaries(b, "silk_road", "red-4", "blue-4")
    hand(b, RED, "blue-4")
    b.piles["red"] = b.piles["red"][::-1]
    b.discards["red"] = (4,) * len(a.discards["red"])
    for viewer in (None, YELLOW, GREEN):
        assert public_text(a, viewer) == public_text(b, viewer)
    assert public_text(a, RED) != public_text(b, RED)


def test_a_hand_is_seen_by_its_owner_only_its_size_by_all():
    """000 "Setup tessere mercenari" (003: "la pone nella sua riserva a faccia in giù"): a player's mercenary tiles
    are private; how many they hold is on the table."""
    s = blank(3)
    hand(s, RED, "red-3", "blue-2", "blue-2")
    own, other, table = GAME.view(s, RED), GAME.view(s, YELLOW), GAME.view(s, None)
    assert own.families[RED].hand == {"blue-2": 2, "red-3": 1}
    assert other.families[RED].hand is None and table.families[RED].hand is None
    assert other.families[RED].mercenary_count == table.families[RED].mercenary_count == 3


def test_a_drawn_tile_is_told_to_the_drawer_only():
    """000 "Servizi", Militare: tiles drawn into a hand are private; the colour chosen is seen by all."""
    s = new(2, seed=1)
    first = s.order[0]
    s, events = play(s, "draw blue")
    public = [e for e in events if e.audience is None]
    private = [e for e in events if e.audience is not None]
    assert [e.key for e in private] == ["al_rashid.ev.drew_private"] and private[0].audience == {first}
    assert "value" not in json.dumps([e.to_json() for e in public])
    assert all(not e.visible_to(1 - first) for e in private) and all(e.visible_to(first) for e in private)


def test_a_spy_look_is_private_to_the_looker():
    """000 "Servizi", Spie: "Guardare il valore di tutti i mercenari presenti su un territorio" (decision 12: private
    to the looker)."""
    s = blank(3)
    put(s, "spies", RED, pasha=1)
    put(s, "nilus_valley", YELLOW, sage=1)
    mercenaries(s, "silk_road", "red-4", "blue-3")
    s = resolve_from(s)
    s, events = play(s, "resolve spies", "do service", "look silk_road")
    looked = [e for e in events if "looked" in e.key]
    assert [(e.key.rsplit(".", 1)[1], e.audience) for e in looked] == [("looked", None),
                                                                       ("looked_private", frozenset({RED}))]
    assert "4" not in json.dumps(looked[0].to_json()["params"])
    assert [x.value for x in GAME.view(s, RED).area("silk_road").mercenaries] == [4, 3]
    assert GAME.view(s, RED).families[RED].spied["silk_road"][0].value == 4
    for viewer in (None, YELLOW, GREEN):
        view = GAME.view(s, viewer)
        assert [x.value for x in view.area("silk_road").mercenaries] == [None, None]
        assert view.families[RED].spied is None
    assert "spied" not in public_text(s).replace('"spied": null', "")


def test_revealed_mercenaries_are_public():
    """000 "La Battaglia": "si girano e si rendono pubbliche tutte le tessere mercenario presenti sul territorio"."""
    s = blank(2)
    put(s, "silk_road", RED, pasha=1)
    put(s, "spies", YELLOW, sage=1)
    mercenaries(s, "silk_road", "red-4")
    s = resolve_from(s)
    s, _ = play(s, "resolve silk_road", "flee")
    for viewer in (None, RED, YELLOW):
        assert GAME.view(s, viewer).area("silk_road").mercenaries[0].value == 4


def test_tiles_being_committed_to_a_fight_stay_private_until_the_fight():
    """000 "La Battaglia": the fighter chooses among the tiles of a hidden hand and may still change their mind
    ("clear"); the others only learn the totals when the fight is resolved."""
    s = blank(2)
    put(s, "silk_road", RED, pasha=1)
    put(s, "spies", YELLOW, sage=1)
    mercenaries(s, "silk_road", "red-3")
    hand(s, RED, "red-4", "red-2")
    s = resolve_from(s)
    s, _ = play(s, "resolve silk_road", "fight", "commit red-4")
    mine = GAME.view(s, RED)
    assert mine.question_for(RED).text("en").endswith("Chosen: red 4 ×1.")  # in words, not notation
    assert mine.resolution.detail["committed"] == {"red-4": 1}
    for viewer in (None, YELLOW):
        text = public_text(s, viewer)
        assert "red-4" not in text
        question = GAME.view(s, viewer).question_for(RED)
        assert question.key == "al_rashid.ask.battle.commit_public"
        assert question.text("en") == "Red is choosing the mercenary tiles to discard on Silk Road."
        assert "Rosso sta scegliendo" in question.text("it")


def test_discards_and_piles_show_only_their_size():
    """Decision 25: discard piles are face down; draw piles are face down (000 "Preparazione": "impilare a faccia in
    giù")."""
    s = blank(2)
    s.discards["red"] = (4, 4, 2)
    view = GAME.view(s, None)
    assert view.discards == {"red": 3, "blue": 0}
    assert view.piles == {c: len(p) for c, p in s.piles.items()}


def test_a_negotiator_removal_names_the_colour_not_the_values():
    """000 Negoziatore: the look is for the holder; decision 18: "both go to the discards unrevealed"."""
    s = blank(2)
    s.families[RED].charges = ["negotiator"]
    put(s, "culture", RED, sage=1)
    hand(s, RED, "blue-2")
    (tile,) = mercenaries(s, "mare_internum", "blue-4")
    goods(s, RED, hardwood=1)
    s = resolve_from(s)
    s, events = play(s, "activate negotiator", "look mare_internum", f"remove {tile} blue-2")
    public = json.dumps([e.to_json() for e in events if e.audience is None])
    assert "4" not in public and "blue-2" not in public
    assert GAME.view(s, YELLOW).discards["blue"] == 2


def test_a_tile_traded_from_the_general_is_told_to_the_trader_only():
    """000 "Favori", Generale: "consente di scambiare un bene con un mercenario" — the good is public, the tile's
    value is not."""
    s = blank(2)
    put(s, "military", RED, sage=1)
    goods(s, RED, metal=1)
    s = resolve_from(s)
    value = s.piles["red"][-1]
    s, events = play(s, "resolve military", "do favour", "trade metal red")
    private = [e for e in events if e.audience is not None]
    assert [(e.audience, e.params["value"]) for e in private] == [(frozenset({RED}), value)]
    assert all("value" not in e.params for e in events if e.audience is None)
    assert GAME.view(s, YELLOW).families[RED].hand is None
    assert GAME.view(s, YELLOW).families[RED].mercenary_count == 1
