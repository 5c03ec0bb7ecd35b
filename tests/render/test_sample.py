"""`python -m render sample`: a seeded match between computer seats, drawn at telling moments."""

from __future__ import annotations

import render
from render.__main__ import main
from tests.render.conftest import png_image


def test_sample_writes_boards_and_focused_pictures_at_each_moment_a_hand_and_the_final_score(tmp_path, capsys):
    assert main(["sample", "al-rashid", "--players", "3", "--seed", "5", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    for moment in (*render.for_game("al-rashid").moments, "final"):
        for picture in ("board", "focus"):
            assert any(n.startswith(f"{picture}-") and n.endswith(f"-{moment}.png") for n in names), moment
    assert "hand.png" in names and "final.png" in names
    for name in names:
        assert png_image((tmp_path / name).read_bytes()).width >= 1000
    assert capsys.readouterr().out.count(" KB") == len(names)


def test_a_bad_seat_count_gets_one_sentence(tmp_path, capsys):
    assert main(["sample", "al-rashid", "--players", "7", "--out", str(tmp_path), "--locale", "it"]) == 2
    assert capsys.readouterr().err.strip() == "Al-Rashid si gioca da 2 a 5 giocatori, non 7."
