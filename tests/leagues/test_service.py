"""The league service over real storage and the match service (toy games, a clock moved by hand): rounds
seated and closed when their matches end (on the match-ended event, without waiting for the clock) or at
the deadline (played out or voided), a crash while seating,
and ratings recomputed when a match is voided."""

import itertools

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.leagues import LeagueRefusal, default_points
from bot.leagues.service import LeagueService
from bot.leagues.tournament import Kind
from bot.services import MatchServices
from bot.storage import SqliteStorage
from bot.storage.leagues import SqliteLeagueStorage
from tests.bot.fakes import Clock, RecordingPresenter

GUILD, CHANNEL, BOSS = 1, 10, (True, [])
PLAYERS = [101, 102, 103, 104, 105]


@pytest.fixture
async def world(tmp_path):
    clock = Clock()
    storage = SqliteStorage(tmp_path / "league.db")
    await storage.open()
    threads = itertools.count(1000)
    made: list[int] = []
    services: list[LeagueService] = []

    def service() -> LeagueService:
        seeds = itertools.count(1)
        matches = MatchServices(storage, RecordingPresenter(), now=clock, new_seed=lambda: next(seeds))
        leagues = LeagueService(SqliteLeagueStorage(storage), matches, now=clock)

        async def make_thread(league, round_, table):
            made.append(next(threads))
            return made[-1]

        leagues.make_thread = make_thread
        services.append(leagues)
        return leagues

    yield service, clock, made
    for leagues in services:
        await leagues.settled()
    await storage.close()


async def league_with_members(leagues, **options):
    await leagues.create(GUILD, CHANNEL, True, name="Spring", game="toy", **options)
    for player in PLAYERS:
        await leagues.change(GUILD, "Spring", lambda lg, p=player: lg.join(p, leagues.now(), f"p{p}"))


async def current(leagues):
    return (await leagues.load(GUILD, "Spring")).league


async def test_a_round_closes_when_its_last_match_ends_without_waiting_for_the_clock(world):
    service, clock, _ = world
    leagues = service()
    news = []

    async def announce(league, what, params, nonce):
        news.append((what, params["round"]))

    leagues.announce = announce
    await league_with_members(leagues, min_table=2, max_table=3)
    league = await leagues.open_round(GUILD, "Spring", BOSS)
    tables = league.rounds[0].tables
    assert sorted(len(t.players) for t in tables) == [2, 3] and all(t.match_id for t in tables)
    assert sorted(p for t in tables for p in t.players) == PLAYERS
    for table in tables:
        for player in table.players:  # everyone resigns: the AI plays each match to its end
            if (await leagues.matches.table.get(table.match_id)).status == "running":
                await leagues.matches.playing.resign(table.match_id, player)
        await leagues.settled()  # what the match-ended event started; the league clock never ticks here
        assert ((await current(leagues)).current_round is None) == (table is tables[-1])
    assert news == [("round_opened", 1), ("round_closed", 1)]
    table = await leagues.standings(await current(leagues))
    assert [s.played for s in table] == [1] * 5 and all(s.forfeits == 1 for s in table)


@pytest.mark.parametrize("at_deadline", ["play_out", "void"])
async def test_at_the_deadline_matches_are_played_out_or_voided(world, at_deadline):
    service, clock, _ = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3, at_deadline=at_deadline, round_days=1)
    league = await leagues.open_round(GUILD, "Spring", BOSS)
    await leagues.tick()
    assert (await current(leagues)).current_round is not None  # before the deadline nothing happens
    waiting = set()
    for table in league.rounds[0].tables:
        match = await leagues.matches.table.get(table.match_id)
        waiting |= {s.user_id for s in match.seats if s.awaited_since is not None}
    clock.advance(25)
    await leagues.tick()
    assert (await current(leagues)).current_round is None
    statuses = {(await leagues.matches.table.get(t.match_id)).status for t in league.rounds[0].tables}
    table = {s.player: s for s in await leagues.standings(await current(leagues))}
    if at_deadline == "void":
        assert statuses == {"cancelled"} and all(s.played == 0 for s in table.values())
    else:  # whoever held a table up forfeits; the others keep the place the AI reached for them
        assert statuses == {"over"} and all(s.played == 1 for s in table.values())
        assert {p for p, s in table.items() if s.forfeits} == waiting
        # whatever the AI made of a late player's seat, every punctual player is placed ahead of it
        for result in (await leagues.results(GUILD, [t.match_id for t in league.rounds[0].tables]))[0]:
            punctual = [s.place for s in result.seats if not s.forfeited]
            assert all(s.place > max(punctual) for s in result.seats if s.forfeited)


async def test_a_crash_while_seating_a_round_is_finished_by_the_next_tick(world):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=2)
    calls = 0
    real = leagues.make_thread

    async def crashing(league, round_, table):
        nonlocal calls
        calls += 1
        if calls == 2:
            raise ProcessDied()
        return await real(league, round_, table)

    leagues.make_thread = crashing
    with pytest.raises(ProcessDied):
        await leagues.open_round(GUILD, "Spring", BOSS)
    restarted = service()
    await restarted.tick()
    tables = (await current(restarted)).rounds[0].tables
    assert len(tables) == 3 and all(t.match_id for t in tables)
    assert len({t.match_id for t in tables}) == 3 and len(made) == 3


async def test_a_round_that_cannot_be_seated_is_withdrawn_with_its_matches_and_opens_again(world, caplog):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=2)
    real = leagues.make_thread

    async def refused_at_the_second(league, round_, table):
        if table == 2:
            raise ConnectionError("Discord refused")
        return await real(league, round_, table)

    leagues.make_thread = refused_at_the_second
    with pytest.raises(LeagueRefusal) as why:
        await leagues.open_round(GUILD, "Spring", BOSS)
    assert why.value.message.key == "league.refusal.round_not_seated"
    assert (await current(leagues)).rounds == ()
    assert [m.status for m in await leagues.matches.core.storage.matches(guild_id=GUILD, statuses=("lobby", "running",
                                                                                              "cancelled"))] == ["cancelled"]
    for _ in range(3):
        await leagues.tick()  # nothing stuck for the clock: no ERROR at each tick
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    leagues.make_thread = real
    league = await leagues.open_round(GUILD, "Spring", BOSS)
    assert len(league.rounds) == 1 and all(t.match_id for t in league.rounds[0].tables)


async def test_an_announcement_survives_a_crash_and_a_failing_discord_and_is_posted_once(world):
    service, clock, _ = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3)

    async def dies(league, what, params, nonce):
        raise ProcessDied()

    leagues.announce = dies
    with pytest.raises(ProcessDied):  # seated and saved with its announcement; the process dies before posting
        await leagues.open_round(GUILD, "Spring", BOSS)
    restarted, news = service(), []

    async def down(league, what, params, nonce):
        raise ConnectionError("Discord is unreachable")

    async def posts(league, what, params, nonce):
        news.append((what, params["round"], nonce))

    restarted.announce = down
    await restarted.tick()  # fails: tried again later
    restarted.announce = posts
    await restarted.tick()  # too soon
    assert news == []
    clock.advance(1 / 60)
    await restarted.tick()
    await restarted.tick()
    ((what, number, nonce),) = news
    assert (what, number) == ("round_opened", 1) and nonce.startswith("cL")


class ProcessDied(BaseException):
    """The process stops here, in the middle of its work: no handler of the bot runs (as when it is killed)."""


async def test_voiding_a_match_recomputes_ratings_and_restoring_it_brings_them_back(world):
    service, clock, _ = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=2)
    league = await leagues.open_round(GUILD, "Spring", BOSS)
    for table in league.rounds[0].tables:
        for player in table.players:  # both forfeit, the AI finishes the match
            if (await leagues.matches.table.get(table.match_id)).status == "running":
                await leagues.matches.playing.resign(table.match_id, player)
        clock.advance(1)
    before, _ = await leagues.leaderboard(GUILD, "toy")
    assert len(before) == 4  # the table with one human (and an AI) is not rated
    voided = league.rounds[0].tables[0].match_id
    await leagues.void(voided, GUILD, True)
    after, _ = await leagues.leaderboard(GUILD, "toy")
    assert len(after) == 2 and not set(league.rounds[0].tables[0].players) & {p for p, _ in after}
    await leagues.void(voided, GUILD, False)
    assert (await leagues.leaderboard(GUILD, "toy"))[0] == before


async def test_a_league_on_a_schedule_opens_its_rounds_by_itself(world):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3, schedule_days=2, round_days=1, at_deadline="void")
    await leagues.tick()
    assert [r.number for r in (await current(leagues)).rounds] == [1]  # due at the season's start
    clock.advance(25)
    await leagues.tick()  # the deadline voids round 1; round 2 is not due yet
    assert [r.closed_at is not None for r in (await current(leagues)).rounds] == [True]
    clock.advance(24)
    await leagues.tick()
    assert [r.number for r in (await current(leagues)).rounds] == [1, 2] and len(made) == 4


async def everyone_resigns(leagues, round_):
    """Each table's players resign in turn: the AI plays every match to its end."""
    for table in round_.tables:
        for player in table.players:
            if (await leagues.matches.table.get(table.match_id)).status == "running":
                await leagues.matches.playing.resign(table.match_id, player)
    await leagues.settled()


async def test_a_season_ends_with_its_final_and_the_final_crowns_the_champion(world):
    service, clock, made = world
    leagues = service()
    news = []

    async def announce(league, what, params, nonce):
        news.append((what, params.get("round") or params["archive"].champion))

    leagues.announce = announce
    await league_with_members(leagues, min_table=2, max_table=3, final_players=2)
    await everyone_resigns(leagues, (await leagues.open_round(GUILD, "Spring", BOSS)).rounds[0])
    before = await leagues.standings(await current(leagues))
    top = [s.player for s in before[:2]]

    league = await leagues.end_season(GUILD, "Spring", BOSS)
    final = league.final
    assert final is not None and final.tables[0].players == tuple(top) and len(made) == 3  # 2 tables, the final
    for refused in (leagues.open_round(GUILD, "Spring", BOSS), leagues.end_season(GUILD, "Spring", BOSS)):
        with pytest.raises(LeagueRefusal) as why:
            await refused
        assert why.value.message.key == "league.refusal.final_open"
    match_id = final.tables[0].match_id
    for player, take in ((top[0], 1), (top[1], 2), (top[0], 1), (top[1], 3)):  # the second seed takes the last stone
        assert await leagues.standings(await current(leagues)) == before  # the final earns no points
        await leagues.matches.playing.play(match_id, player, f"take {take}")
    await leagues.settled()  # the final's end archives the season at once, without the clock

    (archive,) = await leagues.seasons(await current(leagues))
    assert archive.final_match == match_id and archive.champion == top[1]
    assert list(archive.ranking) == [top[1], top[0], *(s.player for s in before[2:])]
    assert archive.rounds == 1 and match_id not in archive.matches
    after = await current(leagues)
    assert after.season == 2 and after.rounds == () and after.settings.ends_at is None
    assert news == [("round_opened", 1), ("round_closed", 1), ("final_opened", 2), ("season_ended", top[1])]


async def test_voiding_the_final_or_a_match_of_an_archived_season_ranks_that_season_again(world):
    """The season is archived with its final; voiding the final gives the title to the standings' leader,
    voiding a round's match changes the archived standings, and restoring both brings the season back."""
    service, clock, _ = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3, final_players=2)
    await everyone_resigns(leagues, (await leagues.open_round(GUILD, "Spring", BOSS)).rounds[0])
    final = (await leagues.end_season(GUILD, "Spring", BOSS)).final.tables[0]
    second_seed = final.players[1]
    for player, take in ((final.players[0], 1), (second_seed, 2), (final.players[0], 1), (second_seed, 3)):
        await leagues.matches.playing.play(final.match_id, player, f"take {take}")  # the second seed wins the final
    await leagues.settled()
    league = await current(leagues)
    (archived,) = await leagues.seasons(league)
    assert archived.champion == second_seed and archived.final_match == final.match_id

    (reranked,) = await leagues.void(final.match_id, GUILD, True)
    assert reranked[0].id == league.id and reranked[1].final_match is None
    assert reranked[1].champion == archived.standings[0].player != second_seed  # the standings' leader
    assert await leagues.seasons(league) == [reranked[1]]

    round_match = next(m for m in archived.matches if m != final.match_id)
    (with_void_round,) = await leagues.void(round_match, GUILD, True)
    out = {p for r in (await leagues.results(GUILD, [round_match]))[0] for p in r.players()}
    assert {s.player for s in with_void_round[1].standings if s.played == 0} >= out
    assert [s.played for s in with_void_round[1].standings] != [s.played for s in archived.standings]

    (restored,) = await leagues.void(final.match_id, GUILD, False)
    assert restored[1].champion == second_seed
    await leagues.void(round_match, GUILD, False)
    assert await leagues.seasons(league) == [archived]  # both restored: the season as it was archived
    assert (await current(leagues)).season == 2  # the current season is left alone

async def test_a_season_length_set_by_an_admin_moves_this_season_end_and_ends_every_season_after(world):
    service, clock, _ = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3, round_days=1)
    start = clock()
    with pytest.raises(LeagueRefusal) as why:
        await leagues.settings(GUILD, "Spring", (False, []), season_days=7)
    assert why.value.message.key == "league.refusal.not_admin"
    league = await leagues.settings(GUILD, "Spring", BOSS, season_days=7)
    assert (league.settings.season_days, league.settings.ends_at) == (7, start + 7 * 86400)

    clock.advance(3 * 24)
    for days, key, words in ((2, "season_length_passed", "a season of 2 days would already be over"),
                             (400, "season_length", "Spring may last 1 to 365 days, not 400")):
        with pytest.raises(LeagueRefusal) as why:  # already over, or longer than a year: the length stays 7 days
            await leagues.settings(GUILD, "Spring", BOSS, season_days=days)
        assert why.value.message.key == f"league.refusal.{key}" and words in why.value.text("en")
        assert (await current(leagues)).settings.ends_at == start + 7 * 86400

    await leagues.settings(GUILD, "Spring", BOSS, round_days=2)  # another setting leaves the season's end alone
    assert (await current(leagues)).settings.ends_at == start + 7 * 86400
    clock.advance(4 * 24)
    await leagues.tick()  # the end date passed with no round open: archived, and the next season has its length
    league = await current(leagues)
    assert league.season == 2 and league.settings.ends_at == clock() + 7 * 86400
    assert [a.season for a in await leagues.seasons(league)] == [1]
    league = await leagues.settings(GUILD, "Spring", BOSS, season_days=0)
    assert league.settings.season_days is None and league.settings.ends_at is None  # no end any more

async def test_a_scheduled_final_survives_a_crash_a_finalist_leaving_and_being_voided(world):
    """The season's end date passes: the clock opens the final (the process dies while making its thread and
    the next tick seats it); the leader leaves the league; the deadline voids the final: the standings decide
    among the members."""
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3, final_players=3, at_deadline="void",
                              round_days=1, ends_at=clock() + 2 * 86400)
    await everyone_resigns(leagues, (await leagues.open_round(GUILD, "Spring", BOSS)).rounds[0])
    top = [s.player for s in await leagues.standings(await current(leagues))]

    async def dies(league, round_, table):
        raise ProcessDied()

    leagues.make_thread = dies
    clock.advance(49)
    with pytest.raises(ProcessDied):
        await leagues.tick()  # the final is saved but not seated
    assert (await current(leagues)).final.tables[0].match_id is None
    restarted = service()
    await restarted.tick()
    final = (await current(restarted)).final
    assert final.tables[0].players == tuple(top[:3]) and final.tables[0].match_id and len(made) == 3

    await restarted.change(GUILD, "Spring", lambda lg: lg.leave(top[0]))
    clock.advance(25)
    await restarted.tick()
    (archive,) = await restarted.seasons(await current(restarted))
    assert (await restarted.matches.table.get(final.tables[0].match_id)).status == "cancelled"
    assert archive.final_match is None and archive.champion == top[1] and list(archive.ranking) == top[1:]
    assert (await current(restarted)).season == 2


async def test_a_ladder_ends_with_a_final_and_counts_no_match_finished_after_it_opened(world):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, format="ladder", final_players=2)
    places = itertools.count(5000)

    async def ladder_match(players):
        match = await leagues.matches.lobby.create(game_key="toy", host_id=players[0], channel_id=CHANNEL,
                                             place_id=next(places), guild_id=GUILD)
        for guest in players[1:]:
            await leagues.matches.lobby.join(match.id, guest)
        await leagues.matches.lobby.start(match.id, players[0])
        await leagues.matches.playing.resign(match.id, players[-1])  # the last seat forfeits; the AI finishes the match
        for player in players[:-1]:
            if (await leagues.matches.table.get(match.id)).status == "running":
                await leagues.matches.playing.resign(match.id, player)

    clock.advance(1)
    await ladder_match(PLAYERS[:3])
    clock.advance(1)
    before = await leagues.standings(await current(leagues))
    assert sum(s.played for s in before) == 3
    league = await leagues.end_season(GUILD, "Spring", BOSS)
    assert league.final.tables[0].players == tuple(s.player for s in before if s.played)[:2] and len(made) == 1
    clock.advance(1)
    await ladder_match(PLAYERS[2:5])  # finished while the final is played: not this season's
    assert await leagues.standings(await current(leagues)) == before


async def test_a_command_changes_the_league_it_named_even_beside_a_league_named_by_a_number(world):
    service, clock, _ = world
    leagues = service()
    await leagues.create(GUILD, CHANNEL, True, name="2", game="toy")
    await leagues.create(GUILD, CHANNEL, True, name="Spring", game="toy")  # its id is 2
    await leagues.change(GUILD, "Spring", lambda lg: lg.join(PLAYERS[0], clock()))
    assert [len(lg.members) for lg in await leagues.all(GUILD)] == [0, 1]


async def play_to_the_end(leagues, match_id):
    """The players of a toy match take a stone each in turn until the heap is empty."""
    while (match := await leagues.matches.table.get(match_id)).status == "running":
        (seat,) = [s for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        await leagues.matches.playing.play(match_id, seat.user_id, "take 1")
    await leagues.settled()


async def winner(leagues, match_id):
    (found,), _ = await leagues.results(GUILD, [match_id])
    return next(s.player for s in found.seats if s.place == 1)


async def test_a_knockout_tournament_runs_its_rounds_with_byes_to_a_final_that_crowns_its_champion(world):
    """Five members at tables of two, the winner of each going through: the first seed sits round 1 out, a seed
    round 2; each round opens the moment the last one closes; the final's winner is the champion. Nothing else
    starts while it runs; it earns no placement points."""
    service, clock, made = world
    leagues = service()
    news = []

    async def announce(league, what, params, nonce):
        news.append((what, params.get("round") or params.get("champion")))

    leagues.announce = announce
    await league_with_members(leagues, min_table=2, max_table=2)
    with pytest.raises(LeagueRefusal) as refused:
        await leagues.start_tournament(GUILD, "Spring", (False, []), Kind.KNOCKOUT)
    assert refused.value.message.key == "league.refusal.not_admin"
    league = await leagues.start_tournament(GUILD, "Spring", BOSS, Kind.KNOCKOUT)
    assert league.tournament.seeds == tuple(PLAYERS)          # nobody is rated yet: the order they joined
    assert [t.players for t in league.rounds[0].tables] == [(102, 105), (103, 104)]
    assert league.tournament.stages[0].byes == (101,)
    for refused_call in (leagues.start_tournament(GUILD, "Spring", BOSS, Kind.ROUND_ROBIN),
                         leagues.open_round(GUILD, "Spring", BOSS), leagues.end_season(GUILD, "Spring", BOSS)):
        with pytest.raises(LeagueRefusal) as refused:
            await refused_call
        assert refused.value.message.key == "league.refusal.tournament_on"
    entrants = list(PLAYERS)
    for number in (1, 2, 3):   # each round seats the winners of the one before and its byes
        league = await current(leagues)
        round_, stage = league.rounds[number - 1], league.tournament.stages[number - 1]
        assert sorted([*(p for t in round_.tables for p in t.players), *stage.byes]) == sorted(entrants)
        entrants = list(stage.byes)
        for table in round_.tables:
            await play_to_the_end(leagues, table.match_id)
            entrants.append(await winner(leagues, table.match_id))
    league = await current(leagues)
    champion = entrants[-1]
    assert league.tournament.over and league.tournament.champion == champion
    assert league.tournament.stages[-1].final and len(league.rounds) == 3 and len(made) == 4
    assert news == [("tournament_round", 1), ("tournament_round", 2), ("tournament_round", 3),
                    ("tournament_over", champion)]
    assert all(s.points == 0 for s in await leagues.standings(league))   # no placement points
    await leagues.open_round(GUILD, "Spring", BOSS)                        # the league goes on


async def test_a_ladder_counts_no_match_of_its_tournament(world):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=2, format="ladder")
    league = await leagues.start_tournament(GUILD, "Spring", BOSS, Kind.KNOCKOUT)
    while (league := await current(leagues)).tournament_running:
        for table in league.current_round.tables:
            await play_to_the_end(leagues, table.match_id)
    assert league.tournament.champion is not None and len(league.tournament_matches()) == 4
    assert all(s.points == 0 and s.played == 0 for s in await leagues.standings(league))


async def test_a_tournament_round_that_cannot_be_seated_is_taken_back_and_seated_again_by_the_clock(world):
    """The first round refused: the tournament was never started. A later round refused: the round is taken
    back, and the clock seats it again once Discord lets it."""
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=2)
    real = leagues.make_thread
    refusing = True

    async def refused(league, round_, table):
        if refusing:
            raise ConnectionError("Discord refused")
        return await real(league, round_, table)

    leagues.make_thread = refused
    with pytest.raises(LeagueRefusal) as why:
        await leagues.start_tournament(GUILD, "Spring", BOSS, Kind.KNOCKOUT)
    assert why.value.message.key == "league.refusal.round_not_seated"
    assert (await current(leagues)).tournament is None and (await current(leagues)).rounds == ()
    refusing = False
    league = await leagues.start_tournament(GUILD, "Spring", BOSS, Kind.KNOCKOUT)
    refusing = True
    for table in league.rounds[0].tables:
        await play_to_the_end(leagues, table.match_id)
    league = await current(leagues)
    assert [r.number for r in league.rounds] == [1] and league.current_round is None and league.tournament_running
    for _ in range(2):
        await leagues.tick()                                  # still refused: nothing changes
    assert len((await current(leagues)).tournament.stages) == 1
    refusing = False
    await leagues.tick()
    league = await current(leagues)
    assert [r.number for r in league.rounds] == [1, 2] and all(t.match_id for t in league.rounds[1].tables)
    assert len(league.tournament.stages) == 2


async def test_a_round_robin_seats_everyone_until_all_have_met_and_crowns_the_most_points(world):
    service, clock, made = world
    leagues = service()
    await league_with_members(leagues, min_table=2, max_table=3)
    league = await leagues.start_tournament(GUILD, "Spring", BOSS, Kind.ROUND_ROBIN)
    while (league := await current(leagues)).tournament_running:
        round_ = league.current_round
        assert sorted(p for t in round_.tables for p in t.players) == sorted(PLAYERS)   # everyone, every round
        for table in round_.tables:
            await play_to_the_end(leagues, table.match_id)
    played = await leagues.tournament_played(league)
    met = {frozenset((a, b)) for tables in played for t in tables for a in t.players for b in t.players if a < b}
    assert len(met) == 10 and len(played) <= len(PLAYERS) - 1    # every pair met, within n - 1 rounds
    points: dict[int, float] = {}
    for tables in played:   # placement points: tied players share the mean of the places they cover
        for t in tables:
            scale = default_points(len(t.result.seats))
            for seat in t.result.seats:
                tied = sum(other.place == seat.place for other in t.result.seats)
                share = sum(scale[seat.place - 1:seat.place - 1 + tied]) / tied
                points[seat.player] = points.get(seat.player, 0) + share
    assert points[league.tournament.champion] == max(points.values())
