# The package's functions and NimEnv pickle, so that multiprocessing (and Dask, which pickles the
# same way) can hand them to other processes: the functions by name, an environment with its game
# and its random state, after which it plays on exactly as the original would.
import copy
import functools
import multiprocessing
import pickle

import numpy as np
import pytest

import nim_game


@pytest.mark.parametrize("name", nim_game.__all__)
def test_every_public_name_pickles_by_reference(name):
    thing = getattr(nim_game, name)
    assert f"{thing.__module__}.{thing.__qualname__}" == f"nim_game.{name}"
    assert pickle.loads(pickle.dumps(thing)) is thing


def test_the_public_names():
    assert nim_game.__all__ == ["analyse", "analyse_sum", "label", "best_moves", "positions",
                                "positions_sum", "action_ids", "moves_of_actions", "GameEnv",
                                "GameAECEnv", "GameVectorEnv", "NimEnv"]
    assert all(hasattr(nim_game, name) for name in nim_game.__all__)


def chunks():
    data = nim_game.positions(count=40_000, heap_count=(1, 6), max_size=50, seed=8)
    return np.array_split(data, 4)


@pytest.fixture(scope="module")
def pool():
    # spawn: each worker a fresh interpreter that imports nim_game itself, as Dask's workers do.
    with multiprocessing.get_context("spawn").Pool(2) as workers:
        yield workers


def test_a_pool_labels_as_this_process_does(pool):
    parts = chunks()
    for function in (nim_game.label,
                     functools.partial(nim_game.best_moves, misere=True, max_take=3, threads=1)):
        expected = [function(part).tolist() for part in parts]
        assert [a.tolist() for a in pool.map(function, parts)] == expected
    heaps = [[1, 2, 3], [2**70, 5], [4]]
    assert pool.map(nim_game.analyse, heaps) == [nim_game.analyse(h) for h in heaps]
    drawn = functools.partial(nim_game.positions, heap_count=3, max_size=9, count=5)
    assert pool.apply(drawn, kwds=dict(seed=4)).tolist() == drawn(seed=4).tolist()


def random_env(**kwargs):
    # Drawn starts and a random opponent: every reset() and every answer draws from its generator.
    return nim_game.NimEnv(heap_count=(2, 5), max_size=12, opponent="difficulty:0.5", seed=21,
                           **kwargs)


def play(env, moves):
    """Makes `moves` moves by the first legal action, a reset() counting as one (before the first
    game and after each end; a game under way goes on), returning everything the environment shows
    and the environment itself."""
    seen = []
    for _ in range(moves):
        if env.done or not env.legal_actions():
            seen.append(("reset", env.reset().tolist(), env.opponent_action))
        else:
            observation, reward, done = env.step(env.legal_actions()[0])
            seen.append((observation.tolist(), reward, done, env.opponent_action))
        seen.append((env.legal_actions(), env.returns(), env.current_player, env.done))
    return seen, env


def copies(env):
    return [pickle.loads(pickle.dumps(env)), copy.deepcopy(env), copy.copy(env)]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_every_protocol_pickles_an_environment(protocol):
    env = random_env()
    play(env, 3)
    copied = pickle.loads(pickle.dumps(env, protocol=protocol))
    assert play(copied, 8)[0] == play(env, 8)[0]


@pytest.mark.parametrize("learner", [0, 1])
def test_a_copy_plays_on_as_the_original_does(learner):
    env = random_env(learner=learner, misere=learner == 1, max_take=4)
    fresh = copies(env)  # before the first reset
    played = play(env, 7)[0]
    assert [play(c, 7)[0] for c in fresh] == [played] * 3
    for steps in (1, 3, 10):  # mid-game, after its end, in a later game
        later = copies(env)
        shown = (21, learner, env.opponent_action, env.current_player, env.done,
                 env.observation().tolist())
        assert [(c.seed, c.learner, c.opponent_action, c.current_player, c.done,
                 c.observation().tolist()) for c in later] == [shown] * 3
        expected = play(env, steps)[0]
        assert [play(c, steps)[0] for c in later] == [expected] * 3


def test_a_drawn_seed_is_kept():
    env = nim_game.NimEnv(heap_count=3, max_size=100, opponent="random")
    assert env.seed < 2**53
    assert pickle.loads(pickle.dumps(env)).seed == env.seed
    assert nim_game.NimEnv([1], seed=2**64 - 1).seed == 2**64 - 1


def test_an_environment_through_a_pool(pool):
    envs = [random_env(learner=1), nim_game.NimEnv([3, 4, 5], opponent="random", seed=7)]
    for env in envs:
        play(env, 4)  # mid-game
    expected = [play(copy.deepcopy(env), 9) for env in envs]
    results = pool.starmap(play, [(env, 9) for env in envs])
    assert [seen for seen, _ in results] == [seen for seen, _ in expected]
    # The environments come back as they ended, and play on as the ones played here.
    assert [play(env, 5)[0] for _, env in results] == [play(env, 5)[0] for _, env in expected]


def altered(env, **items):
    """The env's pickled state with some items replaced, named by their index: _1=..."""
    state = list(env.__getstate__())
    for index, value in items.items():
        state[int(index[1:])] = value
    return tuple(state)


FIXED = nim_game.NimEnv([1, 2], seed=1)
DRAWN = nim_game.NimEnv(heap_count=(1, 3), max_size=5, seed=1)


@pytest.mark.parametrize("state", [
    (), (2,), (2,) + (0,) * 14, (1,) * 15, ("1",) + (0,) * 14,
    altered(FIXED, _0=2),  # another layout's version
    altered(FIXED, _1=[]),  # no heaps to start from
    altered(FIXED, _1=[2**63]),  # a heap beyond int64
    altered(DRAWN, _2=(0, 3)), altered(DRAWN, _2=(3, 2)), altered(DRAWN, _2=(1, 2**20 + 1)),
    altered(DRAWN, _3=(5, 4)), altered(DRAWN, _3=(0, 2**63)),
    altered(FIXED, _4=3), altered(FIXED, _4=-1),  # no such agent
    altered(FIXED, _5=1.5),  # a chance beyond 1
    altered(FIXED, _7=0),  # a cap of 0
    altered(FIXED, _10=2), altered(FIXED, _12=-1),  # no such player
    altered(FIXED, _11=[2**63, 1]),
])
def test_a_state_that_is_not_a_nim_envs_is_a_value_error(state):
    env = nim_game.NimEnv.__new__(nim_game.NimEnv)  # as pickle.loads makes one
    with pytest.raises(ValueError) as error:
        env.__setstate__(state)
    assert str(error.value) == "not the pickled state of a NimEnv"


def test_the_states_altered_above_are_read_when_unaltered():
    for env in (FIXED, DRAWN):
        copied = nim_game.NimEnv.__new__(nim_game.NimEnv)
        copied.__setstate__(altered(env))
        assert copied.reset().tolist() == env.reset().tolist()
