"""Check every request body against Discord's OpenAPI spec and the documented limits the spec misses.

The spec (`spec/openapi.json` beside this file, with its licence and version) is loaded once per process. Each request is matched to
its operation by method and path template; its requestBody schema (the JSON one; for multipart bodies the
`payload_json` part) validates the body with jsonschema, `$ref`s resolved through a `referencing` registry.

One deliberate leniency: `SnowflakeType` also accepts non-negative integers, because Discord accepts
them and discord.py sends new attachments as `{"id": 0, ...}`.

`limit_problems` enforces documented limits that are stricter than the spec or absent from it
(content 2,000 characters, 6,000 characters of embeds, 5 action rows of 5 buttons, one select per row,
25 select options, unique custom_ids, command naming rules...).
"""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import discord
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance
from jsonschema.validators import extend
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parent / "spec" / "openapi.json"
SPEC_URI = "https://discord.com/api/openapi.json"
IS_COMPONENTS_V2 = 1 << 15


@dataclass(frozen=True)
class Violation:
    """One problem with one request the bot sent."""

    method: str
    path: str
    problem: str

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.problem}"


class OpenAPISpec:
    """Operations of the spec, found by (method, concrete path), with cached body validators."""

    def __init__(self, path: Path = SPEC_PATH) -> None:
        spec = json.loads(Path(path).read_text(encoding="utf-8"))
        spec["components"]["schemas"]["SnowflakeType"] = {
            "anyOf": [spec["components"]["schemas"]["SnowflakeType"], {"type": "integer", "minimum": 0}]
        }
        self.spec = spec
        self._validator_class = _discriminating(spec)
        self._registry = Registry().with_resource(SPEC_URI, Resource(spec, specification=DRAFT202012))
        self._templates: list[tuple[re.Pattern[str], str, int]] = []
        for template in spec["paths"]:
            pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
            literal_segments = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
            self._templates.append((re.compile(f"^{pattern}$"), template, literal_segments))

    def template(self, path: str) -> str | None:
        """The spec's path template for a concrete path (the most literal one when several match)."""
        matches = [(lit, t) for regex, t, lit in self._templates if regex.match(path)]
        return max(matches)[1] if matches else None

    def body_problems(self, method: str, path: str, body: Any) -> list[str]:
        template = self.template(path)
        if template is None:
            return []
        operation = self.spec["paths"][template].get(method.lower())
        if operation is None or "requestBody" not in operation:
            return []
        validator = self._validator(template, method.lower(), self._branch_for(operation, body))
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        error = _intended_branch_error(max(errors, key=relevance))
        return [
            f"OpenAPI schema: {error.json_path} fails {error.validator}={_short(repr(error.validator_value))}"
            f" (value {_short(repr(error.instance))})"
        ]

    def _branch_for(self, operation: dict[str, Any], body: Any) -> int | None:
        """For anyOf unions told apart by `type` (interaction callbacks), the branch this body's type picks.

        Validating against the one intended branch gives a precise error instead of "not valid under any".
        """
        schema = operation["requestBody"]["content"].get("application/json", {}).get("schema", {})
        if not isinstance(body, dict) or "anyOf" not in schema or "type" not in body:
            return None
        schemas = self.spec["components"]["schemas"]
        for index, branch in enumerate(schema["anyOf"]):
            target = schemas.get(branch.get("$ref", "").rsplit("/", 1)[-1], {})
            enum = target.get("properties", {}).get("type", {}).get("enum")
            if enum and body["type"] in enum:
                return index
        return None

    @functools.cache  # noqa: B019 - one spec per process, validators are pure
    def _validator(self, template: str, method: str, branch: int | None) -> Draft202012Validator:
        pointer = "/".join(
            ["", "paths", template.replace("~", "~0").replace("/", "~1"), method, "requestBody", "content",
             "application~1json", "schema"]
        )
        if branch is not None:
            pointer += f"/anyOf/{branch}"
        return self._validator_class({"$ref": f"{SPEC_URI}#{quote(pointer, safe='/~')}"}, registry=self._registry)


def _discriminating(spec: dict[str, Any]) -> type[Draft202012Validator]:
    """Draft 2020-12, but a oneOf/anyOf whose branches each fix the object's `type` (components, callbacks)
    validates only the branch the object's `type` picks. Every other branch would reject the object on its
    `type` anyway, so the verdict is the same; checking all of them made each message cost tens of ms."""
    schemas = spec["components"]["schemas"]

    def kinds(branch: dict[str, Any]) -> list[Any] | None:
        target = schemas.get(branch.get("$ref", "").rsplit("/", 1)[-1], branch)
        kind = (target.get("properties") or {}).get("type") or {}
        return kind.get("enum") or ([kind["const"]] if "const" in kind else None)

    def dispatching(original: Any) -> Any:
        def keyword(validator: Any, branches: list[dict[str, Any]], instance: Any, schema: Any) -> Iterator[Any]:
            if isinstance(instance, dict) and "type" in instance:
                fixed = [kinds(b) for b in branches]
                if all(k is not None for k in fixed):
                    picked = [i for i, k in enumerate(fixed) if instance["type"] in k]  # type: ignore[operator]
                    if len(picked) == 1:
                        yield from validator.descend(instance, branches[picked[0]], schema_path=picked[0])
                        return
            yield from original(validator, branches, instance, schema)
        return keyword

    keywords = Draft202012Validator.VALIDATORS
    return extend(Draft202012Validator, {"oneOf": dispatching(keywords["oneOf"]),
                                         "anyOf": dispatching(keywords["anyOf"])})


@functools.cache
def load_spec(path: Path = SPEC_PATH) -> OpenAPISpec:
    """The spec, parsed once per process."""
    return OpenAPISpec(path)


def _intended_branch_error(error: ValidationError) -> ValidationError:
    """Descend oneOf/anyOf errors into the branch the payload meant (its `type` matched, it is not null).

    jsonschema's best_match would often report "2 is not one of [10]" from a branch meant for another
    component type; skipping branches rejected for their discriminator points at the real mistake.
    """
    for _ in range(50):
        if not error.context:
            return error
        branches: dict[Any, list[ValidationError]] = defaultdict(list)
        for sub in error.context:
            branches[sub.relative_schema_path[0]].append(sub)
        intended = [errors for errors in branches.values() if not any(_rejects_kind(e) for e in errors)]
        if len(intended) != 1:
            return error
        error = max(intended[0], key=relevance)
    return error


def _rejects_kind(error: ValidationError) -> bool:
    path = list(error.relative_path)
    return (error.validator in ("enum", "const") and path == ["type"]) or (error.validator == "type" and not path)


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# ---------------------------------------------------------------------------------------------------------
# Documented limits (https://discord.com/developers/docs), checked on top of the schema.

_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
_LOCALES = {locale.value for locale in discord.Locale}


def limit_problems(method: str, template: str | None, body: Any) -> list[str]:
    """Documented limits for the body of one request to `template` (a spec path template)."""
    if template is None or body is None:
        return []
    method = method.upper()
    problems: list[str] = []
    if template.endswith("/commands") and method == "PUT":
        problems += _command_list_problems(body)
    elif "/commands" in template and method in ("POST", "PATCH"):
        problems += list(_command_problems(body, "command"))
    elif template.endswith("/callback"):
        problems += _callback_problems(body)
    elif template.endswith("/threads") and method == "POST":
        if not 1 <= len(body.get("name") or "") <= 100:
            problems.append("thread name must be 1-100 characters")
        if isinstance(body.get("message"), dict):
            problems += _message_problems(body["message"])
    elif ("/messages" in template and method in ("POST", "PATCH")) or (
        template.startswith("/webhooks/{webhook_id}/{webhook_token}") and method in ("POST", "PATCH")
    ):
        problems += _message_problems(body)
    return problems


def _callback_problems(body: dict[str, Any]) -> list[str]:
    data = body.get("data") or {}
    kind = body.get("type")
    if kind in (4, 5, 7):
        return _message_problems(data)
    if kind == 8:
        return _choices_problems(data.get("choices") or [], "autocomplete")
    if kind == 9:
        problems = []
        if not 1 <= len(data.get("title") or "") <= 45:
            problems.append("modal title must be 1-45 characters")
        if len(data.get("custom_id") or "") > 100:
            problems.append("modal custom_id longer than 100 characters")
        if not 1 <= len(data.get("components") or []) <= 5:
            problems.append("a modal holds 1-5 components")
        return problems
    return []


def _message_problems(msg: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    content = msg.get("content")
    if content is not None and len(content) > 2000:
        problems.append(f"content is {len(content)} characters; Discord allows 2000")
    embeds = msg.get("embeds") or []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds; Discord allows 10 per message")
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed_chars(embed)
        if len(embed.get("fields") or []) > 25:
            problems.append(f"embed {i} has more than 25 fields")
        for f in embed.get("fields") or []:
            if len(f.get("name") or "") > 256 or len(f.get("value") or "") > 1024:
                problems.append(f"embed {i} field longer than 256 (name) / 1024 (value) characters")
    if total > 6000:
        problems.append(f"embeds hold {total} characters together; Discord allows 6000")
    if len(msg.get("attachments") or []) > 10:
        problems.append("more than 10 attachments")
    components = msg.get("components") or []
    flags = msg.get("flags") or 0
    problems += _components_problems(components, v2=bool(flags & IS_COMPONENTS_V2))
    mentions = msg.get("allowed_mentions") or {}
    for kind in ("users", "roles"):
        if kind in (mentions.get("parse") or []) and mentions.get(kind):
            problems.append(f"allowed_mentions: parse {kind!r} and a {kind} list are mutually exclusive")
    return problems


def is_empty(body: dict[str, Any], files: int) -> bool:
    """Discord refuses (50006) a message with nothing to show: no content, embed, component, file,
    sticker or poll."""
    return not ((body.get("content") or "").strip() or body.get("embeds") or body.get("components") or files
                or body.get("attachments") or body.get("sticker_ids") or body.get("poll"))


def _embed_chars(embed: dict[str, Any]) -> int:
    parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
             (embed.get("author") or {}).get("name")]
    for f in embed.get("fields") or []:
        parts += [f.get("name"), f.get("value")]
    return sum(len(p) for p in parts if p)


def _components_problems(components: list[dict[str, Any]], *, v2: bool) -> list[str]:
    problems: list[str] = []
    if not v2 and len(components) > 5:
        problems.append(f"{len(components)} action rows; Discord allows 5")
    custom_ids: list[str] = []
    for r, row in enumerate(components):
        if row.get("type") != 1:
            if not v2:
                problems.append(f"top-level component {r} is type {row.get('type')}, not an action row")
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if len(buttons) > 5:
            problems.append(f"action row {r} has {len(buttons)} buttons; Discord allows 5")
        if selects and len(children) > 1:
            problems.append(f"action row {r}: a select menu must be alone in its row")
        for c in children:
            problems += _component_problems(c, f"row {r}")
    for c in _walk(components):
        if c.get("custom_id"):
            custom_ids.append(c["custom_id"])
    duplicates = sorted({c for c in custom_ids if custom_ids.count(c) > 1})
    if duplicates:
        problems.append(f"custom_ids must be unique within a message: {duplicates}")
    return problems


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for c in components:
        yield c
        yield from _walk(c.get("components") or [])
        if c.get("accessory"):
            yield from _walk([c["accessory"]])


def _component_problems(c: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    custom_id = c.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= 100:
        problems.append(f"{where}: custom_id is {len(custom_id)} characters; Discord allows 1-100")
    if c.get("type") == 2:
        if len(c.get("label") or "") > 80:
            problems.append(f"{where}: button label longer than 80 characters: {c['label'][:40]!r}…")
        if c.get("style") == 5:
            if not c.get("url") or custom_id:
                problems.append(f"{where}: a link button needs a url and no custom_id")
        elif c.get("style") != 6 and not custom_id:
            problems.append(f"{where}: a non-link button needs a custom_id")
        if not c.get("label") and not c.get("emoji"):
            problems.append(f"{where}: a button needs a label or an emoji")
    if c.get("type") == 3:
        options = c.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}: select has {len(options)} options; Discord allows 1-25")
        for o in options:
            for key in ("label", "value", "description"):
                if len(o.get(key) or "") > 100:
                    problems.append(f"{where}: select option {key} longer than 100 characters")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where}: select option values must be unique")
        max_values = c.get("max_values", 1)
        if max_values > max(len(options), 1) or c.get("min_values", 1) > max_values:
            problems.append(f"{where}: select min/max_values do not fit its {len(options)} options")
        if sum(1 for o in options if o.get("default")) > max_values:
            problems.append(f"{where}: more options are selected by default than max_values allows")
    if len(c.get("placeholder") or "") > 150:
        problems.append(f"{where}: placeholder longer than 150 characters")
    return problems


def _command_list_problems(commands: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    counts = {1: 0, 2: 0, 3: 0}
    names: set[tuple[int, str]] = set()
    for command in commands:
        kind = command.get("type", 1)
        counts[kind] = counts.get(kind, 0) + 1
        key = (kind, command.get("name", ""))
        if key in names:
            problems.append(f"command name {key[1]!r} registered twice")
        names.add(key)
        problems += list(_command_problems(command, f"command {command.get('name')!r}"))
    if counts[1] > 100:
        problems.append(f"{counts[1]} slash commands; Discord allows 100")
    if counts[2] > 5 or counts[3] > 5:
        problems.append("Discord allows 5 user and 5 message context-menu commands")
    return problems


def _command_problems(command: dict[str, Any], where: str) -> Iterator[str]:
    chat_input = command.get("type", 1) == 1
    yield from _name_problems(command, where, chat_input=chat_input)
    if chat_input:
        yield from _description_problems(command, where)
    options = command.get("options") or []
    yield from _options_problems(options, where, depth=0)
    chars = len(command.get("name", "")) + len(command.get("description") or "") + _option_chars(options)
    if chars > 4000:
        yield f"{where}: name, descriptions and choices hold {chars} characters; Discord allows 4000"


def _option_chars(options: list[dict[str, Any]]) -> int:
    total = 0
    for o in options:
        total += len(o.get("name", "")) + len(o.get("description") or "")
        total += sum(len(ch.get("name", "")) + len(str(ch.get("value", ""))) for ch in o.get("choices") or [])
        total += _option_chars(o.get("options") or [])
    return total


def _name_problems(obj: dict[str, Any], where: str, *, chat_input: bool = True) -> Iterator[str]:
    names = [("name", obj.get("name", ""))] + [
        (f"name_localizations[{k}]", v) for k, v in (obj.get("name_localizations") or {}).items()
    ]
    for key, name in names:
        if chat_input and (not _COMMAND_NAME.match(name) or name != name.lower()):
            yield f"{where}: {key} {name!r} must be 1-32 lowercase letters, digits, - or _"
        elif not 1 <= len(name) <= 32:
            yield f"{where}: {key} {name!r} must be 1-32 characters"
    for field in ("name_localizations", "description_localizations"):
        unknown = sorted(set(obj.get(field) or {}) - _LOCALES)
        if unknown:
            yield f"{where}: {field} has unknown locales {unknown}"


def _description_problems(obj: dict[str, Any], where: str) -> Iterator[str]:
    texts = [("description", obj.get("description") or "")] + [
        (f"description_localizations[{k}]", v) for k, v in (obj.get("description_localizations") or {}).items()
    ]
    for key, text in texts:
        if not 1 <= len(text) <= 100:
            yield f"{where}: {key} must be 1-100 characters (is {len(text)})"


def _options_problems(options: list[dict[str, Any]], where: str, *, depth: int) -> Iterator[str]:
    if len(options) > 25:
        yield f"{where}: {len(options)} options; Discord allows 25"
    kinds = {o.get("type") for o in options}
    if kinds & {1, 2} and kinds - {1, 2}:
        yield f"{where}: subcommands cannot sit beside plain options"
    seen_optional = False
    for o in options:
        here = f"{where} option {o.get('name')!r}"
        yield from _name_problems(o, here)
        yield from _description_problems(o, here)
        if o.get("type") in (1, 2):
            if o["type"] == 2 and depth > 0 or o["type"] == 1 and depth > 1:
                yield f"{here}: subcommands nest at most group → subcommand"
            yield from _options_problems(o.get("options") or [], here, depth=depth + 1)
            continue
        if o.get("required"):
            if seen_optional:
                yield f"{here}: required options must come before optional ones"
        else:
            seen_optional = True
        if o.get("autocomplete") and o.get("choices"):
            yield f"{here}: an option cannot have both choices and autocomplete"
        yield from _choices_problems(o.get("choices") or [], here)


def _choices_problems(choices: list[dict[str, Any]], where: str) -> list[str]:
    problems = []
    if len(choices) > 25:
        problems.append(f"{where}: {len(choices)} choices; Discord allows 25")
    for ch in choices:
        if not 1 <= len(ch.get("name", "")) <= 100:
            problems.append(f"{where}: choice name {ch.get('name')!r} must be 1-100 characters")
        if isinstance(ch.get("value"), str) and len(ch["value"]) > 100:
            problems.append(f"{where}: choice value longer than 100 characters")
    return problems
