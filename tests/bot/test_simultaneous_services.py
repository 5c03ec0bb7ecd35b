"""Simultaneous choices through the services, on the toy Blind Bid (tests/support/simultaneous.py): every
seat picks a card in secret (pick, then confirm); the cards are revealed together when the last is in."""

import asyncio

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")
from bot.services import Refusal, StaleBoard

from .test_services import BOB, CAROL, HOST, started

USERS = (HOST, BOB, CAROL)


def awaited(match):
    return sorted(s.user_id for s in match.seats if s.awaited_since is not None and not s.plays_ai)


async def bid(service, *players, **kw):
    return await started(service, *players, game="blind-bid", **kw)


async def test_each_seat_is_judged_on_its_own_situation(service, storage):
    match = await bid(service, BOB, CAROL)
    assert awaited(match) == sorted(USERS)
    drawn = match.state_id  # every player's panel was drawn on this board
    await service.playing.play(match.id, HOST, "play 3", state_id=drawn)
    await service.playing.play(match.id, BOB, "play 2", state_id=drawn)  # the host's pick left Bob's panel in play
    with pytest.raises(StaleBoard):  # the host's own situation moved on: a retried click never applies twice
        await service.playing.play(match.id, HOST, "play 3", state_id=drawn)
    now = await service.table.get(match.id)
    await service.playing.play(match.id, HOST, "confirm", state_id=now.state_id)
    await service.playing.play(match.id, CAROL, "play 1", state_id=drawn)
    await service.playing.play(match.id, CAROL, "confirm", state_id=(await service.table.get(match.id)).state_id)
    match = await service.table.get(match.id)
    assert awaited(match) == [BOB]  # Bob alone still choosing
    assert [e.seat for e in await storage.log(match.id)] == [0, 1, 0, 2, 2]


async def test_two_players_clicking_at_the_same_moment_both_count_and_a_double_click_once(service, storage):
    match = await bid(service, BOB)
    drawn = match.state_id
    outcomes = await asyncio.gather(
        service.playing.play(match.id, HOST, "play 2", state_id=drawn), service.playing.play(match.id, BOB, "play 4", state_id=drawn),
        service.playing.play(match.id, HOST, "play 2", state_id=drawn), service.playing.play(match.id, BOB, "play 4", state_id=drawn),
        return_exceptions=True)
    assert [type(o).__name__ for o in outcomes] == ["PlayResult", "PlayResult", "StaleBoard", "StaleBoard"]
    state = service.core.game_of(match).load_state((await service.table.get(match.id)).state)
    assert [branch[-1].card for branch in state.tasks[-1].branches.values()] == [2, 4]
    assert len(await storage.log(match.id)) == 2


async def test_the_table_shows_who_has_chosen_never_what(service, presenter):
    match = await bid(service, BOB)
    assert presenter.tables[-1].new_turn and set(presenter.alerted()) == {HOST, BOB}  # both pinged at once
    first = await service.playing.play(match.id, HOST, "play 4")
    assert first.panel is not None and first.panel.prompt.key == "blind_bid.ask.confirm"  # the next question
    assert not first.waiting  # still choosing: nobody to wait for yet
    done = await service.playing.play(match.id, HOST, "confirm")
    assert done.panel is None and [e.key for e in done.private] == ["blind_bid.ev.chosen_private"]
    assert [m.text("en") for m in done.waiting] == ["Blue"]  # told whom the round now waits for
    table = presenter.tables[-1]
    assert not table.new_turn and [s.user_id for s in table.awaited] == [BOB]
    told = [e.text("en") for e in table.events]
    assert "Player 1 has chosen." in " ".join(told) and not any("4" in line for line in told)
    assert table.status[0].text("en") == "Round 1 of 3: 1 still choosing"
    await service.playing.play(match.id, BOB, "play 1")
    last = await service.playing.play(match.id, BOB, "confirm")
    assert not last.waiting  # the last to choose: the round goes on
    table = presenter.tables[-1]
    assert table.new_turn and set(presenter.alerted()[-2:]) == {HOST, BOB}  # round 2: both announced again
    assert any("the cards are 4, 1" in e.text("en") for e in table.events)


async def test_undo_is_refused_while_a_simultaneous_choice_is_open(service):
    match = await bid(service, BOB)
    await service.playing.play(match.id, HOST, "play 4")
    for user in (HOST, BOB):
        with pytest.raises(Refusal) as refused:
            await service.playing.undo(match.id, user)
        assert refused.value.message.key in ("bot.refusal.undo_simultaneous", "bot.refusal.undo_not_yours")
    with pytest.raises(Refusal) as refused:
        await service.playing.undo(match.id, HOST)
    assert "choosing at the same time" in refused.value.text("en")
    assert "contemporaneamente" in refused.value.text("it")
    await service.playing.play(match.id, HOST, "back")  # the way to change one's mind before confirming
    await service.playing.play(match.id, HOST, "play 2")
    await service.playing.play(match.id, HOST, "confirm")
    with pytest.raises(Refusal) as refused:  # confirmed while Bob still chooses: no taking back either
        await service.playing.undo(match.id, HOST)
    assert refused.value.message.key == "bot.refusal.undo_simultaneous"


async def test_each_waiting_seat_has_its_own_clock(service, presenter, clock, storage):
    match = await bid(service, BOB, clock_hours=10)
    assert sorted({r.seat for r in await storage.reminders(match.id)}) == [0, 1]
    clock.advance(2)
    await service.playing.play(match.id, HOST, "play 5")
    await service.playing.play(match.id, HOST, "confirm")
    assert {r.seat for r in await storage.reminders(match.id)} == {1}  # the host has chosen: no reminders
    clock.advance(3.5)
    await service.timekeeper.tick()
    assert [user for user, _ in presenter.reminders] == [BOB]
    clock.advance(5)
    await service.timekeeper.tick()  # Bob's clock ran out: the AI chooses for him, the round is revealed
    match = await service.table.get(match.id)
    log = await storage.log(match.id)
    assert [(e.seat, e.by_ai) for e in log[-2:]] == [(1, True), (1, True)]
    assert awaited(match) == [HOST, BOB]  # round 2: Bob's seat is his again, with a full clock for both
    assert not (await service.table.get(match.id)).seat(1).plays_ai
    reminders = await storage.reminders(match.id)
    assert {r.seat for r in reminders} == {0, 1} and min(r.due_at for r in reminders) == clock.t + 5 * 3600


async def test_players_choosing_at_once_get_their_question_by_dm_unless_answering_or_closed(service, presenter):
    """Each seat that must choose at once with others is told by one DM carrying its question, its buttons,
    its private news (at the start: its starting hand) and its hand; the player whose step opened the round
    reads the question in their reply (and is mentioned at the table); closed DMs fall back to the mention."""
    presenter.closed_dms.add(CAROL)
    match = await bid(service, BOB, CAROL)
    notices = dict(presenter.turn_notices)
    assert sorted(notices) == [HOST, BOB] and [a.user_id for a in presenter.tables[-1].alerts] == [CAROL]
    for user, turn in notices.items():
        assert turn.panel.seat == match.seat_of(user).seat and turn.panel.prompt.key == "blind_bid.ask.pick"
        assert [e.key for e in turn.events] == ["bot.dm.starting_hand"]  # one DM, not a second one for the hand
    assert [user for user, _ in presenter.privates] == []
    for user in (HOST, BOB, CAROL):
        await service.playing.play(match.id, user, "play 1")
        last = await service.playing.play(match.id, user, "confirm")
    assert last.panel is not None  # Carol chose last: her reply asks round 2's question
    new = presenter.turn_notices[2:]
    assert sorted(user for user, _ in new) == [HOST, BOB] and all(turn is not None for _, turn in new)
    assert [a.user_id for a in presenter.tables[-1].alerts] == [CAROL]


async def test_a_turn_is_announced_once_when_the_bot_dies_between_posting_the_table_and_noting_it(
        service, presenter, storage, clock, monkeypatch):
    """Bob's confirm opens round 2: the table mentions him (his reply asks the question), and the bot dies
    before noting the table delivered. Started again, it delivers the table again (the same nonce: the same
    message, no new ping) and must not also send Bob a DM with the question."""
    from bot.services import MatchServices
    from bot.services.courier import Courier

    match = await bid(service, BOB)
    for user in (HOST, BOB):
        await service.playing.play(match.id, user, "play 1")
    await service.playing.play(match.id, HOST, "confirm")
    real, crashed = Courier._done, []

    async def dies_after_posting_the_table(courier, match, items, **message_ids):
        if not crashed and any(i.kind == "table" for i in items):
            crashed.append(match.id)
            raise ConnectionError("the process died")
        await real(courier, match, items, **message_ids)

    monkeypatch.setattr(Courier, "_done", dies_after_posting_the_table)
    dms_before = len(presenter.turn_nonces)
    await service.playing.play(match.id, BOB, "confirm")
    assert crashed and presenter.tables[-1].new_turn and BOB in [a.user_id for a in presenter.tables[-1].alerts]
    restarted = MatchServices(storage, presenter, now=clock)
    await restarted.timekeeper.resume()
    assert [(a.user_id, u.nonce) for u in presenter.tables[-2:] for a in u.alerts if a.user_id == BOB] == [
        (BOB, presenter.tables[-1].nonce)] * 2  # the same table message, posted once on Discord
    assert {user for user, _ in set(presenter.turn_nonces[dms_before:])} == {HOST}  # Bob: no DM besides the mention
    assert len(set(presenter.turn_nonces[dms_before:])) == 1  # the host's, sent again: one message on Discord
    assert await storage.pending(match.id) == []
