"""`python -m engine`: simulate matches, record them, replay records; bad input gets one sentence and exit 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from engine.ai import play_out
from engine.al_rashid import GAME as AL
from engine.cli import main
from tests.support.toy_game import GAME as TOY

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    status = main(["--locale", "en", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_prints_every_game_and_a_summary(capsys):
    status, out, err = run(capsys, "simulate", "toy", "--players", "3", "--games", "4", "--seed", "10",
                           "--params", '{"heap": 15}')
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert [line.split(" (")[0] for line in lines[:4]] == ["Game 1", "Game 2", "Game 3", "Game 4"]
    assert lines[0].startswith("Game 1 (seed 10, ") and "Winner: " in lines[0]
    assert lines[4].startswith("4 games of Toy for 3 players, seeds 10 to 13: ")
    assert [line.split(":")[0] for line in lines[5:8]] == ["red (random)", "blue (random)", "green (random)"]
    assert sum(int(line.split(": ")[1].split()[0]) for line in lines[5:8]) == 4  # one winner per game
    assert lines[8].startswith("random on 3 seats: 4 wins in 4 games")


def test_simulate_speaks_italian(capsys):
    status = main(["--locale", "it", "simulate", "toy", "--games", "2"])
    out = capsys.readouterr().out
    assert status == 0 and out.startswith("Partita 1 (seme 1, ")
    assert "2 partite di Toy con 4 giocatori" in out


def test_recorded_matches_replay_to_the_printed_scores(capsys, tmp_path):
    status, out, _ = run(capsys, "simulate", "toy", "--players", "2", "--games", "3", "--seed", "5",
                         "--record", str(tmp_path / "match.json"))
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-5.json", "match-6.json", "match-7.json"]
    first_game = out.splitlines()[0]
    status, out, err = run(capsys, "replay", str(tmp_path / "match-5.json"))
    assert status == 0 and err == ""
    report = json.loads(out)
    assert report["over"] is True and report["game"] == "toy" and report["seed"] == 5
    assert report["view"]["viewer"] is None and report["view"]["secret"] is None
    winner = report["outcome"]["ranking"][0]
    colour = TOY.spec.colours[winner]
    assert f"Winner: {colour} (random)" in first_game
    assert f"{colour} (random) {report['outcome']['scores'][str(winner)]}" in first_game


def test_a_single_recorded_match_goes_to_the_named_file(capsys, tmp_path):
    path = tmp_path / "one.json"
    assert run(capsys, "simulate", "toy", "--record", str(path))[0] == 0
    record = json.loads(path.read_text())
    assert set(record) == {"game", "seed", "seats", "params", "policies", "actions"}
    assert record["seats"] == 4 and all(len(move) == 2 for move in record["actions"])


def record(tmp_path, **changes):
    data = {"game": "toy", "seed": 3, "seats": 2, "params": {"heap": 5},
            "actions": [[0, "take 2"], [1, "take 1"], [0, "take 2"]]}
    data.update(changes)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    return path


def test_a_partial_record_replays_to_the_current_position(capsys, tmp_path):
    status, out, _ = run(capsys, "replay", str(record(tmp_path, actions=[[0, "take 2"]])))
    report = json.loads(out)
    assert status == 0 and report["over"] is False and report["outcome"] is None
    assert report["view"]["heap"] == 3 and report["moves"] == 1


@pytest.mark.parametrize("content, sentence", [
    (None, "Cannot read {path}: No such file or directory."),
    ("{not json", "{path} is not valid JSON (line 1, column 2)."),
    ('{"game": "toy"}', "{path} is not a match record (seed: Field required); a record holds game, seed, "
                        "seats, params and actions."),
    ('{"game": "toy", "seed": 1, "seats": 2, "actions": [[0]]}', "{path} is not a match record (actions.0.1: "),
    ('{"game": "chess", "seed": 1, "seats": 2}', "There is no game called “chess”."),
    ('{"game": "toy", "seed": 1, "seats": 9}', "Toy is played by 2 to 4 players, not 9."),
    ('{"game": "toy", "seed": 1, "seats": 2, "params": {"heap": "lots"}}', "These are not valid options for Toy: heap: "),
    ('{"game": "toy", "seed": 1, "seats": 2, "actions": [[0, "take 1"], [0, "take 1"]]}',
     "{path}: move 2 (seat 0, “take 1”) is refused: It is not your turn: wait until the bot pings you."),
    ('{"game": "toy", "seed": 1, "seats": 2, "actions": [[0, "steal 3"]]}',
     "{path}: move 1 (seat 0, “steal 3”) is refused: I could not read that move."),
])
def test_bad_records_get_one_clear_sentence_and_exit_2(capsys, tmp_path, content, sentence):
    path = tmp_path / "match.json"
    if content is not None:
        path.write_text(content)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert err.startswith(sentence.format(path=path)) and err.count("\n") == 1


@pytest.mark.parametrize("argv, sentence", [
    (["simulate", "toy", "--ai", "clever"], "There is no computer player called “clever”. Known: expert, heuristic, random."),
    (["simulate", "toy", "--ai", "heuristic"], "Toy has no heuristic computer player yet: use “random”."),
    (["simulate", "toy", "--players", "2", "--ai", "random,random,random"],
     "Give one computer player for every seat, or one for all: 3 given for 2 seats."),
    (["simulate", "toy", "--players", "1"], "Toy is played by 2 to 4 players, not 1."),
    (["simulate", "toy", "--params", "{heap"], "These are not valid options for Toy: "),
])
def test_bad_simulations_get_one_clear_sentence_and_exit_2(capsys, argv, sentence):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(sentence) and err.count("\n") == 1


def test_the_module_runs_as_a_command_without_tracebacks(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    done = subprocess.run([sys.executable, "-m", "engine", "--locale", "en", "replay", str(bad)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"{bad} is not a match record (Input should be a valid dictionary or instance of " \
                          "GameRecord); a record holds game, seed, seats, params and actions.\n"
    done = subprocess.run([sys.executable, "-m", "engine", "simulate", "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and "--players" in done.stdout and "--record" in done.stdout


# ---- Al-Rashid ----------------------------------------------------------------------------------

def test_simulate_al_rashid_between_heuristic_and_random_seats(capsys):
    status, out, err = run(capsys, "simulate", "al-rashid", "--players", "4", "--games", "3", "--seed", "7",
                           "--ai", "heuristic,random,random,random")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith(f"Game {n} (seed {6 + n}, ") for n, line in enumerate(lines[:3], start=1))
    assert all("red (heuristic)" in line and "yellow (random)" in line for line in lines[:3])
    assert lines[3].startswith("3 games of Al-Rashid for 4 players, seeds 7 to 9: ")
    assert lines[-2].startswith("heuristic on 1 seat: ") and lines[-1].startswith("random on 3 seats: ")


def test_an_al_rashid_record_replays_to_its_final_public_view_and_scores(capsys, tmp_path):
    path = tmp_path / "al-rashid.json"
    assert run(capsys, "simulate", "al-rashid", "--players", "3", "--seed", "4", "--ai", "heuristic",
               "--record", str(path))[0] == 0
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0 and err == ""
    report = json.loads(out)
    final, log = play_out(AL, ["heuristic"] * 3, 4)
    assert report["moves"] == len(log) and report["over"] is True
    assert report["outcome"] == json.loads(json.dumps(AL.outcome(final).to_json()))
    assert report["view"] == AL.view(final, None).model_dump(mode="json")
    assert report["view"]["viewer"] is None and all(f["hand"] is None for f in report["view"]["families"])


def test_an_al_rashid_record_with_a_forbidden_move_is_refused_in_words(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "al-rashid", "seed": 4, "seats": 3, "params": {},
                                "actions": [[0, "draw green"]]}))
    status, out, err = run(capsys, "replay", str(path))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"{path}: move 1 (seat 0, “draw green”) is refused: ")
