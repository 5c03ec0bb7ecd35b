"""Helpers for driving the bot through the fake Discord like players would."""

from __future__ import annotations

import re

from bot.app import CaravanseraiBot
from bot.services import MatchServices
from bot.storage import SqliteStorage
from engine.core.flow import Parallel
from engine.core.messages import locale_of, translate

from . import wording

# How long opening a match may take to answer: as long as a step (tests/bot/clicking.py), since on a machine
# busy with other work creating a match and seating AI players takes seconds.
REPLY = 30
# What the bot sends for a picture where a test swaps the painters out (pictures have tests of their own).
TINY_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def open_id(message) -> str | None:
    return next((c for c in message.custom_ids() if c.startswith("cs:") and c.endswith(":open")), None)


def table_message(fake, place):
    """The live table message: the latest one with a "my move" button (None before the first)."""
    tables = [m for m in fake.messages(place) if open_id(m) is not None]
    return tables[-1] if tables else None


def awaited(fake, place, users):
    """The users the table message says the game waits for (its "Waiting for" field)."""
    table = table_message(fake, place)
    if table is None or not table.embeds:
        return []
    waiting = " ".join(f.get("value", "") for f in table.embeds[0].get("fields", []))
    return [u for u in users if f"<@{u.id}>" in waiting]


async def open_panel(fake, user, place):
    table = table_message(fake, place)
    opened = await fake.click(user, table, custom_id=open_id(table))
    return await opened.reply()


async def take_turn(fake, users, place, *, pick=0, suggested=False):
    """The pinged player opens their panel and clicks a step (the default one when asked)."""
    (user,) = awaited(fake, place, users)
    panel = await open_panel(fake, user, place)
    assert panel.ephemeral
    steps = [b["custom_id"] for b in panel.buttons() if ":do:" in b["custom_id"]]
    edits = panel.edits
    if steps:
        step = steps[0] if suggested else steps[min(pick, len(steps) - 1)]
        click = await fake.click(user, panel, custom_id=step)
    else:  # many choices: a select
        assert panel.selects(), panel.text
        select = panel.selects()[0]
        click = await fake.select(user, panel, select["custom_id"], [select["options"][pick]["value"]])
    # The bot edits the panel once the step is saved and the table shown (rendering makes no HTTP noise).
    await fake.wait_for(lambda: fake.message(panel.id).edits > edits or click.followups, timeout=30,
                        what="the step to be played")
    await fake.quiet()
    return user, panel


async def run(fake, user, channel, command, subcommand=None, group=None, **options):
    """`user` types a slash command in `channel`; its reply."""
    handle = await fake.slash(user, channel, command, subcommand=subcommand, group=group, options=options)
    return await handle.reply(timeout=30)


async def said(fake, channel, words):
    """Wait for a public message in `channel` holding `words`."""
    await fake.wait_for(lambda: any(words in m.text for m in fake.messages(channel)), timeout=30, what=words)


async def play_to_the_end(fake, players, place):
    """The pinged players take turns from their panels until the table waits for none of them."""
    for _ in range(40):
        if not awaited(fake, place, players):
            return
        await take_turn(fake, players, place)
    raise AssertionError("the match did not end")


async def new_match(fake, host, channel, game, **options):
    handle = await fake.slash(host, channel, "game", subcommand="new", options={"game": game, **options})
    reply = await handle.reply(timeout=REPLY)
    await fake.quiet()
    return handle, reply


async def start(fake, users, channel, *, ai=0, game="al-rashid"):
    """The first user opens a lobby here, the others join by clicking, `ai` AI seats sit, the host starts."""
    host, *guests = users
    await new_match(fake, host, channel, game, where="channel", ai_players=ai)
    lobby = fake.latest_with_components(channel)
    for user in guests:
        await (await fake.click(user, lobby, label="Join")).reply(timeout=REPLY)
    await (await fake.click(host, lobby, label="Start")).reply(timeout=REPLY)


def paint_pictures_with(monkeypatch, painter) -> None:
    """Pictures cost most of a step's time and have tests of their own: the bot sends what
    `painter(view, locale, names=None)` makes instead (names: the final score's), through the same upload and
    attachment code."""
    from bot.services import pictures

    for name in ("focus_png", "hand_png", "board_png", "final_png"):
        monkeypatch.setattr(pictures, name, painter)


async def resign_and_await_final_score(fake, user, channel) -> None:
    """`user` resigns, and the AI seat that takes their place finishes the match."""
    await (await fake.slash(user, channel, "resign")).reply()
    await fake.wait_for(lambda: any("final.png" in m.files for m in fake.messages(channel)), timeout=120,
                        what="the final score")


def private_files(fake, user) -> list[list[str]]:
    """The files of every version of every ephemeral message `user` was shown (a panel's edits too)."""
    return [[a.filename for a in m.attachments] for m in fake.ephemerals(user)] + [
        h["attachments"] for m in fake.ephemerals(user) for h in m.history]


async def replays_exactly(settings) -> set[str]:
    """Every finished match replays exactly from its seed and its log and has no mail left to deliver;
    returns the notations of their steps (for `assert_well_worded`)."""
    storage = SqliteStorage(settings.database_path)
    await storage.open()
    try:
        service = MatchServices(storage, presenter=None)
        notations = set()
        for match in await storage.matches(statuses=("over",)):
            assert service.core.game_of(match).dump_state(await service.core.replay(match)) == match.state, match.id
            assert await storage.pending(match.id) == []
            notations |= {e.notation for e in await storage.log(match.id) if e.notation}
        return notations
    finally:
        await storage.close()


def assert_well_worded(fake, notations, users, names=()) -> None:
    """Every message the bot sent reads in its reader's language (tests/bot/wording.py): no notation among
    `notations`, no translation key or placeholder, no word of the other language (but the names of `users`
    and the proper `names`)."""
    found = wording.problems(fake, "en", notations, {u.name for u in users} | {"AI", "IA", *names})
    assert not found, "\n".join(found[:40])


def bot(settings) -> CaravanseraiBot:
    return CaravanseraiBot(settings)


def turn_alerts(messages, user) -> list:
    """The messages among `messages` that told `user` it is their move: a table message mentioning them,
    or the direct message they chose instead (not their private news, which also names the match)."""
    opening = translate("bot.table.your_turn_dm", locale_of(user.locale)).split("{")[0]
    return [m for m in messages
            if (user.id in pinged(m) and open_id(m) is not None)
            or (m.channel.recipient is user and posted(m).startswith(opening))]


def turn_of(game, state, since: float | None) -> tuple:
    """What marks a player's turn: the moment the game began to wait for them, and for choices made at once the
    round and phase they belong to (see `same_turn`)."""
    together, tasks = None, getattr(state, "tasks", ())  # a game of its own making may keep no task stack
    if tasks and isinstance(tasks[-1], Parallel):
        view = game.view(state, None)
        together = getattr(view, "phase", None), getattr(view, "round", None)
    return since, together


def same_turn(before: tuple | None, now: tuple) -> bool:
    """A turn goes on while the game keeps waiting for its player; and choices made at once in one round and
    phase (a draft's two passes) are one turn, however often the others' choices made them wait."""
    return before is not None and (before[0] == now[0] or now[1] is not None and before[1] == now[1])


def posted(message) -> str:
    """A message's content as it was posted (a turn's DM becomes the answer to the click on its buttons)."""
    return (message.history[0].get("content") or "") if message.history else message.content


def pinged(message) -> set[int]:
    """Whom a message notified when it was posted: a later edit (another player's choice while several
    choose at once) does not notify again, nor take back the notification."""
    if not message.history or message.ephemeral:
        return message.pings
    return {int(u) for u in re.findall(r"<@!?(\d+)>", message.history[0].get("content") or "")}


def starting_hand(message) -> bool:
    """Whether a message is the private one each player of a game with hidden information gets at the start,
    with their starting hand."""
    return any(translate("bot.dm.starting_hand", loc) in text for loc in ("en", "it")
               for text in (message.text, posted(message)))


def news_dms(fake, user) -> list:
    """The direct messages `user` got, but for the one with their starting hand."""
    return [m for m in fake.dms(user) if not starting_hand(m)]


async def start_through_a_crash(fake, settings, users, channel, *, game, ai=0, seed=1):
    """The first user opens a match and starts it; the bot dies right after posting the first player's starting
    hand, before noting it delivered (so nothing after it was posted); started again, it delivers what was
    pending. Returns the match."""
    from bot.services.courier import Courier

    real, crashed = Courier._done, []

    async def dies_after_the_first_hand(courier, match, items, **message_ids):
        if not crashed and any(i.kind == "private" for i in items):
            crashed.append(match.id)
            raise ConnectionError("the process died")
        await real(courier, match, items, **message_ids)

    Courier._done = dies_after_the_first_hand
    try:
        async with fake.running(bot(settings)) as client:
            client.services.matches.core.new_seed = lambda: seed
            await start(fake, users, channel, ai=ai, game=game)
            await fake.quiet()
            assert crashed
        async with fake.running(bot(settings)) as client:
            await fake.wait_for(lambda: table_message(fake, channel) is not None, timeout=REPLY,
                                what="the table, delivered at start-up")
            await fake.quiet()
            return await client.services.matches.table.match_here(channel.id)
    finally:
        Courier._done = real


def assert_starting_hands(fake, users, awaited_users) -> None:
    """Each player got exactly one private message with their starting hand (its picture, a sentence in their
    language), nobody else and no channel got it, and the first turn was announced once to each awaited player."""
    hands = [m for m in fake.all_messages if starting_hand(m)]
    assert sorted(m.channel.recipient.id for m in hands if m.channel.is_dm) == sorted(u.id for u in users), hands
    for user in users:
        (hand,) = [m for m in hands if m.channel.recipient is user]
        assert translate("bot.dm.starting_hand", locale_of(user.locale)) in hand.text
        assert [a.filename for a in hand.attachments] == ["hand.png"]
        assert len(turn_alerts(fake.all_messages, user)) == (user in awaited_users), user.name
