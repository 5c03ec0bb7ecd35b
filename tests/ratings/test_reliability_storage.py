"""What storage gives /stats for reliability, on SQLite and PostgreSQL: each online match of the server (of one
game, when asked) the player sat at, whether they left it, the match's settings, and the first step of each of
their turns (a step of their seat right after another seat's step) with the time since that step; a match's
first step, the later steps of a turn, undos and other servers' matches left out."""

import pytest

from bot.storage import LogEntry, MatchRecord, SeatRecord, make_storage
from bot.storage.leagues import SqlLeagueStorage

pytestmark = pytest.mark.every_backend

GUILD, ANNA, BRUNO = 1, 101, 102


@pytest.fixture
async def storage(database_url):
    store = make_storage(database_url)
    await store.open()
    yield store
    await store.close()


async def a_match(storage, *, guild=GUILD, game="toy", place=10, steps=(), bruno_left=False):
    match = await storage.create_match(MatchRecord(
        game=game, seed=1, channel_id=place, place_id=place, host_id=ANNA, guild_id=guild, status="running",
        state={"started": True}, settings={"clock_hours": 2.0},
        seats=[SeatRecord(0, user_id=ANNA), SeatRecord(1, user_id=BRUNO, resigned=bruno_left)]))
    for kind, seat, by_ai, at in steps:
        await storage.save_match(match, entry=LogEntry(match.id, 0, kind, seat, "x", at, by_ai=by_ai))
    return match


async def test_the_matches_a_player_sat_at_come_with_the_first_step_of_each_of_their_turns(storage):
    first = await a_match(storage, steps=[
        ("step", 1, False, 1.0),                            # the match's first step starts no turn
        ("step", 0, False, 5.0), ("undo", 0, False, 6.0),   # an undo is no step
        ("step", 1, False, 9.0), ("step", 1, False, 10.0),  # one turn of two steps, 4 s after the one before
        ("step", 0, False, 12.0), ("step", 1, True, 20.0)], bruno_left=True)
    await a_match(storage, game="other", place=11, steps=[("step", 0, False, 1.0), ("step", 1, False, 3.0)])
    await a_match(storage, guild=2, place=12, steps=[("step", 0, False, 1.0), ("step", 1, False, 3.0)])
    leagues = SqlLeagueStorage(storage)
    (sat,) = await leagues.seats_played(GUILD, BRUNO, "toy")
    assert (sat.match_id, sat.left, sat.settings["clock_hours"]) == (first.id, True, 2.0)
    assert sat.turns == [(False, 4.0), (True, 8.0)]
    assert [(s.left, s.turns) for s in await leagues.seats_played(GUILD, BRUNO)] == [
        (True, [(False, 4.0), (True, 8.0)]), (False, [(False, 2.0)])]
    assert [s.turns for s in await leagues.seats_played(GUILD, ANNA, "toy")] == [[(False, 4.0), (False, 2.0)]]
    assert await leagues.seats_played(GUILD, 999) == []


async def test_a_substitute_s_turns_start_when_they_took_the_seat_over(storage):
    await a_match(storage, steps=[
        ("step", 0, False, 1.0), ("step", 1, True, 3.0),   # the AI's turn at the seat before Bruno took it over
        ("step", 0, False, 5.0), ("substitute", 1, False, 8.0),
        ("step", 1, False, 10.0),                          # timed from the takeover, not from the step before
        ("step", 0, False, 12.0), ("step", 1, False, 15.0)])
    await a_match(storage, place=11, steps=[
        ("step", 0, False, 1.0), ("step", 1, True, 3.0), ("substitute", 1, False, 4.0),
        ("step", 1, False, 9.0)])                          # in the middle of the seat's turn: a turn of Bruno's
    leagues = SqlLeagueStorage(storage)
    assert [s.turns for s in await leagues.seats_played(GUILD, BRUNO)] == [
        [(False, 2.0), (False, 3.0)], [(False, 5.0)]]
    assert [s.turns for s in await leagues.seats_played(GUILD, ANNA)] == [
        [(False, 2.0), (False, 2.0)], []]
