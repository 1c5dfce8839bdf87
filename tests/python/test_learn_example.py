# examples/learn: a table learned by self-play on GameAECEnv, played through `nim-game match` as a
# program. The judge must find it legal and accurate, and the same agent untrained (every move
# drawn at random) must fall short of the same bar, or the bar proves nothing.
import json
import shlex
import subprocess
import sys

import numpy as np
import pytest

from conftest import ROOT

LEARN = ROOT / "examples" / "learn"
STARTS = ["--heap-count", "1..3", "--max-size", "5"]
# Accuracy (kept_win / moves_from_won) the trained agent must reach. Untrained, it judges 0.30 to
# 0.53 on these starts, as the random agent does; trained for 10,000 games, 1.00.
BAR = 0.9
NO_FAULTS = {"illegal_move": 0, "bad_reply": 0, "timeout": 0, "time": 0, "exited": 0,
             "adjudicated": 0}


def train(folder, episodes, game, seed=1):
    model = folder / f"model-{episodes}-{seed}.npz"
    done = subprocess.run([sys.executable, str(LEARN / "train.py"), str(model), "--episodes",
                           str(episodes), "--seed", str(seed), *STARTS, *game],
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith(f"{episodes} games of self-play, ")
    return model


def agent_spec(model):
    return "cmd:" + shlex.join([sys.executable, str(LEARN / "agent.py"), str(model)])


def match(binary, model, opponent, game):
    """The learner's entry of the match's report, and what the agent wrote on stderr."""
    done = subprocess.run([binary, "match", agent_spec(model), opponent, "--games", "100",
                           "--seed", "3", *STARTS, *game],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["agents"][0], done.stderr


@pytest.mark.parametrize("game", [[], ["--misere"], ["--subtract", "1,2,3"]],
                         ids=["nim", "misere", "subtract"])
def test_self_play_reaches_an_accuracy_the_untrained_agent_does_not(nim_game_binary, tmp_path,
                                                                    game):
    trained = train(tmp_path, 10000, game)
    for opponent in ("random", "perfect"):
        agent, err = match(nim_game_binary, trained, opponent, game)
        assert {k: v for k, v in agent["losses_by_reason"].items() if k != "normal"} == NO_FAULTS
        assert agent["moves_from_won"] >= 50
        assert agent["accuracy"] >= BAR, (opponent, agent["accuracy"])
        # Every move came from the table; none was drawn for want of it.
        assert err.startswith("agent.py: 0 of "), err
        assert agent["values"]["moves"] == agent["moves"]
    untrained = train(tmp_path, 0, game)
    agent, err = match(nim_game_binary, untrained, "random", game)
    assert {k: v for k, v in agent["losses_by_reason"].items() if k != "normal"} == NO_FAULTS
    assert agent["moves_from_won"] >= 50
    assert agent["accuracy"] < BAR, agent["accuracy"]
    assert err == f"agent.py: {agent['moves']} of {agent['moves']} moves drawn at random, from " \
                  "positions the table does not hold\n"
    assert "values" not in agent


def test_the_same_seed_learns_the_same_table(tmp_path):
    (tmp_path / "again").mkdir()
    first, second = np.load(train(tmp_path, 300, [])), np.load(train(tmp_path / "again", 300, []))
    for key in ("meta", "states", "q"):
        assert np.array_equal(first[key], second[key])
    other = np.load(train(tmp_path, 300, [], seed=2))
    assert not np.array_equal(first["q"], other["q"])


def test_a_match_of_other_rules_is_refused(nim_game_binary, tmp_path):
    model = train(tmp_path, 0, [])
    done = subprocess.run([nim_game_binary, "match", agent_spec(model), "random", "--misere"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[0] == (
        f"agent.py: {model} was trained for the rules {{\"game\": \"nim\", \"misere\": false, "
        f"\"max_take\": null}}, not {{\"game\": \"nim\", \"misere\": true, \"max_take\": null}}")


def test_a_game_the_environment_cannot_play_is_refused(tmp_path):
    done = subprocess.run([sys.executable, str(LEARN / "train.py"), str(tmp_path / "m.npz"),
                           "--octal", "0.77"], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "train.py: an environment numbers moves as actions, (take - 1) * max_heaps + heap, which "
        "hold only moves that take from one heap and leave it whole; the octal game 0.77 has "
        "moves that split a heap or take from several\n")
    assert not (tmp_path / "m.npz").exists()


def test_a_model_that_cannot_be_read_or_written_is_refused(tmp_path):
    text, missing = str(tmp_path / "text.npz"), str(tmp_path / "none.npz")
    (tmp_path / "text.npz").write_text("{}\n")
    for model, line in ((text, f"agent.py: {text} is not a model of train.py\n"),
                        (missing, f"agent.py: cannot read {missing}: No such file or directory\n")):
        done = subprocess.run([sys.executable, str(LEARN / "agent.py"), model], input="",
                              capture_output=True, text=True)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", line)
    model = str(tmp_path / "no" / "m.npz")
    done = subprocess.run([sys.executable, str(LEARN / "train.py"), model, "--episodes", "1"],
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"train.py: cannot write {model}: No such file or directory\n")
