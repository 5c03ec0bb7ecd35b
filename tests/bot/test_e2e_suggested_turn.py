"""End to end, in every game: a player reads the suggested turn in their panel, plays it with one click on the
green button, the table shows where it left the match, one /undo takes the whole click back, and a click on a
suggested turn whose board has moved on is refused and changes nothing. Every decision is a click."""

import pytest

from bot.services.core import effective_steps
from bot.ui.routes import Verb, parse, resolve_step
from engine.ai import suggested_turn
from engine.core import get_game
from engine.core.messages import translate

from .e2e import awaited, bot, open_id, open_panel, start, table_message

GAMES = ("al-rashid", "taj-mahal", "notre-dame", "yspahan")
CLICKS = 200  # more than any of these seeded matches needs to offer a suggested turn of several steps


def turn_button(panel):
    return next((b for b in panel.buttons() if parse(b["custom_id"]).verb is Verb.TURN), None)


async def next_panel(fake, user, channel, panel):
    """The panel on the player's screen while it is their move: the one they last clicked in, else opened anew."""
    if panel is not None and fake.message(panel.id).custom_ids():
        return fake.message(panel.id)
    return await open_panel(fake, user, channel)


async def click_something(fake, user, panel):
    """A step that is not the suggested turn: the first plain button, else the first option of a select."""
    buttons = [b for b in panel.buttons() if parse(b["custom_id"]).verb is Verb.DO]
    if buttons:
        return await (await fake.click(user, panel, custom_id=buttons[0]["custom_id"])).reply(timeout=30)
    select = next(s for s in panel.selects() if parse(s["custom_id"]).verb is Verb.PICK)
    return await (await fake.select(user, panel, select["custom_id"], [select["options"][0]["value"]])).reply(timeout=30)


@pytest.mark.parametrize("key", GAMES)
async def test_a_suggested_turn_is_read_played_in_one_click_undone_in_one_and_refused_when_stale(
        fake_discord, settings, tiny_pictures, key):
    fake = fake_discord
    game = get_game(key)
    bruno = fake.add_user("bruno", locale="it")
    users = [bruno, fake.add_user("alice"), fake.add_user("carla")]
    guild = fake.add_guild("Bazaar", members=users)
    channel = fake.add_text_channel(guild, key)
    client = bot(settings)
    async with fake.running(client):
        services = client.services.matches
        services.core.new_seed = lambda: 3
        await start(fake, users, channel, game=key)  # no AI seat: a turn passed to a player can be taken back
        match = await services.table.match_here(channel.id)
        panels: dict[int, object] = {}
        for _ in range(CLICKS):
            await fake.quiet()
            match = await services.table.get(match.id)
            assert match.status == "running", "the match ended before a suggested turn that reveals nothing"
            if bruno not in awaited(fake, channel, users):
                for user in awaited(fake, channel, users):
                    panels[user.id] = await click_something(fake, user, await next_panel(fake, user, channel,
                                                                                          panels.get(user.id)))
                continue
            panel = panels[bruno.id] = await next_panel(fake, bruno, channel, panels.get(bruno.id))
            button = turn_button(panel)
            state = game.load_state(match.state)
            seat = match.seat_of(bruno.id).seat
            turn = suggested_turn(game, state, seat)
            reveals = False
            after = state
            for action, _ in turn:
                after, events = game.apply(after, seat, action)
                reveals = reveals or any(e.reveals for e in events)
            if button is None or reveals or seat in game.active_seats(after):
                panels[bruno.id] = await click_something(fake, bruno, panel)
                continue
            break
        else:
            pytest.fail("no suggested turn of several steps that reveals nothing was offered")

        # The panel says every step of the suggested turn, in Bruno's language, and the green button the first.
        labels = [label.text("it") for _, label in turn]
        assert len(turn) >= 2 and button["style"] == 3
        assert translate("bot.panel.turn", "it", n=len(turn), steps=" › ".join(labels)) in panel.text
        legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
        assert resolve_step(parse(button["custom_id"]).arg, legal) == game.format_action(turn[0][0])
        assert button["label"] == translate("bot.panel.suggested_turn", "it", step=labels[0], n=len(turn) - 1)[:80] \
            or button["label"].endswith(translate("bot.panel.suggested_turn", "it", step="", n=len(turn) - 1)[2:])
        before = list(effective_steps(await services.core.storage.log(match.id)))
        second = await open_panel(fake, bruno, channel)  # the same panel again, on another screen of his
        assert turn_button(second)["custom_id"] == button["custom_id"]

        # One click plays all of it: the player's first step, the bot's after it, each undoable with the first.
        reply = await (await fake.click(bruno, panel, custom_id=button["custom_id"])).reply(timeout=30)
        await fake.quiet()
        assert reply.text.startswith(translate("bot.panel.did" if reply.custom_ids() else "bot.panel.done", "it",
                                               move=", ".join(labels))[:40])
        steps = effective_steps(await services.core.storage.log(match.id))
        played = steps[len(before):len(before) + len(turn)]
        assert [e.notation for e in played] == [game.format_action(a) for a, _ in turn]
        assert [(e.seat, e.by_ai, e.undoable) for e in played] == [(seat, False, True)] + [(seat, True, True)] * (
            len(turn) - 1)
        match = await services.table.get(match.id)
        table = table_message(fake, channel)
        assert parse(open_id(table)).state_id == match.state_id, "the table shows where the click left the match"

        # The same green button on his other screen (as a retried click): refused as stale, nothing applied twice.
        again = await fake.click(bruno, second, custom_id=button["custom_id"])
        answer = await again.followup(timeout=30)
        await fake.quiet()
        assert answer.ephemeral and translate("bot.refusal.stale", "it", match=match.id) in answer.text
        assert effective_steps(await services.core.storage.log(match.id)) == steps

        # One /undo takes the whole click back.
        undone = await (await fake.slash(bruno, channel, "undo")).reply(timeout=30)
        await fake.quiet()
        assert undone.content == translate("bot.undo.done", "it")
        assert [e.notation for e in effective_steps(await services.core.storage.log(match.id))] == \
            [e.notation for e in before]
        assert game.dump_state(await services.core.replay(await services.table.get(match.id))) == game.dump_state(state)

