"""A crash loses nothing a player sees, in every game and on every storage backend: the bot process is killed
(SIGKILL) at random moments of many player interactions and started again; see tests/bot/crashing.py for
what is checked after each restart. bench/crash.py runs the same for many more kills, matches to their end.

The checks are proven to catch a broken bot: one that answers before it saves, one that refuses every step,
and one that applies a step while telling the player it was refused."""

import random
import time
from types import SimpleNamespace

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")
from bot.services.core import MatchCore
from bot.services.picks import in_order, pool
from bot.storage import LogEntry, LogKind

from .crashing import DONE, BotProcess, Crashing, Sent, unfinished
from .test_picks import YSPAHAN, placement
from .test_services import BOB, started

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
KILLS = 3          # per game and backend, with the drawing processes of production started at each restart
KILL_RATE = 0.15   # so that the players make a few steps between kills
SIMULTANEOUS_KILLS = 25
BROKEN_KILLS = 40  # at most: a broken bot's run ends at the first problem found


def table(fake, name):
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it")]
    guild = fake.add_guild("Bazaar", members=users)
    return fake.add_text_channel(guild, name), users


@pytest.mark.every_backend
@pytest.mark.parametrize("game", GAMES)
async def test_killing_the_bot_at_random_moments_loses_nothing(fake_discord, tmp_path, database_url, game):
    channel, users = table(fake_discord, game)
    crashing = Crashing(fake_discord, BotProcess(fake_discord, tmp_path, database=database_url), channel, users,
                        random.Random(7), game=game, kill_rate=KILL_RATE)
    findings = await crashing.run(KILLS, deadline=time.monotonic() + 600)
    print(f"\n{game}: {findings.summary()}")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= KILLS and findings.steps > 0


async def test_killing_the_bot_while_players_choose_at_the_same_time_loses_nothing(fake_discord, tmp_path):
    """Blind Bid (tests/support/simultaneous.py): both players hold a panel at once and click from it while
    the other's choice moves the match on; a crash mid-choice loses nothing and a retry never applies twice."""
    channel, users = table(fake_discord, "blind-bid")
    crashing = Crashing(fake_discord, BotProcess(fake_discord, tmp_path, render_processes=0), channel, users,
                        random.Random(11), game="blind-bid")
    findings = await crashing.run(SIMULTANEOUS_KILLS, deadline=time.monotonic() + 600)
    print(f"\n{findings.summary()}")
    assert not findings.problems, "\n".join(findings.problems[:30])
    assert findings.kills >= SIMULTANEOUS_KILLS and findings.steps > 0


async def test_the_checks_wait_for_a_computer_seat_that_a_crash_left_to_choose_beside_the_players(
        service, storage, monkeypatch):
    """A kill between the step that opens a round of choices and the computer seat's choice: nothing is left to
    deliver and the players are awaited, yet the bot started again makes that choice. The checks wait for it:
    made while they read the match and then its log, they found the two at different states ("differs from the
    replay of its log")."""
    advance = MatchCore.advance

    async def killed_before_choosing(self, match, game, state, **_):
        return match, state

    monkeypatch.setattr(MatchCore, "advance", killed_before_choosing)
    match = await started(service, BOB, ai=1, game="blind-bid")
    monkeypatch.setattr(MatchCore, "advance", advance)
    assert not await storage.pending() and not await storage.log(match.id)
    assert await unfinished(storage, match.place_id) == f"match {match.id} at state {match.state_id} moving by itself"
    await service.timekeeper.resume()  # what the bot does once started again
    chosen = await service.table.get(match.id)
    assert {(e.seat, e.by_ai) for e in await storage.log(match.id)} == {(2, True)}
    assert [s.seat for s in chosen.seats if s.awaited_since is not None] == [0, 1]
    assert await unfinished(storage, match.place_id) is None


@pytest.mark.parametrize(("breakage", "caught"), [
    ("answer-before-saving", "a step reported done was lost"),
    ("refuse-everything", "a legal step was refused"),
    ("apply-and-say-refused", "a step applied although the player was told otherwise"),
])
async def test_the_checks_catch_a_broken_bot(fake_discord, tmp_path, breakage, caught):
    channel, users = table(fake_discord, "al-rashid")
    bot = BotProcess(fake_discord, tmp_path, render_processes=0, breakage=breakage)
    crashing = Crashing(fake_discord, bot, channel, users, random.Random(5))
    findings = await crashing.run(BROKEN_KILLS, deadline=time.monotonic() + 600, until_found=True)
    assert any(problem.startswith(caught) for problem in findings.problems), findings.problems or findings.summary()


def test_the_checks_take_a_click_of_several_answers_for_the_step_it_begins_with():
    """A multi-select of several answers is logged as its first step and then the others as the bot's, which
    stand and fall with it: the click answers its first step, and nothing is reported."""
    rng = random.Random(2)
    state = YSPAHAN.new_game(None, 3, 2)
    while not placement(state, seat := min(YSPAHAN.active_seats(state))):
        state, _ = YSPAHAN.apply(state, seat, rng.choice(YSPAHAN.legal_actions(state, seat)))
    crashing = Crashing(None, SimpleNamespace(database=None), None, [], random.Random(1), game="yspahan")
    alice = SimpleNamespace(id=1, name="alice")
    match = SimpleNamespace(id=1, state=YSPAHAN.dump_state(state), seat=lambda seat: SimpleNamespace(user_id=alice.id))
    picks = YSPAHAN.picks(state, seat)
    values = ["1", "0"]
    steps = in_order(YSPAHAN, state, seat, [pool(picks)[int(v)] for v in values], picks.close)
    first = crashing.first_of(match, seat, values)
    assert first == YSPAHAN.format_action(steps[0])
    crashing.sent = [Sent(alice, match.id, 7, first, legal=True, told=DONE[0] + "…")]
    log = [LogEntry(match.id, 8 + i, LogKind.STEP, seat, YSPAHAN.format_action(step), 0.0, undoable=True, by_ai=i > 0)
           for i, step in enumerate(steps)]
    used: set[int] = set()
    for entry in log:
        if not entry.by_ai:
            crashing.answer(match, log, entry, used)
    assert used == {0} and not crashing.findings.problems
