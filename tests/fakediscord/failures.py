"""Injected failures: the errors Discord really answers with, on the requests a test picks."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# Discord JSON error codes the bot must cope with (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
ERROR_MESSAGES = {
    0: "General error",
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10015: "Unknown Webhook",
    10062: "Unknown interaction",
    40060: "Interaction has already been acknowledged.",
    50001: "Missing Access",
    50006: "Cannot send an empty message",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50027: "Invalid Webhook Token",
    50035: "Invalid Form Body",
}
STATUS_TEXT = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
               500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
               504: "Gateway Timeout"}


class DiscordError(Exception):
    """Raised by fake handlers to answer with a Discord error body."""

    def __init__(self, status: int, code: int = 0, message: str | None = None) -> None:
        self.status, self.code = status, code
        self.message = message or ERROR_MESSAGES.get(code) or f"{status}: {STATUS_TEXT.get(status, 'Error')}"
        super().__init__(f"{status} {code} {self.message}")

    def body(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code}


def json_response(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with the exact content type Discord sends (discord.py parses only "application/json" bodies)."""
    return web.Response(status=status, body=json.dumps(payload).encode(),
                        headers={"Content-Type": "application/json", **(headers or {})})


def error_response(status: int, code: int = 0, message: str | None = None) -> web.Response:
    return json_response(DiscordError(status, code, message).body(), status)


@dataclass(eq=False)
class FailureRule:
    """One `fake.fail_next(...)`: which requests it catches and how it answers them."""

    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    global_: bool
    code: int | None
    message: str | None
    remaining: int
    passes: int = 0
    """How many matching requests still go through before it answers with the error."""
    hits: list[str] = field(default_factory=list)
    """The paths it answered, in order (so a test can check the bot retried after it)."""

    @classmethod
    def build(cls, method: str, path_regex: str, *, status: int, retry_after: float, global_: bool,
              code: int | None, message: str | None, times: int) -> FailureRule:
        return cls(method=method.upper(), pattern=re.compile(path_regex), status=status, retry_after=retry_after,
                   global_=global_, code=code, message=message, remaining=times)

    @property
    def used(self) -> bool:
        return bool(self.hits)

    def matches(self, method: str, path: str) -> bool:
        return self.method in ("*", method.upper()) and self.pattern.search(path) is not None

    def response(self, path: str) -> web.Response:
        self.hits.append(path)
        if self.status == 429:
            body = {"message": "You are being rate limited.", "retry_after": self.retry_after,
                    "global": self.global_, "code": 0}
            headers = {
                "Via": "1.1 google",  # discord.py treats a 429 without Via as a Cloudflare ban
                "Retry-After": str(max(1, math.ceil(self.retry_after))),
                "X-RateLimit-Scope": "global" if self.global_ else "user",
            }
            if self.global_:
                headers["X-RateLimit-Global"] = "true"
            return json_response(body, 429, headers)
        return error_response(self.status, self.code or 0, self.message)
