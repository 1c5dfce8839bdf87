# NimEnv: games against the built-in agents, played by hand, with OpenSpiel's action ids
# ((take - 1) * number of heaps + heap) and returns (+1 the winner, -1 the loser, by player id).
import numpy as np
import pytest

import nim_game


def test_legal_actions_are_openspiels():
    env = nim_game.NimEnv([1, 3, 5, 7], seed=1)
    assert env.reset().tolist() == [1, 3, 5, 7]
    # OpenSpiel's nim lists 16 moves for 1;3;5;7: take 1 from each heap (0-3), take 2 from the
    # heaps of 3, 5, 7 (5-7), and so on up to take 7 from the last heap (27).
    assert env.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 14, 15, 18, 19, 23, 27]
    capped = nim_game.NimEnv([1, 3, 5, 7], max_take=2, seed=1)
    capped.reset()
    assert capped.legal_actions() == [0, 1, 2, 3, 5, 6, 7]


def test_a_lost_game_against_the_perfect_player():
    env = nim_game.NimEnv([1, 3, 5, 7], opponent="perfect", seed=1)
    env.reset()
    observation, reward, done = env.step(0)  # take 1 from heap 0: 0 3 5 7
    assert observation.tolist() == [0, 2, 5, 7] and env.opponent_action == 1  # it takes 1 of heap 1
    assert (reward, done) == (0.0, False)
    assert env.returns() == [0.0, 0.0]
    env.step(15)  # take 4 from heap 3: 0 2 5 3; the answer leaves 0 2 1 3
    assert env.observation().tolist() == [0, 2, 1, 3]
    env.step(3)  # take 1 from heap 3: 0 2 1 2; the answer takes heap 2's object
    assert env.observation().tolist() == [0, 2, 0, 2]
    while not env.done:
        env.step(env.legal_actions()[0])
    assert env.returns() == [-1.0, 1.0]
    assert env.current_player == 0  # the learner is to move, with nothing left: it lost


def test_a_won_game_when_the_learner_plays_perfectly():
    env = nim_game.NimEnv([1, 3, 5, 6], seed=2)
    env.reset()
    observation, reward, done = env.step(0)  # take heap 0's object: 0 3 5 6, lost for the agent
    while not done:
        move = nim_game.best_moves(observation[None, :])[0]
        observation, reward, done = env.step((move[1] - 1) * 4 + move[0])
    assert reward == 1.0 and env.returns() == [1.0, -1.0]



def test_errors_and_reproducible_random_opponents():
    env = nim_game.NimEnv([2, 2], seed=5)
    with pytest.raises(ValueError, match=r"^call reset\(\) before step\(\)$"):
        env.step(0)
    env.reset()
    with pytest.raises(ValueError, match=r"^action 4 \(take 3 from heap 0\) is not legal here$"):
        env.step(4)
    with pytest.raises(ValueError, match="^action -1 is negative$"):
        env.step(-1)
    with pytest.raises(ValueError, match='^agent "best" is not one of perfect, random'):
        nim_game.NimEnv([1], opponent="best")
    with pytest.raises(ValueError, match='^opponent "cmd:cat" must be a built-in agent'):
        nim_game.NimEnv([1], opponent="cmd:cat")

    def game(opponent, seed):
        env = nim_game.NimEnv(heap_count=(2, 4), max_size=9, opponent=opponent, seed=seed)
        seen = [env.reset().tolist()]
        while not env.done:
            seen.append(env.step(env.legal_actions()[-1])[0].tolist())
        return seen, env.returns()

    for opponent in ("random", "difficulty:0.5"):
        assert game(opponent, 11) == game(opponent, 11)


def test_misere_play_and_the_second_seat():
    # 1 1 1 misère, the agent first: it takes a 1, the learner takes a 1, the agent takes the last
    # object and loses.
    env = nim_game.NimEnv([1, 1, 1], misere=True, learner=1, seed=3)
    assert env.reset().tolist().count(1) == 2
    observation, reward, done = env.step(env.legal_actions()[0])
    assert done and observation.tolist() == [0, 0, 0] and reward == 1.0
    assert env.returns() == [-1.0, 1.0]  # the agent (player 0) took the last object


@pytest.mark.parametrize("opponent", ["perfect", "random", "difficulty:0.5"])
def test_game_env_plays_as_nim_env(opponent):
    # From the same heaps and seed, GameEnv's agent answers as NimEnv's, move for move: the same
    # agents, drawing the same; with max_heaps the heap count, the action ids are OpenSpiel's.
    for learner in (0, 1):
        old = nim_game.NimEnv([2, 3, 5, 6], opponent=opponent, seed=9, learner=learner)
        new = nim_game.GameEnv([2, 3, 5, 6], opponent=opponent, learner=learner)
        observation, info = new.reset(seed=9)
        assert observation.tolist() == old.reset().tolist()
        done = False
        while not done:
            assert np.flatnonzero(info["action_mask"]).tolist() == old.legal_actions()
            action = old.legal_actions()[-1]
            observation, reward, done, _, info = new.step(action)
            old_observation, old_reward, old_done = old.step(action)
            assert observation.tolist() == old_observation.tolist()
            assert (reward, done) == (old_reward, old_done)
            if info["opponent_action"] == -1:
                assert done  # the learner's move ended the game: no answer
            else:
                assert info["opponent_action"] == old.opponent_action
