"""Component custom ids, and the one reader of every number a player can send in one.

Our ids: `cs:<match>:<state_id>:<verb>[:<arg>]` (a match's buttons and selects), `rq:<game>:<topic>:<part>:<tag>`
(a rules answer's next part), `rp:<match>:<frame>:<tag>` and `rp:<match>:jump` (a replay frame). Everything a click
needs is in its id, so buttons keep working after a restart, and the state_id lets a click on an old board be
recognised as stale. A click's id and values come from whoever sends it, not only from our buttons: every reader
here returns None for anything malformed (a part that is not a plain number, "²" or "-1" included), and the
cogs answer that with one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

PREFIX, RULES_PREFIX, REPLAY_PREFIX = "cs", "rq", "rp"
MAX_CUSTOM_ID = 100  # Discord's limit
LARGEST = 2**63 - 1  # an id or index beyond this is no row of ours (and overflows the database's integers)


def number(text: str) -> int | None:
    """A whole number written in ASCII digits; None for anything else (`str.isdigit` accepts "²", which `int`
    does not read)."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(LARGEST)):
        return None
    value = int(text)
    return value if value <= LARGEST else None


def prefix_of(custom_id: str) -> str:
    return custom_id.partition(":")[0]


class Verb(StrEnum):
    """What a match's button or select does, as its custom id spells it."""

    JOIN = "join"
    LEAVE = "leave"
    ADD_AI = "addai"
    REMOVE_AI = "rmai"
    START = "start"
    REMATCH = "rematch"
    OPEN = "open"        # the private panel of the player's question
    HAND = "hand"
    BOARD = "board"      # the whole board, or the area picked in the select under it
    STATUS = "status"
    DO = "do"            # a step's button: its notation, or its place in the list (#n)
    PICK = "pick"        # a step chosen from a select
    SEVERAL = "several"  # several answers to a question that asks again, from one multi-select (picks.py)
    TURN = "turn"        # the suggested turn: its first step (as DO names it), and those the suggestion plays after it


@dataclass(frozen=True)
class Route:
    match_id: int
    state_id: int
    verb: Verb
    arg: str | None = None

    @property
    def custom_id(self) -> str:
        parts = [PREFIX, str(self.match_id), str(self.state_id), self.verb]
        if self.arg is not None:
            parts.append(self.arg)
        return ":".join(parts)

    def fits(self) -> bool:
        return len(self.custom_id) <= MAX_CUSTOM_ID


LOBBY_VERBS = frozenset({Verb.JOIN, Verb.LEAVE, Verb.ADD_AI, Verb.REMOVE_AI, Verb.START})
STEP_VERBS = frozenset({Verb.DO, Verb.PICK, Verb.SEVERAL, Verb.TURN})
VERBS = frozenset(Verb)


def parse(custom_id: str) -> Route | None:
    parts = custom_id.split(":", 4)
    if len(parts) < 4 or parts[0] != PREFIX:
        return None
    match_id, state_id = number(parts[1]), number(parts[2])
    if match_id is None or state_id is None or parts[3] not in VERBS:
        return None
    return Route(match_id, state_id, Verb(parts[3]), parts[4] if len(parts) == 5 else None)


@dataclass(frozen=True)
class RulesPage:
    game: str
    topic: int   # the topic's place among the game's topics
    part: int
    tag: str     # which button (two buttons of a message never share an id)

    @property
    def custom_id(self) -> str:
        return f"{RULES_PREFIX}:{self.game}:{self.topic}:{self.part}:{self.tag}"


def parse_rules(custom_id: str) -> RulesPage | None:
    parts = custom_id.split(":")
    if len(parts) != 5 or parts[0] != RULES_PREFIX:
        return None
    topic, part = number(parts[2]), number(parts[3])
    return RulesPage(parts[1], topic, part, parts[4]) if topic is not None and part is not None else None


@dataclass(frozen=True)
class ReplayFrame:
    match_id: int
    frame: int | None    # None: the frame is the value chosen in the jump select
    tag: str             # f/p/n/l (first, previous, next, last), "export", or "jump"

    @property
    def custom_id(self) -> str:
        if self.frame is None:
            return f"{REPLAY_PREFIX}:{self.match_id}:{self.tag}"
        return f"{REPLAY_PREFIX}:{self.match_id}:{self.frame}:{self.tag}"


def parse_replay(custom_id: str) -> ReplayFrame | None:
    parts = custom_id.split(":")
    match_id = number(parts[1]) if len(parts) > 1 else None
    if parts[0] != REPLAY_PREFIX or match_id is None:
        return None
    if parts[2:] == ["jump"]:
        return ReplayFrame(match_id, None, "jump")
    frame = number(parts[2]) if len(parts) == 4 else None
    return ReplayFrame(match_id, frame, parts[3]) if frame is not None else None


def step_ref(match_id: int, state_id: int, notation: str, index: int, limit: int = MAX_CUSTOM_ID,
             verb: Verb = Verb.DO) -> str:
    """How a component names a step: its notation, or `#index` (into the legal steps) when too long."""
    if len(Route(match_id, state_id, verb, notation).custom_id) <= limit and not notation.startswith("#"):
        return notation
    return f"#{index}"


def resolve_step(ref: str, notations: list[str]) -> str | None:
    if ref.startswith("#"):
        index = number(ref[1:])
        return notations[index] if index is not None and index < len(notations) else None
    return ref


def offered(notation: str, state_id: int) -> str:
    """A /play autocomplete value: the step and the state it was offered for, so that a retried or repeated
    command never applies twice (a state that moved on refuses it)."""
    return f"{notation}@{state_id}"


def read_offered(value: str) -> tuple[str, int | None]:
    """(notation, state_id) of an autocomplete value; state_id None for a move typed by hand."""
    notation, sep, state = value.strip().rpartition("@")
    state_id = number(state) if sep else None
    if state_id is not None:
        return notation, state_id
    return value.strip(), None
