"""The match-ended event: once per match, with the outcome, from the commit path; a crash between the
commit and the delivery, or a failing subscriber, delays it but never loses it."""

from bot.services import MatchEnded, MatchServices, ended_event
from bot.storage import SqliteStorage

from .fakes import RecordingPresenter
from .test_services import BOB, HOST, lobby, play_to_the_end, started


def recording(service):
    heard: list[MatchEnded] = []

    async def subscriber(event):
        heard.append(event)

    service.core.ended.subscribe(subscriber)
    return heard


async def test_a_finished_match_is_announced_once_with_its_outcome(service, storage):
    heard = recording(service)
    match = await started(service, BOB, ai=1, league_id=12)
    match = await play_to_the_end(service, match)
    await service.timekeeper.tick()  # a later delivery does not repeat it
    await service.timekeeper.deliver_pending()
    (event,) = heard
    result = await storage.result(match.id)
    assert event == await ended_event(storage, match.id)
    assert (event.match_id, event.game, event.variant, event.guild_id, event.league_id, event.status) == (
        match.id, "toy", {"heap": 7}, 9, 12, "over")
    assert event.finished_at == result.finished_at
    by_seat = {s.seat: s for s in event.seats}
    assert [(s.user_id, s.human, s.ai) for s in event.seats] == [(HOST, True, None), (BOB, True, None),
                                                                  (None, False, "random")]
    scores = result.outcome["scores"]
    assert {s: r.score for s, r in by_seat.items()} == {int(k): v for k, v in scores.items()}
    winner = result.outcome["ranking"][0]
    assert by_seat[winner].place == 1
    # The toy game: everyone but the winner scores 0 and they share second place.
    assert sorted(r.place for r in event.seats) == [1, 2, 2]
    assert MatchEnded.from_json(event.to_json()) == event


async def test_an_abandoned_match_is_announced_once_without_places(service):
    heard = recording(service)
    match = await started(service, BOB, resign="end")
    await service.playing.resign(match.id, BOB)
    (event,) = heard
    assert event.status == "abandoned" and event.league_id is None
    assert [(s.user_id, s.resigned, s.place, s.score) for s in event.seats] == [(HOST, False, None, None),
                                                                                 (BOB, True, None, None)]


async def test_a_cancelled_lobby_or_match_is_not_a_result(service):
    heard = recording(service)
    await service.lobby.cancel((await lobby(service, BOB)).id, HOST, is_manager=False)
    await service.lobby.cancel((await started(service, BOB, place=78)).id, HOST, is_manager=False)
    assert heard == []


async def test_a_crash_after_the_last_step_delivers_the_event_at_start_up(db_path, clock):
    storage = SqliteStorage(db_path)
    await storage.open()
    service = MatchServices(storage, RecordingPresenter(), now=clock, new_seed=lambda: 4)
    heard_before = recording(service)
    match = await started(service, BOB)

    async def crash(match_id, *args, **kwargs):  # the process dies after each commit, before any delivery
        return None

    service.core.courier.deliver = crash
    match = await play_to_the_end(service, match)
    assert match.status == "over" and heard_before == []
    await storage.close()

    storage = SqliteStorage(db_path)  # the restart
    await storage.open()
    try:
        restarted = MatchServices(storage, RecordingPresenter(), now=clock)
        heard = recording(restarted)
        await restarted.timekeeper.resume()
        await restarted.timekeeper.resume()
        assert [e.match_id for e in heard] == [match.id]
        assert heard[0] == await ended_event(storage, match.id)
    finally:
        await storage.close()


async def test_a_failing_subscriber_hears_it_again_and_the_table_is_not_held_back(service, presenter):
    calls: list[int] = []

    async def flaky(event):
        calls.append(event.match_id)
        if len(calls) == 1:
            raise RuntimeError("the league database is down")

    service.core.ended.subscribe(flaky)
    match = await play_to_the_end(service, await started(service, BOB))
    assert calls == [match.id] and presenter.finals  # the final score was shown all the same
    await service.timekeeper.tick()
    await service.timekeeper.tick()
    assert calls == [match.id, match.id]  # offered again once, then delivered for good
