"""`/rules game: topic:` — the sections of `docs/rules/<game>.md`, in the player's language, cut to fit Discord.

A game's rules doc is found by its engine key (`al-rashid` -> `docs/rules/al_rashid.md`); its translation
sits beside it in a folder named after the locale (`docs/rules/it/al_rashid.md`). Nothing lists the games:
a new game's doc, and its translation, are picked up as soon as the files exist.

Topics are the doc's `##` and `###` headings (a `##` topic holds its `###` subsections); the text before
the first `##` is the doc's own opening topic. A second `#` heading ("For developers") opens the part written
for developers (rulebook file names, code paths, data sources): players are never shown it. A translation has the same headings in the same order, so a
topic's key (from the English heading) is the same in every language. A game whose doc has no translation
in the player's language answers in English and says so (`Answer.translated`).

Discord shows markdown but not tables, so each table row becomes a line of its cells; headings become bold
lines. An answer is cut into parts within Discord's limits (2,000 characters for a message, 4,096 for an
embed's description), at paragraph ends where possible, then at line ends, then between words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.core.messages import DEFAULT_LOCALE

from .folding import fold

RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
MESSAGE_LIMIT = 2000
EMBED_LIMIT = 4096
CHOICES = 25          # Discord's most autocomplete choices
CHOICE_LENGTH = 100   # Discord's longest choice name and value
HEADING = re.compile(r"^(#{1,3})\s+(.+?)\s*$")


@dataclass(frozen=True, slots=True)
class Topic:
    key: str          # from the English headings, the same in every language: "a-turn/placement"
    title: str        # in the doc's language: "A turn › Placement"
    level: int        # 1 the opening, 2 a section, 3 a subsection
    text: str         # Discord-ready markdown, whole


@dataclass(frozen=True, slots=True)
class Answer:
    topic: Topic
    parts: tuple[str, ...]
    translated: bool  # False when the player's language has no version of this doc: the answer is English


def doc_path(game: str, locale: str = DEFAULT_LOCALE) -> Path:
    name = f"{game.replace('-', '_')}.md"
    return RULES_DIR / name if locale == DEFAULT_LOCALE else RULES_DIR / locale / name


def games_with_rules() -> list[str]:
    """Engine keys of every game with a rules doc."""
    return sorted(path.stem.replace("_", "-") for path in RULES_DIR.glob("*.md"))


def languages_of(game: str) -> list[str]:
    return [DEFAULT_LOCALE, *sorted(p.parent.name for p in RULES_DIR.glob(f"*/{doc_path(game).name}"))]


@cache
def topics(game: str, locale: str = DEFAULT_LOCALE) -> tuple[Topic, ...]:
    """Every topic of a game's doc in one language (English when that language has none); empty without a doc."""
    path = doc_path(game, locale)
    if not path.exists():
        path = doc_path(game)
        if not path.exists():
            return ()
    english = _sections(doc_path(game).read_text(encoding="utf-8"))
    here = _sections(path.read_text(encoding="utf-8"))
    if [level for level, _, _ in here] != [level for level, _, _ in english]:
        raise ValueError(f"{path} does not have the headings of {doc_path(game)}")
    keys = _keys(english)
    found: list[Topic] = []
    trail: dict[int, str] = {}
    for index, (level, title, body) in enumerate(here):
        trail[level] = title
        path_title = title if level < 3 else f"{trail[2]} › {title}"
        text = body
        if level == 2:  # a section holds its subsections
            for sub_level, sub_title, sub_body in here[index + 1:]:
                if sub_level <= 2:
                    break
                text += f"\n\n**{sub_title}**\n{sub_body}"
        found.append(Topic(keys[index], path_title, level, _discord_markdown(text).strip()))
    return tuple(found)


def search(game: str, query: str, locale: str = DEFAULT_LOCALE) -> list[Topic]:
    """Topics for autocomplete: first those whose title (in the player's language or in English) holds the query,
    then those whose text does."""
    wanted = fold(query)
    english = {t.key: t for t in topics(game)}
    here = topics(game, locale)
    titled = [t for t in here if wanted in fold(t.title) or wanted in fold(english[t.key].title)]
    told = [t for t in here if t not in titled and (wanted in fold(t.text) or wanted in fold(english[t.key].text))]
    return (titled + told)[:CHOICES]


def answer(game: str, key: str, locale: str = DEFAULT_LOCALE, limit: int = EMBED_LIMIT) -> Answer | None:
    """The topic `key` of a game's rules, cut into parts of at most `limit` characters; None if unknown."""
    topic = next((t for t in topics(game, locale) if t.key == key), None)
    if topic is None:
        return None
    return Answer(topic, tuple(split(topic.text, limit)), translated=doc_path(game, locale).exists())


def split(text: str, limit: int) -> list[str]:
    """Parts of at most `limit` characters whose concatenation, with the cut whitespace, is `text`:
    cut after a paragraph where possible, else after a line, else between words, else anywhere."""
    parts: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        window = rest[:limit + 1]
        cut = next((at for sep in ("\n\n", "\n", " ") if (at := window.rfind(sep)) > 0), limit)
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].strip()
    return [*parts, rest] if rest else parts


def _sections(document: str) -> list[tuple[int, str, str]]:
    """(level, heading, body) of the opening (level 1) and every `##` / `###` heading, in order, up to the
    developers' part (the second `#` heading)."""
    found: list[tuple[int, str, list[str]]] = []
    in_code = False
    for line in document.splitlines():
        in_code ^= line.startswith("```")
        heading = None if in_code else HEADING.match(line)
        if heading and len(heading.group(1)) == 1 and found:
            break
        if heading:
            found.append((len(heading.group(1)), heading.group(2), []))
        elif found:
            found[-1][2].append(line)
    return [(level, title, "\n".join(body).strip()) for level, title, body in found]


def _keys(sections: list[tuple[int, str, str]]) -> list[str]:
    keys: list[str] = []
    parent = ""
    for level, title, _ in sections:
        slug = _slug(title)
        if level == 1:
            keys.append("overview")
        elif level == 2:
            parent = slug
            keys.append(slug)
        else:
            keys.append(f"{parent}/{slug}")
    return keys


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(title)).strip("-")[:48] or "section"


def _discord_markdown(text: str) -> str:
    """Tables as one line per row (cells left empty repeat the row above, as merged cells read on paper)."""
    out: list[str] = []
    above: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            above = []
            out.append(line)
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if all(set(cell) <= set(":-") for cell in cells):
            continue  # the header's rule
        if not above:
            out.append("*" + " · ".join(cells) + "*")
        else:
            cells = [cell or previous for cell, previous in zip(cells, above, strict=False)] + cells[len(above):]
            out.append("• " + " · ".join(cells))
        above = cells
    return "\n".join(out)
