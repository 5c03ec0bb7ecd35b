"""The engine's command line: matches between computer seats, and recorded matches replayed.

    python -m engine simulate al-rashid --players 4 --games 20 --seed 1 --ai heuristic,random,random,random
    python -m engine simulate al-rashid --games 1 --record match.json
    python -m engine replay match.json

A match record is JSON: {"game", "seed", "seats", "params", "actions": [[seat, notation], ...]}.
Bad input ends with one sentence on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from engine.ai import RefusedMove, play_out, policies_for, replay
from engine.core import EngineError, Game, Message, get_game
from engine.core.messages import locale_of

USAGE_ERROR = 2


class GameRecord(BaseModel):
    """A game record: everything needed to replay a match exactly (the seed, the seats, the moves)."""

    game: str
    seed: int
    seats: int = Field(ge=1)
    params: dict[str, Any] = {}
    actions: list[tuple[int, str]] = []
    policies: list[str] | None = None   # who played the seats, for the reader

    def to_text(self) -> str:
        """JSON with one move per line, so a record reads (and diffs) well."""
        head = self.model_dump(exclude={"actions"}, exclude_none=True)
        moves = ",\n".join("  " + json.dumps(list(move), ensure_ascii=False) for move in self.actions)
        body = json.dumps(head, ensure_ascii=False)[:-1]
        return f'{body}, "actions": [\n{moves}\n]}}\n' if moves else f'{body}, "actions": []}}\n'


class UsageError(Exception):
    """A sentence for the user (a Message), after which the command stops with exit status 2."""

    def __init__(self, key: str, **params: Any):
        self.message = Message(key, params)
        super().__init__(key)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    locale = args.locale or _environment_locale()
    try:
        return int(args.command(args, locale))
    except (UsageError, EngineError) as error:
        print(error.message.text(locale), file=sys.stderr)
        return USAGE_ERROR


# ---- simulate ------------------------------------------------------------------------------------

def simulate(args: argparse.Namespace, locale: str) -> int:
    game = get_game(args.game)
    players = args.players or _default_players(game)
    params = _params(game, args.params)
    game.new_game(params, players, args.seed)  # a wrong seat count is refused in the game's own words
    chosen = policies_for(game, args.ai, players)
    names = [p.name for p in chosen]
    wins: Counter[int] = Counter()
    totals: Counter[int] = Counter()
    steps = 0
    elapsed = 0.0
    for number in range(1, args.games + 1):
        seed = args.seed + number - 1
        started = time.perf_counter()
        final, log = play_out(game, chosen, seed, params)
        elapsed += time.perf_counter() - started
        result = game.outcome(final)
        assert result is not None, "a match played out is over"
        steps += len(log)
        wins[result.ranking[0]] += 1
        totals.update(result.scores)
        scores = [_t(locale, "cli.seat_score", seat=_seat_name(game, s, names), score=result.scores[s])
                  for s in result.ranking]
        print(_t(locale, "cli.game_line", number=number, seed=seed, steps=len(log), scores=scores,
                 winner=_seat_name(game, result.ranking[0], names)))
        if args.record:
            record = GameRecord(game=game.spec.key, seed=seed, seats=players, params=params.model_dump(mode="json"),
                                 actions=log, policies=names)
            _record_path(Path(args.record), seed, args.games).write_text(record.to_text(), encoding="utf-8")
    games = args.games
    print(_t(locale, "cli.summary", games=games, title=game.spec.title, players=players, first=args.seed,
             last=args.seed + games - 1, steps=steps / games, rate=games / elapsed if elapsed else 0.0))
    for seat in range(players):
        print(_t(locale, "cli.seat_line", seat=_seat_name(game, seat, names), wins=wins[seat],
                 share=wins[seat] / games, mean=totals[seat] / games))
    for name in sorted(set(names)):
        seats = [s for s in range(players) if names[s] == name]
        won = sum(wins[s] for s in seats)
        print(_t(locale, "cli.policy_line", policy=name, seats=len(seats), wins=won, games=games,
                 share=won / games, fair=len(seats) / players))
    return 0


def _default_players(game: Game[Any]) -> int:
    return min(max(4, game.spec.min_seats), game.spec.max_seats)


def _params(game: Game[Any], text: str | None) -> BaseModel:
    try:
        return game.spec.params_model.model_validate(json.loads(text) if text else {})
    except (ValueError, ValidationError) as error:
        raise UsageError("cli.bad_params", game=game.spec.title, problem=_first_problem(error)) from None


def _seat_name(game: Game[Any], seat: int, names: list[str]) -> str:
    colours = game.spec.colours
    colour = colours[seat] if seat < len(colours) else f"seat {seat}"
    return f"{colour} ({names[seat]})"


def _record_path(path: Path, seed: int, games: int) -> Path:
    return path if games == 1 else path.with_name(f"{path.stem}-{seed}{path.suffix}")


# ---- replay --------------------------------------------------------------------------------------

def replay_file(args: argparse.Namespace, locale: str) -> int:
    path = Path(args.file)
    record = read_record(path)
    game = get_game(record.game)
    try:
        params = game.spec.params_model.model_validate(record.params)
        state = replay(game, record.seats, record.seed, record.actions, params)
    except ValidationError as error:
        raise UsageError("cli.bad_params", game=game.spec.title, problem=_first_problem(error)) from None
    except RefusedMove as refused:
        raise UsageError("cli.move_refused", file=str(path), number=refused.index + 1, seat=refused.seat,
                      move=refused.notation, reason=refused.error.message) from None
    result = game.outcome(state)
    report = {
        "game": game.spec.key, "seed": record.seed, "seats": record.seats, "moves": len(record.actions),
        "over": result is not None,
        "outcome": result.to_json() if result else None,
        "view": game.view(state, None).model_dump(mode="json"),
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


def read_record(path: Path) -> GameRecord:
    """Load a match record, refusing with one clear sentence when the file is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError("cli.unreadable", file=str(path), reason=error.strerror or str(error)) from None
    except UnicodeDecodeError:
        raise UsageError("cli.not_json", file=str(path), line=1, column=1) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError("cli.not_json", file=str(path), line=error.lineno, column=error.colno) from None
    try:
        return GameRecord.model_validate(data)
    except ValidationError as error:
        raise UsageError("cli.not_a_record", file=str(path), problem=_first_problem(error)) from None


def _first_problem(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(error)


# ---- plumbing ------------------------------------------------------------------------------------

def _t(locale: str, key: str, **params: Any) -> str:
    return Message(key, params).text(locale)


def _environment_locale() -> str:
    tag = os.environ.get("LC_ALL") or os.environ.get("LANG") or ""
    return locale_of(tag.split(".")[0].replace("_", "-"))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Play and replay matches.")
    parser.add_argument("--locale", help="language of the messages (en, it); default from LANG")
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    run = commands.add_parser("simulate", help="play complete matches between computer seats")
    run.add_argument("game", help="game key, e.g. al-rashid")
    run.add_argument("--players", type=int, help="number of seats (default 4, or what the game allows)")
    run.add_argument("--games", type=_positive, default=1, help="matches to play (default 1)")
    run.add_argument("--seed", type=int, default=1, help="seed of the first match; the next ones count up")
    run.add_argument("--ai", default="random",
                     help="policy of every seat (random, heuristic) or a comma list, one per seat")
    run.add_argument("--params", help="game options as JSON, e.g. '{\"heap\": 9}'")
    run.add_argument("--record", metavar="FILE",
                     help="write each match as a replayable JSON record (FILE-<seed>.json for several)")
    run.set_defaults(command=simulate)

    again = commands.add_parser("replay", help="replay a recorded match; print its public view and scores")
    again.add_argument("file", help="match record (JSON)")
    again.set_defaults(command=replay_file)
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
