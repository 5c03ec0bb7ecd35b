"""Several answers in one go (bot/services/picks.py): the cubes of a Yspahan group placed from one multi-select,
played as the engine's own steps in an order the rules allow, undone together, and forged values refused."""

import random

import pytest

from bot.services import Refusal, StaleBoard
from bot.services.picks import in_order, pool
from bot.ui.views import panel_view
from engine import ai
from engine.core import Action, Illegal, get_game
from engine.yspahan.city import CITY

from .test_services import BOB, CAROL, awaited_user, started

pytestmark = pytest.mark.every_backend

YSPAHAN = get_game("yspahan")


def shop(name: str) -> Action:
    return Action.of("shop", name)


def placement(state, seat) -> bool:
    """Does `seat` place at least two cubes in a quarter where it has begun no souk, with two empty souks of
    at least two shops and one of a single shop?"""
    picks = YSPAHAN.picks(state, seat)
    if picks is None or picks.most < 2 or len(YSPAHAN.legal_actions(state, seat)) != len(picks.options):
        return False
    sizes = [len(s.shops) for s in souks_free(state, state.tasks[-1].quarter)]
    return sum(n >= 2 for n in sizes) >= 2


def souks_free(state, quarter):
    return [s for s in CITY.quarter_souks(quarter) if not any(shop in state.shops for shop in s.shops)]


async def at_a_placement(service):
    """A Yspahan match of three players, played by the heuristic up to a `placement`: (match, user, seat, state)."""
    match = await started(service, BOB, CAROL, game="yspahan")
    rng = random.Random(1)
    for _ in range(300):
        match = await service.table.get(match.id)
        user = awaited_user(match)
        seat = match.seat_of(user).seat
        state = YSPAHAN.load_state(match.state)
        if placement(state, seat):
            return match, user, seat, state
        action = ai.policy("heuristic").choose(YSPAHAN, state, seat, rng)
        await service.playing.play(match.id, user, YSPAHAN.format_action(action), state_id=match.state_id)
    raise AssertionError("no placement of several cubes")


def two_souks(state, seat) -> list[Action]:
    """One shop in each of two empty souks of two shops or more: whichever comes first stays unfinished."""
    big = [s for s in souks_free(state, state.tasks[-1].quarter) if len(s.shops) >= 2]
    return [shop(big[0].shops[0]), shop(big[1].shops[0])]


async def test_the_cubes_of_a_group_are_placed_from_one_select_as_steps_undone_together(service, storage):
    match, user, seat, state = await at_a_placement(service)
    answers = pool(YSPAHAN.picks(state, seat))
    souk = souks_free(state, state.tasks[-1].quarter)[0]
    # Two shops of one souk, the second first: played in an order the rules allow.
    chosen = [answers.index(shop(souk.shops[1])), answers.index(shop(souk.shops[0]))]
    result = await service.playing.play_picks(match.id, user, chosen, state_id=match.state_id)
    steps = in_order(YSPAHAN, state, seat, [answers[i] for i in chosen], None)
    assert sorted(steps) == sorted(answers[i] for i in chosen) and len(result.labels) == 2
    log = [e for e in await storage.log(match.id) if e.state_id > match.state_id][:2]
    assert [e.notation for e in log] == [YSPAHAN.format_action(a) for a in steps]
    assert [e.forced for e in log] == [False, True]  # the second stands and falls with the first
    after = YSPAHAN.load_state((await service.table.get(match.id)).state)
    assert after.shops[souk.shops[0]] == after.shops[souk.shops[1]] == seat
    await service.playing.undo(match.id, user)
    assert (await service.table.get(match.id)).state == match.state


async def test_the_panel_offers_the_cubes_of_a_group_in_one_multi_select(service):
    match, user, seat, state = await at_a_placement(service)
    picks = YSPAHAN.picks(state, seat)
    for locale, words in (("en", "Several at once"), ("it", "Più scelte insieme")):
        view = panel_view(await service.playing.panel(match.id, user, locale), locale).to_components()
        selects = [c for row in view for c in row["components"] if c["type"] == 3]
        several = [c for c in selects if c["custom_id"].endswith(":several")]
        assert len(several) == 1 and several[0]["placeholder"].startswith(words)
        assert [o["value"] for o in several[0]["options"]] == [str(i) for i in range(len(pool(picks)))]
        assert (several[0]["min_values"], several[0]["max_values"]) == (1, min(picks.most, len(pool(picks))))


async def test_forged_or_stale_picks_change_nothing(service):
    match, user, seat, state = await at_a_placement(service)
    picks = YSPAHAN.picks(state, seat)
    for forged in ([], [0, 0], [len(pool(picks))], list(range(picks.most + 1))):
        with pytest.raises(Refusal) as refused:
            await service.playing.play_picks(match.id, user, forged, state_id=match.state_id)
        assert refused.value.message.key == "bot.refusal.unknown_button"
    with pytest.raises(StaleBoard):
        await service.playing.play_picks(match.id, user, [0, 1], state_id=match.state_id - 1)
    other = next(s.user_id for s in match.seats if s.user_id != user)
    with pytest.raises(StaleBoard):  # nothing of theirs to pick from
        await service.playing.play_picks(match.id, other, [0, 1], state_id=match.state_id)
    answers = pool(picks)
    with pytest.raises(Illegal) as refused:  # no order of these two allows them
        await service.playing.play_picks(match.id, user, [answers.index(a) for a in two_souks(state, seat)],
                                         state_id=match.state_id)
    assert refused.value.message.key == "yspahan.illegal.finish_your_souk"
    assert (await service.table.get(match.id)).state == match.state


def test_picks_take_the_first_order_the_rules_allow():
    """A souk is finished before another is begun, whatever order the player picked the shops in."""
    rng = random.Random(2)
    state = YSPAHAN.new_game(None, 3, 2)  # seeded so that a player places three cubes or more

    def room(state, seat) -> bool:  # cubes enough to fill a souk and begin another
        return placement(state, seat) and YSPAHAN.picks(state, seat).most > len(
            CITY.souks[CITY.souk_of[two_souks(state, seat)[0].args[0]]].shops)

    while not room(state, seat := min(YSPAHAN.active_seats(state))):
        state, _ = YSPAHAN.apply(state, seat, rng.choice(YSPAHAN.legal_actions(state, seat)))
    first, second = two_souks(state, seat)
    rest = [shop(name) for name in CITY.souks[CITY.souk_of[first.args[0]]].shops if name != first.args[0]]
    steps = in_order(YSPAHAN, state, seat, [second, *rest, first], None)
    assert set(steps[:-1]) == {first, *rest} and steps[-1] == second
    with pytest.raises(Illegal) as refused:
        in_order(YSPAHAN, state, seat, [first, second], None)
    assert refused.value.message.key == "yspahan.illegal.finish_your_souk"


AL_RASHID = get_game("al-rashid")


def al_rashid_at(key: str):
    """A seeded Al-Rashid state, played by the heuristic, where the seat to play is asked `key` with several
    picks."""
    rng = random.Random(1)
    state = AL_RASHID.new_game(None, 3, 1)
    while not AL_RASHID.is_over(state):
        seat = min(AL_RASHID.active_seats(state))
        if AL_RASHID.prompt(state, seat).key == key and AL_RASHID.picks(state, seat) is not None:
            return state, seat
        state, _ = AL_RASHID.apply(state, seat, ai.policy("heuristic").choose(AL_RASHID, state, seat, rng))
    raise AssertionError(f"no {key} with several picks")


def test_the_tiles_of_a_fight_are_chosen_in_one_go_and_the_fight_confirmed():
    state, seat = al_rashid_at("al_rashid.ask.battle.commit")
    picks = AL_RASHID.picks(state, seat)
    task, hand = state.tasks[-1], state.family(seat).hand
    colours = {tile.colour for tile in state.mercenaries[task.area]}
    chosen_before = task.committed or {}
    assert {a.args[0]: n for a, n in picks.options} == {  # each tile that may fight, as often as the hand holds it
        kind: n - chosen_before.get(kind, 0) for kind, n in hand.items()
        if kind.split("-")[0] in colours and n > chosen_before.get(kind, 0)}
    assert picks.most == sum(n for _, n in picks.options) and picks.close == Action.of("confirm")
    chosen = pool(picks)[:2]
    steps = in_order(AL_RASHID, state, seat, chosen, picks.close)
    assert steps == [*chosen, Action.of("confirm")]
    after = one_by_one_in(AL_RASHID, state, seat, steps)  # fought: the tiles chosen left the hand
    assert all(after.family(seat).hand.get(a.args[0], 0) == hand[a.args[0]] - chosen.count(a) for a in chosen)


def test_the_goods_of_a_trade_are_taken_in_one_go_as_often_as_the_territory_holds_them():
    state, seat = al_rashid_at("al_rashid.ask.trade")
    task = state.tasks[-1]
    stock = state.territory_goods[task.area]
    picks = AL_RASHID.picks(state, seat)
    assert picks.most == task.left and picks.close is None
    assert {a.args[0]: n for a, n in picks.options} == {item: min(n, task.left) for item, n in stock.items() if n}
    chosen = pool(picks)[-2:]
    after = one_by_one_in(AL_RASHID, state, seat, in_order(AL_RASHID, state, seat, chosen, None))
    taken = {item: stock[item] - after.territory_goods[task.area][item] for item in stock}
    assert sum(taken.values()) == 2 and all(taken[a.args[0]] >= 1 for a in chosen)


def one_by_one_in(game, state, seat, steps):
    for step in steps:
        state, _ = game.apply(state, seat, step)
    return state
