"""A fake Discord on loopback for end-to-end tests of the real discord.py client.

`FakeDiscord` serves Discord's REST API (v10) and gateway on 127.0.0.1 (a free port), points discord.py
at it (`discord.http.Route.BASE`, `DiscordWebSocket.DEFAULT_GATEWAY`; undone on close), records every
request, checks every body against Discord's OpenAPI spec (`spec/`, with its licence and version) plus
Discord's documented limits, and lets a test play the users: slash commands, clicks, selects, autocomplete, modals.

Usage (the fixture is `fake_discord`; in a conftest.py: `from tests.fakediscord import fixture` and
`fake_discord = fixture.fake_discord`)::

    async def test_lobby(fake_discord):
        fake = fake_discord
        alice, bob = fake.add_user("alice", locale="it"), fake.add_user("bob")
        guild = fake.add_guild("Bazaar", members=[alice, bob])
        table = fake.add_text_channel(guild, "tables")
        async with fake.running(CaravanseraiBot(settings)) as bot:      # login, sync, READY
            new = await fake.slash(alice, table, "game", subcommand="new", options={"game": "toy"})
            reply = await new.reply()                         # waits; slash() returns at dispatch
            assert new.acknowledged_first and reply.ephemeral
            lobby = fake.latest_with_components(fake.threads(table)[0])
            await fake.click(bob, lobby, lobby.button("Join")["custom_id"])
            fake.fail_next("POST", r"^/channels/\\d+/messages$", status=429, retry_after=0.02)
            await fake.click(alice, lobby, label="Start")
            await fake.quiet()                                  # nothing in flight, all answered
            assert alice.id in fake.latest(fake.threads(table)[0]).pings
        # teardown fails the test on invalid payloads, unknown routes or ERROR logs

FakeDiscord(*, spec_path, heartbeat_interval=41.25, guild_ready_timeout=0.05, reidentify_delay=0.01,
            strict_routes=True, reject_invalid=True, fail_on_logged_errors=True, bot_name="Caravanserai",
            ack_deadline=3.0, token_lifetime=900, nonce_window=300)
    `async with FakeDiscord() as fake:` starts/stops the server; on a clean exit `assert_clean()` runs.
    discord.py waits for `guild_ready_timeout` after the last GUILD_CREATE (2 s by default) and 5 s
    before a re-IDENTIFY; the fake shortens both (every Client constructed while it runs).
    Attributes: bot (FakeUser), application_id, token, api_base, ws_url, gateway (see below).

World (build it before or while the bot runs; changes after READY are dispatched as gateway events)
    add_user(name, *, locale="en-US", dms_open=True) -> FakeUser       user.dms_open=False → 50007
    add_guild(name="Test Server", *, owner=None, members=(), locale="en-US",
              bot_permissions=DEFAULT_BOT_PERMISSIONS, everyone_permissions=...) -> FakeGuild
    add_member(guild, user, *, roles=(), permissions=None, nick=None) -> FakeMember
    add_role(guild, name, permissions=0) -> FakeRole
    add_text_channel(guild, name="general", *, bot_permissions=None, overwrites=()) -> FakeChannel
    dm_channel(user) -> FakeChannel                                     (permissions: discord.Permissions or int)

Running clients
    async with fake.running(client, timeout=5.0) as client: ...   start(token), wait until ready, close on exit
    await fake.stop(client)                                        stop it early (a bot restart = stop + running)
    Another process (python -m bot) must be pointed at the fake itself: Route.BASE = fake.api_base and
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.ws_url) (discord.py 2.7 opens the gateway from that
    constant and never asks GET /gateway/bot); then `await fake.wait_connected(identifies=n)`.

Driving (each returns an InteractionHandle once INTERACTION_CREATE is dispatched; the fake refuses,
with ValueError/LookupError/PermissionError, what Discord's client would not send: unregistered commands,
missing required options, values outside choices/ranges, other users' ephemeral messages, disabled
components...)
    await fake.slash(user, channel, command, *, subcommand=None, group=None, options=None, locale=None)
        options: {name: str | int | float | bool | FakeUser/FakeMember | FakeChannel | FakeRole}
    await fake.autocomplete(user, channel, command, *, focused, subcommand=None, group=None, options=None,
                            locale=None)                     → `await handle.choices()`
    await fake.click(user, message, custom_id=None, *, label=None, locale=None)
    await fake.select(user, message, custom_id, values, *, locale=None)      string selects
    await fake.submit_modal(user, handle, {text_input_custom_id: value}, *, locale=None)
    locale defaults to user.locale (Discord locale codes: "it", "en-US"...).

InteractionHandle (what the bot did with one interaction)
    callback / callbacks: Callback(type, data, after, status); acknowledged; acknowledged_first (the
    callback came before any other use of the token); ack_delay (seconds; report it, never assert it);
    ephemeral; deferred; original (FakeMessage of @original: the reply, the "thinking…" message once
    filled in, or the clicked message for UPDATE_MESSAGE/DEFERRED_UPDATE); followups; messages; timeline.
    await reply(timeout=5) → the original once it has content (after a deferral: its first edit; after a
    "thinking" deferral the first follow-up fills it in, as on Discord); await followup(i); await
    response(); await choices(); modal (the modal data the bot opened, or None).

Reading what the bot did
    messages(channel, *, deleted=False, ephemeral=False) -> [FakeMessage]  oldest first
    latest(channel, *, with_components=False, where=None); latest_with_components(channel)
    dms(user); refused_dms [(user, payload)]; ephemerals(user); seen_by(user) (public where they can
    view + their ephemerals + their DMs: use it to prove secrets stay secret); message(id); threads(parent)
    all_messages; registered_commands(guild=None); requests [ApiRequest]; requests_to(method, path_regex)
    interactions [InteractionHandle]; violations [Violation]; take_violations(); unknown_routes;
    logged_errors; problems(); assert_clean()
FakeMessage: id, channel, content, embeds, components, attachments [FakeAttachment(filename, data)],
    files {filename: bytes}, flags, ephemeral, ephemeral_to, loading, deleted, edits, history (earlier
    versions), mentions, pings (who Discord would notify), text (content + embeds + component labels),
    buttons(), button(label=None, *, custom_id=None), selects(), select(custom_id=None), custom_ids().

Waiting (never sleep in tests)
    await fake.quiet(*, idle=0.05, timeout=5.0)   no request in flight or in the last `idle` s, every
        interaction answered, no "thinking…" left; TimeoutError naming what is pending. Work the bot does
        without HTTP traffic (a long render) is invisible: wait for its outcome with wait_for instead.
    await fake.wait_for(predicate, *, timeout=5.0, what="...")   re-checked on every request
    await fake.gateway_caught_up()   the running client has processed every dispatched event

Failures
    fake.fail_next(method, path_regex, *, status=429, retry_after=0.05, global_=False, code=None,
                   message=None, times=1) -> FailureRule (.hits, .used)
        path_regex is searched in the path after /api/v10; method "*" matches all. 429s carry Via and
        retry_after (discord.py retries after it); other statuses carry {"code", "message"}: 403/50007,
        404/10062 (callback → discord.NotFound), 500/502/504 (discord.py retries after 1 s, 3 s, ...).
    await fake.reconnect()                      op 7 → client RESUMEs (missed events replayed)
    await fake.drop_connection()                TCP cut without close frame → RESUME
    await fake.close_gateway(code=4000)         close with a code → reconnect
    fake.expire(handle)                         the interaction's token dies (as after 15 minutes)
    await fake.invalidate_session(resumable=False)   op 9 → new IDENTIFY, READY
    fake.gateway: identifies, resumes, heartbeats, connected, intents, dispatch(event, data),
                  dispatched(event) -> [data] (this session's events, e.g. "THREAD_CREATE")

Realism the fake enforces (each refusal is what Discord answers): second callback → 400/40060; webhook
use before the callback → 404/10015 and a violation; a callback later than `ack_deadline` (3 s) → 404/10062;
follow-ups and edits after `token_lifetime` (15 min) or `expire` → 401/50027; an empty message (no content,
embed, component, file...) created or left by an edit → 400/50006 and a violation; a repeated nonce with
enforce_nonce within `nonce_window` → the earlier message, none created; the bot's channel permissions (403/50001, 50013);
closed DMs → 403/50007; invalid bodies → 400/50035 and a violation (`reject_invalid=False` to only
record); unknown routes → 404, logged loudly and a violation (`strict_routes=False` to only record).
"""

from . import fixture
from .core import FakeDiscord
from .failures import FailureRule
from .fixture import fake_discord
from .interactions import Callback, InteractionHandle
from .model import (
    DEFAULT_BOT_PERMISSIONS,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .rest import ApiRequest
from .validation import Violation

__all__ = [
    "DEFAULT_BOT_PERMISSIONS", "ApiRequest", "Callback", "FailureRule", "FakeAttachment", "FakeChannel",
    "FakeDiscord", "FakeGuild", "FakeMember", "FakeMessage", "FakeRole", "FakeUser", "InteractionHandle",
    "Violation", "fake_discord", "fixture",
]
