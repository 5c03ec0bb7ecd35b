"""Match services against a real (temporary) SQLite database, a recording presenter and a hand clock."""

import asyncio
import time
from unittest.mock import ANY

import pytest

from bot.services import MatchServices, MatchSettings, Refusal, StaleBoard, pictures
from bot.storage import make_storage

# The services' contract with storage holds on every backend: each test here runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.every_backend

HOST, BOB, CAROL, DAVE, EVE = 1, 2, 3, 4, 5


async def lobby(service, *players, ai=0, game="toy", place=77, **settings):
    match = await service.lobby.create(game_key=game, host_id=HOST, channel_id=70, place_id=place, guild_id=9,
                                 settings=MatchSettings(**settings) if settings else None)
    for user in players:
        await service.lobby.join(match.id, user)
    for _ in range(ai):
        await service.lobby.add_ai(match.id, HOST, "easy")
    return match


async def started(service, *players, ai=0, **kw):
    match = await lobby(service, *players, ai=ai, **kw)
    return await service.lobby.start(match.id, HOST)


def awaited_user(match):
    return next(s.user_id for s in match.seats if s.awaited_since is not None and not s.plays_ai)


async def play_to_the_end(service, match):
    """Humans always take 1 stone (the default-free first legal step); AIs play by themselves."""
    for _ in range(100):
        match = await service.table.get(match.id)
        if match.status != "running":
            return match
        await service.playing.play(match.id, awaited_user(match), "take 1", state_id=match.state_id)
    raise AssertionError("the match did not end")


async def assert_replays(service, match):
    game = service.core.game_of(match)
    assert game.dump_state(await service.core.replay(match)) == match.state


# ---- lobby ---------------------------------------------------------------------------------------------
async def test_lobby_join_leave_and_limits(service, presenter):
    match = await lobby(service, BOB, CAROL)
    with pytest.raises(Refusal, match="already"):
        await service.lobby.join(match.id, BOB)
    await service.lobby.join(match.id, DAVE)
    with pytest.raises(Refusal) as full:
        await service.lobby.join(match.id, EVE)
    assert full.value.message.key == "bot.refusal.lobby_full"
    await service.lobby.leave(match.id, BOB)
    match = await service.table.get(match.id)
    assert [(s.seat, s.user_id) for s in match.seats] == [(0, HOST), (1, CAROL), (2, DAVE)]
    assert presenter.lobbies[-1][1] == [(HOST, None), (CAROL, None), (DAVE, None)]  # the lobby message follows


async def test_only_the_host_manages_and_start_needs_a_legal_seat_count(service):
    match = await lobby(service)
    with pytest.raises(Refusal) as few:
        await service.lobby.start(match.id, HOST)
    assert few.value.message.key == "bot.refusal.seat_count"
    await service.lobby.join(match.id, BOB)
    for attempt in (service.lobby.start(match.id, BOB), service.lobby.add_ai(match.id, BOB), service.lobby.cancel(match.id, BOB,
                                                                                                 is_manager=False)):
        with pytest.raises(Refusal) as refused:
            await attempt
        assert refused.value.message.key == "bot.refusal.host_only"
    await service.lobby.cancel(match.id, BOB, is_manager=True)  # a server manager may cancel
    assert (await service.table.get(match.id)).status == "cancelled"


async def test_cancelling_a_running_match_tells_the_players(service, presenter, storage):
    match = await started(service, BOB)
    await service.lobby.cancel(match.id, HOST, is_manager=False)
    assert presenter.finals[-1].reason.key == "bot.match.cancelled" and presenter.finals[-1].outcome is None
    assert await storage.reminders(match.id) == []
    with pytest.raises(Refusal):
        await service.playing.play(match.id, awaited_user(match), "take 1")


async def test_one_live_match_per_place(service):
    await lobby(service, place=5)
    with pytest.raises(Refusal) as taken:
        await lobby(service, place=5)
    assert taken.value.message.key == "bot.refusal.place_taken"
    await lobby(service, place=6)


# ---- a whole match ---------------------------------------------------------------------------------------
async def test_a_three_seat_match_with_an_ai_plays_to_the_end_and_stores_its_result(service, presenter, storage):
    match = await started(service, BOB, ai=1)
    assert presenter.tables and presenter.tables[0].new_turn  # the first human to act is pinged
    assert presenter.alerted() == [awaited_user(match)]
    match = await play_to_the_end(service, match)
    assert match.status == "over"
    result = await storage.result(match.id)
    assert result.status == "over" and set(result.outcome["scores"]) == {"0", "1", "2"}
    assert presenter.finals[-1].outcome is not None
    assert any(e.by_ai for e in await storage.log(match.id))
    assert await storage.reminders(match.id) == []  # a finished match leaves no reminders behind
    await assert_replays(service, match)


async def test_ai_seats_play_until_a_human_must_act(service, presenter):
    match = await started(service, ai=1, game="toy")  # host + one AI: the host moves first in the toy game
    await service.playing.play(match.id, HOST, "take 1")
    match = await service.table.get(match.id)
    assert awaited_user(match) == HOST  # the AI already answered
    game = service.core.game_of(match)
    assert game.load_state(match.state).heap == 7 - 1 - game.load_state(match.state).taken[1]


async def test_not_your_turn_and_not_a_player_are_refused_with_the_rule(service):
    match = await started(service, BOB, CAROL)
    waiting = next(u for u in (HOST, BOB, CAROL) if u != awaited_user(match))
    with pytest.raises(Exception) as refused:
        await service.playing.play(match.id, waiting, "take 1")
    assert refused.value.message.key == "core.not_your_turn"
    with pytest.raises(Refusal) as outsider:
        await service.playing.play(match.id, EVE, "take 1")
    assert outsider.value.message.key == "bot.refusal.not_a_player"
    with pytest.raises(Exception) as bad:
        await service.playing.play(match.id, awaited_user(match), "take 9")
    assert bad.value.message.key == "core.malformed"


async def test_many_simultaneous_clicks_on_one_board_apply_exactly_one_step(service, storage):
    match = await started(service, BOB, CAROL)
    user = awaited_user(match)
    outcomes = await asyncio.gather(
        *(service.playing.play(match.id, user, "take 1", state_id=match.state_id) for _ in range(15)),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert all(isinstance(o, StaleBoard) for o in outcomes if isinstance(o, Exception))
    assert len(await storage.log(match.id)) == 1


async def test_a_stale_board_is_refused_politely(service):
    """Stale is judged per seat: a board is stale for a player once their own situation moved on."""
    match = await started(service, BOB, CAROL)
    first = awaited_user(match)
    await service.playing.play(match.id, first, "take 1", state_id=match.state_id)
    now = await service.table.get(match.id)
    second = awaited_user(now)
    await service.playing.play(now.id, second, "take 1", state_id=now.state_id)
    with pytest.raises(StaleBoard) as stale:  # a retry of the first click, after two more steps
        await service.playing.play(now.id, first, "take 1", state_id=match.state_id)
    assert stale.value.match_id == match.id
    with pytest.raises(StaleBoard):
        await service.playing.play(now.id, second, "take 1", state_id=now.state_id)


async def test_the_table_is_posted_anew_to_ping_and_edited_when_nobody_new_must_act(service, presenter):
    match = await started(service, BOB)
    assert presenter.tables[-1].new_turn
    user = awaited_user(match)
    await service.playing.play(match.id, user, "take 1")
    assert presenter.tables[-1].new_turn  # the other player must now be pinged
    await service.playing.undo(match.id, user)
    assert not presenter.tables[-1].new_turn  # the undoing player is told by the reply to /undo: no ping
    await service.playing.play(match.id, user, "take 1")
    assert not presenter.tables[-1].new_turn  # the other player was told of this turn before it was taken back
    await service.playing.undo(match.id, user)
    await service.playing.resign(match.id, BOB if user == HOST else HOST)
    assert not presenter.tables[-1].new_turn  # an AI took the other seat; the same player still acts
    assert presenter.alerted() == [user, BOB if user == HOST else HOST]


async def test_a_turn_taken_back_is_announced_once_and_its_dm_shows_it_as_it_stands(service, presenter):
    """Twice taken back and played again: the next player is told once, by one DM, which loses its buttons
    while the step before it is taken back and shows the question again when it is played again."""
    match = await started(service, BOB)
    user = awaited_user(match)
    other = BOB if user == HOST else HOST
    await service.preferences.set_turn_alert(other, "dm")
    for _ in range(2):
        await service.playing.play(match.id, user, "take 1")
        await service.playing.undo(match.id, user)
    await service.playing.play(match.id, user, "take 2")
    assert presenter.alerted() == [user, other]
    (dm,) = [dm for u, dm in presenter.turn_dm_ids if u == other]
    assert presenter.retold == [(other, dm, None), (other, dm, ANY), (other, dm, None), (other, dm, ANY)]
    assert presenter.retold[-1][2].panel.match.state_id == (await service.table.get(match.id)).state_id  # its buttons work


# ---- restart -----------------------------------------------------------------------------------------
async def test_a_restart_loses_nothing(database_url, presenter, clock):
    first = make_storage(database_url)
    await first.open()
    service = MatchServices(first, presenter, now=clock, new_seed=lambda: 42)
    match = await started(service, BOB, ai=1)
    await service.playing.play(match.id, awaited_user(match), "take 1")
    await first.close()

    again = make_storage(database_url)
    await again.open()
    restarted = MatchServices(again, presenter, now=clock)
    match = await restarted.table.match_here(77)
    assert await again.reminders(match.id)  # the clock is still ticking for whoever must act
    match = await play_to_the_end(restarted, match)
    assert match.status == "over"
    await assert_replays(restarted, match)
    await again.close()


# ---- undo ---------------------------------------------------------------------------------------------
async def test_undo_takes_back_only_your_own_last_step(service, storage):
    match = await started(service, BOB, game="toy-peek")
    first = awaited_user(match)
    await service.playing.play(match.id, first, "take 1")
    with pytest.raises(Refusal) as other:
        second = awaited_user(await service.table.get(match.id))
        await service.playing.undo(match.id, second)
    assert other.value.message.key == "bot.refusal.undo_not_yours"
    await service.playing.undo(match.id, first)
    match = await service.table.get(match.id)
    assert awaited_user(match) == first
    assert service.core.game_of(match).load_state(match.state).heap == 7
    await assert_replays(service, match)
    with pytest.raises(Refusal) as nothing:
        await service.playing.undo(match.id, first)
    assert nothing.value.message.key == "bot.refusal.undo_nothing"


async def test_undo_never_crosses_a_reveal(service):
    match = await started(service, BOB, game="toy-peek")
    first = awaited_user(match)
    await service.playing.play(match.id, first, "take 3")  # draws a secret: cannot be taken back
    with pytest.raises(Refusal) as refused:
        await service.playing.undo(match.id, first)
    assert refused.value.message.key == "bot.refusal.undo_reveal"


async def test_undo_never_crosses_an_ai_step(service):
    match = await started(service, ai=1)
    await service.playing.play(match.id, HOST, "take 1")  # the AI answers at once
    with pytest.raises(Refusal) as refused:
        await service.playing.undo(match.id, HOST)
    assert refused.value.message.key == "bot.refusal.undo_not_yours"


# ---- forced steps ---------------------------------------------------------------------------------------
async def test_a_question_with_one_answer_is_answered_for_the_player_and_said_in_their_reply(service, storage):
    match = await started(service, BOB, game="toy-end")
    first = awaited_user(match)
    result = await service.playing.play(match.id, first, "take 2", state_id=match.state_id)
    assert [m.params for m in result.forced] == [{"n": "end"}]  # "end" was their only answer
    assert result.panel is None  # the turn went on to the next player
    match = await service.table.get(match.id)
    assert awaited_user(match) != first
    steps = [(e.notation, e.by_ai, e.undoable, e.forced) for e in await storage.log(match.id)]
    assert steps == [("take 2", False, True, False), ("end", True, True, True)]
    await assert_replays(service, match)


async def test_undo_takes_back_the_forced_steps_with_the_step_before_them(service, storage):
    match = await started(service, BOB, game="toy-end")
    first = awaited_user(match)
    await service.playing.play(match.id, first, "take 2")
    second = awaited_user(await service.table.get(match.id))
    with pytest.raises(Refusal) as other:
        await service.playing.undo(match.id, second)  # the last step chosen is the first player's
    assert other.value.message.key == "bot.refusal.undo_not_yours"
    await service.playing.undo(match.id, first)
    match = await service.table.get(match.id)
    state = service.core.game_of(match).load_state(match.state)
    assert (awaited_user(match), state.heap, state.ending) == (first, 7, 0)
    await assert_replays(service, match)
    await service.playing.play(match.id, first, "take 1")  # and the match goes on from there
    assert service.core.game_of(match).load_state((await service.table.get(match.id)).state).heap == 6


async def test_a_question_with_one_answer_that_reveals_is_asked(service):
    match = await started(service, BOB, game="toy-end")
    first = awaited_user(match)
    result = await service.playing.play(match.id, first, "take 3")  # ending now draws a secret: the player's own click
    assert result.forced == [] and [c.notation for c in result.panel.choices] == ["end"]
    assert awaited_user(await service.table.get(match.id)) == first
    await service.playing.play(match.id, first, "end")
    with pytest.raises(Refusal) as refused:
        await service.playing.undo(match.id, first)
    assert refused.value.message.key == "bot.refusal.undo_reveal"


async def test_the_steps_a_click_plays_after_its_first_are_the_bots_and_one_that_revealed_stays(service, storage):
    """A click of several steps (a suggested turn, several answers at once): the steps after the first are logged
    as the bot's, for the player; one that reveals something cannot be taken back, and /undo says why."""
    match = await started(service, BOB, game="toy-end")
    first = awaited_user(match)
    game = service.core.game_of(match)
    await service.playing.play(match.id, first, "take 3", state_id=match.state_id, then=[game.parse_action("end")])
    steps = [(e.notation, e.by_ai, e.undoable) for e in await storage.log(match.id)]
    assert steps == [("take 3", False, True), ("end", True, False)]  # ending drew a secret
    with pytest.raises(Refusal) as refused:
        await service.playing.undo(match.id, first)
    assert refused.value.message.key == "bot.refusal.undo_reveal"
    await assert_replays(service, await service.table.get(match.id))


async def test_a_move_typed_by_hand_is_offered_alone_even_when_it_begins_the_suggested_turn(service):
    """/play with a move typed by hand: the panel's one click plays that move, not the suggested turn it begins."""
    match = await started(service, BOB, CAROL, game="al-rashid")
    for _ in range(30):
        match = await service.table.get(match.id)
        user = awaited_user(match)
        panel = await service.playing.panel(match.id, user, "en")
        if panel.then:
            break
        await service.playing.play(match.id, user, panel.choices[0].notation, state_id=match.state_id)
    assert panel.then, "no suggested turn of several steps was offered"
    proposed = await service.playing.proposal(match.id, user, panel.suggested.notation, "en")
    assert proposed.suggested == panel.suggested and proposed.then == []


# ---- private information -----------------------------------------------------------------------------------
async def test_private_news_of_a_step_comes_in_the_reply_and_otherwise_by_dm(service, presenter, storage):
    match = await started(service, BOB, game="toy-peek")
    assert sorted(user for user, _ in presenter.privates) == sorted([HOST, BOB])  # their starting hands
    presenter.privates.clear()
    first = awaited_user(match)
    seat = match.seat_of(first).seat
    shown = await service.playing.play(match.id, first, "take 3")
    assert [e.audience for e in shown.private] == [frozenset({seat})] and shown.hand_png is None  # toy: no pictures
    assert presenter.privates == []  # held for the reply...
    await service.playing.settle(shown, shown=True)  # ...which showed it: delivered, never sent again
    assert await storage.pending(match.id) == [] and presenter.privates == []
    second = awaited_user(await service.table.get(match.id))
    lost = await service.playing.play(match.id, second, "take 3")
    await service.playing.settle(lost, shown=False)  # the reply failed: the news goes by DM after all
    assert [user for user, _ in presenter.privates] == [second]
    assert all(e.audience is None for update in presenter.tables for e in update.events)


async def test_the_reply_to_a_step_is_worked_out_while_the_table_is_posted_and_comes_after_it(
        service, presenter, monkeypatch):
    """Drawing and posting the table take time: the player's hand for their reply is drawn meanwhile, and the
    reply still comes once the table is posted."""
    match = await started(service, BOB, game="toy-peek")
    loop = asyncio.get_running_loop()
    hand_drawn = asyncio.Event()

    def hand_png(view, locale):
        loop.call_soon_threadsafe(hand_drawn.set)
        return b"the hand"

    async def show_table(update, post=presenter.show_table):
        await asyncio.wait_for(hand_drawn.wait(), timeout=5)  # while the table's own picture is drawn
        return await post(update)

    monkeypatch.setattr(pictures, "hand_png", hand_png)
    monkeypatch.setattr(presenter, "show_table", show_table)
    tables = len(presenter.tables)
    shown = await service.playing.play(match.id, awaited_user(match), "take 3")
    assert shown.hand_png == b"the hand" and len(presenter.tables) == tables + 1


async def test_the_player_s_hand_is_drawn_once_the_table_s_picture_is_not_beside_it(service, presenter, monkeypatch):
    """Two drawings at once would slow the table on a machine with few cores: the reply's hand waits for the
    table's picture (and is drawn while the table is posted)."""
    match = await started(service, BOB, game="toy-peek")
    drawn: list[str] = []

    def focus_png(view, locale):
        time.sleep(0.2)  # a picture that takes a while: the hand must not start meanwhile
        drawn.append("table")
        return b"the table"

    def hand_png(view, locale):
        drawn.append("hand")
        return b"the hand"

    monkeypatch.setattr(pictures, "focus_png", focus_png)
    monkeypatch.setattr(pictures, "hand_png", hand_png)
    shown = await service.playing.play(match.id, awaited_user(match), "take 3")
    assert shown.hand_png == b"the hand" and presenter.tables[-1].picture == b"the table"
    assert drawn == ["table", "hand"]


async def test_closed_dms_fall_back_to_mail_and_a_mention_and_are_not_retried(service, presenter):
    match = await started(service, BOB, CAROL, game="toy-peek")
    first = awaited_user(match)
    presenter.dm_attempts.clear()  # their starting hands went by DM
    presenter.closed_dms.add(first)
    await service.playing.settle(await service.playing.play(match.id, first, "take 3"), shown=False)
    assert presenter.dm_attempts.count(first) == 1
    assert [(m.key, who) for _, m, who in presenter.lines] == [("bot.dm.closed", first)]
    mail = await service.preferences.take_mail(first)
    assert mail, "the private news waits in the mailbox"
    first_seat = (await service.table.get(match.id)).seat_of(first).seat
    assert [e["audience"] for m in mail for e in m.payload["events"]] == [[first_seat]]
    # Next private event: no new DM attempt (no retry into 403s), straight to the mailbox.
    match = await play_until_user(service, match, first)
    await service.playing.play(match.id, first, "take 1")
    assert presenter.dm_attempts.count(first) == 1
    await service.preferences.set_dms(first, True)  # asking for DMs again clears the memory of the refusal
    assert not (await service.core.storage.prefs(first)).dm_closed


async def play_until_user(service, match, user):
    for _ in range(10):
        match = await service.table.get(match.id)
        if awaited_user(match) == user:
            return match
        await service.playing.play(match.id, awaited_user(match), "take 1")
    raise AssertionError


async def test_the_hand_is_the_callers_own_view(service):
    match = await started(service, BOB)
    view, _png = await service.table.hand(match.id, BOB, "en")
    state = service.core.game_of(match).load_state((await service.table.get(match.id)).state)
    assert view.viewer == 1 and view.secret == state.secrets[1]
    with pytest.raises(Refusal):
        await service.table.hand(match.id, EVE, "en")


async def test_the_log_shows_each_player_only_what_they_may_read(service):
    match = await started(service, BOB, game="toy-peek")
    first = awaited_user(match)
    other = BOB if first == HOST else HOST
    await service.playing.play(match.id, first, "take 3")
    mine = [e for line in await service.table.recent_log(match.id, first) for e in line.events]
    theirs = [e for line in await service.table.recent_log(match.id, other) for e in line.events]
    assert any(e.audience for e in mine) and not any(e.audience for e in theirs)


# ---- resign ------------------------------------------------------------------------------------------------
async def test_resign_hands_the_seat_to_an_ai_by_default(service, presenter):
    match = await started(service, BOB, CAROL)
    await service.playing.resign(match.id, BOB)
    match = await service.table.get(match.id)
    bob = match.seat(1)
    assert bob.resigned and bob.plays_ai and match.status == "running"
    assert match.seat_of(BOB) is None
    assert BOB not in {s.user_id for s in match.seats if s.awaited_since and not s.plays_ai}


async def test_resign_ends_the_match_when_the_table_chose_so(service, storage, presenter):
    match = await started(service, BOB, CAROL, resign="end")
    await service.playing.resign(match.id, CAROL)
    match = await service.table.get(match.id)
    assert match.status == "abandoned"
    result = await storage.result(match.id)
    assert result.status == "abandoned" and [s["resigned"] for s in result.seats] == [False, False, True]
    assert presenter.finals[-1].reason.key == "bot.match.resigned"


# ---- the clock ---------------------------------------------------------------------------------------------
async def test_reminders_escalate_then_the_ai_plays_for_the_absent_player(service, presenter, clock, storage):
    match = await started(service, BOB, clock_hours=10)
    user = awaited_user(match)
    for hours, expected in ((4.9, 0), (0.2, 1), (3.0, 2), (1.5, 3)):
        clock.advance(hours)
        await service.timekeeper.tick()
        assert len(presenter.reminders) == expected
    assert [m.key for _, m in presenter.reminders] == ["bot.clock.nudge0", "bot.clock.nudge1", "bot.clock.nudge2"]
    clock.advance(0.5)
    await service.timekeeper.tick()
    match = await service.table.get(match.id)
    assert awaited_user(match) != user  # the AI took the step and the turn moved on
    assert (await storage.log(match.id))[-1].by_ai
    assert presenter.lines[-1][1].key == "bot.clock.ai_played"


async def test_forfeit_at_expiry_follows_the_resign_setting(service, clock, storage):
    match = await started(service, BOB, CAROL, clock_hours=1, on_expiry="forfeit", resign="end")
    clock.advance(1.01)
    await service.timekeeper.tick()
    assert (await service.table.get(match.id)).status == "abandoned"
    assert (await storage.result(match.id)).status == "abandoned"


async def test_snoozed_players_get_no_nudges(service, presenter, clock):
    match = await started(service, BOB, clock_hours=10)
    await service.preferences.snooze(awaited_user(match), 8)
    clock.advance(7)
    await service.timekeeper.tick()
    assert presenter.reminders == []


async def test_reminders_survive_a_restart(database_url, presenter, clock):
    first = make_storage(database_url)
    await first.open()
    match = await started(MatchServices(first, presenter, now=clock), BOB, clock_hours=2)
    await first.close()
    clock.advance(1.1)
    again = make_storage(database_url)
    await again.open()
    await MatchServices(again, presenter, now=clock).timekeeper.tick()
    assert [user for user, _ in presenter.reminders] == [awaited_user(match)]
    await again.close()


async def test_closed_dms_send_reminders_to_the_match_instead(service, presenter, clock):
    match = await started(service, BOB, clock_hours=10)
    user = awaited_user(match)
    presenter.closed_dms.add(user)
    clock.advance(5.1)
    await service.timekeeper.tick()
    assert presenter.lines[-1][2] == user and presenter.lines[-1][1].key == "bot.clock.nudge0"
    assert (await service.core.storage.prefs(user)).dm_closed


# ---- queries ------------------------------------------------------------------------------------------------
async def test_status_mine_and_list(service):
    match = await started(service, BOB)
    status = await service.table.status(match.id)
    assert [s.seat.user_id for s in status.awaited] == [awaited_user(match)]
    assert status.awaited[0].deadline == status.awaited[0].awaited_since + 72 * 3600
    mine = await service.table.mine(awaited_user(match))
    assert mine == [(mine[0][0], True)]
    assert [m.id for m in await service.table.server_matches(9)] == [match.id]


async def test_autocomplete_lists_exactly_the_callers_legal_steps(service):
    match = await started(service, BOB)
    user = awaited_user(match)
    state_id, choices = await service.playing.choices_here(77, user, "en")
    assert state_id == match.state_id and [c.notation for c in choices] == ["take 1", "take 2", "take 3"]
    other = BOB if user == HOST else HOST
    assert (await service.playing.choices_here(77, other, "en"))[1] == []


async def expiry(service, match, user):
    seat = next(s for s in (await service.table.get(match.id)).seats if s.user_id == user)
    return next(r.due_at for r in await service.core.storage.reminders(match.id) if r.seat == seat.seat
                and r.kind == "expire")


async def test_a_break_stops_the_turn_clock_and_tells_the_table(service, presenter, clock):
    """Away for two days an hour into a 10-hour turn: nothing is due until the break is over, and the turn
    ends 10 hours of clock after it began; back a day early, the day not taken is given back."""
    match = await started(service, BOB, clock_hours=10)
    user = awaited_user(match)
    began = clock()
    clock.advance(1)
    prefs = await service.timekeeper.set_away(user, 2)
    assert prefs.away_until == clock() + 2 * 86400
    assert await expiry(service, match, user) == began + (10 + 48) * 3600
    status = await service.table.status(match.id)
    assert [s.deadline for s in status.awaited] == [began + (10 + 48) * 3600]
    assert [(m.key, mention) for _, m, mention in presenter.lines] == [("bot.away.table", None)]
    clock.advance(24)
    await service.timekeeper.tick()
    assert presenter.reminders == []  # half the clock has not run yet: one hour of it has
    await service.timekeeper.set_away(user, 0)
    assert await expiry(service, match, user) == began + (10 + 24) * 3600  # stood still for the 24 hours away
    assert [m.key for _, m, _ in presenter.lines] == ["bot.away.table", "bot.away.back"]
    with pytest.raises(Refusal) as refused:
        await service.timekeeper.set_away(user, 0)
    assert refused.value.message.key == "bot.refusal.not_away"
    with pytest.raises(Refusal) as refused:
        await service.timekeeper.set_away(user, 31)
    assert refused.value.message.key == "bot.refusal.away_range"


async def test_a_turn_that_begins_during_a_break_starts_its_clock_when_the_break_ends(service, clock):
    match = await started(service, BOB, CAROL, clock_hours=10)
    waiting = next(s.user_id for s in match.seats if s.awaited_since is None and s.user_id is not None)
    await service.timekeeper.set_away(waiting, 3)
    ends = clock() + 3 * 86400
    while (match := await service.table.get(match.id)).seat_of(waiting).awaited_since is None:
        await service.playing.play(match.id, awaited_user(match), "take 1")
    assert await expiry(service, match, waiting) == ends + 10 * 3600


async def test_a_league_match_stops_the_clock_no_longer_than_the_league_allows(service, clock):
    match = await started(service, BOB, clock_hours=10, max_away_days=1)
    user = awaited_user(match)
    await service.timekeeper.set_away(user, 5)
    assert await expiry(service, match, user) == clock() + (10 + 24) * 3600
    await service.timekeeper.set_away(user, 6)  # the same break, longer: still one day from its start
    assert await expiry(service, match, user) == clock() + (10 + 24) * 3600


async def test_a_paused_match_keeps_every_clock_still_and_gives_back_the_time_left(service, presenter, clock):
    """Paused an hour into a 10-hour turn for a day: no reminder meanwhile, /status shows no deadline, moves
    still count, and a turn that began during the pause gets its whole clock from the resumption."""
    match = await started(service, BOB, CAROL, clock_hours=10)
    first = awaited_user(match)
    began = clock()
    clock.advance(1)
    with pytest.raises(Refusal) as refused:
        await service.timekeeper.pause_match(match.id, BOB)
    assert refused.value.message.key == "bot.refusal.host_only"
    await service.timekeeper.pause_match(match.id, HOST)
    with pytest.raises(Refusal) as refused:
        await service.timekeeper.pause_match(match.id, HOST)
    assert refused.value.message.key == "bot.refusal.already_paused"
    status = await service.table.status(match.id)
    assert [s.deadline for s in status.awaited] == [None] and status.lines[-1].key == "bot.pause.status"
    clock.advance(24)
    await service.timekeeper.tick()
    assert presenter.reminders == []
    await service.timekeeper.resume_match(match.id, HOST)
    assert await expiry(service, match, first) == began + (10 + 24) * 3600
    await service.timekeeper.pause_match(match.id, HOST)
    await service.playing.play(match.id, first, "take 1")
    second = awaited_user(await service.table.get(match.id))
    clock.advance(5)
    await service.timekeeper.resume_match(match.id, HOST)
    assert await expiry(service, match, second) == clock() + 10 * 3600
    assert [m.key for _, m, _ in presenter.lines] == ["bot.pause.paused", "bot.pause.resumed"] * 2
    with pytest.raises(Refusal) as refused:
        await service.timekeeper.resume_match(match.id, HOST)
    assert refused.value.message.key == "bot.refusal.not_paused"


async def test_a_substitute_takes_over_a_seat_the_ai_plays_and_the_match_counts_for_them(service, presenter, storage):
    match = await started(service, BOB, CAROL, ai=1)
    ai_seat = next(s.seat for s in match.seats if s.plays_ai)
    bob_seat = match.seat_of(BOB).seat
    refusals = [((match.id, BOB, ai_seat + 1, DAVE), "bot.refusal.host_only"),
                ((match.id, HOST, 9, DAVE), "bot.refusal.no_such_seat"),
                ((match.id, HOST, bob_seat + 1, DAVE), "bot.refusal.seat_played"),
                ((match.id, HOST, ai_seat + 1, CAROL), "bot.refusal.already_seated")]
    for args, key in refusals:
        with pytest.raises(Refusal) as refused:
            await service.lobby.substitute(*args)
        assert refused.value.message.key == key
    await service.lobby.substitute(match.id, HOST, ai_seat + 1, DAVE, name="dave")
    await service.playing.resign(match.id, BOB)
    await service.lobby.substitute(match.id, HOST, bob_seat + 1, EVE, is_manager=False, name="eve")
    assert [m.key for _, m, _ in presenter.lines if m.key.startswith("bot.match.substitute")] == [
        "bot.match.substitute_ai", "bot.match.substitute"]
    assert [e.seat for e in await storage.log(match.id) if e.kind == "substitute"] == [ai_seat, bob_seat]
    match = await play_to_the_end(service, await service.table.get(match.id))
    rows = (await storage.result(match.id)).seats
    assert {row["seat"]: (row["user_id"], row["resigned"]) for row in rows}[ai_seat] == (DAVE, False)
    assert {row["seat"]: row["user_id"] for row in rows}[bob_seat] == EVE
