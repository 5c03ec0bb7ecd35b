"""Every count a player reads takes the form its number asks for, in English and Italian: a sentence writes a
count's forms in its placeholder (`{n:cube|cubes}`) and the plural rules of the reader's language choose."""

import re
from string import Formatter

import pytest

from engine.core.messages import catalogue, plural, translate

LOCALES = ("en", "it")
COUNTS = (0, 1, 2, 5)
# Wrong forms players once read, each naming a noun the check below must know.
ONCE_WRONG = {"en": ("1 cubes", "1 games", "1 points"), "it": ("1 punti", "1 ori", "1 partite", "1 cubetti")}


def fields(template):
    """(name, spec) of every placeholder, those inside another's forms included."""
    found = []
    for _, name, spec, _ in Formatter().parse(template):
        if name is not None:
            found.append((name, spec or ""))
            found += fields(spec or "")
    return found


def counted(locale):
    """Every sentence that takes a count, with the names of its counts."""
    return {key: {name for name, spec in fields(template) if "|" in spec}
            for key, template in catalogue(locale).items() if any("|" in spec for _, spec in fields(template))}


# A number and its noun: "{n} {n:cube|cubes}" or "{n:a cube|{n} cubes}".
NUMBER_THEN_FORMS = re.compile(r"\{(\w+)\} \{\1:([^|{}]+)\|([^{}]+)\}|\{(\w+):([^|{}]+)\|\{\4\} ([^{}]+)\}")


def nouns(locale):
    """The singular and plural nouns of every count written after its number, where the two differ."""
    singular, plurals = set(), set()
    for template in catalogue(locale).values():
        for match in NUMBER_THEN_FORMS.finditer(template):
            one, other = (match[2], match[3]) if match[1] else (match[5], match[6])
            one = one.split()[-len(other.split()):]  # "a cube" against "cubes"
            differ = [(a, b) for a, b in zip(one, other.split(), strict=False) if a != b]
            if differ:
                singular.add(differ[0][0])
                plurals.add(differ[0][1])
    return singular, plurals


NAMES = {"player", "names", "winner", "family", "who", "seat", "card", "colour", "game", "charge", "kind", "force",
         "a", "b", "c"}  # "Red wins", "blue cards", "a Vizier tile"


def sample(template, n):
    """The sentence with every placeholder filled with `n`, those that name a player or a thing with a name."""
    return {name: "Name" if name in NAMES else n for name, _ in fields(template)}


@pytest.mark.parametrize("locale", LOCALES)
def test_english_and_italian_take_the_singular_for_one_only(locale):
    assert [plural(n, ["one", "other"], locale) for n in COUNTS] == ["other", "one", "other", "other"]
    assert plural(1_000_000, ["one", "other"], locale) == "other"  # Italian's "many" falls back to the last form


@pytest.mark.parametrize("locale", LOCALES)
def test_every_sentence_with_a_count_renders_the_form_its_number_asks_for(locale):
    sentences = counted(locale)
    assert len(sentences) > 30, "the counts of every game, the bot and the leagues"
    for key, counts in sentences.items():
        template = catalogue(locale)[key]
        for n in COUNTS:
            text = translate(key, locale, **sample(template, n))
            for name, spec in fields(template):
                if name in counts and "|" in spec:
                    chosen = spec.split("|")[0 if n == 1 else 1]
                    expected = re.sub(r"\{[^}]*\}", str(n), chosen)
                    assert expected in text, (locale, key, n, text)
            assert "{" not in text and "|" not in text, (locale, key, n, text)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_sentence_puts_a_number_before_a_noun_in_the_wrong_form(locale):
    singular, plurals = nouns(locale)
    for wrong in ONCE_WRONG[locale]:
        assert wrong.split()[1] in plurals, wrong
    one = re.compile(r"\b1 (" + "|".join(map(re.escape, sorted(plurals))) + r")\b")
    many = re.compile(r"\b[025] (" + "|".join(map(re.escape, sorted(singular))) + r")\b")
    found = []
    for key, template in catalogue(locale).items():
        for n in COUNTS:
            text = translate(key, locale, **sample(template, n))
            found += [(key, text) for pattern in (one, many) if pattern.search(text)]
    assert found == []
