"""AI seats by level (easy, normal, expert): what the lobby offers, what a resigned seat gets, and the
expert's step taken outside the bot's thread, the same as the engine's."""

import random

import pytest

from bot.services import MatchSettings, Refusal, ai
from engine.ai import policy
from engine.core import get_game

HOST, BOB = 1, 2


async def lobby(service, game, **settings):
    return await service.lobby.create(game_key=game, host_id=HOST, channel_id=70, place_id=77, guild_id=9,
                                settings=MatchSettings(**settings))


def test_a_game_with_a_heuristic_offers_three_levels_and_one_without_only_easy():
    assert ai.levels(get_game("al-rashid")) == {"easy": "random", "normal": "heuristic", "expert": "expert"}
    assert ai.levels(get_game("toy")) == {"easy": "random"}


async def test_the_host_seats_ais_by_level_and_an_unknown_level_is_refused(service):
    match = await lobby(service, "al-rashid")
    for level in ("expert", "easy"):
        match = await service.lobby.add_ai(match.id, HOST, level)
    match = await service.lobby.add_ai(match.id, HOST)  # the match's level: normal unless the host chose
    assert [s.ai for s in match.seats] == [None, "expert", "random", "heuristic"]
    with pytest.raises(Refusal) as refused:
        await service.lobby.add_ai(match.id, HOST, "grandmaster")
    assert refused.value.message.key == "bot.refusal.unknown_ai"


async def test_a_resigned_seat_is_played_at_the_level_the_host_set(service):
    match = await service.lobby.create(game_key="al-rashid", host_id=HOST, channel_id=70, place_id=77, guild_id=9,
                                 settings=MatchSettings(ai_policy="expert"), ai_players=1)
    assert [s.ai for s in match.seats] == [None, "expert"]
    await service.lobby.join(match.id, BOB)
    await service.lobby.start(match.id, HOST)
    await service.playing.resign(match.id, BOB)
    assert (await service.table.get(match.id)).seat(2).ai == "expert"


def test_the_expert_step_of_the_bot_is_the_engines():
    game = get_game("yspahan")
    state = game.new_game(None, 3, 5)
    seat = min(game.active_seats(state))
    while len(game.legal_actions(state, seat)) < 2:
        state, _ = game.apply(state, seat, game.legal_actions(state, seat)[0])
        seat = min(game.active_seats(state))
    expected = policy("expert").choose(game, state, seat, random.Random(11))
    assert ai.choose(game, state, seat, "expert", 11) == expected
