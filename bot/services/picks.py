"""Several answers in one go: a question that asks again after each answer (the engine's `Picks`: every cube
of a group, the goods taken, the tiles sent into a battle) is also offered as one multi-select, whose picks
are played as the engine's own steps, each on the question as it then stands, in an order the rules allow.
The log, the replays and /undo see those steps as if clicked one by one."""

from __future__ import annotations

from typing import Any

from engine.core import Action, EngineError, Game, Illegal, Picks

from .presenter import Choice


def pool(picks: Picks) -> list[Action]:
    """Every answer of the multi-select, an option once for each time it may be picked (at most 25)."""
    return [a for a, times in picks.options for _ in range(times)][:25]


def choices(game: Game[Any], state: Any, seat: int, picks: Picks, locale: str) -> list[Choice]:
    """The multi-select's options in words; an option offered more than once is numbered."""
    answers = pool(picks)
    out = []
    for i, a in enumerate(answers):
        label = game.describe_action(state, seat, a).text(locale)
        copies = answers.count(a)
        out.append(Choice(game.format_action(a), f"{label} ({answers[:i + 1].count(a)}/{copies})" if copies > 1 else label))
    return out


def in_order(game: Game[Any], state: Any, seat: int, chosen: list[Action], close: Action | None) -> list[Action]:
    """The chosen answers as steps in the first order the rules allow, each while the same question is still
    asked, then `close` if the question is still open. Raises the engine's refusal of the first answer no order
    allows (a souk started elsewhere and not finished, a tile of the wrong colour). The state after a set of
    answers does not depend on their order (cubes put, goods taken, tiles chosen), so a set that failed once is
    not tried again. The player's own order comes first."""
    prompt = game.prompt(state, seat)
    key = prompt.key if prompt is not None else None
    failed: set[tuple[Action, ...]] = set()
    refusal: list[EngineError] = []

    def arrange(state: Any, rest: tuple[Action, ...]) -> tuple[list[Action], Any] | None:
        """The steps in an order the rules allow, and the state after them."""
        if not rest:
            return [], state
        if tuple(sorted(rest)) in failed:
            return None
        for a in dict.fromkeys(rest):
            try:
                after, _ = game.apply(state, seat, a)
            except EngineError as error:
                refusal.append(error)
                continue
            left = list(rest)
            left.remove(a)
            asked = game.prompt(after, seat) if seat in game.active_seats(after) else None
            if left and (asked is None or asked.key != key):
                continue  # the question ended before the last pick
            found = arrange(after, tuple(left))
            if found is not None:
                return [a, *found[0]], found[1]
        failed.add(tuple(sorted(rest)))
        return None

    arranged = arrange(state, tuple(chosen))
    if arranged is None:
        raise refusal[0] if refusal else Illegal("core.not_offered", question=prompt.to_json() if prompt else "")
    steps, after = arranged
    if close is not None and close in game.legal_actions(after, seat):
        steps.append(close)
    return steps

