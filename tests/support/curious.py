"""A curious player for end-to-end tests: it steers towards every kind of step the game can ask.

The kinds of step are the game's questions (the prompt keys `<game>.ask.*` of data/i18n/en, except those
only shown to the other players, `*_public`), plus the two ways of paying: by the suggested payment and
piece by piece. They come from the translations, not from the engine's internals, so they stay stable
while the engine is refactored.

The player looks one step ahead with the engine: a choice that leads to a question not asked yet wins;
otherwise it leans towards what opens the game's rare questions (`LEANINGS`: for Al-Rashid, charges that ask
something when used, fights, borrowed favours), sometimes takes the suggestion, sometimes another choice, and
otherwise picks at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.services.core import only_answer
from engine import ai
from engine.core import Action, Game
from engine.core.errors import EngineError
from engine.core.messages import catalogue, locale_of
from engine.yspahan.vocab import BUILD_CARDS, SWAP


def several_in(locale: str) -> str:
    """Several answers to a question that asks again, given at once from its multi-select (bot/services/picks.py)
    by a player reading the bot in `locale`."""
    return f"several answers at once ({locale_of(locale)})"


PAY_BY_SUGGESTION = " (suggested payment)"
PAY_PIECE_BY_PIECE = " (piece by piece)"
# Charges whose use (or gain) asks a question of its own.
ASKING_CHARGES = {
    "plotter": "move.plotter", "informer": "move.informer", "smuggler": "use_smuggler",
    "recruiter": "use_recruiter", "trader": "use_trader", "negotiator": "use_negotiator",
    "alchemist": "alchemy", "impostor": "impostor", "diplomat": "hold", "quartermaster": "goods",
    "agha": "draw",
}
TAKES_TURN = 0.3  # how often a curious player who chose the suggestion's first step takes the whole suggested turn
# Verbs that undo a half-made choice: taken now and then, never twice in a row.
GOING_BACK = {"back", "clear", "cancel"}


def prefix(game: Game) -> str:
    return game.spec.key.replace("-", "_") + ".ask."


@cache
def step_kinds(game: Game) -> frozenset[str]:
    """Every kind of step the game can ask a player, named by its prompt key."""
    asks = {k for k in catalogue("en") if k.startswith(prefix(game)) and not _public(k)}
    pays = {k for k in asks if k.endswith(".pay")}
    return frozenset(asks | {k + PAY_BY_SUGGESTION for k in pays} | {k + PAY_PIECE_BY_PIECE for k in pays})


def _public(key: str) -> bool:
    """A question as the other players read it (`*_public`, `ask.public`, `ask.public.*`): never clicked."""
    return key.endswith("_public") or "public" in key.split(".ask.", 1)[-1].split(".")


def kinds_of_click(prompt_key: str, action: Action) -> set[str]:
    """What answering `prompt_key` with `action` covers."""
    kinds = {prompt_key}
    if prompt_key.endswith(".pay"):
        if action.verb == "pay":
            kinds.add(prompt_key + PAY_BY_SUGGESTION)
        elif action.verb == "confirm":
            kinds.add(prompt_key + PAY_PIECE_BY_PIECE)
    return kinds


def short(kind: str) -> str:
    return kind.split(".ask.", 1)[-1]


@dataclass
class Curious:
    game: Game
    rng: random.Random
    covered: set[str] = field(default_factory=set)
    last_verb: dict[int, str] = field(default_factory=dict)
    several: random.Random = field(default_factory=lambda: random.Random(0))  # apart: seeded runs go as they did
    turns: random.Random = field(default_factory=lambda: random.Random(1))    # the same, for `takes_turn`
    ahead: list[tuple[dict[str, Any], Action]] = field(default_factory=list)  # choices worked out, not clicked yet

    def prompt_key(self, state, seat: int) -> str | None:
        prompt = self.game.prompt(state, seat)
        return prompt.key if prompt is not None else None

    def choose(self, state, seat: int, options: list[Action], suggested: Action | None = None) -> Action:
        if self.ahead and self.ahead[0][1] in options and self.ahead[0][0] == self.game.dump_state(state):
            return self.ahead.pop(0)[1]
        self.ahead = []
        key = self.prompt_key(state, seat) or ""
        pick = self._choose(state, seat, key, options, suggested)
        self.last_verb[seat] = pick.verb
        return pick

    def more(self, state, seat: int, first: Action, offered: set[Action], most: int, close: Action | None, *,
             eager: bool = False) -> list[Action]:
        """`first` and the answers given with it from the question's multi-select (which `offered`, up to
        `most`, then plays `close`): the choices this player would click one by one on the question as it then
        stands, as many as `how_many` says (all when `eager`); the choices worked out and not given are kept
        for the next clicks (and a sole answer is left to the bot), so that the match goes as if every answer
        were clicked."""
        key = self.prompt_key(state, seat)
        run, planned = [first], []
        state, _ = self.game.apply(state, seat, first)
        while len(run) < most and seat in self.game.active_seats(state) and self.prompt_key(state, seat) == key:
            legal = self.game.legal_actions(state, seat)
            if len(legal) < 2:
                break
            turn = ai.suggested_turn(self.game, state, seat, most=1)
            suggested = turn[0][0] if turn else None
            if suggested in legal:  # as the panel lists them: its green button first
                legal = [suggested, *(a for a in legal if a != suggested)]
            pick = self.choose(state, seat, legal, suggested)
            planned.append((self.game.dump_state(state), pick))
            if pick not in offered:
                break
            run.append(pick)
            state, _ = self.game.apply(state, seat, pick)
        if close is not None:  # the bot closes the question after the picks: only if this player would
            n = len(run) if planned and planned[-1][1] == close else 1
        else:
            n = len(run) if eager else self.how_many(len(run))
        self.ahead = planned[n - 1:]
        return run[:n]

    def how_many(self, most: int) -> int:
        """How many of the answers worked out go in the multi-select: any number (the curious also click one
        at a time)."""
        return self.several.randint(1, most)

    def takes_turn(self, state, seat: int) -> bool:
        """Having chosen the suggestion's first step, whether the whole suggested turn goes with it (one click on
        the green button): now and then, when it passes no question where this player would steer otherwise (a
        kind of question not reached yet, a choice that opens one, a choice it leans to)."""
        turn = [action for action, _ in ai.suggested_turn(self.game, state, seat)]
        lean = LEANINGS.get(self.game.spec.key)
        steering, self.rng = self.rng, random.Random(0)  # looking ahead draws nothing from the player's own chance
        try:
            for before, action in zip(turn, turn[1:], strict=False):
                state, _ = self.game.apply(state, seat, before)
                legal = self.game.legal_actions(state, seat)
                if not kinds_of_click(self.prompt_key(state, seat) or "", action) <= self.covered or any(
                        self._opens_new(state, seat, a) or (lean is not None and lean(self, state, seat, a))
                        for a in legal):
                    return False
        finally:
            self.rng = steering
        return self.turns.random() < TAKES_TURN

    def note(self, prompt_key: str, action: Action) -> None:
        self.covered |= kinds_of_click(prompt_key, action)

    # ---- the choice --------------------------------------------------------------------------
    def _choose(self, state, seat, key, options, suggested):
        allowed = [a for a in options if not (a.verb in GOING_BACK and self.last_verb.get(seat) in GOING_BACK)]
        allowed = allowed or options
        if key.endswith(".pay"):
            return self._pay(key, allowed, suggested)
        ahead = [a for a in allowed if self._opens_new(state, seat, a)]
        if ahead and self.rng.random() < 0.9:
            return self.rng.choice(ahead)
        lean = LEANINGS.get(self.game.spec.key)
        wanted = [a for a in allowed if lean is not None and lean(self, state, seat, a)]
        if wanted and self.rng.random() < 0.7:
            return self.rng.choice(wanted)
        if suggested is not None and suggested in allowed and self.rng.random() < 0.5:
            return suggested
        if self.rng.random() < 0.7:  # otherwise play well, to afford the charges that ask
            try:
                good = ai.policy("heuristic").choose(self.game, state, seat, self.rng)
            except EngineError:  # a game without a heuristic player
                good = None
            if good in allowed:
                return good
        calm = [a for a in allowed if a.verb not in GOING_BACK] or allowed
        return self.rng.choice(allowed if self.rng.random() < 0.05 else calm)

    def _good_place(self, state, seat, area, wanted, uncovered) -> bool:
        """A palace with a charge that asks, or a piece beside one's own: a stack of two kinds makes a later
        move ask which piece (a territory for the Informer and the spies, a palace for the Plotter)."""
        piece = self.game.prompt(state, seat).params["piece"]["key"].rsplit(".", 1)[-1]
        mine = any(s.seat == seat and not getattr(s, piece) for s in area.stacks)  # a second kind of mine there
        territory = area.kind == "territory"
        stacking = {"move.informer.piece", "move.spy.piece"} & uncovered if territory else (
            {"move.plotter.piece"} & uncovered)
        if mine and stacking:
            return True
        if territory:
            return piece != "sage" and bool(stacking) and self.rng.random() < 0.4
        return bool(wanted & set(area.charges))

    def _pay(self, key, options, suggested):
        by_suggestion = [a for a in options if a.verb == "pay"]
        piece_by_piece = [a for a in options if a.verb in ("add", "confirm")]
        want_pieces = key + PAY_PIECE_BY_PIECE not in self.covered or self.rng.random() < 0.3
        if key + PAY_BY_SUGGESTION not in self.covered and by_suggestion and not want_pieces:
            return by_suggestion[0]
        if want_pieces and piece_by_piece:
            confirm = [a for a in piece_by_piece if a.verb == "confirm"]
            adds = [a for a in piece_by_piece if a.verb == "add"]
            return confirm[0] if confirm and not adds else self.rng.choice(adds or confirm)
        return by_suggestion[0] if by_suggestion else self.rng.choice(options)

    def _opens_new(self, state, seat, action) -> bool:
        try:
            after, _ = self.game.apply(state, seat, action)
        except EngineError:
            return False
        while (forced := only_answer(self.game, after)) is not None and forced.seat == seat:
            after = forced.state  # the bot answers it for the player: what they are asked is the question after
        if seat not in self.game.active_seats(after):
            return False
        key = self.prompt_key(after, seat)
        return key is not None and key not in self.covered

    def _leans_to(self, state, seat, action) -> bool:
        """Choices that open rare questions later: the palaces and charges that ask something, fights,
        spy moves, and Sages joining one's own leader on a territory (so that a move asks which piece)."""
        verb, args = action.verb, action.args
        uncovered = {short(k) for k in step_kinds(self.game) - self.covered}
        wanted = {c for c, asks in ASKING_CHARGES.items() if any(k.startswith(asks) for k in uncovered)}
        view = self.game.view(state, seat)
        areas = {a.id: a for a in view.areas}
        if verb in ("charge", "activate"):
            return args[0] in wanted
        if verb == "do":
            area = (view.resolution.area if view.resolution else None)
            spying = area == "spies" and any(k.startswith("move.spy") for k in uncovered)
            return ("charge" in args and bool(wanted & set(areas[area].charges if area in areas else ())))\
                or ("service" in args and spying) or ("favour" in args and area in ("spies", "military", "merchant"))\
                or ("benevolence" in args and area == "caliph")
        if verb == "place":
            return self._good_place(state, seat, areas[args[0]], wanted, uncovered)
        if verb == "resolve":
            area = areas[args[0]]
            return bool(wanted & set(area.charges)) if area.kind == "palace" else bool(area.mercenaries)
        if verb == "piece":
            return args[0] == "sage"
        return verb in ("fight", "remove", "from", "to", "note", "favour")


def _yspahan_leans_to(curious: Curious, state, seat: int, action: Action) -> bool:
    """Yspahan: gather the camels or the gold one lacks (the exchange asks which way only to a player holding
    both; the camel keep and the buildings spend camels), take cards and play those not seen yet (each kind asks
    its own little questions), discard one for an extra die (keeping the building cards and the exchange), build
    with a card, move the supervisor (its cubes' owners are asked to pay a camel), pay that camel."""
    verb, args = action.verb, action.args
    view = curious.game.view(state, seat)
    me = view.players[seat]
    lacking = {slot for slot, have in (("camel", me.camels), ("gold", me.gold)) if not have}
    if verb == "play":  # the exchange waits until it can ask which way (the look-ahead plays it then)
        return args[0] != SWAP and args[0] not in view.discards
    if verb == "discard":
        return args[0] not in (*BUILD_CARDS, SWAP)
    if verb == "take":
        return args[0] in lacking
    if view.current is not None and view.current.slot in lacking and verb in ("action", "boost", "supervisor", "draw"):
        return verb == "action"
    return verb in ("cards", "boost", "supervisor", "keep", "draw") or (verb == "build" and len(args) == 2)


def _notre_dame_leans_to(player: Curious, state, seat: int, action: Action) -> bool:
    """Spend cubes and let the rats run, so that a card finds the supply empty (which cube goes there?) and the
    plague strikes a quarter with equally full buildings (which one loses a cube?); send the Jester and the
    Troubadour from where the Trusted Friend stands (move a cube or the Friend?)."""
    verb, args = action.verb, action.args
    spares = ("convent_school", "hospital", "park")  # cards that bring cubes or send the rats back
    if verb in ("play", "idle"):
        return (args[0] in spares) == (verb == "idle")
    if verb == "from":
        return state.player(seat).friend == args[0]
    return (verb, *args) in {("take", "coin"), ("pay", "jester"), ("pay", "troubadour"), ("pay", "bishop")}


# Each game's steering towards the choices that open its rare questions later (a game without one relies on
# the look-ahead alone).
LEANINGS: dict[str, Callable[[Curious, Any, int, Action], bool]] = {
    "al-rashid": Curious._leans_to, "yspahan": _yspahan_leans_to, "notre-dame": _notre_dame_leans_to}


@dataclass
class Typical(Curious):
    """A player who takes the suggestion when there is one and otherwise plays as the heuristic AI would:
    the clicks of an ordinary turn, for measuring what a turn costs."""

    def how_many(self, most: int) -> int:
        return most

    def takes_turn(self, state, seat: int) -> bool:
        return True

    def _choose(self, state, seat, key, options, suggested):
        if suggested is not None and suggested in options:
            return suggested
        good = ai.policy("heuristic").choose(self.game, state, seat, self.rng)
        return good if good in options else self.rng.choice(options)
