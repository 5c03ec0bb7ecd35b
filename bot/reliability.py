"""How reliably a player plays their turns, for `/stats` (as Board Game Arena shows it): turns on time, the
average time to move, and matches abandoned. Pure: computed from what storage keeps of each online match the
player sat at (whether they left it, the match's turn clock, and the first step of each of their turns). See
docs/leagues.md, "Reliability".

- A *turn* of the player is a run of consecutive steps of their seat (a turn may take several small steps).
  It *starts* at the step before it at the table (any seat's); the time to move is from then to its first step
  (storage finds these: `LeagueStorage.seats_played`). A question put to several players at once (Notre Dame's
  draft) therefore counts from the answer before theirs: the log keeps when a step was made, not when each seat
  was first asked; and a match's very first step starts no turn, since the log does not say when it began.
- A turn is *on time* when the player made it within the match's turn clock, *late* when they made it after
  (the AI had not played it yet), and *missed* when the AI played it for them because the clock ran out (an AI
  step at least a clock after the step before it). AI steps that follow at once (a seat left to the AI, the AI
  playing on at a league deadline) are no turn of theirs.
- A match is *abandoned* when the player left their seat before its end (resigned, or forfeited on the clock).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TurnStart:
    """The first step of one of the player's turns: by the AI or not, and how long after the step before it."""

    by_ai: bool
    waited: float               # seconds


@dataclass(frozen=True, slots=True)
class SeatPlayed:
    """One online match as the player sat at it."""

    left: bool                  # resigned, or forfeited on the clock
    clock_seconds: float        # the match's turn clock
    turns: Sequence[TurnStart]


@dataclass(frozen=True, slots=True)
class Reliability:
    matches: int
    abandoned: int
    on_time: int                # turns the player made within the clock
    late: int                   # turns the player made after the clock ran out (the AI had not played them yet)
    missed: int                 # turns the AI played for them when the clock ran out
    seconds_to_move: float      # summed over the turns the player made

    @property
    def turns(self) -> int:
        return self.on_time + self.late + self.missed

    @property
    def on_time_share(self) -> float | None:
        return self.on_time / self.turns if self.turns else None

    @property
    def average_seconds(self) -> float | None:
        made = self.on_time + self.late
        return self.seconds_to_move / made if made else None


def reliability(played: Iterable[SeatPlayed]) -> Reliability:
    matches = abandoned = on_time = late = missed = 0
    seconds = 0.0
    for match in played:
        matches += 1
        abandoned += match.left
        for turn in match.turns:
            if not turn.by_ai:
                seconds += turn.waited
                on_time += turn.waited <= match.clock_seconds
                late += turn.waited > match.clock_seconds
            elif turn.waited >= match.clock_seconds:
                missed += 1
    return Reliability(matches, abandoned, on_time, late, missed, seconds)
