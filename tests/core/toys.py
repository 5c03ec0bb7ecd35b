"""The toy game with the optional hidden-information hook, and variants that each break one promise
of the engine contract, to prove that the conformance checker catches it."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from engine.core import Action, Event, Message, Outcome
from engine.core.errors import GameOver, Malformed, NotYourTurn
from tests.support.toy_game import ToyGame, ToyState, ToyView


def clone(state: ToyState) -> ToyState:
    return replace(state, secrets=list(state.secrets), taken=list(state.taken))


class SecretToy(ToyGame):
    """The toy game plus `perturb_hidden`: another secret number for one seat, which only that seat sees."""

    def perturb_hidden(self, state, rng: random.Random):
        other = clone(state)
        seat = rng.randrange(len(state.secrets))
        other.secrets[seat] = rng.choice([v for v in range(1, 10) if v != state.secrets[seat]])
        return other, {seat}


# ---- one broken promise each: (variant, the check that must catch it) ----------------------------

class TooManyOptions(SecretToy):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions + [Action.of("take", 1, i) for i in range(25)] if actions else actions


class ShuffledOptions(SecretToy):
    calls = itertools.count()

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions[::-1] if next(self.calls) % 2 else actions


class DuplicateOptions(SecretToy):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions + actions[:1]


class OptionsForIdleSeats(SecretToy):
    def legal_actions(self, state, seat):
        return [Action.of("take", n) for n in (1, 2, 3) if n <= state.heap] if state.winner is None else []


class ActiveWithoutOptions(SecretToy):
    def legal_actions(self, state, seat):
        return [] if state.heap == 2 else super().legal_actions(state, seat)


class ChangesItsInput(SecretToy):
    def step(self, state, seat, action):
        state.taken[seat] += 0 if action.args[0] == "1" else 1
        return super().step(state, seat, action)


class NotDeterministic(SecretToy):
    calls = itertools.count()

    def step(self, state, seat, action):
        new, events = super().step(state, seat, action)
        new.taken[seat] += next(self.calls) % 2
        return new, events


class RandomSetup(SecretToy):
    def setup(self, params, seats, seed):
        return super().setup(params, seats, random.randrange(1 << 30))


class LosesDataInJson(SecretToy):
    def load_state(self, data):
        return ToyState(**{**data, "taken": [0] * len(data["taken"])})


class UnreadableNotation(SecretToy):
    def format_action(self, action):
        return ":".join((action.verb, *action.args))


class AcceptsUnoffered(SecretToy):
    """Offers 1-3 stones but the rules step takes any number up to 9 without complaint."""

    def check_form(self, action):
        if action.verb != "take" or len(action.args) != 1 or action.args[0] not in "123456789":
            raise Malformed("core.malformed")

    def step(self, state, seat, action):
        new = clone(state)
        n = int(action.args[0])
        new.heap, new.taken[seat] = max(new.heap - n, 0), new.taken[seat] + n
        if new.heap == 0:
            new.winner = seat
        else:
            new.player = (seat + 1) % len(state.secrets)
        return new, []


class CrashesOnBadInput(SecretToy):
    def check_form(self, action):
        if action.verb != "take" or len(action.args) != 1 or int(action.args[0]) not in (1, 2, 3):
            raise Malformed("core.malformed")


class IgnoresTurns(SecretToy):
    def apply(self, state, seat, action):
        if self.is_over(state):
            raise GameOver()
        action = self.parse_action(action) if isinstance(action, str) else action
        self.check_form(action)
        return self.step(state, min(max(seat, 0), len(state.secrets) - 1), action)


class ReadsBeforeTurn(SecretToy):
    def apply(self, state, seat, action):
        if isinstance(action, str):
            self.parse_action(action)
        return super().apply(state, seat, action)


class PlaysOnAfterEnd(SecretToy):
    def apply(self, state, seat, action):
        if self.is_over(state):
            return state, []
        return super().apply(state, seat, action)


class StringsPlayDifferently(SecretToy):
    def apply(self, state, seat, action):
        new, events = super().apply(state, seat, action)
        if isinstance(action, str):
            new.taken[seat] += 100
        return new, events


class EarlyOutcome(SecretToy):
    def outcome(self, state):
        if state.winner is None and state.heap > 3:
            return Outcome(scores={}, ranking=[], breakdown={})
        return super().outcome(state)


class OutcomeMissesASeat(SecretToy):
    def outcome(self, state):
        result = super().outcome(state)
        return result and Outcome({state.winner: result.scores[state.winner]}, result.ranking, result.breakdown)


class RankingIgnoresScores(SecretToy):
    def outcome(self, state):
        result = super().outcome(state)
        return result and Outcome(result.scores, sorted(result.scores, key=result.scores.get), result.breakdown)


class BreakdownDoesNotAddUp(SecretToy):
    def outcome(self, state):
        result = super().outcome(state)
        return result and Outcome(result.scores, result.ranking, {s: {"stones": 1} for s in result.scores})


class Stuck(SecretToy):
    def active_seats(self, state):
        return frozenset() if state.heap < 3 else super().active_seats(state)

    def legal_actions(self, state, seat):
        return super().legal_actions(state, seat) if seat in self.active_seats(state) else []


class NeverEnds(SecretToy):
    def step(self, state, seat, action):
        new, events = super().step(state, seat, action)
        new.heap, new.winner = 7, None
        new.player = (seat + 1) % len(state.secrets)
        return new, events


class PublicViewShowsSecrets(SecretToy):
    class View(ToyView):
        all_secrets: list[int]

    def view(self, state, seat):
        return self.View(**super().view(state, seat).model_dump(), all_secrets=state.secrets)


class SeatViewShowsNeighbour(SecretToy):
    class View(ToyView):
        neighbour: int | None

    def view(self, state, seat):
        neighbour = None if seat is None else state.secrets[(seat + 1) % len(state.secrets)]
        return self.View(**super().view(state, seat).model_dump(), neighbour=neighbour)


class OptionsRevealSecrets(SecretToy):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions[:-1] if actions and state.secrets[(seat + 1) % len(state.secrets)] > 5 else actions


class PromptRevealsSecrets(SecretToy):
    def prompt(self, state, seat):
        question = super().prompt(state, seat)
        return question and Message(question.key, {"hint": sum(state.secrets)})


class EventRevealsSecretsQuietly(SecretToy):
    def step(self, state, seat, action):
        new, events = super().step(state, seat, action)
        return new, [*events, Event("core.illegal", {"total": sum(state.secrets)})]


class PerturbsNothing(SecretToy):
    def perturb_hidden(self, state, rng):
        return clone(state), set()


class ViewIsNotAModel(SecretToy):
    def view(self, state, seat):
        return super().view(state, seat).model_dump()


class NoPrompt(SecretToy):
    def prompt(self, state, seat):
        return None


class PromptsIdleSeats(SecretToy):
    def prompt(self, state, seat):
        return Message("core.not_your_turn") if state.winner is None else None


class LabelIsText(SecretToy):
    def describe_action(self, state, seat, action):
        return f"take {action.args[0]}"


class UnknownPromptKey(SecretToy):
    def prompt(self, state, seat):
        question = super().prompt(state, seat)
        return question and Message(question.key, {"how": Message("toy.missing_key")})


class UnknownEventKey(SecretToy):
    def step(self, state, seat, action):
        new, events = super().step(state, seat, action)
        return new, [Event("toy.took_stones", {"n": action.args[0]})]


class UnknownRefusalKey(SecretToy):
    def check_form(self, action):
        if action.verb != "take":
            raise Malformed("toy.no_such_verb")
        super().check_form(action)


class UnknownTurnKey(SecretToy):
    def apply(self, state, seat, action):
        if not self.is_over(state) and seat not in self.active_seats(state):
            raise NotYourTurn("toy.wait_please")
        return super().apply(state, seat, action)


BROKEN = {
    TooManyOptions: "legal_actions",
    ShuffledOptions: "legal_actions",
    DuplicateOptions: "legal_actions",
    OptionsForIdleSeats: "legal_actions",
    ActiveWithoutOptions: "legal_actions",
    ChangesItsInput: "apply_pure",
    NotDeterministic: "apply_deterministic",
    RandomSetup: "new_game",
    LosesDataInJson: "json_round_trip",
    UnreadableNotation: "notation",
    AcceptsUnoffered: "refusals",
    CrashesOnBadInput: "refusals",
    IgnoresTurns: "not_your_turn",
    ReadsBeforeTurn: "not_your_turn",
    PlaysOnAfterEnd: "game_over",
    StringsPlayDifferently: "replay",
    EarlyOutcome: "outcome",
    OutcomeMissesASeat: "outcome",
    RankingIgnoresScores: "outcome",
    BreakdownDoesNotAddUp: "outcome",
    Stuck: "outcome",
    NeverEnds: "ends",
    PublicViewShowsSecrets: "hidden",
    SeatViewShowsNeighbour: "hidden",
    OptionsRevealSecrets: "hidden",
    PromptRevealsSecrets: "hidden",
    EventRevealsSecretsQuietly: "hidden",
    PerturbsNothing: "hidden",
    ViewIsNotAModel: "views",
    NoPrompt: "prompt",
    PromptsIdleSeats: "prompt",
    LabelIsText: "prompt",
    UnknownPromptKey: "messages",
    UnknownEventKey: "messages",
    UnknownRefusalKey: "messages",
    UnknownTurnKey: "messages",
}
