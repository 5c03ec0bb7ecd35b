"""/board an area at a time, picked in the select under the board or typed, as players do, in English and in
Italian."""

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
        whole_of = {}
        for user, placeholder, names in ((bob, "Show one area, legible on a phone", ["City", "Persons of the round"]),
                                         (anna, "Mostra una zona, leggibile sul telefono", ["Città"])):
            whole = whole_of[user] = await run(fake, user, channel, "board")
            wide = Image.open(io.BytesIO(whole.files["board.png"])).width
            (menu,) = whole.selects()
            assert menu["placeholder"] == placeholder
            assert [option["label"] for option in menu["options"]][:len(names)] == names
            for option in menu["options"]:  # clicked under the whole board, as a player on a phone does
                part = await (await fake.select(user, whole, menu["custom_id"], [option["value"]])).reply()
                assert part.embeds[0]["title"].endswith(" · " + option["label"])
                assert Image.open(io.BytesIO(part.files["board.png"])).width <= 1080 < wide
                assert part.selects()[0]["custom_id"] == menu["custom_id"]  # another area from there
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
            menu = whole_of[user].selects()[0]["custom_id"]
            forged = await (await fake.forge_click(user, channel, menu, values=["../quarters"],
                                                   source=whole_of[user])).reply()
            assert forged.content == translate("bot.refusal.no_area", locale) and not forged.files
        await fake.quiet()
