"""Every bot sentence exists in English and Italian with the same placeholders, and fits Discord."""

import re
from pathlib import Path
from string import Formatter

from engine.core.messages import catalogue

BOT = Path(__file__).resolve().parents[2] / "bot"
LITERAL = re.compile(r"""["'](bot\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")
FAMILIES = {  # keys built at run time, with every value they can take
    "bot.ai.": ("heuristic", "random", "expert"), "bot.expiry.": ("ai", "forfeit"), "bot.resign.": ("ai", "end"),
    "bot.clock.nudge": ("0", "1", "2"), "bot.clock.then_": ("ai", "forfeit"),
    "bot.lobby.title_": ("lobby", "running", "cancelled", "over", "abandoned"),
    "bot.match.status_": ("lobby", "running", "cancelled", "over", "abandoned"),
    "bot.colour.": ("red", "blue", "green", "yellow", "white"),
    "bot.prefs.turns_": ("mention", "dm"),
}


def bot_keys(locale):
    return {k: v for k, v in catalogue(locale).items() if k.startswith("bot.")}


def placeholders(template):
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_english_and_italian_have_the_same_sentences_and_placeholders():
    en, it = bot_keys("en"), bot_keys("it")
    assert set(en) == set(it)
    assert {k: placeholders(v) for k, v in en.items()} == {k: placeholders(v) for k, v in it.items()}


def test_every_key_the_code_uses_is_translated():
    used = set()
    for path in BOT.rglob("*.py"):
        used |= set(LITERAL.findall(path.read_text(encoding="utf-8")))
    used |= {prefix + value for prefix, values in FAMILIES.items() for value in values}
    for locale in ("en", "it"):
        assert used - set(bot_keys(locale)) == set(), locale


def test_command_descriptions_fit_discord():
    for locale in ("en", "it"):
        for key, value in bot_keys(locale).items():
            if key.startswith("bot.cmd.") or key.startswith(("bot.expiry.", "bot.resign.", "bot.where.")):
                assert 1 <= len(value) <= 100, (locale, key)


def test_the_names_of_commands_and_options_list_each_name_once():
    """A name written twice in names.yaml reads the same to YAML (the last wins), and hides which one is meant."""
    for locale in ("en", "it"):
        section, seen = None, set()
        for line in (BOT.parent / "data" / "i18n" / locale / "names.yaml").read_text(encoding="utf-8").splitlines():
            if re.fullmatch(r"  [a-z]+:", line):
                section = line.strip()
            elif re.match(r"    [a-z0-9_]+:", line):
                key = (section, line.split(":")[0].strip())
                assert key not in seen, (locale, key)
                seen.add(key)
