"""The `expert` seat: a search over sampled worlds, guided by the game's heuristic player.

A seat does not know the hidden information (the other hands, the order of the piles, the dice to come), so
the expert searches worlds it *could* be in: each game's `expert` module deals what the seat cannot see
afresh, keeping everything it has seen (`determinize`), from the seat's knowledge alone. In each world the
candidate actions are played out to the end of the match by the heuristic player in every seat, and the
action whose play-outs end best for the seat is chosen.

Why a search at the root only (determinized Monte Carlo with sequential halving) and not a deeper tree: in
Python a heuristic play-out to the end of a match costs some 0.2 s at the start, so a decision of about 2 s
affords ten to a few dozen play-outs, and a tree below the root would get one or two visits a node. Spending
that budget on telling the candidates apart is what it can buy: the heuristic ranks the legal actions, the
best few are compared on the same sampled worlds (common random numbers, so the difference between two
candidates is less the luck of the deal), and sequential halving (Karnin, Koren and Somekh, 2013) gives the
budget in rounds to the heuristic's choice and the better half of the others. The best challenger replaces
the heuristic's choice only when it did better on the same worlds by more than the noise (a paired test,
`clearly_better`): a play-out's result swings by about a whole win, and a search too short to tell two
actions apart plays as the heuristic does instead of picking among them by luck.

Where a whole match is too long to play out often enough (Notre Dame, Yspahan), a play-out may stop short of
the end: the game's `expert` module then gives `estimate`, the final scores the position promises, read the
same way for every seat, once the play-out has gone far enough (Lorentz, "Early playout termination in MCTS",
2016). Shorter play-outs afford more worlds, and the luck of the turns beyond the horizon no longer drowns the
difference.

The budget is counted in engine steps played out, not in seconds: a decision is the same whatever the load
of the machine, so a match replays exactly from its seed and a test can hold the choice to a seed. The
default budget of each game is about 2 s of one core (docs/benchmarks.md).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from engine.core import Action, Game, Malformed, Seat

CANDIDATES = 4        # the heuristic's best few actions are searched; the others are not worth a play-out
PAIRS = 3             # a challenger replaces the heuristic's choice only if it did better on this many worlds
SURE = 1.0            # ... by this many standard errors of the differences
MARGIN_SCALE = 10.0   # a lead of this many points adds about a third of a win (0.5 tanh 1)


Determinize = Callable[[Any, Seat, random.Random], Any]
# The scores a play-out from `world` promises at `state`, or None while it must go on (a game's `estimate`).
Estimate = Callable[[Game[Any], Any, Any], dict[Seat, float] | None]


def expertise_for(game: Game[Any]) -> Any:
    """The game package's `expert` module; Malformed when the game has none."""
    from engine.ai import companion  # engine.ai offers this policy

    found = companion(game, "expert")
    if found is None:
        raise Malformed("ai.no_expert", game=game.spec.title)
    return found


class ExpertPolicy:
    """Chooses by searching sampled worlds: `playout_steps` (None: the game's default) is the budget, the
    heuristic's best `candidates` actions at most are searched, and `playout` (None: the game's heuristic)
    plays every seat in the play-outs."""

    name = "expert"

    def __init__(self, playout_steps: int | None = None, candidates: int = CANDIDATES, playout: Any = None):
        self.playout_steps, self.candidates, self.playout = playout_steps, candidates, playout

    def choose(self, game: Game[Any], state: Any, seat: Seat, rng: random.Random) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        search = self.search(game, seat, random.Random(rng.getrandbits(64)))
        return search.best(state, legal, self.budget(game), self.candidates)

    def search(self, game: Game[Any], seat: Seat, rng: random.Random) -> Search:
        """A decision's search for `seat`, drawing its worlds from `rng`."""
        from engine.ai import heuristic_for  # engine.ai offers this policy

        expertise, heuristic = expertise_for(game), heuristic_for(game)
        return Search(game, seat, heuristic, self.playout or heuristic, expertise.determinize, rng,
                      getattr(expertise, "estimate", None))

    def budget(self, game: Game[Any]) -> int:
        """Engine steps played out a decision."""
        return self.playout_steps or expertise_for(game).PLAYOUT_STEPS


class Search:
    """One decision's search: worlds sampled once and shared by every candidate."""

    def __init__(self, game: Game[Any], seat: Seat, heuristic: Any, playout: Any, determinize: Determinize,
                 rng: random.Random, estimate: Estimate | None = None):
        self.game, self.seat, self.heuristic, self.policy = game, seat, heuristic, playout
        self.determinize, self.rng, self.estimate = determinize, rng, estimate
        self.worlds: list[tuple[Any, int]] = []   # (a sampled state, the seed of its play-outs)
        self.steps = 0                            # engine steps played out so far
        self.playouts = 0

    def best(self, state: Any, legal: list[Action], budget: int, candidates: int = CANDIDATES) -> Action:
        arms = self.candidates(state, legal)
        favourite = arms[0]
        rewards: dict[Action, list[float]] = {arm: [] for arm in arms}
        rewards[favourite].append(self.playout(*self.world(state, 0), favourite))
        # Sequential halving costs about two play-outs an arm: as many arms as the budget affords, two at least.
        arms = arms[:max(2, min(candidates, int(budget / (2 * self.steps))))]
        rounds = math.ceil(math.log2(len(arms)))
        for done in range(rounds):
            share = (budget - self.steps) / (rounds - done)
            per_arm = max(1, round(share / (len(arms) * self.steps / self.playouts)))
            played = min(len(rewards[arm]) for arm in arms) + per_arm   # every survivor on the same worlds
            for arm in arms:
                while len(rewards[arm]) < played:
                    rewards[arm].append(self.playout(*self.world(state, len(rewards[arm])), arm))
            challengers = sorted((a for a in arms if a != favourite), key=lambda a: -_mean(rewards[a]))
            arms = [favourite, *challengers[:max(1, math.ceil(len(arms) / 2) - 1)]]
        challenger = arms[1]
        return challenger if clearly_better(rewards[challenger], rewards[favourite]) else favourite

    def candidates(self, state: Any, legal: list[Action]) -> list[Action]:
        """The legal actions, the heuristic's best first; in their order where it has no opinion."""
        scores = self.heuristic.scores(self.game, state, self.seat, legal)
        if scores is None:
            return legal
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        return [legal[i] for i in order]

    def world(self, state: Any, index: int) -> tuple[Any, int]:
        while len(self.worlds) <= index:
            self.worlds.append((self.determinize(state, self.seat, self.rng), self.rng.getrandbits(64)))
        return self.worlds[index]

    def playout(self, world: Any, seed: int, action: Action) -> float:
        """The seat's reward for `action` in `world`, every seat then played by the play-out policy to the end,
        or to where the game's `estimate` reads the scores."""
        game, rng, estimate = self.game, random.Random(seed), self.estimate
        state, _ = game.apply(world, self.seat, action)
        steps, scores = 1, None
        while active := game.active_seats(state):
            if estimate is not None and (scores := estimate(game, world, state)) is not None:
                break
            mover = min(active)
            state, _ = game.apply(state, mover, self.policy.choose(game, state, mover, rng))
            steps += 1
        self.steps += steps
        self.playouts += 1
        if scores is None:
            outcome = game.outcome(state)
            assert outcome is not None  # nobody is asked any more: the match is over
            return reward(outcome.scores, outcome.winners(), self.seat)
        return reward(scores, [s for s, points in scores.items() if points == max(scores.values())], self.seat)


def clearly_better(challenger: list[float], favourite: list[float]) -> bool:
    """Whether the challenger beat the favourite on the same worlds by more than the noise: by `SURE` standard
    errors of the paired differences, over `PAIRS` worlds at least. A play-out's reward swings by about a win,
    so a lead from one or two worlds is luck, and the heuristic's choice stands."""
    differences = [c - f for c, f in zip(challenger, favourite, strict=False)]
    if len(differences) < PAIRS:
        return False
    mean = _mean(differences)
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (len(differences) - 1))
    return mean > SURE * spread / math.sqrt(len(differences))


def reward(scores: dict[Seat, Any], winners: list[Seat], seat: Seat) -> float:
    """A win (shared: its share) and, for a half as much, the lead over the best other seat, squashed."""
    won = 1.0 / len(winners) if seat in winners else 0.0
    others = [points for other, points in scores.items() if other != seat]
    lead = scores[seat] - max(others) if others else 0
    return won + 0.5 * math.tanh(lead / MARGIN_SCALE)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def unseen(everything: Iterable[str], *seen: Iterable[str]) -> list[str]:
    """What is left of `everything` once every component `seen` is taken out, sorted: the pool a seat deals
    hidden places from (it knows the game's components and what it has seen, not where the rest lie)."""
    left = Counter(everything)
    for each in seen:
        left.subtract(each)
    return sorted(left.elements())
