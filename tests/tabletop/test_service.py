"""Results of games played face to face over real storage, on SQLite and PostgreSQL: a record counts nowhere
until another player at the table or an admin confirms it, then counts in ratings, statistics, history and
(where the league allows it) standings like an online result; who may record, correct and confirm; a
correction that waits leaves the result as it stood; voiding; and a table game has no board or replay."""

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.leagues import LeagueRefusal
from bot.leagues.service import LeagueService
from bot.queries.service import QueryService
from bot.services import MatchServices, Refusal
from bot.storage import make_storage
from bot.storage.leagues import SqlLeagueStorage
from bot.storage.tabletop import SqlTableResults
from bot.tabletop.scores import Recorded
from bot.tabletop.service import TabletopService
from tests.bot.fakes import Clock, RecordingPresenter

pytestmark = pytest.mark.every_backend

GUILD, CHANNEL = 1, 10
ANNA, BRUNO, CARLA, DARIO = 101, 102, 103, 104
PLAYER, MANAGER = (False, []), (True, [])
LEAGUE_ROLE = 77


@pytest.fixture
async def world(database_url):
    storage = make_storage(database_url)
    await storage.open()
    clock = Clock()
    matches = MatchServices(storage, RecordingPresenter(), now=clock)
    leagues = LeagueService(SqlLeagueStorage(storage), matches, now=clock)
    tables = TabletopService(SqlTableResults(storage), storage, leagues, now=clock)
    yield tables, leagues, clock
    await leagues.settled()
    await storage.close()


def yspahan(anna=40, bruno=35, carla=30):
    return [Recorded(ANNA, anna, name="Anna"), Recorded(BRUNO, bruno, name="Bruno"), Recorded(CARLA, carla)]


async def record(tables, players=None, *, by=ANNA, admin=PLAYER, game="yspahan", **kw):
    return await tables.record(guild_id=GUILD, channel_id=CHANNEL, recorder=by, admin=admin, game=game,
                               players=players or yspahan(), **kw)


async def refusal(call):
    with pytest.raises((Refusal, LeagueRefusal)) as caught:
        await call
    return caught.value.message.key


async def counted(leagues):
    results, names = await leagues.results(GUILD)
    return [r for r in results if not r.voided], names


async def test_a_record_counts_nowhere_until_another_player_at_the_table_confirms_it(world):
    tables, leagues, _ = world
    recorded = await record(tables)
    assert [(place, p.player) for place, p in recorded.placed()] == [(1, ANNA), (2, BRUNO), (3, CARLA)]
    assert (await counted(leagues))[0] == [] and (await leagues.leaderboard(GUILD, "yspahan"))[0] == []
    assert await refusal(tables.confirm(recorded.match_id, GUILD, ANNA, MANAGER)) == "tabletop.refusal.own"
    assert await refusal(tables.confirm(recorded.match_id, GUILD, DARIO, PLAYER)) == "tabletop.refusal.confirm_who"
    assert await refusal(tables.confirm(recorded.match_id, 2, BRUNO, PLAYER)) == "tabletop.refusal.unknown"
    assert (await counted(leagues))[0] == []
    confirmed = await tables.confirm(recorded.match_id, GUILD, BRUNO, PLAYER)
    assert confirmed.record.confirmed_by == BRUNO
    (result,), names = await counted(leagues)
    assert result.at_table and {s.player: s.place for s in result.seats} == {ANNA: 1, BRUNO: 2, CARLA: 3}
    assert names == {ANNA: "Anna", BRUNO: "Bruno"}
    board, _ = await leagues.leaderboard(GUILD, "yspahan")
    assert [player for player, _ in board] == [ANNA, BRUNO, CARLA]
    page = await leagues.player(GUILD, ANNA, None)
    assert (page.game, page.stats.games, page.stats.wins, len(page.history)) == ("yspahan", 1, 1, 1)
    assert await refusal(tables.confirm(recorded.match_id, GUILD, CARLA, PLAYER)) == "tabletop.refusal.confirmed"


async def test_an_admin_away_from_the_table_may_record_and_confirm_but_a_stranger_may_do_neither(world):
    tables, leagues, _ = world
    assert await refusal(record(tables, by=DARIO)) == "tabletop.refusal.record_who"
    recorded = await record(tables, by=DARIO, admin=MANAGER)
    assert await refusal(tables.confirm(recorded.match_id, GUILD, DARIO, MANAGER)) == "tabletop.refusal.own"
    await tables.confirm(recorded.match_id, GUILD, 999, MANAGER)
    assert len((await counted(leagues))[0]) == 1


async def test_a_correction_by_an_admin_waits_for_its_confirmation_while_the_result_stands(world):
    tables, leagues, _ = world
    recorded = await record(tables)
    await tables.confirm(recorded.match_id, GUILD, BRUNO, PLAYER)
    fixed = yspahan(anna=30, bruno=35, carla=40)
    assert await refusal(record(tables, fixed, by=BRUNO, correct=recorded.match_id)) == "tabletop.refusal.correct_who"
    assert await refusal(record(tables, fixed, by=DARIO, admin=MANAGER, game="taj-mahal",
                                correct=recorded.match_id)) == "tabletop.refusal.correct_game"
    assert await refusal(record(tables, fixed, by=DARIO, admin=MANAGER, correct=999)) == "tabletop.refusal.unknown"
    before, _ = await leagues.leaderboard(GUILD, "yspahan")
    await record(tables, fixed, by=DARIO, admin=MANAGER, correct=recorded.match_id)
    (standing,), _ = await counted(leagues)
    assert {s.player: s.place for s in standing.seats} == {ANNA: 1, BRUNO: 2, CARLA: 3}  # as it stood
    assert (await leagues.leaderboard(GUILD, "yspahan"))[0] == before
    await tables.confirm(recorded.match_id, GUILD, CARLA, PLAYER)
    (corrected,), _ = await counted(leagues)
    assert corrected.match_id == recorded.match_id
    assert {s.player: s.place for s in corrected.seats} == {CARLA: 1, BRUNO: 2, ANNA: 3}
    assert [player for player, _ in (await leagues.leaderboard(GUILD, "yspahan"))[0]] == [CARLA, BRUNO, ANNA]


async def test_a_confirmed_table_result_is_voided_and_restored_like_an_online_one(world):
    tables, leagues, _ = world
    recorded = await record(tables)
    assert await refusal(leagues.void(recorded.match_id, GUILD, True)) == "queries.refusal.not_finished"
    await tables.confirm(recorded.match_id, GUILD, BRUNO, PLAYER)
    await leagues.void(recorded.match_id, GUILD, True)
    assert (await counted(leagues))[0] == [] and (await leagues.leaderboard(GUILD, "yspahan"))[0] == []
    await leagues.void(recorded.match_id, GUILD, False)
    assert len((await leagues.leaderboard(GUILD, "yspahan"))[0]) == 3


async def test_a_table_game_has_no_board_log_or_replay(world):
    tables, leagues, _ = world
    recorded = await record(tables)
    await tables.confirm(recorded.match_id, GUILD, BRUNO, PLAYER)
    assert await refusal(leagues.matches.core.match_here(CHANNEL)) == "tabletop.refusal.no_board"
    assert await refusal(leagues.matches.core.get(recorded.match_id)) == "tabletop.refusal.no_board"
    queries = QueryService(leagues.matches.core.storage, leagues.storage)
    assert await refusal(queries.replay(recorded.match_id, GUILD)) == "tabletop.refusal.no_board"


async def test_a_league_counts_a_table_result_recorded_for_it_only_when_it_allows_them(world):
    tables, leagues, _ = world
    await leagues.create(GUILD, CHANNEL, True, name="Club", game="yspahan", min_table=3, max_table=4)
    for player in (ANNA, BRUNO, CARLA):
        await leagues.change(GUILD, "Club", lambda lg, p=player: lg.join(p, leagues.now()))
    assert await refusal(record(tables, league="Club")) == "tabletop.refusal.league_off"
    await leagues.settings(GUILD, "Club", MANAGER, admin_role=LEAGUE_ROLE, table_results=True)
    assert await refusal(record(tables, league="Club", game="taj-mahal")) == "tabletop.refusal.league_game"
    stranger = [*yspahan()[:2], Recorded(DARIO, 12)]
    assert await refusal(record(tables, stranger, league="Club")) == "tabletop.refusal.not_member"
    outside = await record(tables)  # recorded for no league: never in its standings
    await tables.confirm(outside.match_id, GUILD, BRUNO, PLAYER)
    recorded = await record(tables, yspahan(anna=10), league="Club")
    assert recorded.league == "Club"
    await tables.confirm(recorded.match_id, GUILD, 555, (False, [LEAGUE_ROLE]))  # the league's admin role
    club = (await leagues.load(GUILD, "Club")).league
    assert [(s.player, s.points, s.played) for s in await leagues.standings(club)] == [
        (BRUNO, 6.0, 1), (CARLA, 3.0, 1), (ANNA, 0.0, 1)]
    await leagues.settings(GUILD, "Club", MANAGER, table_results=False)
    club = (await leagues.load(GUILD, "Club")).league
    assert [s.played for s in await leagues.standings(club)] == [0, 0, 0]
