"""Every league, rating, card, rules and query word exists in English and Italian with the same placeholders, and
every key the code names is translated."""

import re
from pathlib import Path
from string import Formatter

from engine.core.messages import catalogue

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("league.", "cards.", "queries.")
# a component's accent and border name theme colours ("cards.special"), not words
LITERAL = re.compile(r"""(?<!accent=)(?<!border=)["'f]((?:league|cards|queries)\.[a-z0-9_]+(?:\.[a-z0-9_{}.]+)*)["']""")
SOURCES = [*ROOT.glob("bot/leagues/*.py"), *ROOT.glob("bot/queries/*.py"), ROOT / "bot/ratings.py",
           ROOT / "bot/cogs/queries.py", ROOT / "bot/cogs/leagues.py",
           *ROOT.glob("render/*.py"), *ROOT.glob("engine/*/catalogue.py")]


def ours(locale):
    return {k: v for k, v in catalogue(locale).items() if k.startswith(PREFIXES)}


def placeholders(template):
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_english_and_italian_have_the_same_words_and_placeholders():
    en, it = ours("en"), ours("it")
    assert set(en) == set(it)
    assert {k: placeholders(v) for k, v in en.items()} == {k: placeholders(v) for k, v in it.items()}
    assert all(v.strip() for v in [*en.values(), *it.values()])


def test_every_key_the_code_names_is_translated():
    used = {match for path in SOURCES for match in LITERAL.findall(path.read_text(encoding="utf-8"))}
    assert used, "the pattern finds the keys"
    known = set(ours("en"))
    for key in used:
        if "{" in key:  # a family of keys built at run time (ids may hold hyphens): at least one member exists
            pattern = re.compile("[a-z0-9_-]+".join(map(re.escape, re.split(r"\{[^}]*\}", key))) + "$")
            assert any(pattern.match(k) for k in known), key
        else:
            assert key in known, key


def test_command_words_fit_discord():
    """Descriptions and choice names of commands: 1 to 100 characters in every language."""
    for locale in ("en", "it"):
        for key, value in ours(locale).items():
            if key.startswith(("league.cmd.", "queries.cmd.", "league.format.", "league.shortfall.",
                               "league.deadline.", "league.language.")):
                assert 1 <= len(value) <= 100, (locale, key)
