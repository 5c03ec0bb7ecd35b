"""/rules: every topic of every rules doc, in every language it has, fits Discord once cut into parts."""

import re

import pytest

from bot.queries import rules
from bot.queries.folding import fold
from bot.queries.rules import (
    EMBED_LIMIT,
    MESSAGE_LIMIT,
    answer,
    games_with_rules,
    languages_of,
    search,
    split,
    topics,
)

DOCS = [(game, locale) for game in games_with_rules() for locale in languages_of(game)]


def test_every_registered_game_with_a_doc_is_found_and_al_rashid_speaks_italian():
    assert {"al-rashid", "notre-dame"} <= set(games_with_rules())
    assert languages_of("al-rashid") == ["en", "it"]


@pytest.mark.parametrize("game, locale", DOCS)
@pytest.mark.parametrize("limit", [MESSAGE_LIMIT, EMBED_LIMIT])
def test_every_topic_fits_discord_once_cut_and_nothing_is_lost(game, locale, limit):
    for topic in topics(game, locale):
        found = answer(game, topic.key, locale, limit)
        assert found is not None and found.parts
        assert all(0 < len(part) <= limit for part in found.parts), topic.key
        assert re.sub(r"\s", "", "".join(found.parts)) == re.sub(r"\s", "", topic.text)


@pytest.mark.parametrize("game, locale", [d for d in DOCS if d[1] != "en"])
def test_a_translation_has_the_same_topics_as_the_english_doc(game, locale):
    english, translated = topics(game), topics(game, locale)
    assert [(t.key, t.level) for t in translated] == [(t.key, t.level) for t in english]
    assert all(t.text for t in translated)
    # translated, not copied: most titles differ
    assert sum(a.title != b.title for a, b in zip(english, translated, strict=True)) > len(english) // 2
    # tables keep their rows
    assert [t.text.count("\n• ") for t in translated] == [t.text.count("\n• ") for t in english]


@pytest.mark.parametrize("game", games_with_rules())
def test_topic_keys_are_unique_and_fit_an_autocomplete_value(game):
    keys = [t.key for t in topics(game)]
    assert len(keys) == len(set(keys))
    assert all(0 < len(key) <= 100 for key in keys)


def test_a_section_holds_its_subsections_and_a_subsection_names_its_section():
    turn = next(t for t in topics("al-rashid") if t.key.startswith("a-turn"))
    placement = next(t for t in topics("al-rashid") if t.key.endswith("/placement"))
    assert placement.level == 3 and placement.title.startswith(turn.title + " › ")
    assert "**Placement**" in turn.text and "**Dominance**" in turn.text
    assert answer("al-rashid", placement.key, "it").topic.title.startswith("Un turno (5 turni) › Piazzamento")


def test_autocomplete_finds_topics_by_their_title_in_either_language_without_accents():
    assert [t.key for t in search("al-rashid", "piazzamento", "it")][0] == "a-turn-5-turns/placement"
    assert [t.title for t in search("al-rashid", "placement", "it")][0] == "Un turno (5 turni) › Piazzamento"
    assert "hidden-information" in [t.key for t in search("al-rashid", "INFORMAZIONI", "it")]
    assert [t.key for t in search("al-rashid", "preparazione", "it")][0] == "setup"
    assert search("al-rashid", "punteggio", "it")[0].title == "Punteggio finale"
    assert search("al-rashid", "decisioni", "it") == []  # the decisions' passages are for developers
    assert len(search("al-rashid", "", "it")) == len(topics("al-rashid"))  # fewer than 25: all of them
    assert search("al-rashid", "no such topic") == []


def test_autocomplete_finds_a_word_in_the_text_of_a_topic_after_the_titles_that_hold_it():
    """Players search for a thing, not for a heading: "cammello" finds Yspahan's topics that speak of camels."""
    for game, word, locale in (("yspahan", "cammell", "it"), ("yspahan", "camel", "en"), ("notre-dame", "topi", "it")):
        found = search(game, word, locale)
        assert found and all(word in fold(t.title) or word in fold(t.text) or
                             word in fold(answer(game, t.key, "en").topic.text) for t in found), (game, word)
        assert any(word not in fold(t.title) for t in found), "a topic found by its text alone"


def test_tables_become_one_line_per_row_for_discord():
    charges = answer("al-rashid", "the-32-charges", "en").topic.text
    assert "|" not in charges
    assert "*Palace · Charge · Kind · Cost · Points · Effect*" in charges
    assert "• Spies · Plotter · C · 3 · 1 · start of resolution" in charges  # the merged palace cell repeats
    assert "• Spie · Cospiratore · C · 3 · 1 ·" in answer("al-rashid", "the-32-charges", "it").topic.text


def test_a_language_without_a_translation_answers_in_english_and_says_so(tmp_path, monkeypatch):
    assert answer("al-rashid", "final-scoring", "it").translated
    (tmp_path / "it").mkdir()
    (tmp_path / "new_game.md").write_text("# New\nIntro.\n\n## Decisions\nOne.\n")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    topics.cache_clear()
    try:
        english = answer("new-game", "decisions", "en")
        italian = answer("new-game", "decisions", "it")
        assert italian.parts == english.parts == ("One.",) and not italian.translated and english.translated
    finally:
        topics.cache_clear()


def test_unknown_topics_and_games_without_rules_have_no_answer():
    assert answer("al-rashid", "no-such-topic") is None
    assert answer("no-such-game", "overview") is None and topics("no-such-game") == ()


def test_long_text_is_cut_at_paragraphs_then_lines_then_words():
    text = "a" * 10 + "\n\n" + "b" * 10
    assert split(text, 15) == ["a" * 10, "b" * 10]
    assert split("one two three four", 9) == ["one two", "three", "four"]
    assert split("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    assert split("   ", 10) == []


def test_a_new_games_doc_and_its_translation_need_no_code(tmp_path, monkeypatch):
    (tmp_path / "it").mkdir()
    (tmp_path / "new_game.md").write_text("# New\nIntro.\n\n## Setup\nDeal.\n### Cards\nShuffle.\n")
    (tmp_path / "it" / "new_game.md").write_text("# Nuovo\nIntro.\n\n## Preparazione\nDai.\n### Carte\nMescola.\n")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    topics.cache_clear()
    try:
        assert games_with_rules() == ["new-game"] and languages_of("new-game") == ["en", "it"]
        assert [(t.key, t.title) for t in topics("new-game", "it")] == [
            ("overview", "Nuovo"), ("setup", "Preparazione"), ("setup/cards", "Preparazione › Carte")]
        assert answer("new-game", "setup", "it").parts == ("Dai.\n\n**Carte**\nMescola.",)
        (tmp_path / "it" / "new_game.md").write_text("# Nuovo\n## Preparazione\n")
        topics.cache_clear()
        with pytest.raises(ValueError, match="headings"):
            topics("new-game", "it")
    finally:
        topics.cache_clear()


def test_the_developers_part_is_never_shown_and_a_translation_may_word_it_differently(tmp_path, monkeypatch):
    (tmp_path / "it").mkdir()
    (tmp_path / "new_game.md").write_text(
        "# New\nIntro.\n\n## Setup\nDeal.\n\n# For developers\nRulebook `x.txt`.\n\n## House data\n`data/x.yaml`\n")
    (tmp_path / "it" / "new_game.md").write_text(
        "# Nuovo\nIntro.\n\n## Preparazione\nDai.\n\n# Per chi sviluppa\n## Fonti\n### Carte\n")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    topics.cache_clear()
    try:
        for locale in ("en", "it"):
            shown = topics("new-game", locale)
            assert [t.key for t in shown] == ["overview", "setup"]
            assert not any(mark in t.text for t in shown for mark in ("x.txt", "yaml", "Carte"))
    finally:
        topics.cache_clear()


# What players are never shown: code and notation (in backticks), file names, the repository's folders, the
# rulebooks' file numbers (000_…, "003"), and the decisions' bookkeeping ("decision 12", "D3", "H1").
NOT_FOR_PLAYERS = {
    "code": re.compile(r"`[^`]*`"),
    "a file name": re.compile(r"\b[\w.-]+\.(?:txt|py|ya?ml|md|json|png|sql)\b"),
    "a path": re.compile(r"\b(?:engine|tests|data|render|bot|docs|bench)/"),
    "a rulebook's number": re.compile(r"\b00\d\b|\b\d{3}_[0-9a-f]{16}\b"),
    "decision bookkeeping": re.compile(r"\b(?:decision[ei]?|decisions)\s+\d+|\*\*[DH]\d+\*\*|\b[DH]\d{1,2}\b", re.I),
}


@pytest.mark.parametrize("game, locale", [(game, locale) for game in games_with_rules() for locale in ("en", "it")])
def test_players_are_shown_the_rules_in_words_never_paths_file_names_or_codes(game, locale):
    shown = topics(game, locale)
    assert len(shown) >= 5 and shown == topics(game, locale if locale in languages_of(game) else "en")
    found = [f"{topic.key}: {what}: {match.group(0)!r}" for topic in shown
             for what, pattern in NOT_FOR_PLAYERS.items() for match in pattern.finditer(topic.title + topic.text)]
    assert found == [], "\n".join(found)
