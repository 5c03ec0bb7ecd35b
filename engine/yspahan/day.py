"""The flow of days and weeks (004, "Turno di gioco", "Fine del giorno", "Fine della settimana", "Partite con 4
giocatori") and the first player's roll ("I – Rifornimento"). `proceed` runs whenever no task is pending."""

from __future__ import annotations

from typing import Any

from engine.core.flow import task
from engine.core.game import Action
from engine.core.messages import Message
from engine.core.rng import below

from . import words as w
from .building import After
from .card_play import Play, cards_problem
from .cards import draw_card
from .city import RULES
from .flow import A, Ctx, Step
from .scoring import end_week
from .state import State
from .tower import arrange
from .turn import Choose
from .vocab import ACTIONS, OVER, ROLL, SLOTS


def final_reverse_day(s: State) -> bool:
    """4 players, last day of the last week: played in reverse order of score (004, "Partite con 4 giocatori")."""
    return s.seats == 4 and s.week == RULES.weeks and s.day == RULES.days


def reverse_order(s: State) -> list[int]:
    """Lowest score first; among equal scores, whoever sat farthest clockwise from day 6's first player first.
    (Called at the start of day 7, when the first player has already passed left.)"""
    day6_first = (s.first - 1) % s.seats
    return sorted(range(s.seats), key=lambda seat: (s.players[seat].score, -((seat - day6_first) % s.seats)))


def start_day(c: Ctx) -> None:
    s = c.s
    s.phase, s.queue, s.rolled = ROLL, [], []
    s.tower = [None] * len(SLOTS)
    if final_reverse_day(s):
        s.order = reverse_order(s)
        s.first = s.order[0]
        c.emit("reverse_order", order=[w.player(s, seat) for seat in s.order])
    else:
        s.order = [(s.first + i) % s.seats for i in range(s.seats)]
    c.emit("day_starts", week=s.week, day=s.day, player=w.player(s, s.first))
    c.touch("tower", "calendar")
    c.push(Roll(seat=s.first))


def proceed(c: Ctx) -> bool:
    """Nothing is pending: the next player's turn, or the end of the day. False once the match is over."""
    s = c.s
    if s.phase == OVER:
        return False
    if not s.queue:
        end_day(c)
        return True
    seat = s.queue.pop(0)
    if any(s.tower):
        c.push(Choose(seat=seat))
        return True
    # "Se non c'è un gruppo di dadi disponibile, il giocatore pesca la carta dalla cima del mazzo"
    c.push(After(seat=seat))
    c.emit("no_dice", player=w.player(s, seat))
    draw_card(c, seat, w.word("no_dice"))
    return True


def end_day(c: Ctx) -> None:
    s = c.s
    s.tower, s.rolled = [None] * len(SLOTS), []
    c.touch("tower", "calendar")
    if s.day == RULES.days:
        c.emit("week_ends", week=s.week)
        end_week(c)
        if s.week == RULES.weeks:
            s.phase = OVER
            c.emit("game_over")
            return
        s.week, s.day = s.week + 1, 1
    else:
        s.day += 1
    s.first = (s.first + 1) % s.seats  # the player on the left of the first player
    start_day(c)


@task
class Roll(Step):
    """The first player may buy yellow dice (1 gold each), then rolls (004, "Rifornimento")."""

    kind = "roll"

    def candidates(self, s: State) -> list[Action]:
        return [*(A("roll", n) for n in range(RULES.yellow_dice + 1)), A("cards")]

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "roll":
            too_dear = int(a.args[0]) * RULES.yellow_die_price > s.players[self.seat].gold
            return "yspahan.illegal.yellow_dice_cost" if too_dear else None
        return cards_problem(s, self.seat)

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if a.verb != "roll":
            return {}
        n = int(a.args[0])
        return {"dice": w.count("yellow_die", n), "cost": w.count("gold", n * RULES.yellow_die_price),
                "have": w.count("gold", s.players[self.seat].gold)}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        if a.verb == "cards":
            c.push(Play(seat=seat))
            return
        yellow = int(a.args[0])
        if yellow:
            s.player(seat).gold -= yellow * RULES.yellow_die_price
        rng, dice = s.rng, []
        for is_yellow in [False] * RULES.white_dice + [True] * yellow:
            rng, face = below(rng, 6)
            dice.append((face + 1, is_yellow))
        s.rng, s.rolled, s.tower = rng, [[value, int(is_yellow)] for value, is_yellow in dice], arrange(dice)
        s.phase, s.queue = ACTIONS, list(s.order)
        c.pop()
        dice.sort()
        white = " ".join([str(v) for v, y in dice if not y])
        if yellow:
            c.emit("rolled_yellow", reveals=True, player=c.who(seat), dice=white,
                   yellow=" ".join([str(v) for v, y in dice if y]), tower=w.tower(s.tower))
        else:
            c.emit("rolled", reveals=True, player=c.who(seat), dice=white, tower=w.tower(s.tower))
        c.touch("tower", f"player:{seat}")

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "gold": w.count("gold", s.players[self.seat].gold)}

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb != "roll":
            return None
        n = int(a.args[0])
        return Message("yspahan.act.roll." + ("some" if n else "none"),
                       {"dice": w.count("yellow_die", n), "cost": w.count("gold", n * RULES.yellow_die_price),
                        "white": RULES.white_dice})
