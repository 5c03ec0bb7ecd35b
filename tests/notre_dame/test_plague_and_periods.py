"""Phase 5, the plague (002, "La pestilenza"), the end of a round, of a period and of the game (002, "Svolgimento
del gioco", "FINE DEL GIOCO")."""

from engine.notre_dame import GAME
from engine.notre_dame.flow import Ctx
from engine.notre_dame.state import kind_of
from engine.notre_dame.vocab import BROWN, CARDS

from .builders import GREEN, RED, YELLOW, active, at, closing, keys, new, options, paying, quarter, settle


def struck(rats=9, prestige=5, friend=None, notre_dame=0, **cubes):
    """Red at `rats` with `cubes`, the others safe, the plague of this round about to strike."""
    s = paying(3, persons=("jester", "doctor", "guild_master"))  # 2 + 3 + 2 = 7 rats
    for p in s.players:
        p.coins = 0
    quarter(s, RED, friend=friend, notre_dame=notre_dame, **cubes)
    s.player(RED).rats = rats
    s.player(RED).prestige = prestige
    return settle(s)


def test_a_tie_for_the_fullest_building_is_the_players_choice():
    """"Se un giocatore ha più settori che sono in parità per il maggior numero di cubetti influenza, ha facoltà di
    scegliere da quale ritirare il cubetto"."""
    s = struck(bank=2, inn=2, park=1)
    assert active(s) == RED and options(s) == ["lose bank", "lose inn"]
    s = at(s, "lose inn")
    assert s.player(RED).sectors["inn"] == 1 and s.player(RED).general == 11


def test_the_friend_counts_for_the_fullest_but_never_leaves():
    """"Il Fiduciario ha esattamente il valore di un cubetto ... per il calcolo del settore che contiene il maggior
    numero di cubetti, ma non può essere ritirato dal settore"."""
    s = struck(friend="bank", bank=1, inn=2)
    assert options(s) == ["lose bank", "lose inn"]
    s = struck(friend="bank", inn=1)
    assert s.player(RED).friend == "bank" and s.player(RED).sectors["inn"] == 0  # the only cube among the fullest
    s = struck(friend="bank", notre_dame=2)
    assert s.player(RED).friend == "bank" and s.player(RED).notre_dame == 2  # no cube in the quarter to lose
    s = struck(friend="bank", bank=2, inn=2)
    assert s.player(RED).sectors["bank"] == 1 and s.player(RED).sectors["inn"] == 2


def test_prestige_never_goes_below_zero():
    s = struck(prestige=1, bank=1)
    assert s.player(RED).prestige == 0 and s.player(RED).earned == {"plague": -1}


def test_the_plague_strikes_every_round_past_nine():
    """"Chiarimento: Il calcolo dell'entità della pestilenza continuerà a ripetersi, round dopo round"."""
    s = struck(bank=3)
    assert (s.player(RED).rats, s.player(RED).prestige, s.player(RED).sectors["bank"]) == (9, 3, 2)


def test_hidden_prestige_losses_are_told_only_to_the_loser():
    s = paying(3, persons=("jester", "doctor", "guild_master"))
    for p in s.players:
        p.coins = 0
    s.player(RED).rats, s.player(RED).prestige = 9, 4
    quarter(s, RED, bank=1)
    c = Ctx(s)
    GAME.advance(c)
    lost = [e for e in c.events if e.key.endswith("prestige_lost")]
    assert len(lost) == 1 and lost[0].audience == frozenset({RED})
    assert "struck" in keys(c.events)


def test_news_waits_for_the_next_rounds_draft_until_the_game_is_over():
    """The bot tells each player once a round, in the draft's message: the plague's news waits for it (see
    Game.news_waits), except after the ninth round, when the final score comes instead."""
    s = struck(bank=2, inn=2)  # two buildings equally full: Red chooses, the next draft waits
    assert active(s) == RED and all(GAME.news_waits(s, seat) for seat in (RED, YELLOW, GREEN))
    s, _ = closing(new(3), round=9)
    assert not any(GAME.news_waits(s, seat) for seat in (RED, YELLOW, GREEN))


def test_the_bell_passes_left_and_the_persons_go_under_their_decks():
    """"le carte personaggio scoperte vengono riposte sotto i rispettivi mazzi ... Il giocatore che ha il campanaro
    lo passa al vicino di sinistra"."""
    s = new(3, seed=4)
    bell, grey = s.bell, s.persons[2]
    s, _ = closing(s, round=1)
    assert s.bell == (bell + 1) % 3 and s.round == 2
    assert s.grey_deck[0] == "watchman" and s.persons[0] in BROWN  # closing() laid Monk, Doctor, Watchman
    assert grey not in s.persons


def test_every_third_round_notre_dame_pays_the_browns_are_shuffled_and_the_cards_go_home():
    """"ogni tre round: si conteggiano i cubetti influenza a Notre Dame; si mescolano le sei carte personaggio
    marroni; tutte le carte azione ... sono restituite ai rispettivi proprietari"."""
    s = new(3, seed=4)
    quarter(s, RED, notre_dame=1)
    s.grey_deck = ["carpenter", "mayor", "lady_in_waiting", "lawyer", "beggar_king", "guild_master"]  # top last
    s, events = closing(s, round=3)
    assert s.round == 4 and s.player(RED).prestige == 8 and s.player(RED).notre_dame == 0
    assert "period" in keys(events)
    for p in s.players:
        assert sorted(kind_of(x) for x in p.deck + p.offer) == sorted(CARDS)
    assert sorted(s.brown_deck + s.persons[:2]) == sorted(BROWN)
    assert s.persons[2] == "guild_master"


def test_notre_dame_rounds_the_share_down_and_may_pay_nothing():
    """"Il risultato (eventualmente arrotondato per difetto)"."""
    s = new(2)
    quarter(s, RED, notre_dame=4)
    quarter(s, YELLOW, notre_dame=3)
    s, _ = closing(s, round=6)
    assert s.player(RED).prestige == 0 and s.player(YELLOW).prestige == 0  # 6 // 7 = 0


def test_the_game_ends_after_the_ninth_round_and_prestige_wins():
    """"Il gioco termina, alla fine del nono round, dopo il conteggio dei cubetti influenza a Notre Dame. Vince il
    giocatore che ha totalizzato il maggior numero di punti prestigio"."""
    s = new(3)
    s.player(GREEN).prestige = 20
    s, _ = closing(s, round=9)
    result = GAME.outcome(s)
    assert s.phase == "over" and GAME.active_seats(s) == frozenset()
    assert result.ranking[0] == GREEN and result.tiebreak_used is None


def test_a_tie_goes_to_the_most_coins_plus_cubes_in_the_personal_supply():
    """"In caso di parità, i giocatori contano il denaro guadagnato e i cubetti influenza attualmente nella loro
    riserva personale; vince chi ne ha di più in totale"."""
    s = new(3)
    for p in s.players:
        p.prestige = 30
    s.player(RED).coins, s.player(RED).supply = 1, 3          # 4
    s.player(YELLOW).coins, s.player(YELLOW).supply = 0, 5    # 5: cubes count as much as coins
    s.player(GREEN).coins, s.player(GREEN).supply = 2, 0      # 2
    s, _ = closing(s, round=9)
    result = GAME.outcome(s)
    assert result.ranking == [YELLOW, RED, GREEN] and result.tiebreaks[YELLOW] == (5,)
    assert result.tiebreak_used.key == "notre_dame.tiebreak.money_and_cubes"
    s = new(2)
    for p in s.players:
        p.prestige, p.coins, p.supply = 10, 2, 2
    s, _ = closing(s, round=9)
    assert GAME.outcome(s).tiebreak_used.key == "notre_dame.tiebreak.shared"


def test_the_final_breakdown_adds_up_to_the_prestige():
    s = new(3)
    s.player(RED).earned = {"residence": 10, "persons": 5, "park": 2, "plague": -4}
    s.player(RED).prestige = 13
    s, _ = closing(s, round=9)
    breakdown = GAME.outcome(s).breakdown[RED]
    assert sum(breakdown.values()) == 13 and breakdown["residence"] == 10 and breakdown["notre_dame"] == 0
