"""End to end: the host picks how well each AI seat plays, by clicking in the lobby, in the table's language."""

import pytest

from engine.core.messages import translate

from .e2e import bot, new_match


@pytest.fixture
def world(fake_discord):
    fake = fake_discord
    alice, bruno = fake.add_user("alice"), fake.add_user("bruno", locale="it")
    bazaar = fake.add_guild("Bazaar", members=[alice])
    bottega = fake.add_guild("Bottega", members=[bruno], locale="it")
    return fake, alice, bruno, fake.add_text_channel(bazaar, "tables"), fake.add_text_channel(bottega, "tavoli")


async def test_the_lobby_offers_each_level_and_seats_the_ai_the_host_clicks(settings, world):
    fake, alice, bruno, tables, tavoli = world
    async with fake.running(bot(settings)):
        await new_match(fake, alice, tables, "yspahan", where="channel", ai_level="expert")
        lobby = fake.latest_with_components(tables)
        assert [b["label"] for b in lobby.buttons()] == [
            "Join", "Leave", "Start", "Add AI: easy", "Add AI: normal", "Add AI: expert", "Remove AI"]
        assert "AI: expert" in lobby.text  # the level that plays a seat whose player resigns or runs out of time
        for label in ("Add AI: expert", "Add AI: easy"):
            await (await fake.click(alice, lobby, label=label)).reply()
        await fake.quiet()
        seated = fake.message(lobby.id).text
        assert "🤖 AI (expert)" in seated and "🤖 AI (easy)" in seated and "🤖 AI (normal)" not in seated

        await new_match(fake, bruno, tavoli, "notre-dame", where="channel")
        lobby = fake.latest_with_components(tavoli)
        assert [b["label"] for b in lobby.buttons()][3:6] == [
            "Aggiungi IA: facile", "Aggiungi IA: normale", "Aggiungi IA: esperta"]
        assert "IA: normale" in lobby.text
        await (await fake.click(bruno, lobby, label="Aggiungi IA: esperta")).reply()
        await fake.quiet()
        assert "🤖 IA (esperta)" in fake.message(lobby.id).text


async def test_a_level_a_game_does_not_have_is_refused_in_one_sentence(settings, world):
    fake, alice, _bruno, tables, _tavoli = world
    async with fake.running(bot(settings)):
        await new_match(fake, alice, tables, "toy", where="channel")
        lobby = fake.latest_with_components(tables)
        assert [b["label"] for b in lobby.buttons() if b["label"].startswith("Add AI")] == ["Add AI: easy"]
        forged = lobby.button("Add AI: easy")["custom_id"].replace(":easy", ":expert")
        refused = await fake.forge_click(alice, tables, forged, source=lobby)
        await fake.quiet()
        assert [m.text for m in refused.messages if m is not refused.source_message] == [
            translate("bot.refusal.unknown_ai", "en", level="expert", known="easy")]
        assert "🤖" not in fake.message(lobby.id).text
