"""/board an area at a time, typed and picked from its list as players do, in English and in Italian."""

import io

from PIL import Image

from engine.core.messages import translate

from .e2e import bot, run, start


async def test_a_player_reads_the_board_an_area_at_a_time_in_their_language(fake_discord, settings):
    fake = fake_discord
    anna, bob = fake.add_user("anna", locale="it"), fake.add_user("bob")
    guild = fake.add_guild("Bazaar", members=[anna, bob])
    channel = fake.add_text_channel(guild, "tables")
    async with fake.running(bot(settings)):
        await start(fake, [bob, anna], channel, game="notre-dame")
        await fake.quiet()
        whole = await run(fake, bob, channel, "board")
        wide = Image.open(io.BytesIO(whole.files["board.png"])).width
        for user, typed, name in ((bob, "PERS", "Persons of the round"), (anna, "person", "Personaggi del round")):
            listed = await (await fake.autocomplete(user, channel, "board", focused="area",
                                                    options={"area": typed})).choices()
            assert listed == [{"name": name, "value": "persons"}]
            everything = await (await fake.autocomplete(user, channel, "board", focused="area")).choices()
            assert [choice["value"] for choice in everything] == ["city", "persons", "quarters"]
            for choice in everything:
                part = await run(fake, user, channel, "board", area=choice["value"])
                assert part.embeds[0]["title"].endswith(" · " + choice["name"])
                width = Image.open(io.BytesIO(part.files["board.png"])).width
                assert width <= 1080 < wide  # legible on a phone: tests/render/test_phone.py measures it

        for user, locale in ((bob, "en"), (anna, "it")):
            for hostile in ("nowhere", "@everyone " + "x" * 90, "../quarters", "CITY"):
                refused = await run(fake, user, channel, "board", area=hostile)
                assert refused.ephemeral and refused.content == translate("bot.refusal.no_area", locale)
                assert not refused.files
        await fake.quiet()
