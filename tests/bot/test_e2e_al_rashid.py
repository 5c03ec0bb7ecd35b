"""End to end: complete Al-Rashid matches through the fake Discord, every human decision a click.

The fake refuses every payload Discord would refuse (duplicate custom ids, empty messages...), so a panel
that Discord would reject fails these tests. Each test prints what players lived through: the kinds of
step reached by clicking, interactions per turn, and how each new turn was announced.
"""

import random

from bot.ui.routes import Verb, parse, resolve_step
from engine.ai import policy
from engine.al_rashid.board import stack_of
from engine.al_rashid.vocab import PIECES, TERRITORIES
from engine.core import get_game
from engine.core.messages import translate
from tests.support.curious import several_in, step_kinds

from .clicking import Clicking, Figures, coverage_report
from .e2e import (
    assert_well_worded,
    bot,
    news_dms,
    open_panel,
    private_files,
    replays_exactly,
    resign_and_await_final_score,
    start,
)

# Seeded all-human matches in which the curious players reach every kind of step but one (bench/clicking.py
# searches for such seeds and plays many more matches). The spies' "which piece?" is that one: it needs a family's
# two kinds of piece on a territory still to resolve when the spies move, which no seed searched reached by curious
# play; test_the_spy_asks_which_piece_and_the_player_answers_by_clicking clicks it.
COVERAGE_SEEDS = (2562, 2402, 2404, 2407)
SPY_PIECE = "al_rashid.ask.move.spy.piece"
# A seed in which a family steering for it (`towards_the_spies_piece_question`) is asked the spies' "which piece?".
SPY_PIECE_SEED = 11
NAMES = {"Al-Rashid"}


async def test_every_kind_of_step_is_reached_by_clicking(fake_discord, settings, tiny_pictures):
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")]
    guild = fake.add_guild("Bazaar", members=users)
    covered, figures, notations = set(), Figures(), set()
    client = bot(settings)
    async with fake.running(client):
        await (await fake.slash(users[1], fake.add_text_channel(guild, "settings"), "settings", subcommand="turns",
                                options={"how": "dm"})).reply()  # Bruno hears of his turns by DM
        for seed in COVERAGE_SEEDS:
            channel = fake.add_text_channel(guild, f"al-rashid-{seed}")
            await fake.gateway_caught_up()
            client.services.matches.core.new_seed = lambda seed=seed: seed
            since = len(fake.all_messages)
            await start(fake, users, channel)
            match = await client.services.matches.table.match_here(channel.id)
            driver = Clicking(fake, channel, client.services.matches, users, random.Random(seed), covered, figures,
                              since=since)
            await driver.play(match.id)
            notations |= driver.notations
            await fake.quiet()
    print("\n" + coverage_report(covered) + "\n" + figures.report())
    assert step_kinds(client.services.matches.core.game_of(match)) - {SPY_PIECE} <= covered, coverage_report(covered)
    assert {several_in("en"), several_in("it")} <= covered  # goods or battle tiles from one multi-select
    assert figures.alerted_share() == 1.0, [(t.user.name, t.first_question, t.alerts) for t in figures.turns
                                            if t.alerts != 1]
    notations |= await replays_exactly(settings)
    assert_well_worded(fake, notations, users, NAMES)


async def test_a_player_against_two_ai_seats_clicks_across_a_restart(fake_discord, settings):
    """The way many play today: one player (Italian) against two AI seats, by clicking, with the real
    pictures, and the bot restarting in the middle. Every return of the turn is announced once, the panel
    stays open with the next question (two clicks a placement), private news comes in the reply to the step
    that brought it and never again by DM, and a watching player never sees it."""
    fake = fake_discord
    bruno, alice = fake.add_user("bruno", locale="it"), fake.add_user("alice")
    guild = fake.add_guild("Bazaar", members=[bruno, alice])
    channel = fake.add_text_channel(guild, "al-rashid")
    covered, figures, notations = set(), Figures(), set()
    rng, seen, since, panels, turns = random.Random(5), {}, 0, {}, {}
    for half in range(2):  # the bot restarts in the middle
        client = bot(settings)
        async with fake.running(client):
            client.services.matches.core.new_seed = lambda: 5
            if half == 0:
                await start(fake, [bruno], channel, ai=2)
            match = await client.services.matches.table.match_here(channel.id)
            driver = Clicking(fake, channel, client.services.matches, [bruno], rng, covered, figures, since=since)
            driver.seen.update(seen)
            driver.panels = panels  # the player's panel stays on their screen across the restart
            driver.turn = turns  # and a turn in progress goes on after it (announced once, before it)
            await driver.play(match.id, decisions=30)
            while half == 1 and not fake.message(driver.panels[bruno.id].id).custom_ids():
                await driver.play(match.id, decisions=1)  # until he is in the middle of a turn, his panel open
                assert (await client.services.matches.table.get(match.id)).status == "running"
            notations |= driver.notations
            seen, since, turns = dict(driver.seen), len(fake.all_messages), driver.turn
            if half == 1:
                await resign_and_await_final_score(fake, bruno, channel)
            await fake.quiet()
    print("\n" + figures.report())
    assert figures.alerted_share() == 1.0
    opened = [t.opened for t in figures.turns[1:]]
    assert opened and not any(opened), "after the first turn the panel stays open with the next question"
    assert not [m for m in news_dms(fake, bruno) if m.attachments], "after the start, private news came in the replies"
    with_hand = [files for files in private_files(fake, bruno) if "hand.png" in files]
    assert with_hand and all(files == ["hand.png"] for files in with_hand)  # one hand picture a change
    secrets = {m.id for m in fake.ephemerals(bruno) + fake.dms(bruno)}
    assert not secrets & {m.id for m in fake.seen_by(alice)}
    async with fake.running(bot(settings)):  # a click on the panel still open on his screen: the match is over
        panel = fake.message(driver.panels[bruno.id].id)
        if panel.buttons():
            click = await fake.click(bruno, panel, custom_id=panel.buttons()[0]["custom_id"])
        else:
            menu = panel.selects()[0]
            click = await fake.select(bruno, panel, menu["custom_id"], [menu["options"][0]["value"]])
        answer = await click.followup(timeout=30)
        assert answer.ephemeral and answer.content == translate("bot.refusal.match_over", "it")
        await fake.quiet()
    final = fake.latest(channel)
    assert "final.png" in final.files and bruno.id not in final.pings  # he resigned: the result does not call him
    assert_well_worded(fake, notations | await replays_exactly(settings), [bruno, alice], NAMES)


def kinds_on(state, area: str, seat: int) -> set[str]:
    stack = stack_of(state, area, seat)
    return {piece for piece in PIECES if stack is not None and stack.count(piece)}


def towards_the_spies_piece_question(game, state, seat: int, rng: random.Random):
    """A family that places a second kind of piece beside its own on a territory, asks the spies for their
    service, resolves the spies' palace first, and moves a spy from such a territory; else plays as `normal`."""
    legal, key, task = game.legal_actions(state, seat), game.prompt(state, seat).key, state.tasks[-1]
    wanted = {
        "al_rashid.ask.place.area": lambda a: a.verb == "place" and a.args[0] in TERRITORIES
        and bool(kinds_on(state, a.args[0], seat) - {task.piece}),
        "al_rashid.ask.guild.choose": lambda a: task.area == "spies" and "service" in a.args,
        "al_rashid.ask.turn.choose": lambda a: a.verb == "resolve" and a.args[0] == "spies",
        "al_rashid.ask.move.spy.from": lambda a: a.verb == "from" and len(kinds_on(state, a.args[0], seat)) > 1,
    }.get(key)
    return next((a for a in legal if wanted and wanted(a)), None) or \
        policy("heuristic").choose(game, state, seat, rng)


async def test_the_spy_asks_which_piece_and_the_player_answers_by_clicking(fake_discord, settings, tiny_pictures):
    """The players' steps up to the spies' "which piece?" go in through the service (the steering above), the
    question itself from the panel: the player opens it, it offers each kind of piece the family has there, and a
    click on one moves on to where that piece goes."""
    fake = fake_discord
    users = [fake.add_user("alice"), fake.add_user("bruno", locale="it"), fake.add_user("carla")]
    channel = fake.add_text_channel(fake.add_guild("Bazaar", members=users), "al-rashid")
    game, rng = get_game("al-rashid"), random.Random(SPY_PIECE_SEED)
    async with fake.running(bot(settings)) as client:
        services = client.services.matches
        services.core.new_seed = lambda: SPY_PIECE_SEED
        await start(fake, users, channel)
        match = await services.table.match_here(channel.id)
        while True:
            match = await services.table.get(match.id)
            state = game.load_state(match.state)
            assert game.active_seats(state), "the match ended before the spies asked which piece"
            seat = min(game.active_seats(state))
            user = next(u for u in users if u.id == next(s.user_id for s in match.seats if s.seat == seat))
            if game.prompt(state, seat).key == SPY_PIECE:
                break
            action = towards_the_spies_piece_question(game, state, seat, rng)
            await services.playing.play(match.id, user.id, game.format_action(action), state_id=match.state_id)
        await fake.quiet()
        origin = state.tasks[-1].origin
        panel = await open_panel(fake, user, channel)
        legal = [game.format_action(a) for a in game.legal_actions(state, seat)]
        offered = {resolve_step(parse(b["custom_id"]).arg, legal): b["custom_id"] for b in panel.buttons()
                   if parse(b["custom_id"]).verb is Verb.DO}
        pieces = {notation.split()[1] for notation in offered if notation.startswith("piece ")}
        assert pieces == kinds_on(state, origin, seat) and len(pieces) > 1
        chosen = sorted(pieces)[0]
        await (await fake.click(user, panel, custom_id=offered[f"piece {chosen}"])).reply(timeout=30)
        await fake.quiet()
        after = game.load_state((await services.table.get(match.id)).state)
        assert after.tasks[-1].stage == "to" and after.tasks[-1].piece == chosen and after.tasks[-1].origin == origin
        assert game.prompt(after, seat).key == "al_rashid.ask.move.spy.to"
